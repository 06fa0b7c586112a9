// The native replay toolchain of this build (clang-14, include/,
// runtime/replay.c, llvm-symbolizer), from tests/e2e/CMakeLists.txt; the
// environment plays no part, so tests replay with what was configured.
#pragma once

#include "cosmo/report/NativeBuild.h"

namespace cosmo::e2e {

report::NativeToolchain defaultNativeToolchain();

} // namespace cosmo::e2e
