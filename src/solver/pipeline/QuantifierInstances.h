//===- QuantifierInstances.h - ground instances of assumed \forall -*- C++ -*-===//
//
// Z3 instantiates a quantifier by matching its array reads against the
// query's (E-matching), and a read `t[i]` of the program rarely has the
// shape of the quantifier's `t[k]` once the builder has rewritten both
// (4 * sext(i) becomes sext(i ++ 00)). So the engine adds instances itself:
// for every read select(A, e) of the query outside the quantifiers, and
// every read select(A, c * k + d) in a quantifier's body, the body at
// k = (e - d) / c. Every instance follows from the quantifier, whatever
// value it picks: adding them never changes what the query means, and
// often makes it quantifier-free enough to decide.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_QUANTIFIERINSTANCES_H
#define COSMO_SOLVER_QUANTIFIERINSTANCES_H

#include "cosmo/expr/ExprContext.h"

#include <span>
#include <vector>

namespace cosmo::solver {

/// Whether `e` holds a quantifier.
bool hasQuantifier(const expr::ExprRef &e);

/// Instances of the quantifiers of `terms` at the array reads of `terms`
/// (at most `limit` of them).
std::vector<expr::ExprRef>
quantifierInstances(expr::ExprContext &ctx,
                    std::span<const expr::ExprRef> terms, size_t limit = 512);

} // namespace cosmo::solver

#endif
