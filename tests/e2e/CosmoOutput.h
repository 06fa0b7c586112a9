// CosmoOutput: the parts of `cosmo check`'s output directory the e2e runner
// compares (docs/output-format.md): report.json and tests/*.json vectors.
// Readers throw std::runtime_error naming the file and the offending field.
#pragma once

#include "ErrorSite.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cosmo::e2e {

struct CosmoReport {
  std::string verdict; // "true" | "false" | "unknown"
  std::string reason;
  std::set<ErrorSite> errors;
  std::vector<std::string> unknownReasons;
};

struct VectorInput {
  std::string name;
  std::string source; // nondet | symbolic | argument | input-memory
  std::string function;
  std::size_t size = 0;
  std::string hex;   // little-endian bytes, two digits each
  std::string value; // signed decimal for small scalars, else empty
};

struct TestVector {
  std::filesystem::path file;
  std::string outcome;            // "completed" | "error"
  std::optional<ErrorSite> error; // set iff outcome is "error"
  std::vector<VectorInput> inputs;
};

CosmoReport readCosmoReport(const std::filesystem::path &reportJson);

TestVector readTestVector(const std::filesystem::path &vectorJson);

// Every `*.json` in `testsDir`, by file name; none if the directory is missing.
std::vector<TestVector> readTestVectors(const std::filesystem::path &testsDir);

// One input per line, "x = -5  (nondet from __VERIFIER_nondet_int, 4 bytes fbffffff)".
std::string describeInputs(const TestVector &vector);

} // namespace cosmo::e2e
