// makeTempDir: cosmo's ScopedTempDir for test fixtures, which cannot handle
// an llvm::Error in a member initialiser: a failure throws (gtest reports it).
#pragma once

#include "cosmo/report/ScopedTempDir.h"

#include <stdexcept>
#include <string_view>

namespace cosmo::e2e {

inline report::ScopedTempDir makeTempDir(std::string_view prefix) {
  auto dir = report::ScopedTempDir::create(prefix);
  if (!dir)
    throw std::runtime_error(llvm::toString(dir.takeError()));
  return std::move(*dir);
}

} // namespace cosmo::e2e
