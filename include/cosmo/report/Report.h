//===- cosmo/report/Report.h - what the user keeps --------------*- C++ -*-===//
//
// OutputDirectory receives results while the engine runs (so a run cut
// short still leaves every test it found) and writes report.json and
// stats.json at the end; formats are documented in docs/output-format.md.
// formatSummary renders the terminal summary; printing it is the CLI's job.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_REPORT_H
#define COSMO_REPORT_REPORT_H

#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/report/Replay.h"

#include <llvm/Support/Error.h>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cosmo::report {

/// How a check used the persistent store (report.json's "store").
struct StoreUse {
  std::string location; ///< empty: no store
  struct Run {
    std::string function; ///< the run's entry
    bool reused = false;
    std::string why; ///< rebuilt: new, changed, a callee changed, ...
  };
  std::vector<Run> runs;
  /// The memoization trees of the functions that rebuilt runs call
  /// (--calls=replay|summary|smart): taken from the store, or built.
  std::vector<Run> trees;
  /// The Horn questions of loop and recursion summaries in rebuilt runs:
  /// answered from the store, and answered by the solver and kept there.
  uint64_t hornReused = 0, hornKept = 0;
  /// One line each: a store set aside, an entry that could not be read.
  std::vector<std::string> warnings;
};

struct RunInfo {
  std::string program; // as given by the user
  std::string entry;
  /// The entry's C prototype (written into --entry test vectors, for
  /// native harnesses).
  std::optional<engine::EntrySignature> signature = std::nullopt;
  /// Every input linked into the program (`program` is the first).
  std::vector<std::string> files = {};
  std::string dataModel = "LP64"; // or "ILP32" (engine::dataModelName)
  /// How the program was built, for replays without the command line: its
  /// C units (absolute paths, the main one first) and the command line's
  /// clang flags (their paths absolute).
  std::vector<std::string> buildFiles = {};
  std::vector<std::string> buildFlags = {};
  frontend::FrontendStats frontend = {};
  /// The terminal summary prints latent errors (engine::ErrorReport::latent)
  /// too, not only their count.
  bool reportLatent = false;
  /// The terminal summary prints every error with its inputs; otherwise
  /// past the first kBriefErrors errors, one line each.
  bool verbose = false;
  StoreUse store = {};
};

/// Errors the terminal summary shows with their inputs without --verbose.
constexpr size_t kBriefErrors = 10;

/// report.json's "store", and the summary's line about it.
nlohmann::json storeUseToJson(const StoreUse &use);
std::string storeLine(const StoreUse &use);

/// "external functions (no definition): foo (a.c:12), bar (b.c:3)".
std::string externalsLine(const std::vector<engine::ExternalFunction> &list);

class OutputDirectory final : public engine::RunListener {
public:
  /// Creates (or empties the cosmo files of) `dir`.
  static llvm::Expected<std::unique_ptr<OutputDirectory>>
  create(const std::string &dir, RunInfo info);

  void onError(const engine::ErrorReport &error) override;
  void onCompletedPath(const engine::TestVector &test) override;
  /// Writes report.json and stats.json. `replays` (one per error, or none
  /// when not asked for) are the native replays of `check --confirm`.
  llvm::Error finish(const summary::AnalysisResult &summary,
                     const std::vector<ReplayResult> &replays = {});

  const std::string &path() const { return dir_; }
  /// Also write report.sarif (SARIF 2.1.0) at the end.
  void writeSarif(bool on) { sarif_ = on; }
  /// The entry's prototype, known once the engine prepared the run.
  void setEntrySignature(std::optional<engine::EntrySignature> s) {
    info_.signature = std::move(s);
  }
  /// The function the tests written from now on call, when not the run's
  /// entry (a contract's isolated run calls its verify companion);
  /// report.json keeps the run's entry.
  void setTestEntry(std::string entry,
                    std::optional<engine::EntrySignature> s) {
    testEntry_ = std::move(entry);
    testSignature_ = std::move(s);
  }
  /// What the runs took from the store and kept in it.
  void setStoreUse(StoreUse use) { info_.store = std::move(use); }
  /// Test file of the i-th error, relative to the directory.
  const std::vector<std::string> &errorTests() const { return errorTests_; }
  /// Keep the completed paths' tests in memory (for --emit-tests).
  void keepCompletedTests(bool on) { keepCompleted_ = on; }
  /// Each kept test with its file, relative to the directory.
  const std::vector<std::pair<std::string, engine::TestVector>> &
  completedTests() const {
    return completed_;
  }

private:
  OutputDirectory(std::string dir, RunInfo info)
      : dir_(std::move(dir)), info_(std::move(info)) {}
  std::string writeTest(const engine::TestVector &test);

  std::string dir_;
  RunInfo info_;
  std::string testEntry_; // empty: info_'s
  std::optional<engine::EntrySignature> testSignature_;
  unsigned nextTest_ = 1;
  std::vector<std::string> errorTests_;
  std::string writeFailure_; // first write error, reported by finish()
  bool sarif_ = false;
  bool keepCompleted_ = false;
  std::vector<std::pair<std::string, engine::TestVector>> completed_;
};

/// `base` if nothing is there yet, else the first free `base-N` (N = 1, 2,
/// ...), so that a run never overwrites one the user did not name.
std::string freshOutputDirectory(const std::string &base);

nlohmann::json statsToJson(const engine::RunStats &stats);
/// Writes `j` (indented) into `path`; false when it cannot.
bool writeJson(const std::string &path, const nlohmann::json &j);
/// A location as report.json and test vectors write it ("file", "line",
/// "column", "function"), and back; missing fields read as unknown.
nlohmann::json locationToJson(const engine::SourceLocation &location);
engine::SourceLocation locationFromJson(const nlohmann::json &location);
nlohmann::json testToJson(const engine::TestVector &test, const RunInfo &info);

/// The terminal summary: verdict with reason, then each error in the
/// compiler's diagnostic format with its inputs, call stack and, when
/// `replays` has one per error, its native replay.
std::string formatSummary(const summary::AnalysisResult &summary,
                          const RunInfo &info, const std::string &outDir,
                          bool color,
                          const std::vector<ReplayResult> &replays = {});

} // namespace cosmo::report

#endif // COSMO_REPORT_REPORT_H
