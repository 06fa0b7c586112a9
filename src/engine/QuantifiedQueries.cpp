//===- QuantifiedQueries.cpp - solver questions under an assumed \forall ---===//
//
// A path that assumed an ACSL \forall (ContractChecks.cpp) asks its
// questions here: the quantifier-free part with the quantifiers' ground
// instances first (QuantifierInstances.h), Z3's quantifier reasoning only
// for a model of an error's path.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include "QuantifierInstances.h"

#include <set>

namespace cosmo::engine {

namespace {
/// Instances per query: each adds array reads the bit-blaster pays for.
constexpr size_t kQuantifierInstances = 64;
/// An error's path gets this many more rounds, of this many instances.
constexpr unsigned kDeeperRounds = 2;
constexpr size_t kDeeperInstances = 1024;
} // namespace

solver::SolverResult Executor::askQuantified(ExecutionState &s,
                                             const ExprRef &cond,
                                             bool wantModel, unsigned limit) {
  // Z3 decides little once an assumed \forall is in a query: first the
  // quantifier-free part with the quantifiers' instances at the query's
  // array reads (QuantifierInstances.h); its `unsat` is the query's.
  std::vector<ExprRef> terms(s.constraints.list().begin(),
                             s.constraints.list().end());
  if (cond)
    terms.push_back(cond);
  std::vector<ExprRef> instances =
      quantifierInstances(ctx_, terms, kQuantifierInstances);
  solver::ConstraintSet groundPart, whole = s.constraints;
  for (const ExprRef &c : s.constraints.list())
    if (!hasQuantifier(c))
      groundPart.add(c);
  for (const ExprRef &i : instances) {
    whole.add(i);
    if (!hasQuantifier(i))
      groundPart.add(i);
  }
  solver_->setTimeoutMs(limit);
  // The instances are consequences of the path condition, so the ground
  // part is satisfiable if the path is; but a branch taken on an
  // over-approximation may not be, and an error there must not be
  // claimed: an error's questions do not let the solver assume it.
  auto askGround = [&] {
    solver::Query q = solver::Query::onPath(groundPart, cond, nullptr, false);
    q.pcSatisfiable = !wantModel;
    return solver_->check(q);
  };
  solver::SolverResult ground = askGround();
  // Where the ground part allows it, a branch is taken: Z3 seldom shows an
  // assumed \forall satisfiable, so this may be more paths than there are,
  // none missed (a proof stays a proof). An error on such a path needs a
  // model of the whole path condition before it is claimed (wantModel).
  if (ground.isUnsat() || ground.isUnknown() || !wantModel)
    return ground;
  // An error's path: before Z3 gets the quantifiers, deeper instances (of
  // the quantifiers at the reads the first instances made), which is what
  // refutes most errors a one-level instantiation let through.
  std::vector<ExprRef> deeper = terms;
  deeper.insert(deeper.end(), instances.begin(), instances.end());
  std::set<const expr::Expr *> known;
  for (const ExprRef &t : deeper)
    known.insert(t.get());
  for (unsigned round = 0; round < kDeeperRounds; ++round) {
    std::vector<ExprRef> more =
        quantifierInstances(ctx_, deeper, kDeeperInstances);
    size_t before = groundPart.size();
    for (const ExprRef &i : more)
      if (known.insert(i.get()).second) {
        deeper.push_back(i);
        whole.add(i);
        if (!hasQuantifier(i))
          groundPart.add(i);
      }
    if (groundPart.size() == before)
      break;
    solver::SolverResult r = askGround();
    if (r.isUnsat())
      return r;
  }
  return solver_->check(solver::Query::onPath(whole, cond, nullptr, true));
}

} // namespace cosmo::engine
