//===- CandidateSubsumption.h - candidates another one implies ---*- C++ -*-===//
//
// Private to the solver layer. Read as a clause (`g -> f` is `!g1 || ...
// || !gk || f1 || ... || fm`), a candidate whose literals are a subset of
// another's implies it: `c <u w -> key < 100` implies `c <u w && link !=
// 0 -> key < 100`. While the stronger one is kept, the weaker one adds
// nothing to a Houdini query, neither to its premise nor to what it asks
// (HoudiniChecks.cpp); the cell templates offer many such pairs (one fact
// under a range and under the range with one more conjunct), and a query's
// time grows with its conjuncts.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_HORN_CANDIDATESUBSUMPTION_H
#define COSMO_SOLVER_HORN_CANDIDATESUBSUMPTION_H

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Expr.h"

#include <map>
#include <utility>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

class CandidateSubsumption {
public:
  /// Those of `all` that no other of `all` implies by their literals (of
  /// candidates with the same literals, the first), in `all`'s order.
  /// Every candidate of `all` follows from them.
  std::vector<ExprRef> strongest(const std::vector<ExprRef> &all);

private:
  /// A literal: an atom and whether it is negated.
  using Literal = std::pair<const expr::Expr *, bool>;
  /// `c`'s literals as a clause, sorted (computed once per candidate).
  const std::vector<Literal> &literals(const ExprRef &c);
  std::map<ExprRef, std::vector<Literal>, expr::ExprIdLess> literals_;
  /// Answers given, by the sets asked (a Houdini run asks for the same
  /// set at each of a clause's atoms, and again until a drop).
  std::map<std::vector<ExprRef>, std::vector<ExprRef>> answers_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_HORN_CANDIDATESUBSUMPTION_H
