// NativeToolchain: what it takes to build and run a program natively with the
// replay runtime. The defaults come from the build (compile definitions).
#pragma once

#include <filesystem>

namespace cosmo::e2e {

struct NativeToolchain {
  std::filesystem::path clang;         // clang-14
  std::filesystem::path includeDir;    // include/ (cosmo.h, klee/klee.h)
  std::filesystem::path replayRuntime; // runtime/replay.c
  std::filesystem::path symbolizer;    // llvm-symbolizer-14, for ASan and the runtime
};

NativeToolchain defaultNativeToolchain();

} // namespace cosmo::e2e
