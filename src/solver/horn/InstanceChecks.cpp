//===- InstanceChecks.cpp - quantified candidates checked on instances ---===//
//
// Part of HornSolver (HornSolver.h): a Houdini step whose candidates
// quantify over array cells is first asked as a ground query, the
// quantified candidates of the clause's body instantiated at the cells the
// clause reads and writes and at a witness of each quantified keep's
// negation. True is exact (instances of what holds hold); false says
// nothing, and the step asks the quantified query.
//
//===----------------------------------------------------------------------===//

#include "horn/ArrayElements.h"
#include "horn/HornSolver.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <cassert>

namespace cosmo::solver {

using expr::Kind;

ExprRef HornSolver::cellOf(const Expr *offset, unsigned stride) {
  assert(stride != 0 && "a cell has at least one byte");
  // From the offset's linear form when its terms are multiples of the
  // stride: a division by a constant that is not a power of two makes
  // bit-blasted queries slow. (Any index gives a sound instance.)
  if (std::optional<LinearOffset> off = linearOffset(offset)) {
    if (std::optional<LinearOffset> cell = off->cell(stride)) {
      ExprRef sum = ctx_.bv(64, static_cast<uint64_t>(cell->constant));
      for (const auto &[t, c] : cell->terms)
        sum = ctx_.add(sum, ctx_.mul(ctx_.bv(64, static_cast<uint64_t>(c)),
                                     ctx_.sextOrTrunc(ExprRef(t), 64)));
      return sum;
    }
  }
  return ctx_.udiv(ExprRef(offset), ctx_.bv(64, stride));
}

bool HornSolver::preservedByInstances(const HornClause &c,
                                      const std::vector<ExprRef> &keeps) {
  const Candidates &cands = *candidates_;
  // The cell indices: every element read's offset, divided by each cell
  // size in use (an instance at any index is sound; these are the useful
  // ones), and a fresh witness per quantified keep.
  std::vector<ExprRef> indices;
  std::set<const Expr *> seen;
  std::set<ExprRef> known;
  auto index = [&](const Expr *offset, unsigned stride) {
    ExprRef t = stride == 1 ? ExprRef(offset) : cellOf(offset, stride);
    if (known.insert(t).second)
      indices.push_back(t);
  };
  auto collect = [&](auto &&self, const Expr *e) -> void {
    if (!seen.insert(e).second)
      return;
    if (e->kind() == Kind::Concat)
      if (std::optional<ElementAccess> read = elementRead(e)) {
        for (unsigned stride : quantifiedStrides_)
          index(read->at, stride);
        // Not its bytes' selects as reads of their own.
        for (const Expr *x = e;; x = x->child(1)) {
          const Expr *byte = x->kind() == Kind::Concat ? x->child(0) : x;
          self(self, byte->child(0));
          self(self, byte->child(1));
          if (x->kind() != Kind::Concat)
            return;
        }
      }
    if (e->kind() == Kind::Select)
      for (unsigned stride : quantifiedStrides_)
        index(e->child(1), stride);
    for (unsigned k = 0; k < e->numChildren(); ++k)
      self(self, e->child(k));
  };
  collect(collect, c.constraint.get());
  auto atomTerms = [&](const HornAtom &a) {
    for (const ExprRef &t : a.args)
      collect(collect, t.get());
  };
  for (const HornAtom &a : c.body)
    atomTerms(a);
  if (c.head)
    atomTerms(*c.head);
  // The negation of `goals` (none: a query) and the clause, the body's
  // quantified candidates instantiated at the indices and `witnesses`.
  auto refuted = [&](const std::vector<ExprRef> &goals,
                     const std::vector<ExprRef> &witnesses) {
    std::vector<ExprRef> at = indices;
    at.insert(at.end(), witnesses.begin(), witnesses.end());
    std::vector<ExprRef> parts{c.constraint};
    for (const HornAtom &a : c.body) {
      expr::Substitution sub = system_.argumentsAt(ctx_, a);
      for (const ExprRef &f : cands[a.relation]) {
        auto q = bound_.find(f);
        if (q == bound_.end()) {
          parts.push_back(expr::substitute(ctx_, f, sub));
          continue;
        }
        if (q->second.size() != 1)
          continue; // (dropping a premise is sound)
        // (An index in the bound variable's width: ElementTemplates
        // quantifies over a counter's values.)
        for (const ExprRef &t : at) {
          sub[q->second[0]] = ctx_.sextOrTrunc(t, q->second[0]->width());
          parts.push_back(expr::substitute(ctx_, f, sub));
        }
        sub.erase(q->second[0]);
      }
    }
    if (c.head)
      parts.push_back(ctx_.orAll(goals));
    z3::expr f = bv_.translateConstraint(ctx_.andAll(parts).get());
    return check(f, {}, false, nullptr, checkCap(kGroundCheckSeconds),
                 /*instances=*/true) == z3::unsat;
  };
  if (!c.head)
    return refuted({}, {});
  // The negation of each keep, a quantified one at a witness of its own.
  std::vector<ExprRef> ground;
  std::vector<std::pair<ExprRef, ExprRef>> quantifiedGoals;
  expr::Substitution sub = system_.argumentsAt(ctx_, *c.head);
  for (const ExprRef &k : keeps) {
    auto q = bound_.find(k);
    if (q == bound_.end()) {
      ground.push_back(ctx_.notE(expr::substitute(ctx_, k, sub)));
      continue;
    }
    if (q->second.size() != 1)
      return false;
    ExprRef witness = ctx_.var(fmt::format("cosmo.witness{}.{}",
                                           quantifiedGoals.size(),
                                           q->second[0]->width()),
                               q->second[0]->sort());
    sub[q->second[0]] = witness;
    quantifiedGoals.emplace_back(
        ctx_.notE(expr::substitute(ctx_, k, sub)), witness);
    sub.erase(q->second[0]);
  }
  // One query for the ground keeps, one per quantified keep at its
  // witness: Z3 4.8.12 has taken more than 10 s on the disjunction of
  // two witnesses' goals over a byte array where each alone takes
  // milliseconds.
  if (quantifiedGoals.empty())
    return refuted(ground, {});
  if (!ground.empty() && !refuted(ground, {}))
    return false;
  for (const auto &[goal, witness] : quantifiedGoals)
    if (!refuted({goal}, {witness}))
      return false;
  return true;
}

} // namespace cosmo::solver
