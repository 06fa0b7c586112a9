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
//  - the negation of what a query asks of it (key >= 100: key < 100), and
//    of all it asks of the same fields together (`key == 7` read as four
//    byte equalities: key != 7), and of a node's other fields with it (an
//    instance each, at one cell: !(e1 == 1 && e2 == 3));
//  - the constant v, when v is one; each constant of a choice between
//    constants (`flag ? 1 : 2`), their disjunction, and each under its
//    condition; a constant under each condition of its iteration over
//    scalars the loop leaves as they are (a branch on a flag chosen
//    before the loop);
//  - in a loop that goes on with a list an earlier one left (its
//    relation carries the earlier loop's values as they were), a scalar
//    field the iteration sets to a constant (the list's head node's mark)
//    holds it or its value at entry, and holds it once the count has
//    moved from an entry of 0;
//  - the field ordered against a carried value w when v is w or w's next
//    value (signed and unsigned, both ways): it holds of every written
//    cell when w only moves one way (the keys of a list built sorted, a
//    counter's stamps);
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
//    and so at the tail an iteration appends a node it allocates to (its
//    link null, its data as written), under each frontier's `cell < w`;
//  - the facts a walk needs at its entry, offered to the loop before it
//    at its exit (the list's head);
//  - a written cell's link is null or to a cell below the frontier, or
//    is the address the iteration links each new node to (a circular
//    list's head: the last node appended links to it);
//  - a fact of a cell's data (not of its place or link) that a linked
//    cell passes to its successor (key < 100 -> next's key < 100);
//  - a constant the iteration writes into a cell's data field that
//    decides its successor's (a red node is linked, to a black one); with
//    the constants other loops write into that field of the same cells
//    (a list one loop extends after another), and their disjunction;
//  - a linked cell's field (but its link) ordered against its
//    successor's (a sorted list: key <= next's key), signed and unsigned;
//  - a doubly linked list's back link: a linked cell's successor's other
//    link of the same size points back to it (x->next->prev == x).
//  - the first cell written is the only one linked to the entry value
//    (null), and the carried value is the last cell once one is written.
// The facts ordered against a walk's pointer are WalkTemplates.cpp's,
// those passed between loops through their entries LoopChainTemplates.cpp's;
// WrittenValues.h reads the constants an iteration writes.
//
//===----------------------------------------------------------------------===//

#include "horn/CellTemplateBuilder.h"
#include "horn/WrittenValues.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {
/// Appends `t` to `list` unless it is there (candidates keep their order).
void appendOnce(std::vector<ExprRef> &list, const ExprRef &t) {
  if (std::find(list.begin(), list.end(), t) == list.end())
    list.push_back(t);
}

/// `a` and `b` ordered both ways, signed and unsigned (non-strict).
std::vector<ExprRef> orderings(expr::ExprContext &ctx, const ExprRef &a,
                               const ExprRef &b) {
  return {ctx.sle(a, b), ctx.sle(b, a), ctx.ule(a, b), ctx.ule(b, a)};
}

} // namespace

void CellTemplateBuilder::iteration(const HornClause &c) {
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
  std::vector<ExprRef> flags = unchangedConditions(
      expr::substitute(ctx_, c.constraint, toArgs), next);
  // A scalar the first iteration sets to a constant (a field of a list's
  // head the first append writes: a mark, the link to the first node)
  // holds it once a count that starts at 0 is not 0 any more (the
  // region's cells), when no later iteration changes it.
  std::map<ExprRef, ExprRef, expr::ExprIdLess> parameters =
      views.empty() ? decltype(parameters)() : entryParameters(r);
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
        for (const ExprRef &f : writtenConstantFacts(ctx_, arg, value, flags))
          found_[{r, 0}].plain.push_back(ctx_.orE(ctx_.eq(count, first), f));
      }
      // A loop that goes on with what an earlier one left (a list one loop
      // extends after another, both writing its head node's field the
      // first time): the field holds the constant or its value at entry;
      // and the constant once the count has moved from an entry of 0.
      auto was = parameters.find(arg);
      if (was == parameters.end() || set->second->kind() != Kind::BVConst)
        continue;
      std::vector<ExprRef> written =
          writtenConstantFacts(ctx_, arg, set->second, {});
      for (const ExprRef &f : written)
        found_[{r, 0}].plain.push_back(ctx_.orE(ctx_.eq(arg, was->second), f));
      for (unsigned j : p.scalars) {
        ExprRef count = cells_.system.argument(ctx_, r, j);
        auto moved = next.find(count);
        auto entered = parameters.find(count);
        if (j == i || moved == next.end() || moved->second == count ||
            entered == parameters.end())
          continue;
        const ExprRef &from = entered->second;
        ExprRef zero = ctx_.bv(from->width(), 0);
        for (const ExprRef &f : written)
          found_[{r, 0}].plain.push_back(
              ctx_.orAll(std::vector<ExprRef>{ctx_.notE(ctx_.eq(from, zero)),
                                              ctx_.eq(count, from), f}));
      }
    }
  for (size_t v = 0; v < views.size(); ++v) {
    const ExprRef &cell = c.head->args[p.cell[v]];
    ExprRef cellArg = cells_.system.argument(ctx_, r, p.cell[v]);
    Found &out = found_[{r, v}];
    // Per cell the iteration writes: the fields it writes there, and what
    // it writes into the link (to find the tail it appends at).
    std::map<ExprRef, std::set<size_t>, expr::ExprIdLess> writtenFields;
    std::map<ExprRef, std::vector<ExprRef>, expr::ExprIdLess> linkValues;
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
        writtenFields[frontier].insert(f);
        if (views[v].link && *views[v].link == f)
          linkValues[frontier].push_back(value);
        out.guards.push_back(ctx_.ult(cellArg, frontier));
        if (value->kind() == Kind::BVConst && !value->bvValue().isZero() &&
            value->width() >= 32)
          nonNullFields_.insert(views[v].fields[f]);
        // A written cell links to none or to one written before (the
        // frontier's cell is not any written cell's successor).
        if (const CellView &view = views[v]; view.link) {
          ExprRef link =
              cells_.system.argument(ctx_, r, p.fields[v][*view.link]);
          ExprRef succ = successorCell(ctx_, link, view);
          out.facts.push_back(
              ctx_.orE(ctx_.eq(link, ctx_.bv(link->width(), 0)),
                       ctx_.ult(succ, frontier)));
          // Or to the address the iteration links its new node to (a
          // circular list's head).
          if (*view.link == f && value->kind() == Kind::BVConst &&
              !value->bvValue().isZero() && value->width() == link->width())
            out.facts.push_back(
                ctx_.orE(ctx_.eq(link, value), ctx_.ult(succ, frontier)));
        }
        // At or below it: the cells a walk down a list has yet to visit
        // (none once the walk's pointer is null, below every cell).
        out.guards.push_back(ctx_.andE(ctx_.sle(ctx_.bv(64, 0), cellArg),
                                       ctx_.sle(cellArg, frontier)));
        // From the first cell written on: the frontier at entry. (Not from
        // a node outside the region below its cells, a walk's sentinel on
        // the stack: no cell is at or above it, so every fact under that
        // guard holds of none and only costs Houdini its checks.)
        if (ExprRef first = entryValue(r, frontier);
            first && !first->bvValue().isNegative())
          out.guards.push_back(
              ctx_.andE(ctx_.ule(first, cellArg), ctx_.ult(cellArg, frontier)));
        out.guards.push_back(
            ctx_.andE(ctx_.sle(ctx_.bv(64, 0), cellArg),
                      ctx_.slt(cellArg, frontier)));
        for (const ExprRef &fact :
             writtenConstantFacts(ctx_, fieldArg, value, flags)) {
          out.facts.push_back(fact);
          if ((!views[v].link || *views[v].link != f) &&
              fact->kind() == Kind::Eq &&
              (fact->child(0)->isConst() || fact->child(1)->isConst()))
            appendOnce(out.constants, fact);
        }
        // A carried value written into a field other than the link (a
        // sorted list's key, a counter's stamp): the written cells' field
        // ordered against it, both ways; Houdini keeps the one that holds,
        // if the value only moves one way.
        if (!views[v].link || *views[v].link != f)
          for (unsigned i : p.scalars) {
            ExprRef w = cells_.system.argument(ctx_, r, i);
            auto moved = next.find(w);
            if (w->width() != fieldArg->width() || moved == next.end() ||
                (value != w && value != moved->second))
              continue;
            for (const ExprRef &order : orderings(ctx_, fieldArg, w))
              out.facts.push_back(order);
          }
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
    // A cell the iteration writes only the link of, to a cell whose
    // fields it writes (a node it allocates, not one it read: a walk that
    // unlinks), is where it appends: each fact of the view may hold there
    // (its link null before).
    auto linksToNew = [&](const ExprRef &at) {
      auto values = linkValues.find(at);
      if (values == linkValues.end())
        return false;
      for (const ExprRef &value : values->second) {
        auto vars = expr::freeVariables(value);
        if (vars.empty())
          continue;
        for (const auto &[other, fields] : writtenFields)
          if (other != at && fields.size() > 1 &&
              expr::freeVariables(other) == vars)
            return true;
      }
      return false;
    };
    if (views[v].link)
      for (const auto &[at, fields] : writtenFields)
        if (fields == std::set<size_t>{*views[v].link} && linksToNew(at)) {
          // (Under a guard that makes it a cell written: at entry the
          // pointer is at a node outside the region. Each frontier's
          // plain `cell < w` alone: the pool grows by the view's facts for
          // each.)
          for (const ExprRef &g : out.guards) {
            if (g->kind() == Kind::Ult)
              appendOnce(out.pointers, ctx_.andE(ctx_.eq(cellArg, at), g));
          }
        }
  }
}

void CellTemplateBuilder::query(const HornClause &c) {
  std::vector<ExprRef> literals;
  expr::conjunctsOf(c.constraint, literals);
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
      std::set<ExprRef, expr::ExprIdLess> joined =
          instancesAtSameCell(c, a, p, v, toArgs);
      std::vector<ExprRef> asked;
      // The reads over each set of fields; those of the joined instances'
      // fields alone, apart.
      ReadGroups together, others;
      for (const ExprRef &l : literals) {
        auto vars = expr::freeVariables(l);
        auto some = [&](const auto &set) {
          return std::any_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
            return set.count(x) > 0;
          });
        };
        bool onlyArguments = std::all_of(
            vars.begin(), vars.end(),
            [&](const ExprRef &x) { return toArgs.count(x) > 0; });
        if (some(fields) && onlyArguments) {
          ExprRef read = expr::substitute(ctx_, l, toArgs);
          ExprRef fact = ctx_.notE(read);
          if (fact->kind() != Kind::BoolConst) {
            asked.push_back(fact);
            together[expr::freeVariables(read)].push_back(read);
          }
        } else if (some(joined) && onlyArguments) {
          ExprRef read = expr::substitute(ctx_, l, toArgs);
          others[expr::freeVariables(read)].push_back(read);
        }
        // Of the scalars alone (a walk's pointer that the query asks to be
        // null): the negation as a fact of the relation.
        else if (v == 0 && onlyArguments && !vars.empty())
          scalarFacts(a.relation, expr::substitute(ctx_, l, toArgs));
      }
      // What the query asks of the same fields at once, negated as one
      // fact: a key compared with a constant is read byte by byte (`key ==
      // 7` as four byte equalities), and no byte's fact alone holds.
      for (const auto &[over, reads] : together)
        if (reads.size() > 1)
          if (ExprRef fact = ctx_.notE(ctx_.andAll(reads));
              fact->kind() != Kind::BoolConst)
            asked.push_back(fact);
      if (ExprRef fact = nodeFact(a.relation, p.fields[v], together, others))
        asked.push_back(fact);
      std::vector<ExprRef> &facts = found_[{a.relation, v}].facts;
      facts.insert(facts.end(), asked.begin(), asked.end());
      if (linked_)
        pointerFacts(a, v, p, toArgs, literals);
    }
  }
}

std::set<ExprRef, expr::ExprIdLess> CellTemplateBuilder::instancesAtSameCell(
    const HornClause &c, const HornAtom &a, const CellPositions &p, size_t v,
    expr::Substitution &toArgs) {
  // Another instance of the relation at the same cell (two fields of one
  // node read at `p + 4` and `p + 8`, each an instance at its own term of
  // the node's offset): its fields are this one's, so that what the query
  // asks of both at once is one fact. (Its own facts are its pass's.)
  std::set<ExprRef, expr::ExprIdLess> joined;
  for (const HornAtom &b : c.body) {
    // (Over the same variables: two instances at fresh cells of their own
    // are at any two cells.)
    if (&b == &a || b.relation != a.relation ||
        expr::freeVariables(b.args[p.cell[v]]) !=
            expr::freeVariables(a.args[p.cell[v]]))
      continue;
    ExprRef apart =
        constantGuess(ctx_, ctx_.sub(b.args[p.cell[v]], a.args[p.cell[v]]));
    if (!apart || !apart->bvValue().isZero())
      continue;
    for (size_t f = 0; f < p.fields[v].size(); ++f)
      if (const ExprRef &x = b.args[p.fields[v][f]];
          x->kind() == Kind::Var && !toArgs.count(x)) {
        joined.insert(x);
        toArgs[x] = cells_.system.argument(ctx_, a.relation, p.fields[v][f]);
      }
  }
  return joined;
}

ExprRef CellTemplateBuilder::nodeFact(size_t r,
                                      const std::vector<unsigned> &fields,
                                      const ReadGroups &together,
                                      const ReadGroups &others) {
  // What a query asks of several fields of the node at once, one
  // instance's and those of the instances at the same cell (an event pair
  // that never occurs: `e1 == 1 && e2 == 3`). Of its data alone (a read
  // that also names a scalar, the cell's place against the frontier, is
  // no such pair), in the order of the fields: the other instance's pass
  // makes the same fact, not an equivalent one more.
  std::set<ExprRef, expr::ExprIdLess> ofNode;
  for (unsigned f : fields)
    ofNode.insert(cells_.system.argument(ctx_, r, f));
  auto data = [&](const std::vector<ExprRef> &over) {
    return std::all_of(over.begin(), over.end(),
                       [&](const ExprRef &x) { return ofNode.count(x) > 0; });
  };
  // (A group in both: this instance's reads.)
  std::map<std::vector<ExprRef>, const std::vector<ExprRef> *> every;
  if (!together.empty())
    for (const ReadGroups *groups : {&together, &others})
      for (const auto &[over, reads] : *groups)
        if (data(over))
          every.emplace(over, &reads);
  if (every.size() < 2)
    return nullptr;
  std::vector<ExprRef> all;
  for (const auto &[over, reads] : every)
    all.insert(all.end(), reads->begin(), reads->end());
  ExprRef fact = ctx_.notE(ctx_.andAll(all));
  return fact->kind() == Kind::BoolConst ? nullptr : fact;
}

void CellTemplateBuilder::scalarFacts(size_t r, const ExprRef &l) {
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

void CellTemplateBuilder::addressFacts() {
  for (auto &[key, found] : found_) {
    auto [r, v] = key;
    CellPositions p = cellPositions(cells_.views[r],
                                    original_.relations()[r].args.size());
    for (size_t k = 0; k < p.fields[v].size(); ++k) {
      ExprRef field = cells_.system.argument(ctx_, r, p.fields[v][k]);
      auto away = [&](const ExprRef &c) {
        if (c->width() != field->width())
          return;
        ExprRef t = ctx_.notE(ctx_.eq(field, c));
        addressFacts_.insert(t);
        appendOnce(found.facts, t);
      };
      for (const ExprRef &c : addresses_)
        away(c);
      if (nonNullFields_.count(cells_.views[r][v].fields[k]))
        away(ctx_.bv(field->width(), 0));
    }
  }
}

void CellTemplateBuilder::pointerFacts(const HornAtom &a, size_t v,
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
    appendOnce(mine, premise);
}

std::map<std::string, std::vector<ExprRef>> CellTemplateBuilder::build() {
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
  for (auto &[to, g] : ported)
    appendOnce(found_[to].facts, g);
  // Constants several loops write into one field of the same cells (a list
  // one loop extends after another: marks 1, then 2): each relation over
  // those cells takes the others' as its own (which a linked cell's
  // successor has, below), and their disjunction as a fact.
  std::vector<std::pair<std::pair<size_t, size_t>, ExprRef>> taken, choices;
  for (const auto &entry : found_) {
    const std::pair<size_t, size_t> &to = entry.first;
    std::map<ExprRef, std::vector<ExprRef>, expr::ExprIdLess> byField;
    for (const auto &[from, found] : found_)
      for (const ExprRef &f : found.constants)
        if (ExprRef g = from == to ? f : portFact(f, from, to);
            g && g->kind() == Kind::Eq)
          appendOnce(byField[ExprRef(g->child(g->child(0)->isConst()))], g);
    for (const auto &[field, cases] : byField) {
      if (cases.size() < 2 || cases.size() > kConstantCases)
        continue;
      for (const ExprRef &k : cases)
        taken.push_back({to, k});
      choices.push_back({to, ctx_.orAll(cases)});
    }
  }
  for (auto &[to, k] : taken)
    appendOnce(found_[to].constants, k);
  for (auto &[to, g] : choices)
    appendOnce(found_[to].facts, g);
  std::map<std::string, std::vector<ExprRef>> out;
  std::map<size_t, std::vector<ExprRef>> inherited = inheritedGuards();
  for (auto &[key, found] : found_) {
    std::vector<ExprRef> &mine =
        out[cells_.system.relations()[key.first].name];
    auto add = [&](const ExprRef &t) { appendOnce(mine, t); };
    for (const ExprRef &g : found.guards)
      for (const ExprRef &f : found.facts)
        add(ctx_.implies(g, f));
    // A walk that writes no cell: the facts of the cells the loop before
    // wrote (below its frontier) hold of its cells. Only the facts of
    // addresses (no field holds one, or null where never written so): the
    // others are the builder's, ported to it.
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
    // A constant written into a cell's data field that decides its
    // successor's (a red node is followed by a black one): the cell is
    // linked, and its successor's field has another written constant.
    for (const ExprRef &f : found.constants) {
      for (const ExprRef &g : guards) {
        if (!g->isTrue() && g->kind() != Kind::Ult)
          continue; // (each frontier's plain `cell < w` alone, as above)
        add(ctx_.implies(ctx_.andE(g, f), linked));
        for (const ExprRef &h : found.constants)
          if (h != f)
            add(ctx_.implies(ctx_.andE(g, f),
                             ctx_.andE(linked,
                                       expr::substitute(ctx_, h, toSucc))));
      }
    }
    // The order of a field and its successor's (a sorted list: each node's
    // key at most its successor's), signed and unsigned. (Not of the link;
    // a field of its size may be a key: an ILP32 program's int.)
    for (size_t f = 0; f < view.fields.size(); ++f) {
      if (f == *view.link)
        continue;
      for (const ExprRef &order :
           orderings(ctx_, arg(p.fields[key.second][f]),
                     arg(p.succ[key.second][f])))
        for (const ExprRef &g : guards)
          add(ctx_.implies(ctx_.andE(g, linked), order));
    }
    // A doubly linked list's back link: the successor's other link
    // points back to the cell (`x->next->prev == x`). The cell at offset j
    // has address j - linkDelta (successorCell).
    unsigned linkBytes = view.fields[*view.link].second;
    ExprRef self = ctx_.sub(cellArg, ctx_.bv(cellArg->width(), view.linkDelta));
    for (size_t f = 0; f < view.fields.size(); ++f) {
      ExprRef back = arg(p.succ[key.second][f]);
      if (f == *view.link || view.fields[f].second != linkBytes ||
          back->width() != self->width())
        continue;
      for (const ExprRef &g : guards)
        add(ctx_.implies(ctx_.andE(g, linked), ctx_.eq(back, self)));
    }
  }
  pointedTemplates(out, inherited);
  portThroughEntries(out);
  return out;
}

std::map<std::string, std::vector<ExprRef>>
cellTemplates(expr::ExprContext &ctx, const HornSystem &original,
              const CellIndexedSystem &cells) {
  return CellTemplateBuilder(ctx, original, cells).build();
}

} // namespace cosmo::solver
