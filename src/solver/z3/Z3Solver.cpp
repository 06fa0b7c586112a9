//===- Z3Solver.cpp - the plain Z3 backend: a fresh solver per query ------===//

#include "z3/Z3Translator.h"

#include "cosmo/solver/Pipeline.h"

#include <atomic>
#include <chrono>

namespace cosmo::solver {

namespace {

class Z3Solver final : public Solver {
public:
  Z3Solver(const SolverOptions &opts, PipelineStats *stats)
      : timeoutMs_(opts.timeoutMs), stats_(stats ? *stats : ownStats_) {}

  void setTimeoutMs(unsigned ms) override { timeoutMs_ = ms; }
  void interrupt() override {
    interrupted_ = true;
    tr_.z3().interrupt();
    readOnlyTr_.z3().interrupt();
  }

protected:
  SolverResult doCheck(const Query &q) override {
    if (interrupted_)
      return SolverResult::unknown("interrupted");
    auto start = std::chrono::steady_clock::now();
    SolverResult result;
    try {
      result = solve(q.conjuncts(), q.wantModel);
    } catch (const z3::exception &e) {
      result = SolverResult::unknown(std::string("z3: ") + e.msg());
    }
    if (interrupted_ && result.isUnknown())
      result.reason = "interrupted";
    stats_.z3.record(result.status, secondsSince(start));
    return result;
  }

private:
  SolverResult solve(const std::vector<ExprRef> &constraints, bool wantModel) {
    Z3Translator::Theories theories = Z3Translator::theoriesOf(constraints);
    // Arrays that are only read are functions, and Z3's (lazy) Ackermann
    // reduction decides such a query as bit-vectors: on the instances of
    // an assumed \forall (many reads at related indices) it answers in
    // seconds where the array theory of QF_ABV takes minutes.
    bool asFunctions =
        theories.arrays && theories.arraysOnlyRead && !theories.floats;
    Z3Translator &tr = asFunctions ? readOnlyTr_ : tr_;
    tr.clearIfLarge();
    z3::context &z3 = tr.z3();
    // A solver for the query's logic gets Z3's bit-blasting pipeline, which
    // is far faster on multiplication and division than the generic one.
    z3::solver s =
        asFunctions ? ackermannSolver(z3)
        : theories.quantifiers || theories.floats || theories.constArrays
            ? z3::solver(z3)
            : z3::solver(z3, theories.arrays ? "QF_ABV" : "QF_BV");
    if (!asFunctions) {
      z3::params p(z3);
      if (timeoutMs_)
        p.set("timeout", timeoutMs_);
      s.set(p);
    }
    for (const ExprRef &c : constraints) {
      if (c->isTrue())
        continue;
      if (c->isFalse())
        return SolverResult::unsat();
      s.add(tr.translateConstraint(c.get()));
    }
    switch (s.check()) {
    case z3::unsat:
      return SolverResult::unsat();
    case z3::unknown:
      return SolverResult::unknown(
          Z3Translator::unknownReason(s.reason_unknown()));
    case z3::sat:
      break;
    }
    if (!wantModel)
      return SolverResult::sat();
    return SolverResult::sat(std::make_shared<expr::Assignment>(
        tr.extractModel(s.get_model(), constraints)));
  }

  /// QF_UFBV by Ackermann's reduction, within the time limit (a solver
  /// made from a tactic takes its limit from the tactic).
  z3::solver ackermannSolver(z3::context &z3) {
    z3::tactic t(z3, "qfufbv_ackr");
    return (timeoutMs_ ? z3::try_for(t, timeoutMs_) : t).mk_solver();
  }

  Z3Translator tr_;
  Z3Translator readOnlyTr_{/*arraysAsFunctions=*/true};
  unsigned timeoutMs_;
  std::atomic<bool> interrupted_{false};
  PipelineStats ownStats_;
  PipelineStats &stats_;
};

} // namespace

std::unique_ptr<Solver> createZ3Solver(expr::ExprContext &,
                                       const SolverOptions &options,
                                       PipelineStats *stats) {
  return std::make_unique<Z3Solver>(options, stats);
}

} // namespace cosmo::solver
