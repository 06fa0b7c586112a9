//===- LoopStructureTest.cpp - recursive vertices (seed 000 §2.1) ---------===//

#include "../CProgramFiles.h"

#include "cosmo/frontend/LoopStructure.h"

#include <llvm/IR/CFG.h>

#include <gtest/gtest.h>

#include <set>

using namespace cosmo;

namespace {

/// whereIs without the temporary directory: "prog0.c:4".
std::string at(const llvm::BasicBlock &b) {
  std::string w = frontend::whereIs(b);
  return w.substr(w.rfind('/') + 1);
}

class LoopStructureTest : public ::testing::Test {
protected:
  const llvm::Function *compile(const std::string &text) {
    module_ = files_.compile(text, ctx_, frontend::FrontendOptions{});
    return module_ ? module_->getFunction("f") : nullptr;
  }
  /// The lines of the heads, by time.
  static std::vector<std::string> heads(const frontend::LoopStructure &ls) {
    std::vector<std::string> out;
    for (const auto &v : ls.vertices)
      out.push_back(at(*v.head));
    return out;
  }
  /// Definition 3's promise: with the back edges removed, the CFG has no
  /// cycle (so every cycle passes through a recursive vertex).
  static bool acyclicWithoutBackEdges(const llvm::Function &f,
                                      const frontend::LoopStructure &ls) {
    std::map<const llvm::BasicBlock *, int> state; // 1 open, 2 done
    std::function<bool(const llvm::BasicBlock *)> visit =
        [&](const llvm::BasicBlock *b) {
          state[b] = 1;
          for (const llvm::BasicBlock *s : llvm::successors(b)) {
            if (ls.time.at(b) >= ls.time.at(s))
              continue; // a back edge
            if (state[s] == 1 || (state[s] == 0 && !visit(s)))
              return false;
          }
          state[b] = 2;
          return true;
        };
    return visit(&f.getEntryBlock());
  }

  unittest::CProgramFiles files_{"extern int nd(void);\n"};
  llvm::LLVMContext ctx_;
  std::unique_ptr<llvm::Module> module_;
};


TEST_F(LoopStructureTest, StraightLineCodeHasNone) {
  const llvm::Function *f = compile("int f(int x) {\n"        // 2
                                    "  if (x > 0) x = -x;\n"  // 3
                                    "  return x;\n}\n");
  ASSERT_TRUE(f);
  frontend::LoopStructure ls = frontend::loopStructureOf(*f);
  EXPECT_TRUE(ls.vertices.empty());
  EXPECT_EQ(ls.time.at(&f->getEntryBlock()), 1u);
  EXPECT_TRUE(acyclicWithoutBackEdges(*f, ls));
}

TEST_F(LoopStructureTest, AWhileLoopHasItsConditionAsHead) {
  const llvm::Function *f = compile("int f(int n) {\n"          // 2
                                    "  int i = 0, s = 0;\n"     // 3
                                    "  while (i < n) {\n"       // 4
                                    "    i++;\n"                // 5
                                    "    s += 2;\n"             // 6
                                    "  }\n"
                                    "  return s;\n}\n");
  ASSERT_TRUE(f);
  frontend::LoopStructure ls = frontend::loopStructureOf(*f);
  ASSERT_EQ(ls.vertices.size(), 1u);
  const frontend::RecursiveVertex &v = ls.vertices[0];
  EXPECT_EQ(at(*v.head), "prog0.c:4");
  ASSERT_EQ(v.latches.size(), 1u);
  EXPECT_EQ(at(*v.latches[0]), "prog0.c:5");
  // The body: the head and the block of i++, not the exit.
  EXPECT_EQ(v.body.size(), 2u);
  EXPECT_EQ(v.body.front(), v.head);
  EXPECT_TRUE(ls.isRecursive(v.head));
  EXPECT_FALSE(ls.isRecursive(&f->getEntryBlock()));
  EXPECT_TRUE(acyclicWithoutBackEdges(*f, ls));
}

TEST_F(LoopStructureTest, NestedLoopsOuterFirstInnerInsideItsBody) {
  const llvm::Function *f = compile("int f(int n) {\n"                   // 2
                                    "  int s = 0;\n"                     // 3
                                    "  for (int i = 0; i < n; i++)\n"    // 4
                                    "    for (int j = 0; j < i; j++)\n"  // 5
                                    "      s += j;\n"                    // 6
                                    "  return s;\n}\n");
  ASSERT_TRUE(f);
  frontend::LoopStructure ls = frontend::loopStructureOf(*f);
  ASSERT_EQ(heads(ls), (std::vector<std::string>{"prog0.c:4", "prog0.c:5"}));
  const auto &outer = ls.vertices[0].body, &inner = ls.vertices[1].body;
  std::set<const llvm::BasicBlock *> outerSet(outer.begin(), outer.end());
  for (const llvm::BasicBlock *b : inner)
    EXPECT_TRUE(outerSet.count(b)) << "inner block outside the outer body";
  EXPECT_GT(outer.size(), inner.size());
  EXPECT_LT(ls.time.at(ls.vertices[0].head), ls.time.at(ls.vertices[1].head));
  EXPECT_TRUE(acyclicWithoutBackEdges(*f, ls));
}

TEST_F(LoopStructureTest, BreakContinueAndSelfLoops) {
  const llvm::Function *f = compile("int f(int n) {\n"              // 2
                                    "  int i = 0;\n"                // 3
                                    "  while (1) {\n"               // 4
                                    "    if (i > n) break;\n"       // 5
                                    "    i++;\n"                    // 6
                                    "    if (i % 3) continue;\n"    // 7
                                    "    i += 2;\n"                 // 8
                                    "  }\n"
                                    "  do n--; while (nd());\n"     // 10
                                    "  return i + n;\n}\n");
  ASSERT_TRUE(f);
  frontend::LoopStructure ls = frontend::loopStructureOf(*f);
  ASSERT_EQ(ls.vertices.size(), 2u);
  // continue and the end of the body both go back to the head.
  EXPECT_EQ(ls.vertices[0].latches.size(), 2u);
  EXPECT_TRUE(acyclicWithoutBackEdges(*f, ls));
}

// A goto into the middle of a loop makes its CFG irreducible: the loop has
// two entries. One of them is the recursive vertex, and every cycle still
// passes through a recursive vertex.
TEST_F(LoopStructureTest, GotoIntoALoopIsIrreducibleButCovered) {
  const llvm::Function *f = compile("int f(int n) {\n"         // 2
                                    "  int k = 0;\n"           // 3
                                    "  if (n > 5) goto in;\n"  // 4
                                    "  while (k < 10) {\n"     // 5
                                    "    k++;\n"               // 6
                                    "  in:\n"
                                    "    k += 2;\n"            // 8
                                    "  }\n"
                                    "  return k;\n}\n");
  ASSERT_TRUE(f);
  frontend::LoopStructure ls = frontend::loopStructureOf(*f);
  ASSERT_EQ(ls.vertices.size(), 1u);
  EXPECT_TRUE(acyclicWithoutBackEdges(*f, ls));
  // The body holds the loop's three blocks (condition, k++, k += 2)
  // whichever entry is the head.
  EXPECT_EQ(ls.vertices[0].body.size(), 3u);
}

TEST_F(LoopStructureTest, DescribeLoopsNamesHeadsAndRecursion) {
  const llvm::Function *f =
      compile("int g(int a, int b) { return b ? g(b, a % b) : a; }\n"  // 2
              "int odd(int n);\n"                                       // 3
              "int even(int n) { return n ? odd(n - 1) : 1; }\n"        // 4
              "int odd(int n) { return n ? even(n - 1) : 0; }\n"        // 5
              "int f(int n) {\n"                                        // 6
              "  int s = 0;\n"                                          // 7
              "  while (s < n) s += g(n, 3);\n"                         // 8
              "  return s + even(n);\n}\n");
  ASSERT_TRUE(f);
  std::string text = frontend::describeLoops(*module_);
  EXPECT_NE(text.find("function g: 0 recursive vertices\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("function f: 1 recursive vertex\n  loop head "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("prog0.c:8 (time 2): back edges from "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("prog0.c:8; body 2 blocks\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("recursive: g\n"), std::string::npos) << text;
  EXPECT_NE(text.find("recursive: even, odd\n"), std::string::npos) << text;
}

} // namespace
