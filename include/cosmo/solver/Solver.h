//===- cosmo/solver/Solver.h - the one solver interface ---------*- C++ -*-===//
//
// Every satisfiability question the engine asks goes through `Solver`: is
// a path condition, possibly with one more condition, satisfiable, and if
// so, with what model? Backends (Z3, fresh or incremental) and the
// decorators of the query pipeline (seed 004: independence, counterexample
// cache, model reuse) all implement it, so they stack (Pipeline.h builds
// the chain). The answer is a value that says what happened; `Unknown`
// carries the reason (timeout, resource limit) and callers must never treat
// it as sat or unsat.
//
// Models are total by convention: a variable or array a model does not
// mention has the value 0 (read them with Completion::ZeroDefault). A model
// returned for a query gives every variable of the query its value.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_SOLVER_H
#define COSMO_SOLVER_SOLVER_H

#include "cosmo/expr/Assignment.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

class ConstraintSet;
struct PipelineStats;

enum class Validity { Sat, Unsat, Unknown };

/// Models are immutable and shared: a state that keeps its model across a
/// branch shares it with its child (seed 004 section 4.2).
using Model = std::shared_ptr<const expr::Assignment>;

struct SolverResult {
  Validity status = Validity::Unknown;
  /// With Sat, when a model was asked for (layers may attach one anyway).
  Model model;
  /// With Unknown: why.
  std::string reason;
  /// With Unsat, when the backend knows one: constraints of the query whose
  /// conjunction is unsat already (an unsat core; the cache stores it).
  std::vector<ExprRef> unsatCore;

  bool isSat() const { return status == Validity::Sat; }
  bool isUnsat() const { return status == Validity::Unsat; }
  bool isUnknown() const { return status == Validity::Unknown; }

  static SolverResult sat(Model m = nullptr) {
    return {Validity::Sat, std::move(m), {}, {}};
  }
  static SolverResult unsat(std::vector<ExprRef> core = {}) {
    return {Validity::Unsat, nullptr, {}, std::move(core)};
  }
  static SolverResult unknown(std::string why) {
    return {Validity::Unknown, nullptr, std::move(why), {}};
  }
};

/// One question: is `pc ∧ condition` satisfiable?
struct Query {
  /// The path condition, as a flat conjunction.
  std::span<const ExprRef> pc;
  /// The same constraints partitioned into independent sets, when the
  /// caller keeps them (engine states do, seed 004 section 3); may be null.
  const ConstraintSet *sets = nullptr;
  /// The new condition; null asks about `pc` alone.
  ExprRef condition;
  /// A model of `pc` the caller already has (model reuse); may be null.
  Model pcModel;
  /// The caller knows `pc` is satisfiable (a state's path condition always
  /// is); lets independence skip the sets `condition` does not touch.
  bool pcSatisfiable = false;
  bool wantModel = false;
  /// `pc` holds a universally quantified formula: the pipeline asks its
  /// ground instances first (QuantifiedSolver.cpp).
  bool quantified = false;

  Query() = default;
  Query(std::span<const ExprRef> constraints, bool model)
      : pc(constraints), wantModel(model) {}
  /// A question about a path: `path` is satisfiable and kept in sets;
  /// `pathModel` (may be null) is a model of it.
  static Query onPath(const ConstraintSet &path, ExprRef condition,
                      Model pathModel, bool wantModel);
  /// Every constraint of the query: `pc`, then `condition` if any.
  std::vector<ExprRef> conjuncts() const;
  /// The free variables of `condition` (none without one), computed once
  /// for all the layers a query passes through.
  const std::vector<ExprRef> &conditionVars() const;

private:
  mutable ExprRef varsOf_; // the condition conditionVars_ belongs to
  mutable std::vector<ExprRef> conditionVars_;
};

class Solver {
public:
  virtual ~Solver();
  SolverResult check(const Query &q) { return doCheck(q); }
  /// Satisfiability of the conjunction of `constraints` (Bool terms).
  SolverResult check(std::span<const ExprRef> constraints, bool wantModel) {
    return doCheck(Query(constraints, wantModel));
  }
  /// Lower the per-query time limit (e.g. to what is left of the run).
  virtual void setTimeoutMs(unsigned ms) = 0;
  /// Stop a check running in another thread, and every check until the run
  /// ends: they answer Unknown ("interrupted"). Safe to call from a thread
  /// other than the one checking (not from a signal handler).
  virtual void interrupt() = 0;

protected:
  virtual SolverResult doCheck(const Query &q) = 0;
};

struct SolverOptions {
  /// Per-query limit; 0 means none.
  unsigned timeoutMs = 10000;
};

/// The plain Z3 backend: a fresh Z3 solver for the query's logic per query,
/// over a translation cache kept for the run. Terms must come from `ctx`.
/// Counts into `stats` (its `z3` part) when given.
std::unique_ptr<Solver> createZ3Solver(expr::ExprContext &ctx,
                                       const SolverOptions &options,
                                       PipelineStats *stats = nullptr);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_SOLVER_H
