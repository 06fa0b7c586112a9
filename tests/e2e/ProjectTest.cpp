// Code as it sits in a project: several inputs linked into one program,
// clang flags on the command line and after `--`, `-p BUILD_DIR` over the
// CMake project tests/projects/ring (compile_commands.json), the bitcode
// cache, --stubs and --externals.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

class ProjectTest : public CliFixture {
protected:
  /// Copies tests/projects/ring into the test directory and configures it
  /// with CMake, which writes build/compile_commands.json.
  void configureRing() {
    fs::copy(COSMO_PROJECTS_DIR "/ring", dir_.path() / "ring",
             fs::copy_options::recursive);
    ProcessResult c = configureCMake("ring", "build", COSMO_CLANG);
    ASSERT_EQ(c.exitCode, 0) << c.out << c.err;
    ASSERT_TRUE(fs::exists(dir_.path() / "build/compile_commands.json"));
  }
  ProcessResult checkRing(const std::string &out,
                          std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check",         "-p",
                                     "build",         "--entry=window_max",
                                     "--cache-dir=cache", "--out=" + out,
                                     "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    return cosmo(args, 120);
  }
  ProcessResult run(std::vector<std::string> argv) {
    cosmo::report::ProcessRequest r;
    r.argv = std::move(argv);
    r.timeout = std::chrono::seconds(120);
    return cosmo::report::runProcess(r);
  }
  json frontendStats(const std::string &out) {
    return report(out)["stats"]["frontend"];
  }
  /// The 1-based line of `file` (under the test directory) holding `text`.
  unsigned lineOf(const std::string &file, const std::string &text) {
    std::istringstream in(read(file));
    std::string line;
    for (unsigned n = 1; std::getline(in, line); ++n)
      if (line.find(text) != std::string::npos)
        return n;
    ADD_FAILURE() << "no '" << text << "' in " << file;
    return 0;
  }
  void append(const std::string &file, const std::string &text) {
    std::ofstream(dir_.path() / file, std::ios::app) << text;
  }
};

TEST_F(ProjectTest, FindsTheBugThatNeedsBothUnitsOfTheLibrary) {
  configureRing();
  ProcessResult r = checkRing("o1");
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  json rep = report("o1");
  ASSERT_EQ(rep["errors"].size(), 1u) << rep.dump(2);
  const json &e = rep["errors"][0];
  EXPECT_EQ(e["kind"], "out-of-bounds");
  EXPECT_EQ(fs::path(e["file"].get<std::string>()).filename(), "ring.c");
  EXPECT_EQ(e["line"], lineOf("ring/src/ring.c", "the bug"));
  // The call comes from the other unit.
  bool throughWindow = false;
  for (const json &frame : e["stack"])
    throughWindow |= fs::path(frame["file"].get<std::string>()).filename() ==
                     "window.c";
  EXPECT_TRUE(throughWindow) << e["stack"].dump();
  // The unit defining the entry first, then what it needs; not demo.c.
  ASSERT_EQ(rep["inputs"].size(), 2u) << rep["inputs"].dump();
  EXPECT_EQ(fs::path(rep["inputs"][0].get<std::string>()).filename(),
            "window.c");
  EXPECT_EQ(fs::path(rep["inputs"][1].get<std::string>()).filename(),
            "ring.c");
  json fe = frontendStats("o1");
  EXPECT_EQ(fe["units_linked"], 2);
  // Natively, with the units' recorded flags (RING_CAPACITY) and the
  // harness calling window_max: the same error.
  ProcessResult confirmed = checkRing("oc", {"--confirm"});
  ASSERT_EQ(confirmed.exitCode, 1) << confirmed.err;
  EXPECT_EQ(report("oc")["errors"][0]["replay"], "confirmed")
      << report("oc")["errors"][0]["replay_detail"];
  EXPECT_EQ(fe["cache_misses"], 3);
  EXPECT_EQ(fe["cache_hits"], 0);
}

TEST_F(ProjectTest, ASecondRunCompilesOnlyWhatChanged) {
  configureRing();
  ASSERT_EQ(checkRing("o1").exitCode, 1);
  ProcessResult again = checkRing("o2");
  ASSERT_EQ(again.exitCode, 1) << again.err;
  EXPECT_EQ(frontendStats("o2")["cache_hits"], 3);
  EXPECT_EQ(frontendStats("o2")["cache_misses"], 0);
  // The same errors; how long each took to find differs from run to run.
  auto errors = [&](const std::string &out) {
    nlohmann::json e = report(out)["errors"];
    for (auto &x : e)
      x.erase("seconds");
    return e;
  };
  EXPECT_EQ(errors("o2"), errors("o1"));

  // A comment at the end changes no preprocessed text: still a hit.
  append("ring/src/window.c", "/* a comment */\n");
  ASSERT_EQ(checkRing("o3a").exitCode, 1);
  EXPECT_EQ(frontendStats("o3a")["cache_hits"], 3);

  append("ring/src/window.c", "static int edited;\n");
  ASSERT_EQ(checkRing("o3").exitCode, 1);
  EXPECT_EQ(frontendStats("o3")["cache_hits"], 2);
  EXPECT_EQ(frontendStats("o3")["cache_misses"], 1);

  // Every unit includes the header: all three change.
  append("ring/include/ring.h", "int ring_edited(void);\n");
  ASSERT_EQ(checkRing("o4").exitCode, 1);
  EXPECT_EQ(frontendStats("o4")["cache_hits"], 0);
  EXPECT_EQ(frontendStats("o4")["cache_misses"], 3);

  // The same units with a flag that changes their meaning.
  ASSERT_EQ(checkRing("o5", {"-DRING_EXTRA=1"}).exitCode, 1);
  EXPECT_EQ(frontendStats("o5")["cache_misses"], 3);
}

TEST_F(ProjectTest, UnitTestsOfAProjectFunctionBuildWithTheUnitsFlags) {
  configureRing();
  ProcessResult r = checkRing("o1", {"--emit-tests=c"});
  ASSERT_EQ(r.exitCode, 1) << r.err;
  ProcessResult make = run({"make", "-C", (dir_.path() / "o1/unit").string(),
                            "check"});
  EXPECT_EQ(make.exitCode, 0) << make.out << make.err;
  EXPECT_TRUE(std::regex_search(make.out,
                                std::regex("[1-9][0-9]* tests, 0 failed")))
      << make.out;
}

TEST_F(ProjectTest, ACompileErrorNamesTheUnitAndAnalysesNothing) {
  configureRing();
  append("ring/src/ring.c", "int broken( {\n");
  ProcessResult r = checkRing("o1");
  EXPECT_EQ(r.exitCode, 2);
  std::string first = r.err.substr(0, r.err.find('\n'));
  EXPECT_NE(first.find("cannot compile"), std::string::npos) << r.err;
  EXPECT_NE(first.find("ring.c"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "o1"));
}

TEST_F(ProjectTest, AnEntryNoUnitDefinesIsAnError) {
  configureRing();
  ProcessResult r = cosmo({"check", "-p", "build", "--entry=nosuch",
                           "--cache-dir=cache", "--out=o1"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("no translation unit defines the function 'nosuch'"),
            std::string::npos)
      << r.err;
  ProcessResult missing = cosmo({"check", "-p", "nowhere", "--out=o2"});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.err.find("nowhere"), std::string::npos) << missing.err;
}

// A file with ACSL annotations compiles from an instrumented copy in a
// fresh directory: the cache knows it by the original's path and text.
TEST_F(ProjectTest, AnAnnotatedFileIsFoundInTheCacheToo) {
  write("acsl.c", "/*@ requires x > 0;\n    ensures \\result > 0;\n*/\n"
                  "int pos(int x) { return x; }\n"
                  "int main(void) { return pos(1) - 1; }\n");
  for (const char *out : {"o1", "o2"}) {
    ProcessResult r =
        cosmo({"check", "--cache-dir=cache", "--out=" + std::string(out),
               "acsl.c"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  }
  EXPECT_EQ(frontendStats("o1")["cache_misses"], 1);
  EXPECT_EQ(frontendStats("o2")["cache_hits"], 1);
  EXPECT_EQ(frontendStats("o2")["cache_misses"], 0);
  // An edit of an annotation is a new unit.
  write("acsl.c", "/*@ requires x > 1;\n    ensures \\result > 0;\n*/\n"
                  "int pos(int x) { return x; }\n"
                  "int main(void) { return pos(2) - 2; }\n");
  ProcessResult edited =
      cosmo({"check", "--cache-dir=cache", "--out=o3", "acsl.c"});
  ASSERT_EQ(edited.exitCode, 0) << edited.out << edited.err;
  EXPECT_EQ(frontendStats("o3")["cache_misses"], 1);
}

// --- several files and flags on the command line ---------------------------

constexpr const char *kMain = R"(#include "lib.h"
#include <assert.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(scale(x) != LIMIT);
  return 0;
}
)";
constexpr const char *kHeader = R"(int __VERIFIER_nondet_int(void);
int scale(int x);
#ifndef LIMIT
#define LIMIT 42
#endif
)";
constexpr const char *kScale = "#include \"lib.h\"\n"
                               "int scale(int x) { return x * 2; }\n";

TEST_F(ProjectTest, LinksSeveralFilesAndPassesFlagsToClang) {
  write("inc/lib.h", kHeader);
  write("a.c", kMain);
  write("b.c", kScale);
  ProcessResult r = cosmo({"check", "-I", "inc", "a.c", "b.c", "--out=o1"});
  ASSERT_EQ(r.exitCode, 1) << r.err;
  EXPECT_EQ(report("o1")["errors"][0]["line"], 5);
  EXPECT_EQ(report("o1")["inputs"], json({"a.c", "b.c"}));
  ProcessResult confirmed =
      cosmo({"check", "-I", "inc", "a.c", "b.c", "--out=oc", "--confirm"});
  ASSERT_EQ(confirmed.exitCode, 1) << confirmed.err;
  EXPECT_EQ(report("oc")["errors"][0]["replay"], "confirmed")
      << report("oc")["errors"][0]["replay_detail"];
  std::string test =
      "o1/" + report("o1")["errors"][0]["test"].get<std::string>();
  ProcessResult replayed =
      cosmo({"replay", test, "a.c", "b.c", "--", "-Iinc"});
  EXPECT_EQ(replayed.exitCode, 0) << replayed.out << replayed.err;
  EXPECT_NE(replayed.out.find("confirmed: assert at a.c:5"), std::string::npos)
      << replayed.out;
  // Without the other unit the program does not link: a one-line error.
  ProcessResult alone = cosmo({"replay", test, "a.c", "--", "-Iinc"});
  EXPECT_EQ(alone.exitCode, 2);
  EXPECT_NE(alone.err.find("scale"), std::string::npos) << alone.err;
  // An odd LIMIT cannot be twice an int: -D and `--` reach clang.
  EXPECT_EQ(cosmo({"check", "-Iinc", "-DLIMIT=43", "a.c", "b.c", "--out=o2"})
                .exitCode,
            0);
  EXPECT_EQ(cosmo({"check", "a.c", "b.c", "--out=o3", "--", "-Iinc",
                   "-DLIMIT=43"})
                .exitCode,
            0);
  // -include and -U: the forced header defines LIMIT, -U drops it again.
  write("inc/odd.h", "#define LIMIT 43\n");
  EXPECT_EQ(cosmo({"check", "-Iinc", "-include", "inc/odd.h", "a.c", "b.c",
                   "--out=o4"})
                .exitCode,
            0);
  EXPECT_EQ(cosmo({"check", "-Iinc", "-std=c99", "a.c", "b.c", "--out=o5"})
                .exitCode,
            1);
}

TEST_F(ProjectTest, UnitTestsOfAFunctionInTheSecondFile) {
  write("inc/lib.h", kHeader);
  write("b.c", kScale);
  write("clamp.c", "#include \"lib.h\"\n"
                   "int clamp(int x) { return x > LIMIT ? LIMIT : x; }\n"
                   "int twice_clamped(int x) { return scale(clamp(x)); }\n");
  // -Iinc is relative to the directory cosmo runs in; the Makefile runs
  // elsewhere and must still find the header.
  ProcessResult r =
      cosmo({"check", "-Iinc", "-DLIMIT=10", "b.c", "clamp.c",
             "--entry=twice_clamped", "--emit-tests=c", "--out=o1"});
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(report("o1")["inputs"], json({"clamp.c", "b.c"}));
  ProcessResult make = run({"make", "-C", (dir_.path() / "o1/unit").string(),
                            "check"});
  EXPECT_EQ(make.exitCode, 0) << make.out << make.err;
  EXPECT_NE(make.out.find("2 tests, 0 failed"), std::string::npos) << make.out;
}

TEST_F(ProjectTest, LinkErrorsNameTheSymbolAndTheFiles) {
  write("inc/lib.h", kHeader);
  write("a.c", kMain);
  write("b.c", kScale);
  write("c.c", kScale);
  ProcessResult clash =
      cosmo({"check", "-Iinc", "a.c", "b.c", "c.c", "--out=o1"});
  EXPECT_EQ(clash.exitCode, 2);
  EXPECT_NE(clash.err.find("symbol 'scale' is defined in both b.c and c.c"),
            std::string::npos)
      << clash.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "o1"));

  write("d.c", "extern int limit;\nint scale(int x) { return x + limit; }\n");
  ProcessResult undefinedVar =
      cosmo({"check", "-Iinc", "a.c", "d.c", "--out=o2"});
  EXPECT_EQ(undefinedVar.exitCode, 2);
  EXPECT_NE(undefinedVar.err.find("undefined symbol 'limit'"),
            std::string::npos)
      << undefinedVar.err;
  EXPECT_NE(undefinedVar.err.find("d.c"), std::string::npos);

  write("e.c", "long scale;\n");
  ProcessResult mixed = cosmo({"check", "-Iinc", "b.c", "e.c", "--out=o3"});
  EXPECT_EQ(mixed.exitCode, 2);
  EXPECT_NE(mixed.err.find("'scale'"), std::string::npos) << mixed.err;
}

TEST_F(ProjectTest, ExternalsAreListedAndFollowThePolicy) {
  write("inc/lib.h", kHeader);
  write("a.c", kMain);
  // scale() has no definition: unknown by default, naming it.
  ProcessResult unknown = cosmo({"check", "-Iinc", "a.c", "--out=o1"});
  EXPECT_EQ(unknown.exitCode, 3) << unknown.out << unknown.err;
  json rep = report("o1");
  ASSERT_EQ(rep["externals"].size(), 1u);
  EXPECT_EQ(rep["externals"][0]["name"], "scale");
  EXPECT_EQ(rep["externals"][0]["location"]["line"], 5);
  EXPECT_NE(rep["reason"].get<std::string>().find("scale"), std::string::npos);
  EXPECT_NE(unknown.out.find("external functions (no definition): scale"),
            std::string::npos)
      << unknown.out;
  // havoc: any int comes back, so 42 does.
  ProcessResult havoc =
      cosmo({"check", "-Iinc", "a.c", "--externals=havoc", "--out=o2"});
  EXPECT_EQ(havoc.exitCode, 1) << havoc.out << havoc.err;
  // error: refused before any analysis.
  ProcessResult refused =
      cosmo({"check", "-Iinc", "a.c", "--externals=error", "--out=o3"});
  EXPECT_EQ(refused.exitCode, 2);
  EXPECT_NE(refused.err.find("scale (a.c:5)"), std::string::npos)
      << refused.err;
  EXPECT_FALSE(fs::exists(dir_.path() / "o3"));
  // A stub gives scale() a meaning: this one never returns 42.
  write("stubs.c", "int scale(int x) { return x == 21 ? 0 : x; }\n");
  ProcessResult stubbed =
      cosmo({"check", "-Iinc", "a.c", "--stubs=stubs.c", "--out=o4"});
  EXPECT_EQ(stubbed.exitCode, 1) << stubbed.err; // x == 42 still returns 42
  EXPECT_TRUE(report("o4")["externals"].empty());
  write("stubs2.c", "int scale(int x) { return x == 42 ? 0 : x; }\n");
  EXPECT_EQ(
      cosmo({"check", "-Iinc", "a.c", "--stubs=stubs2.c", "--out=o5"}).exitCode,
      0);
}

TEST_F(ProjectTest, BadCombinationsAreUsageErrors) {
  write("a.c", "int main(void) { return 0; }\n");
  EXPECT_EQ(cosmo({"check"}).exitCode, 2);
  // A file beside -p is a unit to start from, but the build must be there.
  ProcessResult noBuild = cosmo({"check", "-p", ".", "a.c"});
  EXPECT_EQ(noBuild.exitCode, 2);
  EXPECT_NE(noBuild.err.find("no compile_commands.json"), std::string::npos)
      << noBuild.err;
  EXPECT_EQ(lines(noBuild.err), 1u) << noBuild.err;
  EXPECT_EQ(cosmo({"check", "-m32", "-m64", "a.c"}).exitCode, 2);
  ProcessResult badFlag = cosmo({"check", "a.c", "--", "-fno-such-flag"});
  EXPECT_EQ(badFlag.exitCode, 2);
  EXPECT_NE(badFlag.err.find("cannot compile a.c"), std::string::npos)
      << badFlag.err;
}

} // namespace
