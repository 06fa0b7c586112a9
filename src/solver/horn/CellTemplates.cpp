//===- CellTemplates.cpp - candidate invariants of relations over cells ---===//
//
// Spacer rarely finds the invariant of a loop that fills cells one after
// the other when it is read over one cell (measured on Z3 4.8.12: the
// keys of listing 3's list below their bound, nothing in 30 s; the same
// system with one more range fact on an index, likewise), although it is a
// one-line implication: every cell below the one the iteration writes
// holds what the iteration wrote there. This file reads such implications
// off the clauses and proposes them; Houdini keeps those inductive over
// the bit-precise clauses (HornSolver.cpp), so a wrong guess costs one
// query, never soundness.
//
// The iteration writes its field at the frontier `w` (the head's field is
// ite(cell == w, v, old)); a guard is `cell <u w` (or 0 <=s cell <s w),
// and a fact about a field is
//  - the negation of what a query asks of it (key >= 100: key < 100);
//  - the constant v, when v is one;
//  - the frontier as a function of the field, when v is a carried value w
//    is a function of (a[k] = k: 4*k == cell);
//  - no field of a pointer's size holds an address other than null that
//    a query says a walk's pointer may hold (a sentinel on the stack): the
//    walk, which follows links, then never reaches it. (Each disjunct of
//    such a literal -- the pointer is the sentinel, null or a node -- is
//    negated as a fact of the scalars, and offered back to the loop before
//    through the walk's entry, whose first pointer it reads from the
//    sentinel's link.)
//  - the link to the cell written before it: when v is a carried value
//    that the iteration sets to w plus a constant c0 (`next = last; last =
//    node`), and w moves by d per iteration, field == cell + c0 - d, or
//    the carried value's entry (the first cell's link: null).
// With a successor view (CellIndexed.h), also:
//  - at the cell a carried pointer is at (a query reads it there, maybe
//    under a condition on the pointer: not null), each fact of a field;
//  - the facts a walk needs at its entry, offered to the loop before it
//    at its exit (the list's head);
//  - a written cell's link is null or to a cell below the frontier;
//  - a fact of a cell's data (not of its place or link) that a linked
//    cell passes to its successor (key < 100 -> next's key < 100).
// With a pointed cell (a walk's pointer p, CellIndexed.h), also, for each
// fact F of the data (key != x), under each guard (the loop before's
// frontier included):
//  - p's node has F (when p is a node of the region: a sentinel on the
//    stack is below the region's base, at a negative cell);
//  - above p's cell, a node with F links to one with F (walked);
//  - between the cell p's link points to and p's, none has F (unlinked;
//    while p is the sentinel, between the carried head's cell and the
//    frontier);
//  - below p's cell, the facts of links hold (untouched);
//  - a carried pointer's cell (the list's head) has F once p is a node,
//    and is at or above p's (links point down: to a node pushed before).
//
//===----------------------------------------------------------------------===//

#include "horn/CellIndexed.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <optional>
#include <set>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

/// The top-level conjuncts of `e`.
void conjunctsOf(const ExprRef &e, std::vector<ExprRef> &out) {
  if (e->kind() == Kind::And) {
    for (unsigned k = 0; k < e->numChildren(); ++k)
      conjunctsOf(ExprRef(e->child(k)), out);
    return;
  }
  out.push_back(e);
}

/// A variable the clause defines where its guard holds (`v == e`, or
/// `g => v == e`: a tail pointer's index, the last cell's).
struct Definition {
  ExprRef var, value, guard;
};

/// The definitions among the top-level conjuncts of `constraint`.
std::vector<Definition> definitionsIn(const ExprRef &constraint) {
  std::vector<ExprRef> parts;
  conjunctsOf(constraint, parts);
  std::vector<Definition> out;
  for (const ExprRef &p : parts) {
    ExprRef guard, eq = p;
    if (p->kind() == Kind::Or && p->numChildren() == 2)
      for (unsigned k = 0; k < 2; ++k)
        if (p->child(k)->kind() == Kind::Not) {
          guard = ExprRef(p->child(k)->child(0));
          eq = ExprRef(p->child(1 - k));
          break;
        }
    if (eq->kind() != Kind::Eq)
      continue;
    for (unsigned k = 0; k < 2; ++k)
      if (eq->child(k)->kind() == Kind::Var && eq->child(k)->sort().isBV()) {
        out.push_back({ExprRef(eq->child(k)), ExprRef(eq->child(1 - k)), guard});
        break;
      }
  }
  return out;
}

/// The value of `e` with every variable `value`, but those `defs` define
/// (where their guards hold then), if `e` has no array.
std::optional<llvm::APInt> valueAt(const ExprRef &e, uint64_t value,
                                   const std::vector<Definition> &defs) {
  expr::Assignment a;
  for (const Definition &d : defs) {
    if (d.guard) {
      std::optional<expr::Value> g = valueWithEvery(d.guard, value, a);
      if (!g || !g->isBool || !g->bits.getBoolValue())
        continue;
    }
    if (std::optional<expr::Value> v = valueWithEvery(d.value, value, a))
      a.set(d.var, *v);
  }
  std::optional<expr::Value> r = valueWithEvery(e, value, a);
  if (!r || r->isBool)
    return std::nullopt;
  return r->bits;
}

/// `e` when it is the same constant whatever its variables are, but those
/// `defs` define (checked at three points: a guess that Houdini checks).
ExprRef constantGuess(expr::ExprContext &ctx, const ExprRef &e,
                      const std::vector<Definition> &defs = {}) {
  if (e->kind() == Kind::BVConst)
    return e;
  std::optional<llvm::APInt> first = valueAt(e, 1, defs);
  for (uint64_t x : {2u, 1000u})
    if (!first || valueAt(e, x, defs) != first)
      return nullptr;
  return ctx.bv(*first);
}

class Templates {
public:
  Templates(expr::ExprContext &ctx, const HornSystem &original,
            const CellIndexedSystem &cells)
      : ctx_(ctx), original_(original), cells_(cells),
        linked_(cells.linked()) {}

  std::map<std::string, std::vector<ExprRef>> build();

private:
  /// A body atom's scalar variables as the relation's arguments.
  expr::Substitution argumentsOf(const HornAtom &a, const CellPositions &p) {
    expr::Substitution sub;
    for (unsigned i : p.scalars)
      if (a.args[i]->kind() == Kind::Var)
        sub[a.args[i]] = cells_.system.argument(ctx_, a.relation, i);
    return sub;
  }
  void iteration(const HornClause &c);
  void query(const HornClause &c);
  /// The facts of relation `r` a query's literal `l` over its scalars
  /// alone offers: its negation, and when it is a disjunction (a pointer
  /// is a sentinel's address, null or a node) each disjunct's.
  void scalarFacts(size_t r, const ExprRef &l);
  /// A fact of each view's cells: no field of a pointer's size holds one
  /// of addresses_.
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
  /// Per pointed view of relation `r`: its pointer is at a node of the
  /// region (a sentinel elsewhere, on the stack, is at a cell below the
  /// region's base: negative).
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
};

ExprRef Templates::entryValue(size_t r, const ExprRef &t) {
  ExprRef value;
  for (const HornClause &c : cells_.system.clauses()) {
    if (!c.head || c.head->relation != r ||
        std::any_of(c.body.begin(), c.body.end(),
                    [&](const HornAtom &a) { return a.relation == r; }))
      continue;
    expr::Substitution atEntry;
    for (unsigned i = 0; i < c.head->args.size(); ++i)
      atEntry[cells_.system.argument(ctx_, r, i)] = c.head->args[i];
    ExprRef v = expr::substitute(ctx_, t, atEntry);
    if (v->kind() != Kind::BVConst || (value && value != v))
      return nullptr;
    value = v;
  }
  return value;
}

ExprRef Templates::portFact(const ExprRef &f, std::pair<size_t, size_t> from,
                            std::pair<size_t, size_t> to) {
  const CellView &a = cells_.views[from.first][from.second],
                 &b = cells_.views[to.first][to.second];
  if (a.stride != b.stride || a.fields != b.fields)
    return nullptr;
  CellPositions pa = cellPositions(cells_.views[from.first],
                                 original_.relations()[from.first].args.size()),
                pb = cellPositions(cells_.views[to.first],
                                 original_.relations()[to.first].args.size());
  expr::Substitution sub;
  sub[cells_.system.argument(ctx_, from.first, pa.cell[from.second])] =
      cells_.system.argument(ctx_, to.first, pb.cell[to.second]);
  for (size_t k = 0; k < a.fields.size(); ++k)
    sub[cells_.system.argument(ctx_, from.first, pa.fields[from.second][k])] =
        cells_.system.argument(ctx_, to.first, pb.fields[to.second][k]);
  if (a.link == b.link && a.link)
    for (size_t k = 0; k < a.fields.size(); ++k)
      sub[cells_.system.argument(ctx_, from.first, pa.succ[from.second][k])] =
          cells_.system.argument(ctx_, to.first, pb.succ[to.second][k]);
  for (const ExprRef &v : expr::freeVariables(f))
    if (!sub.count(v))
      return nullptr;
  return expr::substitute(ctx_, f, sub);
}

void Templates::iteration(const HornClause &c) {
  size_t r = c.head->relation;
  const std::vector<CellView> &views = cells_.views[r];
  CellPositions p = cellPositions(views, original_.relations()[r].args.size());
  const HornAtom *self = nullptr;
  for (const HornAtom &a : c.body)
    if (a.relation == r)
      self = &a;
  if (!self)
    return;
  expr::Substitution toArgs = argumentsOf(*self, p);
  // What the clause defines of the arguments: the guesses below evaluate
  // under it.
  std::vector<Definition> defs =
      definitionsIn(expr::substitute(ctx_, c.constraint, toArgs));
  // The head's scalars over the body's, as functions of the arguments.
  expr::Substitution next;
  for (unsigned i : p.scalars)
    if (self->args[i]->kind() == Kind::Var)
      next[cells_.system.argument(ctx_, r, i)] =
          expr::substitute(ctx_, c.head->args[i], toArgs);
  // A scalar the first iteration sets to a constant (a field of a list's
  // head the first append writes: a mark, the link to the first node)
  // holds it once a count that starts at 0 is not 0 any more (the
  // region's cells), when no later iteration changes it.
  if (!views.empty())
    for (unsigned i : p.scalars) {
      ExprRef arg = cells_.system.argument(ctx_, r, i);
      auto set = next.find(arg);
      if (set == next.end() || set->second == arg)
        continue;
      for (unsigned j : p.scalars) {
        ExprRef count = cells_.system.argument(ctx_, r, j);
        ExprRef first = j == i ? nullptr : entryValue(r, count);
        if (!first || !first->bvValue().isZero())
          continue;
        ExprRef value = expr::substitute(ctx_, set->second, {{count, first}});
        if (value->kind() == Kind::BVConst)
          found_[{r, 0}].plain.push_back(
              ctx_.orE(ctx_.eq(count, first), ctx_.eq(arg, value)));
      }
    }
  for (size_t v = 0; v < views.size(); ++v) {
    const ExprRef &cell = c.head->args[p.cell[v]];
    ExprRef cellArg = cells_.system.argument(ctx_, r, p.cell[v]);
    Found &out = found_[{r, v}];
    for (size_t f = 0; f < p.fields[v].size(); ++f) {
      ExprRef fieldArg = cells_.system.argument(ctx_, r, p.fields[v][f]);
      // ite(cell == w, value, rest): each write of the iteration.
      const Expr *t = c.head->args[p.fields[v][f]].get();
      while (t->kind() == Kind::Ite && t->child(0)->kind() == Kind::Eq) {
        const Expr *eq = t->child(0);
        const Expr *w = eq->child(0) == cell.get()   ? eq->child(1)
                        : eq->child(1) == cell.get() ? eq->child(0)
                                                     : nullptr;
        if (!w)
          break;
        ExprRef frontier = expr::substitute(ctx_, ExprRef(w), toArgs);
        ExprRef value = expr::substitute(ctx_, ExprRef(t->child(1)), toArgs);
        t = t->child(2);
        out.guards.push_back(ctx_.ult(cellArg, frontier));
        // A written cell links to none or to one written before (the
        // frontier's cell is not any written cell's successor).
        if (const CellView &view = views[v]; view.link) {
          ExprRef link =
              cells_.system.argument(ctx_, r, p.fields[v][*view.link]);
          ExprRef succ = successorCell(ctx_, link, view);
          out.facts.push_back(
              ctx_.orE(ctx_.eq(link, ctx_.bv(link->width(), 0)),
                       ctx_.ult(succ, frontier)));
        }
        // At or below it: the cells a walk down a list has yet to visit
        // (none once the walk's pointer is null, below every cell).
        out.guards.push_back(ctx_.andE(ctx_.sle(ctx_.bv(64, 0), cellArg),
                                       ctx_.sle(cellArg, frontier)));
        // From the first cell written on: the frontier at entry.
        if (ExprRef first = entryValue(r, frontier))
          out.guards.push_back(
              ctx_.andE(ctx_.ule(first, cellArg), ctx_.ult(cellArg, frontier)));
        out.guards.push_back(
            ctx_.andE(ctx_.sle(ctx_.bv(64, 0), cellArg),
                      ctx_.slt(cellArg, frontier)));
        if (value->kind() == Kind::BVConst)
          out.facts.push_back(ctx_.eq(fieldArg, value));
        // A carried value the frontier is a function of, written at the
        // frontier (a[k] = k): the cell is that function of the field.
        if (value->kind() == Kind::Var && value->width() == fieldArg->width()) {
          auto vars = expr::freeVariables(frontier);
          if (std::find(vars.begin(), vars.end(), value) != vars.end())
            out.facts.push_back(ctx_.eq(
                expr::substitute(ctx_, frontier, {{value, fieldArg}}), cellArg));
        }
        // The link to the cell written before.
        // (The value stored is a function of carried values: `p` itself,
        // or `16 * p` for a pointer carried in units of its cell; 32 bits
        // wide in an ILP32 program, whose cells are 64-bit offsets too.)
        ExprRef step = constantGuess(
            ctx_, ctx_.sub(expr::substitute(ctx_, frontier, next), frontier),
            defs);
        auto valueVars = expr::freeVariables(value);
        bool carriedOnly =
            !valueVars.empty() &&
            std::all_of(valueVars.begin(), valueVars.end(),
                        [&](const ExprRef &x) { return next.count(x) > 0; });
        if (!step || !carriedOnly || value->width() > 64 ||
            value->width() != fieldArg->width())
          continue;
        // A 32-bit program's link, as the 64-bit offsets the cells are.
        auto wide = [&](const ExprRef &x) { return ctx_.zextOrTrunc(x, 64); };
        ExprRef after = expr::substitute(ctx_, value, next);
        ExprRef offset =
            constantGuess(ctx_, ctx_.sub(wide(after), frontier), defs);
        if (!offset)
          continue;
        ExprRef link = ctx_.eq(wide(fieldArg),
                               ctx_.add(cellArg, ctx_.sub(offset, step)));
        out.facts.push_back(link);
        // The carried value itself is the last cell written.
        ExprRef lastWritten =
            ctx_.eq(wide(value), ctx_.add(frontier, ctx_.sub(offset, step)));
        out.plain.push_back(lastWritten);
        if (ExprRef first = entryValue(r, value)) {
          out.facts.push_back(ctx_.orE(link, ctx_.eq(fieldArg, first)));
          out.plain.push_back(ctx_.orE(lastWritten, ctx_.eq(value, first)));
          // Only the first cell written links to the entry value (null),
          // and the carried value is the last cell once one is written.
          if (ExprRef firstCell = entryValue(r, frontier)) {
            out.facts.push_back(ctx_.orE(ctx_.eq(cellArg, firstCell), link));
            out.plain.push_back(
                ctx_.orE(ctx_.eq(frontier, firstCell), lastWritten));
          }
        }
      }
    }
  }
}

void Templates::query(const HornClause &c) {
  std::vector<ExprRef> literals;
  conjunctsOf(c.constraint, literals);
  // Fields the clause equates (two relations' instances at one cell of
  // an array both read: a walk's and the builder's it starts from).
  std::multimap<ExprRef, ExprRef, expr::ExprIdLess> same;
  for (const ExprRef &l : literals)
    if (linked_ && l->kind() == Kind::Eq && l->child(0)->kind() == Kind::Var &&
        l->child(1)->kind() == Kind::Var) {
      same.emplace(ExprRef(l->child(0)), ExprRef(l->child(1)));
      same.emplace(ExprRef(l->child(1)), ExprRef(l->child(0)));
    }
  for (const HornAtom &a : c.body) {
    const std::vector<CellView> &views = cells_.views[a.relation];
    if (views.empty())
      continue;
    CellPositions p =
        cellPositions(views, original_.relations()[a.relation].args.size());
    expr::Substitution toArgs = argumentsOf(a, p);
    for (size_t v = 0; v < views.size(); ++v) {
      std::set<ExprRef, expr::ExprIdLess> fields;
      for (size_t f = 0; f < p.fields[v].size(); ++f)
        if (a.args[p.fields[v][f]]->kind() == Kind::Var) {
          ExprRef arg = cells_.system.argument(ctx_, a.relation,
                                               p.fields[v][f]);
          fields.insert(a.args[p.fields[v][f]]);
          toArgs[a.args[p.fields[v][f]]] = arg;
          auto [from, to] = same.equal_range(a.args[p.fields[v][f]]);
          for (auto it = from; it != to; ++it)
            if (!toArgs.count(it->second)) {
              fields.insert(it->second);
              toArgs[it->second] = arg;
            }
        }
      std::vector<ExprRef> asked;
      for (const ExprRef &l : literals) {
        auto vars = expr::freeVariables(l);
        bool ofField = std::any_of(vars.begin(), vars.end(),
                                   [&](const ExprRef &x) {
                                     return fields.count(x) > 0;
                                   });
        bool onlyArguments = std::all_of(
            vars.begin(), vars.end(),
            [&](const ExprRef &x) { return toArgs.count(x) > 0; });
        if (ofField && onlyArguments) {
          ExprRef fact = ctx_.notE(expr::substitute(ctx_, l, toArgs));
          if (fact->kind() != Kind::BoolConst)
            asked.push_back(fact);
        }
        // Of the scalars alone (a walk's pointer that the query asks to be
        // null): the negation as a fact of the relation.
        else if (v == 0 && onlyArguments && !vars.empty())
          scalarFacts(a.relation, expr::substitute(ctx_, l, toArgs));
      }
      std::vector<ExprRef> &facts = found_[{a.relation, v}].facts;
      facts.insert(facts.end(), asked.begin(), asked.end());
      if (linked_)
        pointerFacts(a, v, p, toArgs, literals);
    }
  }
}

void Templates::scalarFacts(size_t r, const ExprRef &l) {
  std::vector<ExprRef> &plain = found_[{r, 0}].plain;
  plain.push_back(ctx_.notE(l));
  std::vector<ExprRef> disjuncts, pending{l};
  while (!pending.empty()) {
    ExprRef d = pending.back();
    pending.pop_back();
    if (d->kind() == Kind::Or) {
      for (unsigned k = 0; k < d->numChildren(); ++k)
        pending.push_back(ExprRef(d->child(k)));
      continue;
    }
    if (d != l)
      disjuncts.push_back(d);
  }
  for (const ExprRef &d : disjuncts) {
    if (expr::freeVariables(d).empty())
      continue;
    plain.push_back(ctx_.notE(d));
    if (d->kind() != Kind::Eq)
      continue;
    for (unsigned k = 0; k < 2; ++k)
      if (const Expr *c = d->child(k);
          c->kind() == Kind::BVConst && !c->bvValue().isZero())
        addresses_.insert(ExprRef(c));
  }
}

void Templates::addressFacts() {
  for (auto &[key, found] : found_) {
    auto [r, v] = key;
    CellPositions p = cellPositions(cells_.views[r],
                                    original_.relations()[r].args.size());
    for (unsigned f : p.fields[v]) {
      ExprRef field = cells_.system.argument(ctx_, r, f);
      for (const ExprRef &c : addresses_)
        if (c->width() == field->width()) {
          ExprRef t = ctx_.notE(ctx_.eq(field, c));
          addressFacts_.insert(t);
          if (std::find(found.facts.begin(), found.facts.end(), t) ==
              found.facts.end())
            found.facts.push_back(t);
        }
    }
  }
}

void Templates::pointerFacts(const HornAtom &a, size_t v,
                             const CellPositions &p,
                             const expr::Substitution &toArgs,
                             const std::vector<ExprRef> &literals) {
  // The query reads this instance at a cell its scalars name (a carried
  // pointer's: the head of a list one loop built and the next walks).
  const ExprRef &cell = a.args[p.cell[v]];
  auto cellVars = expr::freeVariables(cell);
  auto isScalar = [&](const ExprRef &x) {
    return std::any_of(p.scalars.begin(), p.scalars.end(),
                       [&](unsigned i) { return a.args[i] == x; });
  };
  if (cellVars.empty() ||
      !std::all_of(cellVars.begin(), cellVars.end(), isScalar))
    return;
  ExprRef cellArg = cells_.system.argument(ctx_, a.relation, p.cell[v]);
  ExprRef here = ctx_.eq(cellArg, expr::substitute(ctx_, cell, toArgs));
  // Each fact of the view holds at that cell (build() pairs them), also
  // given what the query asks of the pointer (not null: a null one's cell
  // is no node).
  std::vector<ExprRef> premises{here};
  for (const ExprRef &l : literals) {
    auto vars = expr::freeVariables(l);
    bool ofPointer =
        std::any_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
          return std::find(cellVars.begin(), cellVars.end(), x) !=
                 cellVars.end();
        });
    bool overScalars = std::all_of(vars.begin(), vars.end(), isScalar);
    if (ofPointer && overScalars)
      premises.push_back(
          ctx_.andE(here, expr::substitute(ctx_, l, toArgs)));
  }
  std::vector<ExprRef> &mine = found_[{a.relation, v}].pointers;
  for (const ExprRef &premise : premises)
    if (std::find(mine.begin(), mine.end(), premise) == mine.end())
      mine.push_back(premise);
}

std::map<std::string, std::vector<ExprRef>> Templates::build() {
  ports_ = entryPorts();
  for (const HornClause &c : cells_.system.clauses()) {
    if (!c.head)
      query(c);
    else if (!cells_.views[c.head->relation].empty())
      iteration(c);
  }
  addressFacts();
  // A fact about the cells of one relation's array is offered to every
  // relation with an array of the same fields (a list one loop builds and
  // the next walks): a fact the walk's query needs is the builder's too.
  std::vector<std::pair<std::pair<size_t, size_t>, ExprRef>> ported;
  for (const auto &[from, found] : found_)
    for (const auto &[to, other] : found_)
      if (from != to)
        for (const ExprRef &f : found.facts)
          if (ExprRef g = portFact(f, from, to))
            ported.push_back({to, g});
  for (auto &[to, g] : ported) {
    std::vector<ExprRef> &facts = found_[to].facts;
    if (std::find(facts.begin(), facts.end(), g) == facts.end())
      facts.push_back(g);
  }
  std::map<std::string, std::vector<ExprRef>> out;
  std::map<size_t, std::vector<ExprRef>> inherited = inheritedGuards();
  for (auto &[key, found] : found_) {
    std::vector<ExprRef> &mine =
        out[cells_.system.relations()[key.first].name];
    auto add = [&](const ExprRef &t) {
      if (std::find(mine.begin(), mine.end(), t) == mine.end())
        mine.push_back(t);
    };
    for (const ExprRef &g : found.guards)
      for (const ExprRef &f : found.facts)
        add(ctx_.implies(g, f));
    // A walk that writes no cell: the facts of the cells the loop before
    // wrote (below its frontier) hold of its cells. Only the facts of
    // addresses: the others are the builder's, ported to it.
    if (found.guards.empty()) {
      ExprRef cellArg = cells_.system.argument(
          ctx_, key.first,
          cellPositions(cells_.views[key.first],
                        original_.relations()[key.first].args.size())
              .cell[key.second]);
      for (const ExprRef &g : inherited[key.first]) {
        auto vars = expr::freeVariables(g);
        if (std::find(vars.begin(), vars.end(), cellArg) == vars.end())
          continue;
        for (const ExprRef &f : found.facts)
          if (addressFacts_.count(f))
            add(ctx_.implies(g, f));
      }
    }
    for (const ExprRef &t : found.plain)
      add(t);
    for (const ExprRef &at : found.pointers)
      for (const ExprRef &f : found.facts)
        add(ctx_.implies(at, f));
    // A fact of a cell's fields that its successor has too (every node
    // of a list that one of its nodes links to).
    const CellView &view = cells_.views[key.first][key.second];
    if (!view.link)
      continue;
    CellPositions p = cellPositions(cells_.views[key.first],
                                  original_.relations()[key.first].args.size());
    auto arg = [&](unsigned i) {
      return cells_.system.argument(ctx_, key.first, i);
    };
    expr::Substitution toSucc;
    for (size_t f = 0; f < view.fields.size(); ++f)
      toSucc[arg(p.fields[key.second][f])] = arg(p.succ[key.second][f]);
    ExprRef link = arg(p.fields[key.second][*view.link]);
    ExprRef linked = ctx_.notE(ctx_.eq(link, ctx_.bv(link->width(), 0)));
    ExprRef cellArg = arg(p.cell[key.second]);
    std::vector<ExprRef> guards{ctx_.trueE()};
    guards.insert(guards.end(), found.guards.begin(), found.guards.end());
    for (const ExprRef &f : found.facts) {
      // (Of the data: facts of the cell's place or of its link are not
      // its successor's.)
      auto vars = expr::freeVariables(f);
      if (std::find(vars.begin(), vars.end(), cellArg) != vars.end() ||
          std::find(vars.begin(), vars.end(), link) != vars.end())
        continue;
      ExprRef there = expr::substitute(ctx_, f, toSucc);
      for (const ExprRef &g : guards)
        add(ctx_.implies(ctx_.andAll(std::vector<ExprRef>{g, f, linked}),
                         there));
    }
  }
  pointedTemplates(out, inherited);
  portThroughEntries(out);
  return out;
}

void Templates::pointedTemplates(
    std::map<std::string, std::vector<ExprRef>> &out,
    const std::map<size_t, std::vector<ExprRef>> &inherited) {
  for (size_t r = 0; r < cells_.views.size(); ++r) {
    const std::vector<CellView> &views = cells_.views[r];
    size_t arity = original_.relations()[r].args.size();
    CellPositions p = cellPositions(views, arity);
    for (size_t v = 0; v < views.size(); ++v) {
      const CellView &view = views[v];
      if (!view.pointer || !view.link)
        continue;
      auto arg = [&](unsigned i) { return cells_.system.argument(ctx_, r, i); };
      ExprRef pointer = pointerCell(r, v);
      ExprRef cellArg = arg(p.cell[v]);
      ExprRef link = arg(p.fields[v][*view.link]);
      ExprRef pointedLink = arg(p.pointed[v][*view.link]);
      auto nonNull = [&](const ExprRef &l) {
        return ctx_.notE(ctx_.eq(l, ctx_.bv(l->width(), 0)));
      };
      expr::Substitution toSucc, toPointed;
      for (size_t f = 0; f < view.fields.size(); ++f) {
        toSucc[arg(p.fields[v][f])] = arg(p.succ[v][f]);
        toPointed[arg(p.fields[v][f])] = arg(p.pointed[v][f]);
      }
      const Found &found = found_[{r, v}];
      std::vector<ExprRef> data, links;
      for (const ExprRef &f : found.facts) {
        auto vars = expr::freeVariables(f);
        bool place = std::find(vars.begin(), vars.end(), cellArg) != vars.end();
        bool linkOf = std::find(vars.begin(), vars.end(), link) != vars.end();
        (place || linkOf ? links : data).push_back(f);
      }
      std::vector<ExprRef> guards{ctx_.trueE()};
      guards.insert(guards.end(), found.guards.begin(), found.guards.end());
      if (auto it = inherited.find(r); it != inherited.end())
        guards.insert(guards.end(), it->second.begin(), it->second.end());
      // The cells carried pointers are at (a list's head).
      std::vector<ExprRef> carried;
      for (const ExprRef &at : found.pointers)
        if (at->kind() == Kind::Eq && at->child(0) == cellArg.get())
          carried.push_back(ExprRef(at->child(1)));
      // A pointer at a node of the region (a sentinel elsewhere, on the
      // stack, is at a cell below the region's base: negative).
      ExprRef node = ctx_.sle(ctx_.bv(64, 0), pointer);
      std::vector<ExprRef> &mine = out[cells_.system.relations()[r].name];
      auto add = [&](std::vector<ExprRef> premises, const ExprRef &fact) {
        ExprRef t = ctx_.implies(ctx_.andAll(premises), fact);
        if (std::find(mine.begin(), mine.end(), t) == mine.end())
          mine.push_back(t);
      };
      for (const ExprRef &f : data) {
        ExprRef notF = ctx_.notE(f);
        // The node the pointer is at has the fact (a walk keeps it).
        add({node}, expr::substitute(ctx_, f, toPointed));
        for (const ExprRef &c : carried)
          add({node, ctx_.eq(cellArg, c)}, f);
        for (const ExprRef &g : guards) {
          // While the pointer is at a node, every node with the fact links
          // to one with it (a walk past the walk that unlinked the others).
          add({node, g, f, nonNull(link)}, expr::substitute(ctx_, f, toSucc));
          // Above the pointer (walked), a node with the fact links to one
          // with it.
          add({ctx_.ult(pointer, cellArg), g, f, nonNull(link)},
              expr::substitute(ctx_, f, toSucc));
          // Between the pointer's successor and the pointer: unlinked,
          // those without it.
          add({node, nonNull(pointedLink),
               ctx_.ult(successorCell(ctx_, pointedLink, view), cellArg),
               ctx_.ult(cellArg, pointer), g},
              notF);
          for (const ExprRef &c : carried)
            add({ctx_.notE(node), ctx_.ult(c, cellArg), g}, notF);
          // Below the pointer, unlinked once its link is null.
          add({node, ctx_.eq(pointedLink, ctx_.bv(pointedLink->width(), 0)),
               ctx_.ult(cellArg, pointer), g},
              notF);
        }
      }
      // Below the pointer, the links are as the loop before left them.
      for (const ExprRef &f : links)
        for (const ExprRef &g : guards)
          add({ctx_.ult(cellArg, pointer), g}, f);
      // Links point down (a list pushed at its head, nodes unlinked from
      // it), so the carried head is at or above the pointer.
      for (const ExprRef &g : guards)
        add({g, nonNull(link)},
            ctx_.ult(successorCell(ctx_, link, view), cellArg));
      for (const ExprRef &c : carried)
        add({node}, ctx_.ule(pointer, c));
    }
  }
}

ExprRef Templates::pointerCell(size_t r, size_t v) {
  const std::vector<CellView> &views = cells_.views[r];
  const CellView &view = views[v];
  CellPositions p = cellPositions(views, original_.relations()[r].args.size());
  // The pointer's scalar among the cell relation's arguments.
  unsigned k = view.pointer->argument;
  for (const CellView &w : views)
    k -= w.position < view.pointer->argument;
  return pointedCell(ctx_, cells_.system.argument(ctx_, r, p.scalars[k]),
                     view);
}

std::vector<ExprRef> Templates::nodePremises(size_t r) {
  std::vector<ExprRef> out;
  for (size_t v = 0; v < cells_.views[r].size(); ++v)
    if (cells_.views[r][v].pointer)
      out.push_back(ctx_.sle(ctx_.bv(64, 0), pointerCell(r, v)));
  return out;
}

std::map<size_t, std::vector<ExprRef>> Templates::inheritedGuards() {
  // (Through a chain of loops: a walk past the walk that unlinked nodes
  // of the builder's list inherits the builder's.)
  std::map<size_t, std::vector<ExprRef>> inherited;
  for (bool changed = true; changed;) {
    changed = false;
    for (const EntryPort &port : ports_) {
      std::vector<ExprRef> theirs = inherited[port.from];
      for (const auto &[key, found] : found_)
        if (key.first == port.from)
          theirs.insert(theirs.end(), found.guards.begin(), found.guards.end());
      std::vector<ExprRef> &mine = inherited[port.to];
      for (const ExprRef &g : theirs) {
        auto vars = expr::freeVariables(g);
        if (!std::all_of(vars.begin(), vars.end(), [&](const ExprRef &v) {
              return port.sub.count(v) > 0;
            }))
          continue;
        ExprRef h = expr::substitute(ctx_, g, port.sub);
        if (std::find(mine.begin(), mine.end(), h) == mine.end()) {
          mine.push_back(h);
          changed = true;
        }
      }
    }
  }
  return inherited;
}

std::vector<Templates::EntryPort> Templates::entryPorts() {
  // Where each original argument of relation `r` is among its cell
  // relation's: a scalar's index, or an array's view.
  struct Place {
    std::optional<unsigned> scalar;
    std::optional<size_t> view;
  };
  auto placesOf = [&](size_t r) {
    const std::vector<CellView> &views = cells_.views[r];
    size_t arity = original_.relations()[r].args.size();
    CellPositions p = cellPositions(views, arity);
    std::vector<Place> places(arity);
    size_t v = 0, k = 0;
    for (unsigned i = 0; i < arity; ++i) {
      if (v < views.size() && views[v].position == i)
        places[i].view = v++;
      else
        places[i].scalar = p.scalars[k++];
    }
    return places;
  };
  auto root = [](const Expr *e) {
    while (e->kind() == Kind::Store)
      e = e->child(0);
    return e;
  };
  std::vector<EntryPort> ports;
  for (const HornClause &c : original_.clauses()) {
    if (!c.head || std::any_of(c.body.begin(), c.body.end(),
                               [&](const HornAtom &a) {
                                 return a.relation == c.head->relation;
                               }))
      continue;
    size_t to = c.head->relation;
    std::vector<Place> into = placesOf(to);
    CellPositions pt =
        cellPositions(cells_.views[to], original_.relations()[to].args.size());
    for (const HornAtom &a : c.body) {
      size_t from = a.relation;
      std::vector<Place> outOf = placesOf(from);
      CellPositions pf = cellPositions(cells_.views[from],
                                     original_.relations()[from].args.size());
      EntryPort port{from, to, {}, {}};
      for (unsigned i = 0; i < a.args.size(); ++i)
        for (unsigned k = 0; k < c.head->args.size(); ++k) {
          const Expr *h = c.head->args[k].get();
          if (outOf[i].scalar && into[k].scalar && h == a.args[i].get() &&
              a.args[i]->kind() == Kind::Var) {
            port.sub[cells_.system.argument(ctx_, from, *outOf[i].scalar)] =
                cells_.system.argument(ctx_, to, *into[k].scalar);
          } else if (outOf[i].view && into[k].view &&
                     root(h) == a.args[i].get()) {
            // The same array, maybe written past the loop: Houdini keeps
            // only what the entry's stores leave true.
            size_t vf = *outOf[i].view, vt = *into[k].view;
            const CellView &x = cells_.views[from][vf],
                           &y = cells_.views[to][vt];
            if (x.stride != y.stride || x.fields != y.fields)
              continue;
            auto same = [&](const std::vector<unsigned> &f,
                            const std::vector<unsigned> &t) {
              for (size_t n = 0; n < f.size() && n < t.size(); ++n)
                port.sub[cells_.system.argument(ctx_, from, f[n])] =
                    cells_.system.argument(ctx_, to, t[n]);
            };
            same({pf.cell[vf]}, {pt.cell[vt]});
            same(pf.fields[vf], pt.fields[vt]);
            if (x.link && x.link == y.link)
              same(pf.succ[vf], pt.succ[vt]);
          }
        }
      // And back: each scalar `to` gets as a term over `from`'s scalars.
      expr::Substitution fromArgs;
      for (unsigned i = 0; i < a.args.size(); ++i)
        if (outOf[i].scalar && a.args[i]->kind() == Kind::Var)
          fromArgs[a.args[i]] =
              cells_.system.argument(ctx_, from, *outOf[i].scalar);
      for (const auto &[x, y] : port.sub)
        port.back[y] = x;
      for (unsigned k = 0; k < c.head->args.size(); ++k) {
        if (!into[k].scalar)
          continue;
        ExprRef mine = cells_.system.argument(ctx_, to, *into[k].scalar);
        auto vars = expr::freeVariables(c.head->args[k]);
        if (port.back.count(mine) || vars.empty() ||
            !std::all_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
              return fromArgs.count(x) > 0;
            }))
          continue;
        port.back[mine] = expr::substitute(ctx_, c.head->args[k], fromArgs);
      }
      ports.push_back(std::move(port));
    }
  }
  return ports;
}

void Templates::portThroughEntries(
    std::map<std::string, std::vector<ExprRef>> &out) {
  std::vector<std::pair<std::string, ExprRef>> ported;
  auto over = [](const ExprRef &t, const expr::Substitution &sub) {
    auto vars = expr::freeVariables(t);
    return !vars.empty() &&
           std::all_of(vars.begin(), vars.end(),
                       [&](const ExprRef &v) { return sub.count(v) > 0; });
  };
  // Each relation's scalars, as a substitution `over` can test.
  auto scalarsOf = [&](size_t r) {
    expr::Substitution mine;
    CellPositions p = cellPositions(cells_.views[r],
                                    original_.relations()[r].args.size());
    for (unsigned i : p.scalars)
      mine[cells_.system.argument(ctx_, r, i)] =
          cells_.system.argument(ctx_, r, i);
    return mine;
  };
  for (const EntryPort &port : ports_) {
    const std::string &from = original_.relations()[port.from].name,
                      &to = original_.relations()[port.to].name;
    auto templates = out.find(from);
    if (templates == out.end())
      continue;
    for (const ExprRef &t : templates->second)
      if (over(t, port.sub))
        ported.push_back({to, expr::substitute(ctx_, t, port.sub)});
    // And back: what the next loop needs of its entry (a walk's first
    // node), the builder needs at its exit; over single cells, only facts
    // of the scalars (the walk's first pointer).
    // With a walk's pointer, each also once the pointer is at a node
    // (past the sentinel: a walk that unlinks nodes leaves the next one
    // its facts only then).
    if (auto theirs = out.find(to); theirs != out.end()) {
      expr::Substitution scalars = scalarsOf(port.to);
      std::vector<ExprRef> atNode = nodePremises(port.from);
      for (const ExprRef &t : theirs->second)
        if (over(t, port.back) && (linked_ || over(t, scalars))) {
          ExprRef mine = expr::substitute(ctx_, t, port.back);
          ported.push_back({from, mine});
          for (const ExprRef &n : atNode)
            ported.push_back({from, ctx_.implies(n, mine)});
        }
    }
  }
  for (auto &[name, t] : ported) {
    std::vector<ExprRef> &mine = out[name];
    if (std::find(mine.begin(), mine.end(), t) == mine.end())
      mine.push_back(t);
  }
}

} // namespace

std::map<std::string, std::vector<ExprRef>>
cellTemplates(expr::ExprContext &ctx, const HornSystem &original,
              const CellIndexedSystem &cells) {
  return Templates(ctx, original, cells).build();
}

} // namespace cosmo::solver
