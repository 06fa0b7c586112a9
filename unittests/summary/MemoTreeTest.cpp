// MemoTree: building by choices, liveness of subtrees under a marking (what
// a composition prunes), and the compressed node count.
#include "cosmo/expr/ExprContext.h"
#include "cosmo/summary/MemoTree.h"

#include <gtest/gtest.h>

using namespace cosmo;
using namespace cosmo::summary;

namespace {

class MemoTreeTest : public testing::Test {
protected:
  // A tree only stores and compares its sites: any two distinct addresses
  // do (the engine's are instructions).
  MemoTreeTest()
      : site1(reinterpret_cast<Site>(&points[0])),
        site2(reinterpret_cast<Site>(&points[1])) {}
  /// root -(0)- a -(0)- c
  ///               \-(1)- d
  ///      \-(1)- b
  struct TwoLevels {
    MemoNode *a, *b, *c, *d;
  };
  TwoLevels twoLevels(MemoTree &t) {
    TwoLevels n;
    n.a = t.extend(t.root(), site1, 0, false);
    n.b = t.extend(t.root(), site1, 1, false);
    n.c = t.extend(n.a, site2, 0, false);
    n.d = t.extend(n.a, site2, 1, false);
    return n;
  }
  PcPair pair(LeafKind k = LeafKind::Completed) {
    PcPair p;
    p.kind = k;
    p.pc = ctx.boolVal(true);
    return p;
  }
  int points[2] = {};
  Site site1, site2;
  expr::ExprContext ctx;
};

TEST_F(MemoTreeTest, ExtendReusesTheChildOfTheSameChoice) {
  MemoTree t("f", "0123456789abcdef", 8);
  MemoNode *a = t.extend(t.root(), site1, 0, false);
  MemoNode *b = t.extend(t.root(), site1, 1, false);
  EXPECT_NE(a, b);
  EXPECT_EQ(t.extend(t.root(), site1, 0, false), a);
  EXPECT_EQ(t.root()->child(site1, 1), b);
  EXPECT_EQ(t.root()->child(site2, 0), nullptr);
  EXPECT_EQ(t.nodes().size(), 3u);
  EXPECT_GT(a->id, t.root()->id);
}

TEST_F(MemoTreeTest, LiveBelowFollowsTheMarkedPairs) {
  // root -(0)- a -(0)- c [pair 0]
  //               \-(1)- d [pair 1, pair 2]
  //      \-(1)- b [pair 3]
  MemoTree t("f", "h", 8);
  auto [a, b, c, d] = twoLevels(t);
  t.addLeaf(c, pair());
  t.addLeaf(d, pair());
  t.addLeaf(d, pair(LeafKind::Error));
  t.addLeaf(b, pair());
  EXPECT_EQ(t.leafCount(), 3u);
  std::vector<uint8_t> live = t.liveBelow({0, 0, 1, 0});
  EXPECT_TRUE(live[t.root()->id]);
  EXPECT_TRUE(live[a->id]);
  EXPECT_TRUE(live[d->id]);
  EXPECT_FALSE(live[c->id]);
  EXPECT_FALSE(live[b->id]);
  std::vector<uint8_t> none = t.liveBelow({0, 0, 0, 0});
  for (uint8_t v : none)
    EXPECT_FALSE(v);
}

TEST_F(MemoTreeTest, RunsRecordedUnderACalleeTreeFoldIntoOneNode) {
  MemoTree t("f", "h", 8);
  MemoNode *a = t.extend(t.root(), site1, 0, false);
  MemoNode *x = t.extend(a, site2, 0, true);   // a callee's run starts
  MemoNode *y = t.extend(x, site2, 1, true);   // and goes on
  t.extend(y, site1, 1, false);                // back in f
  t.extend(a, site2, 1, true);                 // another callee run
  EXPECT_EQ(t.nodes().size(), 6u);
  EXPECT_EQ(t.compressedNodeCount(), 5u); // x,y fold into one
  EXPECT_FALSE(t.hasFrontier());
  t.addLeaf(y, pair(LeafKind::Frontier));
  EXPECT_TRUE(t.hasFrontier());
}

// H2: only the error pairs stay, with the nodes on their paths; ids are
// renumbered so that parents still come first.
TEST_F(MemoTreeTest, PruneToErrorsKeepsTheErrorPathsOnly) {
  // root -(0)- a -(0)- c [completed]
  //               \-(1)- d [error]
  //      \-(1)- b [completed, frontier]
  MemoTree t("f", "h", 8);
  auto [a, b, c, d] = twoLevels(t);
  t.addLeaf(c, pair());
  PcPair err = pair(LeafKind::Error);
  err.errorKind = "assert";
  err.line = 7;
  t.addLeaf(d, err);
  t.addLeaf(b, pair());
  t.addLeaf(b, pair(LeafKind::Frontier));
  ASSERT_TRUE(t.pruneToErrors());
  EXPECT_TRUE(t.prunedToErrors());
  ASSERT_EQ(t.pairs().size(), 1u);
  EXPECT_EQ(t.pairs()[0].kind, LeafKind::Error);
  EXPECT_EQ(t.pairs()[0].line, 7u);
  ASSERT_EQ(t.nodes().size(), 3u); // root, a, d
  for (size_t k = 0; k < t.nodes().size(); ++k) {
    EXPECT_EQ(t.nodes()[k]->id, k);
    if (t.nodes()[k]->parent) {
      EXPECT_LT(t.nodes()[k]->parent->id, k);
    }
  }
  const MemoNode *leaf = t.root()->child(site1, 0)->child(site2, 1);
  ASSERT_NE(leaf, nullptr);
  EXPECT_EQ(leaf->pairs, std::vector<uint32_t>{0});
  EXPECT_EQ(t.root()->child(site1, 1), nullptr);
  EXPECT_EQ(t.leafCount(), 1u);
}

// A tree without error paths, or with nothing but error paths, is kept.
TEST_F(MemoTreeTest, PruneToErrorsKeepsATreeWithoutOtherPaths) {
  MemoTree t("f", "h", 8);
  t.addLeaf(t.extend(t.root(), site1, 0, false), pair());
  EXPECT_FALSE(t.pruneToErrors());
  EXPECT_FALSE(t.prunedToErrors());
  EXPECT_EQ(t.pairs().size(), 1u);
  MemoTree e("f", "h", 8);
  e.addLeaf(e.extend(e.root(), site1, 0, false), pair(LeafKind::Error));
  EXPECT_FALSE(e.pruneToErrors());
  EXPECT_EQ(e.nodes().size(), 2u);
}

} // namespace
