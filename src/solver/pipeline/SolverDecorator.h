//===- SolverDecorator.h - a layer in front of another solver ---*- C++ -*-===//
//
// Private to the solver layer: what every layer of the pipeline shares. It
// owns the solver behind it and hands the per-query limit down to it.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_SOLVERDECORATOR_H
#define COSMO_SOLVER_SOLVERDECORATOR_H

#include "cosmo/solver/Solver.h"

namespace cosmo::solver {

class SolverDecorator : public Solver {
public:
  void setTimeoutMs(unsigned ms) final { inner_->setTimeoutMs(ms); }
  void interrupt() final { inner_->interrupt(); }

protected:
  explicit SolverDecorator(std::unique_ptr<Solver> inner)
      : inner_(std::move(inner)) {}
  Solver &inner() { return *inner_; }

private:
  std::unique_ptr<Solver> inner_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_SOLVERDECORATOR_H
