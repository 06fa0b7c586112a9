//===- SymbolicHeap.cpp - read, write, refine, compose, merge -------------===//
//
// Seed 001 section 4, definitions 3-8, on cosmo's terms. Each operation
// follows its definition; the shortcuts are exact by the seed's own laws:
//  - read(sigma, x) = sigma(x) when x is a key (def. 3 and invariant (1));
//  - a read at a union of locations is the union of the reads (theorem 11,
//    statement 1 (d)), up to kMaxReadSplit of them;
//  - a guard x = l that folds to false drops its arm, one that folds to true
//    ends the union (statement 1 (a), (b)); location equations cancel
//    constant offsets (see `equation`);
//  - refinement in the empty heap is the identity (theorem 2 (b)).
//
//===----------------------------------------------------------------------===//

#include "cosmo/memory/SymbolicHeap.h"

#include <algorithm>
#include <cassert>
#include <optional>
#include <set>

namespace cosmo::memory {

using expr::Expr;
using expr::Sort;

namespace {
// A bit-vector term as base + offset: k is (k, null), add(k, x) is (k, x),
// anything else is (0, x).
std::pair<llvm::APInt, ExprRef> baseOffset(const ExprRef &e) {
  if (e->kind() == expr::Kind::BVConst)
    return {e->bvValue(), ExprRef()};
  if (e->kind() == expr::Kind::Add && e->child(0)->kind() == expr::Kind::BVConst)
    return {e->child(0)->bvValue(), ExprRef(e->child(1))};
  return {llvm::APInt(e->width(), 0), e};
}

// k = x for a constant k.
ExprRef equalsConstant(expr::ExprContext &ctx, const llvm::APInt &k,
                       const ExprRef &x) {
  if (x->kind() == expr::Kind::Concat) {
    // The builder would split k = LI(l) into one equation per byte
    // (eq-const-concat); keep the word.
    ExprRef kids[] = {ctx.bv(k), x};
    return ctx.raw(expr::Kind::Eq, kids);
  }
  return ctx.eq(ctx.bv(k), x);
}

/// x = y for the guards of read, write and compose, and for the equations
/// that refinement rebuilds. Two rewrites on top of the builder's eq, both
/// exact modulo 2^w:
///  - offsets cancel: (x + k1 = y + k2) is (x + (k1 - k2) = y), so the
///    fields of one base compare as constants (LI(a) + 8 = LI(a) is false)
///    and LI(a) + 8 = LI(b) + 8 is the same node as LI(a) = LI(b);
///  - k = LI(l) stays one equation: the builder's split into one equation
///    per byte would make refinement turn every byte into an extract of the
///    same read, and terms that should stay alike (both sides of theorem 4,
///    say) drift apart, which costs the solver dearly.
ExprRef equation(expr::ExprContext &ctx, const ExprRef &x, const ExprRef &y) {
  if (x == y)
    return ctx.trueE();
  if (!x->sort().isBV())
    return ctx.eq(x, y);
  auto [kx, bx] = baseOffset(x);
  auto [ky, by] = baseOffset(y);
  if (bx == by) // also: both constant
    return ctx.boolVal(kx == ky);
  if (!bx)
    return equalsConstant(ctx, kx - ky, by);
  if (!by)
    return equalsConstant(ctx, ky - kx, bx);
  // bx + (kx - ky) = by, the offset on the side of the older base.
  if (bx->id() < by->id())
    return ctx.eq(ctx.add(ctx.bv(kx - ky), bx), by);
  return ctx.eq(bx, ctx.add(ctx.bv(ky - kx), by));
}
} // namespace

/// Builds result heaps cell by cell (compose and merge compute every cell
/// themselves, so they bypass write).
class HeapAccess {
public:
  static void insert(SymbolicHeap &h, const ExprRef &x, const ExprRef &v) {
    h.insert(x, v);
  }
};

void SymbolicHeap::insert(const ExprRef &location, const ExprRef &value) {
  [[maybe_unused]] bool added = map_.emplace(location, value).second;
  assert(added && "insert: location already in the domain");
  symbolicLocations_ += location->kind() != expr::Kind::BVConst;
}

//===--- read and write (defs. 3, 8) --------------------------------------===//

std::vector<ExprRef> SymbolicHeap::domain() const {
  std::vector<ExprRef> out;
  out.reserve(map_.size());
  for (const auto &[l, v] : map_)
    out.push_back(l);
  return out;
}

ExprRef SymbolicHeap::lookup(const ExprRef &location) const {
  auto it = map_.find(location);
  return it == map_.end() ? ExprRef() : it->second;
}

namespace {
// A location that is a union of locations, with the union at the top or
// under an offset: ite(g, a, b), ite(g, a, b) + k, k + ite(g, a, b), ...
struct SplitLocation {
  ExprRef guard, then, otherwise;
};
std::optional<SplitLocation> splitLocation(expr::ExprContext &ctx,
                                           const ExprRef &x) {
  if (x->kind() == expr::Kind::Ite)
    return SplitLocation{ExprRef(x->child(0)), ExprRef(x->child(1)),
                         ExprRef(x->child(2))};
  if (x->kind() != expr::Kind::Add && x->kind() != expr::Kind::Sub)
    return std::nullopt;
  for (unsigned i = 0; i < 2; ++i) {
    const Expr *u = x->child(i);
    if (u->kind() != expr::Kind::Ite)
      continue;
    // Statement 1 (d): op(union(<g, a>, <!g, b>), y) = union(<g, op(a, y)>, ...).
    auto arm = [&](unsigned k) {
      ExprRef kids[2] = {ExprRef(x->child(0)), ExprRef(x->child(1))};
      kids[i] = ExprRef(u->child(k));
      return ctx.rebuild(x.get(), kids);
    };
    return SplitLocation{ExprRef(u->child(0)), arm(1), arm(2)};
  }
  return std::nullopt;
}

// Leaves of the union a location splits into (as splitLocation splits it,
// without building anything), counted up to about `limit`.
size_t unionLeaves(const Expr *x, size_t limit) {
  if (x->kind() == expr::Kind::Ite) {
    size_t n = unionLeaves(x->child(1), limit);
    return n >= limit ? n : n + unionLeaves(x->child(2), limit - n);
  }
  if (x->kind() != expr::Kind::Add && x->kind() != expr::Kind::Sub)
    return 1;
  auto arms = [&](const Expr *c) {
    return c->kind() == expr::Kind::Ite ? unionLeaves(c, limit) : 1;
  };
  return std::min(arms(x->child(0)) * arms(x->child(1)), limit);
}

/// A read at a union of more locations than this stays one read at the
/// union (exact too, by property (6); only the term shape differs).
constexpr size_t kMaxReadSplit = 16;
} // namespace

ExprRef SymbolicHeap::read(const ExprRef &x) const {
  assert(x->sort() == Sort::bv(64) && "read: location must be BitVec(64)");
  if (ExprRef v = lookup(x))
    return v;
  // Theorem 11: read(s, union(g_i, x_i)) = union(g_i, read(s, x_i)). Reads
  // at the simple locations x_i keep LI cells on locations that other terms
  // share, instead of on one nest of ites per way of computing it.
  if (unionLeaves(x.get(), kMaxReadSplit + 1) <= kMaxReadSplit)
    if (auto s = splitLocation(ctx(), x))
      return ctx().ite(s->guard, read(s->then), read(s->otherwise));
  return readAt(x);
}

ExprRef SymbolicHeap::readAt(const ExprRef &x) const {
  if (ExprRef v = lookup(x))
    return v;
  // A constant not in a domain of constants equals none of its locations.
  if (concrete() && x->kind() == expr::Kind::BVConst)
    return cells_->cell(x);
  // union(<x = l, sigma(l)> for l in dom, <all x != l, LI(x)>): the last
  // arm is the default of the nested ite.
  expr::ExprContext &c = ctx();
  std::vector<GuardedValue> arms;
  for (const auto &[l, v] : map_) {
    ExprRef g = equation(c, x, l);
    if (!g->isFalse())
      arms.push_back({std::move(g), v});
  }
  return guardedUnion(c, arms, cells_->cell(x));
}

void SymbolicHeap::write(const ExprRef &u, const ExprRef &v) {
  assert(u->sort() == Sort::bv(64) && "write: location must be BitVec(64)");
  assert(v->sort() == Sort::bv(cells_->valueWidth()) &&
         "write: value width differs from the heap's");
  if (concrete() && u->kind() == expr::Kind::BVConst) {
    map_[u] = v; // every other guard x = u is false
    return;
  }
  expr::ExprContext &c = ctx();
  for (auto &[x, old] : map_) {
    if (x == u)
      continue;
    ExprRef g = equation(c, x, u);
    if (!g->isFalse())
      old = c.ite(g, v, old);
  }
  if (auto [it, added] = map_.emplace(u, v); !added)
    it->second = v;
  else
    symbolicLocations_ += u->kind() != expr::Kind::BVConst;
}

std::string SymbolicHeap::str() const {
  std::string out = "{";
  for (const auto &[l, v] : map_) {
    if (out.size() > 1)
      out += "; ";
    out += cells_->print(l) + " -> " + cells_->print(v);
  }
  return out + "}";
}

//===--- refinement (def. 4) ----------------------------------------------===//

ExprRef Refinement::readAt(const ExprRef &refinedLocation) {
  auto it = reads_.find(refinedLocation);
  if (it != reads_.end())
    return it->second;
  ExprRef r = sigma_.read(refinedLocation);
  reads_.emplace(refinedLocation, r);
  return r;
}

ExprRef Refinement::operator()(const ExprRef &root) {
  // Theorem 2 (b): epsilon * e = e.
  if (sigma_.empty())
    return root;
  expr::ExprContext &ctx = sigma_.ctx();
  const LICells &li = sigma_.liCells();
  // Post-order over the DAG with an explicit stack (terms can be deep).
  // An LI cell, whole or one byte, depends on its location only: it is
  // replaced, not rebuilt.
  struct Frame {
    ExprRef e;
    ExprRef location; // set for LI cells
    int byte;         // -1: whole cell, >= 0: byte k of a cell
    bool expanded;
  };
  auto frameFor = [&](const ExprRef &e) {
    if (ExprRef l = li.locationOf(e))
      return Frame{e, l, -1, false};
    if (auto b = li.byteOf(e.get()))
      return Frame{e, b->second, static_cast<int>(b->first), false};
    return Frame{e, ExprRef(), -1, false};
  };
  std::vector<Frame> stack{frameFor(root)};
  while (!stack.empty()) {
    Frame &f = stack.back();
    if (memo_.count(f.e)) {
      stack.pop_back();
      continue;
    }
    if (!f.expanded) {
      f.expanded = true;
      std::vector<ExprRef> deps;
      if (f.location)
        deps.push_back(f.location);
      else
        for (unsigned i = 0; i < f.e->numChildren(); ++i)
          deps.emplace_back(f.e->child(i));
      for (const ExprRef &d : deps) // `f` may dangle after a push
        if (!memo_.count(d))
          stack.push_back(frameFor(d));
      continue;
    }
    Frame done = std::move(stack.back());
    stack.pop_back();
    ExprRef result;
    if (done.location) {
      // Def. 4 item 4: sigma * LI(l) = read(sigma, sigma * l).
      ExprRef value = readAt(memo_.at(done.location));
      result = done.byte < 0
                   ? value
                   : ctx.extract(value, 8 * done.byte + 7, 8 * done.byte);
    } else if (done.e->numChildren() == 0) {
      result = done.e; // item 1: primitive values stay
    } else {
      // Items 2, 3: operators and unions (ite) over refined operands.
      std::vector<ExprRef> kids;
      bool changed = false;
      for (unsigned i = 0; i < done.e->numChildren(); ++i) {
        kids.push_back(memo_.at(ExprRef(done.e->child(i))));
        changed |= kids.back().get() != done.e->child(i);
      }
      if (!changed)
        result = done.e;
      else if (done.e->kind() == expr::Kind::Eq)
        result = equation(ctx, kids[0], kids[1]);
      else
        result = ctx.rebuild(done.e.get(), kids);
    }
    memo_.emplace(done.e, std::move(result));
  }
  return memo_.at(root);
}

ExprRef refine(const SymbolicHeap &sigma, const ExprRef &e) {
  Refinement r(sigma);
  return r(e);
}

//===--- composition (def. 5) ---------------------------------------------===//

SymbolicHeap compose(const SymbolicHeap &sigma, const SymbolicHeap &sigmaPrime) {
  assert(&sigma.liCells() == &sigmaPrime.liCells() &&
         "compose: heaps of different LI cells");
  if (sigmaPrime.empty()) // theorem 2 (d), syntactically
    return sigma;
  expr::ExprContext &ctx = sigma.ctx();
  Refinement refineIn(sigma);
  // The cells of sigma' filled from sigma: <sigma * l, sigma * sigma'(l)>.
  struct Filled {
    ExprRef location, value;
  };
  std::vector<Filled> filled;
  filled.reserve(sigmaPrime.size());
  // Where every filled location is a constant, a constant x meets at most
  // the one equal to it: the other guards are false.
  std::unordered_map<const Expr *, size_t> constantAt;
  bool allConstant = true;
  for (const auto &[l, v] : sigmaPrime.cells()) {
    filled.push_back({refineIn(l), refineIn(v)});
    allConstant &= filled.back().location->kind() == expr::Kind::BVConst;
    constantAt.emplace(filled.back().location.get(), filled.size() - 1);
  }

  // (sigma o sigma')(x) = union(<x = sigma * l, sigma * sigma'(l)>,
  //                             <all x != sigma * l, sigma(x)>)
  // on dom(sigma) u sigma * dom(sigma') (3). For x in sigma * dom(sigma')
  // one guard folds to true, so sigma(x) is never needed there.
  auto cellAt = [&](const ExprRef &x, const ExprRef &old) {
    if (allConstant && x->kind() == expr::Kind::BVConst) {
      auto it = constantAt.find(x.get());
      if (it != constantAt.end())
        return filled[it->second].value;
      return old ? old : sigma.read(x);
    }
    std::vector<GuardedValue> arms;
    for (const Filled &f : filled) {
      ExprRef g = equation(ctx, x, f.location);
      if (g->isFalse())
        continue;
      bool decided = g->isTrue();
      arms.push_back({std::move(g), f.value});
      if (decided)
        break;
    }
    bool decided = !arms.empty() && arms.back().guard->isTrue();
    return guardedUnion(ctx, arms,
                        decided ? ExprRef() : (old ? old : sigma.read(x)));
  };
  SymbolicHeap out(sigma.liCells());
  for (const auto &[x, v] : sigma.cells())
    HeapAccess::insert(out, x, cellAt(x, v));
  for (const Filled &f : filled)
    if (!out.lookup(f.location))
      HeapAccess::insert(out, f.location, cellAt(f.location, ExprRef()));
  return out;
}

//===--- merge (def. 7) ---------------------------------------------------===//

SymbolicHeap merge(std::span<const GuardedHeap> arms) {
  assert(!arms.empty() && "merge: no arms");
  const LICells &li = arms.front().heap.liCells();
  expr::ExprContext &ctx = li.ctx();
  std::set<ExprRef> domain; // ordered by term id, like the cells
  for (const GuardedHeap &a : arms) {
    assert(&a.heap.liCells() == &li && "merge: heaps of different LI cells");
    assert(a.guard->sort().isBool() && "merge: guard must be Bool");
    for (const auto &[l, v] : a.heap.cells())
      domain.insert(l);
  }
  // merge(g_i, s_i)(x) = union(<g_i, read(s_i, x)>); the last arm is the
  // default (see the union encoding in SymbolicHeap.h).
  SymbolicHeap out(li);
  std::vector<GuardedValue> values(arms.size());
  for (const ExprRef &x : domain) {
    for (size_t i = 0; i < arms.size(); ++i)
      values[i] = {arms[i].guard, arms[i].heap.read(x)};
    HeapAccess::insert(out, x, guardedUnion(ctx, values));
  }
  return out;
}

} // namespace cosmo::memory
