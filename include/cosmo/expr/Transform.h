//===- cosmo/expr/Transform.h - substitution and free variables -*- C++ -*-===//
//
// Substitution rebuilds a term through the simplifying builders, replacing
// nodes found in a map (the refinement sigma * e of seed 001 section 4.3 is a
// substitution of LI cells by values read from the context heap). Free
// variables are the Var and ArrayVar leaves of a term.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_TRANSFORM_H
#define COSMO_EXPR_TRANSFORM_H

#include "cosmo/expr/ExprContext.h"

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cosmo::expr {

using Substitution = std::unordered_map<ExprRef, ExprRef, ExprRefHash>;

/// `e` with every node in `sub`'s domain replaced (not recursively inside the
/// replacement), rebuilt with simplification.
ExprRef substitute(ExprContext &ctx, const ExprRef &e, const Substitution &sub);

/// Results of a rewrite by node, kept across calls that rewrite with the
/// same map (terms that share subterms are rebuilt once). Keyed by address:
/// the terms rewritten must outlive the memo, or a term made later at a
/// freed one's address would find its result.
using RewriteMemo = std::unordered_map<const Expr *, ExprRef>;

/// `substitute` for many terms under one `sub`: `memo` must only ever be
/// used with this `sub`.
ExprRef substitute(ExprContext &ctx, const ExprRef &e, const Substitution &sub,
                   RewriteMemo &memo);

/// Rebuild `e` bottom-up; `leaf` may replace any node (return null to keep
/// it and recurse into its children).
ExprRef rewriteBottomUp(ExprContext &ctx, const ExprRef &e,
                        const std::function<ExprRef(const ExprRef &)> &leaf);
/// The same, with the results kept in `memo` (for the same `leaf`).
ExprRef rewriteBottomUp(ExprContext &ctx, const ExprRef &e,
                        const std::function<ExprRef(const ExprRef &)> &leaf,
                        RewriteMemo &memo);

/// Var and ArrayVar leaves of `e`, ordered by id.
std::vector<ExprRef> freeVariables(const ExprRef &e);

/// Appends the top-level conjuncts of `e` to `out` (nested Ands
/// flattened; `e` itself when it is no And).
void conjunctsOf(const ExprRef &e, std::vector<ExprRef> &out);

/// SMT-LIB 2 text of `e` (shared subterms are repeated: the text of a DAG
/// can be exponentially longer than the DAG).
std::string toSmtLib(const ExprRef &e);
/// The same term with every compound subterm that occurs more than once
/// bound once by a `let` (names ?0, ?1, ...): text linear in the DAG.
std::string toSmtLibShared(const ExprRef &e);
/// A whole benchmark: declarations, one assert per constraint, check-sat.
std::string toSmtLibScript(const std::vector<ExprRef> &constraints);

/// What a subterm is called in C (an input's or a variable's name), or none
/// to print it from its children.
using CNames = std::function<std::optional<std::string>(const Expr *)>;
/// `e` for people, in C syntax with signed comparisons (`<`; unsigned ones
/// `<u`), fully parenthesised; leaves `names` does not name print as their
/// variable's name.
std::string toCText(const Expr *e, const CNames &names);

} // namespace cosmo::expr

#endif // COSMO_EXPR_TRANSFORM_H
