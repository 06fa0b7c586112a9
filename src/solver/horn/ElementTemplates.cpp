//===- ElementTemplates.cpp - quantified candidates of array loops -------===//
//
// A loop that writes element i of an array at each iteration and moves i
// by one (`for (i = lo; i < n; i++) a[i] = v`) keeps the quantified
// invariant "every element it has passed holds what it wrote": forall k.
// lo <= k < i ==> a[k] == v. Spacer over the integers finds it for some
// loops and not for others of the same shape (measured on Z3 4.8.12: a
// fill with an input value, yes; the same fill with the constant 0, no,
// whatever the array's size), and without it the error past the loop is
// unknown and the loop unrolled. This file reads the pattern off the
// iteration clauses and proposes the invariant as a candidate; Houdini
// keeps it only where it is inductive over the bit-precise clauses, so a
// candidate that does not fit the loop costs a query, never soundness.
//
// Written values: a constant, a value the iteration leaves unchanged (an
// argument), a function of the index (a[i] = 2*i), or the element of
// another array at the same distance from i (b[i] = a[i + c], a copy).
//
//===----------------------------------------------------------------------===//

#include "horn/ArrayElements.h"
#include "horn/HornSolver.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

namespace cosmo::solver {

using expr::Kind;

namespace {

/// An iteration of relation `r`: a clause into r with one atom of r in
/// its body.
const HornAtom *iterationAtom(const HornClause &c) {
  if (!c.head)
    return nullptr;
  const HornAtom *mine = nullptr;
  for (const HornAtom &a : c.body)
    if (a.relation == c.head->relation) {
      if (mine)
        return nullptr;
      mine = &a;
    }
  return mine;
}

/// `e` as `var + step` for a variable and a constant step of one.
std::optional<std::pair<const Expr *, int64_t>> unitStep(const Expr *e) {
  std::optional<LinearOffset> off = linearOffset(e);
  if (!off || off->terms.size() != 1 || off->terms[0].second != 1 ||
      (off->constant != 1 && off->constant != -1) ||
      off->terms[0].first->kind() != Kind::Var ||
      off->terms[0].first->width() != e->width())
    return std::nullopt;
  return std::make_pair(off->terms[0].first, off->constant);
}

/// The element write at the top of store chain `e`: of 8, 4, 2 or 1
/// bytes, the first that reads as one (a byte of a char value too).
std::optional<ElementAccess> topWrite(const Expr *e) {
  for (unsigned bytes : {8u, 4u, 2u, 1u})
    if (std::optional<ElementAccess> w = elementWrite(e, bytes))
      return w;
  std::optional<LinearOffset> off;
  if (e->kind() != Kind::Store || !(off = linearOffset(e->child(1))))
    return std::nullopt;
  ElementAccess w;
  w.array = e->child(0);
  w.offset = *off;
  w.at = e->child(1);
  w.bytes = 1;
  w.value = e->child(2);
  return w;
}

/// `e` with `sub` applied, when `sub` maps each of its variables; null
/// otherwise.
ExprRef mapped(expr::ExprContext &ctx, const ExprRef &e,
               const expr::Substitution &sub) {
  std::vector<ExprRef> vars = expr::freeVariables(e);
  if (!std::all_of(vars.begin(), vars.end(),
                   [&](const ExprRef &v) { return sub.count(v); }))
    return nullptr;
  return expr::substitute(ctx, e, sub);
}

} // namespace

void HornSolver::elementTemplates(Candidates &out) {
  for (const HornClause &c : system_.clauses()) {
    const HornAtom *mine = iterationAtom(c);
    if (!mine)
      continue;
    size_t r = c.head->relation;
    const std::vector<ExprRef> &before = mine->args, &after = c.head->args;
    // The iteration's variables as the relation's arguments: those it
    // passes on unchanged are what a candidate may mention besides the
    // counter and the array.
    expr::Substitution unchanged;
    std::map<const Expr *, unsigned> argumentOf;
    for (unsigned i = 0; i < before.size(); ++i)
      if (before[i]->kind() == Kind::Var ||
          before[i]->kind() == Kind::ArrayVar) {
        argumentOf.emplace(before[i].get(), i);
        if (after[i] == before[i])
          unchanged[before[i]] = system_.argument(ctx_, r, i);
      }
    // The values a counter starts from, in the relation's terms (an entry
    // clause's constant, or its term over arguments the loop keeps), and
    // the value one step before (an entry clause that is the loop's first
    // iteration, peeled: `i = 1` with a[0] written).
    auto starts = [&](unsigned counter, int64_t step) {
      std::vector<ExprRef> found;
      for (const HornClause &e : system_.clauses()) {
        if (!e.head || e.head->relation != r || iterationAtom(e))
          continue;
        expr::Substitution sub;
        for (unsigned i = 0; i < e.head->args.size(); ++i)
          if (i != counter && e.head->args[i]->kind() == Kind::Var &&
              unchanged.count(before[i]))
            sub[e.head->args[i]] = system_.argument(ctx_, r, i);
        ExprRef s = mapped(ctx_, e.head->args[counter], sub);
        if (!s)
          continue;
        for (const ExprRef &x :
             {s, ctx_.sub(s, ctx_.bv(s->width(), static_cast<uint64_t>(step)))})
          if (std::find(found.begin(), found.end(), x) == found.end())
            found.push_back(x);
      }
      return found;
    };
    for (unsigned a = 0; a < after.size(); ++a) {
      if (!after[a]->sort().isArray() || before[a]->kind() != Kind::ArrayVar)
        continue;
      ExprRef array = system_.argument(ctx_, r, a);
      // The element writes at the top of the head's array, down to the
      // array the iteration started with.
      const Expr *e = after[a].get();
      for (unsigned writes = 0; e != before[a].get() && writes < 16;
           ++writes) {
        std::optional<ElementAccess> w = topWrite(e);
        if (!w)
          break;
        e = w->array;
        // Written at stride*i + constant for a counter i that each
        // iteration moves by one: in cells of `stride` bytes, the element
        // at `residue` of cell i + `shift`.
        if (w->offset.terms.size() != 1 || w->offset.terms[0].second <= 0)
          continue;
        auto stride = static_cast<unsigned>(w->offset.terms[0].second);
        auto counter = argumentOf.find(w->offset.terms[0].first);
        std::optional<LinearOffset> cell = w->offset.cell(stride);
        int64_t residue = w->offset.residue(stride);
        if (counter == argumentOf.end() || !cell ||
            residue + w->bytes > stride)
          continue;
        unsigned i = counter->second;
        auto step = unitStep(after[i].get());
        if (!step || step->first != before[i].get())
          continue;
        // Quantified over cells in the counter's own width: cell q is the
        // one written when the counter was q - shift, at the program's own
        // address term for that value (its wrap-around and extensions the
        // program's), so that an instance at a written cell reads the
        // written address.
        unsigned width = before[i]->width();
        ExprRef shift =
            ctx_.bv(width, static_cast<uint64_t>(cell->constant));
        ExprRef q = ctx_.var(fmt::format("cosmo.t{}", bound_.size()),
                             expr::Sort::bv(width));
        auto cellAt = [&](const ExprRef &counterValue) {
          return ctx_.add(counterValue, shift);
        };
        expr::Substitution sub = unchanged;
        sub[before[i]] = ctx_.sub(q, shift);
        ExprRef address = mapped(ctx_, ExprRef(w->at), sub);
        if (!address || address->width() != 64)
          continue;
        ExprRef value;
        if (w->constant) {
          value = ctx_.bv(*w->constant);
        } else if (w->value) {
          value = mapped(ctx_, ExprRef(w->value), sub);
        } else if (w->copyArray && w->copyAt) {
          // b[i + c] = a[i + d]: the element of a read at that iteration
          // (the address its lowest byte was read at).
          auto from = argumentOf.find(w->copyArray);
          ExprRef read = mapped(ctx_, ExprRef(w->copyAt), sub);
          if (from != argumentOf.end() &&
              unchanged.count(before[from->second]) && read)
            value = elementAt(ctx_, system_.argument(ctx_, r, from->second),
                              read, w->bytes);
        }
        if (!value || value->width() != 8 * w->bytes)
          continue;
        ExprRef holds =
            ctx_.eq(elementAt(ctx_, array, address, w->bytes), value);
        ExprRef now = cellAt(system_.argument(ctx_, r, i));
        for (const ExprRef &start : starts(i, step->second)) {
          // Upwards: the cells from the start's up to the counter's;
          // downwards: from past the counter's to the start's.
          ExprRef range =
              step->second > 0
                  ? ctx_.andE(ctx_.sle(cellAt(start), q), ctx_.slt(q, now))
                  : ctx_.andE(ctx_.slt(now, q), ctx_.sle(q, cellAt(start)));
          ExprRef candidate = ctx_.implies(range, holds);
          if (std::find(out[r].begin(), out[r].end(), candidate) !=
              out[r].end())
            continue;
          bound_[candidate] = {q};
          quantifiedStrides_.insert(stride);
          out[r].push_back(candidate);
        }
      }
    }
  }
}

} // namespace cosmo::solver
