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

#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/PathFacts.h"
#include "cosmo/solver/Pipeline.h"

#include <algorithm>
#include <array>
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
  /// each time with a few more constraints, and takes turns between a few
  /// paths: the facts of the last kPaths paths asked about are kept, and
  /// the one whose path is the longest prefix of the new one is extended
  /// (rebuilding them on every turn made a deep search quadratic).
  PathFacts &factsOf(std::span<const ExprRef> pc) {
    ++clock_;
    Known *best = nullptr;
    for (Known &k : known_) {
      size_t n = k.path.size();
      // Paths that differ mostly differ in their last constraints: those
      // are compared first.
      if (k.facts && pc.size() >= n && (!best || n > best->path.size()) &&
          (n == 0 || k.path.back() == pc[n - 1]) &&
          std::equal(k.path.begin(), k.path.end(), pc.begin()))
        best = &k;
    }
    if (!best) {
      best = &*std::min_element(known_.begin(), known_.end(),
                                [](const Known &a, const Known &b) {
                                  return a.used < b.used;
                                });
      best->path.clear();
      best->facts.emplace(ctx_, std::span<const ExprRef>{});
    }
    best->used = clock_;
    if (pc.size() > best->path.size()) {
      best->facts->add(pc.subspan(best->path.size()));
      best->path.insert(best->path.end(), pc.begin() + best->path.size(),
                        pc.end());
    }
    return *best->facts;
  }

  /// The paths whose facts are kept.
  static constexpr size_t kPaths = 4;
  struct Known {
    std::vector<ExprRef> path; ///< the constraints `facts` holds (alive)
    std::optional<PathFacts> facts;
    uint64_t used = 0;
  };

  expr::ExprContext &ctx_;
  FactsStats &stats_;
  std::array<Known, kPaths> known_;
  uint64_t clock_ = 0;
};

} // namespace

std::unique_ptr<Solver> createFactsSolver(std::unique_ptr<Solver> inner,
                                          expr::ExprContext &ctx,
                                          PipelineStats &stats) {
  return std::make_unique<FactsSolver>(std::move(inner), ctx, stats);
}

} // namespace cosmo::solver
