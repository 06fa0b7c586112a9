// PathFacts: what a path condition decides without the solver. Each fact
// must hold on every input the path takes; the property test checks that
// exhaustively over 8-bit inputs.
#include "cosmo/solver/PathFacts.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/ExprContext.h"

#include <gtest/gtest.h>

#include <random>

using namespace cosmo;
using namespace cosmo::expr;
using cosmo::solver::PathFacts;

namespace {

class PathFactsTest : public ::testing::Test {
protected:
  ExprContext ctx;
  ExprRef flag(const ExprRef &c) {
    return ctx.zext(ctx.ite(c, ctx.bv(1, 1), ctx.bv(1, 0)), 32);
  }
  /// `cosmo_assume(lo <= v & v < hi)` as the front end makes it.
  ExprRef within(const ExprRef &v, int64_t lo, int64_t hi) {
    unsigned w = v->width();
    return ctx.notE(ctx.eq(
        ctx.bv(32, 0),
        ctx.band(flag(ctx.sle(ctx.bv(w, uint64_t(lo)), v)),
                 flag(ctx.slt(v, ctx.bv(w, uint64_t(hi)))))));
  }
};

TEST_F(PathFactsTest, BoundsFromAnAssumedConjunctionOfFlagsDecideComparisons) {
  ExprRef x = ctx.var("x", Sort::bv(32)), y = ctx.var("y", Sort::bv(32));
  ExprRef z = ctx.var("z", Sort::bv(32));
  // One assumption over three variables: a nest of `&` over six flags.
  ExprRef both = ctx.notE(ctx.eq(
      ctx.bv(32, 0),
      ctx.band(ctx.band(flag(ctx.sle(ctx.bv(32, 10), x)),
                        flag(ctx.slt(x, ctx.bv(32, 20)))),
               ctx.band(ctx.band(flag(ctx.sle(ctx.bv(32, 30), y)),
                                 flag(ctx.slt(y, ctx.bv(32, 40)))),
                        ctx.band(flag(ctx.sle(ctx.bv(32, 0), z)),
                                 flag(ctx.slt(z, ctx.bv(32, 5))))))));
  std::vector<ExprRef> pc{both};
  PathFacts facts(ctx, pc);
  EXPECT_TRUE(facts.simplify(ctx.slt(x, y))->isTrue());
  EXPECT_TRUE(facts.simplify(ctx.sle(y, x))->isFalse());
  // Sums and differences of bounded terms: x + 10 in [20, 29], y - x in
  // [11, 29], y - x - z in [7, 29].
  EXPECT_TRUE(facts.simplify(ctx.slt(ctx.add(x, ctx.bv(32, 10)), y))
                  ->isTrue());
  EXPECT_TRUE(
      facts.simplify(ctx.slt(ctx.add(x, ctx.bv(32, 10)), ctx.bv(32, 30)))
          ->isTrue());
  EXPECT_TRUE(facts.simplify(ctx.slt(ctx.sub(y, x), ctx.bv(32, 11)))
                  ->isFalse());
  EXPECT_TRUE(
      facts.simplify(ctx.sle(ctx.bv(32, 7), ctx.sub(ctx.sub(y, x), z)))
          ->isTrue());
  // Not decided: x + 25, in [35, 44], against y, in [30, 39].
  ExprRef open = ctx.slt(ctx.add(x, ctx.bv(32, 25)), y);
  EXPECT_FALSE(facts.simplify(open)->isConst());
}

TEST_F(PathFactsTest, LiteralsAndEqualitiesFold) {
  ExprRef x = ctx.var("x", Sort::bv(32)), y = ctx.var("y", Sort::bv(32));
  ExprRef p = ctx.eq(x, ctx.bv(32, 7));
  ExprRef q = ctx.ult(y, x); // holds: then x <= y is false
  ExprRef r = ctx.slt(ctx.bv(32, 3), ctx.add(x, y));
  std::vector<ExprRef> pc{p, q, ctx.notE(r)};
  PathFacts facts(ctx, pc);
  EXPECT_EQ(facts.simplify(ctx.mul(x, ctx.bv(32, 2))), ctx.bv(32, 14));
  EXPECT_TRUE(facts.simplify(ctx.ule(x, y))->isFalse());
  EXPECT_TRUE(facts.simplify(ctx.andE(q, r))->isFalse());
}

// Facts added constraint by constraint (as the pipeline's facts layer
// follows a path) decide what the facts of the whole path decide, also
// what an earlier simplification under fewer facts left open.
TEST_F(PathFactsTest, AddingConstraintsLaterGivesTheSameFacts) {
  ExprRef x = ctx.var("x", Sort::bv(32)), y = ctx.var("y", Sort::bv(32));
  std::vector<ExprRef> pc{within(x, 10, 20), ctx.ult(y, x),
                          ctx.sle(y, ctx.bv(32, 12))};
  std::vector<ExprRef> probes{
      ctx.slt(x, ctx.bv(32, 25)), ctx.ule(x, y), ctx.slt(y, ctx.bv(32, 13)),
      ctx.slt(ctx.add(x, ctx.bv(32, 5)), ctx.bv(32, 15)),
      ctx.sle(ctx.bv(32, 13), y)};
  PathFacts whole(ctx, pc);
  PathFacts stepwise(ctx, std::span<const ExprRef>(pc).first(1));
  EXPECT_FALSE(stepwise.simplify(probes[2])->isConst()); // y is free so far
  stepwise.add(std::span<const ExprRef>(pc).subspan(1));
  for (const ExprRef &p : probes)
    EXPECT_EQ(stepwise.simplify(p), whole.simplify(p)) << toSmtLib(p);
  EXPECT_TRUE(stepwise.simplify(probes[2])->isTrue());
  EXPECT_TRUE(stepwise.simplify(probes[4])->isFalse());
}

TEST_F(PathFactsTest, ASumThatCanWrapIsNotBounded) {
  ExprRef x = ctx.var("x", Sort::bv(8));
  std::vector<ExprRef> pc{within(x, 120, 127)};
  PathFacts facts(ctx, pc);
  // x + 10 wraps for every x here: 130..136 is -126..-120 at 8 bits.
  ExprRef c = ctx.slt(ctx.add(x, ctx.bv(8, 10)), ctx.bv(8, 0));
  EXPECT_FALSE(facts.simplify(c)->isConst());
  EXPECT_TRUE(facts.simplify(ctx.slt(ctx.bv(8, 119), x))->isTrue());
}

// Whatever PathFacts decides holds on every input of the path condition:
// random intervals of two 8-bit variables, random comparisons of sums and
// differences, checked against all inputs.
TEST_F(PathFactsTest, DecisionsHoldOnEveryInputOfThePath) {
  ExprRef x = ctx.var("x", Sort::bv(8)), y = ctx.var("y", Sort::bv(8));
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  unsigned decided = 0;
  for (int round = 0; round < 300; ++round) {
    int xl = pick(-128, 120), xh = pick(xl + 1, 127);
    int yl = pick(-128, 120), yh = pick(yl + 1, 127);
    std::vector<ExprRef> pc{within(x, xl, xh), within(y, yl, yh)};
    PathFacts facts(ctx, pc);
    auto term = [&]() -> ExprRef {
      ExprRef k = ctx.bv(8, uint64_t(pick(-40, 40)));
      switch (pick(0, 4)) {
      case 0:
        return ctx.add(x, k);
      case 1:
        return ctx.sub(y, x);
      case 2:
        return ctx.add(ctx.sub(x, y), k);
      case 3:
        return ctx.sub(k, y);
      default:
        return x;
      }
    };
    ExprRef c = pick(0, 1) ? ctx.slt(term(), term()) : ctx.sle(term(), y);
    ExprRef s = facts.simplify(c);
    if (!s->isConst())
      continue;
    ++decided;
    for (int a = xl; a < xh; ++a)
      for (int b = yl; b < yh; ++b) {
        Assignment m;
        m.set(x, Value::ofBits(llvm::APInt(8, uint64_t(a))));
        m.set(y, Value::ofBits(llvm::APInt(8, uint64_t(b))));
        ASSERT_EQ(evaluateBool(c, m), s->isTrue())
            << "x=" << a << " y=" << b << " in [" << xl << "," << xh
            << ") x [" << yl << "," << yh << ")";
      }
  }
  EXPECT_GT(decided, 30u); // the bounds do decide a share of them
}

} // namespace
