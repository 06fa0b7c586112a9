//===- ArrayElements.h - byte arrays seen as arrays of elements -*- C++ -*-===//
//
// cosmo's memory is byte arrays (BitVec(64) -> BitVec(8)): an int read at
// a symbolic index is the concat of four selects at 4*i .. 4*i+3, an int
// written is four stores of its bytes. Spacer finds the quantified
// invariants of array loops (every a[k] with k < i is v) over arrays of
// integers indexed by element, not over bytes, and over one array per
// field of a struct, not over interleaved fields; this file recognises the
// element accesses in byte-level terms, and the layout (cells and fields)
// each array of a Horn system is accessed with. Internal to the solver
// layer: the integer abstraction uses it to propose invariants
// (HornSolver.cpp), so a term it does not recognise only makes the
// proposal weaker.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_ARRAYELEMENTS_H
#define COSMO_SOLVER_ARRAYELEMENTS_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/solver/Horn.h"

#include <llvm/ADT/APInt.h>

#include <map>
#include <optional>
#include <utility>
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
  /// The constant's remainder modulo `stride` (0 <= r < stride): where in
  /// its cell of `stride` bytes the offset lies.
  int64_t residue(unsigned stride) const;
  /// The index of that cell (the offset less its residue, over `stride`),
  /// when every coefficient is a multiple of `stride`.
  std::optional<LinearOffset> cell(unsigned stride) const;
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
  /// A write of bytes copied from an element of another array (`b[i] =
  /// a[i]`: the simplifier leaves the bytes of the read, no value term):
  /// that array and the offset of its byte 0.
  const Expr *copyArray = nullptr;
  LinearOffset copyOffset;
  const Expr *copyAt = nullptr; ///< the offset term of its byte 0
};
/// The `bytes` bytes of `array` from byte offset `at` on (64 bits), read
/// as one little-endian value: the term elementRead recognises.
ExprRef elementAt(expr::ExprContext &ctx, const ExprRef &array,
                  const ExprRef &at, unsigned bytes);
/// `e` as a little-endian read of consecutive bytes of one array.
std::optional<ElementAccess> elementRead(const Expr *e);
/// The stores at the top of `e` as the write of one element of `bytes`
/// bytes (its bytes in order, the highest outermost, as a write leaves
/// them): of a value, of constants, or of another element's bytes.
std::optional<ElementAccess> elementWrite(const Expr *e, unsigned bytes);

/// How a class of arrays is seen as arrays of integers: cells of `stride`
/// bytes, each holding `fields` (offset in the cell, bytes), one integer
/// array per field indexed by cell. An int array is one field of 4 bytes
/// in cells of 4; an array of `struct { int x; long long y; }` two fields
/// (0, 4) and (8, 8) in cells of 16 -- Spacer finds `forall k < i. y[k] ==
/// v` over a field's own array, never `forall m < 4*i. m % 4 == 2 ==> ...`
/// over interleaved elements. No fields: no view (the abstraction leaves
/// the array unconstrained).
struct ElementLayout {
  unsigned stride = 1;
  std::vector<std::pair<unsigned, unsigned>> fields{{0, 1}};
  bool none() const { return fields.empty(); }
  /// The field an access of `bytes` bytes at byte offset `offset` reads or
  /// writes, and the index of its cell; none when it is no field's.
  std::optional<std::pair<size_t, LinearOffset>>
  locate(const LinearOffset &offset, unsigned bytes) const;
  /// Whether the byte at `offset` is in no field of its cell (a write of
  /// it changes none of the field arrays).
  bool outsideFields(const LinearOffset &offset) const;
  friend bool operator==(const ElementLayout &,
                         const ElementLayout &) = default;
};

/// The layout each array of a system is accessed with: the arrays that
/// flow into one another (through stores, ites and the relations'
/// arguments) are one class; its element reads and writes (offsets and
/// sizes) give its layout: cells of the largest stride every offset's
/// terms are multiples of, holding the fields their residues and sizes
/// make when those do not overlap (else, when every access has one size
/// and every offset is a multiple of it, cells of that one element; else
/// none). A class with no access is bytes.
class ElementLayouts {
public:
  /// `subFields`: an access inside a larger one's field (a byte of an int
  /// compared with a constant byte by byte) is part of that field, not a
  /// field of its own (for readers that extract it: CellIndexed.h).
  ElementLayouts(expr::ExprContext &ctx, const HornSystem &system,
                 bool subFields = false);
  /// The layout of the class of array term `e`.
  const ElementLayout &of(const Expr *e) const;
  /// The layout of argument `i` of relation `r` (null for a scalar).
  const ElementLayout *ofArgument(size_t r, unsigned i) const;

private:
  const Expr *find(const Expr *e) const;
  void unite(const Expr *a, const Expr *b);
  mutable std::map<const Expr *, const Expr *> parent_;
  std::map<const Expr *, ElementLayout> layouts_; ///< by representative
  std::vector<std::vector<const Expr *>> arguments_;
  ElementLayout bytes_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_ARRAYELEMENTS_H
