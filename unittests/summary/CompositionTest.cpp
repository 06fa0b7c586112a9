//===- CompositionTest.cpp - the compositional hooks on their own ---------===//
//
// Each hook of the summary layer run alone on the engine core: the
// recorder (through the builder's isolated run) gives the pairs a function
// has; the replayer and the composer reproduce what inline exploration
// finds, with fewer forks; the merger joins the states of a diamond.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/summary/StateMerger.h"
#include "cosmo/summary/SummaryBuilder.h"
#include "cosmo/summary/SummaryComposer.h"
#include "cosmo/summary/TreeArchive.h"
#include "cosmo/summary/TreeRecorder.h"
#include "cosmo/summary/TreeReplayer.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include "../CProgramFiles.h"

#include <fstream>
#include <set>

using namespace cosmo;
using engine::EngineOptions;
using engine::ErrorKind;
using engine::ExecutionHooks;
using engine::Executor;
using engine::RunSummary;
using engine::Verdict;
using summary::CallStrategy;
using summary::LeafKind;
using summary::MemoTree;
using summary::SummaryBuilder;
using summary::SummaryStore;

namespace {

using Listener = unittest::CollectingListener;

const char *kPrelude = "extern int __VERIFIER_nondet_int(void);\n";

class CompositionTest : public ::testing::Test {
protected:
  std::unique_ptr<llvm::Module> compile(const std::string &body) {
    return files_.compile(body, ctx_, fo_);
  }

  struct Options {
    EngineOptions engine;
    summary::SummaryOptions summary;
  };
  static Options options(CallStrategy calls) {
    Options o;
    o.summary.calls = calls;
    o.engine.timeoutSeconds = 60; // a safety net, never reached when all is well
    EXPECT_FALSE(o.summary.resolve(o.engine));
    return o;
  }

  /// Runs `m` on the core with the hooks `make` gives (after the trees of
  /// `summarised` are built into the store, with no other hook).
  summary::AnalysisResult run(llvm::Module &m, Options o, Listener &l,
                 const std::vector<std::string> &summarised,
                 const std::function<std::vector<std::unique_ptr<
                     ExecutionHooks>>(Executor &, SummaryStore &)> &make) {
    Executor x(m, o.engine, l);
    if (llvm::Error e = x.prepare()) {
      ADD_FAILURE() << llvm::toString(std::move(e));
      return {};
    }
    SummaryStore store;
    store.options = o.summary;
    SummaryBuilder builder(x, store, [] {
      return std::vector<std::unique_ptr<ExecutionHooks>>{};
    });
    std::vector<std::unique_ptr<ExecutionHooks>> owned = make(x, store);
    std::vector<ExecutionHooks *> hooks;
    for (const auto &h : owned)
      hooks.push_back(h.get());
    summary::AnalysisResult result;
    static_cast<RunSummary &>(result) = x.run(hooks, [&] {
      for (const std::string &f : summarised) {
        builder.build(*m.getFunction(f));
        EXPECT_NE(store.treeOf(*m.getFunction(f)), nullptr) << f;
      }
    });
    result.composition = store.stats; // the strategies' own statistics
    return result;
  }

  /// The tree of `f` alone, recorded by a TreeRecorder in an isolated run;
  /// `check` looks at it while the store still holds it.
  void recordTree(llvm::Module &m, const std::string &f, Options o,
                  const std::function<void(const MemoTree &)> &check) {
    Listener l;
    Executor x(m, o.engine, l);
    ASSERT_FALSE(bool(x.prepare()));
    SummaryStore store;
    store.options = o.summary;
    SummaryBuilder builder(x, store, [] {
      return std::vector<std::unique_ptr<ExecutionHooks>>{};
    });
    bool seen = false;
    x.run({}, [&] {
      builder.build(*m.getFunction(f));
      const MemoTree *t = store.treeOf(*m.getFunction(f));
      ASSERT_NE(t, nullptr) << "no tree for " << f;
      seen = true;
      check(*t);
    });
    EXPECT_TRUE(seen);
  }

  unittest::CProgramFiles files_{kPrelude};
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions fo_ = unittest::testFrontendOptions();
};

/// The value `e` takes when the tree's only parameter is `v`.
std::optional<bool> holdsAt(const MemoTree &t, const expr::ExprRef &e,
                            int32_t v) {
  expr::Assignment a;
  a.set(t.parameters().at(0),
        expr::Value::ofBits(llvm::APInt(32, static_cast<uint64_t>(v), true)));
  return expr::evaluateBool(e, a);
}

const char *kThreeWays = "int f(int x) {\n"
                         "  if (x > 10) return 1;\n"
                         "  if (x < -10) return 2;\n"
                         "  return 3;\n"
                         "}\n"
                         "int main(void) { return f(__VERIFIER_nondet_int()); }\n";

TEST_F(CompositionTest, RecorderGivesOnePairPerPathWithDisjointConditions) {
  auto m = compile(kThreeWays);
  ASSERT_TRUE(m);
  recordTree(*m, "f", options(CallStrategy::Replay), [](const MemoTree &t) {
    ASSERT_EQ(t.pairs().size(), 3u);
    EXPECT_TRUE(t.pairsCoverAllInputs());
    // Each input value satisfies exactly one pair, and that pair's result
    // is what f returns for it.
    for (int32_t v : {-100, -11, -10, 0, 10, 11, 1000}) {
      int expected = v > 10 ? 1 : v < -10 ? 2 : 3;
      int holding = 0;
      for (const summary::PcPair &p : t.pairs()) {
        EXPECT_EQ(p.kind, LeafKind::Completed);
        if (holdsAt(t, p.pc, v) != true)
          continue;
        ++holding;
        ASSERT_TRUE(p.result && p.result->isConst());
        EXPECT_EQ(p.result->bvValue().getSExtValue(), expected) << v;
      }
      EXPECT_EQ(holding, 1) << "input " << v;
    }
  });
}

TEST_F(CompositionTest, RecorderKeepsErrorPairsWithTheirCheck) {
  auto m = compile("int g(int x) {\n"
                   "  return 100 / x;\n" // line 3
                   "}\n"
                   "int main(void) { return g(__VERIFIER_nondet_int()); }\n");
  ASSERT_TRUE(m);
  recordTree(*m, "g", options(CallStrategy::Replay), [](const MemoTree &t) {
    const summary::PcPair *error = nullptr, *done = nullptr;
    for (const summary::PcPair &p : t.pairs())
      (p.kind == LeafKind::Error ? error : done) = &p;
    ASSERT_TRUE(error && done);
    EXPECT_EQ(error->errorKind, "div-by-zero");
    EXPECT_EQ(error->line, 3u);
    EXPECT_NE(error->checkSite, nullptr); // found by an error check
    EXPECT_EQ(holdsAt(t, error->pc, 0), true);
    EXPECT_EQ(holdsAt(t, error->pc, 7), false);
    EXPECT_EQ(holdsAt(t, done->pc, 7), true);
  });
}

TEST_F(CompositionTest, RecorderCutsPathsAtTheDepthBound) {
  auto m = compile(kThreeWays);
  ASSERT_TRUE(m);
  Options o = options(CallStrategy::Replay);
  o.summary.summaryDepth = 1;
  recordTree(*m, "f", o, [](const MemoTree &t) {
    size_t frontiers = 0;
    for (const summary::PcPair &p : t.pairs())
      if (p.kind == LeafKind::Frontier) {
        ++frontiers;
        EXPECT_NE(p.detail.find("summary depth of 1"), std::string::npos);
      }
    EXPECT_GE(frontiers, 1u);
  });
}

TEST_F(CompositionTest, RecorderTellsCallersAddressesFromItsOwn) {
  auto m = compile(kThreeWays);
  ASSERT_TRUE(m);
  Listener l;
  Executor x(*m, options(CallStrategy::Replay).engine, l);
  ASSERT_FALSE(bool(x.prepare()));
  expr::ExprContext &ctx = x.ctx();
  MemoTree tree("f", "0", 8);
  summary::TreeRecorder rec(x, tree, 8, 100);
  unsigned w = x.pointerBits();
  expr::ExprRef p = ctx.var("p", expr::Sort::bv(w));
  expr::ExprRef i = ctx.var("i", expr::Sort::bv(8));
  rec.noteCallerInput(p);
  // Built on a pointer the caller gives: may be the caller's object.
  EXPECT_TRUE(rec.mayPointOutside(p));
  EXPECT_TRUE(rec.mayPointOutside(ctx.add(p, ctx.bv(w, 4))));
  // A constant address, or a narrow index widened, never is one.
  EXPECT_FALSE(rec.mayPointOutside(ctx.bv(w, 4096)));
  EXPECT_FALSE(rec.mayPointOutside(
      ctx.add(ctx.bv(w, 4096), ctx.zextOrTrunc(i, w))));
}

const char *kCalledTwice =
    "int f(int x) {\n"
    "  if (x > 10) return 1;\n"
    "  return 2;\n"
    "}\n"
    "int g(int x) { return 100 / x; }\n" // line 6
    "int main(void) {\n"
    "  int a = __VERIFIER_nondet_int();\n"
    "  int r = f(a) + f(5);\n"
    "  if (r == 3) return g(a - 20);\n"
    "  return 0;\n"
    "}\n";

TEST_F(CompositionTest, ATreeReadBackFromItsBytesIsTheTreeWritten) {
  // Heap facts on a pointer parameter, a global read and written, an
  // allocation, an error pair: what a stored tree must keep.
  auto m = compile("#include <stdlib.h>\n"
                   "struct node { int v; struct node *next; };\n"
                   "int g;\n"
                   "struct node *push(struct node *n, int k) {\n"
                   "  if (n && n->v == k) return n->next;\n"
                   "  struct node *m = malloc(sizeof *m);\n"
                   "  if (!m) return 0;\n"
                   "  m->v = k + g;\n"
                   "  m->next = n;\n"
                   "  if (k == 3) g = 100 / (k - 3);\n"
                   "  return m;\n"
                   "}\n"
                   "int main(void) { return push(0, 1) != 0; }\n");
  ASSERT_TRUE(m);
  auto other = compile(kThreeWays);
  ASSERT_TRUE(other);
  recordTree(*m, "push", options(CallStrategy::Summary), [&](const MemoTree &t) {
    summary::TreeArchive archive(*m);
    std::string bytes = archive.write(t);
    expr::ExprContext fresh;
    auto back = archive.read(bytes, fresh);
    ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
    const MemoTree &r = **back;
    EXPECT_EQ(archive.write(r), bytes);
    EXPECT_EQ(r.notedUnknowns(), t.notedUnknowns());
    ASSERT_EQ(r.pairs().size(), t.pairs().size());
    ASSERT_EQ(r.nodes().size(), t.nodes().size());
    bool typed = false, error = false, sited = false;
    for (size_t k = 0; k < t.pairs().size(); ++k) {
      const summary::PcPair &a = t.pairs()[k], &b = r.pairs()[k];
      EXPECT_EQ(expr::toSmtLib(a.pc), expr::toSmtLib(b.pc));
      EXPECT_EQ(a.checkSite, b.checkSite);
      ASSERT_EQ(a.objects.size(), b.objects.size());
      for (size_t j = 0; j < a.objects.size(); ++j) {
        EXPECT_EQ(a.objects[j].typeTag, b.objects[j].typeTag);
        typed |= a.objects[j].typeTag != nullptr;
      }
      ASSERT_EQ(a.allocations.size(), b.allocations.size());
      for (size_t j = 0; j < a.allocations.size(); ++j) {
        // Where a block was allocated: where a leak of it is reported.
        EXPECT_EQ(a.allocations[j].siteFile, b.allocations[j].siteFile);
        EXPECT_EQ(a.allocations[j].siteLine, b.allocations[j].siteLine);
        EXPECT_EQ(a.allocations[j].siteFunction,
                  b.allocations[j].siteFunction);
        sited |= a.allocations[j].siteLine != 0;
      }
      error |= a.kind == LeafKind::Error;
    }
    for (size_t k = 0; k < t.nodes().size(); ++k)
      EXPECT_EQ(t.nodes()[k]->site, r.nodes()[k]->site);
    EXPECT_TRUE(typed);
    EXPECT_TRUE(error);
    EXPECT_TRUE(sited);

    // Into a program without push: an error, never a tree.
    summary::TreeArchive elsewhere(*other);
    auto lost = elsewhere.read(bytes, fresh);
    ASSERT_FALSE(bool(lost));
    EXPECT_NE(llvm::toString(lost.takeError()).find("no"), std::string::npos);
    auto garbage = archive.read("{\"format\": 1}", fresh);
    ASSERT_FALSE(bool(garbage));
    llvm::consumeError(garbage.takeError());
  });
}

TEST_F(CompositionTest, ReplayerFindsWhatInliningFinds) {
  auto m = compile(kCalledTwice);
  ASSERT_TRUE(m);
  Listener inl, rep;
  summary::AnalysisResult a = run(*m, options(CallStrategy::Inline), inl, {}, [](auto &,
                                                                    auto &) {
    return std::vector<std::unique_ptr<ExecutionHooks>>{};
  });
  summary::AnalysisResult b = run(*m, options(CallStrategy::Replay), rep, {"f", "g"},
                     [](Executor &x, SummaryStore &store) {
                       std::vector<std::unique_ptr<ExecutionHooks>> h;
                       h.push_back(
                           std::make_unique<summary::TreeReplayer>(x, store));
                       return h;
                     });
  EXPECT_EQ(a.verdict, Verdict::False);
  EXPECT_EQ(b.verdict, a.verdict);
  EXPECT_EQ(b.stats.pathsCompleted, a.stats.pathsCompleted);
  ASSERT_EQ(rep.errors.size(), 1u);
  EXPECT_EQ(rep.errors[0].kind, ErrorKind::DivByZero);
  EXPECT_EQ(rep.errors[0].location.line, 6u);
  // Every call was replayed (f(5) on both sides of f(a)), and the trees
  // decided conditionals.
  EXPECT_EQ(b.composition.invocations, 4u);
  EXPECT_EQ(b.composition.replayed, 4u);
  EXPECT_GT(b.composition.guidedDecisions, 0u);
}

TEST_F(CompositionTest, ComposerRunsEachCallAsOneState) {
  auto m = compile(kCalledTwice);
  ASSERT_TRUE(m);
  Listener inl, com;
  summary::AnalysisResult a = run(*m, options(CallStrategy::Inline), inl, {}, [](auto &,
                                                                    auto &) {
    return std::vector<std::unique_ptr<ExecutionHooks>>{};
  });
  summary::AnalysisResult b = run(*m, options(CallStrategy::Summary), com, {"f", "g"},
                     [](Executor &x, SummaryStore &store) {
                       std::vector<std::unique_ptr<ExecutionHooks>> h;
                       h.push_back(std::make_unique<summary::SummaryComposer>(
                           x, store));
                       return h;
                     });
  EXPECT_EQ(b.verdict, Verdict::False);
  ASSERT_EQ(com.errors.size(), 1u);
  EXPECT_EQ(com.errors[0].kind, ErrorKind::DivByZero);
  // The callee's frame first, then the caller's.
  ASSERT_GE(com.errors[0].stack.size(), 2u);
  EXPECT_EQ(com.errors[0].stack[0].line, 6u);
  EXPECT_EQ(com.errors[0].stack[1].function, "main");
  // One state through each call: f(5) is called once, not once per path
  // of f(a); the paths that end are the inline run's.
  EXPECT_EQ(b.composition.summariesComposed, 3u);
  EXPECT_EQ(b.stats.pathsCompleted, a.stats.pathsCompleted);
}

TEST_F(CompositionTest, MergerJoinsTheArmsOfADiamond) {
  auto m = compile("int main(void) {\n"
                   "  int x = __VERIFIER_nondet_int(), y;\n"
                   "  if (x > 0) y = 1; else y = 2;\n"
                   "  int z = __VERIFIER_nondet_int(), w;\n"
                   "  if (z > 0) w = y; else w = -y;\n"
                   "  return w;\n"
                   "}\n");
  ASSERT_TRUE(m);
  Listener plain, merged;
  summary::AnalysisResult a = run(*m, options(CallStrategy::Inline), plain, {}, [](auto &,
                                                                      auto &) {
    return std::vector<std::unique_ptr<ExecutionHooks>>{};
  });
  summary::AnalysisResult b = run(*m, options(CallStrategy::Inline), merged, {},
                     [](Executor &x, SummaryStore &store) {
                       std::vector<std::unique_ptr<ExecutionHooks>> h;
                       h.push_back(std::make_unique<summary::StateMerger>(
                           x, /*careful=*/false, store.stats));
                       return h;
                     });
  EXPECT_EQ(a.stats.pathsCompleted, 4u);
  EXPECT_EQ(b.stats.pathsCompleted, 1u);
  EXPECT_GE(b.composition.statesMerged, 2u);
  EXPECT_EQ(b.verdict, Verdict::True);
}

} // namespace
