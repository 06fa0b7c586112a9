//===- cosmo/report/ScopedTempDir.h - a work directory ----------*- C++ -*-===//
//
// A fresh directory under the system temporary directory, removed with
// everything in it when the object dies, unless keep() was called (to leave
// the work files of a native replay, or the evidence of a failed test).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_SCOPEDTEMPDIR_H
#define COSMO_REPORT_SCOPEDTEMPDIR_H

#include <llvm/Support/Error.h>

#include <filesystem>
#include <string_view>

namespace cosmo::report {

class ScopedTempDir {
public:
  /// Creates `<tmp>/<prefix>-XXXXXX`.
  static llvm::Expected<ScopedTempDir> create(std::string_view prefix);

  ScopedTempDir(ScopedTempDir &&other) noexcept;
  ScopedTempDir &operator=(ScopedTempDir &&other) noexcept;
  ScopedTempDir(const ScopedTempDir &) = delete;
  ScopedTempDir &operator=(const ScopedTempDir &) = delete;
  ~ScopedTempDir();

  const std::filesystem::path &path() const { return path_; }
  void keep() { keep_ = true; }
  bool kept() const { return keep_; }

private:
  explicit ScopedTempDir(std::filesystem::path path) : path_(std::move(path)) {}
  void removeUnlessKept();

  std::filesystem::path path_; // empty once moved from
  bool keep_ = false;
};

} // namespace cosmo::report

#endif // COSMO_REPORT_SCOPEDTEMPDIR_H
