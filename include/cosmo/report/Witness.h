//===- cosmo/report/Witness.h - SV-COMP witnesses ---------------*- C++ -*-===//
//
// A violation witness in SV-COMP's YAML witness format 2.0 (docs/svcomp.md):
// one `violation_sequence` entry whose segments are the values the path's
// __VERIFIER_nondet_* calls returned, in order (a `function_return` waypoint
// at each call, constraint `\result == V`), then the `target` waypoint at
// the call of reach_error (or the place of the memory-safety or overflow
// error violating the property checked).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_WITNESS_H
#define COSMO_REPORT_WITNESS_H

#include "cosmo/engine/Results.h"
#include "cosmo/summary/Results.h"

#include <llvm/Support/Error.h>

#include <string>

namespace cosmo::report {

/// The property of reachability tasks.
inline constexpr const char *kUnreachCall =
    "CHECK( init(main()), LTL(G ! call(reach_error())) )";

struct WitnessTask {
  std::string programFile;   // read to hash it (SHA-256)
  std::string dataModel;     // "ILP32" or "LP64"
  std::string producerVersion;
  std::string creationTime;  // ISO 8601; empty: now, in UTC
  /// The property checked, as its .prp file states it.
  std::string specification = kUnreachCall;
};

llvm::Expected<std::string> violationWitness(const engine::ErrorReport &error,
                                             const WitnessTask &task);

/// A correctness witness (format 2.0): one `invariant_set` entry whose
/// `loop_invariant`s are `invariants` (C expressions that hold at every
/// visit of their loop heads: AnalysisResult::witnessInvariants).
llvm::Expected<std::string>
correctnessWitness(const std::vector<summary::LoopInvariant> &invariants,
                   const WitnessTask &task);

} // namespace cosmo::report

#endif // COSMO_REPORT_WITNESS_H
