//===- cosmo/memory/SymbolicHeap.h - compositional symbolic heaps -*- C++ -*-===//
//
// Seed 001 section 4: symbolic heaps with lazy-instantiation cells, and the
// operations that make them compositional -- read (def. 3), refinement
// sigma * e (def. 4), composition sigma o sigma' (def. 5), merge (def. 7)
// and write (def. 8). A heap computed for a code fragment in isolation
// describes its effect on an unknown context heap; composing it with the
// heap of a calling context yields the effect of both, without re-running
// the fragment.
//
// Terms. Everything is an ordinary cosmo::expr term, so the builders,
// evaluation, substitution and the Z3 backend work on heaps unchanged.
//  - A location is a BitVec(64) term: a concrete address (an allocation's
//    base plus an offset), a named global as a constant (or a Var), or a
//    symbolic address built from LI cells, e.g. LI(a) + 8 ("LI(a).Next").
//  - A value is a BitVec(w) term; w is fixed per family of heaps (LICells)
//    and is a multiple of 8. Values that are used as locations (pointers)
//    need w = 64, which is the default.
//  - LI(l), "the value at location l in the context heap", is encoded as
//    the bytes of l in w/8 distinguished arrays ("lanes") li.w<w>.b<k>:
//        LI(l) = concat(select(lane_{w/8-1}, l), ..., select(lane_0, l)).
//    Why arrays: LI must be a *function* of its location. Two location
//    terms that differ syntactically but may be equal (LI(a) + 8 and b, or
//    ite(g, x, y) and x) must give equal cells exactly when they are equal.
//    A Var per LI cell kept in a registry would make them independent and
//    every consumer (Z3, evaluation, the query pipeline) would have to add
//    Ackermann constraints; select over an uninterpreted array is a
//    function for all of them for free. Property (6) of the seed,
//    LI(union(g_i, x_i)) = union(g_i, LI(x_i)), then holds by construction.
//    Lanes instead of one array indexed by 8*l + k: the scaled index would
//    wrap and make LI of locations that differ in the top bits alias; one
//    lane per byte keeps LI an exact function BitVec(64) -> BitVec(w).
//    Refinement recognises every select(lane_k, l) node, not only whole
//    cells, because the builder may split a cell (eq(k, LI(l)) becomes one
//    equation per byte, extract(LI(l), 7, 0) becomes select(lane_0, l)): a
//    byte k refines to extract(read(sigma, sigma * l), 8k+7, 8k).
//  - A guarded union union(<g1,v1>, ..., <gn,vn>) is the nested ite
//    ite(g1, v1, ite(g2, v2, ... vn)). The seed requires the guards to be
//    disjoint (or the values to agree where guards overlap, which is what
//    read's guards x = l do under the heap invariant); then the order of the
//    arms does not matter. A union whose guards do not cover everything is
//    undefined outside them in the seed; here its last arm is the
//    "otherwise" case (or an explicit default, e.g. LI(x) for read), which
//    is one of the admissible values. A merge reads as its last heap
//    outside its guards, on both sides of every law, so theorems 9, 10 and
//    16 hold with or without covering guards; theorems 12 and 13 are stated
//    under the guard g1 \/ ... \/ gn and hold under it.
//
// Heaps map location terms to value terms and satisfy the heap invariant
// (1): for x, y in dom, x = y implies sigma(x) = sigma(y). Every operation
// here preserves it (theorems 1, 8); the only way to build a heap is from
// emptyHeap() by write, compose and merge. Cells are kept in term-id order,
// which makes every result deterministic.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_MEMORY_SYMBOLICHEAP_H
#define COSMO_MEMORY_SYMBOLICHEAP_H

#include "cosmo/expr/ExprContext.h"

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cosmo::memory {

using expr::ExprRef;

/// The LI cells of one family of heaps: their value width and the lane
/// arrays that encode them. Heaps that are composed or merged must share
/// one LICells. Must outlive the heaps and be destroyed before its context.
class LICells {
public:
  /// `valueWidth` is a positive multiple of 8; lanes are named
  /// "<prefix>.w<width>.b<k>" (same prefix and width: same cells).
  explicit LICells(expr::ExprContext &ctx, unsigned valueWidth = 64,
                   std::string_view prefix = "li");

  expr::ExprContext &ctx() const { return *ctx_; }
  unsigned valueWidth() const { return width_; }
  /// LI(location).
  ExprRef cell(const ExprRef &location) const;
  /// l when `e` is a whole cell LI(l); null otherwise.
  ExprRef locationOf(const ExprRef &e) const;
  /// k and l when `e` is select(lane_k, l), byte k of LI(l).
  std::optional<std::pair<unsigned, ExprRef>> byteOf(const expr::Expr *e) const;
  /// The lane arrays, byte 0 first.
  const std::vector<ExprRef> &lanes() const { return lanes_; }
  /// A term as text, SMT-LIB-like, with cells printed as LI(l) and
  /// constants in hex.
  std::string print(const ExprRef &e) const;

private:
  expr::ExprContext *ctx_;
  unsigned width_;
  std::vector<ExprRef> lanes_;
};

/// One arm <guard, value> of a guarded union.
struct GuardedValue {
  ExprRef guard;
  ExprRef value;
};

/// union(arms) as nested ite, with statement 1's cheap simplifications:
/// arms with a false guard are dropped (b), a true guard ends the union
/// (a), arms with equal values are joined under the disjunction of their
/// guards (c), arms equal to the default disappear. `otherwise` is the
/// value where no guard holds. When it is null the last arm is the default:
/// its value holds wherever no earlier guard does, and its own guard is
/// never consulted (not even a literal false). Guards must be disjoint, or
/// the values must agree where they overlap. At least one arm or an
/// `otherwise` is needed.
ExprRef guardedUnion(expr::ExprContext &ctx, std::span<const GuardedValue> arms,
                     const ExprRef &otherwise = ExprRef());

class SymbolicHeap {
public:
  using Cells = std::map<ExprRef, ExprRef>; // location -> value, by term id

  /// The empty heap epsilon (def. 2).
  explicit SymbolicHeap(const LICells &cells) : cells_(&cells) {}

  const LICells &liCells() const { return *cells_; }
  expr::ExprContext &ctx() const { return cells_->ctx(); }
  bool empty() const { return map_.empty(); }
  size_t size() const { return map_.size(); }
  /// dom(sigma), in term-id order.
  std::vector<ExprRef> domain() const;
  const Cells &cells() const { return map_; }
  /// sigma(l) when `l` is syntactically in the domain, else null.
  ExprRef lookup(const ExprRef &location) const;

  /// read(sigma, x) (def. 3): the value of the first cell whose location
  /// equals x, LI(x) if none does. Exactly sigma(x) when x is in dom. A
  /// union of locations (ite, possibly under an offset) reads as the union
  /// of the reads (theorem 11), so a pointer that is one of a few concrete
  /// addresses reads exactly. Linear in the size of the domain.
  ExprRef read(const ExprRef &location) const;
  /// sigma := write(sigma, u, v) (def. 8): every cell x becomes
  /// ite(x = u, v, sigma(x)), and u maps to v. Guards x = u that are
  /// decided without a solver (distinct constants, fields of one base:
  /// LI(a) + 8 vs LI(a)) leave the cell as it is. Linear in the domain,
  /// logarithmic when u and every location are constants (the engine's
  /// concrete addresses), where every such guard is false.
  void write(const ExprRef &location, const ExprRef &value);
  /// Every location is a constant: reads and writes at a constant are then
  /// lookups (distinct constants are distinct locations).
  bool concrete() const { return symbolicLocations_ == 0; }

  /// "{l1 -> v1; l2 -> v2}", through LICells::print.
  std::string str() const;

private:
  friend class HeapAccess; // compose and merge fill cells directly
  /// read at a location that is not split into a union.
  ExprRef readAt(const ExprRef &location) const;
  /// Adds a cell at a location not in the domain.
  void insert(const ExprRef &location, const ExprRef &value);
  const LICells *cells_;
  Cells map_;
  size_t symbolicLocations_ = 0; // locations that are not constants
};

/// epsilon, the neutral element of composition.
inline SymbolicHeap emptyHeap(const LICells &cells) {
  return SymbolicHeap(cells);
}

/// sigma * e for many e against one sigma, sharing the work (def. 4):
/// constants and variables stay, operators are rebuilt over refined
/// operands, and each LI(l) becomes read(sigma, sigma * l). sigma must not
/// change while the Refinement is in use.
class Refinement {
public:
  explicit Refinement(const SymbolicHeap &sigma) : sigma_(sigma) {}
  ExprRef operator()(const ExprRef &e);

private:
  ExprRef readAt(const ExprRef &refinedLocation);
  const SymbolicHeap &sigma_;
  std::unordered_map<ExprRef, ExprRef, expr::ExprRefHash> memo_;
  std::unordered_map<ExprRef, ExprRef, expr::ExprRefHash> reads_;
};

/// sigma * e (def. 4).
ExprRef refine(const SymbolicHeap &sigma, const ExprRef &e);

/// sigma o sigma' (def. 5): sigma' applied after sigma. Its domain is
/// dom(sigma) together with sigma * dom(sigma') (3). Costs one refinement
/// of sigma' and |dom(sigma o sigma')| * |dom(sigma')| location equations.
SymbolicHeap compose(const SymbolicHeap &sigma, const SymbolicHeap &sigmaPrime);

/// One arm <g, sigma> of a merge.
struct GuardedHeap {
  ExprRef guard;
  SymbolicHeap heap;
};

/// merge(<g1, s1>, ..., <gn, sn>) (def. 7): dom is the union of the
/// domains, x maps to union(<g_i, read(s_i, x)>). Guards must be disjoint;
/// if they do not cover everything, the merge reads as sn outside them
/// (see the union encoding above). At least one arm.
SymbolicHeap merge(std::span<const GuardedHeap> arms);

} // namespace cosmo::memory

#endif // COSMO_MEMORY_SYMBOLICHEAP_H
