// A check as a library call (issue 43): what `cosmo check` does, with no
// command line, terminal or process of its own.
#include "cosmo/driver/CheckSession.h"

#include "../CProgramFiles.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

namespace cosmo::driver {
namespace {

namespace fs = std::filesystem;

/// Counts what an observer is told.
class CountingObserver : public CheckObserver {
public:
  void onError(const engine::ErrorReport &) override { ++errors; }
  void onRunFinished() override { ++runs; }
  unsigned errors = 0, runs = 0;
};

class CheckSessionTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-driver", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Options of a check of `text` (written to NAME.c), its output in
  /// OUT/NAME.
  CheckOptions optionsFor(const std::string &name, const std::string &text) {
    std::string file = dir_ + "/" + name + ".c";
    std::ofstream(file) << text;
    CheckOptions o;
    o.installation = unittest::testFrontendOptions();
    o.inputs = {file};
    o.outDir = dir_ + "/out-" + name;
    o.engine.timeoutSeconds = 60;
    EXPECT_EQ(o.summary.resolve(o.engine), std::nullopt);
    return o;
  }

  std::string dir_;
};

TEST_F(CheckSessionTest, FindsTheErrorWithItsInputAndWritesTheOutput) {
  CheckOptions o = optionsFor("div", R"(#include <cosmo.h>
int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  if (x > 10 && x < 13)
    return 100 / (x - 12);
  return 0;
}
)");
  CountingObserver observer;
  CheckSession session(o, &observer);
  auto result = session.run();
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->summary.verdict, engine::Verdict::False);
  ASSERT_EQ(result->summary.errors.size(), 1u);
  const engine::ErrorReport &e = result->summary.errors[0];
  EXPECT_EQ(e.kind, engine::ErrorKind::DivByZero);
  EXPECT_EQ(e.location.line, 6u);
  ASSERT_EQ(e.test.inputs.size(), 1u);
  EXPECT_EQ(e.test.inputs[0].name, "x");
  EXPECT_EQ(observer.errors, 1u);
  EXPECT_EQ(observer.runs, 1u);
  EXPECT_EQ(result->outDir, o.outDir);
  EXPECT_TRUE(fs::exists(o.outDir + "/report.json"));
  EXPECT_TRUE(result->replays.empty()); // no --confirm
}

// Seed 003: each contract is verified once, in a run of its own, and the
// runs' results are the check's.
TEST_F(CheckSessionTest, VerifiesEachContractInARunOfItsOwn) {
  CheckOptions o = optionsFor("contracts", R"(
/*@ requires 0 <= x && x < 1000;
    assigns \nothing;
    ensures \result == x + 1;
*/
int inc(int x) { return x + 1; }

/*@ requires 0 <= x && x < 1000;
    assigns \nothing;
    ensures \result == 2 * x;
*/
int twice(int x) { return x + x + (x == 7); }
)");
  CountingObserver observer;
  CheckSession session(o, &observer);
  auto result = session.run();
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  std::map<std::string, engine::Verdict> verdicts;
  for (const summary::ContractResult &c : result->summary.contracts)
    verdicts[c.function] = c.verdict;
  EXPECT_EQ(verdicts, (std::map<std::string, engine::Verdict>{
                          {"inc", engine::Verdict::True},
                          {"twice", engine::Verdict::False}}));
  EXPECT_EQ(result->summary.verdict, engine::Verdict::False);
  ASSERT_EQ(result->summary.errors.size(), 1u);
  EXPECT_EQ(result->summary.errors[0].kind, engine::ErrorKind::Postcondition);
  EXPECT_EQ(observer.runs, 2u); // no main: the two contracts' runs alone

  // Annotations ignored: nothing to verify, and no main to run.
  o.contracts = ContractMode::Ignore;
  o.outDir += "-ignored";
  auto ignored = CheckSession(o).run();
  ASSERT_FALSE(static_cast<bool>(ignored));
  EXPECT_NE(llvm::toString(ignored.takeError()).find("main"),
            std::string::npos);
}

TEST_F(CheckSessionTest, InputThatCannotBeAnalysedIsAnErrorValue) {
  CheckOptions missing = optionsFor("ok", "int main(void) { return 0; }\n");
  missing.inputs = {dir_ + "/no-such-file.c"};
  auto r1 = CheckSession(missing).run();
  ASSERT_FALSE(static_cast<bool>(r1));
  EXPECT_NE(llvm::toString(r1.takeError()).find("no-such-file.c"),
            std::string::npos);

  CheckOptions svcomp = optionsFor("sv", "int f(int x) { return x; }\n");
  svcomp.svcomp = true;
  svcomp.engine.entry = "f";
  auto r2 = CheckSession(svcomp).run();
  ASSERT_FALSE(static_cast<bool>(r2));
  EXPECT_EQ(llvm::toString(r2.takeError()),
            "--svcomp analyses main (drop --entry)");

  CheckOptions confirm = optionsFor("confirm", "int main(void) { return 0; }\n");
  confirm.confirm = true; // and no toolchain
  auto r3 = CheckSession(confirm).run();
  ASSERT_FALSE(static_cast<bool>(r3));
  EXPECT_NE(llvm::toString(r3.takeError()).find("toolchain"),
            std::string::npos);
}

// An interrupt that comes while no analysis runs is kept: the analyses
// after it stop at once, and what they found is still a result.
TEST_F(CheckSessionTest, AnInterruptStopsTheAnalysesAfterIt) {
  CheckOptions o = optionsFor("spin", R"(#include <cosmo.h>
int main(void) {
  unsigned n, s = 0;
  cosmo_symbolic(&n, sizeof n, "n");
  for (unsigned i = 0; i < n; ++i)
    s += i % 3 == 2;
  return s == 1000000;
}
)");
  o.engine.timeoutSeconds = 600;
  CheckSession session(o);
  EXPECT_FALSE(session.interrupt()); // nothing runs yet
  auto result = session.run();
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->summary.verdict, engine::Verdict::Unknown);
  EXPECT_NE(result->summary.reason.find("interrupted"), std::string::npos)
      << result->summary.reason;
  EXPECT_LT(result->summary.stats.wallSeconds, 60.0);
  EXPECT_TRUE(fs::exists(o.outDir + "/report.json"));
}

// SV-COMP's property is decided at the first reach_error: the run stops
// there, though the loop has paths without end. Errors of other kinds
// (the division) do not decide it and do not stop the run.
TEST_F(CheckSessionTest, SvcompStopsAtTheFirstViolation) {
  CheckOptions o = optionsFor("first", R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  int q = d == 3 ? 100 / (d - 3) : 0;
  int n = 0;
  while (__VERIFIER_nondet_int()) {
    ++n;
    if (n == 4 && __VERIFIER_nondet_int() == 9)
      reach_error();
  }
  return q;
}
)");
  o.svcomp = true;
  o.engine.timeoutSeconds = 20; // without the stop: unknown reasons of time
  auto result = CheckSession(o).run();
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->svcompAnswer, "FALSE");
  const auto &errors = result->summary.errors;
  EXPECT_EQ(std::count_if(errors.begin(), errors.end(),
                          [](const engine::ErrorReport &e) {
                            return e.kind == engine::ErrorKind::Assert;
                          }),
            1);
  // The paths left are cut for that reason.
  const auto &why = result->summary.unknownReasons;
  EXPECT_TRUE(std::any_of(why.begin(), why.end(), [](const std::string &r) {
    return r.find("first failed assertion") != std::string::npos;
  }));
}

// --max-errors=N: the run reports N of the program's errors and stops;
// without it, it reports every one.
TEST_F(CheckSessionTest, MaxErrorsStopsTheRunAtItsCount) {
  const char *text = R"(#include <cosmo.h>
int main(void) {
  int x, a[4] = {0};
  cosmo_symbolic(&x, sizeof x, "x");
  if (x == 1) return 1 / (x - 1);
  if (x == 2) return a[x + 5];
  if (x == 3) cosmo_assert(0);
  return 0;
}
)";
  CheckOptions every = optionsFor("every", text);
  auto all = CheckSession(every).run();
  ASSERT_TRUE(static_cast<bool>(all)) << llvm::toString(all.takeError());
  EXPECT_EQ(all->summary.errors.size(), 3u);
  for (uint64_t n : {1u, 2u}) {
    CheckOptions o = optionsFor("max" + std::to_string(n), text);
    o.engine.maxErrors = n;
    auto some = CheckSession(o).run();
    ASSERT_TRUE(static_cast<bool>(some)) << llvm::toString(some.takeError());
    EXPECT_EQ(some->summary.errors.size(), n);
    EXPECT_EQ(some->summary.verdict, engine::Verdict::False);
  }
}

} // namespace
} // namespace cosmo::driver
