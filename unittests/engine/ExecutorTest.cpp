//===- ExecutorTest.cpp - exploring small C programs end to end -----------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/engine/Searcher.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include "../CProgramFiles.h"

#include <fstream>
#include <set>
#include <string>
#include <utility>

using namespace cosmo;
using engine::ErrorKind;
using engine::Verdict;

namespace {

using unittest::CollectingListener;

const char *kPrelude = "extern int __VERIFIER_nondet_int(void);\n";

class ExecutorTest : public ::testing::Test {
protected:
  /// Compiles `body` (after a one-line prelude, so body line n is line n+1).
  std::unique_ptr<llvm::Module> compile(const std::string &body) {
    return files_.compile(body, ctx_, fo_);
  }

  engine::RunSummary run(llvm::Module &m, engine::EngineOptions eo,
                         CollectingListener &l) {
    if (eo.timeoutSeconds == 0)
      eo.timeoutSeconds = 60; // a safety net, never reached when all is well
    engine::Executor ex(m, eo, l);
    if (llvm::Error e = ex.prepare()) {
      ADD_FAILURE() << llvm::toString(std::move(e));
      return {};
    }
    return ex.run({});
  }

  unittest::CProgramFiles files_{kPrelude};
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions fo_ = unittest::testFrontendOptions();
};

TEST_F(ExecutorTest, DivisionByNondetZero) {
  auto m = compile("int main(void) {\n"                  // 2
                   "  int x = __VERIFIER_nondet_int();\n" // 3
                   "  int y = 100 / x;\n"                 // 4
                   "  return y;\n"                        // 5
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
  ASSERT_EQ(l.errors.size(), 1u);
  ASSERT_EQ(s.errors.size(), 1u);
  const engine::ErrorReport &e = l.errors[0];
  EXPECT_EQ(e.kind, ErrorKind::DivByZero);
  EXPECT_EQ(e.location.line, 4u);
  EXPECT_EQ(e.location.function, "main");
  EXPECT_EQ(e.test.outcome, "error");
  ASSERT_TRUE(e.test.errorKind.has_value());
  EXPECT_EQ(*e.test.errorKind, ErrorKind::DivByZero);
  ASSERT_EQ(e.test.inputs.size(), 1u);
  const engine::TestInput &in = e.test.inputs[0];
  EXPECT_EQ(in.source, "nondet");
  EXPECT_EQ(in.function, "__VERIFIER_nondet_int");
  ASSERT_EQ(in.bytes.size(), 4u);
  for (uint8_t b : in.bytes)
    EXPECT_EQ(b, 0);
  // The other side (x != 0) completes.
  EXPECT_EQ(l.completed.size(), 1u);
  EXPECT_EQ(s.stats.pathsErrored, 1u);
}

TEST_F(ExecutorTest, SafeProgramIsTrueWithThreePaths) {
  auto m = compile("int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  if (x > 10) return 1;\n"
                   "  int y = __VERIFIER_nondet_int();\n"
                   "  if (y < x) return 2;\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  EXPECT_TRUE(l.errors.empty());
  EXPECT_EQ(l.completed.size(), 3u);
  EXPECT_EQ(s.stats.pathsCompleted, 3u);
  EXPECT_EQ(s.stats.pathsCut, 0u);
  for (const auto &t : l.completed) {
    EXPECT_EQ(t.outcome, "completed");
    EXPECT_FALSE(t.errorKind.has_value());
  }
}

TEST_F(ExecutorTest, PathLimitGivesUnknown) {
  auto m = compile("int main(void) {\n"
                   "  int n = 0;\n"
                   "  while (__VERIFIER_nondet_int()) n++;\n"
                   "  return n;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.maxPaths = 3;
  // DFS keeps following the loop's back edge and never completes a path;
  // BFS completes one path per iteration, so the path limit is what stops it.
  eo.search = engine::SearchStrategy::BFS;
  eo.timeoutSeconds = 20;
  engine::RunSummary s = run(*m, eo, l);
  EXPECT_EQ(s.verdict, Verdict::Unknown) << s.reason;
  EXPECT_NE(s.reason.find("path limit"), std::string::npos) << s.reason;
  EXPECT_NE(s.reason.find("3"), std::string::npos) << s.reason;
  EXPECT_GE(l.completed.size(), 1u);
  EXPECT_TRUE(l.errors.empty());
  EXPECT_LT(s.stats.wallSeconds, 10.0);
}

// docs/cli.md: --max-paths=N "stop after N completed or errored paths".
TEST_F(ExecutorTest, PathLimitIsHonouredExactly) {
  auto m = compile("int main(void) {\n"
                   "  int n = 0;\n"
                   "  while (__VERIFIER_nondet_int()) n++;\n"
                   "  return n;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.maxPaths = 3;
  eo.tests = engine::TestPolicy::All; // a test per path, to count them
  eo.search = engine::SearchStrategy::BFS;
  eo.timeoutSeconds = 20;
  engine::RunSummary s = run(*m, eo, l);
  EXPECT_EQ(s.verdict, Verdict::Unknown) << s.reason;
  EXPECT_EQ(l.completed.size() + l.errors.size(), 3u);
  EXPECT_EQ(s.stats.pathsCompleted + s.stats.pathsErrored, 3u);
}

// --inputs=shaped: a pointer parameter points to a valid object.
TEST_F(ExecutorTest, ShapedPointerArgumentIsNeverNull) {
  auto m = compile("int f(int *p) {\n"
                   "  return *p;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.entry = "f";
  engine::RunSummary s = run(*m, eo, l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  EXPECT_TRUE(l.errors.empty());
}

TEST_F(ExecutorTest, EntryWithPointerArgumentFindsNullDeref) {
  auto m = compile("int f(int *p) {\n"
                   "  return *p;\n" // 3
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.entry = "f";
  eo.inputs = engine::InputShapes::Any;
  engine::RunSummary s = run(*m, eo, l);
  EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_EQ(l.errors[0].kind, ErrorKind::NullDeref);
  EXPECT_EQ(l.errors[0].location.line, 3u);
  EXPECT_EQ(l.errors[0].location.function, "f");
  // The non-null side reads input memory and completes.
  EXPECT_GE(l.completed.size(), 1u);
}

TEST_F(ExecutorTest, PrepareRejectsMissingEntry) {
  auto m = compile("int g(int a) { return a; }\n"
                   "int main(void) { return g(1); }\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.entry = "no_such_function";
  engine::Executor ex(*m, eo, l);
  llvm::Error e = ex.prepare();
  ASSERT_TRUE(bool(e));
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("no_such_function"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not defined"), std::string::npos) << msg;
  EXPECT_NE(msg.find("main"), std::string::npos) << msg; // lists candidates
}

TEST_F(ExecutorTest, EverySearchStrategyFindsTheSameErrors) {
  const char *prog = "#include <cosmo.h>\n"                // 2
                     "int main(void) {\n"                  // 3
                     "  int x = __VERIFIER_nondet_int();\n" // 4
                     "  int y = __VERIFIER_nondet_int();\n" // 5
                     "  if (x > 5) {\n"                     // 6
                     "    if (y == 3) return 10 / (x - y - 3);\n" // 7
                     "    return 1;\n"                      // 8
                     "  }\n"                                // 9
                     "  cosmo_assert(x != -4);\n"           // 10
                     "  return 0;\n"                        // 11
                     "}\n";
  std::set<std::pair<ErrorKind, unsigned>> expected = {
      {ErrorKind::DivByZero, 7}, {ErrorKind::Assert, 10}};
  for (auto strategy :
       {engine::SearchStrategy::DFS, engine::SearchStrategy::BFS,
        engine::SearchStrategy::RandomPath, engine::SearchStrategy::Coverage}) {
    SCOPED_TRACE(static_cast<int>(strategy));
    auto m = compile(prog);
    ASSERT_TRUE(m);
    CollectingListener l;
    engine::EngineOptions eo;
    eo.search = strategy;
    eo.seed = 7;
    engine::RunSummary s = run(*m, eo, l);
    EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
    std::set<std::pair<ErrorKind, unsigned>> found;
    for (const auto &e : l.errors)
      found.insert({e.kind, e.location.line});
    EXPECT_EQ(found, expected);
    EXPECT_EQ(l.errors.size(), 2u);
  }
}

// float and double are computed exactly (expr/FloatOps.h): 2^24 + 1 does
// not survive a float, and the comparison of a double splits the inputs.
TEST_F(ExecutorTest, FloatAndDoubleAreComputedExactly) {
  auto m = compile("int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  float f = x;\n"
                   "  if (x == 16777217 && (int)f != x)\n"
                   "    reach_error();\n"
                   "  double d = x;\n"
                   "  if (d > 1.5)\n"
                   "    return 1;\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.tests = engine::TestPolicy::All;
  engine::RunSummary s = run(*m, eo, l);
  EXPECT_EQ(s.verdict, Verdict::False) << s.reason;
  ASSERT_EQ(l.errors.size(), 1u);
  EXPECT_EQ(l.errors[0].location.line, 6u); // the helper's prelude is line 1
  EXPECT_EQ(l.completed.size(), 2u); // d > 1.5 and d <= 1.5
}

TEST_F(ExecutorTest, LongDoubleIsUnknownNamingIt) {
  auto m = compile("int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  long double d = x;\n"
                   "  return d > 1.5;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::Unknown) << s.reason;
  EXPECT_NE(s.reason.find("long double"), std::string::npos) << s.reason;
}

// printf computes the length of its conversions without branching on the
// arguments (libc/format.c): symbolic integers do not fork the path.
TEST_F(ExecutorTest, PrintfOfSymbolicIntegersRunsOnOnePath) {
  auto m = compile("#include <stdio.h>\n"
                   "int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int();\n"
                   "  long y = __VERIFIER_nondet_int();\n"
                   "  int n = printf(\"%d|%-8ld|%#x|%+.3d|%c\\n\", x, y, x,\n"
                   "                 x, x);\n"
                   "  return n > 0 ? 0 : 1;\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  EXPECT_EQ(s.stats.pathsCompleted, 1u);
}

// i386 passes variadic arguments in 4-byte slots (8 for long long) and its
// va_list is a pointer: the program's own variadic function, va_copy, and
// the ILP32 libc's sprintf read them back.
TEST_F(ExecutorTest, VariadicCallsOnI386) {
  fo_.clangFlags.push_back("-m32");
  fo_.modelsBitcodeILP32 = COSMO_TEST_MODELS_ILP32;
  auto m = compile(
      "#include <stdarg.h>\n"
      "#include <stdio.h>\n"
      "#include <string.h>\n"
      "void reach_error(void);\n"
      "static long long sum(int n, ...) {\n"
      "  va_list ap, again;\n"
      "  va_start(ap, n);\n"
      "  va_copy(again, ap);\n"
      "  long long s = va_arg(ap, int);\n"
      "  s += va_arg(ap, long long);\n"
      "  s += *va_arg(ap, int *);\n"
      "  s += va_arg(again, int);\n"
      "  va_end(ap);\n"
      "  va_end(again);\n"
      "  return s;\n"
      "}\n"
      "int main(void) {\n"
      "  int x = __VERIFIER_nondet_int(), k = 7;\n"
      "  if (sum(3, x, 1LL << 40, &k) != 2LL * x + (1LL << 40) + 7)\n"
      "    reach_error();\n"
      "  char b[40];\n"
      "  int n = sprintf(b, \"%d|%lld|%s|%u\", -12, -(1LL << 40), \"s\", 9u);\n"
      "  if (n != 22 || strcmp(b, \"-12|-1099511627776|s|9\") != 0)\n"
      "    reach_error();\n"
      "  return 0;\n"
      "}\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->getDataLayout().getPointerSizeInBits(), 32u);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::True) << s.reason;
  EXPECT_TRUE(l.errors.empty());
}

TEST_F(ExecutorTest, StructByValueToVariadicFunctionIsUnknown) {
  auto m = compile("#include <stdarg.h>\n"
                   "struct big { long a, b, c; };\n"
                   "static long first(int n, ...) {\n"
                   "  va_list ap;\n"
                   "  va_start(ap, n);\n"
                   "  struct big v = va_arg(ap, struct big);\n"
                   "  va_end(ap);\n"
                   "  return v.a;\n"
                   "}\n"
                   "int main(void) {\n"
                   "  struct big v = {1, 2, 3};\n"
                   "  return (int)first(1, v);\n"
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::RunSummary s = run(*m, {}, l);
  EXPECT_EQ(s.verdict, Verdict::Unknown) << s.reason;
  EXPECT_NE(s.reason.find("struct passed by value to variadic function"),
            std::string::npos)
      << s.reason;
}

/// At the first path end of the exploration it watches, runs the program
/// from its entry as an exploration of its own.
class RunsTheProgramAtAPathEnd : public engine::ExecutionHooks {
public:
  explicit RunsTheProgramAtAPathEnd(engine::Executor &x) : x_(x) {}
  bool onPathEnd(engine::ExecutionState &, const engine::PathEnd &) override {
    if (ran_)
      return false;
    ran_ = true;
    engine::ExplorationBounds bounds;
    bounds.what = "the nested run";
    engine::Exploration nested(
        engine::createSearcher(engine::SearchStrategy::DFS, 0,
                               [](const engine::ExecutionState &) {
                                 return false;
                               }),
        bounds);
    x_.exploreFrom(nested, [&] { return x_.initialState(); });
    nestedStopped = nested.stopped();
    return false;
  }
  bool nestedStopped = false;

private:
  engine::Executor &x_;
  bool ran_ = false;
};

TEST_F(ExecutorTest, AnExplorationsInstructionBoundCountsItsOwnPathsOnly) {
  // `paths` forks once and runs 2,000 or 3,000 iterations on its paths;
  // between them a nested exploration runs main's 100,000. Those are not
  // `paths`' own instructions: `paths` ends within its bound.
  auto m = compile("int paths(void) {\n"                         // 2
                   "  unsigned s = 0;\n"                          // 3
                   "  if (__VERIFIER_nondet_int())\n"             // 4
                   "    for (unsigned i = 0; i < 2000; i++)\n"    // 5
                   "      s += i;\n"                              // 6
                   "  else\n"                                     // 7
                   "    for (unsigned i = 0; i < 3000; i++)\n"    // 8
                   "      s += 2 * i;\n"                          // 9
                   "  return (int)(s & 1);\n"                     // 10
                   "}\n"                                          // 11
                   "int main(void) {\n"                           // 12
                   "  unsigned s = 0;\n"                          // 13
                   "  for (unsigned i = 0; i < 100000; i++)\n"    // 14
                   "    s += i;\n"                                // 15
                   "  return (int)(s & 1);\n"                     // 16
                   "}\n");
  ASSERT_TRUE(m);
  CollectingListener l;
  engine::EngineOptions eo;
  eo.timeoutSeconds = 60;
  engine::Executor ex(*m, eo, l);
  if (llvm::Error e = ex.prepare()) {
    FAIL() << llvm::toString(std::move(e));
  }
  RunsTheProgramAtAPathEnd nesting(ex);
  std::string why = "not run";
  ex.run({}, [&] {
    engine::ExplorationBounds bounds;
    bounds.what = "the run of paths";
    bounds.maxInstructions = 100000;
    engine::Exploration outer(
        engine::createSearcher(engine::SearchStrategy::DFS, 0,
                               [](const engine::ExecutionState &) {
                                 return false;
                               }),
        bounds);
    outer.hooks = {&nesting};
    ex.exploreFrom(outer,
                   [&] { return ex.makeStateAt(*m->getFunction("paths")); });
    why = outer.why();
  });
  EXPECT_FALSE(nesting.nestedStopped);
  EXPECT_EQ(why, "") << why;
  EXPECT_GT(ex.summary().stats.instructions, 100000u);
}

} // namespace
