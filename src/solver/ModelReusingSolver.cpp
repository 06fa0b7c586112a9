//===- ModelReusingSolver.cpp - a path's model answers one branch side ----===//
//
// Seed 004 section 4.2 (state concretization, SCSE). The caller's model m of
// pc satisfies pc ∧ c whenever c(m) is true, so that query needs no solver;
// at a branch on c exactly one of c and ¬c holds in m, so one side of every
// branch is free. Conditions over variables m does not mention read them as
// zero, which is a value like any other: m extended with zeros still
// satisfies pc, which does not mention them either.
//
//===----------------------------------------------------------------------===//

#include "SolverDecorator.h"

#include "cosmo/solver/Pipeline.h"

namespace cosmo::solver {

namespace {

class ModelReusingSolver final : public SolverDecorator {
public:
  ModelReusingSolver(std::unique_ptr<Solver> inner, PipelineStats &stats)
      : SolverDecorator(std::move(inner)), stats_(stats.modelReuse) {}

protected:
  SolverResult doCheck(const Query &q) override {
    if (q.pcModel) {
      if (!q.condition || expr::evaluateBool(q.condition, *q.pcModel,
                                             expr::Completion::ZeroDefault) ==
                              std::optional<bool>(true)) {
        ++stats_.hits;
        return SolverResult::sat(q.pcModel);
      }
      ++stats_.misses;
    }
    return inner().check(q);
  }

private:
  ModelReuseStats &stats_;
};

} // namespace

std::unique_ptr<Solver> createModelReusingSolver(std::unique_ptr<Solver> inner,
                                                 PipelineStats &stats) {
  return std::make_unique<ModelReusingSolver>(std::move(inner), stats);
}

} // namespace cosmo::solver
