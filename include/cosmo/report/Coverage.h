//===- cosmo/report/Coverage.h - line coverage of the program ---*- C++ -*-===//
//
// coverage.json (docs/output-format.md) from the engine's per-file line
// coverage, and the annotated listing `cosmo show --coverage` prints: each
// source line prefixed by whether some path executed it.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_COVERAGE_H
#define COSMO_REPORT_COVERAGE_H

#include "cosmo/engine/Results.h"

#include <llvm/Support/Error.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cosmo::report {

nlohmann::json coverageToJson(const std::vector<engine::FileCoverage> &files);

/// The coverage of `sourceFile` in a coverage.json document: the entry whose
/// file name is the same path, or else has the same base name. Fails when
/// the document is malformed or does not mention the file.
llvm::Expected<engine::FileCoverage>
coverageOf(const nlohmann::json &coverageJson, const std::string &sourceFile);

/// `source` (the file's text) with each line prefixed by its number and a
/// mark: `+` executed, `-` holds code no path executed, blank otherwise;
/// then a closing line with the counts.
std::string formatCoverageListing(const engine::FileCoverage &coverage,
                                  const std::string &source, bool color);

} // namespace cosmo::report

#endif // COSMO_REPORT_COVERAGE_H
