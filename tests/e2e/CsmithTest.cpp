// Random programs from csmith (Debian's csmith, headers from libcsmith-dev),
// generated here with fixed seeds: each runs natively for its checksum, then
// cosmo must compute the same checksum on the program's one concrete path.
// A stub printf (--stubs) receives the checksum the program prints and calls
// reach_error() exactly when it equals the native one, so the expected
// outcome is one `assert` error in the stub and nothing else: a wrong value,
// a cut path or a second path all fail the test. Some seeds run in both
// data models (native -m32 against cosmo -m32).
//
// `csmith/Calls/...`: the verdict and errors are the same in every --calls
// mode (the README's promise), on smaller pointer-heavy programs with
// globals (issue 19's generator options): each runs under inline, replay,
// summary and smart, each must report the checksum error and nothing else,
// within its --timeout, and every mode's outcome must be inline's.
#include "CliFixture.h"
#include "NativeToolchain.h"

#include "cosmo/report/Subprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <ostream>
#include <regex>
#include <set>
#include <tuple>

namespace fs = std::filesystem;
using namespace cosmo::e2e;

namespace {

constexpr const char *kCsmithInclude = "/usr/include/csmith";

constexpr const char *kChecksumStub = R"(#include <stdarg.h>
extern void reach_error(void);
/* csmith's only printf call: printf("checksum = %X\n", crc). */
int printf(const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  unsigned crc = va_arg(ap, unsigned);
  va_end(ap);
  if (crc == COSMO_EXPECTED_CHECKSUM)
    reach_error();
  return 0;
}
)";

struct CsmithCase {
  unsigned seed;
  bool ilp32;
};

class CsmithFixture : public CliFixture {
protected:
  ProcessResult run(std::vector<std::string> argv, int seconds = 60) {
    cosmo::report::ProcessRequest r;
    r.argv = std::move(argv);
    r.workingDirectory = dir_.path();
    r.timeout = std::chrono::seconds(seconds);
    return cosmo::report::runProcess(r);
  }

  /// Generates prog.c from `seed` (with csmith's `options`), runs it
  /// natively (with `model`, e.g. -m32) and writes checksum.c; sets
  /// `checksum` to the native one as a C literal. Fails the test (check
  /// with HasFatalFailure) when a step does.
  void prepare(unsigned seed, const std::vector<std::string> &options,
               const std::vector<std::string> &model, std::string &checksum) {
    std::vector<std::string> gen = {"csmith", "--seed", std::to_string(seed)};
    gen.insert(gen.end(), options.begin(), options.end());
    gen.insert(gen.end(), {"-o", "prog.c"});
    ProcessResult g = run(gen);
    ASSERT_EQ(g.exitCode, 0) << "csmith (Debian package csmith) failed: "
                             << g.err;
    std::vector<std::string> native = {COSMO_CLANG, "-w", "-I", kCsmithInclude,
                                       "prog.c", "-o", "prog"};
    native.insert(native.end(), model.begin(), model.end());
    ProcessResult build = run(native, 120);
    ASSERT_EQ(build.exitCode, 0) << build.err;
    ProcessResult nativeRun = run({(dir_.path() / "prog").string()});
    ASSERT_EQ(nativeRun.exitCode, 0) << nativeRun.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(nativeRun.out, m,
                                  std::regex("checksum = ([0-9A-F]+)")))
        << nativeRun.out;
    checksum = "0x" + m[1].str() + "u";
    write("checksum.c", kChecksumStub);
  }

  /// `cosmo check` of prog.c against `checksum` into `out`, with `extra`
  /// options before the file.
  ProcessResult check(const std::string &out, const std::string &checksum,
                      const std::vector<std::string> &extra,
                      int seconds = 300) {
    std::vector<std::string> args = {"check", "-q", "--out=" + out, "-I",
                                     kCsmithInclude, "--stubs=checksum.c"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.insert(args.end(),
                {"prog.c", "--", "-DCOSMO_EXPECTED_CHECKSUM=" + checksum});
    return cosmo(args, seconds);
  }
};

class CsmithTest : public CsmithFixture,
                   public ::testing::WithParamInterface<CsmithCase> {};

TEST_P(CsmithTest, CosmoComputesTheNativeChecksum) {
  unsigned seed = GetParam().seed;
  std::vector<std::string> model;
  if (GetParam().ilp32) {
    if (!canRunIlp32Programs())
      GTEST_SKIP() << kNoIlp32Execution;
    model = {"-m32"};
  }
  std::string checksum;
  prepare(seed, {}, model, checksum);
  if (HasFatalFailure())
    return;
  ProcessResult r = check("out", checksum, model);
  nlohmann::json rep = report("out");
  EXPECT_EQ(rep["data_model"], GetParam().ilp32 ? "ILP32" : "LP64");
  ASSERT_EQ(r.exitCode, 1) << "native checksum " << checksum << "\n"
                           << r.err << rep.dump(2).substr(0, 2000);
  ASSERT_EQ(rep["errors"].size(), 1u);
  EXPECT_EQ(rep["errors"][0]["kind"], "assert");
  EXPECT_EQ(fs::path(rep["errors"][0]["file"].get<std::string>()).filename(),
            "checksum.c");
  EXPECT_EQ(rep["stats"]["paths_errored"], 1);
  EXPECT_EQ(rep["stats"]["paths_completed"], 0);
  EXPECT_EQ(rep["stats"]["paths_cut"], 0);
}

/// What a run found: verdict, errors (kind, file name, line), paths.
struct Outcome {
  std::string verdict;
  std::set<std::tuple<std::string, std::string, int>> errors;
  int completed = -1, errored = -1, cut = -1;
  bool operator==(const Outcome &) const = default;
};

std::ostream &operator<<(std::ostream &os, const Outcome &o) {
  os << o.verdict << ", errors {";
  for (const auto &[kind, file, line] : o.errors)
    os << " " << kind << " " << file << ":" << line;
  return os << " }, paths " << o.completed << "/" << o.errored << "/" << o.cut
            << " (completed/errored/cut)";
}

Outcome outcomeOf(const nlohmann::json &rep) {
  Outcome o;
  o.verdict = rep.value("verdict", "");
  for (const nlohmann::json &e : rep.value("errors", nlohmann::json::array()))
    o.errors.insert({e["kind"].get<std::string>(),
                     fs::path(e["file"].get<std::string>()).filename(),
                     e["line"].get<int>()});
  const nlohmann::json &st = rep.value("stats", nlohmann::json::object());
  o.completed = st.value("paths_completed", -1);
  o.errored = st.value("paths_errored", -1);
  o.cut = st.value("paths_cut", -1);
  return o;
}

class CsmithCallsTest : public CsmithFixture,
                        public ::testing::WithParamInterface<unsigned> {};

TEST_P(CsmithCallsTest, EveryCallsModeFindsWhatInlineFinds) {
  std::string checksum;
  prepare(GetParam(),
          {"--no-volatiles", "--no-packed-struct", "--max-funcs", "4",
           "--max-block-depth", "3", "--max-array-len-per-dim", "6"},
          {}, checksum);
  if (HasFatalFailure())
    return;
  Outcome expected;
  for (const char *calls : {"inline", "replay", "summary", "smart"}) {
    std::string out = std::string("out-") + calls;
    // Inline decides these in about a second: every mode must end within
    // its --timeout (plus the front end), whatever its isolated runs do.
    ProcessResult r = check(out, checksum,
                            {std::string("--calls=") + calls, "--timeout=60"},
                            /*seconds=*/120);
    if (r.ending != ProcessResult::Ending::Exited) {
      ADD_FAILURE() << "--calls=" << calls
                    << (r.ending == ProcessResult::Ending::TimedOut
                            ? " did not end within 120 s"
                            : " ended by signal " + std::to_string(r.signal))
                    << ": " << r.err.substr(0, 2000);
      continue;
    }
    Outcome o = outcomeOf(report(out));
    if (std::string(calls) == "inline") {
      // The native checksum on the one path: one error, in the stub.
      expected = o;
      ASSERT_EQ(o.verdict, "false") << o << "\n" << r.err;
      ASSERT_EQ(o.errors.size(), 1u) << o;
      EXPECT_EQ(std::get<0>(*o.errors.begin()), "assert") << o;
      EXPECT_EQ(std::get<1>(*o.errors.begin()), "checksum.c") << o;
      EXPECT_EQ(o.cut, 0) << o;
      continue;
    }
    EXPECT_EQ(o, expected) << "--calls=" << calls << " against inline";
  }
}

std::vector<CsmithCase> cases(std::vector<unsigned> seeds, bool ilp32) {
  std::vector<CsmithCase> out;
  for (unsigned s : seeds)
    out.push_back({s, ilp32});
  return out;
}

std::string caseName(const ::testing::TestParamInfo<CsmithCase> &info) {
  return "seed" + std::to_string(info.param.seed);
}

INSTANTIATE_TEST_SUITE_P(LP64, CsmithTest,
                         ::testing::ValuesIn(cases({COSMO_CSMITH_SEEDS}, false)),
                         caseName);
INSTANTIATE_TEST_SUITE_P(ILP32, CsmithTest,
                         ::testing::ValuesIn(cases({COSMO_CSMITH_SEEDS_ILP32},
                                                   true)),
                         caseName);
INSTANTIATE_TEST_SUITE_P(
    Calls, CsmithCallsTest,
    ::testing::ValuesIn(std::vector<unsigned>{COSMO_CSMITH_CALLS_SEEDS}),
    [](const ::testing::TestParamInfo<unsigned> &info) {
      return "seed" + std::to_string(info.param);
    });

} // namespace
