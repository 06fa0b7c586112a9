//===- Z3Solver.cpp - the plain Z3 backend: a fresh solver per query ------===//

#include "z3/Z3Translator.h"

#include "cosmo/solver/Pipeline.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>

namespace cosmo::solver {

namespace {

class Z3Solver final : public Solver {
public:
  Z3Solver(const SolverOptions &opts, PipelineStats *stats)
      : timeoutMs_(opts.timeoutMs), stats_(stats ? *stats : ownStats_) {}

  void setTimeoutMs(unsigned ms) override { timeoutMs_ = ms; }
  void interrupt() override {
    interrupted_ = true;
    std::lock_guard<std::mutex> lock(made_);
    for (const std::unique_ptr<Z3Translator> *tr : {&tr_, &readOnlyTr_})
      if (*tr)
        (*tr)->z3().interrupt();
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
    Z3Translator &tr = translator(asFunctions);
    if (interrupted_) // (an interrupt before the context existed missed it)
      return SolverResult::unknown("interrupted");
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

  /// The translator (and Z3 context) of a query's kind, made at its first
  /// query: a fresh Z3 4.8.12 context costs some 0.05 s on this project's
  /// machines (it fills two 8.5 MB tables, each page a fault), a third of
  /// a small program's run, and most solvers never ask one of the kinds
  /// (Executor::askZ3Alone makes one solver per path model).
  Z3Translator &translator(bool asFunctions) {
    std::unique_ptr<Z3Translator> &tr = asFunctions ? readOnlyTr_ : tr_;
    std::lock_guard<std::mutex> lock(made_); // (interrupt() reads them)
    if (!tr)
      tr = std::make_unique<Z3Translator>(asFunctions);
    return *tr;
  }

  std::mutex made_;
  std::unique_ptr<Z3Translator> tr_, readOnlyTr_;
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
