// --emit-tests: the unit tests cosmo writes for an --entry function compile
// with -Wall -Werror, pass on the program as it is, and fail when the
// function changes.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

namespace fs = std::filesystem;
using namespace cosmo::e2e;

namespace {

class UnitTestEmitTest : public CliFixture {
protected:
  ProcessResult make(const fs::path &dir) {
    cosmo::report::ProcessRequest r;
    r.argv = {"make", "-s", "-C", (dir_.path() / dir).string(), "check"};
    r.timeout = std::chrono::seconds(120);
    return cosmo::report::runProcess(r);
  }
  /// "N tests, M failed" from a C test binary's last line.
  static std::pair<int, int> counts(const std::string &out) {
    std::smatch m;
    if (std::regex_search(out, m, std::regex(R"((\d+) tests, (\d+) failed)")))
      return {std::stoi(m[1]), std::stoi(m[2])};
    return {-1, -1};
  }
};

TEST_F(UnitTestEmitTest, CTestsOfTheSuitesEntryProgramsBuildWithWerrorAndPass) {
  struct Case {
    const char *file, *entry;
  };
  for (Case c : {Case{"list_find.c", "find"}, Case{"swap_node.c", "swapNode"},
                 Case{"struct_param.c", "delta"},
                 Case{"swap_alias_safe.c", "swap"}}) {
    fs::path program = fs::path(COSMO_E2E_PROGRAMS_DIR) / "entry" / c.file;
    std::string out = std::string("out-") + c.entry;
    ProcessResult run = cosmo({"check", "-q", "--emit-tests=c", "--inputs=any",
                               std::string("--entry=") + c.entry,
                               "--out=" + out, program.string()});
    ASSERT_NE(run.exitCode, 2) << c.file << ": " << run.err;
    nlohmann::json rep = report(out);
    int completed = rep["stats"]["paths_completed"].get<int>();
    ASSERT_GT(completed, 0) << c.file;
    ProcessResult built = make(fs::path(out) / "unit");
    EXPECT_EQ(built.exitCode, 0) << c.file << ":\n" << built.out << built.err;
    EXPECT_EQ(counts(built.out), std::make_pair(completed, 0))
        << c.file << ": " << built.out;
  }
}

constexpr const char *kList = R"(#include <stddef.h>
struct node {
  unsigned value;
  struct node *next;
};
unsigned firstTwo(struct node *p) {
  if (p == NULL)
    return 0;
  if (p->next == NULL)
    return p->value;
  p->value = 7;
  return p->value + p->next->value;
}
)";

TEST_F(UnitTestEmitTest, TestsFailWhenTheFunctionChanges) {
  write("list.c", kList);
  ProcessResult run = cosmo(
      {"check", "--emit-tests=c", "--inputs=any", "--entry=firstTwo", "--out=out",
       "list.c"});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  // Four paths: p null; one node; two nodes, the second fresh or p itself.
  EXPECT_NE(run.out.find("unit tests: 4 in out/unit/test_firstTwo.c"),
            std::string::npos)
      << run.out;
  std::string tests = read("out/unit/test_firstTwo.c");
  // The return value and the write through p are both checked.
  EXPECT_NE(tests.find("COSMO_EXPECT(ret == "), std::string::npos);
  EXPECT_NE(tests.find("cosmo_same(in1, \"\\x07"), std::string::npos) << tests;
  ProcessResult good = make("out/unit");
  ASSERT_EQ(good.exitCode, 0) << good.out << good.err;
  EXPECT_EQ(counts(good.out), std::make_pair(4, 0));
  // Another value written: the tests of the two paths that write fail.
  std::string changed = kList;
  changed.replace(changed.find("p->value = 7"), 12, "p->value = 8");
  write("list.c", changed);
  fs::remove(dir_.path() / "out/unit/test_firstTwo");
  ProcessResult bad = make("out/unit");
  EXPECT_NE(bad.exitCode, 0);
  EXPECT_EQ(counts(bad.out), std::make_pair(4, 2)) << bad.out;
  EXPECT_NE(bad.err.find("expected"), std::string::npos) << bad.err;
}

TEST_F(UnitTestEmitTest, GoogleTestCasesBuildWithTheirCMakeListsAndPass) {
  fs::path program = fs::path(COSMO_E2E_PROGRAMS_DIR) / "entry/list_find.c";
  ProcessResult run = cosmo({"check", "-q", "--emit-tests=gtest",
                             "--entry=find", "--out=out", program.string()});
  ASSERT_NE(run.exitCode, 2) << run.err;
  for (const char *f : {"test_find.cpp", "test_find_cases.c", "CMakeLists.txt"})
    EXPECT_TRUE(fs::exists(dir_.path() / "out/unit" / f)) << f;
  fs::path unit = dir_.path() / "out/unit";
  cosmo::report::ProcessRequest r;
  r.timeout = std::chrono::seconds(300);
  r.argv = {"cmake", "-S", unit.string(), "-B", (unit / "build").string()};
  ProcessResult configured = cosmo::report::runProcess(r);
  ASSERT_EQ(configured.exitCode, 0) << configured.out << configured.err;
  r.argv = {"cmake", "--build", (unit / "build").string()};
  ProcessResult built = cosmo::report::runProcess(r);
  ASSERT_EQ(built.exitCode, 0) << built.out << built.err;
  r.argv = {(unit / "build/test_find").string()};
  ProcessResult tests = cosmo::report::runProcess(r);
  EXPECT_EQ(tests.exitCode, 0) << tests.out << tests.err;
  nlohmann::json rep = report("out");
  EXPECT_NE(tests.out.find("[  PASSED  ] " +
                           std::to_string(rep["stats"]["paths_completed"]
                                              .get<int>()) +
                           " tests"),
            std::string::npos)
      << tests.out;
}

TEST_F(UnitTestEmitTest, WhatItCannotDoIsAOneLineError) {
  write("list.c", kList);
  write("nondet.c", "extern int __VERIFIER_nondet_int(void);\n"
                    "int f(int x) { return x + (__VERIFIER_nondet_int() > 0); "
                    "}\n");
  std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"check", "--emit-tests=c", "list.c"}, "--entry"},
      {{"check", "--emit-tests=java", "--entry=firstTwo", "list.c"}, "java"},
      {{"check", "--emit-tests=c", "--entry=f", "--out=o", "nondet.c"},
       "__VERIFIER_nondet_int"}};
  for (const auto &[args, needle] : cases) {
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, 2) << args[1];
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  }
  // No compiler: said before the run.
  ProcessResult noCc = cosmo(
      {"check", "--emit-tests=c", "--entry=firstTwo", "--out=o2", "list.c"},
      60, {{"COSMO_CLANG", "no-such-clang"}});
  EXPECT_EQ(noCc.exitCode, 2);
  EXPECT_FALSE(fs::exists(dir_.path() / "o2/report.json"));
}

} // namespace
