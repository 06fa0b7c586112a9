//===- ParameterShapesTest.cpp - what a parameter points to ---------------===//

#include "cosmo/frontend/Frontend.h"
#include "cosmo/frontend/ParameterShapes.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>

using namespace cosmo;

namespace {

class ParameterShapesTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-shapes-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  /// The shapes of `function`'s parameters as text: "string", "array:1",
  /// "object", "scalar", "opaque".
  std::vector<std::string> shapes(const std::string &text,
                                  const std::string &function) {
    std::string p = dir_ + "/prog.c";
    std::ofstream(p) << text;
    auto m = frontend::loadProgram(p, ctx_, frontend::FrontendOptions{});
    EXPECT_TRUE(bool(m)) << llvm::toString(m.takeError());
    std::vector<std::string> out;
    if (!m)
      return out;
    const llvm::Function *f = (*m)->getFunction(function);
    EXPECT_TRUE(f) << function;
    if (!f)
      return out;
    for (const frontend::ParameterShape &s : frontend::parameterShapesOf(*f)) {
      std::string k = frontend::shapeKindName(s.kind);
      if (s.kind == frontend::ParameterShape::Kind::Array)
        k += ":" + std::to_string(s.lengthParam);
      out.push_back(k);
    }
    modules_.push_back(std::move(*m));
    return out;
  }
  using V = std::vector<std::string>;

  std::string dir_;
  llvm::LLVMContext ctx_;
  std::vector<std::unique_ptr<llvm::Module>> modules_;
};

TEST_F(ParameterShapesTest, ACharPointerWithNoLengthIsAString) {
  EXPECT_EQ(shapes("int f(const char *s, unsigned char *u, int x) {"
                   " return s[0] + u[0] + x; }",
                   "f"),
            (V{"string", "string", "scalar"}));
  // Through a typedef of a char type too; not an int pointer.
  EXPECT_EQ(shapes("typedef char text_t;\n"
                   "int f(const text_t *s, int *p) { return s[0] + *p; }",
                   "f"),
            (V{"string", "object"}));
}

// A char pointer the function writes through is a buffer of a size its
// caller knows (`char buf[6]` is a pointer too), unless it is const.
TEST_F(ParameterShapesTest, ACharPointerWrittenThroughIsABuffer) {
  EXPECT_EQ(shapes("void f(const char *s, char *out, char *in) {"
                   " out[5] = s[0] + in[0]; }",
                   "f"),
            (V{"string", "object", "string"}));
  EXPECT_EQ(shapes("#include <string.h>\n"
                   "void f(char buf[6]) { memset(buf, 0, 6); }",
                   "f"),
            (V{"object"}));
}

TEST_F(ParameterShapesTest, AnIntegerThatBoundsTheIndicesIsTheLength) {
  // `i < k` guards `a[i]`, whatever the parameter is called.
  EXPECT_EQ(shapes("int f(int k, const int *a) { int t = 0;"
                   " for (int i = 0; i < k; i++) t += a[i]; return t; }",
                   "f"),
            (V{"scalar", "array:0"}));
  // `i + 1 < cap` before `d[i]`: a char buffer with its size is an array.
  EXPECT_EQ(shapes("void f(char *d, unsigned long cap) {"
                   " for (unsigned long i = 0; i + 1 < cap; i++) d[i] = 0; }",
                   "f"),
            (V{"array:1", "scalar"}));
  // The end pointer of `while (p < end)`.
  EXPECT_EQ(shapes("int f(const int *p, long m) { const int *end = p + m;"
                   " int t = 0; while (p < end) t += *p++; return t; }",
                   "f"),
            (V{"array:1", "scalar"}));
}

TEST_F(ParameterShapesTest, ALengthByItsNameNextToItsPointer) {
  EXPECT_EQ(shapes("void g(const void *, unsigned long);\n"
                   "void f(const void *buf, unsigned long len) { g(buf, len); }",
                   "f"),
            (V{"array:1", "scalar"}));
  EXPECT_EQ(shapes("void g(int *, int);\n"
                   "void f(int n, int *a) { g(a, n); }",
                   "f"),
            (V{"scalar", "array:0"}));
  EXPECT_EQ(shapes("int g(char *, int);\n"
                   "int f(char *errbuf, int errbufsz) { return g(errbuf, errbufsz); }",
                   "f"),
            (V{"array:1", "scalar"}));
  // A scalar named like an index is no length.
  EXPECT_EQ(shapes("int f(const int *a, int i) { return a[i]; }", "f"),
            (V{"object", "scalar"}));
}

TEST_F(ParameterShapesTest, FunctionPointersAndStructsByValueAreOpaque) {
  EXPECT_EQ(shapes("struct big { long a[8]; };\n"
                   "long f(int (*cb)(int), struct big b) { return cb(1) + b.a[0]; }",
                   "f"),
            (V{"opaque", "opaque"}));
}

} // namespace
