// `cosmo replay` and `cosmo check --confirm` as a user meets them: a test
// vector written by `cosmo check` replayed natively and judged, one line of
// output and an exit code; bad input as a one-line error with exit code 2.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

#ifndef COSMO_EXAMPLES_DIR
#error "tests/e2e/CMakeLists.txt defines COSMO_EXAMPLES_DIR"
#endif

namespace fs = std::filesystem;
using namespace cosmo::e2e;

namespace {

// Two errors on two inputs, and paths that complete.
const char *const kDivAndAssert =
    "#include <assert.h>\n"                          // 1
    "extern int __VERIFIER_nondet_int(void);\n"      // 2
    "int main(void) {\n"                             // 3
    "  int x = __VERIFIER_nondet_int();\n"           // 4
    "  if (x > 10)\n"                                // 5
    "    return 100 / (x - 20);\n"                   // 6
    "  assert(x != 3);\n"                            // 7
    "  return 0;\n"                                  // 8
    "}\n";

class ReplayCommand : public CliFixture {
protected:
  // Runs `cosmo check` on `program` into `out`; the report.
  nlohmann::json check(const std::string &program, const std::string &out,
                       std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check", "-q", "--out=" + out};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(program);
    ProcessResult r = cosmo(args, 120);
    EXPECT_EQ(r.ending, ProcessResult::Ending::Exited) << r.err;
    return report(out);
  }
  // The test of the error of `kind` in `rep`, relative to the temp dir.
  std::string errorTest(const nlohmann::json &rep, const std::string &out,
                        const std::string &kind) {
    for (const auto &e : rep["errors"])
      if (e["kind"] == kind)
        return out + "/" + e["test"].get<std::string>();
    ADD_FAILURE() << "no " << kind << " error in " << rep.dump(2);
    return "";
  }
  // The first completed test vector in `out`/tests.
  std::string completedTest(const std::string &out) {
    std::vector<fs::path> files;
    for (const auto &f : fs::directory_iterator(dir_.path() / out / "tests"))
      files.push_back(f.path());
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files) {
      std::ifstream in(f);
      if (nlohmann::json::parse(in)["outcome"] == "completed")
        return out + "/tests/" + f.filename().string();
    }
    ADD_FAILURE() << "no completed test vector in " << out;
    return "";
  }
  // A one-line `cosmo: error:` containing `what`, exit code 2.
  void expectInputError(const ProcessResult &r, const std::string &what) {
    EXPECT_EQ(r.ending, ProcessResult::Ending::Exited);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("cosmo: error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
};

TEST_F(ReplayCommand, ConfirmsTheOutOfBoundsErrorOfTheExample) {
  fs::copy_file(fs::path(COSMO_EXAMPLES_DIR) / "bounds.c", dir_.path() / "bounds.c");
  nlohmann::json rep = check("bounds.c", "o");
  std::string test = errorTest(rep, "o", "out-of-bounds");
  ASSERT_FALSE(test.empty());
  ProcessResult r = cosmo({"replay", test, "bounds.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(r.out, fs::path(test).filename().string() +
                       ": confirmed: out-of-bounds at bounds.c:8\n");
}

TEST_F(ReplayCommand, AnEditedLineIsNotReproduced) {
  write("prog.c", kDivAndAssert);
  nlohmann::json rep = check("prog.c", "o");
  std::string test = errorTest(rep, "o", "div-by-zero");
  ASSERT_FALSE(test.empty());
  ProcessResult ok = cosmo({"replay", test, "prog.c"});
  EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
  EXPECT_NE(ok.out.find("confirmed: div-by-zero at prog.c:6"), std::string::npos) << ok.out;

  std::ifstream in(dir_.path() / test);
  nlohmann::json vector = nlohmann::json::parse(in);
  vector["error"]["line"] = 7;
  write("edited.json", vector.dump());
  ProcessResult r = cosmo({"replay", "edited.json", "prog.c"});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_EQ(r.out, "edited.json: not reproduced: expected div-by-zero at line 7, "
                   "the native run stopped with div-by-zero at line 6\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(ReplayCommand, ACompletedVectorCompletesAsRecorded) {
  write("prog.c", kDivAndAssert);
  check("prog.c", "o");
  std::string test = completedTest("o");
  ASSERT_FALSE(test.empty());
  ProcessResult r = cosmo({"replay", test, "prog.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(r.out, fs::path(test).filename().string() + ": completed as recorded\n");
}

TEST_F(ReplayCommand, AnOverflowIsReplayedWithTheOverflowCheck) {
  write("ovf.c", "extern int __VERIFIER_nondet_int(void);\n"
                 "int main(void) {\n"
                 "  int x = __VERIFIER_nondet_int();\n"
                 "  return x + 1 > 0;\n"
                 "}\n");
  nlohmann::json rep = check("ovf.c", "o", {"--check=overflow"});
  std::string test = errorTest(rep, "o", "overflow");
  ASSERT_FALSE(test.empty());
  // No --check needed: the vector's own error kind turns its check on.
  ProcessResult r = cosmo({"replay", test, "ovf.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("confirmed: overflow at ovf.c:4"), std::string::npos) << r.out;
}

TEST_F(ReplayCommand, AProgramThatLoopsForeverNativelyTimesOut) {
  write("spin.c", "int main(void) { volatile int spin = 1; while (spin) {} return 0; }\n");
  write("spin.json", R"({"version": 1, "program": "spin.c", "entry": "main",
                         "outcome": "completed", "error": null, "inputs": []})");
  ProcessResult r = cosmo({"replay", "--timeout=1", "spin.json", "spin.c"}, 60);
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_EQ(r.out, "spin.json: not reproduced: expected a completed run, the native "
                   "run did not finish within 1 s\n");
}

TEST_F(ReplayCommand, RejectsAVectorOfAnotherProgram) {
  write("prog.c", kDivAndAssert);
  write("other.c", kDivAndAssert);
  nlohmann::json rep = check("prog.c", "o");
  std::string test = errorTest(rep, "o", "assert");
  ASSERT_FALSE(test.empty());
  expectInputError(cosmo({"replay", test, "other.c"}), "is a test of prog.c, not of other.c");
}

TEST_F(ReplayCommand, RejectsMissingAndMalformedInput) {
  write("prog.c", kDivAndAssert);
  expectInputError(cosmo({"replay", "nowhere.json", "prog.c"}), "nowhere.json: cannot read");
  write("bad.json", "{ \"version\": 1, ");
  expectInputError(cosmo({"replay", "bad.json", "prog.c"}), "bad.json: not valid JSON");
  write("odd.json", R"({"version": 1, "program": "prog.c", "entry": "main",
    "outcome": "completed", "error": null,
    "inputs": [{"name": "x", "source": "nondet", "size": 4, "hex": "0000"}]})");
  expectInputError(cosmo({"replay", "odd.json", "prog.c"}),
                   "input 'x' has size 4 but 4 hex digits");
  write("ok.json", R"({"version": 1, "program": "prog.c", "entry": "main",
    "outcome": "completed", "error": null, "inputs": []})");
  expectInputError(cosmo({"replay", "ok.json", "missing.c"}), "no such file: missing.c");
  EXPECT_EQ(cosmo({"replay", "ok.json"}).exitCode, 2);
}

TEST_F(ReplayCommand, EntryVectorsReplayThroughTheHarness) {
  write("f.c", "int f(int d) { return 10 / d; }\n");
  nlohmann::json rep = check("f.c", "o", {"--entry=f"});
  std::string test = errorTest(rep, "o", "div-by-zero");
  ASSERT_FALSE(test.empty());
  ProcessResult r = cosmo({"replay", test, "f.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("confirmed: div-by-zero at f.c:1"), std::string::npos) << r.out;
  // A vector whose prototype is gone cannot be called.
  std::string text = read(test);
  nlohmann::json vector = nlohmann::json::parse(text);
  vector.erase("signature");
  write("nosig.json", vector.dump());
  expectInputError(cosmo({"replay", "nosig.json", "f.c"}), "C prototype of f is unknown");
}

TEST_F(ReplayCommand, ABuildFailureShowsTheCompilersFirstError) {
  write("prog.c", "int main(void) {\n  return undeclared;\n}\n");
  write("t.json", R"({"version": 1, "program": "prog.c", "entry": "main",
    "outcome": "completed", "error": null, "inputs": []})");
  expectInputError(cosmo({"replay", "t.json", "prog.c"}),
                   "cannot build prog.c natively: prog.c:2:10: error: use of "
                   "undeclared identifier 'undeclared'");
}

TEST_F(ReplayCommand, AMissingCompilerIsAOneLineError) {
  write("prog.c", kDivAndAssert);
  write("t.json", R"({"version": 1, "program": "prog.c", "entry": "main",
    "outcome": "completed", "error": null, "inputs": []})");
  Environment noClang = {{"COSMO_CLANG", "/nonexistent/clang-14"}};
  expectInputError(cosmo({"replay", "t.json", "prog.c"}, 60, noClang),
                   "cannot find the C compiler for native replay: '/nonexistent/clang-14'");
  // check --confirm says so before it explores anything.
  ProcessResult r = cosmo({"check", "--confirm", "--out=o", "prog.c"}, 60, noClang);
  expectInputError(r, "--confirm: cannot find the C compiler");
  EXPECT_FALSE(fs::exists(dir_.path() / "o" / "report.json"));
}

TEST_F(ReplayCommand, KeepLeavesTheWorkFiles) {
  write("prog.c", kDivAndAssert);
  nlohmann::json rep = check("prog.c", "o");
  std::string test = errorTest(rep, "o", "assert");
  ASSERT_FALSE(test.empty());
  ProcessResult r = cosmo({"replay", "--keep", test, "prog.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  std::string marker = "work files kept in ";
  size_t at = r.out.find(marker);
  ASSERT_NE(at, std::string::npos) << r.out;
  fs::path kept = r.out.substr(at + marker.size(), r.out.find(';', at) - at - marker.size());
  EXPECT_TRUE(fs::exists(kept / "prog.native")) << kept;
  EXPECT_TRUE(fs::exists(kept / (fs::path(test).stem().string() + ".replay"))) << kept;
  std::error_code ignored;
  fs::remove_all(kept, ignored);
}

TEST_F(ReplayCommand, CheckConfirmRecordsTheReplayOfEachError) {
  write("prog.c", kDivAndAssert);
  ProcessResult r = cosmo({"check", "--confirm", "--out=o", "prog.c"}, 120);
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  nlohmann::json rep = report("o");
  ASSERT_EQ(rep["errors"].size(), 2u) << rep.dump(2);
  for (const auto &e : rep["errors"]) {
    EXPECT_EQ(e["replay"], "confirmed") << e.dump(2);
    EXPECT_EQ(e["replay_detail"], e["kind"].get<std::string>() + " at prog.c:" +
                                      std::to_string(e["line"].get<int>()))
        << e.dump(2);
  }
  EXPECT_NE(r.out.find("    native replay: confirmed: div-by-zero at prog.c:6\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("native replay: 2 confirmed, 0 not reproduced, 0 not replayable"),
            std::string::npos)
      << r.out;
  // Without --confirm, report.json says nothing about replays.
  nlohmann::json plain = check("prog.c", "p");
  ASSERT_EQ(plain["errors"].size(), 2u);
  EXPECT_FALSE(plain["errors"][0].contains("replay"));
}

// With a cache directory, the replay runtime is compiled into it once and
// the next --confirm run links that object.
TEST_F(ReplayCommand, CheckConfirmKeepsTheRuntimeInTheCacheDirectory) {
  write("prog.c", kDivAndAssert);
  auto objects = [&] {
    std::vector<fs::path> found;
    if (fs::exists(dir_.path() / "cache/runtime"))
      for (const auto &e : fs::directory_iterator(dir_.path() / "cache/runtime"))
        found.push_back(e.path());
    return found;
  };
  for (const char *out : {"--out=o", "--out=p"}) {
    ProcessResult r = cosmo({"check", "--confirm", "--cache-dir=cache", "--store=none", out,
                             "prog.c"},
                            120);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("native replay: 2 confirmed"), std::string::npos) << r.out;
    ASSERT_EQ(objects().size(), 1u) << r.out;
  }
  fs::path object = objects().front();
  auto stamp = fs::last_write_time(object);
  cosmo({"check", "--confirm", "--cache-dir=cache", "--store=none", "--out=q", "prog.c"}, 120);
  EXPECT_EQ(fs::last_write_time(object), stamp) << "the runtime was compiled again";
  // Without a cache directory nothing is kept there.
  fs::remove_all(dir_.path() / "cache");
  cosmo({"check", "--confirm", "--out=r", "prog.c"}, 120);
  EXPECT_TRUE(objects().empty());
}

TEST_F(ReplayCommand, CheckConfirmReplaysTheErrorsOfAnEntryRun) {
  write("f.c", "int f(int d) { return 10 / d; }\n");
  ProcessResult r = cosmo({"check", "--confirm", "--entry=f", "--out=o", "f.c"}, 120);
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  nlohmann::json rep = report("o");
  ASSERT_EQ(rep["errors"].size(), 1u) << rep.dump(2);
  EXPECT_EQ(rep["errors"][0]["replay"], "confirmed") << rep["errors"][0].dump();
}

TEST_F(ReplayCommand, HelpDescribesEveryOption) {
  ProcessResult h = cosmo({"replay", "--help"});
  EXPECT_EQ(h.exitCode, 0);
  for (const char *opt : {"--check", "--timeout", "--keep"})
    EXPECT_NE(h.out.find(opt), std::string::npos) << "--help lacks " << opt;
  ProcessResult c = cosmo({"check", "--help"});
  EXPECT_NE(c.out.find("--confirm"), std::string::npos);
}

} // namespace
