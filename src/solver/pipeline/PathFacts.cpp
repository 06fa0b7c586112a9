//===- PathFacts.cpp - what a path condition says outright ----------------===//

#include "cosmo/solver/PathFacts.h"

#include "cosmo/expr/ExprContext.h"

#include <algorithm>
#include <climits>
#include <vector>

namespace cosmo::solver {

namespace {

/// The condition `c` of a flag `zext(ite(c, 1, 0))`, if `e` is one.
ExprRef flagCondition(const ExprRef &e) {
  const expr::Expr *n = e.get();
  if (n->kind() == expr::Kind::ZExt)
    n = n->child(0);
  if (n->kind() == expr::Kind::Ite && n->child(1)->isConst() &&
      n->child(2)->isConst() && n->child(1)->bvValue().isOne() &&
      n->child(2)->bvValue().isZero())
    return ExprRef(n->child(0));
  return {};
}

/// The conditions of the flags a nonzero `a & b & ...` is made of: each
/// holds (a flag is 0 or 1, so the only bit the operands can share is its
/// bit 0). Operands that are not flags say nothing.
void flagsOfNonzeroAnd(const expr::Expr *e, std::vector<ExprRef> &out) {
  if (e->kind() == expr::Kind::BAnd) {
    flagsOfNonzeroAnd(e->child(0), out);
    flagsOfNonzeroAnd(e->child(1), out);
  } else if (ExprRef p = flagCondition(ExprRef(e))) {
    out.push_back(p);
  }
}

/// The values a signed bit-vector of `width` bits can take (<= 64).
std::pair<int64_t, int64_t> signedLimits(unsigned width) {
  if (width >= 64)
    return {INT64_MIN, INT64_MAX};
  return {-(int64_t(1) << (width - 1)), (int64_t(1) << (width - 1)) - 1};
}

} // namespace

PathFacts::PathFacts(expr::ExprContext &ctx,
                     std::span<const ExprRef> constraints)
    : ctx_(ctx) {
  add(constraints);
}

void PathFacts::add(std::span<const ExprRef> constraints) {
  // What was simplified under fewer facts may simplify further now.
  memo_.clear();
  simplified_.clear();
  expr::ExprContext &ctx = ctx_;
  std::vector<ExprRef> work(constraints.begin(), constraints.end());
  while (!work.empty()) {
    ExprRef c = work.back();
    work.pop_back();
    // `a & b & ...` over flags is not zero, as `cosmo_assume(x >= lo &
    // x < hi)` makes it.
    if (c->kind() == expr::Kind::Not &&
        c->child(0)->kind() == expr::Kind::Eq) {
      const expr::Expr *eq = c->child(0);
      for (unsigned i = 0; i < 2; ++i)
        if (eq->child(i)->isConst() && eq->child(i)->bvValue().isZero() &&
            eq->child(1 - i)->kind() == expr::Kind::BAnd)
          flagsOfNonzeroAnd(eq->child(1 - i), work);
    }
    switch (c->kind()) {
    case expr::Kind::And:
      work.push_back(ExprRef(c->child(0)));
      work.push_back(ExprRef(c->child(1)));
      break;
    case expr::Kind::Not:
      facts_.emplace(ExprRef(c->child(0)), ctx.falseE());
      noteOrder(ExprRef(c->child(0)), false);
      noteBound(ExprRef(c->child(0)), false);
      break;
    case expr::Kind::Eq:
      facts_.emplace(c, ctx.trueE());
      for (unsigned i = 0; i < 2; ++i)
        if (c->child(i)->kind() == expr::Kind::Var &&
            c->child(1 - i)->isConst())
          facts_.emplace(ExprRef(c->child(i)), ExprRef(c->child(1 - i)));
      break;
    default:
      facts_.emplace(c, ctx.trueE());
      noteOrder(c, true);
      noteBound(c, true);
    }
  }
}

ExprRef PathFacts::simplify(const ExprRef &e) {
  // The memo is keyed by node address: the terms it has seen stay alive,
  // or a new term made at a freed one's address would take its result.
  simplified_.push_back(e);
  return expr::rewriteBottomUp(
      ctx_, e,
      [&](const ExprRef &n) -> ExprRef {
        if (auto it = facts_.find(n); it != facts_.end())
          return it->second;
        if (std::optional<bool> v = decideByBounds(n))
          return *v ? ctx_.trueE() : ctx_.falseE();
        return {};
      },
      memo_);
}

/// What a comparison `a < b` or `a <= b` (signed or not) that is `holds`
/// says about the comparisons of the same two terms: a comparison the
/// callee makes the other way round (`b < a` where the caller knows
/// `a <= b`) then folds too.
void PathFacts::noteOrder(const ExprRef &c, bool holds) {
  bool isSigned = c->kind() == expr::Kind::Slt || c->kind() == expr::Kind::Sle;
  bool strict = c->kind() == expr::Kind::Slt || c->kind() == expr::Kind::Ult;
  if (!isSigned && c->kind() != expr::Kind::Ult &&
      c->kind() != expr::Kind::Ule)
    return;
  ExprRef a(c->child(0)), b(c->child(1));
  auto lt = [&](const ExprRef &x, const ExprRef &y) {
    return isSigned ? ctx_.slt(x, y) : ctx_.ult(x, y);
  };
  auto le = [&](const ExprRef &x, const ExprRef &y) {
    return isSigned ? ctx_.sle(x, y) : ctx_.ule(x, y);
  };
  auto fact = [&](const ExprRef &e, bool value) {
    if (!e->isConst())
      facts_.emplace(e, value ? ctx_.trueE() : ctx_.falseE());
  };
  if (strict && holds) { // a < b
    fact(le(a, b), true);
    fact(lt(b, a), false);
    fact(le(b, a), false);
  } else if (strict) { // b <= a
    fact(le(b, a), true);
  } else if (holds) { // a <= b
    fact(lt(b, a), false);
  } else { // b < a
    fact(lt(b, a), true);
    fact(le(b, a), true);
    fact(lt(a, b), false);
  }
}

/// Signed bounds of terms the path condition compares with constants
/// (`x < k`, `x <= k`, `k < x`, `k <= x`, as they hold or not).
void PathFacts::noteBound(const ExprRef &c, bool holds) {
  bool strict = c->kind() == expr::Kind::Slt;
  if (!strict && c->kind() != expr::Kind::Sle)
    return;
  if (c->child(0)->width() > 64)
    return;
  // The path condition is satisfiable, so k +- 1 stays in range; the
  // checks only keep a wrap from ever making a bound.
  ExprRef x(c->child(0)), y(c->child(1));
  auto step = [](int64_t k, int64_t d) -> std::optional<int64_t> {
    int64_t r;
    if (__builtin_add_overflow(k, d, &r))
      return std::nullopt;
    return r;
  };
  auto lower = [&](const ExprRef &v, std::optional<int64_t> k) {
    if (k)
      entry(v).first = std::max(entry(v).first, *k);
  };
  auto upper = [&](const ExprRef &v, std::optional<int64_t> k) {
    if (k)
      entry(v).second = std::min(entry(v).second, *k);
  };
  if (y->isConst()) { // x < k  or  x <= k
    int64_t k = y->bvValue().getSExtValue();
    if (holds)
      upper(x, strict ? step(k, -1) : k);
    else
      lower(x, strict ? k : step(k, 1));
  } else if (x->isConst()) { // k < y  or  k <= y
    int64_t k = x->bvValue().getSExtValue();
    if (holds)
      lower(y, strict ? step(k, 1) : k);
    else
      upper(y, strict ? k : step(k, -1));
  }
}

/// The value of `slt`/`sle` node `c` when the bounds decide it.
std::optional<bool> PathFacts::decideByBounds(const ExprRef &c) const {
  bool strict = c->kind() == expr::Kind::Slt;
  if ((!strict && c->kind() != expr::Kind::Sle) || c->child(0)->width() > 64)
    return std::nullopt;
  auto a = range(ExprRef(c->child(0))), b = range(ExprRef(c->child(1)));
  if (!a || !b)
    return std::nullopt;
  if (strict ? a->second < b->first : a->second <= b->first)
    return true;
  if (strict ? a->first >= b->second : a->first > b->second)
    return false;
  return std::nullopt;
}

std::optional<PathFacts::Range> PathFacts::range(const ExprRef &x) const {
  if (x->width() > 64)
    return std::nullopt;
  if (x->isConst())
    return Range{x->bvValue().getSExtValue(), x->bvValue().getSExtValue()};
  if (auto it = bounds_.find(x); it != bounds_.end())
    return it->second;
  // A sum or difference of bounded terms that cannot wrap at its width.
  bool isAdd = x->kind() == expr::Kind::Add;
  if (isAdd || x->kind() == expr::Kind::Sub) {
    auto a = range(ExprRef(x->child(0))), b = range(ExprRef(x->child(1)));
    if (!a || !b)
      return std::nullopt;
    Range r;
    if (isAdd ? __builtin_add_overflow(a->first, b->first, &r.first) ||
                    __builtin_add_overflow(a->second, b->second, &r.second)
              : __builtin_sub_overflow(a->first, b->second, &r.first) ||
                    __builtin_sub_overflow(a->second, b->first, &r.second))
      return std::nullopt;
    auto [min, max] = signedLimits(x->width());
    if (r.first < min || r.second > max)
      return std::nullopt;
    return r;
  }
  return std::nullopt;
}

PathFacts::Range &PathFacts::entry(const ExprRef &x) {
  return bounds_.try_emplace(x, signedLimits(x->width())).first->second;
}

} // namespace cosmo::solver
