#include "cosmo/report/Subprocess.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace cosmo::report {
namespace {

ProcessResult
shell(const std::string &script,
      std::chrono::seconds timeout = std::chrono::seconds(10),
      std::vector<std::pair<std::string, std::string>> environment = {}) {
  return runProcess(
      {{"/bin/sh", "-c", script}, std::move(environment), timeout, {}, {}});
}

TEST(Subprocess, CapturesStdoutStderrAndExitCode) {
  ProcessResult result = shell("echo out; echo err >&2; exit 3");
  EXPECT_EQ(result.ending, ProcessResult::Ending::Exited);
  EXPECT_EQ(result.exitCode, 3);
  EXPECT_EQ(result.out, "out\n");
  EXPECT_EQ(result.err, "err\n");
  EXPECT_EQ(describeEnding(result), "exited with code 3");
}

TEST(Subprocess, ReportsTheKillingSignal) {
  ProcessResult result = shell("kill -FPE $$");
  EXPECT_EQ(result.ending, ProcessResult::Ending::Signaled);
  EXPECT_EQ(result.signal, SIGFPE);
}

TEST(Subprocess, KillsTheWholeProcessGroupOnTimeout) {
  auto start = std::chrono::steady_clock::now();
  ProcessResult result = shell("echo started; sleep 30 & sleep 30; echo never",
                               std::chrono::seconds(1));
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(result.ending, ProcessResult::Ending::TimedOut);
  EXPECT_EQ(result.out, "started\n");
  EXPECT_LT(elapsed, std::chrono::seconds(5))
      << "the background sleep kept the pipes open";
}

TEST(Subprocess, PassesExtraEnvironment) {
  ProcessResult result =
      shell("printf %s \"$COSMO_E2E_TEST_VARIABLE\"", std::chrono::seconds(10),
            {{"COSMO_E2E_TEST_VARIABLE", "a value"}});
  EXPECT_EQ(result.out, "a value");
}

TEST(Subprocess, MissingProgramFailsToStart) {
  ProcessResult result =
      runProcess({{"/nonexistent/cosmo"}, {}, std::chrono::seconds(5), {}, {}});
  EXPECT_EQ(result.ending, ProcessResult::Ending::FailedToStart);
  EXPECT_NE(result.err.find("/nonexistent/cosmo"), std::string::npos)
      << result.err;
}

// A file the kernel cannot execute (a 32-bit program where the kernel has
// no 32-bit support gives the same ENOEXEC) fails to start: it is not
// handed to the shell as a script, whose own error would look like a run
// that completed.
TEST(Subprocess, AFileTheKernelCannotExecuteFailsToStart) {
  namespace fs = std::filesystem;
  fs::path file = fs::temp_directory_path() /
                  ("cosmo-not-a-program-" + std::to_string(::getpid()));
  std::ofstream(file, std::ios::binary) << std::string("\x7f" "ELF\x01\x01\x01", 7)
                                        << std::string(64, '\0');
  fs::permissions(file, fs::perms::owner_all);
  ProcessResult result =
      runProcess({{file.string()}, {}, std::chrono::seconds(5), {}, {}});
  fs::remove(file);
  EXPECT_EQ(result.ending, ProcessResult::Ending::FailedToStart)
      << describeEnding(result);
  EXPECT_NE(result.err.find(file.string()), std::string::npos) << result.err;
}

TEST(Subprocess, RunsInTheWorkingDirectory) {
  ProcessResult result =
      runProcess({{"pwd"}, {}, std::chrono::seconds(5), "/tmp", {}});
  EXPECT_EQ(result.out, "/tmp\n");
}

TEST(Subprocess, CommandLineQuotesWhereNeeded) {
  EXPECT_EQ(commandLine({"cosmo", "check", "--out=/tmp/a b", "p.c"}),
            "cosmo check '--out=/tmp/a b' p.c");
}

} // namespace
} // namespace cosmo::report
