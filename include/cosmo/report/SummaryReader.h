//===- cosmo/report/SummaryReader.h - a finished run, read back -*- C++ -*-===//
//
// `cosmo show` reads an output directory back into the values the engine
// produced (report.json with the error tests it names, coverage.json), so
// the terminal summary is rendered by the same formatSummary as after a run.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_SUMMARYREADER_H
#define COSMO_REPORT_SUMMARYREADER_H

#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"
#include "cosmo/report/Replay.h"
#include "cosmo/report/Report.h"

#include <llvm/Support/Error.h>

#include <nlohmann/json.hpp>

#include <string>

namespace cosmo::report {

struct StoredRun {
  RunInfo info;
  summary::AnalysisResult summary;
  /// One per error when the run was checked with --confirm, else none.
  std::vector<ReplayResult> replays;
};

/// Reads `dir`/report.json (and the tests its errors name). Fails with a
/// one-line message when the directory holds no report or a malformed one.
llvm::Expected<StoredRun> readRun(const std::string &dir);

/// Reads a JSON file; fails with a one-line message.
llvm::Expected<nlohmann::json> readJsonFile(const std::string &path);

} // namespace cosmo::report

#endif // COSMO_REPORT_SUMMARYREADER_H
