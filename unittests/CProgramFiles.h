//===- CProgramFiles.h - C programs compiled for a test ---------*- C++ -*-===//
//
// Writes each program a test compiles to its own file in a temporary
// directory (removed with the object) and loads it through the frontend;
// CollectingListener keeps what a run of one reports.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_CPROGRAMFILES_H
#define COSMO_UNITTESTS_CPROGRAMFILES_H

#include "cosmo/engine/Results.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>

namespace cosmo::unittest {

#if defined(COSMO_TEST_INCLUDE_DIR) && defined(COSMO_TEST_MODELS)
/// Cosmo's headers and C library models, as the test target names them.
inline frontend::FrontendOptions testFrontendOptions() {
  frontend::FrontendOptions fo;
  fo.includeDirs.push_back(COSMO_TEST_INCLUDE_DIR);
  fo.modelsBitcode = COSMO_TEST_MODELS;
  return fo;
}
#endif

class CProgramFiles {
public:
  /// Every program starts with `prelude` (its lines shift the body's).
  explicit CProgramFiles(std::string prelude) : prelude_(std::move(prelude)) {
    llvm::SmallString<128> d;
    if (llvm::sys::fs::createUniqueDirectory("cosmo-unittest", d))
      ADD_FAILURE() << "cannot create a temporary directory";
    dir_ = std::string(d.str());
  }
  ~CProgramFiles() { llvm::sys::fs::remove_directories(dir_); }
  CProgramFiles(const CProgramFiles &) = delete;
  CProgramFiles &operator=(const CProgramFiles &) = delete;

  /// Compiles `body` with `fo` into a module of `ctx`; null (and a test
  /// failure) when it does not compile.
  std::unique_ptr<llvm::Module> compile(const std::string &body,
                                        llvm::LLVMContext &ctx,
                                        const frontend::FrontendOptions &fo) {
    std::string p = dir_ + "/prog" + std::to_string(counter_++) + ".c";
    std::ofstream(p) << prelude_ << body;
    auto m = frontend::loadProgram(p, ctx, fo);
    if (!m) {
      ADD_FAILURE() << llvm::toString(m.takeError());
      return nullptr;
    }
    return std::move(*m);
  }

private:
  std::string prelude_;
  std::string dir_;
  unsigned counter_ = 0;
};

/// Every error and completed path of a run, in the order reported.
class CollectingListener : public engine::RunListener {
public:
  void onError(const engine::ErrorReport &e) override { errors.push_back(e); }
  void onCompletedPath(const engine::TestVector &t) override {
    completed.push_back(t);
  }
  std::vector<engine::ErrorReport> errors;
  std::vector<engine::TestVector> completed;
};

} // namespace cosmo::unittest

#endif // COSMO_UNITTESTS_CPROGRAMFILES_H
