//===- Simplifier.cpp - the simplifying builders of ExprContext -----------===//
//
// Every builder folds constants with SMT-LIB semantics (see Expr.h) and
// applies a few local rewrites. Each rewrite is named in a comment as
//   match:  <pattern>
//   result: <replacement>
// and counted under that name (ExprContext::rewriteCounts). Every rule must
// be exact for fixed-width two's-complement arithmetic; the property test in
// unittests/expr checks builder results against `raw` terms with Z3.
//
// Canonical forms: for commutative operators a constant operand goes left,
// otherwise operands are ordered by node id.
//
//===----------------------------------------------------------------------===//

#include "SimplifierRules.h"

using llvm::APInt;

namespace cosmo::expr {

namespace {

// Orders the operands of a commutative operator canonically.
void orderCommutative(ExprRef &a, ExprRef &b) {
  bool ac = a->isConst(), bc = b->isConst();
  if ((bc && !ac) || (ac == bc && b->id() < a->id()))
    std::swap(a, b);
}

// SMT-LIB semantics of division and remainder by zero.
APInt foldUDiv(const APInt &a, const APInt &b) {
  return b.isZero() ? APInt::getAllOnes(a.getBitWidth()) : a.udiv(b);
}
APInt foldURem(const APInt &a, const APInt &b) {
  return b.isZero() ? a : a.urem(b);
}
APInt foldSDiv(const APInt &a, const APInt &b) {
  unsigned w = a.getBitWidth();
  if (b.isZero())
    return a.isNegative() ? APInt(w, 1) : APInt::getAllOnes(w);
  // INT_MIN / -1 wraps to INT_MIN (APInt::sdiv does the same).
  return a.sdiv(b);
}
APInt foldSRem(const APInt &a, const APInt &b) {
  return b.isZero() ? a : a.srem(b);
}
APInt foldShift(Kind k, const APInt &a, const APInt &b) {
  unsigned w = a.getBitWidth();
  if (b.uge(w)) {
    if (k == Kind::AShr && a.isNegative())
      return APInt::getAllOnes(w);
    return APInt(w, 0);
  }
  unsigned s = static_cast<unsigned>(b.getZExtValue());
  switch (k) {
  case Kind::Shl: return a.shl(s);
  case Kind::LShr: return a.lshr(s);
  default: return a.ashr(s);
  }
}
} // namespace

//===--- Boolean ----------------------------------------------------------===//

ExprRef ExprContext::notE(const ExprRef &a) {
  assert(a->sort().isBool());
  if (a->kind() == Kind::BoolConst)
    return boolVal(!a->boolValue());
  if (a->kind() == Kind::Not) {
    // match: not(not(x))  result: x
    hit("not-not");
    return ExprRef(a->child(0));
  }
  ExprRef c[] = {a};
  return makeNode(Kind::Not, Sort::boolean(), c);
}

ExprRef ExprContext::andE(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBool() && b->sort().isBool());
  orderCommutative(a, b);
  if (a->kind() == Kind::BoolConst)
    return a->boolValue() ? b : a;
  if (a == b) {
    // match: and(x, x)  result: x
    hit("and-idem");
    return a;
  }
  if ((a->kind() == Kind::Not && a->child(0) == b.get()) ||
      (b->kind() == Kind::Not && b->child(0) == a.get())) {
    // match: and(x, not(x))  result: false
    hit("and-contradiction");
    return falseE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::And, Sort::boolean(), c);
}

ExprRef ExprContext::orE(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBool() && b->sort().isBool());
  orderCommutative(a, b);
  if (a->kind() == Kind::BoolConst)
    return a->boolValue() ? a : b;
  if (a == b) {
    // match: or(x, x)  result: x
    hit("or-idem");
    return a;
  }
  if ((a->kind() == Kind::Not && a->child(0) == b.get()) ||
      (b->kind() == Kind::Not && b->child(0) == a.get())) {
    // match: or(x, not(x))  result: true
    hit("or-excluded-middle");
    return trueE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Or, Sort::boolean(), c);
}

ExprRef ExprContext::ite(const ExprRef &c, const ExprRef &t, const ExprRef &e) {
  assert(c->sort().isBool() && t->sort() == e->sort());
  if (c->kind() == Kind::BoolConst)
    return c->boolValue() ? t : e;
  if (t == e) {
    // match: ite(c, x, x)  result: x
    hit("ite-same");
    return t;
  }
  if (t->sort().isBool()) {
    if (t->isTrue() && e->isFalse()) {
      // match: ite(c, true, false)  result: c
      hit("ite-bool-id");
      return c;
    }
    if (t->isFalse() && e->isTrue()) {
      // match: ite(c, false, true)  result: not(c)
      hit("ite-bool-not");
      return notE(c);
    }
  }
  if (c->kind() == Kind::Not) {
    // match: ite(not(c), x, y)  result: ite(c, y, x)
    hit("ite-not-cond");
    return ite(ExprRef(c->child(0)), e, t);
  }
  ExprRef ch[] = {c, t, e};
  return makeNode(Kind::Ite, t->sort(), ch);
}

//===--- Predicates -------------------------------------------------------===//

ExprRef ExprContext::eq(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort() == b->sort());
  orderCommutative(a, b);
  if (a == b)
    return trueE();
  if (a->isConst() && b->isConst())
    return falseE(); // hash-consed constants differ iff values differ
  if (a->sort().isBool() && a->kind() == Kind::BoolConst) {
    // match: eq(true, x) / eq(false, x)  result: x / not(x)
    hit("eq-bool-const");
    return a->boolValue() ? b : notE(b);
  }
  if (isBVConst(a)) {
    const APInt &k = a->bvValue();
    switch (b->kind()) {
    case Kind::Add:
      if (isBVConst(ExprRef(b->child(0)))) {
        // match: eq(k1, add(k2, x))  result: eq(k1 - k2, x)
        hit("eq-const-add");
        return eq(bv(k - b->child(0)->bvValue()), ExprRef(b->child(1)));
      }
      break;
    case Kind::ZExt: {
      // match: eq(k, zext(x))  result: eq(trunc(k), x) if k fits, else false
      hit("eq-const-zext");
      unsigned w = b->child(0)->width();
      if (k.getActiveBits() > w)
        return falseE();
      return eq(bv(k.trunc(w)), ExprRef(b->child(0)));
    }
    case Kind::SExt: {
      // match: eq(k, sext(x))  result: eq(trunc(k), x) if k fits, else false
      hit("eq-const-sext");
      unsigned w = b->child(0)->width();
      if (k.getMinSignedBits() > w)
        return falseE();
      return eq(bv(k.trunc(w)), ExprRef(b->child(0)));
    }
    case Kind::Concat: {
      // match: eq(k, concat(h, l))  result: and(eq(k_hi, h), eq(k_lo, l))
      hit("eq-const-concat");
      unsigned lw = b->child(1)->width();
      unsigned hw = b->child(0)->width();
      return andE(eq(bv(k.extractBits(hw, lw)), ExprRef(b->child(0))),
                  eq(bv(k.extractBits(lw, 0)), ExprRef(b->child(1))));
    }
    case Kind::Ite:
      if (b->child(1)->isConst() && b->child(2)->isConst()) {
        // match: eq(k, ite(c, k1, k2)), constants  result: c, not(c) or false
        hit("eq-const-ite");
        ExprRef cond(b->child(0));
        bool t = b->child(1) == a.get(), e = b->child(2) == a.get();
        return ite(cond, boolVal(t), boolVal(e));
      }
      break;
    default: break;
    }
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Eq, Sort::boolean(), c);
}

ExprRef ExprContext::ult(const ExprRef &a, const ExprRef &b) {
  assert(a->sort().isBV() && a->sort() == b->sort());
  if (isBVConst(a) && isBVConst(b))
    return boolVal(a->bvValue().ult(b->bvValue()));
  if (a == b || isBV(b, 0)) {
    // match: ult(x, x) / ult(x, 0)  result: false
    hit("ult-false");
    return falseE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Ult, Sort::boolean(), c);
}

ExprRef ExprContext::ule(const ExprRef &a, const ExprRef &b) {
  assert(a->sort().isBV() && a->sort() == b->sort());
  if (isBVConst(a) && isBVConst(b))
    return boolVal(a->bvValue().ule(b->bvValue()));
  if (a == b || isBV(a, 0) || isAllOnes(b)) {
    // match: ule(x, x) / ule(0, x) / ule(x, ~0)  result: true
    hit("ule-true");
    return trueE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Ule, Sort::boolean(), c);
}

ExprRef ExprContext::slt(const ExprRef &a, const ExprRef &b) {
  assert(a->sort().isBV() && a->sort() == b->sort());
  if (isBVConst(a) && isBVConst(b))
    return boolVal(a->bvValue().slt(b->bvValue()));
  if (a == b) {
    // match: slt(x, x)  result: false
    hit("slt-irrefl");
    return falseE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Slt, Sort::boolean(), c);
}

ExprRef ExprContext::sle(const ExprRef &a, const ExprRef &b) {
  assert(a->sort().isBV() && a->sort() == b->sort());
  if (isBVConst(a) && isBVConst(b))
    return boolVal(a->bvValue().sle(b->bvValue()));
  if (a == b) {
    // match: sle(x, x)  result: true
    hit("sle-refl");
    return trueE();
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Sle, Sort::boolean(), c);
}

//===--- Arithmetic -------------------------------------------------------===//


ExprRef ExprContext::add(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBV() && a->sort() == b->sort());
  orderCommutative(a, b);
  if (isBVConst(a)) {
    if (isBVConst(b))
      return bv(a->bvValue() + b->bvValue());
    if (a->bvValue().isZero()) {
      // match: add(0, x)  result: x
      hit("add-zero");
      return b;
    }
    if (b->kind() == Kind::Add && isBVConst(ExprRef(b->child(0)))) {
      // match: add(k1, add(k2, x))  result: add(k1 + k2, x)
      hit("add-const-assoc");
      return add(bv(a->bvValue() + b->child(0)->bvValue()),
                 ExprRef(b->child(1)));
    }
  } else if (b->kind() == Kind::Add && isBVConst(ExprRef(b->child(0)))) {
    // match: add(x, add(k, y))  result: add(k, add(x, y))
    hit("add-const-float");
    return add(ExprRef(b->child(0)), add(a, ExprRef(b->child(1))));
  } else if (a->kind() == Kind::Add && isBVConst(ExprRef(a->child(0)))) {
    // match: add(add(k, x), y)  result: add(k, add(x, y))
    hit("add-const-float");
    return add(ExprRef(a->child(0)), add(ExprRef(a->child(1)), b));
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Add, a->sort(), c);
}

ExprRef ExprContext::sub(const ExprRef &a, const ExprRef &b) {
  assert(a->sort().isBV() && a->sort() == b->sort());
  if (isBVConst(a) && isBVConst(b))
    return bv(a->bvValue() - b->bvValue());
  if (a == b) {
    // match: sub(x, x)  result: 0
    hit("sub-self");
    return bv(a->width(), 0);
  }
  if (isBVConst(b)) {
    // match: sub(x, k)  result: add(-k, x)
    hit("sub-const");
    return add(bv(-b->bvValue()), a);
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::Sub, a->sort(), c);
}

ExprRef ExprContext::mul(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBV() && a->sort() == b->sort());
  orderCommutative(a, b);
  if (isBVConst(a)) {
    if (isBVConst(b))
      return bv(a->bvValue() * b->bvValue());
    if (a->bvValue().isZero()) {
      // match: mul(0, x)  result: 0
      hit("mul-zero");
      return a;
    }
    if (a->bvValue().isOne()) {
      // match: mul(1, x)  result: x
      hit("mul-one");
      return b;
    }
  }
  if (isBVConst(a) && a->bvValue().isPowerOf2() && b->kind() == Kind::UDiv &&
      b->child(1) == a.get() &&
      knownTrailingZeros(b->child(0)) >= a->bvValue().logBase2()) {
    // match: mul(2^k, udiv(x, 2^k)), the low k bits of x zero  result: x
    // (an address made a cell index and back)
    hit("mul-udiv-aligned");
    return ExprRef(b->child(0));
  }
  if (ExprRef n = narrowArith(Kind::Mul, a, b))
    return n;
  ExprRef c[] = {a, b};
  return makeNode(Kind::Mul, a->sort(), c);
}

namespace {
using Fold = APInt (*)(const APInt &, const APInt &);

/// Bits `e` needs as a signed (`isSigned`) or unsigned number: an
/// extension's operand width, a constant's significant bits, else its own
/// width.
unsigned narrowWidth(const ExprRef &e, bool isSigned) {
  Kind k = isSigned ? Kind::SExt : Kind::ZExt;
  if (e->kind() == k)
    return e->child(0)->width();
  if (e->kind() == Kind::BVConst)
    return std::max(1u, isSigned ? e->bvValue().getMinSignedBits()
                                 : e->bvValue().getActiveBits());
  return e->width();
}
} // namespace

// C's integer promotions widen char and short operands to int before they
// are divided or multiplied, and a divider or multiplier bit-blasted at 32
// or 64 bits costs the solver seconds where the operands' own width costs
// milliseconds. On extended operands the narrow operation is exact, with
// one more bit for a signed quotient (-128 / -1 is 128) and twice the bits
// for a product; SMT-LIB's division by zero (udiv: all ones; sdiv: -1 or
// 1; rem: the dividend) agrees at both widths except for udiv's all ones,
// which is kept by a guard.
ExprRef ExprContext::narrowArith(Kind kind, const ExprRef &a,
                                 const ExprRef &b) {
  if (isBVConst(b) && b->bvValue().isZero())
    return nullptr; // division by zero: folded by the solver as it is
  bool isSigned = kind == Kind::SDiv || kind == Kind::SRem ||
                  (kind == Kind::Mul &&
                   (a->kind() == Kind::SExt || b->kind() == Kind::SExt));
  unsigned wa = narrowWidth(a, isSigned), wb = narrowWidth(b, isSigned);
  unsigned w = std::max(wa, wb) + (kind == Kind::SDiv ? 1 : 0);
  if (kind == Kind::Mul)
    w = wa + wb;
  unsigned full = a->width();
  // Both operands narrow (a constant alone is not worth a rewrite).
  bool extended = a->kind() == (isSigned ? Kind::SExt : Kind::ZExt) ||
                  b->kind() == (isSigned ? Kind::SExt : Kind::ZExt);
  if (!extended || w >= full || wa == full || wb == full)
    return nullptr;
  auto narrow = [&](const ExprRef &e) {
    if (e->kind() == Kind::BVConst)
      return bv(e->bvValue().trunc(w));
    ExprRef inner(e->child(0));
    return isSigned ? sext(inner, w) : zext(inner, w);
  };
  ExprRef na = narrow(a), nb = narrow(b), r;
  switch (kind) {
  case Kind::UDiv:
    // match: udiv(zext(x), zext(y))  result: ite(y = 0, ~0, zext(udiv))
    hit("udiv-narrow");
    r = zext(udiv(na, nb), full);
    // (a constant divisor 0 goes through the ite too: ~0 is full width)
    return isBVConst(nb) && !nb->bvValue().isZero()
               ? r
               : ite(eq(nb, bv(w, 0)),
                               bv(APInt::getAllOnes(full)), r);
  case Kind::URem:
    // match: urem(zext(x), zext(y))  result: zext(urem(x', y'))
    hit("urem-narrow");
    return zext(urem(na, nb), full);
  case Kind::SDiv: {
    // match: sdiv(sext(x), sext(y))
    // result: ite(x' = MIN && y' = -1, -MIN, sext(sdiv(x', y'))) with x', y'
    //         at the wider of their widths: the quotient the program
    //         computes itself (`\result == n / d` of an ACSL contract is
    //         then one term on both sides, not two dividers for the solver
    //         to prove equal); only MIN / -1 needs the bit more.
    hit("sdiv-narrow");
    unsigned wn = w - 1;
    if (wn < 2) // a 1-bit quotient of x / 0 (1) reads as -1
      return sext(sdiv(na, nb), full);
    auto narrowTo = [&](const ExprRef &e) {
      return isBVConst(e) ? bv(e->bvValue().trunc(wn))
                          : sext(ExprRef(e->child(0)), wn);
    };
    ExprRef x = narrowTo(a), y = narrowTo(b);
    APInt min = APInt::getSignedMinValue(wn);
    return ite(andE(eq(x, bv(min)), eq(y, bv(APInt::getAllOnes(wn)))),
               bv(min.zext(full)), sext(sdiv(x, y), full));
  }
  case Kind::SRem:
    // match: srem(sext(x), sext(y))  result: sext(srem(x', y'))
    hit("srem-narrow");
    return sext(srem(na, nb), full);
  case Kind::Mul:
    // match: mul(ext(x), ext(y)), |x| + |y| < width  result: ext(mul(x', y'))
    hit("mul-narrow");
    r = mul(na, nb);
    return isSigned ? sext(r, full) : zext(r, full);
  default:
    return nullptr;
  }
}

#define COSMO_DIVLIKE(NAME, KIND, FOLD)                                        \
  ExprRef ExprContext::NAME(const ExprRef &a, const ExprRef &b) {              \
    assert(a->sort().isBV() && a->sort() == b->sort());                        \
    if (isBVConst(a) && isBVConst(b))                                          \
      return bv(FOLD(a->bvValue(), b->bvValue()));                             \
    if (isBV(b, 1) && (KIND == Kind::UDiv || KIND == Kind::SDiv)) {            \
      /* match: div(x, 1)  result: x */                                        \
      hit("div-one");                                                          \
      return a;                                                                \
    }                                                                          \
    if (ExprRef n = narrowArith(KIND, a, b))                                   \
      return n;                                                                \
    ExprRef c[] = {a, b};                                                      \
    return makeNode(KIND, a->sort(), c);                                       \
  }
COSMO_DIVLIKE(udiv, Kind::UDiv, foldUDiv)
COSMO_DIVLIKE(sdiv, Kind::SDiv, foldSDiv)
COSMO_DIVLIKE(urem, Kind::URem, foldURem)
COSMO_DIVLIKE(srem, Kind::SRem, foldSRem)
#undef COSMO_DIVLIKE

#define COSMO_SHIFT(NAME, KIND)                                                \
  ExprRef ExprContext::NAME(const ExprRef &a, const ExprRef &b) {              \
    assert(a->sort().isBV() && a->sort() == b->sort());                        \
    if (isBVConst(a) && isBVConst(b))                                          \
      return bv(foldShift(KIND, a->bvValue(), b->bvValue()));                  \
    if (isBV(b, 0)) {                                                          \
      /* match: shift(x, 0)  result: x */                                      \
      hit("shift-zero");                                                       \
      return a;                                                                \
    }                                                                          \
    ExprRef c[] = {a, b};                                                      \
    return makeNode(KIND, a->sort(), c);                                       \
  }
COSMO_SHIFT(shl, Kind::Shl)
COSMO_SHIFT(lshr, Kind::LShr)
COSMO_SHIFT(ashr, Kind::AShr)
#undef COSMO_SHIFT

ExprRef ExprContext::band(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBV() && a->sort() == b->sort());
  orderCommutative(a, b);
  if (isBVConst(a)) {
    if (isBVConst(b))
      return bv(a->bvValue() & b->bvValue());
    if (a->bvValue().isZero()) {
      // match: and(0, x)  result: 0
      hit("band-zero");
      return a;
    }
    if (a->bvValue().isAllOnes()) {
      // match: and(~0, x)  result: x
      hit("band-ones");
      return b;
    }
  }
  if (a == b) {
    // match: and(x, x)  result: x
    hit("band-idem");
    return a;
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::BAnd, a->sort(), c);
}

ExprRef ExprContext::bor(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBV() && a->sort() == b->sort());
  orderCommutative(a, b);
  if (isBVConst(a)) {
    if (isBVConst(b))
      return bv(a->bvValue() | b->bvValue());
    if (a->bvValue().isZero()) {
      // match: or(0, x)  result: x
      hit("bor-zero");
      return b;
    }
    if (a->bvValue().isAllOnes()) {
      // match: or(~0, x)  result: ~0
      hit("bor-ones");
      return a;
    }
  }
  if (a == b) {
    // match: or(x, x)  result: x
    hit("bor-idem");
    return a;
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::BOr, a->sort(), c);
}

ExprRef ExprContext::bxor(const ExprRef &a0, const ExprRef &b0) {
  ExprRef a = a0, b = b0;
  assert(a->sort().isBV() && a->sort() == b->sort());
  orderCommutative(a, b);
  if (isBVConst(a)) {
    if (isBVConst(b))
      return bv(a->bvValue() ^ b->bvValue());
    if (a->bvValue().isZero()) {
      // match: xor(0, x)  result: x
      hit("bxor-zero");
      return b;
    }
  }
  if (a == b) {
    // match: xor(x, x)  result: 0
    hit("bxor-self");
    return bv(a->width(), 0);
  }
  ExprRef c[] = {a, b};
  return makeNode(Kind::BXor, a->sort(), c);
}

ExprRef ExprContext::bnot(const ExprRef &a) {
  assert(a->sort().isBV());
  if (isBVConst(a))
    return bv(~a->bvValue());
  if (a->kind() == Kind::BNot) {
    // match: bvnot(bvnot(x))  result: x
    hit("bnot-bnot");
    return ExprRef(a->child(0));
  }
  ExprRef c[] = {a};
  return makeNode(Kind::BNot, a->sort(), c);
}

ExprRef ExprContext::neg(const ExprRef &a) {
  assert(a->sort().isBV());
  if (isBVConst(a))
    return bv(-a->bvValue());
  if (a->kind() == Kind::Neg) {
    // match: bvneg(bvneg(x))  result: x
    hit("neg-neg");
    return ExprRef(a->child(0));
  }
  ExprRef c[] = {a};
  return makeNode(Kind::Neg, a->sort(), c);
}

} // namespace cosmo::expr
