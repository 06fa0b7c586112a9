//===- QuantifierInstances.cpp - ground instances of assumed \forall ------===//

#include "pipeline/QuantifierInstances.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace cosmo::solver {

using expr::Expr;
using expr::ExprRef;
using expr::Kind;

namespace {

/// `index` as c * var + d with constants c (non-zero) and d.
struct Linear {
  llvm::APInt c, d;
};

std::optional<Linear> linearIn(const Expr *index, const Expr *var) {
  unsigned w = index->width();
  if (index == var)
    return Linear{llvm::APInt(w, 1), llvm::APInt(w, 0)};
  if (index->kind() == Kind::Mul && index->numChildren() == 2) {
    const Expr *k = index->child(0), *x = index->child(1);
    if (k->kind() != Kind::BVConst)
      std::swap(k, x);
    if (k->kind() == Kind::BVConst)
      if (auto inner = linearIn(x, var))
        return Linear{inner->c * k->bvValue(), inner->d * k->bvValue()};
  }
  if (index->kind() == Kind::Add && index->numChildren() == 2) {
    const Expr *k = index->child(0), *x = index->child(1);
    if (k->kind() != Kind::BVConst)
      std::swap(k, x);
    if (k->kind() == Kind::BVConst)
      if (auto inner = linearIn(x, var))
        return Linear{inner->c, inner->d + k->bvValue()};
  }
  return std::nullopt;
}

/// The Forall nodes of `e`, outermost only.
void collectQuantifiers(const ExprRef &e, std::vector<const Expr *> &out,
                        std::set<const Expr *> &seen) {
  if (!seen.insert(e.get()).second)
    return;
  if (e->kind() == Kind::Forall) {
    out.push_back(e.get());
    return;
  }
  for (unsigned i = 0; i < e->numChildren(); ++i)
    collectQuantifiers(ExprRef(e->child(i)), out, seen);
}

/// Reads select(A, e) of `e` outside quantifiers, by array.
void collectReads(const ExprRef &e,
                  std::map<const Expr *, std::set<ExprRef>> &reads,
                  std::set<const Expr *> &seen) {
  if (!seen.insert(e.get()).second || e->kind() == Kind::Forall)
    return;
  if (e->kind() == Kind::Select) {
    // A read through stores reads the arrays below them where it misses
    // the stored indices: each of them gets the index.
    for (const Expr *a = e->child(0);; a = a->child(0)) {
      reads[a].insert(ExprRef(e->child(1)));
      if (a->kind() != Kind::Store)
        break;
    }
  }
  for (unsigned i = 0; i < e->numChildren(); ++i)
    collectReads(ExprRef(e->child(i)), reads, seen);
}

/// The first byte of the element a ground read e = X + C falls in, for
/// elements of `size` bytes: X + (C rounded down to a multiple of size).
ExprRef elementStart(expr::ExprContext &ctx, const ExprRef &e,
                     const llvm::APInt &size) {
  if (e->kind() != Kind::Add || e->child(0)->kind() != Kind::BVConst ||
      size.getBitWidth() != e->width())
    return e;
  llvm::APInt c = e->child(0)->bvValue();
  llvm::APInt r = c.srem(size);
  if (r.isNegative())
    r += size;
  return r.isZero() ? e : ctx.add(ExprRef(e->child(1)), ctx.bv(c - r));
}

/// y where `e` is c * y, else null.
const Expr *scaledBy(const Expr *e, const llvm::APInt &c) {
  if (e->kind() != Kind::Mul || e->numChildren() != 2)
    return nullptr;
  for (unsigned i = 0; i < 2; ++i) {
    const Expr *k = e->child(i);
    if (k->kind() == Kind::BVConst && k->bvValue() == c)
      return e->child(1 - i);
  }
  return nullptr;
}

/// The values of `var` at which `body`'s reads select(A, c * var) meet the
/// ground reads of A: (e - d) / c for each element e read.
std::vector<ExprRef>
candidatesFor(expr::ExprContext &ctx, const ExprRef &body, const Expr *var,
              const std::map<const Expr *, std::set<ExprRef>> &reads) {
  std::set<ExprRef> values;
  expr::forEachNode(body, [&](const Expr *n) {
    if (n->kind() != Kind::Select)
      return;
    auto lin = linearIn(n->child(1), var);
    auto it = reads.find(n->child(0));
    // One pattern per element: its first byte (the others would give the
    // same instances again).
    if (!lin || it == reads.end() || lin->c.isZero() || !lin->d.isZero())
      return;
    std::set<ExprRef> elements;
    for (const ExprRef &e : it->second)
      elements.insert(elementStart(ctx, e, lin->c));
    for (const ExprRef &e : elements) {
      // A read at c * y gives y itself: the instance then reads the very
      // term the query reads. Otherwise a shift for the usual element
      // sizes: division circuits are what Z3 bit-blasts slowest.
      const Expr *y = scaledBy(e.get(), lin->c);
      ExprRef value =
          y ? ExprRef(y)
          : lin->c.isPowerOf2()
              ? ctx.ashr(e, ctx.bv(e->width(), lin->c.logBase2()))
              : ctx.sdiv(e, ctx.bv(lin->c));
      values.insert(ctx.zextOrTrunc(value, var->width()));
    }
  });
  return {values.begin(), values.end()};
}

} // namespace

bool hasQuantifier(const ExprRef &e) {
  bool found = false;
  expr::forEachNode(e, [&](const Expr *n) { found |= n->kind() == Kind::Forall; });
  return found;
}

std::vector<ExprRef> quantifierInstances(expr::ExprContext &ctx,
                                         std::span<const ExprRef> terms,
                                         size_t limit) {
  std::vector<const Expr *> quantifiers;
  std::map<const Expr *, std::set<ExprRef>> reads;
  std::set<const Expr *> seenQ, seenR;
  for (const ExprRef &t : terms) {
    collectQuantifiers(t, quantifiers, seenQ);
    collectReads(t, reads, seenR);
  }
  std::vector<ExprRef> out;
  std::set<const Expr *> made;
  for (const Expr *q : quantifiers) {
    ExprRef body(q->child(0));
    // Candidate values of each bound variable, from the reads it indexes.
    std::vector<ExprRef> vars;
    std::vector<std::vector<ExprRef>> candidates;
    for (unsigned v = 1; v < q->numChildren(); ++v) {
      vars.push_back(ExprRef(q->child(v)));
      candidates.push_back(candidatesFor(ctx, body, q->child(v), reads));
    }
    // Every combination of candidates (bodies over two variables take
    // pairs), within the limit.
    std::vector<size_t> pick(vars.size(), 0);
    if (std::any_of(candidates.begin(), candidates.end(),
                    [](const auto &c) { return c.empty(); }))
      continue;
    for (;;) {
      expr::Substitution sub;
      for (size_t v = 0; v < vars.size(); ++v)
        sub.emplace(vars[v], candidates[v][pick[v]]);
      ExprRef inst = expr::substitute(ctx, body, sub);
      if (!inst->isTrue() && made.insert(inst.get()).second) {
        out.push_back(inst);
        if (out.size() >= limit)
          return out;
      }
      size_t v = 0;
      while (v < pick.size() && ++pick[v] == candidates[v].size())
        pick[v++] = 0;
      if (v == pick.size())
        break;
    }
  }
  return out;
}

} // namespace cosmo::solver
