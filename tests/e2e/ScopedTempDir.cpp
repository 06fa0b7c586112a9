#include "ScopedTempDir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>

namespace cosmo::e2e {

ScopedTempDir::ScopedTempDir(std::string_view prefix) {
  std::string pattern =
      (std::filesystem::temp_directory_path() / (std::string(prefix) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data()))
    throw std::runtime_error("cannot create a temporary directory " + pattern + ": " +
                             std::strerror(errno));
  path_ = pattern;
}

ScopedTempDir::~ScopedTempDir() {
  if (keep_)
    return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

} // namespace cosmo::e2e
