// CliFixture: a test that runs the real `cosmo` binary (COSMO_CLI_BINARY) in a
// fresh directory, writes input files there and reads what cosmo wrote.
#pragma once

#include "TempDir.h"

#include "cosmo/report/Subprocess.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#ifndef COSMO_CLI_BINARY
#error "tests/e2e/CMakeLists.txt defines COSMO_CLI_BINARY"
#endif

namespace cosmo::e2e {

/// A correct program with one loop whose trip count is an input: proved
/// through the invariant s == 2 * i once the loop is summarised.
inline constexpr const char *kCountingLoop =
    "extern unsigned __VERIFIER_nondet_uint(void);\n"
    "extern void reach_error(void);\n"
    "int main(void) {\n"
    "  unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;\n"
    "  while (i < n) { i++; s += 2; }\n"
    "  if (s != 2 * i) reach_error();\n"
    "  return 0;\n"
    "}\n";

class CliFixture : public ::testing::Test {
protected:
  using ProcessResult = report::ProcessResult;
  using Environment = std::vector<std::pair<std::string, std::string>>;

  std::filesystem::path write(const std::string &name, const std::string &text) {
    std::filesystem::path p = dir_.path() / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p;
  }
  std::string read(const std::filesystem::path &file) {
    std::ifstream in(dir_.path() / file);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  ProcessResult cosmo(std::vector<std::string> args, int timeoutSeconds = 60,
                      Environment environment = {}) {
    report::ProcessRequest r;
    r.argv = {COSMO_CLI_BINARY};
    r.argv.insert(r.argv.end(), args.begin(), args.end());
    r.timeout = std::chrono::seconds(timeoutSeconds);
    r.workingDirectory = dir_.path();
    r.environment = std::move(environment);
    return report::runProcess(r);
  }
  /// The completed paths of `cosmo check ARGS --out=OUT FILE`, whose
  /// verdict must be true.
  int provedPaths(const std::string &file, std::vector<std::string> args,
                  const std::string &out) {
    args.insert(args.begin(), "check");
    args.push_back("--out=" + out);
    args.push_back(file);
    ProcessResult r = cosmo(args, 120);
    EXPECT_EQ(r.ending, ProcessResult::Ending::Exited) << r.err;
    nlohmann::json rep = report(dir_.path() / out);
    EXPECT_EQ(rep["verdict"], "true") << rep["reason"];
    return rep["stats"]["paths_completed"].get<int>();
  }
  /// Configures the CMake project in `source` into `build` (both under the
  /// test directory) with C compiler `cc`: build/compile_commands.json.
  ProcessResult configureCMake(const std::string &source,
                               const std::string &build, const char *cc) {
    report::ProcessRequest r;
    r.argv = {"cmake", "-S", (dir_.path() / source).string(), "-B",
              (dir_.path() / build).string(),
              std::string("-DCMAKE_C_COMPILER=") + cc};
    r.timeout = std::chrono::seconds(120);
    return report::runProcess(r);
  }
  nlohmann::json report(const std::filesystem::path &out) {
    std::ifstream in(dir_.path() / out / "report.json");
    EXPECT_TRUE(in.good()) << "no report.json in " << out;
    return in ? nlohmann::json::parse(in) : nlohmann::json{};
  }
  static size_t lines(const std::string &s) {
    return static_cast<size_t>(std::count(s.begin(), s.end(), '\n'));
  }
  /// The last line of `s`, without its newline (--svcomp's answer).
  static std::string finalLine(const std::string &s) {
    std::string t = s;
    while (!t.empty() && t.back() == '\n')
      t.pop_back();
    size_t nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
  }

  report::ScopedTempDir dir_ = makeTempDir("cosmo-cli");
};

} // namespace cosmo::e2e
