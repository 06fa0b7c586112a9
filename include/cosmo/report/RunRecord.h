//===- cosmo/report/RunRecord.h - a run, as the store keeps it --*- C++ -*-===//
//
// What one analysis run told its listener, in order, and what it returned:
// enough to give a later run with the same key the same output directory,
// terminal summary, tests and witnesses without exploring (the persistent
// store, DESIGN.md "summary"). The statistics of the solver's work are not
// kept: a run that reuses one made no queries.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_RUNRECORD_H
#define COSMO_REPORT_RUNRECORD_H

#include "cosmo/summary/Results.h"

#include <llvm/Support/Error.h>

#include <string>
#include <variant>
#include <vector>

namespace cosmo::report {

struct RunRecord {
  std::vector<std::variant<engine::ErrorReport, engine::TestVector>> events;
  summary::AnalysisResult result;

  /// Tells `listener` what the run told its own, in the same order.
  void replay(engine::RunListener &listener) const;
};

/// Records what a run tells its listener, and passes it on.
class RunRecorder final : public engine::RunListener {
public:
  explicit RunRecorder(engine::RunListener &next) : next_(next) {}
  void onError(const engine::ErrorReport &e) override;
  void onCompletedPath(const engine::TestVector &t) override;
  void onProgress(const engine::Progress &p) override { next_.onProgress(p); }
  RunRecord &record() { return record_; }

private:
  engine::RunListener &next_;
  RunRecord record_;
};

std::string serializeRunRecord(const RunRecord &record);
/// Fails with a one-line message on a payload that is no record.
llvm::Expected<RunRecord> parseRunRecord(const std::string &payload);

} // namespace cosmo::report

#endif // COSMO_REPORT_RUNRECORD_H
