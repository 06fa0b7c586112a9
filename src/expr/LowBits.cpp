//===- LowBits.cpp - what is known of a term's low bits -------------------===//
//
// See SimplifierRules.h.
//
//===----------------------------------------------------------------------===//

#include "SimplifierRules.h"

using llvm::APInt;

namespace cosmo::expr {

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

unsigned knownTrailingZeros(const Expr *e) {
  LowBits x = knownLowBits(e);
  return std::min(x.bits, x.value.countTrailingZeros());
}

bool lowBitsDiffer(const Expr *a, const Expr *b) {
  LowBits x = knownLowBits(a), y = knownLowBits(b);
  unsigned bits = std::min(x.bits, y.bits);
  return bits > 0 && (x.value ^ y.value).countTrailingZeros() < bits;
}

} // namespace cosmo::expr
