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

} // namespace
} // namespace cosmo::solver
