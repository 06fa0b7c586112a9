//===- PathFacts.h - what a path condition says outright -------*- C++ -*-===//
//
// Simplifying a term by its path condition without the solver: each
// conjunct is true, the operand of a negated one false, a variable it
// equates to a constant is that constant, a comparison it makes also
// decides the comparison of the same terms the other way round, and the
// signed bounds it puts on terms (`lo <= x <= hi`) decide comparisons
// between bounded terms. The result equals the term on every input the
// path takes (seed 001 statement 1: guards the context falsifies drop out,
// those it implies fold). The pipeline's first layer (`facts`) answers
// the conditions it decides; composition uses it to rule out a callee's
// paths, and to fold its summaries, before any query.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_PATHFACTS_H
#define COSMO_SOLVER_PATHFACTS_H

#include "cosmo/expr/Expr.h"
#include "cosmo/expr/Transform.h"

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

class PathFacts {
public:
  /// The facts of the (satisfiable) path condition `constraints`.
  PathFacts(expr::ExprContext &ctx, std::span<const ExprRef> constraints);

  /// Adds the facts of more constraints of the same path: the same facts
  /// as building from all of them at once.
  void add(std::span<const ExprRef> constraints);

  /// `e` with every subterm the facts decide replaced by its value.
  ExprRef simplify(const ExprRef &e);

private:
  void noteOrder(const ExprRef &c, bool holds);
  void noteBound(const ExprRef &c, bool holds);
  std::optional<bool> decideByBounds(const ExprRef &c) const;

  using Range = std::pair<int64_t, int64_t>;
  std::optional<Range> range(const ExprRef &x) const;
  Range &entry(const ExprRef &x);

  expr::ExprContext &ctx_;
  expr::Substitution facts_;
  std::unordered_map<ExprRef, Range, expr::ExprRefHash> bounds_;
  expr::RewriteMemo memo_;
  std::vector<ExprRef> simplified_; ///< keeps memo_'s keys alive
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_PATHFACTS_H
