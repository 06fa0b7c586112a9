#include "NativeProgram.h"

#include "TextUtil.h"

#include <fmt/format.h>

#include <algorithm>

namespace cosmo::e2e {

namespace {

constexpr std::chrono::seconds compileTimeout{120};

bool anyCheckMentions(const std::vector<std::string> &checks, std::string_view name) {
  return std::any_of(checks.begin(), checks.end(), [&](const std::string &value) {
    return value.find(name) != std::string::npos;
  });
}

void compile(const std::vector<std::string> &argv) {
  ProcessResult result = runProcess({argv, {}, compileTimeout, {}});
  if (result.ending == ProcessResult::Ending::Exited && result.exitCode == 0)
    return;
  throw NativeBuildError(fmt::format("native build failed ({}):\n  {}\n{}", describeEnding(result),
                                     commandLine(argv),
                                     indentLines(abbreviate(result.out + result.err))));
}

} // namespace

std::vector<std::string> checkOptionValues(const std::vector<std::string> &runArgs) {
  std::vector<std::string> values;
  for (std::size_t i = 0; i < runArgs.size(); ++i) {
    if (runArgs[i].starts_with("--check="))
      values.push_back(runArgs[i].substr(8));
    else if (runArgs[i] == "--check" && i + 1 < runArgs.size())
      values.push_back(runArgs[i + 1]);
  }
  return values;
}

std::vector<std::string> nativeSanitizerFlags(const std::vector<std::string> &runArgs) {
  std::vector<std::string> checks = checkOptionValues(runArgs);
  std::vector<std::string> flags = {"-g", "-O0", "-no-pie", "-fsanitize=address,undefined",
                                    "-fno-sanitize-recover=all", "-w"};
  if (!anyCheckMentions(checks, "overflow"))
    flags.push_back("-fno-sanitize=signed-integer-overflow");
  if (!anyCheckMentions(checks, "shift"))
    flags.push_back("-fno-sanitize=shift");
  return flags;
}

std::filesystem::path buildNativeProgram(const NativeToolchain &toolchain,
                                         const std::filesystem::path &program,
                                         const std::vector<std::string> &runArgs,
                                         const std::filesystem::path &workDir) {
  std::vector<std::string> flags = nativeSanitizerFlags(runArgs);
  std::filesystem::path runtimeObject = workDir / "replay-runtime.o";
  std::filesystem::path executable = workDir / (program.stem().string() + ".native");

  std::vector<std::string> runtimeCommand = {toolchain.clang.string()};
  runtimeCommand.insert(runtimeCommand.end(), flags.begin(), flags.end());
  runtimeCommand.insert(runtimeCommand.end(), {"-c", toolchain.replayRuntime.string(), "-o",
                                               runtimeObject.string()});
  compile(runtimeCommand);

  std::vector<std::string> programCommand = {toolchain.clang.string()};
  programCommand.insert(programCommand.end(), flags.begin(), flags.end());
  programCommand.insert(programCommand.end(),
                        {"-finstrument-functions", "-I", toolchain.includeDir.string(),
                         program.string(), runtimeObject.string(), "-lm", "-o",
                         executable.string()});
  compile(programCommand);
  return executable;
}

ProcessResult runNativeProgram(const NativeToolchain &toolchain,
                               const std::filesystem::path &executable,
                               const std::filesystem::path &replayFile,
                               std::chrono::seconds timeout) {
  ProcessRequest request;
  request.argv = {executable.string()};
  request.environment = {{"COSMO_REPLAY_FILE", replayFile.string()},
                         {"ASAN_OPTIONS", "detect_leaks=0"},
                         {"ASAN_SYMBOLIZER_PATH", toolchain.symbolizer.string()},
                         {"COSMO_REPLAY_SYMBOLIZER", toolchain.symbolizer.string()}};
  request.timeout = timeout;
  request.workingDirectory = replayFile.parent_path();
  return runProcess(request);
}

} // namespace cosmo::e2e
