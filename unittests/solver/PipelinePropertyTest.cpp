//===- PipelinePropertyTest.cpp - every configuration agrees with Z3 ------===//
//
// Random constraint sets and random explorations, asked through the
// pipeline in each of the 16 combinations of its layers: every answer must
// be plain Z3's (a fresh solver per query, the reference), and every model
// a layer hands back must satisfy its query when evaluated by `expr` (never
// trusted). The explorations ask as the engine does: a path condition kept
// as a ConstraintSet, the path's model (with model reuse), both sides of
// each branch, a fork when both hold.
//
//===----------------------------------------------------------------------===//

#include "cosmo/solver/ConstraintSet.h"
#include "cosmo/solver/Pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <sstream>

using namespace cosmo::expr;
using namespace cosmo::solver;

namespace {

/// Constraints over three clusters of byte variables (so independence has
/// sets to split), two 32-bit variables with arithmetic, and one array read
/// at symbolic indices (the arrays path of every backend).
class ConstraintGen {
public:
  ConstraintGen(ExprContext &ctx, uint64_t seed) : ctx_(ctx), rng_(seed) {
    for (const char *name : {"b0", "b1", "b2", "b3", "b4", "b5"})
      bytes_.push_back(ctx.var(name, Sort::bv(8)));
    words_ = {ctx.var("w0", Sort::bv(32)), ctx.var("w1", Sort::bv(32))};
    array_ = ctx.arrayVar("mem");
    indices_ = {ctx.var("i0", Sort::bv(64)), ctx.var("i1", Sort::bv(64))};
  }

  ExprRef next() {
    switch (pick(12)) {
    case 0:
    case 1:
    case 2: return compare(byteVar(), ctx_.bv(8, pick(256)));
    case 3:
    case 4: {
      // Mostly within a cluster, sometimes across.
      unsigned c = pick(3);
      ExprRef a = bytes_[2 * c], b = bytes_[2 * c + 1];
      if (pick(4) == 0)
        b = byteVar();
      return compare(arith(a, b), ctx_.bv(8, pick(256)));
    }
    case 5:
    case 6: {
      // No 32-bit multiplication: it can make Z3 slow enough to time out.
      ExprRef a = words_[pick(2)], b = words_[pick(2)];
      ExprRef sum = pick(2) ? ctx_.add(a, b) : ctx_.sub(a, b);
      return compare(sum, ctx_.bv(32, pick(1000)));
    }
    case 7: return compare(byteVar(), byteVar());
    case 8:
    case 9: {
      // Bits of an arithmetic chain, as a Collatz loop tests them: known
      // bits and fixed values decide many of these without a solver.
      ExprRef x = byteVar();
      for (unsigned k = pick(3); k > 0; --k)
        x = pick(2) ? ctx_.add(ctx_.mul(x, ctx_.bv(8, 3)), ctx_.bv(8, 1))
                    : ctx_.lshr(x, ctx_.bv(8, 1));
      switch (pick(3)) {
      case 0: return ctx_.ne(ctx_.band(x, ctx_.bv(8, 1u << pick(3))),
                             ctx_.bv(8, 0));
      case 1: return ctx_.eq(ctx_.urem(x, ctx_.bv(8, 4)), ctx_.bv(8, pick(4)));
      default: return ctx_.ult(x, ctx_.bv(8, 1 + pick(16)));
      }
    }
    default: {
      ExprRef i = ctx_.band(indices_[pick(2)], ctx_.bv(64, 7));
      ExprRef read = ctx_.select(array_, i);
      return compare(read, pick(2) ? ctx_.bv(8, pick(8)) : byteVar());
    }
    }
  }

  unsigned pick(unsigned n) { return std::uniform_int_distribution<unsigned>(0, n - 1)(rng_); }

private:
  ExprRef byteVar() { return bytes_[pick(6)]; }
  ExprRef arith(const ExprRef &a, const ExprRef &b) {
    switch (pick(5)) {
    case 0: return ctx_.add(a, b);
    case 1: return ctx_.sub(a, b);
    case 2: return ctx_.mul(a, b);
    case 3: return ctx_.bxor(a, b);
    default: return ctx_.band(a, b);
    }
  }
  ExprRef compare(const ExprRef &a, const ExprRef &b) {
    switch (pick(6)) {
    case 0: return ctx_.ult(a, b);
    case 1: return ctx_.ule(a, b);
    case 2: return ctx_.slt(a, b);
    case 3: return ctx_.sle(a, b);
    case 4: return ctx_.eq(a, b);
    default: return ctx_.notE(ctx_.eq(a, b));
    }
  }

  ExprContext &ctx_;
  std::mt19937_64 rng_;
  std::vector<ExprRef> bytes_, words_, indices_;
  ExprRef array_;
};

class PipelinePropertyTest : public ::testing::TestWithParam<unsigned> {
protected:
  // Shared by the 16 configurations: they ask the same questions (the
  // generators are seeded), so the reference answers each only once.
  struct Shared {
    ExprContext ctx;
    std::unique_ptr<Solver> reference =
        createZ3Solver(ctx, SolverOptions{0});
    std::map<std::vector<uint64_t>, Validity> answers;
  };
  static inline Shared *shared = nullptr;
  static void SetUpTestSuite() { shared = new Shared; }
  static void TearDownTestSuite() {
    delete shared;
    shared = nullptr;
  }
  ExprContext &ctx = shared->ctx;

  PipelineOptions options() const {
    unsigned bits = GetParam();
    PipelineOptions o;
    o.independence = bits & 1;
    o.cexCache = bits & 2;
    o.modelReuse = bits & 4;
    o.incremental = bits & 8;
    o.incrementalResetFloor = 16; // exercise resets too
    return o;
  }

  /// Plain Z3's answer for the conjunction (each distinct set asked once).
  Validity expected(const std::vector<ExprRef> &conjuncts) {
    std::vector<uint64_t> key;
    for (const ExprRef &c : conjuncts)
      key.push_back(c->id());
    std::sort(key.begin(), key.end());
    key.erase(std::unique(key.begin(), key.end()), key.end());
    auto [it, fresh] = shared->answers.emplace(key, Validity::Unknown);
    if (fresh)
      it->second = shared->reference->check(conjuncts, false).status;
    return it->second;
  }

  void expectAgrees(const SolverResult &r, const std::vector<ExprRef> &q,
                    bool wantModel, const std::string &where) {
    Validity want = expected(q);
    ASSERT_NE(want, Validity::Unknown) << where;
    ASSERT_EQ(r.status, want) << where;
    if (r.isSat() && wantModel) {
      ASSERT_TRUE(r.model) << where;
      for (const ExprRef &c : q)
        ASSERT_EQ(evaluateBool(c, *r.model, Completion::ZeroDefault),
                  std::optional<bool>(true))
            << where << ": the model does not satisfy a constraint";
    }
  }
};

std::string where(uint64_t seed, const char *what, unsigned n) {
  std::ostringstream out;
  out << "seed " << seed << ' ' << what << ' ' << n;
  return out.str();
}

struct PathState {
  ConstraintSet pc;
  Model model;
  unsigned depth = 0;
};

} // namespace

TEST_P(PipelinePropertyTest, ConjunctionsAgreeWithPlainZ3) {
  PipelineStats stats;
  auto pipeline = createSolverPipeline(ctx, options(), stats);
  for (uint64_t seed = 0; seed < 12; ++seed) {
    ConstraintGen gen(ctx, seed);
    std::vector<ExprRef> pool;
    for (int i = 0; i < 10; ++i)
      pool.push_back(gen.next());
    // Sets drawn from a small pool repeat and overlap, as path conditions
    // do, so the cache's rules get their chance.
    for (int k = 0; k < 25; ++k) {
      std::vector<ExprRef> q;
      unsigned n = 1 + gen.pick(5);
      for (unsigned i = 0; i < n; ++i)
        q.push_back(pool[gen.pick(pool.size())]);
      bool wantModel = gen.pick(2);
      expectAgrees(pipeline->check(q, wantModel), q, wantModel,
                   where(seed, "query", k));
      if (HasFatalFailure())
        return;
    }
  }
  EXPECT_EQ(stats.queries, 12u * 25u);
}

TEST_P(PipelinePropertyTest, ExplorationsAgreeWithPlainZ3) {
  PipelineOptions opts = options();
  PipelineStats stats;
  auto pipeline = createSolverPipeline(ctx, opts, stats);
  for (uint64_t seed = 100; seed < 105; ++seed) {
    ConstraintGen gen(ctx, seed);
    std::vector<PathState> work(1, PathState{ConstraintSet(opts.independence),
                                             nullptr, 0});
    if (opts.modelReuse)
      work[0].model = std::make_shared<Assignment>();
    unsigned states = 0;
    while (!work.empty() && states < 24) {
      PathState s = std::move(work.back());
      work.pop_back();
      ++states;
      auto ask = [&](const ExprRef &cond, bool wantModel) {
        Query q = Query::onPath(s.pc, cond, s.model, wantModel);
        SolverResult r = pipeline->check(q);
        expectAgrees(r, q.conjuncts(), wantModel,
                     where(seed, "depth", s.depth));
        return r;
      };
      while (s.depth < 7) {
        ExprRef cond = gen.next();
        SolverResult t = ask(cond, opts.modelReuse);
        SolverResult f = ask(ctx.notE(cond), opts.modelReuse);
        if (HasFatalFailure())
          return;
        ++s.depth;
        if (t.isSat() && f.isSat()) {
          PathState other = s; // the fork
          other.pc.add(ctx.notE(cond));
          if (opts.modelReuse)
            other.model = f.model;
          work.push_back(std::move(other));
          s.pc.add(cond);
          if (opts.modelReuse)
            s.model = t.model;
        }
      }
      // The path's end: a model for its test.
      SolverResult end = ask(nullptr, true);
      if (HasFatalFailure())
        return;
      ASSERT_TRUE(end.isSat());
    }
  }
  // Each enabled layer did its work on these explorations.
  if (opts.modelReuse) {
    EXPECT_GT(stats.modelReuse.hits, 0u);
    EXPECT_GT(stats.modelReuse.knownBitsHits, 0u);
    EXPECT_GT(stats.modelReuse.fixedHits, 0u);
  }
  if (opts.independence) {
    EXPECT_LT(stats.independence.constraintsAfter,
              stats.independence.constraintsBefore);
  }
  if (opts.cexCache) {
    EXPECT_GT(stats.cexCache.hits(), 0u);
  }
  if (opts.incremental) {
    EXPECT_GT(stats.z3.resets, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(AllLayerCombinations, PipelinePropertyTest,
                         ::testing::Range(0u, 16u),
                         [](const ::testing::TestParamInfo<unsigned> &i) {
                           PipelineOptions o;
                           o.independence = i.param & 1;
                           o.cexCache = i.param & 2;
                           o.modelReuse = i.param & 4;
                           o.incremental = i.param & 8;
                           std::string s = o.str();
                           std::replace(s.begin(), s.end(), ',', '_');
                           std::replace(s.begin(), s.end(), '-', '_');
                           return s;
                         });
