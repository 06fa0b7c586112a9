// Judging a native run against the test vector it replayed, and which runs
// can be replayed at all; native runs here are made up (ProcessResult), the
// real ones are in tests/e2e.
#include "cosmo/report/Replay.h"

#include <gtest/gtest.h>

namespace cosmo::report {
namespace {

using namespace std::chrono_literals;

engine::TestVector errorAt(engine::ErrorKind kind, const std::string &file,
                           unsigned line) {
  engine::TestVector t;
  t.outcome = "error";
  t.errorKind = kind;
  t.errorLocation = {file, line, "main"};
  return t;
}

engine::TestVector completed() {
  engine::TestVector t;
  t.outcome = "completed";
  return t;
}

ProcessResult exited(int code, std::string err = "") {
  ProcessResult run;
  run.ending = ProcessResult::Ending::Exited;
  run.exitCode = code;
  run.err = std::move(err);
  return run;
}

const std::string divAt14 =
    "/w/prog.c:14:12: runtime error: division by zero\n";

TEST(Replay, TheRecordedErrorIsConfirmed) {
  ReplayResult r =
      judgeReplay(errorAt(engine::ErrorKind::DivByZero, "prog.c", 14),
                  exited(1, divAt14), "prog.c", 10s);
  EXPECT_EQ(r.status, ReplayStatus::Confirmed);
  EXPECT_EQ(r.detail, "div-by-zero at prog.c:14");
  EXPECT_EQ(describe(r), "confirmed: div-by-zero at prog.c:14");
}

TEST(Replay, ACompletedRunConfirmsACompletedVector) {
  ReplayResult r = judgeReplay(completed(), exited(0), "prog.c", 10s);
  EXPECT_EQ(r.status, ReplayStatus::Confirmed);
  EXPECT_EQ(describe(r), "completed as recorded");
}

TEST(Replay, AnotherLineOrKindOrNoErrorIsNotReproduced) {
  ReplayResult line =
      judgeReplay(errorAt(engine::ErrorKind::DivByZero, "prog.c", 15),
                  exited(1, divAt14), "prog.c", 10s);
  EXPECT_EQ(line.status, ReplayStatus::NotReproduced);
  EXPECT_EQ(describe(line),
            "not reproduced: expected div-by-zero at line 15, the "
            "native run stopped with div-by-zero at line 14");
  ReplayResult kind =
      judgeReplay(errorAt(engine::ErrorKind::Assert, "prog.c", 14),
                  exited(1, divAt14), "prog.c", 10s);
  EXPECT_EQ(kind.status, ReplayStatus::NotReproduced);
  ReplayResult none =
      judgeReplay(errorAt(engine::ErrorKind::Assert, "prog.c", 14), exited(0),
                  "prog.c", 10s);
  EXPECT_EQ(none.detail,
            "expected assert at line 14, the native run completed");
  ReplayResult surprise =
      judgeReplay(completed(), exited(1, divAt14), "prog.c", 10s);
  EXPECT_EQ(surprise.detail, "expected a completed run, the native run stopped "
                             "with div-by-zero at line 14");
}

TEST(Replay, ATimeoutIsNotReproducedAndSaysSo) {
  ProcessResult run;
  run.ending = ProcessResult::Ending::TimedOut;
  run.elapsed = 1500ms;
  ReplayResult r = judgeReplay(completed(), run, "prog.c", 1500ms);
  EXPECT_EQ(r.status, ReplayStatus::NotReproduced);
  EXPECT_EQ(r.detail, "expected a completed run, the native run did not finish "
                      "within 1.5 s");
}

TEST(Replay, TheRuntimesWarningExplainsAMismatch) {
  ReplayResult r = judgeReplay(
      errorAt(engine::ErrorKind::DivByZero, "prog.c", 14),
      exited(0, "cosmo-replay: warning: __VERIFIER_nondet_int: no nondet input "
                "left in the replay file; using 0\n"),
      "prog.c", 10s);
  EXPECT_EQ(r.status, ReplayStatus::NotReproduced);
  EXPECT_NE(r.detail.find("(replay runtime: __VERIFIER_nondet_int: no nondet "
                          "input left"),
            std::string::npos)
      << r.detail;
}

TEST(Replay, AnErrorInAHeaderIsFoundByTheHeadersName) {
  ReplayResult r = judgeReplay(
      errorAt(engine::ErrorKind::DivByZero, "include/util.h", 3),
      exited(1, "/w/include/util.h:3:12: runtime error: division by zero\n"
                "    #0 0x4 in main /w/prog.c:9:3\n"),
      "prog.c", 10s);
  EXPECT_EQ(r.status, ReplayStatus::Confirmed) << r.detail;
  EXPECT_EQ(r.detail, "div-by-zero at include/util.h:3");
}

TEST(Replay, EntryRunsNeedAPrototypeAndIRIsNotReplayable) {
  EXPECT_EQ(whyNotReplayable("prog.c", "main", std::nullopt), std::nullopt);
  EXPECT_EQ(whyNotReplayable("dir/prog.i", "main", std::nullopt), std::nullopt);
  EXPECT_EQ(whyNotReplayable("PROG.C", "main", std::nullopt), std::nullopt);
  // An entry function is called through a harness, which needs its
  // prototype.
  engine::EntrySignature sig{"int", {{"p", "struct node *"}}};
  EXPECT_EQ(whyNotReplayable("list.c", "insert", sig), std::nullopt);
  EXPECT_TRUE(entryCallFor("insert", sig).has_value());
  EXPECT_FALSE(entryCallFor("main", sig).has_value());
  std::optional<std::string> entry =
      whyNotReplayable("list.c", "insert", std::nullopt);
  ASSERT_TRUE(entry.has_value());
  EXPECT_NE(entry->find("prototype of insert"), std::string::npos) << *entry;
  std::optional<std::string> ir = whyNotReplayable("prog.ll", "main", sig);
  ASSERT_TRUE(ir.has_value());
  EXPECT_NE(ir->find("prog.ll is not a .c or .i file"), std::string::npos)
      << *ir;
}

TEST(Replay, ConfirmErrorsGivesOneResultPerError) {
  engine::ErrorReport e;
  e.kind = engine::ErrorKind::DivByZero;
  e.test = errorAt(engine::ErrorKind::DivByZero, "f.c", 1);
  std::vector<ReplayResult> results =
      confirmErrors({e, e}, "f.c", "f", std::nullopt, ReplayOptions{},
                    "/nonexistent");
  ASSERT_EQ(results.size(), 2u);
  for (const ReplayResult &r : results) {
    EXPECT_EQ(r.status, ReplayStatus::NotReplayable);
    EXPECT_NE(r.detail.find("prototype of f"), std::string::npos) << r.detail;
  }
  // A program that cannot be built: every error says why.
  ReplayOptions broken;
  broken.toolchain = {"/nonexistent/clang", "", "", "", ""};
  results = confirmErrors({e}, "f.c", "main", std::nullopt, broken, "/tmp");
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ReplayStatus::NotReplayable);
  EXPECT_NE(results[0].detail.find("cannot build"), std::string::npos)
      << results[0].detail;
  EXPECT_TRUE(confirmErrors({}, "f.c", "main", std::nullopt, broken, "/tmp")
                  .empty());
}

} // namespace
} // namespace cosmo::report
