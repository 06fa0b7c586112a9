//===- ArrayElements.h - byte arrays seen as arrays of elements -*- C++ -*-===//
//
// cosmo's memory is byte arrays (BitVec(64) -> BitVec(8)): an int read at
// a symbolic index is the concat of four selects at 4*i .. 4*i+3, an int
// written is four stores of its bytes. Spacer finds the quantified
// invariants of array loops (every a[k] with k < i is v) over arrays of
// integers indexed by element, not over bytes; this file recognises the
// element accesses in byte-level terms, and which element size each array
// of a Horn system is accessed with. Internal to the solver layer: the
// integer abstraction uses it to propose invariants (HornSolver.cpp), so a
// term it does not recognise only makes the proposal weaker.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_ARRAYELEMENTS_H
#define COSMO_SOLVER_ARRAYELEMENTS_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/solver/Horn.h"

#include <llvm/ADT/APInt.h>

#include <map>
#include <optional>
#include <vector>

namespace cosmo::solver {

using expr::Expr;

/// A byte offset as a sum of constant multiples of terms and a constant,
/// extensions looked through (the abstraction needs no exactness).
struct LinearOffset {
  std::vector<std::pair<const Expr *, int64_t>> terms;
  int64_t constant = 0;
  /// The same offset divided by `bytes` (an element index), when every
  /// coefficient and the constant are multiples of it.
  std::optional<LinearOffset> over(unsigned bytes) const;
};
std::optional<LinearOffset> linearOffset(const Expr *offset);

/// A read or a write of one element of `bytes` bytes at byte offset
/// `offset` of `array`: the value read (a Concat of selects), or the
/// value written by a group of stores (`value`: a term whose bytes they
/// are, or `constant` when every byte is a constant).
struct ElementAccess {
  const Expr *array = nullptr; ///< the array below the access
  LinearOffset offset;
  const Expr *at = nullptr; ///< the offset term of byte 0
  unsigned bytes = 0;
  const Expr *value = nullptr;
  std::optional<llvm::APInt> constant;
};
/// `e` as a little-endian read of consecutive bytes of one array.
std::optional<ElementAccess> elementRead(const Expr *e);
/// The stores at the top of `e` as the write of one element of `bytes`
/// bytes (its bytes in order, the highest outermost, as a write leaves
/// them).
std::optional<ElementAccess> elementWrite(const Expr *e, unsigned bytes);

/// The element size each array of a system is accessed with: the arrays
/// that flow into one another (through stores, ites and the relations'
/// arguments) are one class, and a class whose element reads and writes
/// all have one size gets it; a class with none has 1 (bytes), one with
/// several 0 (no element view: the abstraction leaves it unconstrained).
class ElementSizes {
public:
  ElementSizes(expr::ExprContext &ctx, const HornSystem &system);
  /// The element size of the class of array term `e`.
  unsigned of(const Expr *e) const;
  /// The element size of argument `i` of relation `r` (0 for a scalar).
  unsigned ofArgument(size_t r, unsigned i) const;

private:
  const Expr *find(const Expr *e) const;
  void unite(const Expr *a, const Expr *b);
  void note(const Expr *array, unsigned bytes);
  mutable std::map<const Expr *, const Expr *> parent_;
  std::map<const Expr *, unsigned> sizes_; ///< by class representative
  std::vector<std::vector<const Expr *>> arguments_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_ARRAYELEMENTS_H
