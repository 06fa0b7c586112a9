//===- FloatOps.cpp - IEEE 754 on the bits of values ----------------------===//

#include "cosmo/expr/FloatOps.h"

#include <llvm/ADT/APSInt.h>

#include <cassert>
#include <cmath>

namespace cosmo::expr {

using llvm::APFloat;
using llvm::APInt;

bool isFloatKind(Kind k) {
  switch (k) {
  COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE) return true;
  default: return false;
  }
}

const llvm::fltSemantics &floatSemantics(unsigned width) {
  assert(isFloatWidth(width));
  return width == 32 ? APFloat::IEEEsingle() : APFloat::IEEEdouble();
}

APInt canonicalNaN(unsigned width) {
  return APFloat::getQNaN(floatSemantics(width)).bitcastToAPInt();
}

namespace {

APFloat::roundingMode llvmMode(unsigned mode) {
  switch (static_cast<RoundingMode>(mode)) {
  case RoundingMode::NearestEven: return APFloat::rmNearestTiesToEven;
  case RoundingMode::NearestAway: return APFloat::rmNearestTiesToAway;
  case RoundingMode::TowardPositive: return APFloat::rmTowardPositive;
  case RoundingMode::TowardNegative: return APFloat::rmTowardNegative;
  case RoundingMode::TowardZero: return APFloat::rmTowardZero;
  }
  return APFloat::rmNearestTiesToEven;
}

Value bitsOf(const APFloat &f) {
  if (f.isNaN())
    return Value::ofBits(
        canonicalNaN(APFloat::getSizeInBits(f.getSemantics())));
  return Value::ofBits(f.bitcastToAPInt());
}

/// x86's "integer indefinite": what a conversion out of range gives.
Value indefinite(unsigned width) {
  return Value::ofBits(APInt::getSignedMinValue(width));
}

Value toInteger(const APFloat &f, unsigned width, bool isSigned) {
  llvm::APSInt out(width, !isSigned);
  bool exact = false;
  APFloat::opStatus st = f.convertToInteger(out, APFloat::rmTowardZero, &exact);
  if (f.isNaN() || (st & APFloat::opInvalidOp))
    return indefinite(width);
  return Value::ofBits(out);
}

} // namespace

Value evaluateFloat(Kind k, unsigned aux0, unsigned resultWidth,
                    std::span<const APInt> ops) {
  const auto rne = APFloat::rmNearestTiesToEven;
  auto fp = [&](size_t i) {
    return APFloat(floatSemantics(ops[i].getBitWidth()), ops[i]);
  };
  using Rounded = APFloat::opStatus (APFloat::*)(const APFloat &,
                                                  APFloat::roundingMode);
  auto arithmetic = [&](Rounded op) {
    APFloat a = fp(0);
    (a.*op)(fp(1), rne);
    return bitsOf(a);
  };
  switch (k) {
  case Kind::FAdd: return arithmetic(&APFloat::add);
  case Kind::FSub: return arithmetic(&APFloat::subtract);
  case Kind::FMul: return arithmetic(&APFloat::multiply);
  case Kind::FDiv: return arithmetic(&APFloat::divide);
  case Kind::FRem: {
    APFloat a = fp(0);
    a.mod(fp(1)); // C's fmod: exact, the dividend's sign
    return bitsOf(a);
  }
  case Kind::FSqrt: {
    // APFloat has no square root: the double result of the host's
    // correctly rounded sqrt is exact for both formats (a float's square
    // root rounded to double then to float is the float's: 53 >= 2*24+2).
    APFloat a = fp(0);
    bool lost = false;
    APFloat d = a;
    d.convert(APFloat::IEEEdouble(), rne, &lost);
    APFloat r(std::sqrt(d.convertToDouble()));
    r.convert(a.getSemantics(), rne, &lost);
    return bitsOf(r);
  }
  case Kind::FFma: {
    APFloat a = fp(0);
    a.fusedMultiplyAdd(fp(1), fp(2), rne);
    return bitsOf(a);
  }
  case Kind::FRound: {
    APFloat a = fp(0);
    a.roundToIntegral(llvmMode(aux0));
    return bitsOf(a);
  }
  case Kind::FOEq:
    return Value::ofBool(fp(0).compare(fp(1)) == APFloat::cmpEqual);
  case Kind::FOLt:
    return Value::ofBool(fp(0).compare(fp(1)) == APFloat::cmpLessThan);
  case Kind::FOLe: {
    APFloat::cmpResult c = fp(0).compare(fp(1));
    return Value::ofBool(c == APFloat::cmpLessThan || c == APFloat::cmpEqual);
  }
  case Kind::FIsNaN: return Value::ofBool(fp(0).isNaN());
  case Kind::FToSI: return toInteger(fp(0), aux0, true);
  case Kind::FToUI: return toInteger(fp(0), aux0, false);
  case Kind::SIToF:
  case Kind::UIToF: {
    APFloat r(floatSemantics(aux0));
    r.convertFromAPInt(ops[0], k == Kind::SIToF, rne);
    return bitsOf(r);
  }
  case Kind::FToF: {
    APFloat a = fp(0);
    bool lost = false;
    a.convert(floatSemantics(aux0), rne, &lost);
    return bitsOf(a);
  }
  default: break;
  }
  assert(false && "not a floating-point kind");
  (void)resultWidth;
  return Value::ofBool(false);
}

} // namespace cosmo::expr
