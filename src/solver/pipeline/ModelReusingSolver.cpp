//===- ModelReusingSolver.cpp - a path's model answers one branch side ----===//
//
// Seed 004 section 4.2 (state concretization, SCSE). The caller's model m of
// pc satisfies pc ∧ c whenever c(m) is true, so that query needs no solver;
// at a branch on c exactly one of c and ¬c holds in m, so one side of every
// branch is free. Conditions over variables m does not mention read them as
// zero, which is a value like any other: m extended with zeros still
// satisfies pc, which does not mention them either.
//
// The other side is often free too. Known bits (BitFacts.h) decide forced
// branches of arithmetic chains: after `n & 1` held, the parity of 3n + 1
// is known. And once pc fixes c's variables: if every model of
// pc agrees with m on them, c(m) is c's value in every model, and the side
// m falsifies is unsat. A path whose branches keep being forced has usually
// pinned its inputs down (a Collatz chain from one input, a loop counter
// compared with a constant), so after the inner solver proves a side unsat
// the layer asks once whether pc ∧ (x ≠ m(x) ∨ ...) over c's variables is
// unsat, and records the answer in the path's ConstraintSet (SCSE makes
// such values concrete in the state; KLEE's implied-value concretization
// finds them syntactically). The search waits for a few forced branches
// since the path condition last grew (how many adapts to how often searches
// succeed in this run), and a failed one is not repeated until it grows.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BitFacts.h"
#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Pipeline.h"

#include <algorithm>

namespace cosmo::solver {

namespace {

class ModelReusingSolver final : public SolverDecorator {
public:
  ModelReusingSolver(std::unique_ptr<Solver> inner, expr::ExprContext &ctx,
                     PipelineStats &stats)
      : SolverDecorator(std::move(inner)), ctx_(ctx),
        stats_(stats.modelReuse) {}

protected:
  SolverResult doCheck(const Query &q) override {
    if (!q.pcModel)
      return inner().check(q);
    std::optional<bool> value =
        q.condition ? expr::evaluateBool(q.condition, *q.pcModel,
                                         expr::Completion::ZeroDefault)
                    : std::optional<bool>(true);
    if (value == std::optional<bool>(true)) {
      ++stats_.hits;
      return SolverResult::sat(q.pcModel);
    }
    // Only a path (known satisfiable, kept in sets) records fixed values.
    const ConstraintSet *path = q.pcSatisfiable ? q.sets : nullptr;
    if (path && value) {
      const std::vector<ExprRef> &vars = q.conditionVars();
      if (path->fixesAll(vars)) {
        ++stats_.fixedHits;
        return SolverResult::unsat();
      }
      BitFacts facts(path->relevantTo(vars).constraints);
      std::optional<bool> known = facts.decide(q.condition);
      assert(known != std::optional<bool>(true) &&
             "the path's model falsifies what its known bits make true");
      if (known == std::optional<bool>(false)) {
        ++stats_.knownBitsHits;
        return SolverResult::unsat();
      }
    }
    // A model next to the path's: the condition's variables set to the
    // constants it compares them with (and their neighbours). A loop's exit
    // `n <= k` after `k - 1 < n` is satisfied by n = k; checking a
    // candidate is an evaluation of the constraints that share its
    // variables, far cheaper than a solver call.
    if (path && value)
      if (Model near = nearbyModel(q, *path)) {
        ++stats_.nearHits;
        return SolverResult::sat(std::move(near));
      }
    ++stats_.misses;
    SolverResult r = inner().check(q);
    if (r.isUnsat() && path && value && !q.conditionVars().empty() &&
        worthFixing(*path))
      findFixed(q, *path, q.conditionVars());
    return r;
  }

private:
  /// A side the model falsifies was just proved unsat. Every path meets a
  /// forced branch now and then; several before the path condition grows
  /// suggest its inputs are pinned down. How many is learned from the run:
  /// each window of searches that mostly failed doubles it, one that mostly
  /// succeeded halves it.
  bool worthFixing(const ConstraintSet &path) {
    ConstraintSet::FixingSchedule &when = path.fixingSchedule();
    if (when.size != path.size()) {
      when.size = path.size();
      when.forced = 0;
    }
    return ++when.forced >= forcedNeeded_ && when.failedAt != path.size();
  }

  void adapt(bool found) {
    windowFound_ += found;
    if (++windowSearches_ < kWindow)
      return;
    if (windowFound_ * 4 < kWindow)
      forcedNeeded_ = std::min(forcedNeeded_ * 2, kMaxForcedNeeded);
    else if (windowFound_ * 2 > kWindow)
      forcedNeeded_ = std::max(forcedNeeded_ / 2, kMinForcedNeeded);
    windowSearches_ = windowFound_ = 0;
  }

  /// A model of pc ∧ condition that differs from the path's in one of the
  /// condition's variables, set to a constant of the condition (or one
  /// more or less), or null.
  Model nearbyModel(const Query &q, const ConstraintSet &path) {
    const std::vector<ExprRef> &vars = q.conditionVars();
    if (vars.empty() || vars.size() > kNearVars)
      return nullptr;
    for (const ExprRef &v : vars)
      if (v->kind() != expr::Kind::Var || !v->sort().isBV() ||
          v->width() > 64)
        return nullptr;
    std::vector<uint64_t> constants;
    expr::forEachNode(q.condition, [&](const expr::Expr *e) {
      if (e->kind() == expr::Kind::BVConst && e->width() <= 64 &&
          constants.size() < kNearConstants)
        constants.push_back(e->bvValue().getZExtValue());
    });
    if (constants.empty())
      return nullptr;
    std::vector<ExprRef> relevant = path.relevantTo(vars).constraints;
    if (relevant.size() > kNearConstraints)
      return nullptr;
    auto satisfies = [&](const expr::Assignment &m) {
      if (expr::evaluateBool(q.condition, m, expr::Completion::ZeroDefault) !=
          std::optional<bool>(true))
        return false;
      for (const ExprRef &c : relevant)
        if (expr::evaluateBool(c, m, expr::Completion::ZeroDefault) !=
            std::optional<bool>(true))
          return false;
      return true;
    };
    for (const ExprRef &v : vars)
      for (uint64_t c : constants)
        for (int64_t d : {0, 1, -1}) {
          auto m = std::make_shared<expr::Assignment>(*q.pcModel);
          m->set(v, expr::Value::ofBits(llvm::APInt(
                        v->width(), c + static_cast<uint64_t>(d))));
          if (satisfies(*m))
            return m;
        }
    return nullptr;
  }

  /// Does `path` fix `vars` to their values in the query's model?
  void findFixed(const Query &q, const ConstraintSet &path,
                 const std::vector<ExprRef> &vars) {
    std::vector<ExprRef> differs;
    for (const ExprRef &v : vars) {
      if (v->kind() != expr::Kind::Var)
        return; // arrays: not a value to compare
      std::optional<expr::Value> x = expr::evaluate(v, *q.pcModel);
      if (!x)
        return;
      differs.push_back(ctx_.ne(v, x->in(ctx_)));
    }
    ++stats_.fixingQueries;
    SolverResult r = inner().check(
        Query::onPath(path, ctx_.orAll(differs), q.pcModel, false));
    if (r.isUnsat()) {
      ++stats_.fixed;
      adapt(true);
      path.recordFixed(vars);
    } else {
      path.fixingSchedule().failedAt = path.size();
      adapt(false);
    }
  }

  static constexpr unsigned kWindow = 16, kMinForcedNeeded = 2,
                            kMaxForcedNeeded = 64;
  /// Bounds of the nearby-model search: variables of the condition,
  /// constants tried, constraints evaluated per candidate.
  static constexpr size_t kNearVars = 2, kNearConstants = 4,
                          kNearConstraints = 4096;
  expr::ExprContext &ctx_;
  ModelReuseStats &stats_;
  unsigned forcedNeeded_ = kMinForcedNeeded;
  unsigned windowSearches_ = 0, windowFound_ = 0;
};

} // namespace

std::unique_ptr<Solver> createModelReusingSolver(std::unique_ptr<Solver> inner,
                                                 expr::ExprContext &ctx,
                                                 PipelineStats &stats) {
  return std::make_unique<ModelReusingSolver>(std::move(inner), ctx, stats);
}

} // namespace cosmo::solver
