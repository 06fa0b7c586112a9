#include "NativeToolchain.h"

#include "cosmo/report/Subprocess.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

#if !defined(COSMO_E2E_CLANG) || !defined(COSMO_E2E_INCLUDE_DIR) ||              \
    !defined(COSMO_E2E_RUNTIME_DIR) || !defined(COSMO_E2E_SYMBOLIZER) ||          \
    !defined(COSMO_E2E_RUNTIME_CACHE)
#error "tests/e2e/CMakeLists.txt defines the COSMO_E2E_* tool paths"
#endif

namespace cosmo::e2e {

report::NativeToolchain defaultNativeToolchain() {
  return {COSMO_E2E_CLANG, COSMO_E2E_INCLUDE_DIR, std::string(COSMO_E2E_RUNTIME_DIR) + "/replay.c",
          COSMO_E2E_SYMBOLIZER, COSMO_E2E_RUNTIME_CACHE};
}

bool canRunIlp32Programs() {
  static const bool canRun = [] {
    namespace fs = std::filesystem;
    fs::path dir = fs::temp_directory_path() /
                   ("cosmo-ilp32-probe-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "probe.c") << "int main(void) { return 7; }\n";
    report::ProcessRequest build;
    build.argv = {COSMO_E2E_CLANG, "-m32", (dir / "probe.c").string(), "-o",
                  (dir / "probe").string()};
    report::ProcessResult built = report::runProcess(build);
    bool runs = true; // a failed build is for the tests to report
    if (built.ending == report::ProcessResult::Ending::Exited &&
        built.exitCode == 0) {
      report::ProcessRequest probe;
      probe.argv = {(dir / "probe").string()};
      report::ProcessResult ran = report::runProcess(probe);
      runs = ran.ending == report::ProcessResult::Ending::Exited &&
             ran.exitCode == 7;
    }
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    return runs;
  }();
  return canRun;
}

} // namespace cosmo::e2e
