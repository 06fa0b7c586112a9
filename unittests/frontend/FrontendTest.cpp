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
