//===- cosmo/solver/Solver.h - the one solver interface ---------*- C++ -*-===//
//
// Every satisfiability question the engine asks goes through `Solver`: is
// the conjunction of these Bool terms satisfiable, and if so, with what
// model? Backends (Z3) and the decorators of the query pipeline (seed 004:
// independence, caches, model reuse, incremental solving) all implement it,
// so they stack in any order. The answer is a value that says what happened;
// `Unknown` carries the reason (timeout, resource limit) and callers must
// never treat it as sat or unsat.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_SOLVER_H
#define COSMO_SOLVER_SOLVER_H

#include "cosmo/expr/Assignment.h"

#include <chrono>
#include <memory>
#include <span>
#include <string>

namespace cosmo::solver {

using expr::ExprRef;

enum class Validity { Sat, Unsat, Unknown };

struct SolverResult {
  Validity status = Validity::Unknown;
  /// With Sat and a model request: values for every variable and array of
  /// the query (arrays: at least the bytes the query reads).
  expr::Assignment model;
  /// With Unknown: why.
  std::string reason;

  bool isSat() const { return status == Validity::Sat; }
  bool isUnsat() const { return status == Validity::Unsat; }
  bool isUnknown() const { return status == Validity::Unknown; }
};

struct SolverStats {
  uint64_t queries = 0; // questions asked of this solver
  uint64_t sat = 0, unsat = 0, unknown = 0;
  double seconds = 0;   // time spent answering
};

struct SolverOptions {
  /// Per-query limit; 0 means none.
  unsigned timeoutMs = 10000;
};

class Solver {
public:
  virtual ~Solver();
  /// Satisfiability of the conjunction of `constraints` (Bool terms).
  virtual SolverResult check(std::span<const ExprRef> constraints,
                             bool wantModel) = 0;
  /// Lower the per-query time limit (e.g. to what is left of the run).
  virtual void setTimeoutMs(unsigned ms) = 0;
  const SolverStats &stats() const { return stats_; }

protected:
  SolverStats stats_;
};

/// The Z3 backend: a fresh Z3 solver per query over a shared translation
/// cache. Terms must come from `ctx`.
std::unique_ptr<Solver> createZ3Solver(expr::ExprContext &ctx,
                                       const SolverOptions &options);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_SOLVER_H
