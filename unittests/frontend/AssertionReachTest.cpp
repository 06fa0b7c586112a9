//===- AssertionReachTest.cpp - where an assertion may still fail ---------===//

#include "cosmo/frontend/AssertionReach.h"
#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace cosmo;

namespace {

class AssertionReachTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-ar-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  std::unique_ptr<llvm::Module> compile(const std::string &text) {
    std::string p = dir_ + "/prog.c";
    std::ofstream(p) << kDeclarations << text;
    auto m = frontend::loadProgram(p, ctx_, frontend::FrontendOptions{});
    EXPECT_TRUE(bool(m)) << llvm::toString(m.takeError());
    return m ? std::move(*m) : nullptr;
  }
  /// The first call to the function `name` in `m`.
  static const llvm::CallBase *callTo(const llvm::Module &m,
                                      llvm::StringRef name) {
    for (const llvm::Function &f : m)
      for (const llvm::Instruction &i : llvm::instructions(f))
        if (const auto *c = llvm::dyn_cast<llvm::CallBase>(&i))
          if (const auto *g = llvm::dyn_cast<llvm::Function>(
                  c->getCalledOperand()->stripPointerCasts());
              g && g->getName() == name)
            return c;
    ADD_FAILURE() << "no call to " << name.str();
    return nullptr;
  }
  /// Whether an assertion may fail from the start of the block that calls
  /// the marker `name`.
  static bool fromMarker(const frontend::AssertionReach &r,
                         const llvm::Module &m, llvm::StringRef name) {
    const llvm::CallBase *c = callTo(m, name);
    return c && r.fromBlock(*c->getParent());
  }

  static constexpr const char *kDeclarations =
      "extern void reach_error(void);\n"
      "extern int __VERIFIER_nondet_int(void);\n"
      "extern void before(void);\n"
      "extern void inside(void);\n"
      "extern void after(void);\n";
  std::string dir_;
  llvm::LLVMContext ctx_;
};

TEST_F(AssertionReachTest, BlocksPastTheLastAssertionReachNone) {
  auto m = compile("int main(void) {\n"
                   "  while (__VERIFIER_nondet_int()) inside();\n"
                   "  if (__VERIFIER_nondet_int()) { before(); reach_error(); }\n"
                   "  while (__VERIFIER_nondet_int()) after();\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  frontend::AssertionReach r(*m);
  EXPECT_TRUE(fromMarker(r, *m, "inside")); // the loop exits to the check
  EXPECT_TRUE(fromMarker(r, *m, "before"));
  EXPECT_FALSE(fromMarker(r, *m, "after"));
  EXPECT_TRUE(r.fromCall(*callTo(*m, "reach_error")));
  EXPECT_FALSE(r.fromCall(*callTo(*m, "after")));
}

TEST_F(AssertionReachTest, ACalleeThatChecksMayAndTheCallersRestIsSeparate) {
  auto m = compile("void check(int x) { if (x == 3) reach_error(); }\n"
                   "void work(void) { inside(); }\n"
                   "int main(void) {\n"
                   "  before();\n"
                   "  check(__VERIFIER_nondet_int());\n"
                   "  work();\n"
                   "  after();\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  frontend::AssertionReach r(*m);
  EXPECT_TRUE(r.fromCall(*callTo(*m, "check")));
  EXPECT_FALSE(r.fromCall(*callTo(*m, "work")));
  // In one block: from before the check there is one, from after it none.
  EXPECT_TRUE(fromMarker(r, *m, "before"));
  EXPECT_FALSE(r.afterCall(*callTo(*m, "check")));
  EXPECT_FALSE(fromMarker(r, *m, "inside"));
}

TEST_F(AssertionReachTest, ACallerThatChecksAfterwardsKeepsItsCalleeAhead) {
  auto m = compile("void work(void) { inside(); }\n"
                   "int main(void) {\n"
                   "  work();\n"
                   "  if (__VERIFIER_nondet_int()) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  frontend::AssertionReach r(*m);
  EXPECT_FALSE(fromMarker(r, *m, "inside")); // work's own blocks reach none
  EXPECT_TRUE(r.afterCall(*callTo(*m, "work"))); // but main's rest does
}

TEST_F(AssertionReachTest, CallsThroughPointersMayWhenAnAddressTakenOneMay) {
  const char *program = "void check(int v) { if (v == 7) reach_error(); }\n"
                        "void skip(int v) { (void)v; }\n"
                        "int main(void) {\n"
                        "  void (*f)(int) = __VERIFIER_nondet_int() ? %s : skip;\n"
                        "  before();\n"
                        "  f(1);\n"
                        "  after();\n"
                        "  return 0;\n"
                        "}\n";
  char text[512];
  std::snprintf(text, sizeof text, program, "check");
  auto m = compile(text);
  ASSERT_TRUE(m);
  frontend::AssertionReach taken(*m);
  EXPECT_TRUE(fromMarker(taken, *m, "before"));
  EXPECT_TRUE(taken.afterCall(*callTo(*m, "before")));
  std::snprintf(text, sizeof text, program, "skip");
  m = compile(text);
  ASSERT_TRUE(m);
  frontend::AssertionReach untaken(*m);
  EXPECT_FALSE(fromMarker(untaken, *m, "before"));
}

TEST_F(AssertionReachTest, ExitHandlersMakeEveryBlockMay) {
  auto m = compile("#include <stdlib.h>\n"
                   "void last(void) { reach_error(); }\n"
                   "int main(void) {\n"
                   "  atexit(last);\n"
                   "  after();\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  frontend::AssertionReach r(*m);
  EXPECT_TRUE(fromMarker(r, *m, "after"));
  EXPECT_TRUE(r.afterCall(*callTo(*m, "after")));
}

TEST_F(AssertionReachTest, AnAssertionFunctionCalledThroughAPointerMay) {
  // An empty reach_error is what SV-COMP tasks define; a call of it
  // through a pointer fails as a direct one does.
  auto m = compile("void reach_error(void) {}\n"
                   "void nothing(void) {}\n"
                   "int main(void) {\n"
                   "  void (*f)(void) = __VERIFIER_nondet_int() ? reach_error\n"
                   "                                           : nothing;\n"
                   "  before();\n"
                   "  f();\n"
                   "  return 0;\n"
                   "}\n");
  ASSERT_TRUE(m);
  frontend::AssertionReach r(*m);
  EXPECT_TRUE(fromMarker(r, *m, "before"));
}

} // namespace
