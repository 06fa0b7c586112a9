//===- AffineEqualities.h - linear equalities a Horn system's states keep -*- C++ -*-===//
//
// Candidate invariants for the Horn solver that Spacer (Z3 4.8.12) misses:
// linear equalities among a relation's bit-vector arguments, such as
// k == i or k - j == k0 - n for two counters that move together. Spacer
// blocks a counterexample by bounds, one value at a time, and can
// enumerate bounds forever where one equality proves the loop (measured:
// `i = k = 0; while (i < n) { i++; k++; } j = n; while (j > 0) { k > 0;
// j--; k--; }` is not proved in 20 s without k == i, in 0.02 s with it).
//
// The equalities come from the data, as in Karr's analysis without its
// abstract domain: states of each relation are sampled by deriving them
// through the clauses (Z3 over bit-vectors picks each clause's values,
// starting from the entry clauses), and the affine hull of the samples
// gives the equalities c . args == c0 that all of them satisfy. They are
// only candidates: too few samples give equalities that do not hold, and
// the caller checks each one (Houdini over bit-vectors). Relations with
// few independent arguments also get equalities over their products
// (2x == y*y + y, as DIG infers nla-digbench's invariants), which the
// caller keeps only when each iteration leaves the polynomial unchanged.
// Internal to the solver layer (HornSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_AFFINEEQUALITIES_H
#define COSMO_SOLVER_AFFINEEQUALITIES_H

#include "z3/Z3Translator.h"

#include "cosmo/solver/Horn.h"

#include <llvm/ADT/APInt.h>
#include <llvm/ADT/ArrayRef.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace cosmo::solver {

/// Integer vectors c (and c0) with c . v == c0 for every vector v of
/// `points` (all of one length, each entry a signed value), the basis of
/// the equalities of their affine hull with small coefficients (at most
/// 2^20 in magnitude after clearing denominators): equalities that need
/// larger ones are left out. Exact: every equality returned holds of every
/// point.
struct AffineEquality {
  std::vector<int64_t> coefficients;
  __int128 constant = 0;
  /// The column it determines from the others (a different one for each
  /// equality of the basis; its coefficient is not zero).
  size_t determined = 0;
};
std::vector<AffineEquality>
affineHullEqualities(const std::vector<std::vector<int64_t>> &points);

/// Per relation of `system`, candidate equalities over its bit-vector
/// arguments (HornSystem::argument), modular in the widest of their
/// widths, from samples derived through its clauses by `deadline`: linear
/// ones, and of relations with few arguments those with products of two
/// arguments (polynomial invariants of degree 2, as DIG infers them).
struct EqualityCandidates {
  std::vector<std::vector<ExprRef>> linear, quadratic;
  /// A linear equality (one of `linear`) that gives one argument as a
  /// term of the others (its coefficient is 1 or -1, every argument it
  /// involves of one width): argument `argument` == `value`.
  struct Definition {
    ExprRef equality;
    unsigned argument = 0;
    ExprRef value; ///< over HornSystem::argument
  };
  std::vector<std::vector<Definition>> definitions;
  /// x <= y (signed, the narrower sign-extended) for arguments every
  /// sample orders so, x <= y + d (d of 1 or 2) where the samples exceed
  /// y by d at most, and 0 <= x for those never negative: the bound a
  /// loop that leaves on `i != n` keeps (i <= n), or on `i > n` (i <= n +
  /// 1), which Spacer over the integers does not find (it blocks one
  /// value of i at a time).
  std::vector<std::vector<ExprRef>> orderings;
};
EqualityCandidates
affineEqualityCandidates(expr::ExprContext &ctx, const HornSystem &system,
                         Z3Translator &bv,
                         std::chrono::steady_clock::time_point deadline);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_AFFINEEQUALITIES_H
