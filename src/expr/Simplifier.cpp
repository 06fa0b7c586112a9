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

#include "cosmo/expr/ExprContext.h"

using llvm::APInt;

namespace cosmo::expr {

namespace {
bool isBV(const ExprRef &e, uint64_t v) {
  return e->kind() == Kind::BVConst && e->bvValue() == v;
}
bool isAllOnes(const ExprRef &e) {
  return e->kind() == Kind::BVConst && e->bvValue().isAllOnes();
}
bool isBVConst(const ExprRef &e) { return e->kind() == Kind::BVConst; }

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

namespace {
/// What is known of the low bits of a term whatever its variables are: it
/// equals `value` modulo 2^bits.
struct LowBits {
  unsigned bits;
  APInt value;
};

LowBits knownLowBits(const Expr *e) {
  unsigned w = e->width();
  switch (e->kind()) {
  case Kind::BVConst:
    return {w, e->bvValue()};
  case Kind::Add: {
    LowBits a = knownLowBits(e->child(0)), b = knownLowBits(e->child(1));
    return {std::min(a.bits, b.bits), a.value + b.value};
  }
  case Kind::Mul: {
    // (va + 2^ta p)(vb + 2^tb q) = va vb modulo 2^(ta + tz(vb)) and
    // modulo 2^(tb + tz(va)), tz of a value counted within its known bits.
    LowBits a = knownLowBits(e->child(0)), b = knownLowBits(e->child(1));
    unsigned za = std::min(a.bits, a.value.countTrailingZeros());
    unsigned zb = std::min(b.bits, b.value.countTrailingZeros());
    return {std::min({w, a.bits + zb, b.bits + za}), a.value * b.value};
  }
  case Kind::Shl:
    if (e->child(1)->kind() == Kind::BVConst &&
        e->child(1)->bvValue().ult(w)) {
      unsigned k = static_cast<unsigned>(e->child(1)->bvValue().getZExtValue());
      LowBits a = knownLowBits(e->child(0));
      return {std::min(w, a.bits + k), a.value.shl(k)};
    }
    break;
  case Kind::ZExt: {
    LowBits a = knownLowBits(e->child(0));
    return {a.bits == e->child(0)->width() ? w : a.bits, a.value.zext(w)};
  }
  case Kind::Extract: { // bits aux0..aux1
    LowBits a = knownLowBits(e->child(0));
    unsigned lo = e->aux1();
    return {a.bits > lo ? std::min(w, a.bits - lo) : 0,
            a.value.lshr(lo).trunc(w)};
  }
  default:
    break;
  }
  return {0, APInt(w, 0)};
}

/// Whether `a` and `b` differ in a low bit both know.
bool lowBitsDiffer(const Expr *a, const Expr *b) {
  LowBits x = knownLowBits(a), y = knownLowBits(b);
  unsigned bits = std::min(x.bits, y.bits);
  return bits > 0 && (x.value ^ y.value).countTrailingZeros() < bits;
}
} // namespace

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
      [k = a->bvValue().logBase2()](const LowBits &x) {
        return x.bits >= k && x.value.countTrailingZeros() >= k;
      }(knownLowBits(b->child(0)))) {
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

//===--- Widths -----------------------------------------------------------===//

ExprRef ExprContext::concat(const ExprRef &hi, const ExprRef &lo) {
  assert(hi->sort().isBV() && lo->sort().isBV());
  if (isBVConst(hi) && isBVConst(lo))
    return bv(hi->bvValue().concat(lo->bvValue()));
  // The slice of x below hi's, as the builder makes it (an extract of a
  // sum may have become a sum of extracts): `part` if it is that slice.
  auto sliceBelow = [&](const Expr *part) {
    if (hi->kind() != Kind::Extract)
      return false;
    unsigned m = hi->aux1();
    return part->width() <= m &&
           extract(ExprRef(hi->child(0)), m - 1, m - part->width()).get() ==
               part;
  };
  if (sliceBelow(lo.get())) {
    // match: concat(x[h:m+1], x[m:l])  result: x[h:l]
    hit("concat-adjacent-extracts");
    return extract(ExprRef(hi->child(0)), hi->aux0(),
                   hi->aux1() - lo->width());
  }
  if (lo->kind() == Kind::Concat && sliceBelow(lo->child(0))) {
    // match: concat(x[h:m+1], concat(x[m:l], y))
    // result: concat(x[h:l], y)
    hit("concat-adjacent-extracts-nested");
    return concat(extract(ExprRef(hi->child(0)), hi->aux0(),
                          hi->aux1() - lo->child(0)->width()),
                  ExprRef(lo->child(1)));
  }
  // Bytes merged under one guard (a summary's writes, seed 001 def. 7)
  // read back as one word: the union of the words, not a word of unions.
  if (hi->kind() == Kind::Ite && lo->kind() == Kind::Ite &&
      hi->child(0) == lo->child(0)) {
    // match: concat(ite(c, a, b), ite(c, d, e))
    // result: ite(c, concat(a, d), concat(b, e))
    hit("concat-ite-same-cond");
    return ite(ExprRef(hi->child(0)),
               concat(ExprRef(hi->child(1)), ExprRef(lo->child(1))),
               concat(ExprRef(hi->child(2)), ExprRef(lo->child(2))));
  }
  if (hi->kind() == Kind::Ite && lo->kind() == Kind::Concat &&
      lo->child(0)->kind() == Kind::Ite &&
      hi->child(0) == lo->child(0)->child(0)) {
    // match: concat(ite(c, a, b), concat(ite(c, d, e), y))
    // result: concat(ite(c, concat(a, d), concat(b, e)), y)
    hit("concat-ite-same-cond-nested");
    return concat(concat(hi, ExprRef(lo->child(0))), ExprRef(lo->child(1)));
  }
  if (hi->kind() == Kind::Extract && hi->aux1() == lo->width() &&
      (hi->child(0)->kind() == Kind::SExt ||
       hi->child(0)->kind() == Kind::ZExt)) {
    // The high bits of an extension over the same extension's low bits
    // (or its operand itself): one wider extension.
    Kind ext = hi->child(0)->kind();
    const Expr *x = hi->child(0)->child(0);
    if (x == lo.get() || (lo->kind() == ext && lo->child(0) == x)) {
      // match: concat(ext(x)[h:m], ext(x)[m-1:0])  result: ext(x) to h+1
      hit("concat-extension-of-low");
      return ext == Kind::SExt ? sext(ExprRef(x), hi->aux0() + 1)
                               : zext(ExprRef(x), hi->aux0() + 1);
    }
  }
  if (isBV(hi, 0)) {
    // match: concat(0, x)  result: zext(x)
    hit("concat-zero-high");
    return zext(lo, hi->width() + lo->width());
  }
  ExprRef c[] = {hi, lo};
  return makeNode(Kind::Concat, Sort::bv(hi->width() + lo->width()), c);
}

std::optional<std::pair<ExprRef, ExprRef>>
ExprContext::simplifiedSlices(const ExprRef &a, unsigned hi, unsigned lo) {
  ExprRef x = extract(ExprRef(a->child(0)), hi, lo);
  ExprRef y = extract(ExprRef(a->child(1)), hi, lo);
  auto plain = [&](const ExprRef &e, unsigned i) {
    return e->kind() == Kind::Extract && e->child(0) == a->child(i);
  };
  if (plain(x, 0) || plain(y, 1))
    return std::nullopt;
  return std::pair(x, y);
}

ExprRef ExprContext::extract(const ExprRef &a, unsigned hi, unsigned lo) {
  assert(a->sort().isBV() && hi < a->width() && lo <= hi);
  unsigned w = hi - lo + 1;
  if (w == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().extractBits(w, lo));
  switch (a->kind()) {
  case Kind::Extract:
    // match: x[h2:l2][h:l]  result: x[h+l2 : l+l2]
    hit("extract-extract");
    return extract(ExprRef(a->child(0)), hi + a->aux1(), lo + a->aux1());
  case Kind::Concat: {
    unsigned lw = a->child(1)->width();
    if (hi < lw) {
      // match: concat(h, l)[i:j], i < |l|  result: l[i:j]
      hit("extract-concat-low");
      return extract(ExprRef(a->child(1)), hi, lo);
    }
    if (lo >= lw) {
      // match: concat(h, l)[i:j], j >= |l|  result: h[i-|l| : j-|l|]
      hit("extract-concat-high");
      return extract(ExprRef(a->child(0)), hi - lw, lo - lw);
    }
    break;
  }
  case Kind::ZExt:
  case Kind::SExt: {
    unsigned iw = a->child(0)->width();
    if (hi < iw) {
      // match: ext(x)[i:j], i < |x|  result: x[i:j]
      hit("extract-ext-low");
      return extract(ExprRef(a->child(0)), hi, lo);
    }
    if (a->kind() == Kind::ZExt && lo >= iw) {
      // match: zext(x)[i:j], j >= |x|  result: 0
      hit("extract-zext-high");
      return bv(w, 0);
    }
    if (lo == 0) {
      // match: ext(x)[i:0], i >= |x|  result: ext(x) to i+1 bits
      hit("extract-ext-narrower");
      return a->kind() == Kind::ZExt ? zext(ExprRef(a->child(0)), w)
                                     : sext(ExprRef(a->child(0)), w);
    }
    break;
  }
  case Kind::Shl:
    if (isBVConst(a->child(1)) && a->child(1)->bvValue().ult(a->width())) {
      unsigned s = a->child(1)->bvValue().getZExtValue();
      if (hi < s) {
        // match: (x << s)[i:j], i < s  result: 0
        hit("extract-shl-low");
        return bv(w, 0);
      }
      if (lo >= s) {
        // match: (x << s)[i:j], j >= s  result: x[i-s : j-s]
        hit("extract-shl-high");
        return extract(ExprRef(a->child(0)), hi - s, lo - s);
      }
    }
    break;
  case Kind::Add:
  case Kind::Mul:
    // The low bits of a sum or product are the sum or product of the
    // operands' low bits (a wide ACSL integer computed from a narrow C
    // one); only where both slices simplify, so that the bytes of a
    // stored `2 * i` stay slices of one value.
    if (lo == 0 && a->numChildren() == 2)
      if (auto xy = simplifiedSlices(a, hi, 0)) {
        // match: op(x, y)[i:0], op in {+, *}  result: op(x[i:0], y[i:0])
        hit("extract-low-arithmetic");
        return a->kind() == Kind::Add ? add(xy->first, xy->second)
                                      : mul(xy->first, xy->second);
      }
    break;
  case Kind::BAnd:
  case Kind::BOr:
  case Kind::BXor:
    // Bitwise operations work bit by bit (a wide integer assembled from
    // halves, `lo | hi << 64`, read back a half).
    if (auto xy = simplifiedSlices(a, hi, lo)) {
      // match: op(x, y)[i:j]  result: op(x[i:j], y[i:j])
      hit("extract-bitwise");
      return a->kind() == Kind::BAnd  ? band(xy->first, xy->second)
             : a->kind() == Kind::BOr ? bor(xy->first, xy->second)
                                      : bxor(xy->first, xy->second);
    }
    break;
  default: break;
  }
  ExprRef c[] = {a};
  return makeNode(Kind::Extract, Sort::bv(w), c, hi, lo);
}

ExprRef ExprContext::zext(const ExprRef &a, unsigned width) {
  assert(a->sort().isBV() && width >= a->width());
  if (width == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().zext(width));
  if (a->kind() == Kind::ZExt) {
    // match: zext(zext(x))  result: zext(x)
    hit("zext-zext");
    return zext(ExprRef(a->child(0)), width);
  }
  ExprRef c[] = {a};
  return makeNode(Kind::ZExt, Sort::bv(width), c, width);
}

ExprRef ExprContext::sext(const ExprRef &a, unsigned width) {
  assert(a->sort().isBV() && width >= a->width());
  if (width == a->width())
    return a;
  if (isBVConst(a))
    return bv(a->bvValue().sext(width));
  if (a->kind() == Kind::SExt) {
    // match: sext(sext(x))  result: sext(x)
    hit("sext-sext");
    return sext(ExprRef(a->child(0)), width);
  }
  ExprRef c[] = {a};
  return makeNode(Kind::SExt, Sort::bv(width), c, width);
}

//===--- Arrays -----------------------------------------------------------===//

ExprRef ExprContext::select(const ExprRef &array, const ExprRef &index) {
  assert(array->sort().isArray() && index->sort() == Sort::bv(64));
  // match: select(store(a, i, v), j), i and j constants, or one term plus
  // two constants (the bytes of a value at a symbolic address), or apart
  // in a known low bit
  // result: v if i = j, else select(a, j)   (walks the store chain)
  // An index as a term plus a constant (add's constant is its first
  // child); a constant's term is null.
  auto split = [](const Expr *e) -> std::pair<const Expr *, const Expr *> {
    if (e->kind() == Kind::BVConst)
      return {nullptr, e};
    if (e->kind() == Kind::Add && e->child(0)->kind() == Kind::BVConst)
      return {e->child(1), e->child(0)};
    return {e, nullptr};
  };
  auto [term, offset] = split(index.get());
  ExprRef a = array;
  while (a->kind() == Kind::Store) {
    const Expr *i = a->child(1);
    if (i == index.get()) {
      hit("select-store-same");
      return ExprRef(a->child(2));
    }
    // (Hash-consed: the same term and constant would be the same index.)
    auto [storedTerm, storedOffset] = split(i);
    if (storedTerm == term &&
        !(storedOffset && offset &&
          storedOffset->bvValue() == offset->bvValue())) {
      if (term)
        hit("select-store-skip-offset");
      else
        hit("select-store-skip");
    } else if (lowBitsDiffer(i, index.get())) {
      // match: select(store(a, i, v), j), i and j apart in a low bit
      // known of both (two fields of nodes in cells of a power of two)
      hit("select-store-skip-low-bits");
    } else {
      break;
    }
    a = ExprRef(a->child(0));
  }
  if (a->kind() == Kind::ConstArray) {
    // match: select(const_array(b), j)  result: b
    hit("select-const-array");
    return ExprRef(a->child(0));
  }
  ExprRef c[] = {a, index};
  return makeNode(Kind::Select, Sort::bv(8), c);
}

ExprRef ExprContext::store(const ExprRef &array, const ExprRef &index,
                           const ExprRef &value) {
  assert(array->sort().isArray() && index->sort() == Sort::bv(64) &&
         value->sort() == Sort::bv(8));
  if (array->kind() == Kind::Store && array->child(1) == index.get()) {
    // match: store(store(a, i, v), i, w)  result: store(a, i, w)
    hit("store-overwrite");
    return store(ExprRef(array->child(0)), index, value);
  }
  ExprRef c[] = {array, index, value};
  return makeNode(Kind::Store, Sort::array(), c);
}

ExprRef ExprContext::constArray(const ExprRef &byte, unsigned tag) {
  assert(byte->kind() == Kind::BVConst && byte->width() == 8 &&
         "a constant array of a constant byte");
  ExprRef c[] = {byte};
  return makeNode(Kind::ConstArray, Sort::array(), c, tag);
}

} // namespace cosmo::expr
