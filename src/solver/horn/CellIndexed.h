//===- CellIndexed.h - relations over arrays as relations over cells -*- C++ -*-===//
//
// Seed 001 section 7 reads a recursive heap through find_Rec(tau, x), the
// value at location x after Rec: a relation indexed by the location, so
// that an invariant speaks of one cell and its value (every key below 100)
// instead of a whole array. Over Horn clauses that is the cell
// abstraction of array programs (Monniaux and Gonnord's "cell morphing"):
// a relation R(X, A) over an array A becomes R'(X, j, A@j), the scalar
// arguments with the fields of one cell j, read as
//     R(X, A)  :=  forall aligned j. R'(X, j, A@j).
// A clause becomes one clause over cells: its body atom's array is an
// instance of R' at each cell the clause reads (one more at the head's
// cell), each read is the instance's field, and the head's cell j (any
// aligned offset) holds what the clause's stores leave there. Two
// instances at one cell agree. A relation over several arrays has a cell
// of each (R'(X, j1, A1@j1, j2, A2@j2)), and an instance for a read of one
// is at any cell of the others.
//
// A list whose nodes are not the cells below a frontier (nodes of one
// site split into two lists, a node unlinked) needs facts of a node and
// the node it links to. With a link (CellLink: a field of a pointer's
// size and the region's base), a view holds the successor's fields too:
//     R(X, A)  :=  forall aligned j. R'(X, j, A@j, A@s(j)),
// s(j) the cell A@j's link points to (successorCell). An instance's
// successor fields equal the fields of any instance at that cell, and the
// head's are read at the successor of the head's link, through the
// clause's stores: the same exact reads.
//
// A walk that unlinks nodes behind its pointer p (seed 001's RemoveAll)
// needs facts ordered against p and p's link: the nodes between them were
// unlinked, those below are as the loop before left them. With a pointer
// (CellPointer: a scalar argument whose node the clauses read), a view
// holds the fields of the node p is at too:
//     R(X, A)  :=  forall aligned j. R'(X, j, A@j, A@s(j), A@c(p)),
// c(p) the cell p points at (pointedCell). An atom's instances share it,
// it equals the fields of any instance at that cell, and the head's is
// read through the clause's stores.
//
// The result is array-free, which Spacer and the Houdini steps digest far
// better than quantified lemmas over arrays, and it is an
// over-approximation: when it is safe, so is the original, and its
// invariants are the original's read with `forall j`. An unsafe answer
// says nothing about the original (a cell abstraction loses relations
// between cells). Exact translations only: a residue modulo the cell size
// that cannot be computed exactly, an array used other than through reads,
// stores and arguments, or cells of a size other than a power of two leave
// the system untransformed. Internal to the solver layer (HornSolver.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_CELLINDEXED_H
#define COSMO_SOLVER_CELLINDEXED_H

#include "cosmo/expr/Assignment.h"
#include "cosmo/solver/Horn.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::solver {

/// A scalar argument of a relation that points into its array's region
/// (a walk's pointer): the cell it points at is
/// (zext(argument) * scale + delta) rounded down to the stride.
struct CellPointer {
  unsigned argument = 0; ///< its position among the original arguments
  uint64_t scale = 1, delta = 0;
  auto operator<=>(const CellPointer &) const = default;
};

/// One relation's array argument seen as cells.
struct CellView {
  unsigned position = 0; ///< of the array among the original arguments
  uint64_t stride = 0;   ///< bytes of a cell, a power of two
  /// The fields of a cell: (offset in the cell, bytes).
  std::vector<std::pair<unsigned, unsigned>> fields;
  /// The field that links a cell to its successor, if any: the relation
  /// then has the successor's fields too, the cell at
  /// (zext(link) + linkDelta) rounded down to the stride.
  std::optional<size_t> link;
  uint64_t linkDelta = 0;
  /// A pointer into the region, if any: the relation then has the fields
  /// of the cell it points at too, after the successor's.
  std::optional<CellPointer> pointer;
  bool operator==(const CellView &) const = default;
};

/// Where a cell relation's arguments are, given the original relation's
/// arity: per view, the cell's position, its fields', its successor's
/// fields' and the pointed cell's fields'; the others are the scalars,
/// in order.
struct CellPositions {
  std::vector<unsigned> cell;
  std::vector<std::vector<unsigned>> fields, succ, pointed;
  std::vector<unsigned> scalars;
};
CellPositions cellPositions(const std::vector<CellView> &views,
                            size_t originalArity);

struct CellIndexedSystem {
  HornSystem system;
  /// Per relation: the views of its arrays, in argument order.
  std::vector<std::vector<CellView>> views;

  /// Whether some view has more than its cell's fields: its successors
  /// (CellView::link) or a pointed cell (CellView::pointer).
  bool linked() const {
    for (const std::vector<CellView> &vs : views)
      for (const CellView &v : vs)
        if (v.link || v.pointer)
          return true;
    return false;
  }
};

/// The offset of the cell that `link` (a value of view's link field)
/// links to: (zext(link) + linkDelta) rounded down to the stride.
ExprRef successorCell(expr::ExprContext &ctx, const ExprRef &link,
                      const CellView &view);

/// The offset of the cell `pointer` (a value of view's pointer argument)
/// points at.
ExprRef pointedCell(expr::ExprContext &ctx, const ExprRef &pointer,
                    const CellView &view);

/// Per relation, the view a pointer points into and the pointer.
using CellPointers = std::map<size_t, std::pair<size_t, CellPointer>>;

/// What a view has besides its cell's fields: the successor through a
/// link, and per relation a pointer into one view's region.
struct CellExtras {
  std::optional<CellLink> link;
  CellPointers pointers;
};

/// `system` over cells; none when some term has no exact translation (the
/// reason in `why`) or no relation has an array. With `extras`, the views
/// of the arrays with the link's field have their cells' successors too
/// (CellView::link), and those with a pointer the pointed cell's fields.
std::optional<CellIndexedSystem>
indexByCell(expr::ExprContext &ctx, const HornSystem &system, std::string &why,
            const CellExtras &extras = {});

/// The links worth a successor view of `cells` (a system without them;
/// CellViews.cpp): fields of a pointer's size, with the offset a carried
/// pointer's cell is read at when it is null (the region's base,
/// negated). Most likely first.
std::vector<CellLink> cellLinks(const CellIndexedSystem &cells);

/// The pointers worth a pointed cell in `cells` (a system without them):
/// per relation, the scalar argument the clauses read a view's cell at,
/// as a linear function of it alone (the most frequent).
CellPointers cellPointers(const CellIndexedSystem &cells);

/// Whether a clause of `system` that iterates a relation of `pointers`
/// stores into one of `links` of the node its pointer is at: a walk that
/// relinks the nodes it passes (CellViews.cpp).
bool relinksAtPointers(expr::ExprContext &ctx, const HornSystem &system,
                       const CellIndexedSystem &cells,
                       const CellPointers &pointers,
                       const std::vector<CellLink> &links);

/// The value of `e` with each of its variables that `a` has no value of
/// set to `value` in `a`; none when `e` has a variable of another sort
/// than bit-vectors (CellViews.cpp).
std::optional<expr::Value> valueWithEvery(const ExprRef &e, uint64_t value,
                                          expr::Assignment &a);

/// Candidate invariants of the cell relations read off the clauses
/// (CellTemplates.cpp): every cell below the one an iteration writes holds
/// what the queries ask of it, the constant written, or the link to the
/// cell written before. By relation name, over the cell system's
/// HornSystem::argument.
std::map<std::string, std::vector<ExprRef>>
cellTemplates(expr::ExprContext &ctx, const HornSystem &original,
              const CellIndexedSystem &cells);

/// `system` decided over cells: safe when the cell system is, with the
/// templates offered (its invariants read over the arrays); unknown
/// otherwise, with the reason. Never unsafe: the cells over-approximate.
/// (CellViewSearch.cpp: the order of the views tried, and what a view
/// that decided keeps for the run's next question, HornOptions::cellRoutes.)
HornAnswer solveOverCells(expr::ExprContext &ctx, const HornSystem &system,
                          const HornOptions &options);

/// The safe answer of the cell system as the original's: each conjunct
/// over a relation's cell, `forall k. conjunct` with the cell at `stride *
/// k` (every aligned offset is one), read over the array argument
/// (HornAnswer::quantified); the others as they are.
HornAnswer originalCellAnswer(expr::ExprContext &ctx,
                              const HornSystem &original,
                              const CellIndexedSystem &cells,
                              HornAnswer answer);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_CELLINDEXED_H
