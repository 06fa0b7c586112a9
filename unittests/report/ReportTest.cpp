//===- ReportTest.cpp - output directory, test vectors, summary -----------===//

#include "cosmo/report/Report.h"

#include <llvm/Support/FileSystem.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace cosmo;
using nlohmann::json;

namespace {

std::string slurp(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json readJson(const std::string &path) {
  std::string text = slurp(path);
  EXPECT_FALSE(text.empty()) << path;
  return json::parse(text, nullptr, /*allow_exceptions=*/false);
}

engine::TestInput input(std::string name, std::string source,
                        std::string function, std::vector<uint8_t> bytes) {
  return {std::move(name), std::move(source), std::move(function),
          std::move(bytes)};
}

engine::ErrorReport divError() {
  engine::ErrorReport e;
  e.kind = engine::ErrorKind::DivByZero;
  e.location = {"prog.c", 14, "compute"};
  e.message = "division by zero";
  e.stack = {{"prog.c", 14, "compute"}, {"prog.c", 30, "main"}};
  e.test.outcome = "error";
  e.test.errorKind = engine::ErrorKind::DivByZero;
  e.test.errorLocation = e.location;
  e.test.inputs = {input("int", "nondet", "__VERIFIER_nondet_int",
                         {0, 0, 0, 0})};
  return e;
}

class ReportTest : public ::testing::Test {
protected:
  void SetUp() override {
    llvm::SmallString<128> d;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cosmo-report-test", d));
    dir_ = std::string(d.str());
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  std::string dir_;
};

TEST(TestToJson, HexLittleEndianAndSignedValue) {
  engine::TestVector t;
  t.outcome = "completed";
  t.inputs = {input("x", "nondet", "__VERIFIER_nondet_int",
                    {0xfb, 0xff, 0xff, 0xff}),
              input("c", "nondet", "__VERIFIER_nondet_char", {0x7f}),
              input("l", "nondet", "__VERIFIER_nondet_long",
                    {0x01, 0x02, 0, 0, 0, 0, 0, 0}),
              input("buf", "symbolic", "klee_make_symbolic", {'a', 'b', 'c'})};
  json j = report::testToJson(t, {"prog.c", "main"});
  EXPECT_EQ(j["version"], 1);
  EXPECT_EQ(j["program"], "prog.c");
  EXPECT_EQ(j["entry"], "main");
  EXPECT_EQ(j["outcome"], "completed");
  EXPECT_TRUE(j["error"].is_null());
  ASSERT_EQ(j["inputs"].size(), 4u);
  const json &x = j["inputs"][0];
  EXPECT_EQ(x["name"], "x");
  EXPECT_EQ(x["source"], "nondet");
  EXPECT_EQ(x["function"], "__VERIFIER_nondet_int");
  EXPECT_EQ(x["size"], 4);
  EXPECT_EQ(x["hex"], "fbffffff");
  EXPECT_EQ(x["value"], "-5");
  EXPECT_EQ(j["inputs"][1]["value"], "127");
  EXPECT_EQ(j["inputs"][2]["hex"], "0102000000000000");
  EXPECT_EQ(j["inputs"][2]["value"], "513");
  EXPECT_EQ(j["inputs"][3]["hex"], "616263");
  EXPECT_FALSE(j["inputs"][3].contains("value"));
}

TEST(TestToJson, ErrorVector) {
  json j = report::testToJson(divError().test, {"prog.c", "main"});
  EXPECT_EQ(j["outcome"], "error");
  ASSERT_TRUE(j["error"].is_object());
  EXPECT_EQ(j["error"]["kind"], "div-by-zero");
  EXPECT_EQ(j["error"]["file"], "prog.c");
  EXPECT_EQ(j["error"]["line"], 14);
  EXPECT_EQ(j["inputs"][0]["hex"], "00000000");
  EXPECT_EQ(j["inputs"][0]["value"], "0");
}

TEST_F(ReportTest, WritesReportAndTests) {
  std::string out = dir_ + "/out";
  auto od = report::OutputDirectory::create(out, {"prog.c", "main"});
  ASSERT_TRUE(bool(od)) << llvm::toString(od.takeError());

  engine::TestVector done;
  done.outcome = "completed";
  done.inputs = {input("int", "nondet", "__VERIFIER_nondet_int", {1, 0, 0, 0})};
  (*od)->onCompletedPath(done);
  engine::ErrorReport err = divError();
  (*od)->onError(err);
  ASSERT_EQ((*od)->errorTests().size(), 1u);
  EXPECT_EQ((*od)->errorTests()[0], "tests/test-000002.json");

  summary::AnalysisResult s;
  s.verdict = engine::Verdict::False;
  s.reason = "1 error found";
  s.errors = {err};
  s.stats.pathsCompleted = 1;
  s.stats.pathsErrored = 1;
  ASSERT_FALSE(bool((*od)->finish(s)));

  json r = readJson(out + "/report.json");
  ASSERT_FALSE(r.is_discarded());
  EXPECT_EQ(r["version"], 1);
  EXPECT_EQ(r["program"], "prog.c");
  EXPECT_EQ(r["entry"], "main");
  EXPECT_EQ(r["verdict"], "false");
  EXPECT_EQ(r["reason"], "1 error found");
  ASSERT_EQ(r["errors"].size(), 1u);
  const json &e = r["errors"][0];
  EXPECT_EQ(e["kind"], "div-by-zero");
  EXPECT_EQ(e["file"], "prog.c");
  EXPECT_EQ(e["line"], 14);
  EXPECT_EQ(e["function"], "compute");
  EXPECT_EQ(e["message"], "division by zero");
  ASSERT_EQ(e["stack"].size(), 2u);
  EXPECT_EQ(e["stack"][1]["function"], "main");
  EXPECT_EQ(e["stack"][1]["line"], 30);
  EXPECT_EQ(e["test"], "tests/test-000002.json");
  EXPECT_TRUE(r["unknown_reasons"].is_array());
  EXPECT_EQ(r["stats"]["paths_completed"], 1);
  EXPECT_EQ(r["stats"]["paths_errored"], 1);

  json st = readJson(out + "/stats.json");
  EXPECT_EQ(st, r["stats"]);

  json t1 = readJson(out + "/tests/test-000001.json");
  EXPECT_EQ(t1["outcome"], "completed");
  EXPECT_EQ(t1["inputs"][0]["value"], "1");
  json t2 = readJson(out + "/tests/test-000002.json");
  EXPECT_EQ(t2["outcome"], "error");
  EXPECT_EQ(t2["error"]["kind"], "div-by-zero");
  EXPECT_FALSE(llvm::sys::fs::exists(out + "/tests/test-000003.json"));
}

TEST_F(ReportTest, CreateClearsAnEarlierRun) {
  std::string out = dir_ + "/out";
  ASSERT_FALSE(llvm::sys::fs::create_directories(out + "/tests"));
  std::ofstream(out + "/tests/test-000009.json") << "{}";
  std::ofstream(out + "/report.json") << "{}";
  std::ofstream(out + "/notes.txt") << "mine";
  auto od = report::OutputDirectory::create(out, {"prog.c", "main"});
  ASSERT_TRUE(bool(od)) << llvm::toString(od.takeError());
  EXPECT_FALSE(llvm::sys::fs::exists(out + "/tests/test-000009.json"));
  EXPECT_FALSE(llvm::sys::fs::exists(out + "/report.json"));
  EXPECT_TRUE(llvm::sys::fs::exists(out + "/notes.txt"));
}

TEST_F(ReportTest, CreateUnderARegularFileFails) {
  std::string file = dir_ + "/plain";
  std::ofstream(file) << "x";
  auto od = report::OutputDirectory::create(file + "/out", {"prog.c", "main"});
  ASSERT_FALSE(bool(od));
  std::string msg = llvm::toString(od.takeError());
  EXPECT_NE(msg.find("cannot create output directory"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find(file), std::string::npos) << msg;
}

// An input buffer of a megabyte (an array argument of an --entry run) is
// in the test file; the summary shows its first 64 bytes and its size.
TEST(FormatSummary, ALargeInputShowsItsFirstBytes) {
  summary::AnalysisResult s;
  s.verdict = engine::Verdict::False;
  s.reason = "1 error found";
  s.errors = {divError()};
  std::vector<uint8_t> big(1 << 20, 0xab);
  s.errors[0].test.inputs = {input("*a", "input-memory", "", big)};
  std::string text = report::formatSummary(s, {"prog.c", "main"}, "cosmo-out",
                                           /*color=*/false);
  std::string first;
  for (int i = 0; i < 64; ++i)
    first += "ab";
  EXPECT_NE(text.find("input *a = hex " + first + "... (1048576 bytes)"),
            std::string::npos)
      << text.substr(0, 400);
  EXPECT_LT(text.size(), 2000u);
}

TEST(FormatSummary, ErrorLineAndVerdict) {
  summary::AnalysisResult s;
  s.verdict = engine::Verdict::False;
  s.reason = "1 error found";
  s.errors = {divError()};
  std::string text = report::formatSummary(s, {"prog.c", "main"}, "cosmo-out",
                                           /*color=*/false);
  EXPECT_NE(text.find("prog.c:14: error: div-by-zero in compute"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("input int = 0"), std::string::npos) << text;
  EXPECT_NE(text.find("at main (prog.c:30)"), std::string::npos) << text;
  EXPECT_NE(text.find("verdict: false (1 error found)"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("\033["), std::string::npos) << text;

  std::string colored =
      report::formatSummary(s, {"prog.c", "main"}, "cosmo-out", true);
  EXPECT_NE(colored.find("\033["), std::string::npos);
}

TEST_F(ReportTest, ConfirmedReplaysGoIntoTheReport) {
  std::string out = dir_ + "/out";
  auto od = report::OutputDirectory::create(out, {"prog.c", "main"});
  ASSERT_TRUE(bool(od)) << llvm::toString(od.takeError());
  summary::AnalysisResult s;
  s.verdict = engine::Verdict::False;
  s.errors = {divError(), divError()};
  for (const engine::ErrorReport &e : s.errors)
    (*od)->onError(e);
  std::vector<report::ReplayResult> replays = {
      {report::ReplayStatus::Confirmed, "div-by-zero at prog.c:14"},
      {report::ReplayStatus::NotReproduced,
       "expected div-by-zero at line 14, the native run completed"}};
  ASSERT_FALSE(bool((*od)->finish(s, replays)));
  json r = readJson(out + "/report.json");
  ASSERT_EQ(r["errors"].size(), 2u);
  EXPECT_EQ(r["errors"][0]["replay"], "confirmed");
  EXPECT_EQ(r["errors"][0]["replay_detail"], "div-by-zero at prog.c:14");
  EXPECT_EQ(r["errors"][1]["replay"], "not reproduced");

  // Without replays (no --confirm) the fields are absent.
  auto again = report::OutputDirectory::create(out, {"prog.c", "main"});
  ASSERT_TRUE(bool(again)) << llvm::toString(again.takeError());
  ASSERT_FALSE(bool((*again)->finish(s)));
  json plain = readJson(out + "/report.json");
  EXPECT_FALSE(plain["errors"][0].contains("replay"));
}

TEST(FormatSummary, ReplaysFollowTheirErrors) {
  summary::AnalysisResult s;
  s.verdict = engine::Verdict::False;
  s.reason = "2 errors found";
  s.errors = {divError(), divError()};
  s.errors[1].location.line = 20;
  std::vector<report::ReplayResult> replays = {
      {report::ReplayStatus::Confirmed, "div-by-zero at prog.c:14"},
      {report::ReplayStatus::NotReplayable, "no C source"}};
  std::string text = report::formatSummary(s, {"prog.c", "main"}, "cosmo-out",
                                           false, replays);
  size_t first = text.find("prog.c:14: error:");
  size_t confirmed = text.find("    native replay: confirmed: div-by-zero at "
                               "prog.c:14\n");
  size_t second = text.find("prog.c:20: error:");
  size_t notReplayable =
      text.find("    native replay: not replayable: no C source\n");
  ASSERT_NE(confirmed, std::string::npos) << text;
  ASSERT_NE(notReplayable, std::string::npos) << text;
  EXPECT_LT(first, confirmed);
  EXPECT_LT(confirmed, second);
  EXPECT_LT(second, notReplayable);
  EXPECT_NE(text.find("native replay: 1 confirmed, 0 not reproduced, 1 not "
                      "replayable\n"),
            std::string::npos)
      << text;
  std::string without =
      report::formatSummary(s, {"prog.c", "main"}, "cosmo-out", false);
  EXPECT_EQ(without.find("native replay"), std::string::npos) << without;
}

TEST(FormatSummary, UnknownListsOtherReasons) {
  summary::AnalysisResult s;
  s.verdict = engine::Verdict::Unknown;
  s.reason = "path limit of 3 reached (and 1 more reason)";
  s.unknownReasons = {"path limit of 3 reached", "floating-point return"};
  std::string text =
      report::formatSummary(s, {"prog.c", "main"}, "cosmo-out", false);
  EXPECT_NE(text.find("verdict: unknown (path limit of 3 reached"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("also: floating-point return"), std::string::npos)
      << text;
  EXPECT_EQ(text.find("error:"), std::string::npos) << text;
}

} // namespace
