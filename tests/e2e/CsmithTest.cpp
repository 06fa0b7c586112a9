// Random programs from csmith (Debian's csmith, headers from libcsmith-dev),
// generated here with fixed seeds: each runs natively for its checksum, then
// cosmo must compute the same checksum on the program's one concrete path.
// A stub printf (--stubs) receives the checksum the program prints and calls
// reach_error() exactly when it equals the native one, so the expected
// outcome is one `assert` error in the stub and nothing else: a wrong value,
// a cut path or a second path all fail the test. Some seeds run in both
// data models (native -m32 against cosmo -m32).
#include "CliFixture.h"
#include "NativeToolchain.h"

#include "cosmo/report/Subprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <regex>

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

class CsmithTest : public CliFixture,
                   public ::testing::WithParamInterface<CsmithCase> {
protected:
  ProcessResult run(std::vector<std::string> argv, int seconds = 60) {
    cosmo::report::ProcessRequest r;
    r.argv = std::move(argv);
    r.workingDirectory = dir_.path();
    r.timeout = std::chrono::seconds(seconds);
    return cosmo::report::runProcess(r);
  }
};

TEST_P(CsmithTest, CosmoComputesTheNativeChecksum) {
  unsigned seed = GetParam().seed;
  std::vector<std::string> model;
  if (GetParam().ilp32) {
    if (!canRunIlp32Programs())
      GTEST_SKIP() << kNoIlp32Execution;
    model = {"-m32"};
  }
  ProcessResult gen = run({"csmith", "--seed", std::to_string(seed), "-o",
                           "prog.c"});
  ASSERT_EQ(gen.exitCode, 0) << "csmith (Debian package csmith) failed: "
                             << gen.err;
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
  std::string checksum = "0x" + m[1].str() + "u";

  write("checksum.c", kChecksumStub);
  std::vector<std::string> args = {"check", "-q", "--out=out", "-I",
                                   kCsmithInclude, "--stubs=checksum.c",
                                   "prog.c"};
  args.insert(args.end(), model.begin(), model.end());
  args.insert(args.end(), {"--", "-DCOSMO_EXPECTED_CHECKSUM=" + checksum});
  ProcessResult r = cosmo(args, 300);
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

} // namespace
