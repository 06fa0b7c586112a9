//===- HornSlicingTest.cpp - what the Horn solver leaves out and adds -----===//
//
// The cone of influence over relation arguments (HornSlicing.h) keeps
// exactly the arguments a constraint depends on, and an answer about the
// sliced system speaks of the original's arguments. The orderings of
// sampled states (AffineEqualities.h) give the bound a loop that leaves on
// `i != n` needs.
//
//===----------------------------------------------------------------------===//

#include "horn/AffineEqualities.h"
#include "horn/HornSlicing.h"

#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cosmo::solver {
namespace {

using expr::Sort;

class HornSlicingTest : public ::testing::Test {
protected:
  ExprRef bv32(const char *name) { return ctx.var(name, Sort::bv(32)); }
  ExprRef k32(int64_t v) { return ctx.bv(32, static_cast<uint64_t>(v)); }
  /// The 4 bytes of element `i` of `a` written with `v`.
  ExprRef storeInt(ExprRef a, ExprRef i, ExprRef v) {
    ExprRef at = ctx.mul(ctx.bv(64, 4), ctx.sext(i, 64));
    for (unsigned b = 0; b < 4; ++b)
      a = ctx.store(a, ctx.add(ctx.bv(64, b), at),
                    ctx.extract(v, 8 * b + 7, 8 * b));
    return a;
  }

  /// n in [0, 1000]; i = 0; while (i != n) { a[i] = v; i++; } with the
  /// error `bad(n, i, a)` at the head: inv(n, i, a, v).
  HornSystem fillUntil(const std::function<ExprRef(ExprRef, ExprRef, ExprRef)>
                           &bad) {
    HornSystem h;
    size_t inv = h.addRelation(
        "inv", {Sort::bv(32), Sort::bv(32), Sort::array(), Sort::bv(32)});
    ExprRef n = bv32("n"), i = bv32("i"), v = bv32("v");
    ExprRef a = ctx.arrayVar("a"), a0 = ctx.arrayVar("a0");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {n, k32(0), a0, v}}});
    h.addClause({{HornAtom{inv, {n, i, a, v}}},
                 ctx.notE(ctx.eq(i, n)),
                 HornAtom{inv, {n, ctx.add(i, k32(1)), storeInt(a, i, v), v}}});
    h.addClause({{HornAtom{inv, {n, i, a, v}}}, bad(n, i, a), std::nullopt});
    return h;
  }

  expr::ExprContext ctx;
};

// The array and the value written into it reach no constraint when the
// question is about the counter: both are left out.
TEST_F(HornSlicingTest, ArgumentsNoConstraintReadsAreLeftOut) {
  HornSystem h = fillUntil([&](ExprRef n, ExprRef i, ExprRef) {
    return ctx.slt(n, i);
  });
  SlicedHornSystem s = sliceArguments(h);
  EXPECT_TRUE(s.dropsAny);
  ASSERT_EQ(s.kept.size(), 1u);
  EXPECT_EQ(s.kept[0], (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(s.system.relations()[0].args.size(), 2u);
  EXPECT_EQ(s.system.clauses().size(), h.clauses().size());
}

// A question that reads the array keeps it, and the value that flows into
// it with it (through the head's array argument).
TEST_F(HornSlicingTest, WhatFlowsIntoAReadArgumentIsKept) {
  HornSystem h = fillUntil([&](ExprRef, ExprRef i, ExprRef a) {
    return ctx.andE(ctx.slt(k32(0), i),
                    ctx.notE(ctx.eq(ctx.select(a, ctx.bv(64, 0)),
                                    ctx.bv(8, 0))));
  });
  SlicedHornSystem s = sliceArguments(h);
  EXPECT_FALSE(s.dropsAny);
  EXPECT_EQ(s.kept[0], (std::vector<unsigned>{0, 1, 2, 3}));
}

// A variable two body atoms share joins them: both positions stay even
// though no constraint names it.
TEST_F(HornSlicingTest, AVariableTwoAtomsShareIsKept) {
  HornSystem h;
  size_t p = h.addRelation("p", {Sort::bv(32), Sort::bv(32)});
  size_t q = h.addRelation("q", {Sort::bv(32)});
  ExprRef x = bv32("x"), y = bv32("y");
  h.addClause({{}, ctx.trueE(), HornAtom{p, {k32(1), k32(2)}}});
  h.addClause({{}, ctx.trueE(), HornAtom{q, {k32(2)}}});
  h.addClause({{HornAtom{p, {x, y}}, HornAtom{q, {y}}},
               ctx.eq(x, k32(7)),
               std::nullopt});
  SlicedHornSystem s = sliceArguments(h);
  EXPECT_FALSE(s.dropsAny);
  EXPECT_EQ(s.kept[p], (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(s.kept[q], (std::vector<unsigned>{0}));
}

// A body argument that is not a variable ties its variables to the other
// positions they occupy: q(y + 1) with p(x, y) keeps p's y.
TEST_F(HornSlicingTest, TheVariablesOfATermArgumentAreKept) {
  HornSystem h;
  size_t p = h.addRelation("p", {Sort::bv(32), Sort::bv(32)});
  size_t q = h.addRelation("q", {Sort::bv(32)});
  ExprRef x = bv32("x"), y = bv32("y");
  h.addClause({{}, ctx.trueE(), HornAtom{p, {k32(1), k32(2)}}});
  h.addClause({{}, ctx.trueE(), HornAtom{q, {k32(5)}}});
  h.addClause({{HornAtom{p, {x, y}}, HornAtom{q, {ctx.add(y, k32(1))}}},
               ctx.trueE(), std::nullopt});
  SlicedHornSystem s = sliceArguments(h);
  EXPECT_EQ(s.kept[p], (std::vector<unsigned>{1}));
  EXPECT_EQ(s.kept[q], (std::vector<unsigned>{0}));
  // Unreachable: q(y + 1) needs y == 4, and p has y == 2 only (without
  // p's y, any y would do).
  EXPECT_EQ(solveHorn(ctx, h, {5}).status, HornAnswer::Safe);
}

// Solved through the slice, the answer's invariant is over the original
// relation's arguments (inv.0 and inv.1), and the bound i <= n that the
// disequality exit needs is found (an ordering of the sampled states).
TEST_F(HornSlicingTest, AnswersSpeakOfTheOriginalArguments) {
  HornSystem h = fillUntil([&](ExprRef n, ExprRef i, ExprRef) {
    return ctx.slt(n, i);
  });
  HornAnswer a = solveHorn(ctx, h, {10});
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  ASSERT_EQ(a.invariants.size(), 1u);
  ASSERT_TRUE(a.invariants[0]);
  auto vars = expr::freeVariables(a.invariants[0]);
  EXPECT_FALSE(vars.empty());
  for (const ExprRef &v : vars)
    EXPECT_TRUE(v == h.argument(ctx, 0, 0) || v == h.argument(ctx, 0, 1))
        << v->name();
}

// The same loop with the error past a wrong bound stays unsafe: the slice
// and the orderings never make a reachable error unreachable.
TEST_F(HornSlicingTest, AReachableErrorStaysReachable) {
  HornSystem h = fillUntil([&](ExprRef, ExprRef i, ExprRef) {
    return ctx.eq(i, k32(5)); // n >= 5, after five iterations
  });
  HornAnswer a = solveHorn(ctx, h, {10});
  EXPECT_EQ(a.status, HornAnswer::Unsafe) << a.reason;
}

TEST_F(HornSlicingTest, SampledStatesSuggestTheOrderingTheyKeep) {
  HornSystem h = fillUntil([&](ExprRef n, ExprRef i, ExprRef) {
    return ctx.slt(n, i);
  });
  Z3Translator bv;
  EqualityCandidates found = affineEqualityCandidates(
      ctx, h, bv, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  ASSERT_EQ(found.orderings.size(), 1u);
  ExprRef iBelowN = ctx.sle(h.argument(ctx, 0, 1), h.argument(ctx, 0, 0));
  ExprRef nBelowI = ctx.sle(h.argument(ctx, 0, 0), h.argument(ctx, 0, 1));
  const auto &o = found.orderings[0];
  EXPECT_NE(std::find(o.begin(), o.end(), iBelowN), o.end());
  EXPECT_EQ(std::find(o.begin(), o.end(), nBelowI), o.end());
}

// A loop that counts every other iteration keeps i <= 2*n <= i + 1, and
// leaves with i <= 2*k: orderings of an argument and twice another.
TEST_F(HornSlicingTest, SampledStatesSuggestOrderingsWithTwice) {
  HornSystem h;
  size_t inv = h.addRelation(
      "inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32)}); // k, i, n
  ExprRef k = bv32("k"), i = bv32("i"), n = bv32("n");
  ExprRef twoK = ctx.mul(k32(2), k);
  h.addClause({{},
               ctx.andE(ctx.sle(k32(0), k), ctx.sle(k, k32(1000))),
               HornAtom{inv, {k, k32(0), k32(0)}}});
  ExprRef even = ctx.eq(ctx.extract(i, 0, 0), ctx.bv(1, 0));
  h.addClause({{HornAtom{inv, {k, i, n}}}, ctx.slt(i, twoK),
               HornAtom{inv, {k, ctx.add(i, k32(1)),
                              ctx.ite(even, ctx.add(n, k32(1)), n)}}});
  h.addClause({{HornAtom{inv, {k, i, n}}},
               ctx.andE(ctx.notE(ctx.slt(i, twoK)), ctx.notE(ctx.eq(n, k))),
               std::nullopt});
  Z3Translator bv;
  EqualityCandidates found = affineEqualityCandidates(
      ctx, h, bv, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  ExprRef K = h.argument(ctx, inv, 0), I = h.argument(ctx, inv, 1),
          N = h.argument(ctx, inv, 2);
  const auto &o = found.orderings[inv];
  auto has = [&](ExprRef c) { return std::find(o.begin(), o.end(), c) != o.end(); };
  EXPECT_TRUE(has(ctx.sle(I, ctx.mul(ctx.bv(32, 2), N))));
  EXPECT_TRUE(has(ctx.sle(ctx.mul(ctx.bv(32, 2), N), ctx.add(I, ctx.bv(32, 1)))));
  EXPECT_TRUE(has(ctx.sle(I, ctx.mul(ctx.bv(32, 2), K))));
  // Not one the samples falsify: 2*n <= i.
  EXPECT_FALSE(has(ctx.sle(ctx.mul(ctx.bv(32, 2), N), I)));
  // And the candidates prove the loop.
  EXPECT_EQ(solveHorn(ctx, h, {10}).status, HornAnswer::Safe);
}

} // namespace
} // namespace cosmo::solver
