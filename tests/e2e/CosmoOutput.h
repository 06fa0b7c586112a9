// CosmoOutput: the parts of `cosmo check`'s output directory the e2e runner
// compares (docs/output-format.md): report.json, read here independently of
// cosmo, and tests/*.json vectors, read with cosmo's own reader (the one
// `cosmo replay` uses). Readers throw std::runtime_error naming the file and
// the offending field.
#pragma once

#include "cosmo/report/ErrorSite.h"
#include "cosmo/report/TestVectorFile.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cosmo::e2e {

using report::ErrorSite;

struct CosmoReport {
  std::string verdict; // "true" | "false" | "unknown"
  std::string reason;
  std::set<ErrorSite> errors;
  std::set<ErrorSite> latent; // report.json's "latent" (--inputs=shaped)
  std::vector<std::string> unknownReasons;
};

CosmoReport readCosmoReport(const std::filesystem::path &reportJson);

// Every `*.json` in `testsDir`, by file name; none if the directory is missing.
std::vector<report::RecordedTest> readTestVectors(const std::filesystem::path &testsDir);

// One input per line, "x  (nondet from __VERIFIER_nondet_int, 4 bytes fbffffff)".
std::string describeInputs(const engine::TestVector &vector);

} // namespace cosmo::e2e
