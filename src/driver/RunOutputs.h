//===- RunOutputs.h - what a check makes of its runs' results ---*- C++ -*-===//
//
// The steps of a check after the exploration: the native replay of each
// error's test, the unit tests of an --entry function, SV-COMP's answer and
// witness.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DRIVER_RUNOUTPUTS_H
#define COSMO_DRIVER_RUNOUTPUTS_H

#include "cosmo/driver/SvcompProperty.h"
#include "cosmo/engine/Results.h"
#include "cosmo/report/Replay.h"
#include "cosmo/report/Report.h"

#include <llvm/Support/Error.h>

#include <optional>
#include <string>
#include <vector>

namespace cosmo::driver {

/// The native replay of each error's test (of a run whose entry is
/// `entry`), one result per error.
std::vector<report::ReplayResult>
confirmErrors(const std::vector<engine::ErrorReport> &errors,
              const std::string &program, const std::string &entry,
              const std::optional<engine::EntrySignature> &signature,
              const report::ReplayOptions &replay);

/// Observes each completed path's call natively (twice, the heap elsewhere
/// the second time) and writes the unit tests (`format`: c or gtest) into
/// `outDir`/unit. Returns the line that says where they are.
llvm::Expected<std::string> emitUnitTests(const report::OutputDirectory &out,
                                          const report::RunInfo &info,
                                          const std::string &format,
                                          const report::ReplayOptions &replay,
                                          const std::string &nativeMain,
                                          const std::string &outDir);

struct SvcompOutcome {
  std::string answer; // TRUE, FALSE, FALSE(subproperty) or UNKNOWN
  std::string witnessPath, witnessError;
  /// Why a violation cosmo found is not the answer (UNKNOWN).
  std::string withdrawn;
};

/// SV-COMP's answer for `property` and its witness in
/// `outDir`/witness.yml: a violation witness for FALSE (FALSE(valid-deref)
/// and the like for properties other than reachability), a correctness
/// witness (the loop invariants that proved it) for TRUE. Errors of other
/// kinds say nothing about the property, so alone they make it UNKNOWN.
/// With `replay`, the violation's inputs are first run natively: a run
/// that completes without the error withdraws it (UNKNOWN, never a FALSE
/// the program contradicts); one that cannot be built or run, or ends
/// otherwise, leaves it.
SvcompOutcome
svcompOutcome(const SvcompProperty &property,
              const summary::AnalysisResult &summary,
              const report::RunInfo &info, const std::string &outDir,
              const std::string &nativeMain,
              const std::optional<report::ReplayOptions> &replay);

} // namespace cosmo::driver

#endif // COSMO_DRIVER_RUNOUTPUTS_H
