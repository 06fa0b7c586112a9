//===- Z3FloatsTest.cpp - Z3's floating point agrees with FloatOps --------===//
//
// Every floating-point kind, translated to Z3's floating-point theory, has
// the value FloatOps.h's evaluateFloat gives (the builder folds with it,
// models are checked with it): for each kind and format, on special
// values (zeros, infinities, NaN, subnormals, the extremes, halves) and
// random ones, Z3 proves the unfolded term equal to the folded value.
//
//===----------------------------------------------------------------------===//

#include "cosmo/expr/FloatOps.h"
#include "cosmo/solver/Pipeline.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

using namespace cosmo::expr;
using namespace cosmo::solver;

namespace {

std::vector<llvm::APInt> samples(unsigned width, unsigned randoms) {
  const llvm::fltSemantics &s = floatSemantics(width);
  using llvm::APFloat;
  std::vector<APFloat> v = {
      APFloat::getZero(s),          APFloat::getZero(s, true),
      APFloat::getInf(s),           APFloat::getInf(s, true),
      APFloat::getQNaN(s),          APFloat::getSmallest(s),
      APFloat::getLargest(s, true), APFloat(s, "1"),
      APFloat(s, "-2.5"),           APFloat(s, "0.5"),
      APFloat(s, "3"),              APFloat(s, "16777217"),
      APFloat(s, "1e8"),            APFloat(s, "-7.75"),
      APFloat(s, "4294967296"),     APFloat(s, "-2147483648.5")};
  std::vector<llvm::APInt> out;
  for (const APFloat &f : v)
    out.push_back(f.bitcastToAPInt());
  std::mt19937_64 rng(width);
  for (unsigned k = 0; k < randoms; ++k)
    out.push_back(llvm::APInt(width, rng()));
  return out;
}

class Z3FloatsTest : public ::testing::Test {
protected:
  ExprContext ctx;
  PipelineStats stats;
  std::unique_ptr<Solver> solver = createZ3Solver(ctx, SolverOptions{}, &stats);

  /// Z3 proves every term of `terms` (unfolded) equal to its folded value.
  void expectAgreement(Kind kind, unsigned aux0, unsigned arity,
                       unsigned operandWidth) {
    std::vector<llvm::APInt> values = samples(operandWidth, 6);
    std::vector<ExprRef> equalities;
    std::mt19937 rng(static_cast<unsigned>(kind));
    for (size_t i = 0; i < values.size(); ++i)
      for (size_t j = 0; j < (arity > 1 ? values.size() : 1); j += arity > 1 ? 3 : 1) {
        std::vector<llvm::APInt> ops = {values[i]};
        if (arity > 1)
          ops.push_back(values[(i + j) % values.size()]);
        if (arity > 2)
          ops.push_back(values[rng() % values.size()]);
        std::vector<ExprRef> operands;
        for (const llvm::APInt &v : ops)
          operands.push_back(ctx.bv(v));
        ExprRef unfolded = ctx.raw(kind, operands, aux0);
        Value folded = evaluateFloat(kind, aux0, unfolded->width(), ops);
        equalities.push_back(folded.isBool
                                 ? ctx.eq(unfolded, ctx.boolVal(folded.boolValue))
                                 : ctx.eq(unfolded, ctx.bv(folded.bits)));
      }
    ExprRef all = ctx.andAll(equalities);
    ExprRef q[] = {ctx.notE(all)};
    SolverResult r = solver->check(q, false);
    EXPECT_TRUE(r.isUnsat()) << kindName(kind) << " aux " << aux0 << " width "
                             << operandWidth;
  }
};

} // namespace

TEST_F(Z3FloatsTest, ArithmeticAgreesWithTheFolding) {
  for (unsigned w : {32u, 64u}) {
    for (Kind k : {Kind::FAdd, Kind::FSub, Kind::FMul, Kind::FDiv, Kind::FRem})
      expectAgreement(k, 0, 2, w);
    expectAgreement(Kind::FSqrt, 0, 1, w);
    expectAgreement(Kind::FFma, 0, 3, w);
  }
}

TEST_F(Z3FloatsTest, RoundingAndComparisonsAgreeWithTheFolding) {
  for (unsigned w : {32u, 64u}) {
    for (unsigned mode = 0; mode <= 4; ++mode)
      expectAgreement(Kind::FRound, mode, 1, w);
    for (Kind k : {Kind::FOEq, Kind::FOLt, Kind::FOLe})
      expectAgreement(k, 0, 2, w);
    expectAgreement(Kind::FIsNaN, 0, 1, w);
  }
}

TEST_F(Z3FloatsTest, ConversionsAgreeWithTheFolding) {
  for (unsigned w : {32u, 64u}) {
    for (unsigned to : {8u, 32u, 64u}) {
      expectAgreement(Kind::FToSI, to, 1, w);
      expectAgreement(Kind::FToUI, to, 1, w);
    }
    expectAgreement(Kind::FToF, w == 32 ? 64 : 32, 1, w);
  }
  for (unsigned from : {32u, 64u})
    for (unsigned to : {32u, 64u}) {
      expectAgreement(Kind::SIToF, to, 1, from);
      expectAgreement(Kind::UIToF, to, 1, from);
    }
}

// The agreement checks can fail: Z3 refutes a folded value off by one ulp,
// and the canonical NaN is the only NaN a result has.
TEST_F(Z3FloatsTest, AValueOffByOneUlpIsRefuted) {
  ExprRef a = ctx.bv(32, 0x3dcccccd), b = ctx.bv(32, 0x3e4ccccd); // .1f, .2f
  ExprRef ops[] = {a, b};
  ExprRef sum = ctx.raw(Kind::FAdd, ops);
  llvm::APInt folded = ctx.floatOp(Kind::FAdd, ops)->bvValue();
  ExprRef right[] = {ctx.notE(ctx.eq(sum, ctx.bv(folded)))};
  EXPECT_TRUE(solver->check(right, false).isUnsat());
  ExprRef wrong[] = {ctx.notE(ctx.eq(sum, ctx.bv(folded + 1)))};
  EXPECT_TRUE(solver->check(wrong, false).isSat());
  // 0/0 is NaN: its bits are the canonical NaN, nothing else.
  ExprRef zeros[] = {ctx.bv(64, 0), ctx.bv(64, 0)};
  ExprRef nan = ctx.raw(Kind::FDiv, zeros);
  ExprRef other[] = {ctx.notE(ctx.eq(nan, ctx.bv(canonicalNaN(64))))};
  EXPECT_TRUE(solver->check(other, false).isUnsat());
}
