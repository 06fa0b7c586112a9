//===- BitFactsTest.cpp - known bits under a path condition ---------------===//
//
// BitFacts must over-approximate: whatever it decides holds in every model
// of the constraints. Checked exhaustively on random constraints and terms
// over two 4-bit variables (all 256 assignments), plus the shapes the
// engine's loops produce.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BitFacts.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>

#include <random>

using namespace cosmo::expr;
using namespace cosmo::solver;

namespace {

class TermGen {
public:
  TermGen(ExprContext &ctx, uint64_t seed)
      : ctx_(ctx), rng_(seed), x_(ctx.var("x", Sort::bv(4))),
        y_(ctx.var("y", Sort::bv(4))) {}

  const ExprRef &x() const { return x_; }
  const ExprRef &y() const { return y_; }

  /// A 4-bit term.
  ExprRef term(unsigned depth) {
    if (depth == 0 || pick(4) == 0) {
      switch (pick(3)) {
      case 0: return x_;
      case 1: return y_;
      default: return ctx_.bv(4, pick(16));
      }
    }
    ExprRef a = term(depth - 1);
    ExprRef b = pick(2) ? ctx_.bv(4, pick(16)) : term(depth - 1);
    switch (pick(19)) {
    case 0: return ctx_.add(a, b);
    case 1: return ctx_.sub(a, b);
    case 2: return ctx_.mul(a, b);
    case 3: return ctx_.udiv(a, b);
    case 4: return ctx_.urem(a, b);
    case 5: return ctx_.shl(a, b);
    case 6: return ctx_.lshr(a, b);
    case 7: return ctx_.ashr(a, b);
    case 8: return ctx_.band(a, b);
    case 9: return ctx_.bor(a, b);
    case 10: return ctx_.bxor(a, b);
    case 11: return ctx_.bnot(a);
    case 12: return ctx_.neg(a);
    case 13: return ctx_.ite(cond(depth - 1), a, b);
    case 14: // through a wider term and back
    {
      unsigned lo = pick(5);
      return ctx_.extract(pick(2) ? ctx_.zext(a, 8) : ctx_.sext(a, 8), lo + 3,
                          lo);
    }
    case 15: {
      unsigned lo = pick(5);
      return ctx_.extract(ctx_.concat(a, b), lo + 3, lo);
    }
    case 16: return ctx_.srem(a, b);
    case 17: return ctx_.mul(a, ctx_.bv(4, 1 + 2 * pick(8))); // odd
    default: return ctx_.udiv(a, ctx_.bv(4, 1u << pick(4)));
    }
  }

  /// A Bool term.
  ExprRef cond(unsigned depth) {
    if (depth > 0 && pick(4) == 0) {
      ExprRef a = cond(depth - 1), b = cond(depth - 1);
      switch (pick(3)) {
      case 0: return ctx_.andE(a, b);
      case 1: return ctx_.orE(a, b);
      default: return ctx_.notE(a);
      }
    }
    ExprRef a = term(depth), b = pick(2) ? ctx_.bv(4, pick(16)) : term(depth);
    switch (pick(7)) {
    case 0: return ctx_.eq(a, b);
    case 1: return ctx_.ne(a, b);
    case 2: return ctx_.ult(a, b);
    case 3: return ctx_.ule(a, b);
    case 4: return ctx_.slt(a, b);
    case 5: return ctx_.sle(a, b);
    default: // a masked bit, as `if (n & 1)` compiles
      return ctx_.ne(ctx_.band(a, ctx_.bv(4, 1u << pick(4))), ctx_.bv(4, 0));
    }
  }

  unsigned pick(unsigned n) {
    return std::uniform_int_distribution<unsigned>(0, n - 1)(rng_);
  }

private:
  ExprContext &ctx_;
  std::mt19937_64 rng_;
  ExprRef x_, y_;
};

TEST(BitFactsTest, WhatItDecidesHoldsInEveryModel) {
  ExprContext ctx;
  unsigned decided = 0, byFacts = 0, knownBits = 0;
  for (uint64_t seed = 0; seed < 1000; ++seed) {
    TermGen gen(ctx, seed);
    std::vector<ExprRef> pc;
    for (unsigned n = 1 + gen.pick(4); n > 0; --n)
      pc.push_back(gen.cond(2));
    std::vector<Assignment> models;
    for (unsigned v = 0; v < 256; ++v) {
      Assignment a;
      a.set(gen.x(), Value::ofBits(llvm::APInt(4, v & 15)));
      a.set(gen.y(), Value::ofBits(llvm::APInt(4, v >> 4)));
      bool all = true;
      for (const ExprRef &c : pc)
        all &= evaluateBool(c, a) == std::optional<bool>(true);
      if (all)
        models.push_back(std::move(a));
    }
    BitFacts facts(pc), noFacts({});
    if (models.empty())
      continue; // an unsat path condition: anything goes, but no crash
    for (const ExprRef &c : pc)
      EXPECT_NE(facts.decide(c), std::optional<bool>(false))
          << "seed " << seed << ": a constraint decided false";
    for (int k = 0; k < 12; ++k) {
      ExprRef c = gen.cond(2);
      if (std::optional<bool> d = facts.decide(c)) {
        ++decided;
        byFacts += !noFacts.decide(c).has_value();
        for (const Assignment &m : models)
          ASSERT_EQ(evaluateBool(c, m), d)
              << "seed " << seed << " condition " << k;
      }
      ExprRef t = gen.term(3);
      llvm::KnownBits b = facts.bits(t);
      ASSERT_FALSE(b.hasConflict());
      knownBits += (b.Zero | b.One).countPopulation();
      for (const Assignment &m : models) {
        llvm::APInt v = evaluate(t, m)->bits;
        ASSERT_TRUE((b.One & ~v).isZero() && (b.Zero & v).isZero())
            << "seed " << seed << " term " << k << ": " << toSmtLib(t)
            << " value " << v.getZExtValue() << " zero "
            << b.Zero.getZExtValue() << " one " << b.One.getZExtValue()
            << " pc " << toSmtLib(pc[0]);
      }
    }
  }
  // Not vacuous: the facts decide things terms alone do not.
  EXPECT_GT(decided, 1500u);
  EXPECT_GT(byFacts, 150u);
  EXPECT_GT(knownBits, 5000u);
}

TEST(BitFactsTest, ParityOfACollatzStep) {
  ExprContext ctx;
  ExprRef n = ctx.var("n", Sort::bv(32));
  auto bit0 = [&](const ExprRef &e) {
    return ctx.ne(ctx.band(e, ctx.bv(32, 1)), ctx.bv(32, 0));
  };
  ExprRef next = ctx.add(ctx.mul(n, ctx.bv(32, 3)), ctx.bv(32, 1));
  // n odd: 3n + 1 is even.
  std::vector<ExprRef> odd = {bit0(n)};
  EXPECT_EQ(BitFacts(odd).decide(bit0(next)), std::optional<bool>(false));
  // 3n + 1 odd: n even (the odd inverse of 3 undoes the step).
  std::vector<ExprRef> stepOdd = {bit0(next)};
  EXPECT_EQ(BitFacts(stepOdd).decide(bit0(n)),
            std::optional<bool>(false));
  // n / 2 and n % 2 are shifts and masks.
  std::vector<ExprRef> halves = {
      ctx.eq(ctx.urem(n, ctx.bv(32, 2)), ctx.bv(32, 0)),
      ctx.eq(ctx.urem(ctx.udiv(n, ctx.bv(32, 2)), ctx.bv(32, 2)),
             ctx.bv(32, 1))};
  EXPECT_EQ(BitFacts(halves).decide(
                ctx.eq(ctx.urem(n, ctx.bv(32, 4)), ctx.bv(32, 2))),
            std::optional<bool>(true));
  // A bound clears high bits: n ≤ 64 and n even, so n ≠ 129.
  std::vector<ExprRef> bounded = {ctx.ule(n, ctx.bv(32, 64))};
  EXPECT_EQ(BitFacts(bounded).decide(ctx.eq(n, ctx.bv(32, 129))),
            std::optional<bool>(false));
  // Nothing known: undecided.
  std::vector<ExprRef> none;
  EXPECT_EQ(BitFacts(none).decide(bit0(n)), std::nullopt);
}

TEST(BitFactsTest, ContradictoryFactsDecideNothing) {
  ExprContext ctx;
  ExprRef n = ctx.var("n", Sort::bv(8));
  std::vector<ExprRef> pc = {ctx.eq(ctx.band(n, ctx.bv(8, 1)), ctx.bv(8, 1)),
                             ctx.eq(ctx.band(n, ctx.bv(8, 3)), ctx.bv(8, 2))};
  BitFacts facts(pc);
  EXPECT_EQ(facts.decide(ctx.eq(n, ctx.bv(8, 7))), std::nullopt);
  EXPECT_TRUE(facts.bits(n).isUnknown());
}

} // namespace
