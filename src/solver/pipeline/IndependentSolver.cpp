//===- IndependentSolver.cpp - ask only what a condition depends on -------===//
//
// Seed 004 section 3. A query pc ∧ c is satisfiable iff the independent set
// of pc that shares variables with c is satisfiable together with c, and
// every other set is satisfiable on its own. The engine's path conditions
// are satisfiable by construction (`Query::pcSatisfiable`), so only the
// first part is asked; for any other caller the remaining sets are asked
// too, each on its own (small queries the cache below answers well).
//
// Models: the sub-model gives the asked sets' variables their values;
// every other variable keeps its value from the caller's model of pc
// (seed 004 §3.2: "the values of the other variables are taken from the
// current model, since they still satisfy the path condition"), or, without
// one, from the other sets' own models.
//
//===----------------------------------------------------------------------===//

#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Pipeline.h"

namespace cosmo::solver {

namespace {

class IndependentSolver final : public SolverDecorator {
public:
  IndependentSolver(std::unique_ptr<Solver> inner, PipelineStats &stats,
                    bool askSetsApart)
      : SolverDecorator(std::move(inner)), stats_(stats.independence),
        askSetsApart_(askSetsApart) {}

protected:
  SolverResult doCheck(const Query &q) override {
    ++stats_.queries;
    ExprRef cond = q.condition;
    if (cond && cond->isFalse()) {
      ++stats_.answered;
      return SolverResult::unsat();
    }
    if (cond && cond->isTrue())
      cond = nullptr;
    ConstraintSet local;
    const ConstraintSet *sets = q.sets;
    if (!sets || !sets->tracksIndependence()) {
      for (const ExprRef &c : q.pc)
        local.add(c);
      sets = &local;
    }
    stats_.constraintsBefore += q.pc.size() + (cond ? 1 : 0);

    // The parts to ask: the condition with its sets first, then (when pc
    // is not known satisfiable, or a model of it is needed and not given)
    // every other set.
    std::vector<ConstraintSet::IndependentSet> parts;
    // A true condition was dropped above and has no variables anyway.
    const std::vector<ExprRef> &condVars = q.conditionVars();
    if (cond) {
      ConstraintSet::IndependentSet slice = sets->relevantTo(condVars);
      slice.constraints.push_back(cond);
      slice.vars.insert(slice.vars.end(), condVars.begin(), condVars.end());
      parts.push_back(std::move(slice));
    }
    bool needRest = !q.pcSatisfiable && !q.pcModel;
    needRest |= q.wantModel && !q.pcModel;
    if (needRest) {
      // Apart, each set is a query a cache below may know; with no cache
      // below, the sets are asked together (one solver call instead of one
      // per set).
      std::vector<ConstraintSet::IndependentSet> rest =
          sets->independentSets(condVars);
      if (askSetsApart_ || rest.size() < 2) {
        for (ConstraintSet::IndependentSet &s : rest)
          parts.push_back(std::move(s));
      } else {
        ConstraintSet::IndependentSet all;
        for (ConstraintSet::IndependentSet &s : rest) {
          all.constraints.insert(all.constraints.end(), s.constraints.begin(),
                                 s.constraints.end());
          all.vars.insert(all.vars.end(), s.vars.begin(), s.vars.end());
        }
        parts.push_back(std::move(all));
      }
    }
    if (parts.empty()) {
      // pc alone, known satisfiable (or empty), its model given if wanted.
      ++stats_.answered;
      if (!q.wantModel)
        return SolverResult::sat();
      return SolverResult::sat(
          q.pcModel ? q.pcModel : std::make_shared<expr::Assignment>());
    }

    std::shared_ptr<expr::Assignment> model;
    if (q.wantModel)
      model = q.pcModel ? std::make_shared<expr::Assignment>(*q.pcModel)
                        : std::make_shared<expr::Assignment>();
    for (const ConstraintSet::IndependentSet &part : parts) {
      stats_.constraintsAfter += part.constraints.size();
      ++stats_.subqueries;
      SolverResult r = inner().check(Query(part.constraints, q.wantModel));
      if (!r.isSat())
        return r; // one unsat (or undecided) part decides the whole
      if (model)
        overlay(*model, *r.model, part.vars);
    }
    return SolverResult::sat(std::move(model));
  }

private:
  // The part's variables take the sub-model's values (zero where it has
  // none, models being total with zero defaults).
  static void overlay(expr::Assignment &into, const expr::Assignment &sub,
                      const std::vector<ExprRef> &vars) {
    for (const ExprRef &v : vars) {
      into.erase(v);
      if (const expr::Value *val = sub.get(v))
        into.set(v, *val);
      else if (const expr::ArrayValue *arr = sub.getArray(v))
        into.setArray(v, *arr);
    }
  }

  IndependenceStats &stats_;
  bool askSetsApart_;
};

} // namespace

std::unique_ptr<Solver> createIndependentSolver(std::unique_ptr<Solver> inner,
                                                PipelineStats &stats,
                                                bool askSetsApart) {
  return std::make_unique<IndependentSolver>(std::move(inner), stats,
                                             askSetsApart);
}

} // namespace cosmo::solver
