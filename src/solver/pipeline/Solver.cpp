//===- Solver.cpp - the one solver interface ------------------------------===//

#include "cosmo/solver/Solver.h"

#include "cosmo/expr/Transform.h"
#include "cosmo/solver/ConstraintSet.h"

namespace cosmo::solver {

Solver::~Solver() = default;

Query Query::onPath(const ConstraintSet &path, ExprRef condition,
                    Model pathModel, bool wantModel) {
  Query q(path.list(), wantModel);
  q.sets = &path;
  q.condition = std::move(condition);
  q.pcModel = std::move(pathModel);
  q.pcSatisfiable = true;
  return q;
}

const std::vector<ExprRef> &Query::conditionVars() const {
  if (varsOf_ != condition) {
    conditionVars_ = condition ? expr::freeVariables(condition)
                               : std::vector<ExprRef>();
    varsOf_ = condition;
  }
  return conditionVars_;
}

std::vector<ExprRef> Query::conjuncts() const {
  std::vector<ExprRef> out(pc.begin(), pc.end());
  if (condition)
    out.push_back(condition);
  return out;
}

} // namespace cosmo::solver
