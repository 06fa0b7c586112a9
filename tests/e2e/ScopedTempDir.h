// ScopedTempDir: a fresh directory under the system temp dir, removed on
// destruction unless keep() was called (to leave evidence of a failure).
#pragma once

#include <filesystem>
#include <string_view>

namespace cosmo::e2e {

class ScopedTempDir {
public:
  // Throws std::runtime_error if the directory cannot be created.
  explicit ScopedTempDir(std::string_view prefix);
  ~ScopedTempDir();
  ScopedTempDir(const ScopedTempDir &) = delete;
  ScopedTempDir &operator=(const ScopedTempDir &) = delete;

  const std::filesystem::path &path() const { return path_; }
  void keep() { keep_ = true; }
  bool kept() const { return keep_; }

private:
  std::filesystem::path path_;
  bool keep_ = false;
};

} // namespace cosmo::e2e
