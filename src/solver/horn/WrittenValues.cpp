//===- WrittenValues.cpp - what an iteration writes, read as constants ---===//
//
// WrittenValues.h's helpers.
//
//===----------------------------------------------------------------------===//

#include "horn/WrittenValues.h"

#include "horn/CellIndexed.h"

#include "cosmo/expr/Assignment.h"

#include <algorithm>
#include <cassert>
#include <optional>

namespace cosmo::solver {

using expr::Kind;

namespace {

/// Most conditions over unchanged scalars an iteration's constant writes
/// are offered under.
constexpr size_t kFlagConditions = 4;

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

/// The constants `v` takes and the condition of each (a choice between
/// constants: `flag ? 1 : 2`), when every leaf of its ites is one and
/// there are at most `most` of them; a constant alone under `true`. Empty
/// otherwise.
std::vector<std::pair<ExprRef, ExprRef>>
constantCases(expr::ExprContext &ctx, const ExprRef &v, const ExprRef &when,
              size_t most = kConstantCases) {
  assert(most > 0 && "each branch is left room for one constant at least");
  if (v->kind() == Kind::BVConst)
    return {{when, v}};
  if (v->kind() != Kind::Ite || most < 2)
    return {};
  ExprRef c(v->child(0));
  auto yes =
      constantCases(ctx, ExprRef(v->child(1)), ctx.andE(when, c), most - 1);
  if (yes.empty())
    return {};
  auto no = constantCases(ctx, ExprRef(v->child(2)),
                          ctx.andE(when, ctx.notE(c)), most - yes.size());
  if (no.empty())
    return {};
  yes.insert(yes.end(), no.begin(), no.end());
  return yes;
}

} // namespace

std::vector<Definition> definitionsIn(const ExprRef &constraint) {
  std::vector<ExprRef> parts;
  expr::conjunctsOf(constraint, parts);
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

ExprRef constantGuess(expr::ExprContext &ctx, const ExprRef &e,
                      const std::vector<Definition> &defs) {
  if (e->kind() == Kind::BVConst)
    return e;
  std::optional<llvm::APInt> first = valueAt(e, 1, defs);
  for (uint64_t x : {2u, 1000u})
    if (!first || valueAt(e, x, defs) != first)
      return nullptr;
  return ctx.bv(*first);
}

std::vector<ExprRef> writtenConstantFacts(expr::ExprContext &ctx,
                                          const ExprRef &field,
                                          const ExprRef &value,
                                          const std::vector<ExprRef> &flags) {
  auto cases = constantCases(ctx, value, ctx.trueE());
  std::vector<ExprRef> out, any;
  for (const auto &[when, k] : cases) {
    if (k->width() != field->width())
      return {};
    ExprRef is = ctx.eq(field, k);
    out.push_back(is);
    any.push_back(is);
    if (!when->isTrue())
      out.push_back(ctx.implies(when, is));
  }
  if (any.size() > 1)
    out.push_back(ctx.orAll(any));
  if (value->kind() == Kind::BVConst)
    for (const ExprRef &flag : flags)
      out.push_back(ctx.implies(flag, ctx.eq(field, value)));
  return out;
}

std::vector<ExprRef> unchangedConditions(const ExprRef &constraint,
                                         const expr::Substitution &next) {
  std::vector<ExprRef> literals, out;
  expr::conjunctsOf(constraint, literals);
  for (const ExprRef &l : literals) {
    auto vars = expr::freeVariables(l);
    bool unchanged =
        !vars.empty() &&
        std::all_of(vars.begin(), vars.end(), [&](const ExprRef &x) {
          auto it = next.find(x);
          return it != next.end() && it->second == x;
        });
    if (unchanged)
      out.push_back(l);
    if (out.size() == kFlagConditions)
      break;
  }
  return out;
}

} // namespace cosmo::solver
