//===- WrittenValues.h - an iteration's writes as constants ---*- C++ -*-===//
//
// The helpers CellTemplates.cpp reads an iteration clause's writes with:
// the variables a clause defines, a written value that is one constant
// whatever the carried values are, a choice between constants split into
// its cases, and the facts such a write offers of the field it fills.
// Internal to the solver layer.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_WRITTENVALUES_H
#define COSMO_SOLVER_WRITTENVALUES_H

#include "cosmo/expr/Expr.h"
#include "cosmo/expr/Transform.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

/// A variable the clause defines where its guard holds (`v == e`, or
/// `g => v == e`: a tail pointer's index, the last cell's).
struct Definition {
  ExprRef var, value, guard;
};

/// The definitions among the top-level conjuncts of `constraint`.
std::vector<Definition> definitionsIn(const ExprRef &constraint);

/// `e` when it is the same constant whatever its variables are, but those
/// `defs` define (checked at three points: a guess that Houdini checks).
ExprRef constantGuess(expr::ExprContext &ctx, const ExprRef &e,
                      const std::vector<Definition> &defs = {});

/// Most constants a choice between constants is split into: a nest of
/// ites with more constant leaves offers no case facts (its walk stops
/// there, however deep the nest).
constexpr size_t kConstantCases = 4;

/// The facts of `field` that a write of `value` (over the relation's
/// arguments) offers: `field == k` for each constant k it takes, and for a
/// choice between constants, their disjunction and each under its
/// condition (`flag != 0 -> field == 1`: kept when the loop leaves the
/// flag as it is); a constant alone also under each of `flags`, its
/// iteration's conditions over unchanged scalars (unchangedConditions).
std::vector<ExprRef> writtenConstantFacts(expr::ExprContext &ctx,
                                          const ExprRef &field,
                                          const ExprRef &value,
                                          const std::vector<ExprRef> &flags);

/// The conjuncts of `constraint` over scalars that `next` (each argument
/// to its value after the iteration) leaves as they are, at most four: a
/// flag chosen before the loop (`if (flag) n->h = 1; else n->h = 2;` is
/// an iteration clause per branch), under which a constant the iteration
/// writes holds.
std::vector<ExprRef> unchangedConditions(const ExprRef &constraint,
                                         const expr::Substitution &next);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_WRITTENVALUES_H
