//===- cosmo/expr/FloatOps.h - IEEE 754 on the bits of values ---*- C++ -*-===//
//
// cosmo keeps a float or a double as its bits (BitVec(32) or BitVec(64)):
// memory, unions, bitcasts and test vectors need nothing else. The
// floating-point kinds of Expr.h compute on those bits with IEEE 754
// semantics; this is their one definition on concrete values, which the
// builder's folding and the evaluator share (llvm::APFloat, exact), and
// which the Z3 translation matches with Z3's floating-point theory.
//
// Choices where C or LLVM leave the result open (docs/floating-point.md):
//  - a NaN result is the canonical quiet NaN (sign 0, payload 1000...0);
//  - a float-to-integer conversion of a NaN or of a value out of the
//    target's range gives the target's "integer indefinite" value of x86,
//    the smallest signed value (0x80...0), for FToSI and FToUI alike.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_FLOATOPS_H
#define COSMO_EXPR_FLOATOPS_H

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Expr.h"

#include <llvm/ADT/APFloat.h>

#include <optional>
#include <span>

namespace cosmo::expr {

bool isFloatKind(Kind k);
/// Whether `width` is a float format cosmo computes in (32 or 64).
inline bool isFloatWidth(unsigned width) { return width == 32 || width == 64; }

const llvm::fltSemantics &floatSemantics(unsigned width);
/// The canonical quiet NaN of the format of `width` bits.
llvm::APInt canonicalNaN(unsigned width);

/// The value of a floating-point node of kind `k` (aux0 as in Expr.h) of
/// `resultWidth` bits (0 for Bool results) over its operands' bits.
Value evaluateFloat(Kind k, unsigned aux0, unsigned resultWidth,
                    std::span<const llvm::APInt> operands);

} // namespace cosmo::expr

#endif // COSMO_EXPR_FLOATOPS_H
