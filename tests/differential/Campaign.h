//===- Campaign.h - cosmo's modes against the oracle, program by program --===//
//
// Issue 42's differential campaign. For each seed: the generated program
// and one mutant of it; for each, the oracle's table of every input tuple
// (Oracle.h) and a `cosmo check` run in each mode (the command line only:
// cosmo is a black box, read through report.json and tests/*.json). The
// disagreements, each of a kind:
//
//  - wrong-true: a mode says `true` but the oracle reaches an error (in
//    main's run or in a contract's isolated run). Under --contracts=use,
//    whose contracts are trusted, only main's errors count, and only when
//    every contract holds per the oracle (no error in an isolated run and
//    no error inside a contracted function or at its clauses in main's
//    run, and no contract vector of another mode fails natively);
//    otherwise the mode's verdict is not judged (`unjudged`);
//  - wrong-false: a mode says `false` but the oracle has no error, or an
//    error's test vector, run by the oracle (main's tuple, or the
//    contract's arguments), does not fail with the same kind at the same
//    line (a vector outside the box the oracle enumerated is `unchecked`;
//    a contract's vector whose isolated run took the globals as inputs is
//    run by the oracle on those values, as cosmo's isolated runs treat
//    globals: any value);
//  - disagreement: definite verdicts that differ between modes (use left
//    out when it is unjudged);
//  - cosmo-failed: a run with no report (a crash, a bad-input exit).
// Informational, never failures: `missed` (an error kind and line the
// oracle reaches that no `false` mode reported), and `unknown` verdicts,
// which are always allowed and counted per mode.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_CAMPAIGN_H
#define COSMO_DIFFERENTIAL_CAMPAIGN_H

#include "Oracle.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cosmo::differential {

struct Mode {
  std::string name;
  std::vector<std::string> args;
};

/// The defaults and one factor changed at a time: --loops=unroll,
/// summarize; --calls=replay, summary, smart; --contracts=use.
const std::vector<Mode> &allModes();

struct Disagreement {
  std::string kind; // wrong-true, wrong-false, disagreement, cosmo-failed
  std::string mode;
  std::string detail;
};

struct ModeRun {
  std::string mode;
  std::string verdict; // true, false, unknown, failed
  std::string reason;
  bool judged = true;
  size_t vectorsChecked = 0, vectorsUnchecked = 0;
  /// Vectors of main that natively stop first at a contract clause this
  /// run reports broken (checked, explained by that report).
  size_t vectorsPastBrokenClause = 0;
  double seconds = 0;
};

struct ProgramResult {
  uint64_t seed = 0;
  bool mutant = false;
  std::string mutation;
  /// The program could not be judged: why (the oracle failed, ...).
  std::string discarded;
  bool buggy = false; // the oracle reaches an error
  std::vector<ModeRun> runs;
  std::vector<Disagreement> disagreements;
  std::vector<std::string> missed;
  std::vector<std::string> oracleErrors; // the first failing tuples
  std::string cosmoText;
  std::filesystem::path keptDir; // set when the work directory was kept
};

struct CampaignOptions {
  std::string cosmo;
  std::string clang = "clang-14";
  /// Per-program work directories go here; those of programs with a
  /// disagreement are moved to `keepDir`.
  std::filesystem::path workDir;
  std::filesystem::path keepDir;
  double timeout = 10; // cosmo's --timeout
  /// Options every run gets besides its mode's.
  std::vector<std::string> commonArgs;
  unsigned jobs = 2;   // programs (so cosmo processes) at once
  std::vector<Mode> modes = allModes();
  bool mutants = true;
  /// 0: every mode for every program; 1: one mode a program, each in
  /// turn (a program and its mutant take consecutive ones); else the first
  /// mode and this many minus one of the others, rotating with the
  /// program. A range of seeds covers every mode (the CI's time budget:
  /// the oracle, exhaustive over the inputs' boxes, judges each run, so
  /// two modes of one program agree when both agree with it).
  size_t modesPerProgram = 0;
  /// Keep every program's work directory (in keepDir), not only those
  /// that disagreed.
  bool keepAll = false;
};

/// Generates and checks seeds first .. first+count-1 (each with its
/// mutant), `jobs` at a time; results in seed order, the original first.
std::vector<ProgramResult> runCampaign(const CampaignOptions &options,
                                       uint64_t first, unsigned count);

/// A disagreement's report: the program's text, the modes' verdicts, the
/// disagreements and where the work directory was kept.
std::string describe(const ProgramResult &r);

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_CAMPAIGN_H
