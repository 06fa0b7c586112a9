//===- Z3Floats.cpp - floating-point terms in Z3's FP theory --------------===//
//
// cosmo's floating-point kinds work on bits (FloatOps.h); here each becomes
// the same operation of Z3's floating-point theory between a reading of
// the bits as a float (fp.to_fp of the bit-vector) and, for float results,
// their bits again (fp.to_ieee_bv, with FloatOps.h's canonical NaN: Z3
// leaves a NaN's bits open). The results equal evaluateFloat's on every
// input, which the unit tests check on random and special values.
//
//===----------------------------------------------------------------------===//

#include "z3/Z3Translator.h"

#include "cosmo/expr/FloatOps.h"

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

struct FloatTerms {
  z3::context &z3;

  z3::expr wrap(Z3_ast a) const {
    z3.check_error();
    return z3::expr(z3, a);
  }
  z3::sort sortOf(unsigned width) const {
    return width == 32 ? z3::sort(z3, Z3_mk_fpa_sort(z3, 8, 24))
                       : z3::sort(z3, Z3_mk_fpa_sort(z3, 11, 53));
  }
  z3::expr rne() const { return wrap(Z3_mk_fpa_rne(z3)); }
  z3::expr rtz() const { return wrap(Z3_mk_fpa_rtz(z3)); }
  z3::expr mode(unsigned m) const {
    switch (static_cast<expr::RoundingMode>(m)) {
    case expr::RoundingMode::NearestEven: return rne();
    case expr::RoundingMode::NearestAway: return wrap(Z3_mk_fpa_rna(z3));
    case expr::RoundingMode::TowardPositive: return wrap(Z3_mk_fpa_rtp(z3));
    case expr::RoundingMode::TowardNegative: return wrap(Z3_mk_fpa_rtn(z3));
    case expr::RoundingMode::TowardZero: break;
    }
    return rtz();
  }
  /// The float whose bits are bit-vector `bits`.
  z3::expr fromBits(const z3::expr &bits) const {
    return wrap(Z3_mk_fpa_to_fp_bv(z3, bits, sortOf(bits.get_sort().bv_size())));
  }
  /// The bits of float `f` of `width` bits, NaN canonical.
  z3::expr toBits(const z3::expr &f, unsigned width) const {
    llvm::APInt nan = expr::canonicalNaN(width);
    z3::expr nanBits = z3.bv_val(std::to_string(nan.getZExtValue()).c_str(),
                                 width);
    return z3::ite(isNaN(f), nanBits, wrap(Z3_mk_fpa_to_ieee_bv(z3, f)));
  }
  z3::expr isNaN(const z3::expr &f) const { return wrap(Z3_mk_fpa_is_nan(z3, f)); }
  z3::expr isZero(const z3::expr &f) const {
    return wrap(Z3_mk_fpa_is_zero(z3, f));
  }
  z3::expr isNegative(const z3::expr &f) const {
    return wrap(Z3_mk_fpa_is_negative(z3, f));
  }
  /// The float 2^k (exact in both formats for k < 64) of `width` bits.
  z3::expr powerOfTwo(unsigned k, unsigned width, bool negative) const {
    llvm::APFloat p(expr::floatSemantics(width));
    p.convertFromAPInt(llvm::APInt::getOneBitSet(k + 1, k), false,
                       llvm::APFloat::rmNearestTiesToEven);
    if (negative)
      p.changeSign();
    return fromBits(z3.bv_val(
        std::to_string(p.bitcastToAPInt().getZExtValue()).c_str(), width));
  }

  /// C's fmod from IEEE's remainder (whose quotient rounds to nearest):
  /// where the remainder's sign differs from the dividend's, add |y| with
  /// the dividend's sign. The sum is fmod's value, which is representable,
  /// so the addition is exact.
  z3::expr fmod(const z3::expr &x, const z3::expr &y) const {
    z3::expr r = wrap(Z3_mk_fpa_rem(z3, x, y));
    z3::expr absY = wrap(Z3_mk_fpa_abs(z3, y));
    z3::expr step = z3::ite(isNegative(x), wrap(Z3_mk_fpa_neg(z3, absY)), absY);
    z3::expr fix = !isNaN(r) && !isZero(r) && isNegative(r) != isNegative(x);
    return z3::ite(fix, wrap(Z3_mk_fpa_add(z3, rne(), r, step)), r);
  }

  /// A conversion toward zero to an integer of `width` bits; NaN and out
  /// of range give the smallest signed value (FloatOps.h).
  z3::expr toInteger(const z3::expr &f, unsigned fwidth, unsigned width,
                     bool isSigned) const {
    z3::expr t = wrap(Z3_mk_fpa_round_to_integral(z3, rtz(), f));
    z3::expr low = isSigned ? powerOfTwo(width - 1, fwidth, true)
                            : wrap(Z3_mk_fpa_neg(z3, powerOfTwo(0, fwidth, false)));
    z3::expr high = powerOfTwo(isSigned ? width - 1 : width, fwidth, false);
    // Unsigned: above -1 (so -0.5 is 0); signed: at least -2^(w-1).
    z3::expr aboveLow = isSigned ? wrap(Z3_mk_fpa_geq(z3, t, low))
                                 : wrap(Z3_mk_fpa_gt(z3, t, low));
    z3::expr inRange = !isNaN(f) && aboveLow && wrap(Z3_mk_fpa_lt(z3, t, high));
    z3::expr converted = isSigned ? wrap(Z3_mk_fpa_to_sbv(z3, rtz(), f, width))
                                  : wrap(Z3_mk_fpa_to_ubv(z3, rtz(), f, width));
    llvm::APInt min = llvm::APInt::getSignedMinValue(width);
    return z3::ite(inRange, converted,
                   z3.bv_val(std::to_string(min.getZExtValue()).c_str(), width));
  }
};

} // namespace

z3::expr Z3Translator::buildFloat(const Expr *e) {
  FloatTerms f{z3_};
  auto bits = [&](unsigned i) { return cache_.at(e->child(i)).z3; };
  auto fp = [&](unsigned i) { return f.fromBits(bits(i)); };
  unsigned w = e->width();
  auto result = [&](Z3_ast r) { return f.toBits(f.wrap(r), w); };
  switch (e->kind()) {
  case Kind::FAdd: return result(Z3_mk_fpa_add(z3_, f.rne(), fp(0), fp(1)));
  case Kind::FSub: return result(Z3_mk_fpa_sub(z3_, f.rne(), fp(0), fp(1)));
  case Kind::FMul: return result(Z3_mk_fpa_mul(z3_, f.rne(), fp(0), fp(1)));
  case Kind::FDiv: return result(Z3_mk_fpa_div(z3_, f.rne(), fp(0), fp(1)));
  case Kind::FRem: return f.toBits(f.fmod(fp(0), fp(1)), w);
  case Kind::FSqrt: return result(Z3_mk_fpa_sqrt(z3_, f.rne(), fp(0)));
  case Kind::FFma:
    return result(Z3_mk_fpa_fma(z3_, f.rne(), fp(0), fp(1), fp(2)));
  case Kind::FRound:
    return result(Z3_mk_fpa_round_to_integral(z3_, f.mode(e->aux0()), fp(0)));
  case Kind::FOEq: return f.wrap(Z3_mk_fpa_eq(z3_, fp(0), fp(1)));
  case Kind::FOLt: return f.wrap(Z3_mk_fpa_lt(z3_, fp(0), fp(1)));
  case Kind::FOLe: return f.wrap(Z3_mk_fpa_leq(z3_, fp(0), fp(1)));
  case Kind::FIsNaN: return f.isNaN(fp(0));
  case Kind::FToSI:
  case Kind::FToUI:
    return f.toInteger(fp(0), e->child(0)->width(), e->aux0(),
                       e->kind() == Kind::FToSI);
  case Kind::SIToF:
    return result(Z3_mk_fpa_to_fp_signed(z3_, f.rne(), bits(0), f.sortOf(w)));
  case Kind::UIToF:
    return result(
        Z3_mk_fpa_to_fp_unsigned(z3_, f.rne(), bits(0), f.sortOf(w)));
  case Kind::FToF:
    return result(Z3_mk_fpa_to_fp_float(z3_, f.rne(), fp(0), f.sortOf(w)));
  default: break;
  }
  throw z3::exception("not a floating-point term");
}

} // namespace cosmo::solver
