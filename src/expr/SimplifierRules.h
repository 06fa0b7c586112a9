//===- SimplifierRules.h - what the builders share --------------*- C++ -*-===//
//
// Internal to the expr layer: the tests on constants every builder's rules
// use, and what is known of a term's low bits whatever its variables are
// (an address `16x + 4` is 4 modulo 16), which tells two addresses apart
// (Simplifier.cpp, SimplifyArrays.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_SIMPLIFIERRULES_H
#define COSMO_EXPR_SIMPLIFIERRULES_H

#include "cosmo/expr/ExprContext.h"

namespace cosmo::expr {

inline bool isBV(const ExprRef &e, uint64_t v) {
  return e->kind() == Kind::BVConst && e->bvValue() == v;
}
inline bool isAllOnes(const ExprRef &e) {
  return e->kind() == Kind::BVConst && e->bvValue().isAllOnes();
}
inline bool isBVConst(const ExprRef &e) { return e->kind() == Kind::BVConst; }

/// What is known of the low bits of a term whatever its variables are: it
/// equals `value` modulo 2^bits.
struct LowBits {
  unsigned bits;
  llvm::APInt value;
};
LowBits knownLowBits(const Expr *e);

/// How many low bits of `e` are known to be zero.
unsigned knownTrailingZeros(const Expr *e);

/// Whether `a` and `b` differ in a low bit both know.
bool lowBitsDiffer(const Expr *a, const Expr *b);

} // namespace cosmo::expr

#endif // COSMO_EXPR_SIMPLIFIERRULES_H
