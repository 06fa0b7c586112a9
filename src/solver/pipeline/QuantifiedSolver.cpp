//===- QuantifiedSolver.cpp - questions about a path under a \forall ------===//
//
// A path that assumed a universally quantified formula (an ACSL \forall,
// a frame condition over every offset) asks its questions here
// (Query::quantified): Z3 decides little once a quantifier is in a query.
// The quantifier-free part goes first, with the quantifiers' ground
// instances at the query's array reads (QuantifierInstances.h); its
// `unsat` is the query's. Z3's own quantifier reasoning is asked only for
// a model of an error's path, after deeper instances.
//
//===----------------------------------------------------------------------===//

#include "pipeline/QuantifierInstances.h"
#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Pipeline.h"

#include <set>

namespace cosmo::solver {

namespace {

/// Instances per query: each adds array reads the bit-blaster pays for.
constexpr size_t kQuantifierInstances = 64;
/// An error's path gets this many more rounds, of this many instances.
constexpr unsigned kDeeperRounds = 2;
constexpr size_t kDeeperInstances = 1024;

class QuantifiedSolver final : public SolverDecorator {
public:
  QuantifiedSolver(std::unique_ptr<Solver> inner, expr::ExprContext &ctx)
      : SolverDecorator(std::move(inner)), ctx_(ctx) {}

protected:
  SolverResult doCheck(const Query &q) override {
    return q.quantified ? checkQuantified(q) : inner().check(q);
  }

private:
  SolverResult checkQuantified(const Query &q) {
    const ExprRef &cond = q.condition;
    bool wantModel = q.wantModel;
    std::vector<ExprRef> terms(q.pc.begin(), q.pc.end());
    if (cond)
      terms.push_back(cond);
    std::vector<ExprRef> instances =
        quantifierInstances(ctx_, terms, kQuantifierInstances);
    ConstraintSet groundPart;
    for (const ExprRef &c : q.pc)
      if (!hasQuantifier(c))
        groundPart.add(c);
    for (const ExprRef &i : instances)
      if (!hasQuantifier(i))
        groundPart.add(i);
    // The instances are consequences of the path condition, so the ground
    // part is satisfiable if the path is; but a branch taken on an
    // over-approximation may not be, and an error there must not be
    // claimed: an error's questions do not let the solver assume it.
    auto askGround = [&] {
      Query g = Query::onPath(groundPart, cond, nullptr, false);
      g.pcSatisfiable = !wantModel;
      return inner().check(g);
    };
    SolverResult ground = askGround();
    // Where the ground part allows it, a branch is taken: Z3 seldom shows
    // a \forall satisfiable, so this may be more paths than there are,
    // none missed (a proof stays a proof). An error on such a path needs a
    // model of the whole path condition before it is claimed (wantModel).
    if (ground.isUnsat() || ground.isUnknown() || !wantModel)
      return ground;
    // An error's path: before Z3 gets the quantifiers, deeper instances
    // (of the quantifiers at the reads the first instances made), which
    // is what refutes most errors a one-level instantiation let through.
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
          if (!hasQuantifier(i))
            groundPart.add(i);
        }
      if (groundPart.size() == before)
        break;
      SolverResult r = askGround();
      if (r.isUnsat())
        return r;
    }
    // Z3 gets the whole path condition and every instance (built only
    // now: most questions end above).
    ConstraintSet whole;
    for (const ExprRef &c : q.pc)
      whole.add(c);
    for (size_t k = terms.size(); k < deeper.size(); ++k)
      whole.add(deeper[k]);
    return inner().check(Query::onPath(whole, cond, nullptr, true));
  }

  expr::ExprContext &ctx_;
};

} // namespace

std::unique_ptr<Solver> createQuantifiedSolver(std::unique_ptr<Solver> inner,
                                               expr::ExprContext &ctx) {
  return std::make_unique<QuantifiedSolver>(std::move(inner), ctx);
}

} // namespace cosmo::solver
