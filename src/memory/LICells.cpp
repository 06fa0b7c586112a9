//===- LICells.cpp - lazy-instantiation cells and guarded unions ----------===//
//
// The encoding of LI(l) as bytes of distinguished lane arrays, and guarded
// unions as nested ite (see SymbolicHeap.h for why).
//
//===----------------------------------------------------------------------===//

#include "cosmo/memory/SymbolicHeap.h"

#include <fmt/format.h>
#include <llvm/ADT/SmallString.h>

#include <cassert>
#include <functional>
#include <unordered_map>

namespace cosmo::memory {

using expr::Expr;
using expr::Kind;
using expr::Sort;

LICells::LICells(expr::ExprContext &ctx, unsigned valueWidth,
                 std::string_view prefix)
    : ctx_(&ctx), width_(valueWidth) {
  assert(valueWidth > 0 && valueWidth % 8 == 0 &&
         "LICells: value width must be a positive multiple of 8");
  for (unsigned k = 0; k < valueWidth / 8; ++k)
    lanes_.push_back(ctx.arrayVar(fmt::format("{}.w{}.b{}", prefix, valueWidth, k)));
}

ExprRef LICells::cell(const ExprRef &location) const {
  assert(location->sort() == Sort::bv(64) && "LI: location must be BitVec(64)");
  // Built high byte first as concat(b_{n-1}, concat(..., b_0)); the builder
  // has no rule that rewrites a concat of selects.
  ExprRef acc = ctx_->select(lanes_[0], location);
  for (unsigned k = 1; k < lanes_.size(); ++k)
    acc = ctx_->concat(ctx_->select(lanes_[k], location), acc);
  return acc;
}

std::optional<std::pair<unsigned, ExprRef>>
LICells::byteOf(const Expr *e) const {
  if (e->kind() != Kind::Select)
    return std::nullopt;
  for (unsigned k = 0; k < lanes_.size(); ++k)
    if (e->child(0) == lanes_[k].get())
      return std::make_pair(k, ExprRef(e->child(1)));
  return std::nullopt;
}

ExprRef LICells::locationOf(const ExprRef &e) const {
  if (!e->sort().isBV() || e->width() != width_)
    return ExprRef();
  // Walk concat(b_{n-1}, concat(b_{n-2}, ... b_0)).
  const Expr *n = e.get();
  const Expr *location = nullptr;
  for (unsigned k = lanes_.size(); k-- > 0;) {
    const Expr *byte = n;
    if (k > 0) {
      if (n->kind() != Kind::Concat)
        return ExprRef();
      byte = n->child(0);
      n = n->child(1);
    }
    if (byte->kind() != Kind::Select || byte->child(0) != lanes_[k].get())
      return ExprRef();
    if (location && byte->child(1) != location)
      return ExprRef();
    location = byte->child(1);
  }
  return ExprRef(location);
}

//===--- Printing ---------------------------------------------------------===//

namespace {
// Long or shared terms print exponentially; this is for diagnostics only.
constexpr size_t kPrintBudget = 6000;

std::string constantText(const llvm::APInt &v) {
  llvm::SmallString<40> s;
  if (v.getBitWidth() > 1 && v.getMinSignedBits() <= 17) {
    v.toStringSigned(s, 10);
  } else {
    v.toStringUnsigned(s, 16);
    return "0x" + std::string(s.str());
  }
  return std::string(s.str());
}
} // namespace

std::string LICells::print(const ExprRef &root) const {
  std::string out;
  std::function<void(const Expr *)> go = [&](const Expr *e) {
    if (out.size() > kPrintBudget) {
      out += "...";
      return;
    }
    if (ExprRef l = locationOf(ExprRef(e))) {
      out += "LI(";
      go(l.get());
      out += ")";
      return;
    }
    if (auto b = byteOf(e)) {
      out += "LI(";
      go(b->second.get());
      out += fmt::format(")[byte {}]", b->first);
      return;
    }
    switch (e->kind()) {
    case Kind::BoolConst: out += e->boolValue() ? "true" : "false"; return;
    case Kind::BVConst: out += constantText(e->bvValue()); return;
    case Kind::Var:
    case Kind::ArrayVar: out += e->name(); return;
    case Kind::Extract:
      out += fmt::format("(extract[{}:{}] ", e->aux0(), e->aux1());
      break;
    default:
      out += "(";
      out += expr::kindName(e->kind());
      out += " ";
    }
    for (unsigned i = 0; i < e->numChildren(); ++i) {
      if (i)
        out += " ";
      go(e->child(i));
    }
    out += ")";
  };
  go(root.get());
  return out;
}

//===--- Guarded unions ---------------------------------------------------===//

ExprRef guardedUnion(expr::ExprContext &ctx, std::span<const GuardedValue> arms,
                     const ExprRef &otherwise) {
  assert((otherwise || !arms.empty()) && "union: no arm and no default");
  // Without an explicit default the last arm is the default; its guard is
  // not consulted (not even when it is false).
  ExprRef fallback = otherwise ? otherwise : arms.back().value;
  std::span<const GuardedValue> guarded =
      otherwise ? arms : arms.first(arms.size() - 1);
  std::vector<GuardedValue> kept;
  for (const GuardedValue &arm : guarded) {
    assert(arm.guard->sort().isBool() && "union: guard must be Bool");
    // Statement 1 (b): union(<false, v> u X) = union(X).
    if (arm.guard->isFalse())
      continue;
    // Statement 1 (a): a guard that always holds decides the union; later
    // arms are disjoint from it (or agree with it).
    if (arm.guard->isTrue()) {
      fallback = arm.value;
      break;
    }
    kept.push_back(arm);
  }
  // Statement 1 (c): <g1, v>, ..., <gn, v> join into <g1 \/ ... \/ gn, v>;
  // arms whose value is the default need no guard at all. Sound because the
  // guards are disjoint or agree where they overlap.
  std::vector<GuardedValue> joined;
  std::unordered_map<const Expr *, size_t> byValue;
  for (GuardedValue &arm : kept) {
    assert(arm.value->sort() == fallback->sort() && "union: sorts differ");
    if (arm.value == fallback)
      continue;
    auto [it, fresh] = byValue.emplace(arm.value.get(), joined.size());
    if (fresh)
      joined.push_back(std::move(arm));
    else
      joined[it->second].guard = ctx.orE(joined[it->second].guard, arm.guard);
  }
  ExprRef acc = fallback;
  for (auto it = joined.rbegin(); it != joined.rend(); ++it)
    acc = ctx.ite(it->guard, it->value, acc);
  return acc;
}

} // namespace cosmo::memory
