//===- cosmo/report/ProjectReport.h - one report for a project --*- C++ -*-===//
//
// `cosmo check --all` checks every function of a program as an entry, each
// in a run of its own whose output directory is OUT/functions/F. The
// project's report joins them: every error valid inputs reach (each place
// once, from the first function in bottom-up order whose run reaches it),
// the latent errors no function of the project makes manifest, and a table
// of the functions. report.json, report.sarif and the terminal summary.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_PROJECTREPORT_H
#define COSMO_REPORT_PROJECTREPORT_H

#include "cosmo/engine/Results.h"
#include "cosmo/report/Report.h"

#include <llvm/Support/Error.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cosmo::report {

/// One function's run.
struct FunctionRun {
  std::string function;
  engine::SourceLocation location; // of its definition
  engine::Verdict verdict = engine::Verdict::Unknown;
  std::string reason;
  size_t errors = 0, latent = 0;
  uint64_t paths = 0;
  double seconds = 0;
  std::string outDir;  // relative to the project's
  std::string failure; // why the run made no report (its verdict unknown)
  /// With a store: its runs (the function's, its contract's) all came
  /// from it; else why they were rebuilt.
  bool reused = false;
  std::string rebuiltBecause;
};

/// An error of one function's run, with that run's report.json entry (its
/// test named from the project's directory).
struct ProjectFinding {
  engine::ErrorReport error;
  std::string entry; // the function whose run found it
  nlohmann::json json;
};

struct ProjectResult {
  std::vector<FunctionRun> functions; // bottom-up: callees first
  std::vector<ProjectFinding> errors; // manifest, each place once
  std::vector<ProjectFinding> latent; // latent and manifest nowhere
  RunInfo info;                        // the program (no entry)
  /// Inputs not linked: each defines a main of its own.
  std::vector<std::string> leftOut;
  std::string outDir;
  unsigned jobs = 1;
  double seconds = 0;
  /// The store the runs used (empty: none), its warnings (each once), and
  /// `--shard`: "K/N".
  std::string store, shard;
  std::vector<std::string> storeWarnings;
  /// false when some error is reported; true when every function's verdict
  /// is true; else unknown.
  engine::Verdict verdict() const;
};

/// Adds function `run`'s results (its stored report `dir`, relative
/// `relDir` in the project) to `project`: its errors at places no earlier
/// function reported, its latent errors kept until some run makes their
/// place manifest.
llvm::Error addFunctionRun(ProjectResult &project, FunctionRun run,
                           const std::string &dir);

/// Writes `project.outDir`/report.json and report.sarif.
llvm::Error writeProjectReport(const ProjectResult &project,
                               const std::string &toolVersion);

/// The terminal summary: the errors first (one block each, as a single
/// check prints them), then the counts; fits a screen for a small project.
std::string formatProjectSummary(const ProjectResult &project, bool color,
                                 bool reportLatent);

} // namespace cosmo::report

#endif // COSMO_REPORT_PROJECTREPORT_H
