// The native replay toolchain of this build (clang-14, include/,
// runtime/replay.c, llvm-symbolizer), from tests/e2e/CMakeLists.txt; the
// environment plays no part, so tests replay with what was configured.
#pragma once

#include "cosmo/report/NativeBuild.h"

namespace cosmo::e2e {

report::NativeToolchain defaultNativeToolchain();

/// Whether this machine can start i386 programs: a kernel built without
/// IA-32 emulation refuses them ("Exec format error") even with every
/// -m32 package installed. Tests that run -m32 builds skip without it;
/// a -m32 build that fails to compile or link still fails them.
bool canRunIlp32Programs();

inline constexpr const char *kNoIlp32Execution =
    "this machine cannot start i386 programs (no IA-32 emulation)";

} // namespace cosmo::e2e
