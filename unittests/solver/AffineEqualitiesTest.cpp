//===- AffineEqualitiesTest.cpp - equalities of sampled loop states --------===//
//
// The affine hull of a relation's sampled states gives the candidate
// equalities the Horn solver checks (AffineEqualities.h): every equality
// returned must hold of every point, and the hull of points in general
// position has none.
//
//===----------------------------------------------------------------------===//

#include "horn/AffineEqualities.h"
#include "horn/HornEncodings.h"

#include "cosmo/expr/Assignment.h"

#include <gtest/gtest.h>

namespace cosmo::solver {
namespace {

using expr::Sort;

int64_t dot(const AffineEquality &e, const std::vector<int64_t> &p) {
  int64_t s = 0;
  for (size_t i = 0; i < p.size(); ++i)
    s += e.coefficients[i] * p[i];
  return s;
}

TEST(AffineHullTest, CountersThatMoveTogetherGiveTheirDifference) {
  // (i, k) after 0, 1, 2, 5 iterations of i++, k++ from (0, 3).
  std::vector<std::vector<int64_t>> points{{0, 3}, {1, 4}, {2, 5}, {5, 8}};
  std::vector<AffineEquality> eqs = affineHullEqualities(points);
  ASSERT_EQ(eqs.size(), 1u);
  // c0 * i + c1 * k == c: a multiple of k - i == 3.
  const AffineEquality &e = eqs[0];
  EXPECT_EQ(e.coefficients[0], -e.coefficients[1]);
  EXPECT_EQ(e.constant, static_cast<__int128>(3 * e.coefficients[1]));
}

TEST(AffineHullTest, ScaledAndShiftedRelationsAreExact) {
  // s == 2 * i + 7 and n constant (1000000): two equalities.
  std::vector<std::vector<int64_t>> points;
  for (int64_t i : {0, 1, 4, 9, 100})
    points.push_back({i, 2 * i + 7, 1000000});
  std::vector<AffineEquality> eqs = affineHullEqualities(points);
  ASSERT_EQ(eqs.size(), 2u);
  for (const AffineEquality &e : eqs)
    for (const auto &p : points)
      EXPECT_EQ(dot(e, p), static_cast<int64_t>(e.constant));
}

TEST(AffineHullTest, PointsInGeneralPositionHaveNoEquality) {
  std::vector<std::vector<int64_t>> points{
      {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {3, -7, 2}};
  EXPECT_TRUE(affineHullEqualities(points).empty());
}

TEST(AffineHullTest, LargeValuesStayExact) {
  // Values near the ends of 32-bit and 64-bit ranges.
  std::vector<std::vector<int64_t>> points{
      {INT32_MAX, INT32_MIN, INT64_MAX - 5},
      {INT32_MAX - 1, INT32_MIN + 1, INT64_MAX - 6},
      {INT32_MAX - 9, INT32_MIN + 9, INT64_MAX - 14}};
  std::vector<AffineEquality> eqs = affineHullEqualities(points);
  ASSERT_EQ(eqs.size(), 2u);
  for (const AffineEquality &e : eqs)
    for (const auto &p : points) {
      __int128 s = 0;
      for (size_t i = 0; i < p.size(); ++i)
        s += __int128(e.coefficients[i]) * p[i];
      EXPECT_TRUE(s == e.constant);
    }
}

// A query through two loops in sequence has an atom of each; the first
// loop's atom is already in the second's entry clause, so only the
// second's stays in the query Spacer sees.
TEST(DroppedQueryAtomsTest, TheEarlierLoopOfASequenceIsLeftOut) {
  expr::ExprContext ctx;
  HornSystem h;
  size_t first = h.addRelation("first", {Sort::bv(32)});
  size_t second = h.addRelation("second", {Sort::bv(32)});
  ExprRef x = ctx.var("x", Sort::bv(32)), y = ctx.var("y", Sort::bv(32));
  h.addClause({{}, ctx.trueE(), HornAtom{first, {x}}});
  h.addClause({{HornAtom{first, {x}}}, ctx.trueE(), HornAtom{second, {x}}});
  HornClause query{{HornAtom{first, {x}}, HornAtom{second, {y}}},
                   ctx.eq(x, y), std::nullopt};
  h.addClause(query);
  EXPECT_EQ(droppedQueryAtoms(h, query), std::vector<size_t>{0});
  // Two atoms of unrelated relations are both kept.
  HornClause both{{HornAtom{first, {x}}, HornAtom{first, {y}}},
                  ctx.eq(x, y), std::nullopt};
  EXPECT_TRUE(droppedQueryAtoms(h, both).empty());
}

// Three loops in sequence (k counts up through two, down through the
// third): the third is entered from a state of each of the first two that
// agree on k, so its states are sampled, and their hull gives what the
// query needs, k0 == n0 + n1 at its arrival (a pair of states picked at
// random agrees on k almost never, and the third loop had no samples).
TEST(SampledStatesTest, ALoopAfterTwoLoopsIsSampledFromStatesThatAgree) {
  expr::ExprContext ctx;
  HornSystem h;
  auto bv = [&](const char *n) { return ctx.var(n, Sort::bv(32)); };
  auto k32 = [&](int64_t v) { return ctx.bv(32, static_cast<uint64_t>(v)); };
  ExprRef n0 = bv("n0"), n1 = bv("n1"), k = bv("k"), i = bv("i"),
          k0 = bv("k0"), j = bv("j"), kk = bv("kk");
  size_t p = h.addRelation("p", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  size_t q = h.addRelation(
      "q", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  size_t r = h.addRelation("r", std::vector<Sort>(5, Sort::bv(32)));
  auto inRange = [&](ExprRef v) {
    return ctx.andE(ctx.sle(k32(0), v), ctx.sle(v, k32(100)));
  };
  // p(n0, k, i): for (i = 0; i < n0; i++) k++;
  h.addClause({{}, inRange(n0), HornAtom{p, {n0, k32(0), k32(0)}}});
  h.addClause({{HornAtom{p, {n0, k, i}}}, ctx.slt(i, n0),
               HornAtom{p, {n0, ctx.add(k, k32(1)), ctx.add(i, k32(1))}}});
  // q(n1, k0, k, i): for (i = 0; i < n1; i++) k++; from p's k0.
  h.addClause({{HornAtom{p, {n0, k0, i}}},
               ctx.andE(ctx.notE(ctx.slt(i, n0)), inRange(n1)),
               HornAtom{q, {n1, k0, k0, k32(0)}}});
  h.addClause(
      {{HornAtom{q, {n1, k0, k, i}}}, ctx.slt(i, n1),
       HornAtom{q, {n1, k0, ctx.add(k, k32(1)), ctx.add(i, k32(1))}}});
  // r(n0, n1, kk, k, j): for (j = 0; j < n0 + n1; j++) k--; entered
  // with the k both loops counted to.
  ExprRef i1 = bv("i1");
  h.addClause({{HornAtom{p, {n0, k0, i}}, HornAtom{q, {n1, k0, kk, i1}}},
               ctx.andE(ctx.notE(ctx.slt(i, n0)), ctx.notE(ctx.slt(i1, n1))),
               HornAtom{r, {n0, n1, kk, kk, k32(0)}}});
  h.addClause({{HornAtom{r, {n0, n1, kk, k, j}}},
               ctx.slt(j, ctx.add(n0, n1)),
               HornAtom{r, {n0, n1, kk, ctx.sub(k, k32(1)),
                            ctx.add(j, k32(1))}}});
  h.addClause({{HornAtom{r, {n0, n1, kk, k, j}}},
               ctx.andE(ctx.slt(j, ctx.add(n0, n1)), ctx.sle(k, k32(0))),
               std::nullopt});
  Z3Translator z3;
  EqualityCandidates found = affineEqualityCandidates(
      ctx, h, z3, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  // The equalities of r hold at a state of it and pin kk: the same state
  // with kk one more falsifies one of them.
  auto holdsAll = [&](int64_t kkValue) {
    expr::Assignment a;
    int64_t state[5] = {3, 4, kkValue, 5, 2};
    for (unsigned x = 0; x < 5; ++x)
      a.set(h.argument(ctx, r, x),
            expr::Value::ofBits(llvm::APInt(32, state[x])));
    for (const ExprRef &e : found.linear[r])
      if (expr::evaluateBool(e, a) != true)
        return false;
    return true;
  };
  ASSERT_FALSE(found.linear[r].empty());
  EXPECT_TRUE(holdsAll(7));
  EXPECT_FALSE(holdsAll(8));
}

} // namespace
} // namespace cosmo::solver
