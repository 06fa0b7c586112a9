#include "NativeToolchain.h"

#if !defined(COSMO_E2E_CLANG) || !defined(COSMO_E2E_INCLUDE_DIR) ||              \
    !defined(COSMO_E2E_RUNTIME_DIR) || !defined(COSMO_E2E_SYMBOLIZER)
#error "tests/e2e/CMakeLists.txt defines the COSMO_E2E_* tool paths"
#endif

namespace cosmo::e2e {

report::NativeToolchain defaultNativeToolchain() {
  return {COSMO_E2E_CLANG, COSMO_E2E_INCLUDE_DIR, std::string(COSMO_E2E_RUNTIME_DIR) + "/replay.c",
          COSMO_E2E_SYMBOLIZER};
}

} // namespace cosmo::e2e
