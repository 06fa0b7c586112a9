//===- CexCachingSolver.cpp - KLEE's counterexample cache -----------------===//
//
// Seed 004 section 4.1. Stored answers decide a new set of constraints Q:
//   exact            Q itself was asked before;
//   unsat subset     a stored unsat set S ⊆ Q makes Q unsat;
//   superset model   a model of a stored sat set S ⊇ Q satisfies Q;
//   subset model     a model of a stored sat set S ⊆ Q often satisfies Q
//                    too: evaluate Q under it (no solver).
// Misses go on to the solver below, always asking for a model so the
// answer can serve later queries, and are stored.
//
//===----------------------------------------------------------------------===//

#include "pipeline/CexCache.h"
#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/Pipeline.h"

#include <algorithm>

namespace cosmo::solver {

namespace {

class CexCachingSolver final : public SolverDecorator {
public:
  CexCachingSolver(std::unique_ptr<Solver> inner, PipelineStats &stats)
      : SolverDecorator(std::move(inner)), stats_(stats.cexCache) {}

protected:
  SolverResult doCheck(const Query &q) override {
    std::vector<ExprRef> conjuncts = q.conjuncts();
    for (const ExprRef &c : conjuncts)
      if (c->isFalse())
        return SolverResult::unsat();
    CexCache::Key key = keyOf(conjuncts);

    if (const CexCache::Entry *e = cache_.find(key)) {
      ++stats_.exact;
      return e->sat ? SolverResult::sat(e->model) : SolverResult::unsat();
    }
    if (cache_.hasUnsatSubset(key)) {
      ++stats_.unsatSubset;
      return SolverResult::unsat();
    }
    if (Model m = cache_.supersetModel(key)) {
      ++stats_.supersetModel;
      return remember(key, m);
    }
    // The newest constraints are the likeliest to fail: test them first.
    auto satisfies = [&](const expr::Assignment &a) {
      for (auto it = conjuncts.rbegin(); it != conjuncts.rend(); ++it)
        if (expr::evaluateBool(*it, a, expr::Completion::ZeroDefault) !=
            std::optional<bool>(true))
          return false;
      return true;
    };
    if (Model m = cache_.subsetModel(key, satisfies, kSubsetCandidates)) {
      ++stats_.subsetModel;
      return remember(key, m);
    }

    ++stats_.misses;
    Query full(conjuncts, /*model=*/true);
    SolverResult r = inner().check(full);
    if (r.isSat()) {
      store(key, {true, r.model});
    } else if (r.isUnsat()) {
      store(key, {false, nullptr});
      // An unsat core is a smaller unsat set: more later queries contain it.
      if (!r.unsatCore.empty() && r.unsatCore.size() < key.size())
        store(keyOf(r.unsatCore), {false, nullptr});
    }
    return r;
  }

private:
  static CexCache::Key keyOf(const std::vector<ExprRef> &constraints) {
    CexCache::Key key;
    key.reserve(constraints.size());
    for (const ExprRef &c : constraints)
      if (!c->isTrue())
        key.push_back(c->id());
    std::sort(key.begin(), key.end());
    key.erase(std::unique(key.begin(), key.end()), key.end());
    return key;
  }

  SolverResult remember(const CexCache::Key &key, Model m) {
    store(key, {true, m});
    return SolverResult::sat(std::move(m));
  }

  void store(const CexCache::Key &key, CexCache::Entry e) {
    if (cache_.size() >= kMaxEntries)
      cache_.clear(); // a crude bound; the entries of live paths come back
    cache_.insert(key, std::move(e));
  }

  static constexpr unsigned kSubsetCandidates = 16;
  static constexpr size_t kMaxEntries = 200000;

  CexCacheStats &stats_;
  CexCache cache_;
};

} // namespace

std::unique_ptr<Solver> createCexCachingSolver(std::unique_ptr<Solver> inner,
                                               PipelineStats &stats) {
  return std::make_unique<CexCachingSolver>(std::move(inner), stats);
}

} // namespace cosmo::solver
