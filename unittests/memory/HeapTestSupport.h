//===- HeapTestSupport.h - fixtures for the symbolic heap tests -*- C++ -*-===//
//
// Semantic equality of terms and heaps, proved with Z3, and a seeded
// generator of random heaps. "Equal" means: lhs != rhs is unsat (asked of
// Z3's SMT core with a short limit first, QuickUnsat.h, then of cosmo's Z3
// backend). Two
// heaps are equal when their reads agree at every location of either domain
// and at a free location `probe` (a variable, so the check covers every
// location at once).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_MEMORY_HEAPTESTSUPPORT_H
#define COSMO_UNITTESTS_MEMORY_HEAPTESTSUPPORT_H

#include "cosmo/memory/SymbolicHeap.h"
#include "cosmo/solver/Solver.h"
#include "cosmo/expr/Transform.h"

#include "QuickUnsat.h"

#include <map>

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <set>

namespace cosmo::expr {
/// gtest prints terms as SMT-LIB (shortened).
inline void PrintTo(const ExprRef &e, std::ostream *os) {
  std::string text = e ? toSmtLib(e) : "null";
  *os << (text.size() > 400 ? text.substr(0, 400) + "..." : text);
}
} // namespace cosmo::expr

namespace cosmo::memory::testing {

using expr::ExprContext;
using expr::Sort;

class HeapTest : public ::testing::Test {
protected:
  // Declaration order is destruction order in reverse: the solver's
  // translation cache and the lanes hold terms of ctx.
  static constexpr size_t kMaxReport = 4000;
  ExprContext ctx;
  LICells li{ctx};
  // A few laws' instances take Z3 seconds (see HeapGen); none should fail
  // for want of time.
  std::unique_ptr<solver::Solver> z3 =
      solver::createZ3Solver(ctx, solver::SolverOptions{120000});
  // Asked first (QuickUnsat.h); its translation cache holds terms of ctx.
  cosmo::testing::QuickUnsat quickUnsat;

  ExprRef num(int64_t v) { return ctx.bv(64, static_cast<uint64_t>(v)); }
  ExprRef LI(const ExprRef &l) { return li.cell(l); }
  ExprRef field(const ExprRef &base, unsigned offset) {
    return ctx.add(base, num(offset));
  }
  ExprRef probe() { return ctx.var("probe", Sort::bv(64)); }

  /// Proves `assumptions => lhs = rhs`.
  ::testing::AssertionResult provedEqual(
      const ExprRef &lhs, const ExprRef &rhs,
      const std::vector<ExprRef> &assumptions = {}) {
    return proved(ctx.ne(lhs, rhs), assumptions, [&] {
      return "lhs: " + li.print(lhs) + "\nrhs: " + li.print(rhs);
    });
  }

  /// Proves `assumptions => !bad`, i.e. that `bad` is unsat with them.
  template <typename Describe>
  ::testing::AssertionResult proved(const ExprRef &bad,
                                    std::vector<ExprRef> constraints,
                                    Describe describe) {
    if (bad->isFalse())
      return ::testing::AssertionSuccess();
    constraints.push_back(bad);
    std::vector<ExprRef> query = ackermannize(constraints);
    if (quickUnsat(query))
      return ::testing::AssertionSuccess();
    solver::SolverResult r = z3->check(query, false);
    if (r.isUnsat())
      return ::testing::AssertionSuccess();
    std::string text = describe();
    if (text.size() > kMaxReport)
      text = text.substr(0, kMaxReport) + "...";
    return ::testing::AssertionFailure()
           << (r.isSat() ? "counterexample exists" : "z3 unknown: " + r.reason)
           << "\n" << text;
  }

  /// Ackermann's reduction of the LI cells: each distinct location l of a
  /// cell becomes a variable v_l (byte k of the cell: byte k of v_l), with
  /// l = l' => v_l = v_l' for every pair. Equisatisfiable, because the lanes
  /// are only ever read (no store). Z3's default solver is slow on nested
  /// selects over bit-vector indices (theory combination) and fast on the
  /// pure bit-vector problem.
  std::vector<ExprRef> ackermannize(const std::vector<ExprRef> &constraints) {
    std::map<ExprRef, ExprRef> cellVar; // location -> v_l, by term id
    for (const ExprRef &c : constraints)
      expr::forEachNode(c, [&](const expr::Expr *n) {
        if (auto b = li.byteOf(n); b && !cellVar.count(b->second))
          cellVar.emplace(b->second, ExprRef());
      });
    size_t next = 0;
    for (auto &[l, v] : cellVar)
      v = ctx.var("ack." + std::to_string(next++), Sort::bv(li.valueWidth()));
    auto reduce = [&](const ExprRef &e) {
      return expr::rewriteBottomUp(ctx, e, [&](const ExprRef &n) -> ExprRef {
        if (ExprRef l = li.locationOf(n))
          return cellVar.at(l);
        if (auto b = li.byteOf(n.get()))
          return ctx.extract(cellVar.at(b->second), 8 * b->first + 7,
                             8 * b->first);
        return ExprRef();
      });
    };
    std::vector<ExprRef> out;
    for (const ExprRef &c : constraints)
      out.push_back(reduce(c));
    std::vector<std::pair<ExprRef, ExprRef>> cells;
    for (const auto &[l, v] : cellVar)
      cells.emplace_back(reduce(l), v);
    for (size_t i = 0; i < cells.size(); ++i)
      for (size_t j = i + 1; j < cells.size(); ++j)
        out.push_back(ctx.implies(ctx.eq(cells[i].first, cells[j].first),
                                  ctx.eq(cells[i].second, cells[j].second)));
    return out;
  }

  /// One case of a proof by cases: assumptions, and what they make of some
  /// subterms (e.g. guard g_i -> true, the guards disjoint from it -> false).
  struct Case {
    std::vector<ExprRef> assumptions;
    expr::Substitution facts;
  };

  /// The cases g_1, ..., g_n of pairwise disjoint guards, each assuming its
  /// guard and substituting true for it and false for the others; with
  /// `none`, also the case where no guard holds.
  std::vector<Case> guardCases(const std::vector<ExprRef> &guards,
                               bool none = false) {
    std::vector<Case> cases;
    auto facts = [&](const ExprRef &holds) {
      expr::Substitution f;
      for (const ExprRef &h : guards)
        if (!h->isTrue() && !h->isFalse())
          f[h] = ctx.boolVal(h == holds);
      return f;
    };
    for (const ExprRef &g : guards)
      cases.push_back({{g}, facts(g)});
    if (none) {
      std::vector<ExprRef> negated;
      for (const ExprRef &g : guards)
        negated.push_back(ctx.notE(g));
      cases.push_back({negated, facts(ExprRef())});
    }
    return cases;
  }

  /// Reads agree at every location of either domain, at `extra` and at a
  /// free probe, in every case (one query per location and case).
  ::testing::AssertionResult sameHeaps(const SymbolicHeap &a,
                                       const SymbolicHeap &b,
                                       const std::vector<Case> &cases = {Case{}},
                                       const std::vector<ExprRef> &extra = {}) {
    std::set<ExprRef> locations(extra.begin(), extra.end());
    for (const ExprRef &l : a.domain())
      locations.insert(l);
    for (const ExprRef &l : b.domain())
      locations.insert(l);
    locations.insert(probe());
    for (const ExprRef &x : locations) {
      ExprRef ra = a.read(x), rb = b.read(x);
      for (const Case &c : cases) {
        ExprRef ca = expr::substitute(ctx, ra, c.facts);
        ExprRef cb = expr::substitute(ctx, rb, c.facts);
        auto r = proved(ctx.ne(ca, cb), c.assumptions, [&] {
          return "reads differ at " + li.print(x) + "\n  " + li.print(ra) +
                 "\n  " + li.print(rb) + "\na: " + a.str() + "\nb: " + b.str();
        });
        if (!r)
          return r;
      }
    }
    return ::testing::AssertionSuccess();
  }

  /// The heap invariant (1) on (up to `maxPairs`) pairs of the domain:
  /// x = y implies sigma(x) = sigma(y).
  ::testing::AssertionResult isHeap(const SymbolicHeap &h, std::mt19937_64 &rng,
                                    size_t maxPairs = 12) {
    std::vector<ExprRef> dom = h.domain();
    std::vector<std::pair<size_t, size_t>> pairs;
    for (size_t i = 0; i < dom.size(); ++i)
      for (size_t j = i + 1; j < dom.size(); ++j)
        pairs.emplace_back(i, j);
    std::shuffle(pairs.begin(), pairs.end(), rng);
    if (pairs.size() > maxPairs)
      pairs.resize(maxPairs);
    std::vector<ExprRef> violations;
    for (auto [i, j] : pairs)
      violations.push_back(
          ctx.andE(ctx.eq(dom[i], dom[j]),
                   ctx.ne(h.lookup(dom[i]), h.lookup(dom[j]))));
    return proved(ctx.orAll(violations), {},
                  [&] { return "not a heap: " + h.str(); });
  }
};

/// Random locations, values, guards and heaps from a fixed seed.
///  - named locations: the constants 0x1000, 0x1008, 0x1010 (globals a, b, c);
///  - concrete locations: fields 0 and 8 of an allocation at 0x20000;
///  - symbolic locations: fields 0 and 8 of LI(named) ("LI(a).Next");
///  - values: small constants, addresses, LI(location), and +, -, unary -
///    over those.
/// Values flow into locations when heaps are composed (LI(a) + 8 refined
/// in a heap where a holds LI(b) - 3 or LI(LI(c) + 8)), so composition laws
/// meet arithmetic and LI-of-LI locations too. Locations of LI-of-LI kind
/// are not drawn directly: with them a few instances of the composition laws
/// take Z3 minutes (64-bit aliasing equations); fig. 4's test has them.
/// Heaps are built from epsilon by writes (and, sometimes, a merge), so
/// they satisfy the heap invariant by construction (def. 8, theorem 8).
class HeapGen {
public:
  HeapGen(ExprContext &ctx, const LICells &li, uint64_t seed)
      : ctx_(ctx), li_(li), rng(seed) {}

  size_t pick(size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(rng); }
  ExprRef num(uint64_t v) { return ctx_.bv(64, v); }
  ExprRef named() { return num(0x1000 + 8 * pick(3)); }
  ExprRef concrete() { return num(0x20000 + 8 * pick(2)); }

  ExprRef location() {
    size_t r = pick(10);
    if (r < 5)
      return named();
    if (r < 6)
      return concrete();
    return ctx_.add(li_.cell(named()), num(8 * pick(2)));
  }

  ExprRef value(int depth = 1) {
    size_t r = pick(depth == 0 ? 7 : 10);
    if (r < 2)
      return num(pick(100));
    if (r < 3)
      return pick(2) ? named() : concrete();
    if (r < 7)
      return li_.cell(location());
    // Operands drawn in a fixed order (argument evaluation order is not).
    ExprRef a = value(depth - 1);
    if (r == 9)
      return ctx_.neg(a);
    ExprRef b = value(depth - 1);
    return r == 8 ? ctx_.sub(a, b) : ctx_.add(a, b);
  }

  /// A location and a value to write there.
  std::pair<ExprRef, ExprRef> cell() {
    ExprRef l = location();
    return {l, value()};
  }

  ExprRef guard() {
    size_t r = pick(3);
    if (r == 1) {
      ExprRef v = value(0);
      return ctx_.eq(v, num(pick(4)));
    }
    ExprRef a = r == 0 ? value(0) : location();
    ExprRef b = r == 0 ? value(0) : location();
    return r == 0 ? ctx_.slt(a, b) : ctx_.eq(a, b);
  }

  /// n pairwise disjoint guards g_i = !c_1 /\ ... /\ !c_{i-1} /\ c_i; when
  /// `covering`, the last is !c_1 /\ ... /\ !c_{n-1}, so they cover all.
  std::vector<ExprRef> disjointGuards(size_t n, bool covering) {
    std::vector<ExprRef> out;
    ExprRef none = ctx_.trueE();
    for (size_t i = 0; i < n; ++i) {
      if (covering && i + 1 == n) {
        out.push_back(none);
        break;
      }
      ExprRef c = guard();
      out.push_back(ctx_.andE(none, c));
      none = ctx_.andE(none, ctx_.notE(c));
    }
    return out;
  }

  /// epsilon with up to `maxWrites` writes; one heap in six is a merge of
  /// two smaller ones.
  SymbolicHeap heap(size_t maxWrites = 3, bool allowMerge = true) {
    if (allowMerge && maxWrites > 1 && pick(6) == 0) {
      std::vector<ExprRef> g = disjointGuards(2, true);
      SymbolicHeap first = heap(maxWrites - 1, false);
      SymbolicHeap second = heap(maxWrites - 1, false);
      GuardedHeap arms[] = {{g[0], first}, {g[1], second}};
      return merge(arms);
    }
    SymbolicHeap h = emptyHeap(li_);
    size_t writes = pick(maxWrites + 1);
    for (size_t i = 0; i < writes; ++i) {
      auto [l, v] = cell();
      h.write(l, v);
    }
    return h;
  }

  std::vector<GuardedHeap> guardedHeaps(size_t n, bool covering) {
    std::vector<GuardedHeap> out;
    for (const ExprRef &g : disjointGuards(n, covering))
      out.push_back({g, heap(2, false)});
    return out;
  }

private:
  ExprContext &ctx_;
  const LICells &li_;

public:
  std::mt19937_64 rng;
};

} // namespace cosmo::memory::testing

#endif // COSMO_UNITTESTS_MEMORY_HEAPTESTSUPPORT_H
