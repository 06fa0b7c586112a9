// --calls=replay end to end (seed 002): the shapes of the memoization trees
// cosmo writes to OUT/trees for the seed's examples, the marking of paths
// infeasible in a calling context, and the options around it. That replay
// explores the same paths as inline exploration is checked on the whole
// suite by `e2e-replay/...` (ProgramCheckTest).
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

const fs::path programs = COSMO_COMPOSE_PROGRAMS_DIR;

class ComposeTest : public CliFixture {
protected:
  json check(const std::string &program, std::vector<std::string> extra,
             int expectedExit) {
    std::vector<std::string> args = {"check", "--calls=replay", "--out=out",
                                     "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back((programs / program).string());
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, expectedExit) << r.err << r.out;
    return report("out");
  }
  json tree(const std::string &function) {
    std::ifstream in(dir_.path() / "out" / "trees" / (function + ".json"));
    EXPECT_TRUE(in.good()) << "no tree for " << function;
    return in ? json::parse(in) : json{};
  }
};

// Figure 2(a): p's tree has the three feasible paths of its four, one per
// leaf, each a pair with an empty heap part; the two conditionals are at
// lines 14 and 18.
TEST_F(ComposeTest, TreeOfPHasTheSeedsThreePaths) {
  json r = check("pq.c", {}, 1);
  json p = tree("p");
  ASSERT_EQ(p["pairs"].size(), 3u);
  std::set<unsigned> leaves, lines;
  for (const json &pair : p["pairs"]) {
    EXPECT_EQ(pair["kind"], "completed");
    EXPECT_TRUE(pair["heap"].empty());
    leaves.insert(pair["node"].get<unsigned>());
  }
  EXPECT_EQ(leaves.size(), 3u);
  for (const json &n : p["nodes"])
    if (n.contains("line"))
      lines.insert(n["line"].get<unsigned>());
  EXPECT_EQ(lines, (std::set<unsigned>{14, 18}));
  // root, two choices at line 14, three at line 18
  EXPECT_EQ(p["nodes"].size(), 6u);
  EXPECT_EQ(p["function"], "p");
  EXPECT_EQ(p["ir_hash"].get<std::string>().size(), 16u);
}

// Figure 2(b)/3: q's tree is built by replaying p's tree in q's two calling
// contexts. In p(a, b) under a < b two of p's three paths are infeasible;
// in p(b, a) under a >= b one is: three marked of six checked. The nodes
// recorded under p's tree fold into summary nodes.
TEST_F(ComposeTest, CallsOfPMarkTheInfeasiblePaths) {
  json r = check("pq.c", {}, 1);
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["functions_summarized"], 2);
  json q = tree("q");
  size_t via = 0;
  for (const json &n : q["nodes"])
    via += n.value("via_callee_tree", false);
  EXPECT_GT(via, 0u);
  EXPECT_LT(q["nodes_compressed"].get<size_t>(), q["nodes"].size());
  // q's run: 2 calls of p (6 pairs checked, 3 infeasible); main's run: one
  // call of q, whose pairs all hold for unconstrained a and b.
  EXPECT_EQ(c["invocations"], 3);
  EXPECT_EQ(c["replayed"], 3);
  EXPECT_EQ(c["pairs_checked"].get<int>(), 6 + static_cast<int>(q["pairs"].size()));
  EXPECT_EQ(c["pairs_infeasible"], 3);
  EXPECT_EQ(r["verdict"], "false");
  EXPECT_EQ(r["errors"][0]["line"], 28);
}

// Figures 5-7: swap_node under lazy initialisation. Its conditionals give
// three paths; the heap parts say which input configurations take them.
// cosmo resolves an input pointer where it is first dereferenced (SPF does
// on the first read of the field), so this->next->next, only copied, stays
// unresolved: the swapping path has one configuration, not four.
TEST_F(ComposeTest, SwapNodeHasThreePathsAndTheirHeapConfigurations) {
  json r = check("swap_node.c", {"--entry=call_swap_node"}, 0);
  json t = tree("swap_node");
  std::map<unsigned, std::vector<std::vector<std::string>>> completed;
  unsigned errors = 0;
  for (const json &pair : t["pairs"]) {
    if (pair["kind"] == "error") {
      ++errors; // self == null
      EXPECT_EQ(pair["heap"], json::array({"self = null"}));
      continue;
    }
    completed[pair["node"].get<unsigned>()].push_back(
        pair["heap"].get<std::vector<std::string>>());
  }
  EXPECT_EQ(errors, 1u);
  ASSERT_EQ(completed.size(), 3u) << t.dump(2);
  std::multiset<std::vector<std::string>> configs;
  for (auto &[node, heaps] : completed)
    configs.insert(heaps.begin(), heaps.end());
  std::multiset<std::vector<std::string>> expected = {
      {"self = new object 0"}, // self->next == null (a field, not resolved)
      {"self = new object 0", "*self+8 = new object 1"},  // no swap
      {"self = new object 0", "*self+8 = new object 1"},  // swap
      {"self = new object 0", "*self+8 = alias of object 0"}}; // next == self
  EXPECT_EQ(configs, expected) << t.dump(2);
  // The caller passes its own input list: a symbolic pointer the tree's
  // heap check cannot place, so the call is explored inline.
  EXPECT_EQ(r["stats"]["composition"]["inlined"], 1);
}

// A recursive function is summarised up to --summary-depth conditionals;
// calls whose recursion goes deeper leave the tree at its frontier.
TEST_F(ComposeTest, RecursionIsBoundedBySummaryDepth) {
  json r = check("gcd_recursive.c", {"--summary-depth=3"}, 0);
  json t = tree("gcd");
  EXPECT_EQ(t["depth_bound"], 3);
  size_t frontiers = 0;
  for (const json &pair : t["pairs"])
    frontiers += pair["kind"] == "frontier";
  EXPECT_GT(frontiers, 0u);
  EXPECT_GT(r["stats"]["composition"]["guides_dropped"].get<int>(), 0);
  EXPECT_EQ(r["verdict"], "true");
}

// Algorithm 3's numeric check without the solver: where the calling
// context's bounds decide every comparison of classify's paths, all pairs
// but the feasible one fold to false, and the one left needs no query
// because the tree's paths cover all of classify's inputs.
TEST_F(ComposeTest, AContextThatDecidesThePairsAsksNoQuery) {
  json r = check("interval_context.c", {"--solver-opts=none"}, 0);
  json c = r["stats"]["composition"];
  EXPECT_EQ(r["verdict"], "true");
  EXPECT_EQ(c["replayed"], 4);
  EXPECT_GT(c["pairs_checked"].get<int>(), 4);
  EXPECT_EQ(c["pairs_solver_free"], c["pairs_checked"]);
  EXPECT_EQ(c["pair_check_solver_calls"], 0);
}

// An error check met while a tree guides the path is decided by the tree
// too: the index can be 4 in main, so both sides of lookup's bounds check
// lead to live pairs; the replay forks there itself and keeps its guide
// (it used to hand the check to the solver and drop the guide).
TEST_F(ComposeTest, AGuidedReplayDecidesErrorChecks) {
  json r = check("guided_check.c", {"--solver-opts=none"}, 1);
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["replayed"], 1);
  EXPECT_EQ(c["guides_dropped"], 0);
  ASSERT_EQ(r["errors"].size(), 1u);
  EXPECT_EQ(r["errors"][0]["kind"], "out-of-bounds");
  EXPECT_EQ(r["errors"][0]["line"], 15);
  EXPECT_EQ(r["verdict"], "false");
}

// Without solver layers a guided replay forks at error checks itself (with
// them it asks the solver for both sides' models), so the suite's
// replay-against-inline comparison, which runs with every layer on, does
// not see that case: here the programs whose callees' checks a tree
// decides run both ways under --solver-opts=none. checks_at_one_node.c
// has two checks at one instruction (divisor, INT_MIN / -1): told apart
// by their order, or the replay takes an overflow path that is infeasible.
TEST_F(ComposeTest, WithoutSolverLayersReplayExploresTheInlinePaths) {
  auto run = [&](const std::string &program, const std::string &calls) {
    std::string out = "out-" + calls;
    ProcessResult r = cosmo({"check", "--calls=" + calls, "--solver-opts=none",
                             "--out=" + out, "-q",
                             (programs / program).string()});
    EXPECT_NE(r.exitCode, 2) << r.err;
    return report(out);
  };
  for (const char *program :
       {"checks_at_one_node.c", "guided_check.c", "interval_context.c"}) {
    json in = run(program, "inline"), re = run(program, "replay");
    EXPECT_GT(re["stats"]["composition"]["replayed"].get<int>(), 0)
        << program;
    for (const char *k : {"paths_completed", "paths_errored", "paths_cut"})
      EXPECT_EQ(re["stats"][k], in["stats"][k]) << program << ": " << k;
    auto errors = [](const json &r) {
      std::set<std::pair<std::string, int>> e;
      for (const json &x : r["errors"])
        e.insert({x["kind"].get<std::string>(), x["line"].get<int>()});
      return e;
    };
    EXPECT_EQ(errors(re), errors(in)) << program;
    EXPECT_EQ(re["verdict"], in["verdict"]) << program;
  }
}

// Seed 002 section IV.E, H1: under --target=errors an error path of a
// callee's tree that is feasible at the call is reported at once, with the
// call stack through the callees and inputs that make the native program
// fail there; the run stops at that first error.
TEST_F(ComposeTest, TargetErrorsReportsAFeasibleErrorPathWithoutReplay) {
  json r = check("deep_callee_error.c", {"--target=errors"}, 1);
  EXPECT_EQ(r["verdict"], "false");
  ASSERT_EQ(r["errors"].size(), 1u) << r.dump(2);
  json c = r["stats"]["composition"];
  EXPECT_EQ(c["errors_short_circuited"], 1);
  json e = r["errors"][0];
  std::vector<std::string> functions;
  for (const json &f : e["stack"])
    functions.push_back(f["function"]);
  std::vector<std::string> expected =
      e["kind"] == "assert"
          ? std::vector<std::string>{"check_range", "lookup", "process",
                                     "main"}
          : std::vector<std::string>{"lookup", "process", "main"};
  EXPECT_EQ(functions, expected) << e.dump(2);
  ProcessResult replay =
      cosmo({"replay", (dir_.path() / "out" / e["test"].get<std::string>())
                           .string(),
             (programs / "deep_callee_error.c").string()});
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("confirmed"), std::string::npos) << replay.out;
}

// --target=errors without trees stops at the first error too.
TEST_F(ComposeTest, TargetErrorsInlineStopsAtTheFirstError) {
  ProcessResult run =
      cosmo({"check", "--calls=inline", "--target=errors", "--out=out", "-q",
             (programs / "deep_callee_error.c").string()});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  json r = report("out");
  EXPECT_EQ(r["verdict"], "false");
  EXPECT_EQ(r["errors"].size(), 1u);
}

// H2: trees with error paths keep only those; the error is still found
// (and its inputs still trigger it), from smaller trees.
TEST_F(ComposeTest, PruneToErrorsKeepsOnlyErrorPaths) {
  json full = check("deep_callee_error.c", {}, 1);
  size_t fullNodes = tree("lookup")["nodes"].size();
  json r = check("deep_callee_error.c", {"--prune-to-errors"}, 1);
  EXPECT_EQ(r["verdict"], "false");
  ASSERT_EQ(r["errors"].size(), 1u);
  json lookup = tree("lookup");
  ASSERT_FALSE(lookup["pairs"].empty());
  for (const json &pair : lookup["pairs"])
    EXPECT_EQ(pair["kind"], "error") << pair.dump();
  EXPECT_LT(lookup["nodes"].size(), fullNodes);
  ProcessResult replay = cosmo(
      {"replay",
       (dir_.path() / "out" / r["errors"][0]["test"].get<std::string>())
           .string(),
       (programs / "deep_callee_error.c").string()});
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
}

// H2 is incomplete: where no error path of a pruned tree is feasible the
// path ends unexplored, and without an error the verdict is unknown. H1
// alone prunes nothing: the verdict stays true.
TEST_F(ComposeTest, PruneToErrorsWithoutAnErrorIsUnknown) {
  json pruned = check("guarded_error.c", {"--prune-to-errors"}, 3);
  EXPECT_EQ(pruned["verdict"], "unknown");
  EXPECT_GT(pruned["stats"]["composition"]["paths_pruned"].get<int>(), 0);
  EXPECT_NE(pruned["reason"].get<std::string>().find("--prune-to-errors"),
            std::string::npos)
      << pruned["reason"];
  json h1 = check("guarded_error.c", {"--target=errors"}, 0);
  EXPECT_EQ(h1["verdict"], "true");
  EXPECT_EQ(h1["stats"]["composition"]["paths_pruned"], 0);
}

TEST_F(ComposeTest, PruneToErrorsNeedsReplay) {
  ProcessResult run = cosmo({"check", "--calls=inline", "--prune-to-errors",
                             (programs / "pq.c").string()});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--prune-to-errors needs --calls=replay"),
            std::string::npos)
      << run.err;
}

TEST_F(ComposeTest, InlineWritesNoTrees) {
  ProcessResult run = cosmo({"check", "--calls=inline", "--out=out", "-q",
                             (programs / "pq.c").string()});
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_FALSE(fs::exists(dir_.path() / "out" / "trees"));
  EXPECT_EQ(report("out")["stats"]["calls"], "inline");
}

// The default, --calls=auto, summarises what is called often and has no
// loop of its own, inlines the rest, and finds what inline would in a few
// paths where inline takes 3^5; the error's inputs trigger it natively.
TEST_F(ComposeTest, AutoSummarisesTheFunctionsCalledInALoop) {
  ProcessResult run = cosmo({"check", "--out=out", "-q", "--timeout=60",
                             (programs / "auto_choice.c").string()});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  json r = report("out");
  EXPECT_EQ(r["stats"]["calls"], "auto");
  EXPECT_EQ(r["verdict"], "false");
  ASSERT_EQ(r["errors"].size(), 1u);
  const json &c = r["stats"]["composition"];
  EXPECT_EQ(c["functions_summarized"], 1);
  EXPECT_EQ(c["summaries_composed"], 5); // sign's five calls
  EXPECT_LE(r["stats"]["paths_completed"].get<int>() +
                r["stats"]["paths_errored"].get<int>(),
            4);
  const json &why = c["not_summarized_because"];
  EXPECT_EQ(why.value("--calls=auto: called once, outside loops", 0), 1)
      << c.dump(2);
  EXPECT_EQ(why.value("--calls=auto: has a loop", 0), 1) << c.dump(2);
  EXPECT_TRUE(fs::exists(dir_.path() / "out" / "trees" / "sign.json"));
  ProcessResult replay =
      cosmo({"replay",
             (dir_.path() / "out" / r["errors"][0]["test"].get<std::string>())
                 .string(),
             (programs / "auto_choice.c").string()});
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("confirmed"), std::string::npos) << replay.out;
}

TEST_F(ComposeTest, BadCallsValueIsAUsageError) {
  ProcessResult run = cosmo({"check", "--calls=sometimes",
                             (programs / "pq.c").string()});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("--calls"), std::string::npos) << run.err;
}

} // namespace
