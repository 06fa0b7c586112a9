//===- FrontendTest.cpp - loading C and IR into a prepared module ---------===//

#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/Instructions.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>

using namespace cosmo;

namespace {

class FrontendTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-fe-test", d));
    dir_ = std::string(d.str());
    opts_.includeDirs.push_back(COSMO_TEST_INCLUDE_DIR);
    opts_.modelsBitcode = COSMO_TEST_MODELS;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  std::string write(const std::string &name, const std::string &text) {
    std::string p = dir_ + "/" + name;
    std::ofstream(p) << text;
    return p;
  }

  std::string loadError(const std::string &path) {
    auto m = frontend::loadProgram(path, ctx_, opts_);
    if (m)
      return "<loaded>";
    return llvm::toString(m.takeError());
  }

  std::string dir_;
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions opts_;
};

TEST_F(FrontendTest, LoadsCFile) {
  std::string p = write("prog.c", "int twice(int x) { return 2 * x; }\n"
                                   "int main(void) { return twice(3); }\n");
  auto m = frontend::loadProgram(p, ctx_, opts_);
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  llvm::Function *f = (*m)->getFunction("twice");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->isDeclaration());
  ASSERT_NE((*m)->getFunction("main"), nullptr);
  EXPECT_FALSE(frontend::isModelFunction(*f));
}

TEST_F(FrontendTest, LinksModelsOnlyWhenNeeded) {
  std::string p = write("lib.c", "#include <string.h>\n"
                                  "int len(const char *s) { return (int)strlen(s); }\n");
  auto m = frontend::loadProgram(p, ctx_, opts_);
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  llvm::Function *f = (*m)->getFunction("strlen");
  ASSERT_NE(f, nullptr);
  EXPECT_FALSE(f->isDeclaration());
  EXPECT_TRUE(frontend::isModelFunction(*f));
  EXPECT_EQ((*m)->getFunction("memcpy"), nullptr);
}

TEST_F(FrontendTest, LoadsLLText) {
  std::string p = write("prog.ll", "define i32 @add(i32 %a, i32 %b) {\n"
                                   "  %s = add i32 %a, %b\n"
                                   "  ret i32 %s\n"
                                   "}\n");
  auto m = frontend::loadProgram(p, ctx_, opts_);
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  llvm::Function *f = (*m)->getFunction("add");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->arg_size(), 2u);
}

TEST_F(FrontendTest, MissingFile) {
  std::string msg = loadError(dir_ + "/nope.c");
  EXPECT_NE(msg.find("no such file"), std::string::npos) << msg;
  EXPECT_NE(msg.find("nope.c"), std::string::npos) << msg;
}

TEST_F(FrontendTest, Directory) {
  std::string msg = loadError(dir_);
  EXPECT_NE(msg.find("directory"), std::string::npos) << msg;
}

TEST_F(FrontendTest, UnknownExtension) {
  std::string p = write("prog.txt", "int main(void) { return 0; }\n");
  std::string msg = loadError(p);
  EXPECT_NE(msg.find("unknown input kind"), std::string::npos) << msg;
  EXPECT_NE(msg.find(".txt"), std::string::npos) << msg;
}

TEST_F(FrontendTest, SyntaxErrorCarriesClangDiagnostics) {
  std::string p = write("bad.c", "int main(void) { return 0 }\n");
  std::string msg = loadError(p);
  EXPECT_NE(msg.find("cannot compile"), std::string::npos) << msg;
  EXPECT_NE(msg.find("error:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("bad.c:1:"), std::string::npos) << msg;
}

TEST_F(FrontendTest, MalformedIR) {
  std::string p = write("bad.ll", "define i32 @f( {\n");
  std::string msg = loadError(p);
  EXPECT_NE(msg.find("as LLVM IR"), std::string::npos) << msg;
}

TEST_F(FrontendTest, Mem2RegHasRun) {
  std::string p = write("local.c", "int f(int a) {\n"
                                    "  int x = a + 1;\n"
                                    "  if (x > 3) x = 2 * x;\n"
                                    "  return x;\n"
                                    "}\n");
  auto m = frontend::loadProgram(p, ctx_, opts_);
  ASSERT_TRUE(bool(m)) << llvm::toString(m.takeError());
  llvm::Function *f = (*m)->getFunction("f");
  ASSERT_NE(f, nullptr);
  unsigned allocas = 0, phis = 0;
  for (llvm::BasicBlock &bb : *f)
    for (llvm::Instruction &i : bb) {
      allocas += llvm::isa<llvm::AllocaInst>(i);
      phis += llvm::isa<llvm::PHINode>(i);
    }
  EXPECT_EQ(allocas, 0u);
  EXPECT_GE(phis, 1u);
}

} // namespace

namespace {

class LinkingTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-link-test", d));
    dir_ = std::string(d.str());
    opts_.includeDirs.push_back(COSMO_TEST_INCLUDE_DIR);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  frontend::SourceInput write(const std::string &name, const std::string &text) {
    std::ofstream(dir_ + "/" + name) << text;
    return frontend::SourceInput{dir_ + "/" + name, {}, {}};
  }
  llvm::Expected<frontend::Program>
  load(const std::vector<frontend::SourceInput> &inputs) {
    return frontend::loadProgram(inputs, ctx_, opts_);
  }
  std::string dir_;
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions opts_;
};

TEST_F(LinkingTest, LinksUnitsAndKeepsTheirOrder) {
  auto a = write("a.c", "int g(int);\nint f(int x) { return g(x) + 1; }\n");
  auto b = write("b.c", "int g(int x) { return 2 * x; }\n");
  auto p = load({a, b});
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_FALSE(p->module->getFunction("g")->isDeclaration());
  EXPECT_EQ(p->linkedFiles, std::vector<std::string>({a.path, b.path}));
  EXPECT_EQ(p->stats.units, 2u);
  EXPECT_EQ(p->stats.cacheHits + p->stats.cacheMisses, 0u);
}

TEST_F(LinkingTest, LinksOnlyTheUnitsTheEntryNeeds) {
  auto a = write("a.c", "int g(int);\nint f(int x) { return g(x); }\n");
  auto b = write("b.c", "int h(int);\nint g(int x) { return h(x); }\n");
  auto c = write("c.c", "int h(int x) { return x; }\n");
  auto d = write("d.c", "int unrelated(void) { return 0; }\n");
  opts_.entry = "f";
  opts_.linkOnlyWhatEntryNeeds = true;
  auto p = load({d, c, b, a});
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->linkedFiles, std::vector<std::string>({a.path, b.path, c.path}));
  EXPECT_EQ(p->module->getFunction("unrelated"), nullptr);
  opts_.entry = "nosuch";
  auto none = load({a, b, c});
  ASSERT_FALSE(bool(none));
  EXPECT_NE(llvm::toString(none.takeError()).find("'nosuch'"),
            std::string::npos);
}

TEST_F(LinkingTest, TheEntrysUnitComesFirst) {
  auto a = write("a.c", "int g(int);\nint f(int x) { return g(x); }\n");
  auto b = write("b.c", "int g(int x) { return x; }\n");
  opts_.entry = "g";
  auto p = load({a, b});
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  EXPECT_EQ(p->linkedFiles, std::vector<std::string>({b.path, a.path}));
}

TEST_F(LinkingTest, WeakAndStaticDefinitionsDoNotClash) {
  auto a = write("a.c", "static int k(void) { return 1; }\n"
                        "__attribute__((weak)) int w(void) { return 1; }\n"
                        "int fa(void) { return k() + w(); }\n");
  auto b = write("b.c", "static int k(void) { return 2; }\n"
                        "int w(void) { return 2; }\n"
                        "int fb(void) { return k(); }\n");
  auto p = load({a, b});
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
}

TEST_F(LinkingTest, StubsDefineWhatTheProgramLacksButNeverReplaceIt) {
  auto a = write("a.c", "int ext(int);\nint mine(int x) { return x; }\n"
                        "int f(int x) { return ext(x) + mine(x); }\n");
  auto s = write("stubs.c", "int ext(int x) { return 7; }\n"
                            "int mine(int x) { return 99; }\n");
  opts_.stubs.push_back(s);
  auto p = load({a});
  ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
  llvm::Function *ext = p->module->getFunction("ext");
  ASSERT_NE(ext, nullptr);
  EXPECT_FALSE(ext->isDeclaration());
  EXPECT_FALSE(frontend::isModelFunction(*ext)); // a stub is the user's code
  // mine() keeps the program's body: it returns its argument.
  llvm::Function *mine = p->module->getFunction("mine");
  auto *ret = llvm::dyn_cast<llvm::ReturnInst>(
      mine->getEntryBlock().getTerminator());
  ASSERT_NE(ret, nullptr);
  EXPECT_TRUE(llvm::isa<llvm::Argument>(ret->getReturnValue()));
}

TEST_F(LinkingTest, UnitsForDifferentTargetsAreAnError) {
  auto a = write("a.c", "int f(void) { return 0; }\n");
  auto b = write("b.c", "int g(void) { return 0; }\n");
  b.flags = {"-m32"};
  auto p = load({a, b});
  ASSERT_FALSE(bool(p));
  std::string msg = llvm::toString(p.takeError());
  EXPECT_NE(msg.find("different targets"), std::string::npos) << msg;
  EXPECT_NE(msg.find("i386"), std::string::npos) << msg;
}

TEST_F(LinkingTest, TheCacheAnswersTheSecondLoad) {
  opts_.cacheDir = dir_ + "/cache";
  auto a = write("a.c", "#define N 3\nint f(void) { return N; }\n");
  auto first = load({a});
  ASSERT_TRUE(bool(first)) << llvm::toString(first.takeError());
  EXPECT_EQ(first->stats.cacheMisses, 1u);
  auto second = load({a});
  ASSERT_TRUE(bool(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(second->stats.cacheHits, 1u);
  EXPECT_EQ(second->stats.cacheMisses, 0u);
  // A different macro value is a different unit.
  a.flags = {"-DM=1"};
  auto third = load({a});
  ASSERT_TRUE(bool(third)) << llvm::toString(third.takeError());
  EXPECT_EQ(third->stats.cacheMisses, 1u);
}

} // namespace
