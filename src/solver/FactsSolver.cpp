//===- FactsSolver.cpp - conditions the path condition decides ------------===//
//
// The first layer of the pipeline (`--solver-opts=facts`). A branch
// condition is often decided by the path condition outright: the same
// comparison was taken before (a callee re-tests what its caller tested),
// or the bounds an `assume` put on the inputs settle it (`x < 700` under
// `500 <= x < 550`). PathFacts finds these without the solver, like the
// range and equality rewriting of KLEE's constraint manager; every query
// it cannot decide goes on unchanged.
//
// Exact because PathFacts' result equals the condition on every input the
// path takes, and the path is satisfiable (Query::pcSatisfiable): a
// condition it makes false is unsat with the path, one it makes true is
// satisfiable by any model of the path.
//
//===----------------------------------------------------------------------===//

#include "SolverDecorator.h"

#include "cosmo/solver/PathFacts.h"
#include "cosmo/solver/Pipeline.h"

#include <algorithm>
#include <optional>

namespace cosmo::solver {

namespace {

class FactsSolver final : public SolverDecorator {
public:
  FactsSolver(std::unique_ptr<Solver> inner, expr::ExprContext &ctx,
              PipelineStats &stats)
      : SolverDecorator(std::move(inner)), ctx_(ctx), stats_(stats.facts) {}

protected:
  SolverResult doCheck(const Query &q) override {
    if (!q.condition || !q.pcSatisfiable || q.pc.empty() ||
        q.condition->isConst())
      return inner().check(q);
    ExprRef decided = factsOf(q.pc).simplify(q.condition);
    if (decided->isFalse()) {
      ++stats_.unsat;
      return SolverResult::unsat();
    }
    if (!decided->isTrue())
      return inner().check(q);
    if (!q.wantModel || q.pcModel) {
      ++stats_.sat;
      return SolverResult::sat(q.wantModel ? q.pcModel : nullptr);
    }
    // A model of the path is one of the condition too: ask for that.
    Query pathOnly = q;
    pathOnly.condition = nullptr;
    return inner().check(pathOnly);
  }

private:
  /// The facts of `pc`. A search asks about one path many times in a row,
  /// each time with a few more constraints: the facts of the last path
  /// asked about are extended while it is a prefix of the new one.
  PathFacts &factsOf(std::span<const ExprRef> pc) {
    bool extends = facts_ && pc.size() >= path_.size() &&
                   std::equal(path_.begin(), path_.end(), pc.begin());
    if (!extends) {
      path_.clear();
      facts_.emplace(ctx_, std::span<const ExprRef>{});
    }
    if (pc.size() > path_.size()) {
      facts_->add(pc.subspan(path_.size()));
      path_.insert(path_.end(), pc.begin() + path_.size(), pc.end());
    }
    return *facts_;
  }

  expr::ExprContext &ctx_;
  FactsStats &stats_;
  std::vector<ExprRef> path_; ///< the constraints facts_ holds (kept alive)
  std::optional<PathFacts> facts_;
};

} // namespace

std::unique_ptr<Solver> createFactsSolver(std::unique_ptr<Solver> inner,
                                          expr::ExprContext &ctx,
                                          PipelineStats &stats) {
  return std::make_unique<FactsSolver>(std::move(inner), ctx, stats);
}

} // namespace cosmo::solver
