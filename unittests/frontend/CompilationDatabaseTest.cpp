//===- CompilationDatabaseTest.cpp - reading a build's compile commands ---===//

#include "cosmo/frontend/CompilationDatabase.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>

using namespace cosmo::frontend;
using Words = std::vector<std::string>;

namespace {

TEST(SplitCommandLine, QuotesAndBackslashesAsShDoes) {
  EXPECT_EQ(splitCommandLine("cc  -c a.c"), Words({"cc", "-c", "a.c"}));
  EXPECT_EQ(splitCommandLine(R"(cc "-DMSG=\"hi there\"" 'x y' a\ b.c)"),
            Words({"cc", "-DMSG=\"hi there\"", "x y", "a b.c"}));
  EXPECT_EQ(splitCommandLine("cc -DEMPTY='' a.c"),
            Words({"cc", "-DEMPTY=", "a.c"}));
  EXPECT_TRUE(splitCommandLine("   ").empty());
}

TEST(AnalysisFlags, KeepsWhatChangesMeaningAndDropsTheRest) {
  Words args = {"-DRING=4", "-I", "inc", "-Iother", "-isystem", "sys",
                "-std=gnu11", "-m32", "-O2", "-g", "-Wall", "-Werror",
                "-fsanitize=address", "-MD", "-MF", "deps.d", "-o", "a.o",
                "-c", "src/a.c", "-include", "config.h", "-U", "NDEBUG",
                "-funsigned-char", "-fPIC"};
  EXPECT_EQ(analysisFlags(args, "src/a.c"),
            Words({"-DRING=4", "-I", "inc", "-Iother", "-isystem", "sys",
                   "-std=gnu11", "-m32", "-include", "config.h", "-U",
                   "NDEBUG", "-funsigned-char"}));
}

TEST(AnalysisFlags, DropsTheUnitGivenByAnotherPath) {
  EXPECT_EQ(analysisFlags({"-DX", "/abs/src/a.c"}, "src/a.c"),
            Words({"-DX"}));
}

class CompilationDatabaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-cdb-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  void writeDatabase(const std::string &text) {
    std::ofstream(dir_ + "/compile_commands.json") << text;
  }
  std::string errorOf() {
    auto units = readCompilationDatabase(dir_);
    return units ? "<read>" : llvm::toString(units.takeError());
  }
  std::string dir_;
};

TEST_F(CompilationDatabaseTest, ReadsCommandsAndArgumentsAndSkipsCxx) {
  writeDatabase(R"([
    {"directory": "/b", "file": "/s/a.c",
     "command": "/usr/bin/cc -DA=1 -I/s/inc -o a.o -c /s/a.c"},
    {"directory": "/b", "file": "../s/b.c",
     "arguments": ["clang", "-std=c99", "-c", "../s/b.c", "-o", "b.o"]},
    {"directory": "/b", "file": "/s/c.cpp", "command": "c++ -c /s/c.cpp"},
    {"directory": "/b", "file": "/s/a.c", "command": "cc -DAGAIN -c /s/a.c"}
  ])");
  auto units = readCompilationDatabase(dir_);
  ASSERT_TRUE(bool(units)) << llvm::toString(units.takeError());
  ASSERT_EQ(units->size(), 2u);
  EXPECT_EQ((*units)[0].path, "/s/a.c");
  EXPECT_EQ((*units)[0].directory, "/b");
  EXPECT_EQ((*units)[0].flags, Words({"-DA=1", "-I/s/inc"}));
  EXPECT_EQ((*units)[1].path, "../s/b.c");
  EXPECT_EQ((*units)[1].flags, Words({"-std=c99"}));
}

TEST_F(CompilationDatabaseTest, BadDatabasesAreClearErrors) {
  EXPECT_NE(errorOf().find("no compile_commands.json"), std::string::npos);
  writeDatabase("{not json");
  EXPECT_NE(errorOf().find("not a JSON array"), std::string::npos);
  writeDatabase(R"([{"file": "a.c"}])");
  EXPECT_NE(errorOf().find("without 'file' and 'directory'"),
            std::string::npos);
  writeDatabase(R"([{"directory": "/b", "file": "a.cpp", "command": "c++"}])");
  EXPECT_NE(errorOf().find("no C translation units"), std::string::npos);
  auto missing = readCompilationDatabase(dir_ + "/nowhere");
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("no such build directory"),
            std::string::npos);
}

} // namespace
