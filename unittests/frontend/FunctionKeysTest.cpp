//===- FunctionKeysTest.cpp - what a function's key covers ----------------===//
//
// Two versions of a program, compiled separately: a function's key changes
// exactly when it, something it calls (directly, through a pointer it can
// hold, or mutually recursively) or a global it reads changes, and not when
// an unrelated function or global does.
//
//===----------------------------------------------------------------------===//

#include "cosmo/frontend/Frontend.h"
#include "cosmo/frontend/FunctionKeys.h"

#include <llvm/IR/DebugInfo.h>
#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

using namespace cosmo;

namespace {

class FunctionKeysTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-keys-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  /// Every defined function's key in `text` (compiled as prog.c: the same
  /// file name for both versions).
  std::map<std::string, frontend::FunctionKey> keys(const std::string &text,
                                                    bool debugInfo = true) {
    std::string p = dir_ + "/prog.c";
    std::ofstream(p) << text;
    auto m = frontend::loadProgram(p, ctx_, frontend::FrontendOptions{});
    EXPECT_TRUE(bool(m)) << llvm::toString(m.takeError());
    std::map<std::string, frontend::FunctionKey> out;
    if (!m)
      return out;
    if (!debugInfo) // as bitcode built without -g comes
      llvm::StripDebugInfo(**m);
    frontend::FunctionKeys k(**m);
    for (const llvm::Function &f : **m)
      if (const frontend::FunctionKey *fk = k.of(f))
        out[f.getName().str()] = *fk;
    modules_.push_back(std::move(*m));
    return out;
  }
  /// The functions whose keys differ between `a` and `b`.
  std::set<std::string> changed(const std::string &a, const std::string &b,
                                bool debugInfo = true) {
    auto ka = keys(a, debugInfo), kb = keys(b, debugInfo);
    std::set<std::string> out;
    for (const auto &[name, key] : ka)
      if (!kb.count(name) || kb[name].key != key.key)
        out.insert(name);
    return out;
  }
  using S = std::set<std::string>;

  std::string dir_;
  llvm::LLVMContext ctx_;
  std::vector<std::unique_ptr<llvm::Module>> modules_;
};

constexpr const char *kLayers = R"(int leaf(int x) { return x > 4 ? x - 4 : x; }
int mid(int x) { return leaf(x) * 2; }
int top(int x) { return mid(x) + 1; }
int other(int y) { return y == 5; }
)";

TEST_F(FunctionKeysTest, AnEditChangesTheFunctionAndItsCallers) {
  std::string edited = kLayers;
  edited.replace(edited.find("x - 4"), 5, "x - 3");
  EXPECT_EQ(changed(kLayers, edited), (S{"leaf", "mid", "top"}));
  auto before = keys(kLayers), after = keys(edited);
  EXPECT_NE(before["leaf"].own, after["leaf"].own);
  EXPECT_EQ(before["mid"].own, after["mid"].own);
  EXPECT_NE(before["mid"].depends, after["mid"].depends);
}

TEST_F(FunctionKeysTest, TheSameProgramHasTheSameKeys) {
  EXPECT_EQ(changed(kLayers, kLayers), S{});
}

TEST_F(FunctionKeysTest, AnUnrelatedFunctionOrGlobalChangesNothing) {
  // Appended: the others' lines, and so their debug information, stay.
  std::string more = std::string(kLayers) +
                     "int counter = 3;\nint extra(int z) { return z + "
                     "counter; }\n";
  std::string evenMore = std::string(kLayers) +
                         "int counter = 4;\nint extra(int z) { return z + "
                         "counter; }\n";
  EXPECT_EQ(changed(kLayers, more), S{});
  EXPECT_EQ(changed(more, evenMore), S{"extra"});
}

TEST_F(FunctionKeysTest, AGlobalsInitialValueChangesItsReaders) {
  const char *a = "static int limit = 10;\nconst char *name = \"ab\";\n"
                  "int under(int x) { return x < limit; }\n"
                  "int first(void) { return name[0]; }\n"
                  "int plain(int x) { return x; }\n";
  std::string b = a;
  b.replace(b.find("\"ab\""), 4, "\"zb\"");
  EXPECT_EQ(changed(a, b), S{"first"});
  std::string c = a;
  c.replace(c.find("= 10"), 4, "= 11");
  EXPECT_EQ(changed(a, c), S{"under"});
}

TEST_F(FunctionKeysTest, CalleesThroughPointersAndRecursionAreCovered) {
  const char *a = "int twice(int x) { return 2 * x; }\n"
                  "int thrice(int x) { return 3 * x; }\n"
                  "int (*table[])(int) = {twice, thrice};\n"
                  "int apply(int k, int x) { return table[k & 1](x); }\n"
                  "int odd(int n);\n"
                  "int even(int n) { return n == 0 ? 1 : odd(n - 1); }\n"
                  "int odd(int n) { return n == 0 ? 0 : even(n - 1); }\n"
                  "int parity(int n) { return even(n); }\n";
  std::string b = a;
  b.replace(b.find("3 * x"), 5, "4 * x");
  EXPECT_EQ(changed(a, b), (S{"thrice", "apply"}));
  std::string c = a;
  c.replace(c.find("? 0 :"), 5, "? 7 :");
  EXPECT_EQ(changed(a, c), (S{"odd", "even", "parity"}));
}

TEST_F(FunctionKeysTest, ALineMovedIsAChangeReportsWouldShow) {
  std::string moved = std::string("\n") + kLayers;
  EXPECT_EQ(changed(kLayers, moved), (S{"leaf", "mid", "top", "other"}));
}

TEST_F(FunctionKeysTest, AStructuresLayoutChangesItsUsersWithoutDebugInfo) {
  // The IR of `stride` and `second` names struct S without its body: the
  // distance it computes, and where g[1] is, change with the body alone.
  const char *a = "struct S { int a; int b; int c; };\n"
                  "long stride(struct S *s) {\n"
                  "  return (char *)&s[1] - (char *)s;\n"
                  "}\n"
                  "struct S g[2];\n"
                  "int second(void) { return g[1].a; }\n"
                  "int plain(int x) { return x; }\n";
  std::string b = a;
  b.replace(b.find("int c;"), 6, "long c;");
  EXPECT_EQ(changed(a, b, /*debugInfo=*/false), (S{"stride", "second"}));
  EXPECT_EQ(changed(a, b), (S{"stride", "second"}));
}

} // namespace
