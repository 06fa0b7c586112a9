#include "ProgramFiles.h"
#include "TempDir.h"
#include "TextUtil.h"

#include <gtest/gtest.h>

namespace cosmo::e2e {
namespace {

TEST(ProgramFiles, FindsCFilesRecursivelyInPathOrder) {
  report::ScopedTempDir root = makeTempDir("cosmo-program-files");
  std::filesystem::create_directories(root.path() / "memory" / "deep");
  for (const char *file : {"memory/uaf.c", "arith.c", "memory/deep/x.c", "memory/notes.md", "b.h"})
    writeTextFile(root.path() / file, "");
  std::vector<ProgramFile> programs = findProgramFiles(root.path());
  ASSERT_EQ(programs.size(), 3u);
  EXPECT_EQ(programs[0].relativePath, "arith.c");
  EXPECT_EQ(programs[1].relativePath, "memory/deep/x.c");
  EXPECT_EQ(programs[2].relativePath, "memory/uaf.c");
  EXPECT_EQ(programs[2].testName, "memory_uaf_c");
  EXPECT_TRUE(programs[2].path.is_absolute());
}

TEST(ProgramFiles, SanitisedNamesStayUnique) {
  report::ScopedTempDir root = makeTempDir("cosmo-program-files");
  std::filesystem::create_directories(root.path() / "a");
  writeTextFile(root.path() / "a" / "b.c", "");
  writeTextFile(root.path() / "a_b.c", "");
  std::vector<ProgramFile> programs = findProgramFiles(root.path());
  ASSERT_EQ(programs.size(), 2u);
  EXPECT_NE(programs[0].testName, programs[1].testName);
}

TEST(ProgramFiles, OnlySelectsOneProgramEvenIfMissing) {
  std::vector<ProgramFile> programs = findProgramFiles("/some/root", "arith/div.c");
  ASSERT_EQ(programs.size(), 1u);
  EXPECT_EQ(programs[0].path, "/some/root/arith/div.c");
  EXPECT_EQ(programs[0].testName, "arith_div_c");
}

TEST(ProgramFiles, MissingRootHasNoPrograms) {
  EXPECT_TRUE(findProgramFiles("/nonexistent/cosmo/programs").empty());
}

} // namespace
} // namespace cosmo::e2e
