#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>

using namespace cosmo::expr;

TEST(Expr, HashConsingMakesEqualTermsIdentical) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(32));
  ExprRef a = ctx.add(x, ctx.bv(32, 1));
  ExprRef b = ctx.add(ctx.bv(32, 1), ctx.var("x", Sort::bv(32)));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, ctx.add(x, ctx.bv(32, 2)));
}

TEST(Expr, NodesAreFreedWhenUnreferenced) {
  ExprContext ctx;
  size_t before = ctx.liveNodes();
  {
    ExprRef x = ctx.var("x", Sort::bv(8));
    ExprRef e = ctx.mul(x, ctx.add(x, ctx.bv(8, 3)));
    EXPECT_GT(ctx.liveNodes(), before);
  }
  EXPECT_EQ(ctx.liveNodes(), before);
}

TEST(Expr, ConstantFoldingUsesSmtDivisionByZero) {
  ExprContext ctx;
  EXPECT_EQ(ctx.udiv(ctx.bv(8, 7), ctx.bv(8, 0)), ctx.bv(8, 0xff));
  EXPECT_EQ(ctx.urem(ctx.bv(8, 7), ctx.bv(8, 0)), ctx.bv(8, 7));
  EXPECT_EQ(ctx.sdiv(ctx.bv(8, 0x80), ctx.bv(8, 0xff)), ctx.bv(8, 0x80));
  EXPECT_EQ(ctx.shl(ctx.bv(8, 1), ctx.bv(8, 9)), ctx.bv(8, 0));
  EXPECT_EQ(ctx.ashr(ctx.bv(8, 0x80), ctx.bv(8, 9)), ctx.bv(8, 0xff));
}

TEST(Expr, BytesOfAStoredValueRecompose) {
  ExprContext ctx;
  ExprRef v = ctx.var("v", Sort::bv(32));
  ExprRef bytes = ctx.extract(v, 7, 0);
  for (unsigned i = 1; i < 4; ++i)
    bytes = ctx.concat(ctx.extract(v, 8 * i + 7, 8 * i), bytes);
  EXPECT_EQ(bytes, v);
}

TEST(Expr, SelectOverConstantStoresFolds) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("mem");
  ExprRef i0 = ctx.bv(64, 0), i1 = ctx.bv(64, 1);
  ExprRef s = ctx.store(ctx.store(a, i0, ctx.bv(8, 5)), i1, ctx.bv(8, 6));
  EXPECT_EQ(ctx.select(s, i0), ctx.bv(8, 5));
  EXPECT_EQ(ctx.select(s, i1), ctx.bv(8, 6));
  EXPECT_EQ(ctx.select(s, ctx.bv(64, 2)), ctx.select(a, ctx.bv(64, 2)));
}

TEST(Expr, EvaluateUnderAssignment) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(32));
  ExprRef e = ctx.slt(ctx.mul(x, ctx.bv(32, 3)), ctx.bv(32, 10));
  Assignment a;
  a.set(x, Value::ofBits(llvm::APInt(32, 4)));
  EXPECT_EQ(evaluateBool(e, a), std::optional<bool>(false));
  a.set(x, Value::ofBits(llvm::APInt(32, 3)));
  EXPECT_EQ(evaluateBool(e, a), std::optional<bool>(true));
  EXPECT_EQ(evaluateBool(e, Assignment(), Completion::Partial), std::nullopt);
}

TEST(Expr, SubstituteRebuildsWithSimplification) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(16));
  ExprRef e = ctx.add(x, ctx.bv(16, 2));
  Substitution sub{{x, ctx.bv(16, 40)}};
  EXPECT_EQ(substitute(ctx, e, sub), ctx.bv(16, 42));
}

TEST(Expr, SmtLibPrinting) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(4));
  EXPECT_EQ(toSmtLib(ctx.ult(x, ctx.bv(4, 3))), "(bvult |x| #b0011)");
  EXPECT_EQ(toSmtLib(ctx.zext(x, 8)), "((_ zero_extend 4) |x|)");
}
