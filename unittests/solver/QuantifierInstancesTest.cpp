//===- QuantifierInstancesTest.cpp - ground instances of assumed \forall --===//

#include "pipeline/QuantifierInstances.h"

#include "cosmo/expr/ExprContext.h"

#include <gtest/gtest.h>

namespace cosmo::solver {
namespace {

using expr::ExprContext;
using expr::ExprRef;
using expr::Sort;

class QuantifierInstancesTest : public ::testing::Test {
protected:
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("a");
  ExprRef k = ctx.var("k", Sort::bv(64));
  // forall k. a[4k] == 7 (the first byte of element k of an int array)
  ExprRef q = ctx.forall(std::span(&k, 1),
                         ctx.eq(ctx.select(a, ctx.mul(ctx.bv(64, 4), k)),
                                ctx.bv(8, 7)));
};

TEST_F(QuantifierInstancesTest, OneInstancePerElementTheQueryReads) {
  ExprRef i = ctx.var("i", Sort::bv(64));
  ExprRef base = ctx.mul(ctx.bv(64, 4), i);
  // The query reads the four bytes of element i.
  std::vector<ExprRef> terms = {q};
  for (unsigned b = 0; b < 4; ++b)
    terms.push_back(ctx.ne(ctx.select(a, ctx.add(base, ctx.bv(64, b))),
                           ctx.bv(8, 0)));
  std::vector<ExprRef> inst = quantifierInstances(ctx, terms);
  ASSERT_EQ(inst.size(), 1u);
  EXPECT_FALSE(hasQuantifier(inst[0]));
  EXPECT_TRUE(hasQuantifier(q));
}

// A read at 4 * i gives the instance at i itself: the instance reads the
// very term the query reads (no index arithmetic left for the solver).
TEST_F(QuantifierInstancesTest, AReadAtAScaledIndexGivesItsOwnTerm) {
  ExprRef i = ctx.var("i", Sort::bv(64));
  ExprRef read = ctx.select(a, ctx.mul(ctx.bv(64, 4), i));
  std::vector<ExprRef> terms = {q, ctx.ne(read, ctx.bv(8, 7))};
  std::vector<ExprRef> inst = quantifierInstances(ctx, terms);
  ASSERT_EQ(inst.size(), 1u);
  EXPECT_EQ(inst[0], ctx.eq(read, ctx.bv(8, 7)));
}

TEST_F(QuantifierInstancesTest, ReadsOfOtherArraysOrInsideQuantifiersGiveNone) {
  ExprRef b = ctx.arrayVar("b");
  ExprRef i = ctx.var("i", Sort::bv(64));
  std::vector<ExprRef> terms = {q, ctx.ne(ctx.select(b, i), ctx.bv(8, 0))};
  EXPECT_TRUE(quantifierInstances(ctx, terms).empty());
  // A read through a store reads the array below it too.
  ExprRef stored = ctx.store(a, ctx.bv(64, 0), ctx.bv(8, 1));
  std::vector<ExprRef> through = {q,
                                  ctx.ne(ctx.select(stored, i), ctx.bv(8, 0))};
  EXPECT_EQ(quantifierInstances(ctx, through).size(), 1u);
}

TEST_F(QuantifierInstancesTest, TheLimitBoundsThePairsOfTwoVariables) {
  ExprRef l = ctx.var("l", Sort::bv(64));
  ExprRef vars[] = {k, l};
  ExprRef pair = ctx.forall(
      vars, ctx.ule(ctx.select(a, k), ctx.select(a, l)));
  std::vector<ExprRef> terms = {pair};
  for (unsigned n = 0; n < 10; ++n)
    terms.push_back(ctx.ne(ctx.select(a, ctx.var("i" + std::to_string(n),
                                                 Sort::bv(64))),
                           ctx.bv(8, 0)));
  EXPECT_EQ(quantifierInstances(ctx, terms, 1000).size(), 100u - 10u);
  EXPECT_EQ(quantifierInstances(ctx, terms, 7).size(), 7u);
}

} // namespace
} // namespace cosmo::solver
