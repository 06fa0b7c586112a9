//===- CallGraphTest.cpp - bottom-up order of functions -------------------===//

#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/Instructions.h>
#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>

using namespace cosmo;

namespace {

class CallGraphTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-cg-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  std::unique_ptr<llvm::Module> compile(const std::string &text) {
    std::string p = dir_ + "/prog.c";
    std::ofstream(p) << text;
    auto m = frontend::loadProgram(p, ctx_, frontend::FrontendOptions{});
    EXPECT_TRUE(bool(m)) << llvm::toString(m.takeError());
    return m ? std::move(*m) : nullptr;
  }
  /// Components as names, e.g. {"leaf", "a b*"} (* marks recursion).
  static std::vector<std::string>
  names(const std::vector<frontend::CallGraphComponent> &cs) {
    std::vector<std::string> out;
    for (const auto &c : cs) {
      std::string s;
      for (const llvm::Function *f : c.functions) {
        if (!s.empty())
          s += ' ';
        s += f->getName().str();
      }
      out.push_back(s + (c.recursive ? "*" : ""));
    }
    return out;
  }

  std::string dir_;
  llvm::LLVMContext ctx_;
};

using Names = std::vector<std::string>;

TEST_F(CallGraphTest, CalleesComeBeforeTheirCallers) {
  auto m = compile("int leaf(int x) { return x + 1; }\n"
                   "int mid(int x) { return leaf(x) * 2; }\n"
                   "int other(int x) { return leaf(x); }\n"
                   "int main(void) { return mid(1) + other(2); }\n");
  ASSERT_TRUE(m);
  Names order = names(frontend::bottomUpComponents(*m, m->getFunction("main")));
  ASSERT_EQ(order.size(), 4u);
  auto at = [&](const std::string &n) {
    return std::find(order.begin(), order.end(), n) - order.begin();
  };
  EXPECT_LT(at("leaf"), at("mid"));
  EXPECT_LT(at("leaf"), at("other"));
  EXPECT_LT(at("mid"), at("main"));
  EXPECT_LT(at("other"), at("main"));
  EXPECT_EQ(order.back(), "main");
}

TEST_F(CallGraphTest, RecursionMakesOneComponentPerCycle) {
  auto m = compile("int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }\n"
                   "int odd(int);\n"
                   "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
                   "int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
                   "int plain(int n) { return n; }\n"
                   "int main(void) { return gcd(4, 6) + even(3) + plain(1); }\n");
  ASSERT_TRUE(m);
  Names order = names(frontend::bottomUpComponents(*m, m->getFunction("main")));
  EXPECT_NE(std::find(order.begin(), order.end(), "gcd*"), order.end());
  EXPECT_NE(std::find(order.begin(), order.end(), "even odd*"), order.end());
  EXPECT_NE(std::find(order.begin(), order.end(), "plain"), order.end());
  EXPECT_EQ(order.back(), "main");
}

TEST_F(CallGraphTest, OnlyWhatTheRootReachesUnlessThereIsNoRoot) {
  auto m = compile("int used(int x) { return x; }\n"
                   "int unused(int x) { return used(x) + 1; }\n"
                   "int main(void) { return used(0); }\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(names(frontend::bottomUpComponents(*m, m->getFunction("main"))),
            Names({"used", "main"}));
  Names all = names(frontend::bottomUpComponents(*m));
  EXPECT_EQ(all.size(), 3u);
  EXPECT_LT(std::find(all.begin(), all.end(), "used"),
            std::find(all.begin(), all.end(), "unused"));
}

TEST_F(CallGraphTest, CallsThroughPointersHaveNoEdge) {
  auto m = compile("int target(int x) { return x; }\n"
                   "int (*fp)(int) = target;\n"
                   "int main(void) { return fp(1); }\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(names(frontend::bottomUpComponents(*m, m->getFunction("main"))),
            Names({"main"}));
}

TEST_F(CallGraphTest, ConditionalBranchesAreFound) {
  auto m = compile("int straight(int x) { return x * 3 + 1; }\n"
                   "int ternary(int x) { return x > 0 ? x : -x; }\n"
                   "int sw(int x) { switch (x) { case 1: return 4; "
                   "case 2: return 5; } return 0; }\n"
                   "int loop(int n) { int s = 0; for (int i = 0; i < n; ++i) "
                   "s += i; return s; }\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(frontend::conditionalBranchCount(*m->getFunction("straight")), 0u);
  EXPECT_EQ(frontend::conditionalBranchCount(*m->getFunction("sw")), 1u);
  EXPECT_GE(frontend::conditionalBranchCount(*m->getFunction("loop")), 1u);
  // clang may lower a simple ternary to a select: no branch, one path.
  const llvm::Function &t = *m->getFunction("ternary");
  bool hasSelect = false;
  for (const llvm::BasicBlock &b : t)
    for (const llvm::Instruction &i : b)
      hasSelect |= llvm::isa<llvm::SelectInst>(i);
  EXPECT_EQ(frontend::conditionalBranchCount(t) > 0, !hasSelect);
}

} // namespace
