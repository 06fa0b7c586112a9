//===- ScopedTempDir.cpp - mkdtemp and remove_all -------------------------===//

#include "cosmo/report/ScopedTempDir.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>

namespace cosmo::report {

llvm::Expected<ScopedTempDir> ScopedTempDir::create(std::string_view prefix) {
  std::error_code ec;
  std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
  if (ec)
    tmp = "/tmp";
  std::string pattern = (tmp / (std::string(prefix) + "-XXXXXX")).string();
  if (!mkdtemp(pattern.data())) {
    int error = errno;
    return llvm::createStringError(
        std::error_code(error, std::generic_category()),
        "cannot create a temporary directory %s: %s", pattern.c_str(),
        std::strerror(error));
  }
  return ScopedTempDir(std::filesystem::path(pattern));
}

ScopedTempDir::ScopedTempDir(ScopedTempDir &&other) noexcept
    : path_(std::move(other.path_)), keep_(other.keep_) {
  other.path_.clear();
}

ScopedTempDir &ScopedTempDir::operator=(ScopedTempDir &&other) noexcept {
  if (this != &other) {
    removeUnlessKept();
    path_ = std::move(other.path_);
    keep_ = other.keep_;
    other.path_.clear();
  }
  return *this;
}

ScopedTempDir::~ScopedTempDir() { removeUnlessKept(); }

void ScopedTempDir::removeUnlessKept() {
  if (keep_ || path_.empty())
    return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

} // namespace cosmo::report
