//===- PipelineLayersTest.cpp - each layer of the query pipeline ----------===//
//
// Each decorator in front of a recording solver (which answers with plain
// Z3 and remembers what reached it): what it answers itself, what it passes
// on, and the models it hands back. Plus --solver-opts parsing.
//
//===----------------------------------------------------------------------===//

#include "cosmo/expr/Transform.h"
#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cosmo::expr;
using namespace cosmo::solver;

namespace {

/// Answers with plain Z3 and records the conjunction of every query.
class RecordingSolver final : public Solver {
public:
  RecordingSolver(ExprContext &ctx, std::vector<std::vector<ExprRef>> &log)
      : z3_(createZ3Solver(ctx, SolverOptions{})), log_(log) {}
  void setTimeoutMs(unsigned ms) override { z3_->setTimeoutMs(ms); }
  void interrupt() override { z3_->interrupt(); }

protected:
  SolverResult doCheck(const Query &q) override {
    log_.push_back(q.conjuncts());
    return z3_->check(q.conjuncts(), q.wantModel);
  }

private:
  std::unique_ptr<Solver> z3_;
  std::vector<std::vector<ExprRef>> &log_;
};

class PipelineLayersTest : public ::testing::Test {
protected:
  ExprContext ctx;
  PipelineStats stats;
  std::vector<std::vector<ExprRef>> log; // what reached the recorder

  std::unique_ptr<Solver> recorder() {
    return std::make_unique<RecordingSolver>(ctx, log);
  }
  ExprRef var(const char *name, unsigned w = 8) {
    return ctx.var(name, Sort::bv(w));
  }
  ExprRef bv(unsigned w, uint64_t v) { return ctx.bv(w, v); }
  static bool sameSet(std::vector<ExprRef> a, std::vector<ExprRef> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  }
  static bool satisfies(const Model &m, const std::vector<ExprRef> &cs) {
    for (const ExprRef &c : cs)
      if (evaluateBool(c, *m, Completion::ZeroDefault) !=
          std::optional<bool>(true))
        return false;
    return true;
  }
};

} // namespace

//===--- ConstraintSet ----------------------------------------------------===//

TEST_F(PipelineLayersTest, ConstraintSetJoinsSetsThroughSharedVariables) {
  ExprRef x = var("x"), y = var("y"), z = var("z"), w = var("w");
  ConstraintSet cs;
  cs.add(ctx.ult(x, bv(8, 5)));
  cs.add(ctx.ult(y, bv(8, 6)));
  cs.add(ctx.ult(z, bv(8, 7)));
  cs.add(ctx.trueE()); // dropped
  EXPECT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs.numIndependentSets(), 3u);
  // x-y joins two sets; then y-z joins the third, transitively with x.
  cs.add(ctx.eq(x, y));
  EXPECT_EQ(cs.numIndependentSets(), 2u);
  ExprRef xs[] = {x};
  EXPECT_TRUE(sameSet(cs.relevantTo(xs).constraints,
                      {ctx.ult(x, bv(8, 5)), ctx.ult(y, bv(8, 6)),
                       ctx.eq(x, y)}));
  cs.add(ctx.ult(y, z));
  EXPECT_EQ(cs.numIndependentSets(), 1u);
  EXPECT_EQ(cs.relevantTo(xs).constraints.size(), 5u);
  // A variable nothing mentions has no relevant constraints.
  ExprRef ws[] = {w};
  EXPECT_TRUE(cs.relevantTo(ws).constraints.empty());
  EXPECT_EQ(cs.independentSets(xs).size(), 0u);
  EXPECT_EQ(cs.independentSets(ws).size(), 1u);
}

TEST_F(PipelineLayersTest, ConstraintSetCopiesAreIndependentAfterAFork) {
  ExprRef x = var("x"), y = var("y");
  ConstraintSet parent;
  parent.add(ctx.ult(x, bv(8, 5)));
  parent.add(ctx.ult(y, bv(8, 5)));
  ConstraintSet child = parent; // a fork
  child.add(ctx.eq(x, y));
  parent.add(ctx.ugt(x, bv(8, 1)));
  EXPECT_EQ(child.numIndependentSets(), 1u);
  EXPECT_EQ(parent.numIndependentSets(), 2u);
  ExprRef ys[] = {y};
  EXPECT_EQ(parent.relevantTo(ys).constraints.size(), 1u);
  EXPECT_EQ(child.relevantTo(ys).constraints.size(), 3u);
  EXPECT_EQ(parent.size(), 3u);
  EXPECT_EQ(child.size(), 3u);
}

// Seed 004 section 3.2: reads through locations that may overlap depend on
// each other. Reads of one array at any indices share the array variable;
// distinct arrays (distinct allocations, which never alias) stay apart.
TEST_F(PipelineLayersTest, ConstraintSetKeepsReadsOfOneArrayTogether) {
  ExprRef a = ctx.arrayVar("a"), b = ctx.arrayVar("b");
  ExprRef i = var("i", 64), j = var("j", 64);
  ConstraintSet cs;
  cs.add(ctx.eq(ctx.select(a, i), bv(8, 1)));
  cs.add(ctx.eq(ctx.select(b, bv(64, 0)), bv(8, 2)));
  cs.add(ctx.ult(j, bv(64, 10)));
  EXPECT_EQ(cs.numIndependentSets(), 3u);
  ExprRef cond = ctx.eq(ctx.select(a, j), bv(8, 3));
  std::vector<ExprRef> vars = freeVariables(cond);
  EXPECT_TRUE(sameSet(cs.relevantTo(vars).constraints,
                      {ctx.eq(ctx.select(a, i), bv(8, 1)),
                       ctx.ult(j, bv(64, 10))}));
}

TEST_F(PipelineLayersTest, ConstraintSetWithoutTrackingIsOneSet) {
  ExprRef x = var("x"), y = var("y");
  ConstraintSet cs(/*trackIndependence=*/false);
  cs.add(ctx.ult(x, bv(8, 5)));
  cs.add(ctx.ult(y, bv(8, 5)));
  EXPECT_EQ(cs.numIndependentSets(), 1u);
  ExprRef xs[] = {x};
  EXPECT_EQ(cs.relevantTo(xs).constraints.size(), 2u);
}

//===--- Independence -----------------------------------------------------===//

TEST_F(PipelineLayersTest, IndependenceAsksOnlyTheConditionsSets) {
  ExprRef x = var("x"), y = var("y");
  auto solver = createIndependentSolver(recorder(), stats);
  ConstraintSet cs;
  cs.add(ctx.ugt(x, bv(8, 1)));
  cs.add(ctx.ugt(y, bv(8, 2)));
  cs.add(ctx.ult(x, bv(8, 5)));
  Query q = Query::onPath(cs, ctx.eq(x, bv(8, 3)), nullptr, false);
  EXPECT_TRUE(solver->check(q).isSat());
  ASSERT_EQ(log.size(), 1u);
  EXPECT_TRUE(sameSet(log[0], {ctx.ugt(x, bv(8, 1)), ctx.ult(x, bv(8, 5)),
                               ctx.eq(x, bv(8, 3))}));
  EXPECT_EQ(stats.independence.constraintsBefore, 4u);
  EXPECT_EQ(stats.independence.constraintsAfter, 3u);

  // Not known satisfiable: the other set is asked as well, on its own.
  log.clear();
  q.pcSatisfiable = false;
  EXPECT_TRUE(solver->check(q).isSat());
  ASSERT_EQ(log.size(), 2u);
  EXPECT_TRUE(sameSet(log[1], {ctx.ugt(y, bv(8, 2))}));

  // An unsat condition is unsat whatever the other sets say.
  log.clear();
  q.condition = ctx.eq(x, bv(8, 7));
  EXPECT_TRUE(solver->check(q).isUnsat());
  EXPECT_EQ(log.size(), 1u);
}

TEST_F(PipelineLayersTest, IndependenceKeepsTheCallersValuesOutsideTheSlice) {
  ExprRef x = var("x"), y = var("y");
  auto solver = createIndependentSolver(recorder(), stats);
  ConstraintSet cs;
  cs.add(ctx.ugt(x, bv(8, 1)));
  cs.add(ctx.eq(y, bv(8, 42)));
  auto pcModel = std::make_shared<Assignment>();
  pcModel->set(x, Value::ofBits(llvm::APInt(8, 2)));
  pcModel->set(y, Value::ofBits(llvm::APInt(8, 42)));
  Query q = Query::onPath(cs, ctx.eq(x, bv(8, 9)), pcModel, true);
  SolverResult r = solver->check(q);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(r.model->get(x)->bits, llvm::APInt(8, 9));
  EXPECT_EQ(r.model->get(y)->bits, llvm::APInt(8, 42)); // from pcModel
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].size(), 2u); // y's set was not asked

  // Without a model of pc, the other sets are solved for the model.
  log.clear();
  q.pcModel = nullptr;
  r = solver->check(q);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(log.size(), 2u);
  EXPECT_TRUE(satisfies(r.model, q.conjuncts()));
}

TEST_F(PipelineLayersTest, WithoutACacheBelowTheOtherSetsAreAskedTogether) {
  ExprRef x = var("x"), y = var("y"), z = var("z");
  auto solver = createIndependentSolver(recorder(), stats,
                                        /*askSetsApart=*/false);
  ConstraintSet cs;
  cs.add(ctx.ugt(x, bv(8, 1)));
  cs.add(ctx.eq(y, bv(8, 42)));
  cs.add(ctx.ult(z, bv(8, 7)));
  // A model of the whole path (a test at its end): one query, not three.
  SolverResult r = solver->check(Query::onPath(cs, nullptr, nullptr, true));
  ASSERT_TRUE(r.isSat());
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0].size(), 3u);
  EXPECT_TRUE(satisfies(
      r.model, std::vector<ExprRef>(cs.list().begin(), cs.list().end())));
  // With a condition, its slice still goes alone, then the rest together.
  log.clear();
  r = solver->check(Query::onPath(cs, ctx.eq(x, bv(8, 5)), nullptr, true));
  ASSERT_TRUE(r.isSat());
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].size(), 2u); // x > 1, x == 5
  EXPECT_EQ(log[1].size(), 2u); // y's and z's sets
}

TEST_F(PipelineLayersTest, IndependenceAnswersConstantConditions) {
  auto solver = createIndependentSolver(recorder(), stats);
  ExprRef x = var("x");
  std::vector<ExprRef> pc = {ctx.ugt(x, bv(8, 1))};
  Query q(pc, false);
  q.condition = ctx.falseE();
  EXPECT_TRUE(solver->check(q).isUnsat());
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(stats.independence.answered, 1u);
}

//===--- Counterexample cache ---------------------------------------------===//

TEST_F(PipelineLayersTest, CexCacheAnswersByEachRule) {
  auto solver = createCexCachingSolver(recorder(), stats);
  ExprRef x = var("x"), y = var("y");
  ExprRef a = ctx.ugt(x, bv(8, 10)), b = ctx.ult(x, bv(8, 5)),
          c = ctx.ult(y, bv(8, 3)), d = ctx.ult(x, bv(8, 200)),
          e = ctx.eq(y, bv(8, 1));
  auto ask = [&](std::vector<ExprRef> q) { return solver->check(q, true); };

  EXPECT_TRUE(ask({a, b}).isUnsat()); // miss: stored unsat
  EXPECT_TRUE(ask({a, b, c}).isUnsat());
  EXPECT_EQ(stats.cexCache.unsatSubset, 1u);

  SolverResult big = ask({a, c, e}); // miss: stored with its model
  ASSERT_TRUE(big.isSat());
  SolverResult sub = ask({a, e});
  ASSERT_TRUE(sub.isSat());
  EXPECT_EQ(stats.cexCache.supersetModel, 1u);
  EXPECT_TRUE(satisfies(sub.model, {a, e}));

  EXPECT_TRUE(ask({a, e}).isSat());
  EXPECT_EQ(stats.cexCache.exact, 1u);

  // {a, c, e}'s model has x > 10, y = 1: it satisfies d = x < 200 unless x
  // is huge, in which case the rule just misses. Either way, the answer is
  // right and its model satisfies the query.
  SolverResult more = ask({a, c, d, e});
  ASSERT_TRUE(more.isSat());
  EXPECT_TRUE(satisfies(more.model, {a, c, d, e}));
  // Every miss, and nothing else, reached the solver.
  EXPECT_EQ(stats.cexCache.misses, log.size());
}

TEST_F(PipelineLayersTest, CexCacheSubsetModelRuleNeedsNoSolver) {
  auto solver = createCexCachingSolver(recorder(), stats);
  ExprRef x = var("x"), y = var("y");
  ExprRef a = ctx.eq(x, bv(8, 7));
  ASSERT_TRUE(solver->check(std::vector<ExprRef>{a}, true).isSat());
  // The model of {x = 7} has y = 0 (not mentioned), which satisfies y < 3.
  std::vector<ExprRef> q = {a, ctx.ult(y, bv(8, 3))};
  SolverResult r = solver->check(q, true);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(stats.cexCache.subsetModel, 1u);
  EXPECT_EQ(log.size(), 1u);
  EXPECT_TRUE(satisfies(r.model, q));
  // A subset whose model fails the new constraint goes to the solver.
  std::vector<ExprRef> q2 = {a, ctx.eq(y, bv(8, 5))};
  r = solver->check(q2, true);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(log.size(), 2u);
  EXPECT_TRUE(satisfies(r.model, q2));
}

//===--- Path facts -------------------------------------------------------===//

TEST_F(PipelineLayersTest, FactsDecideWhatThePathSaysOutright) {
  auto solver = createFactsSolver(recorder(), ctx, stats);
  ExprRef x = var("x", 32), y = var("y", 32);
  // 100 <= x < 200 (signed), and x < y was taken before.
  std::vector<ExprRef> pc = {ctx.sle(bv(32, 100), x), ctx.slt(x, bv(32, 200)),
                             ctx.slt(x, y)};
  Query q(pc, false);
  q.pcSatisfiable = true;
  // Bounds settle it: x < 300 holds on every input of the path ...
  q.condition = ctx.slt(x, bv(32, 300));
  EXPECT_TRUE(solver->check(q).isSat());
  // ... x >= 200 on none, nor the opposite of a comparison taken.
  q.condition = ctx.sle(bv(32, 200), x);
  EXPECT_TRUE(solver->check(q).isUnsat());
  q.condition = ctx.slt(y, x);
  EXPECT_TRUE(solver->check(q).isUnsat());
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(stats.facts.sat, 1u);
  EXPECT_EQ(stats.facts.unsat, 2u);
  // What the facts leave open goes on unchanged: x < 150 splits the range.
  q.condition = ctx.slt(x, bv(32, 150));
  EXPECT_TRUE(solver->check(q).isSat());
  ASSERT_EQ(log.size(), 1u);
  EXPECT_TRUE(sameSet(log[0], q.conjuncts()));
  // A decided condition whose model is wanted: the path's own model when
  // the query has one, else a model of the path from below (no condition).
  auto m = std::make_shared<Assignment>();
  q.wantModel = true;
  q.pcModel = m;
  q.condition = ctx.slt(x, bv(32, 300));
  EXPECT_EQ(solver->check(q).model, m);
  q.pcModel = nullptr;
  SolverResult r = solver->check(q);
  ASSERT_TRUE(r.isSat());
  ASSERT_EQ(log.size(), 2u);
  EXPECT_TRUE(sameSet(log[1], pc));
  EXPECT_TRUE(satisfies(r.model, q.conjuncts()));
  // A path not known to be satisfiable proves nothing: asked below.
  q.pcSatisfiable = false;
  q.wantModel = false;
  q.condition = ctx.sle(bv(32, 200), x);
  EXPECT_TRUE(solver->check(q).isUnsat());
  EXPECT_EQ(log.size(), 3u);
}

// A search takes turns between paths: each keeps its own facts, and a path
// that extends one asked before gets that one's facts and its own.
TEST_F(PipelineLayersTest, FactsFollowEachOfThePathsASearchTakesTurnsOn) {
  auto solver = createFactsSolver(recorder(), ctx, stats);
  ExprRef x = var("x", 32);
  auto ask = [&](const std::vector<ExprRef> &pc, const ExprRef &c) {
    Query q(pc, false);
    q.pcSatisfiable = true;
    q.condition = c;
    return solver->check(q);
  };
  std::vector<ExprRef> below = {ctx.slt(x, bv(32, 5))},
                       above = {ctx.slt(bv(32, 10), x)};
  ExprRef under7 = ctx.slt(x, bv(32, 7));
  for (int turn = 0; turn < 3; ++turn) {
    EXPECT_TRUE(ask(below, under7).isSat());
    EXPECT_TRUE(ask(above, under7).isUnsat());
  }
  // More paths than are kept, then the first again: rebuilt, still right.
  for (int k = 0; k < 6; ++k)
    EXPECT_TRUE(ask({ctx.slt(bv(32, 20 + k), x)}, under7).isUnsat());
  EXPECT_TRUE(ask(below, under7).isSat());
  // An extension of `above` that bounds x from above too.
  std::vector<ExprRef> longer = above;
  longer.push_back(ctx.slt(x, bv(32, 12)));
  EXPECT_TRUE(ask(longer, ctx.slt(x, bv(32, 13))).isSat());
  EXPECT_TRUE(ask(longer, ctx.slt(bv(32, 12), x)).isUnsat());
  EXPECT_TRUE(log.empty()); // every one decided by the facts
}

//===--- Model reuse ------------------------------------------------------===//

TEST_F(PipelineLayersTest, ModelReuseAnswersTheSideTheModelSatisfies) {
  auto solver = createModelReusingSolver(recorder(), ctx, stats);
  ExprRef x = var("x"), y = var("y");
  std::vector<ExprRef> pc = {ctx.ult(x, bv(8, 10))};
  auto m = std::make_shared<Assignment>();
  m->set(x, Value::ofBits(llvm::APInt(8, 3)));
  Query q(pc, true);
  q.pcModel = m;
  q.pcSatisfiable = true;
  q.condition = ctx.ult(x, bv(8, 5)); // holds in m
  SolverResult r = solver->check(q);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(r.model, m);
  EXPECT_TRUE(log.empty());
  // A variable the model does not mention reads as zero.
  q.condition = ctx.eq(y, bv(8, 0));
  EXPECT_TRUE(solver->check(q).isSat());
  EXPECT_TRUE(log.empty());
  // The other side goes on, and gets a model of its own.
  q.condition = ctx.uge(x, bv(8, 5));
  r = solver->check(q);
  ASSERT_TRUE(r.isSat());
  EXPECT_EQ(log.size(), 1u);
  EXPECT_TRUE(satisfies(r.model, q.conjuncts()));
  EXPECT_EQ(stats.modelReuse.hits, 2u);
  EXPECT_EQ(stats.modelReuse.misses, 1u);
  // The path's own model.
  q.condition = nullptr;
  EXPECT_EQ(solver->check(q).model, m);
}

TEST_F(PipelineLayersTest, ModelReuseDecidesTheOtherSideByKnownBits) {
  auto solver = createModelReusingSolver(recorder(), ctx, stats);
  ExprRef x = var("x");
  auto odd = [&](const ExprRef &e) {
    return ctx.ne(ctx.band(e, bv(8, 1)), bv(8, 0));
  };
  ConstraintSet path;
  path.add(odd(x));
  auto m = std::make_shared<Assignment>();
  m->set(x, Value::ofBits(llvm::APInt(8, 7)));
  ExprRef step = ctx.add(ctx.mul(x, bv(8, 3)), bv(8, 1));
  // 3x + 1 is even in m and in every model: no solver for either side.
  EXPECT_TRUE(solver->check(Query::onPath(path, ctx.notE(odd(step)), m, true))
                  .isSat());
  EXPECT_TRUE(
      solver->check(Query::onPath(path, odd(step), m, true)).isUnsat());
  EXPECT_TRUE(log.empty());
  EXPECT_EQ(stats.modelReuse.knownBitsHits, 1u);
  // Without the path's sets (a flat query) the layer does not guess.
  Query flat(path.list(), false);
  flat.condition = odd(step);
  flat.pcModel = m;
  EXPECT_TRUE(solver->check(flat).isUnsat());
  EXPECT_EQ(log.size(), 1u);
}

TEST_F(PipelineLayersTest, ModelReuseFindsFixedValuesAfterForcedBranches) {
  auto solver = createModelReusingSolver(recorder(), ctx, stats);
  ExprRef x = var("x"), y = var("y");
  ConstraintSet path; // x is 5, which known bits alone do not see
  path.add(ctx.uge(x, bv(8, 5)));
  path.add(ctx.ule(x, bv(8, 5)));
  path.add(ctx.ult(y, bv(8, 100)));
  auto m = std::make_shared<Assignment>();
  m->set(x, Value::ofBits(llvm::APInt(8, 5)));
  m->set(y, Value::ofBits(llvm::APInt(8, 1)));
  auto ask = [&](const ExprRef &c) {
    return solver->check(Query::onPath(path, c, m, true));
  };
  // A first forced branch is only that.
  EXPECT_TRUE(ask(ctx.eq(x, bv(8, 6))).isUnsat());
  EXPECT_EQ(log.size(), 1u);
  EXPECT_EQ(stats.modelReuse.fixingQueries, 0u);
  // A second one before the path grows: search, and find x fixed.
  EXPECT_TRUE(ask(ctx.eq(x, bv(8, 7))).isUnsat());
  EXPECT_EQ(log.size(), 3u);
  EXPECT_EQ(stats.modelReuse.fixingQueries, 1u);
  EXPECT_EQ(stats.modelReuse.fixed, 1u);
  EXPECT_TRUE(path.fixesAll(std::vector<ExprRef>{x}));
  EXPECT_FALSE(path.fixesAll(std::vector<ExprRef>{x, y}));
  // From now on conditions over x alone need no solver, either side.
  EXPECT_TRUE(ask(ctx.ult(x, bv(8, 3))).isUnsat());
  EXPECT_TRUE(ask(ctx.uge(x, bv(8, 3))).isSat());
  EXPECT_EQ(log.size(), 3u);
  EXPECT_EQ(stats.modelReuse.fixedHits, 1u);
  // y is free: its search fails, and is not repeated until the path grows.
  EXPECT_TRUE(ask(ctx.eq(y, bv(8, 110))).isUnsat());
  EXPECT_TRUE(ask(ctx.eq(y, bv(8, 111))).isUnsat());
  EXPECT_TRUE(ask(ctx.eq(y, bv(8, 112))).isUnsat());
  EXPECT_EQ(stats.modelReuse.fixingQueries, 2u);
  EXPECT_EQ(stats.modelReuse.fixed, 1u);
  EXPECT_EQ(log.size(), 7u);
  // Copies (forked states) keep what was found.
  ConstraintSet child = path;
  child.add(ctx.ult(y, bv(8, 50)));
  EXPECT_TRUE(child.fixesAll(std::vector<ExprRef>{x}));
}

//===--- Incremental Z3 ---------------------------------------------------===//

TEST_F(PipelineLayersTest, IncrementalSolverAgreesAcrossQueriesAndResets) {
  PipelineOptions opts;
  opts.incrementalResetFloor = 4;
  auto inc = createIncrementalZ3Solver(ctx, opts, stats);
  ExprRef x = var("x", 32), y = var("y", 32);
  std::vector<ExprRef> base = {ctx.ult(x, bv(32, 100)),
                               ctx.eq(ctx.add(x, y), bv(32, 150))};
  for (unsigned k = 0; k < 12; ++k) {
    std::vector<ExprRef> q = base;
    q.push_back(ctx.ugt(y, bv(32, 40 + 10 * k)));
    SolverResult r = inc->check(q, true);
    // y = 150 - x > 50 for every x < 100, so y > 40 + 10k holds up to
    // k = 10 (y can reach 150).
    if (40 + 10 * k < 150) {
      ASSERT_TRUE(r.isSat()) << k;
      EXPECT_TRUE(satisfies(r.model, q));
    } else {
      EXPECT_TRUE(r.isUnsat()) << k;
    }
  }
  EXPECT_EQ(stats.z3.queries, 12u);
  EXPECT_GT(stats.z3.resets, 0u); // 14 literals against a limit of 4
}

TEST_F(PipelineLayersTest, IncrementalUnsatCoresAreUnsatSubsets) {
  PipelineOptions opts;
  auto inc = createIncrementalZ3Solver(ctx, opts, stats);
  ExprRef x = var("x"), y = var("y"), z = var("z");
  std::vector<ExprRef> q = {ctx.ult(y, bv(8, 9)), ctx.ugt(x, bv(8, 10)),
                            ctx.eq(z, y), ctx.ult(x, bv(8, 5))};
  SolverResult r = inc->check(q, false);
  ASSERT_TRUE(r.isUnsat());
  ASSERT_FALSE(r.unsatCore.empty());
  for (const ExprRef &c : r.unsatCore)
    EXPECT_NE(std::find(q.begin(), q.end(), c), q.end());
  auto plain = createZ3Solver(ctx, SolverOptions{});
  EXPECT_TRUE(plain->check(r.unsatCore, false).isUnsat());

  // The cache stores the core: a later query containing it is unsat
  // without the solver.
  auto cached = createCexCachingSolver(
      createIncrementalZ3Solver(ctx, opts, stats), stats);
  ASSERT_TRUE(cached->check(q, false).isUnsat());
  uint64_t before = stats.z3.queries;
  std::vector<ExprRef> other = {ctx.ugt(x, bv(8, 10)), ctx.ult(x, bv(8, 5)),
                                ctx.ugt(z, bv(8, 1))};
  EXPECT_TRUE(cached->check(other, false).isUnsat());
  EXPECT_EQ(stats.z3.queries, before);
  EXPECT_EQ(stats.cexCache.unsatSubset, 1u);
}

//===--- Options ----------------------------------------------------------===//

TEST(PipelineOptionsTest, ParsesListsAllAndNone) {
  auto all = parsePipelineOptions("all");
  ASSERT_TRUE(static_cast<bool>(all));
  EXPECT_EQ(all->str(), "facts,independence,cex-cache,model-reuse,incremental");
  auto none = parsePipelineOptions("none");
  ASSERT_TRUE(static_cast<bool>(none));
  EXPECT_EQ(none->str(), "none");
  auto two = parsePipelineOptions("model-reuse,independence");
  ASSERT_TRUE(static_cast<bool>(two));
  EXPECT_TRUE(two->independence && two->modelReuse);
  EXPECT_FALSE(two->cexCache || two->incremental);
  EXPECT_EQ(two->str(), "independence,model-reuse");
  auto bad = parsePipelineOptions("independence,cache");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("'cache'"),
            std::string::npos);
  auto empty = parsePipelineOptions("");
  ASSERT_FALSE(static_cast<bool>(empty));
  llvm::consumeError(empty.takeError());
}
