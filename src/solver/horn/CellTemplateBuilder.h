//===- CellTemplateBuilder.h - templates read off a cell system -*- C++ -*-===//
//
// The builder of cellTemplates (CellIndexed.h): the facts of one system
// over cells that Houdini is offered, per relation. Its single-cell
// facts (an iteration's writes, a query's negation, a carried pointer's
// cell, a node's successor) are CellTemplates.cpp's; the facts ordered
// against a walk's pointer are WalkTemplates.cpp's, and those passed
// between loops through their entries LoopChainTemplates.cpp's. Internal
// to the solver layer.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_CELLTEMPLATEBUILDER_H
#define COSMO_SOLVER_CELLTEMPLATEBUILDER_H

#include "horn/CellIndexed.h"

#include "cosmo/expr/Transform.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace cosmo::solver {

class CellTemplateBuilder {
public:
  CellTemplateBuilder(expr::ExprContext &ctx, const HornSystem &original,
                      const CellIndexedSystem &cells)
      : ctx_(ctx), original_(original), cells_(cells),
        linked_(cells.linked()) {}

  std::map<std::string, std::vector<ExprRef>> build();

private:
  /// A body atom's scalar variables as the relation's arguments.
  expr::Substitution argumentsOf(const HornAtom &a, const CellPositions &p) {
    expr::Substitution sub;
    for (unsigned i : p.scalars)
      if (a.args[i]->kind() == expr::Kind::Var)
        sub[a.args[i]] = cells_.system.argument(ctx_, a.relation, i);
    return sub;
  }
  void iteration(const HornClause &c);
  void query(const HornClause &c);
  /// A query's reads of a relation's arguments, by the arguments each is
  /// over.
  using ReadGroups = std::map<std::vector<ExprRef>, std::vector<ExprRef>>;
  /// The fields of query body atom `a`'s other instances at its cell of
  /// view `v` (the same node read at two offsets), each mapped in
  /// `toArgs` to the argument of `a`'s field.
  std::set<ExprRef, expr::ExprIdLess>
  instancesAtSameCell(const HornClause &c, const HornAtom &a,
                      const CellPositions &p, size_t v,
                      expr::Substitution &toArgs);
  /// The negation of what a query asks of several of relation `r`'s data
  /// `fields` at once (its reads `together` and those of the instances at
  /// the same cell, `others`), or null when it asks of one group alone.
  ExprRef nodeFact(size_t r, const std::vector<unsigned> &fields,
                   const ReadGroups &together, const ReadGroups &others);
  /// The facts of relation `r` a query's literal `l` over its scalars
  /// alone offers: its negation, and when it is a disjunction (a pointer
  /// is a sentinel's address, null or a node) each disjunct's.
  void scalarFacts(size_t r, const ExprRef &l);
  /// A fact of each view's cells: no field of a pointer's size holds one
  /// of addresses_, and none of nonNullFields_ is null.
  void addressFacts();
  /// Facts at the cell of a carried pointer that query body atom `a`'s
  /// instance of view `v` is read at (`cell == at(pointer)`, each fact of
  /// the view holding there), also under each condition the query puts
  /// on the pointer.
  void pointerFacts(const HornAtom &a, size_t v, const CellPositions &p,
                    const expr::Substitution &toArgs,
                    const std::vector<ExprRef> &literals);
  /// The value of `t` (over `r`'s arguments) at entry, when every entry
  /// clause makes it one constant.
  ExprRef entryValue(size_t r, const ExprRef &t);
  /// Per entry clause of relation `r` (no atom of `r` in its body), each
  /// argument of `r` to its head's value there.
  std::vector<expr::Substitution> entryArguments(size_t r);
  /// Each argument of relation `r` to the one that every entry clause sets
  /// to the same value and no iteration changes (a loop after another: the
  /// earlier loop's value, which the later one's relation carries as it
  /// was), where there is one.
  std::map<ExprRef, ExprRef, expr::ExprIdLess> entryParameters(size_t r);
  /// Fact `f` over the cell and fields of view `from` as the same fact of
  /// view `to`; null when their fields differ or `f` reads other
  /// arguments.
  ExprRef portFact(const ExprRef &f, std::pair<size_t, size_t> from,
                   std::pair<size_t, size_t> to);
  /// Offers a relation the templates of another whose arguments its entry
  /// clause passes on unchanged (a walk after the loop that built its
  /// list: the builder's values at its exit are the walk's parameters).
  void portThroughEntries(std::map<std::string, std::vector<ExprRef>> &out);
  /// An entry clause of relation `to` from body atom `from`: the cell
  /// arguments of `from` that `to` gets unchanged, as `to`'s.
  struct EntryPort {
    size_t from, to;
    expr::Substitution sub;
    /// `to`'s scalar arguments as terms over `from`'s: those `sub` maps,
    /// and those the clause computes from `from`'s scalars alone (a walk's
    /// pointer the loop before leaves in a field of its sentinel).
    expr::Substitution back;
  };
  std::vector<EntryPort> entryPorts();
  /// The guards of the loops whose arrays flow into a relation's (the
  /// builder's frontier), as the relation's.
  std::map<size_t, std::vector<ExprRef>> inheritedGuards();
  /// The cell view `v` of relation `r` has its pointer at
  /// (CellView::pointer).
  ExprRef pointerCell(size_t r, size_t v);
  /// `pointer` (a cell, pointerCell's) is at a node of the region, not at
  /// a sentinel elsewhere.
  ExprRef atNode(const ExprRef &pointer);
  /// Per pointed view of relation `r`: its pointer is at a node (atNode).
  std::vector<ExprRef> nodePremises(size_t r);
  /// With a pointed cell (CellView::pointer: a walk that unlinks nodes
  /// behind its pointer), the facts ordered against the pointer, under
  /// the relation's guards and those it `inherited`.
  void
  pointedTemplates(std::map<std::string, std::vector<ExprRef>> &out,
                   const std::map<size_t, std::vector<ExprRef>> &inherited);

  expr::ExprContext &ctx_;
  const HornSystem &original_;
  const CellIndexedSystem &cells_;
  /// A successor view: the facts of lists in no order of their cells
  /// (pointers' cells, successors, entries' needs offered back) join the
  /// single cells' (which go without them: each is a Houdini candidate
  /// more, where single cells decide).
  bool linked_;
  /// Per relation and view: guards, and facts per field.
  struct Found {
    std::vector<ExprRef> guards;
    std::vector<ExprRef> facts;
    std::vector<ExprRef> plain; ///< of the scalars alone
    /// The cell a carried pointer is at (`cell == at(p)`, maybe with
    /// what the queries ask of p): each fact holds there.
    std::vector<ExprRef> pointers;
    /// The constants an iteration writes into a data field (`tag == 1`).
    std::vector<ExprRef> constants;
  };
  std::map<std::pair<size_t, size_t>, Found> found_;
  /// The system's entry ports (entryPorts()), made once by build().
  std::vector<EntryPort> ports_;
  /// Addresses other than null that a query says a carried pointer may
  /// hold (a sentinel on the stack): no link of a node is one of them,
  /// when the walk never reaches it.
  std::set<ExprRef, expr::ExprIdLess> addresses_;
  /// The facts of cells addressFacts() made.
  std::set<ExprRef, expr::ExprIdLess> addressFacts_;
  /// The fields (offset and bytes in a cell) an iteration writes an
  /// address other than null into (a sentinel a list ends at, a circular
  /// list's head): perhaps never null, which a walk to that address needs
  /// of every cell it reads.
  std::set<std::pair<unsigned, unsigned>> nonNullFields_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_CELLTEMPLATEBUILDER_H
