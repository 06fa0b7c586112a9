//===- RunRecordTest.cpp - a run, kept and read back ----------------------===//
//
// What the store keeps of a run comes back as it was: every field a report,
// a test or a witness shows, the events in their order, and text that is
// no UTF-8; and a payload that is no record is an error, not a result.
//
//===----------------------------------------------------------------------===//

#include "cosmo/report/RunRecord.h"

#include <gtest/gtest.h>

using namespace cosmo;

namespace {

/// A listener that keeps what it is told, as text.
struct Transcript : engine::RunListener {
  std::vector<std::string> lines;
  void onError(const engine::ErrorReport &e) override {
    lines.push_back("error " + e.message);
  }
  void onCompletedPath(const engine::TestVector &t) override {
    lines.push_back("test " + t.outcome + " " + t.inputs.at(0).name);
  }
};

engine::TestVector aTest() {
  engine::TestVector t;
  t.outcome = "error";
  t.errorKind = engine::ErrorKind::OutOfBounds;
  t.errorLocation = {"p.c", 12, "pick", 7};
  t.errorCallers = {{"p.c", 30, "main", 3}};
  engine::TestInput in;
  in.name = "i";
  in.source = "nondet";
  in.function = "__VERIFIER_nondet_int";
  in.bytes = {0x0c, 0, 0, 0};
  in.location = {"p.c", 29, "main", 11};
  in.type.kind = engine::InputType::Kind::Signed;
  in.type.name = "int";
  t.inputs.push_back(in);
  t.pointers.push_back({"p", 8, "*p"});
  return t;
}

TEST(RunRecordTest, ARecordComesBackFieldByField) {
  report::RunRecord r;
  engine::ErrorReport e;
  e.kind = engine::ErrorKind::OutOfBounds;
  e.location = {"p.c", 12, "pick", 7};
  e.message = "out-of-bounds read of 4 bytes at offset 40 of a[10] \xff";
  e.stack = {{"p.c", 12, "pick", 7}, {"p.c", 30, "main", 3}};
  e.test = aTest();
  e.seconds = 0.125;
  e.latent = "it needs n > 3";
  e.latentCondition = "n > 3";
  engine::TestVector done = aTest();
  done.outcome = "completed";
  done.errorKind.reset();
  r.events = {done, e};
  summary::AnalysisResult &a = r.result;
  a.verdict = engine::Verdict::False;
  a.reason = "1 error found";
  a.errors = {e};
  a.unknownReasons = {"depth limit"};
  a.stats.pathsCompleted = 4;
  a.stats.basicBlocksCovered = 9;
  a.stats.solver.queries = 99; // this run's work: not kept
  a.coverage = {{"p.c", {1, 2, 3}, {1, 3}}};
  a.externals = {{"scale", {"p.c", 5, "main", 2}}};
  a.calls = "replay";
  a.loops = "summarize";
  a.composition.functionsSummarized = 3;
  a.composition.notSummarizedBecause["depth"] = 2;
  a.loopStats.refutedByHorn = 5;
  a.loopStats.houdiniStepsReused = 7;
  a.invariants = {{{"p.c", 8, "main", 0}, "main", "i <= n", false}};
  a.witnessInvariants = {{{"p.c", 9, "f", 0}, "f", "\\result >= 0", true}};
  a.contracts = {{"f", {"p.c", 2, "f", 0}, engine::Verdict::True, "", 0.5}};
  summary::MemoTreeInfo tree;
  tree.function = "pick";
  tree.nodes = {{1, 0, "p.c", 12, 1, true}};
  tree.pairs.push_back({});
  tree.pairs[0].pc = "(bvsgt i #x0000000a)";
  tree.pairs[0].writes = {"object 0 +4 := #x01"};
  a.trees = {tree};

  std::string payload = report::serializeRunRecord(r);
  auto back = report::parseRunRecord(payload);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(report::serializeRunRecord(*back), payload);

  const summary::AnalysisResult &b = back->result;
  EXPECT_EQ(b.verdict, engine::Verdict::False);
  EXPECT_EQ(b.unknownReasons, a.unknownReasons);
  ASSERT_EQ(b.errors.size(), 1u);
  const engine::ErrorReport &be = b.errors[0];
  EXPECT_EQ(be.kind, engine::ErrorKind::OutOfBounds);
  EXPECT_EQ(be.location.column, 7u);
  EXPECT_EQ(be.stack.size(), 2u);
  EXPECT_EQ(be.latentCondition, "n > 3");
  EXPECT_EQ(be.seconds, 0.125);
  EXPECT_EQ(be.test.errorKind, engine::ErrorKind::OutOfBounds);
  EXPECT_EQ(be.test.errorCallers.at(0).function, "main");
  EXPECT_EQ(be.test.inputs.at(0).bytes, a.errors[0].test.inputs[0].bytes);
  EXPECT_EQ(be.test.inputs.at(0).type.kind, engine::InputType::Kind::Signed);
  EXPECT_EQ(be.test.inputs.at(0).location.line, 29u);
  EXPECT_EQ(be.test.pointers.at(0).offset, 8u);
  EXPECT_EQ(b.stats.pathsCompleted, 4u);
  EXPECT_EQ(b.stats.basicBlocksCovered, 9u);
  EXPECT_EQ(b.stats.solver.queries, 0u);
  EXPECT_EQ(b.coverage.at(0).covered, (std::vector<unsigned>{1, 3}));
  EXPECT_EQ(b.externals.at(0).firstCall.line, 5u);
  EXPECT_EQ(b.calls, "replay");
  EXPECT_EQ(b.loops, "summarize");
  EXPECT_EQ(b.composition.notSummarizedBecause.at("depth"), 2u);
  EXPECT_EQ(b.loopStats.refutedByHorn, 5u);
  EXPECT_EQ(b.loopStats.houdiniStepsReused, 7u);
  EXPECT_EQ(b.invariants.at(0).invariant, "i <= n");
  EXPECT_TRUE(b.witnessInvariants.at(0).ofFunction);
  EXPECT_EQ(b.contracts.at(0).verdict, engine::Verdict::True);
  EXPECT_TRUE(b.trees.at(0).nodes.at(0).viaCalleeTree);
  EXPECT_EQ(b.trees.at(0).pairs.at(0).writes, tree.pairs[0].writes);

  Transcript heard;
  back->replay(heard);
  ASSERT_EQ(heard.lines.size(), 2u);
  EXPECT_EQ(heard.lines[0], "test completed i");
  EXPECT_EQ(heard.lines[1].substr(0, 6), "error ");
  EXPECT_FALSE(std::get<engine::TestVector>(back->events[0]).errorKind);
}

TEST(RunRecordTest, TheRecorderPassesEventsOnInOrder) {
  Transcript next;
  report::RunRecorder recorder(next);
  engine::ErrorReport e;
  e.message = "boom";
  recorder.onCompletedPath(aTest());
  recorder.onError(e);
  EXPECT_EQ(next.lines, (std::vector<std::string>{"test error i", "error boom"}));
  Transcript again;
  recorder.record().replay(again);
  EXPECT_EQ(again.lines, next.lines);
}

TEST(RunRecordTest, APayloadThatIsNoRecordIsAnError) {
  for (const char *bad : {"", "{", "[1,2]", "{\"events\": 3}",
                          "{\"events\": [], \"result\": {}}"}) {
    auto r = report::parseRunRecord(bad);
    ASSERT_FALSE(bool(r)) << bad;
    EXPECT_NE(llvm::toString(r.takeError()).find("not a run record"),
              std::string::npos);
  }
}

} // namespace
