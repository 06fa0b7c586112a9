//===- Z3Solver.cpp - the plain Z3 backend: a fresh solver per query ------===//

#include "Z3Translator.h"

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
    tr_.clearIfLarge();
    // A solver for the query's logic gets Z3's bit-blasting pipeline, which
    // is far faster on multiplication and division than the generic one.
    z3::context &z3 = tr_.z3();
    z3::solver s = Z3Translator::usesQuantifiers(constraints)
                       ? z3::solver(z3)
                       : z3::solver(z3, Z3Translator::usesArrays(constraints)
                                            ? "QF_ABV"
                                            : "QF_BV");
    z3::params p(z3);
    if (timeoutMs_)
      p.set("timeout", timeoutMs_);
    s.set(p);
    for (const ExprRef &c : constraints) {
      if (c->isTrue())
        continue;
      if (c->isFalse())
        return SolverResult::unsat();
      s.add(tr_.translateConstraint(c.get()));
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
        tr_.extractModel(s.get_model(), constraints)));
  }

  Z3Translator tr_;
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
