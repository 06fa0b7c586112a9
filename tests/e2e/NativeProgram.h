// NativeProgram: a program under test compiled natively with sanitizers and
// runtime/replay.c, and run on one replay file.
//
//   clang-14 -g -O0 -no-pie -fsanitize=address,undefined
//            -fno-sanitize-recover=all [-fno-sanitize=signed-integer-overflow]
//            [-fno-sanitize=shift] -w ...
// The program gets -finstrument-functions (so the runtime sees calls to
// reach_error); the runtime does not. Signed overflow and shift checks stay
// on only when the RUN options ask cosmo for them (`--check=...overflow...`,
// `--check=...shift...`), since cosmo reports them only then.
#pragma once

#include "NativeToolchain.h"
#include "Subprocess.h"

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace cosmo::e2e {

// The values of every `--check=V` / `--check V` among `runArgs`.
std::vector<std::string> checkOptionValues(const std::vector<std::string> &runArgs);

// The flags shared by the program and the runtime.
std::vector<std::string> nativeSanitizerFlags(const std::vector<std::string> &runArgs);

class NativeBuildError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Builds `program` into `workDir`; returns the executable. Throws
// NativeBuildError with the command and the compiler's output.
std::filesystem::path buildNativeProgram(const NativeToolchain &toolchain,
                                         const std::filesystem::path &program,
                                         const std::vector<std::string> &runArgs,
                                         const std::filesystem::path &workDir);

// Runs `executable` with COSMO_REPLAY_FILE=`replayFile`, leak checks off.
ProcessResult runNativeProgram(const NativeToolchain &toolchain,
                               const std::filesystem::path &executable,
                               const std::filesystem::path &replayFile,
                               std::chrono::seconds timeout = std::chrono::seconds(10));

} // namespace cosmo::e2e
