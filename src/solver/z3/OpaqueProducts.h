//===- OpaqueProducts.h - products of variables as opaque values -*- C++ -*-===//
//
// A formula over bit-vectors with each product of non-constant terms
// replaced by a fresh value: an abstraction that Z3 decides as linear
// arithmetic, where the products themselves are bit-blasted multipliers
// (refuting y*z - 18x == ... through equalities among products takes Z3
// minutes with the multipliers, milliseconds without). Only its `unsat`
// means anything: what the abstraction refutes, the formula does not
// satisfy. Used by the Horn solver (polynomial invariants) and by the Z3
// backends (path conditions with products).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_OPAQUEPRODUCTS_H
#define COSMO_SOLVER_OPAQUEPRODUCTS_H

#include "cosmo/expr/Expr.h"

#include <z3++.h>

#include <optional>
#include <vector>

namespace cosmo::solver {

/// Time the Z3 backends give a query that multiplies variables before
/// they ask the abstraction (refutedWithOpaqueProducts), and the
/// abstraction's own: most such queries are decided within it.
constexpr unsigned kOpaqueFirstTryMs = 200;

/// Whether `e` multiplies two non-constant bit-vectors somewhere.
bool hasProductOfVariables(const expr::ExprRef &e);

/// Whether the conjunction of `parts` is unsat with its products opaque
/// (withOpaqueProducts), within `ms` milliseconds: exact when true.
bool refutedWithOpaqueProducts(const z3::expr_vector &parts, unsigned ms);

/// The top-level conjuncts of `e`.
void conjuncts(const z3::expr &e, std::vector<z3::expr> &out);

/// `formula` with each product of two non-constant bit-vectors a fresh
/// value (the same product the same value; small conjuncts first in
/// sum-of-monomials form, so that 3*n*n and n*n*3 are one product); none
/// when it has none and `pin` changed nothing. With `pin`, first each
/// variable that two bounds pin to one value (a <= y <= a,
/// a < y <= a + 1, ...) gets that equality, and the variables equalities
/// define are eliminated (Z3's solve-eqs). What this refutes, `formula`
/// does not satisfy either.
std::optional<z3::expr> withOpaqueProducts(const z3::expr &formula,
                                           bool pin = true);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_OPAQUEPRODUCTS_H
