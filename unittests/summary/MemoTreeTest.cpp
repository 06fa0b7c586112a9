// MemoTree: building by choices, liveness of subtrees under a marking (what
// a composition prunes), and the compressed node count.
#include "cosmo/expr/ExprContext.h"
#include "cosmo/summary/MemoTree.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <gtest/gtest.h>

using namespace cosmo;
using namespace cosmo::summary;

namespace {

class MemoTreeTest : public testing::Test {
protected:
  MemoTreeTest() {
    auto *fty = llvm::FunctionType::get(llvm::Type::getVoidTy(llvm), false);
    fn = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, "f", m);
    auto *bb = llvm::BasicBlock::Create(llvm, "entry", fn);
    llvm::IRBuilder<> b(bb);
    site1 = b.CreateRetVoid();
    auto *bb2 = llvm::BasicBlock::Create(llvm, "other", fn);
    llvm::IRBuilder<> b2(bb2);
    site2 = b2.CreateRetVoid();
  }
  PcPair pair(LeafKind k = LeafKind::Completed) {
    PcPair p;
    p.kind = k;
    p.pc = ctx.boolVal(true);
    return p;
  }
  llvm::LLVMContext llvm;
  llvm::Module m{"t", llvm};
  llvm::Function *fn;
  llvm::Instruction *site1, *site2;
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
  MemoNode *a = t.extend(t.root(), site1, 0, false);
  MemoNode *b = t.extend(t.root(), site1, 1, false);
  MemoNode *c = t.extend(a, site2, 0, false);
  MemoNode *d = t.extend(a, site2, 1, false);
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

} // namespace
