// --calls=summary and --calls=smart end to end (seed 001 section 4, seed
// 000 sections 1.4-1.5): what the formula summaries cosmo writes to
// OUT/trees say, that a composed call does not fork the caller, that
// callee errors are reported with inputs that fail natively, and that a
// call the summary cannot express is inlined and counted. That verdicts and
// errors match the header in every mode is checked on the whole suite by
// `e2e-summary/...` and `e2e-auto/...` (ProgramCheckTest).
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

const fs::path programs = COSMO_SUMMARY_PROGRAMS_DIR;

class SummaryTest : public CliFixture {
protected:
  json check(const std::string &program, const std::string &calls,
             std::vector<std::string> extra, int expectedExit,
             const std::string &out = "out") {
    std::vector<std::string> args = {"check", "--calls=" + calls,
                                     "--out=" + out, "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back((programs / program).string());
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, expectedExit) << r.err << r.out;
    return report(out);
  }
  json tree(const std::string &function) {
    std::ifstream in(dir_.path() / "out" / "trees" / (function + ".json"));
    EXPECT_TRUE(in.good()) << "no summary for " << function;
    return in ? json::parse(in) : json{};
  }
  static uint64_t completed(const json &r) {
    return r["stats"]["paths_completed"].get<uint64_t>();
  }
};

// Seed 000, listing 1.2: f is analysed once; res_f has two paths whose
// results are x and 2 * x. g's isolated run composes it twice with
// concrete arguments (b = 10, c = 10: g() == 20 holds); main composes g's
// summary and f's with a symbolic argument (a guarded union), so main runs
// as one path where inline forks on f.
TEST_F(SummaryTest, ListingOneTwoComposesTheResultOfF) {
  // Without merging, f's summary keeps one pair per path.
  json r = check("listing_1_2.c", "summary", {"--merge=none"}, 0);
  EXPECT_EQ(r["verdict"], "true");
  json f = tree("f");
  ASSERT_EQ(f["pairs"].size(), 2u) << f.dump(2);
  std::set<std::string> results;
  for (const json &p : f["pairs"]) {
    EXPECT_EQ(p["kind"], "completed");
    results.insert(p["result"].get<std::string>());
  }
  EXPECT_EQ(results.size(), 2u);
  EXPECT_EQ(f["opaque_effect"], "");
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["summaries_composed"], 2); // g() and f(y) in main's run
  EXPECT_EQ(c["inlined"], 0);
  EXPECT_EQ(completed(r), 1u);
  json in = check("listing_1_2.c", "inline", {}, 0, "out-inline");
  EXPECT_GT(completed(in), 1u);
}

// SmartUnroll: the calls with concrete arguments (g(), then f(5) and
// f(10) inside it) run the callee; the call with a symbolic argument
// composes the summary.
TEST_F(SummaryTest, SmartInlinesConcreteCallsAndComposesTheRest) {
  json r = check("listing_1_2.c", "smart", {}, 0);
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["inlined_concrete"], 3);
  EXPECT_EQ(c["summaries_composed"], 1);
  EXPECT_EQ(completed(r), 1u);
}

// Writes through pointer parameters (seed 001 theorem 15): order2's
// summary writes both cells under its swap guard; three calls sort three
// symbolic values on one path.
TEST_F(SummaryTest, WritesThroughPointersComposeWithoutForking) {
  json r = check("sort_pairs.c", "summary", {}, 0);
  EXPECT_EQ(r["verdict"], "true");
  json t = tree("order2");
  size_t writing = 0;
  for (const json &p : t["pairs"])
    writing += p.contains("writes");
  EXPECT_EQ(writing, 1u) << t.dump(2); // only the swapping path writes
  EXPECT_EQ(r["stats"]["composition"]["summaries_composed"], 3);
  EXPECT_EQ(completed(r), 1u);
  json in = check("sort_pairs.c", "inline", {}, 0, "out-inline");
  EXPECT_GT(completed(in), 1u);
}

// Errors deep in callees that only some calls reach are reported at the
// callee's line, with the stack through the callees, and their tests fail
// natively the same way.
TEST_F(SummaryTest, CalleeErrorsAreReportedWhereSomeCallReachesThem) {
  json r = check("errors_some_callers.c", "summary", {"--confirm"}, 1);
  std::set<std::pair<std::string, unsigned>> errors;
  for (const json &e : r["errors"]) {
    errors.insert({e["kind"].get<std::string>(), e["line"].get<unsigned>()});
    EXPECT_EQ(e["replay"], "confirmed") << e.dump(2);
    ASSERT_GE(e["stack"].size(), 3u) << e.dump(2); // callee, work, main
    EXPECT_EQ(e["stack"].back()["function"], "main");
  }
  EXPECT_EQ(errors, (std::set<std::pair<std::string, unsigned>>{
                        {"div-by-zero", 22}, {"null-deref", 28},
                        {"assert", 34}}));
  EXPECT_GT(r["stats"]["composition"]["summaries_composed"].get<int>(), 0);
}

// Globals modified by a callee: the merged values reach the caller.
TEST_F(SummaryTest, GlobalsWrittenByACalleeAreMerged) {
  json r = check("globals_callee.c", "summary", {"--confirm"}, 1);
  ASSERT_EQ(r["errors"].size(), 1u);
  EXPECT_EQ(r["errors"][0]["line"], 35);
  EXPECT_EQ(r["errors"][0]["replay"], "confirmed");
  json t = tree("account");
  bool writesGlobal = false;
  for (const json &p : t["pairs"])
    for (const json &w : p.value("writes", json::array()))
      writesGlobal |= w.get<std::string>().rfind("global", 0) == 0;
  EXPECT_TRUE(writesGlobal) << t.dump(2);
  EXPECT_EQ(r["stats"]["composition"]["summaries_composed"], 3);
}

// Seed 001 footnote 3: a callee that returns with memory it allocated
// gives the caller a new block at every call. push's summary returns the
// address of its new block and fills it (value, next); main's two calls
// get two blocks linked into a list, whose checksum is 1 only if they are
// distinct. checksum frees its scratch block: nothing outlives the call.
// The error's inputs fail natively.
TEST_F(SummaryTest, CalleesThatAllocateGiveNewBlocksAtEveryCall) {
  json r = check("alloc_callee.c", "summary", {"--confirm"}, 1);
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["summaries_composed"], 4) << c.dump(2); // push, checksum twice
  EXPECT_TRUE(c["inlined_because"].empty()) << c.dump(2);
  json push = tree("push");
  ASSERT_EQ(push["pairs"].size(), 1u) << push.dump(2);
  EXPECT_EQ(push["pairs"][0]["result"], "&new block 0 +0");
  EXPECT_EQ(push["opaque_effect"], "");
  ASSERT_EQ(r["errors"].size(), 1u);
  EXPECT_EQ(r["errors"][0]["line"], 52);
  EXPECT_EQ(r["errors"][0]["replay"], "confirmed");
  EXPECT_EQ(completed(r), 1u);
}

// A walk over a list never ends in isolation: its summary is cut at
// --summary-depth. Its paths cut deeper than the caller's list are
// inconsistent with it (a next the caller has null), so the call still
// composes; with a depth below the list's length, a cut path fits the
// caller and the call is inlined, saying why.
TEST_F(SummaryTest, CutSummariesComposeOnlyWhereTheCutCannotBeReached) {
  json deep = check("list_increment.c", "summary", {"--summary-depth=8"}, 0);
  EXPECT_EQ(deep["stats"]["composition"]["summaries_composed"], 3);
  size_t frontiers = 0;
  json walk = tree("bump_all");
  for (const json &p : walk["pairs"])
    frontiers += p["kind"] == "frontier";
  EXPECT_GT(frontiers, 0u);
  json r = check("list_increment.c", "summary", {"--summary-depth=2"}, 0,
                 "out-shallow");
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["summaries_composed"], 2); // bump2, twice
  bool cut = false;
  for (const auto &[why, n] : c["inlined_because"].items())
    cut |= why.rfind("its isolated run was cut", 0) == 0;
  EXPECT_TRUE(cut) << c.dump(2);
  EXPECT_EQ(r["verdict"], "true");
}

// --max-recursion bounds inlined recursion: a deeper call ends its path
// and the verdict says why.
TEST_F(SummaryTest, MaxRecursionEndsDeeperCalls) {
  std::vector<std::string> args = {
      "check", "--calls=summary", "--max-recursion=2", "--out=out", "-q",
      (fs::path(COSMO_COMPOSE_PROGRAMS_DIR) / "gcd_recursive.c").string()};
  ProcessResult run = cosmo(args);
  EXPECT_EQ(run.exitCode, 3) << run.err;
  json r = report("out");
  EXPECT_EQ(r["verdict"], "unknown");
  bool named = false;
  for (const json &why : r["unknown_reasons"])
    named |= why.get<std::string>().find("--max-recursion") !=
             std::string::npos;
  EXPECT_TRUE(named) << r["unknown_reasons"].dump();
}

// State merging in an isolated run (--merge=auto, the default of summary):
// f's two paths return x and 2 * x, two values that are not constants, so
// they join into one pair whose result is their guarded union.
TEST_F(SummaryTest, MergingKeepsSummariesSmall) {
  json r = check("listing_1_2.c", "summary", {}, 0);
  EXPECT_EQ(r["verdict"], "true");
  EXPECT_EQ(r["stats"]["merge"], "auto");
  json f = tree("f");
  ASSERT_EQ(f["pairs"].size(), 1u) << f.dump(2);
  EXPECT_NE(f["pairs"][0]["result"].get<std::string>().find("ite"),
            std::string::npos)
      << f.dump(2);
  EXPECT_GT(r["stats"]["states_merged"].get<int>(), 0);
}

// Seed 000 section 1.3: merging at every join point (static symbolic
// execution) runs a chain of eight diamonds as one path, where dynamic
// symbolic execution has one path per combination; the error and its
// inputs are the same.
TEST_F(SummaryTest, MergingJoinsEveryDiamondIntoOnePath) {
  json none = check("merge_diamonds.c", "inline", {"--merge=none"}, 1,
                    "out-none");
  EXPECT_EQ(completed(none), 255u);
  EXPECT_EQ(none["stats"]["states_merged"], 0);
  json all = check("merge_diamonds.c", "inline",
                   {"--merge=always", "--confirm"}, 1);
  EXPECT_EQ(all["stats"]["merge"], "always");
  EXPECT_EQ(completed(all), 1u);
  EXPECT_GE(all["stats"]["states_merged"].get<int>(), 16);
  ASSERT_EQ(all["errors"].size(), 1u);
  EXPECT_EQ(all["errors"][0]["line"], 37);
  EXPECT_EQ(all["errors"][0]["replay"], "confirmed");
}

// --merge=auto does not join states where a value the function later
// branches on would become a union of more than two constants: the total
// (one of 256 sums) stays apart; the two returns of classify() (a union
// of two constants) join.
TEST_F(SummaryTest, AutoMergeKeepsUnionsOfManyConstantsApart) {
  json r = check("merge_diamonds.c", "inline", {"--merge=auto"}, 1);
  EXPECT_GT(r["stats"]["states_merged"].get<int>(), 0);
  EXPECT_GT(completed(r), 1u);
  EXPECT_LT(completed(r), 255u);
  ASSERT_EQ(r["errors"].size(), 1u);
  EXPECT_EQ(r["errors"][0]["line"], 37);
}

// An isolated run has no objects of its callers: next() reads through a
// global pointer into main's array (global_cursor_local.c). Its tree
// decides the null page (a null dereference exactly where the pointer is
// null) and ends the rest in a frontier, which main's calls reach: they
// run next() (issue 19: the isolated run resolved the read among its own
// objects and main's run reported a null dereference).
TEST_F(SummaryTest, AddressesTheCallerGivesInAGlobalAreFrontiers) {
  json r = check("global_cursor_local.c", "summary", {}, 0);
  EXPECT_TRUE(r["errors"].empty()) << r["errors"].dump(2);
  const json &c = r["stats"]["composition"];
  EXPECT_EQ(c["summaries_composed"], 0);
  bool frontier = false;
  for (const auto &[why, n] : c["inlined_because"].items())
    frontier |= why.find("an address the caller gives") != std::string::npos;
  EXPECT_TRUE(frontier) << c.dump(2);
  json next = tree("next");
  std::multiset<std::string> kinds;
  for (const json &p : next["pairs"])
    kinds.insert(p.value("error", p["kind"].get<std::string>()));
  EXPECT_EQ(kinds.count("null-deref"), 1u) << next.dump(2);
  EXPECT_EQ(kinds.count("frontier"), 1u) << next.dump(2);
}

// Isolated runs end at bounds that do not depend on the machine's speed:
// long_callee.c's mix runs 2.4 million instructions in isolation (the
// options lift the depth and time bounds), so it gets no tree and its call
// runs it.
TEST_F(SummaryTest, IsolatedRunsEndAtTheirInstructionBound) {
  json r = check("long_callee.c", "summary",
                 {"--summary-depth=1000000", "--summary-timeout=0"}, 1);
  const json &c = r["stats"]["composition"];
  EXPECT_EQ(c["functions_not_summarized"], 1);
  EXPECT_EQ(c["not_summarized_because"].value(
                "its isolated run ran more than 2000000 instructions", 0),
            1)
      << c.dump(2);
  EXPECT_EQ(c["summaries_composed"], 0);
  ASSERT_EQ(r["errors"].size(), 1u);
  EXPECT_EQ(r["errors"][0]["line"], 27);
}

// Replay follows single paths: merging is refused with a clear error.
TEST_F(SummaryTest, MergeIsRefusedWithReplay) {
  ProcessResult r = cosmo({"check", "--calls=replay", "--merge=always",
                           "--out=out", (programs / "merge_diamonds.c").string()});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("--merge=always cannot be used with --calls=replay"),
            std::string::npos)
      << r.err;
}

} // namespace
