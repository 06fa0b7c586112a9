//===- CandidateSubsumptionTest.cpp - candidates another one implies ------===//
//
// A candidate whose literals are a subset of another's implies it
// (CandidateSubsumption.h); Houdini asks for the stronger one alone, and
// for the weaker one once the stronger one is dropped.
//
//===----------------------------------------------------------------------===//

#include "horn/CandidateSubsumption.h"

#include "cosmo/solver/Horn.h"

#include <gtest/gtest.h>

namespace cosmo::solver {
namespace {

using expr::Sort;

class CandidateSubsumptionTest : public ::testing::Test {
protected:
  ExprRef bv32(const char *name) { return ctx.var(name, Sort::bv(32)); }
  ExprRef k32(int64_t v) { return ctx.bv(32, static_cast<uint64_t>(v)); }
  expr::ExprContext ctx;
};

TEST_F(CandidateSubsumptionTest, AGuardWithMoreConjunctsIsImplied) {
  ExprRef c = bv32("c"), w = bv32("w"), key = bv32("key"), link = bv32("l");
  ExprRef below = ctx.ult(c, w), linked = ctx.notE(ctx.eq(link, k32(0)));
  ExprRef fact = ctx.slt(key, k32(100));
  ExprRef strong = ctx.implies(below, fact);
  ExprRef weak = ctx.implies(ctx.andE(below, linked), fact);
  ExprRef other = ctx.implies(below, ctx.slt(key, k32(50)));
  CandidateSubsumption s;
  EXPECT_EQ(s.strongest({weak, strong, other}),
            (std::vector<ExprRef>{strong, other}));
  // Alone, the weaker one is asked.
  EXPECT_EQ(s.strongest({weak, other}), (std::vector<ExprRef>{weak, other}));
  // A fact alone implies it under any guard; a disjunct more is weaker.
  EXPECT_EQ(s.strongest({weak, fact}), (std::vector<ExprRef>{fact}));
  ExprRef wider = ctx.orE(fact, ctx.eq(link, k32(0)));
  EXPECT_EQ(s.strongest({wider, fact}), (std::vector<ExprRef>{fact}));
}

TEST_F(CandidateSubsumptionTest, OfTwoWithTheSameLiteralsTheFirstIsKept) {
  ExprRef a = ctx.ult(bv32("a"), bv32("b")), b = ctx.eq(bv32("x"), k32(3));
  ExprRef f = ctx.slt(bv32("k"), k32(7));
  // `!(a && b) || f` and `(!a || !b) || f`: one clause, two terms.
  ExprRef one = ctx.orE(ctx.notE(ctx.andE(a, b)), f);
  ExprRef two = ctx.orE(ctx.orE(ctx.notE(a), ctx.notE(b)), f);
  ASSERT_NE(one, two);
  CandidateSubsumption s;
  EXPECT_EQ(s.strongest({one, two}), (std::vector<ExprRef>{one}));
  EXPECT_EQ(s.strongest({two, one}), (std::vector<ExprRef>{two}));
}

TEST_F(CandidateSubsumptionTest, HoudiniAsksForTheWeakerOnceTheStrongerIsDropped) {
  // x = 0; while (x <u 10) x++; error when x >u 10. The template `x == 0`
  // implies `x == 0 || x <=u 10` but is not inductive; the weaker one is,
  // and it alone refutes the query.
  HornSystem h;
  size_t inv = h.addRelation("inv", {Sort::bv(32)});
  ExprRef x = bv32("x");
  h.addClause({{}, ctx.trueE(), HornAtom{inv, {k32(0)}}});
  h.addClause({{HornAtom{inv, {x}}}, ctx.ult(x, k32(10)),
               HornAtom{inv, {ctx.add(x, k32(1))}}});
  h.addClause({{HornAtom{inv, {x}}}, ctx.ult(k32(10), x), std::nullopt});
  ExprRef arg = h.argument(ctx, inv, 0);
  ExprRef zero = ctx.eq(arg, k32(0));
  std::map<std::string, std::vector<ExprRef>> templates{
      {"inv", {zero, ctx.orE(zero, ctx.ule(arg, k32(10)))}}};
  HornOptions o;
  o.timeoutSeconds = 20;
  o.templates = &templates;
  o.templatesOnly = true;
  HornAnswer a = solveHorn(ctx, h, o);
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  // Without the weaker template nothing refutes it.
  templates["inv"].pop_back();
  EXPECT_NE(solveHorn(ctx, h, o).status, HornAnswer::Safe);
}

} // namespace
} // namespace cosmo::solver
