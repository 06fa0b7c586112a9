//===- InvariantReader.h - integer invariants as bit-vectors --*- C++ -*-===//
//
// Step 2 of Horn.h: a conjunct Spacer proposes over the integer
// abstraction, read back as a formula over a relation's bit-vector
// arguments. Internal to the solver layer (HornSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_INVARIANTREADER_H
#define COSMO_SOLVER_INVARIANTREADER_H

#include "cosmo/expr/ExprContext.h"

#include <llvm/ADT/APInt.h>
#include <z3++.h>

#include <map>
#include <optional>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

/// A Z3 integer formula over a relation's arguments (Z3 variables,
/// argument i as index i) as a cosmo formula, in one of two readings:
///  - exact: the arguments' signed values in a width where no sum or
///    product can overflow, which is the integer formula itself;
///  - modular: the arithmetic in the arguments' own width (modulo 2^w),
///    comparisons signed, which is how C's int arithmetic reads it
///    (s == 2*i stays inductive when s and i wrap together).
/// Neither is assumed to hold: Houdini keeps what is inductive over
/// bit-vectors. None when the formula has an operation without a
/// translation (div, mod, ...).
///
/// An array argument is an array of integers in the formula, one field of
/// its layout (ArrayElements.h), and cosmo's byte array in the reading:
/// element k of a field at `offset` of cells of `stride` bytes is the
/// `bytes` bytes at stride*k + offset and after. A conjunct `forall k.
/// body` (exact reading only) is read as its body over 64-bit variables,
/// returned in `bound`.
struct ArgumentView {
  unsigned stride = 0; ///< 0: a scalar (or an array with no view)
  unsigned offset = 0, bytes = 0;
};

class InvariantReader {
public:
  /// `args`: the formula's arguments in order (an array argument once per
  /// field, `views` saying which).
  InvariantReader(expr::ExprContext &ctx, std::vector<ExprRef> args,
                  bool modular, std::vector<ArgumentView> views = {})
      : ctx_(ctx), args_(std::move(args)), modular_(modular),
        views_(std::move(views)) {
    views_.resize(args_.size());
  }

  /// `bound`: where a quantified conjunct's variables go; none admitted
  /// when null.
  std::optional<ExprRef> formula(const z3::expr &e,
                                 std::vector<ExprRef> *bound = nullptr);
  /// The largest cell size of the arrays the last formula read (0: none).
  unsigned lastStride() const { return lastStride_; }

private:
  /// `e` read, its arrays' elements already arguments.
  std::optional<ExprRef> read(const z3::expr &e);
  /// Bits a signed value of `e` needs; none when not translatable.
  std::optional<unsigned> bits(const z3::expr &e);
  /// The widest argument `e` mentions (0: none).
  unsigned argumentWidth(const z3::expr &e);
  ExprRef integer(const z3::expr &e, unsigned w);
  /// `e` as a sum of c * argument plus a constant: false when it is not
  /// linear in the arguments.
  bool linear(const z3::expr &e, const llvm::APInt &scale,
              std::map<unsigned, llvm::APInt> &terms, llvm::APInt &constant);
  /// a OP b as sums with positive coefficients on both sides (no negation,
  /// no multiplication by -1: those make bit-blasted queries slow), in a
  /// width where they cannot overflow, or modulo 2^`modularWidth` when
  /// given (then `x <= y` and `y <= x` read alike on both sides, and the
  /// pair becomes an equality of C's values).
  std::optional<ExprRef> compareLinear(const z3::expr &a, const z3::expr &b,
                                       Z3_decl_kind k,
                                       unsigned modularWidth = 0);
  std::optional<ExprRef> compare(const z3::expr &a, const z3::expr &b,
                                 Z3_decl_kind k);

  /// `e` with its selects from array arguments replaced by variables
  /// that stand for the elements read (appended to args_); none when an
  /// array is used otherwise.
  std::optional<z3::expr> elementsAsArguments(const z3::expr &e);
  std::optional<ExprRef> quantified(const z3::expr &e,
                                    std::vector<ExprRef> &bound);

  static constexpr unsigned kMaxBits = 512;
  expr::ExprContext &ctx_;
  /// The relation's arguments, then the variables of a quantified
  /// conjunct being read and the elements it reads.
  std::vector<ExprRef> args_;
  bool modular_;
  std::vector<ArgumentView> views_;
  unsigned boundCount_ = 0;
  unsigned lastStride_ = 0;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_INVARIANTREADER_H
