// The persistent store (issue 45): a run found in it gives the report a run
// from nothing gives; an edit rebuilds exactly the edited function and its
// callers; a damaged store is set aside; processes sharing a store never
// compute a run twice, and shard workers, one of them killed, leave a
// store from which `cosmo report` assembles the report of a single run.
// The same shard test runs against PostgreSQL when COSMO_TEST_POSTGRES
// names a server (.ci/run starts one).
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

/// A library whose functions each take a second or so (with
/// --max-string=6): long enough for a worker to be killed while it
/// computes one.
std::string slowLibrary() {
  std::string text;
  for (int k = 0; k < 6; ++k)
    text += "int scan" + std::to_string(k) +
            "(const char *s) {\n"
            "  int c = 0;\n"
            "  for (int i = 0; s[i]; ++i) {\n"
            "    if (s[i] == 'a' + " + std::to_string(k) + ") c += i;\n"
            "    else if (s[i] == 'z' - " + std::to_string(k) + ") c -= 1;\n"
            "    else if (s[i] == 'm' + " + std::to_string(k) + ") c ^= 1;\n"
            "  }\n"
            "  if (c == " + std::to_string(7 * k + 12) + ") return 100 / (c - " +
            std::to_string(7 * k + 12) + ");\n"
            "  return c;\n"
            "}\n";
  return text;
}

constexpr const char *kLayered = R"(int leaf(int x) {
  if (x > 40) return x - 40;
  return x;
}
int mid(int x) {
  if (x < 0) return 0;
  return leaf(x) * 2;
}
int top(int x, int y) {
  int r = mid(x);
  if (r == 14 && y == 3) return 1000 / (r - 14);
  return r + y;
}
int other(int y) {
  if (y == 5) return 1;
  return 0;
}
)";

constexpr const char *kProgram = R"(#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int clamp(int v) { return v < 0 ? 0 : v > 9 ? 9 : v; }
int pick(int *a, int i) { return a[clamp(i) + (i == 12)]; }
int main(void) {
  int a[10] = {0};
  int i = __VERIFIER_nondet_int();
  if (i > 10)
    return pick(a, i);
  return a[clamp(i)];
}
)";

class StoreTest : public CliFixture {
protected:
  /// What must not depend on the store: verdicts, errors, inputs, tests.
  json comparable(json r) {
    r.erase("seconds");
    r.erase("store");
    r.erase("jobs");
    if (r.contains("stats"))
      r.erase("stats");
    for (json &f : r["functions"]) {
      f.erase("seconds");
      f.erase("store");
      f.erase("why");
    }
    for (const char *list : {"errors", "latent", "contracts"})
      for (json &e : r[list])
        e.erase("seconds");
    return r;
  }
  /// Every test vector an output directory holds, by its path: its outcome
  /// and its inputs' names (their values are the solver's choice, which
  /// the order of a run's queries can change from run to run).
  std::map<std::string, std::string> tests(const fs::path &out) {
    std::map<std::string, std::string> files;
    for (const auto &e : fs::recursive_directory_iterator(dir_.path() / out))
      if (e.path().extension() == ".json" &&
          e.path().parent_path().filename() == "tests") {
        json t = json::parse(read(fs::relative(e.path(), dir_.path())));
        std::string inputs;
        for (const json &in : t["inputs"])
          inputs += in.value("name", "") + " ";
        files[fs::relative(e.path(), dir_.path() / out).string()] =
            t.value("outcome", "") + " " + t["error"].dump() + " " + inputs;
      }
    return files;
  }
  /// The same without the names of the test files: which path ends first,
  /// and so which test is numbered first, is the solver's choice (a tree
  /// read from the store has the terms of the tree built, made in another
  /// order, and the solver's models follow the order of its terms).
  json findings(json r) {
    r = comparable(r);
    for (const char *list : {"errors", "latent"})
      for (json &e : r[list])
        e.erase("test");
    return r;
  }
  std::multiset<std::string> testSet(const fs::path &out) {
    std::multiset<std::string> set;
    for (const auto &[file, test] : tests(out))
      set.insert(test);
    return set;
  }
  /// Function -> "reused" or "rebuilt" in a project report.
  static std::map<std::string, std::string> storeUse(const json &r) {
    std::map<std::string, std::string> out;
    for (const json &f : r["functions"])
      out[f["function"]] = f.value("store", "none");
    return out;
  }
  std::vector<std::string> all(const std::string &out, const std::string &store,
                               std::vector<std::string> extra = {},
                               const char *jobs = "1") {
    std::vector<std::string> args = {"check", "--all", "-q", "-j", jobs,
                                     "--max-string=6", "--out=" + out,
                                     "--store=" + store};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back("slow.c");
    return args;
  }

  /// Three shard workers on `store`, the second killed after two seconds;
  /// then `cosmo report`. Its report equals a run without a store, and no
  /// run was computed twice by the workers that lived.
  void shardsWithAKilledWorker(const std::string &store) {
    write("slow.c", slowLibrary());
    ProcessResult reference = cosmo(all("ref", "none", {}, "2"), 120);
    ASSERT_EQ(reference.exitCode, 1) << reference.err;

    std::vector<ProcessResult> workers(3);
    std::vector<std::thread> threads;
    for (int k = 0; k < 3; ++k)
      threads.emplace_back([&, k] {
        workers[k] = cosmo(all("w" + std::to_string(k), store,
                               {"--shard=" + std::to_string(k + 1) + "/3",
                                "--store-lease=3"}),
                           k == 1 ? 2 : 120);
      });
    for (std::thread &t : threads)
      t.join();
    EXPECT_EQ(workers[1].ending, ProcessResult::Ending::TimedOut);
    std::map<std::string, int> computed;
    for (int k : {0, 2}) {
      ASSERT_EQ(workers[k].exitCode, 1) << workers[k].out << workers[k].err;
      json r = report("w" + std::to_string(k));
      EXPECT_EQ(comparable(r), comparable(report("ref")));
      for (const auto &[f, use] : storeUse(r))
        computed[f] += use == "rebuilt";
    }
    for (const auto &[f, times] : computed)
      EXPECT_LE(times, 1) << f << " computed by both workers that lived";

    ProcessResult assembled = cosmo(
        {"report", "--all", "-q", "-j", "1", "--max-string=6", "--out=all",
         "--store=" + store, "slow.c"},
        60);
    ASSERT_EQ(assembled.exitCode, 1) << assembled.out << assembled.err;
    json r = report("all");
    EXPECT_EQ(comparable(r), comparable(report("ref")));
    for (const auto &[f, use] : storeUse(r))
      EXPECT_EQ(use, "reused") << f;
    EXPECT_EQ(tests("all"), tests("ref"));
  }
};

TEST_F(StoreTest, ASecondRunReusesItAndReportsTheSame) {
  write("p.c", kProgram);
  for (const char *out : {"o1", "o2"}) {
    ProcessResult r = cosmo({"check", "--store=s.db", "--out=" + std::string(out),
                             "p.c"});
    ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  }
  ProcessResult none = cosmo({"check", "--out=o3", "p.c"});
  ASSERT_EQ(none.exitCode, 1) << none.err;
  json first = report("o1"), second = report("o2");
  EXPECT_EQ(first["store"]["rebuilt"], 1);
  EXPECT_EQ(first["store"]["runs"][0]["why"], "new");
  EXPECT_EQ(second["store"]["reused"], 1);
  EXPECT_EQ(second["stats"]["solver"]["z3"]["queries"], 0);
  EXPECT_GT(first["stats"]["solver"]["z3"]["queries"], 0);
  EXPECT_FALSE(report("o3").contains("store"));
  EXPECT_EQ(comparable(second), comparable(first));
  EXPECT_EQ(comparable(report("o3")), comparable(first));
  EXPECT_EQ(tests("o2"), tests("o1"));
  EXPECT_EQ(read("o2/coverage.json"), read("o1/coverage.json"));

  // Another option is another run.
  int n = 4;
  for (const char *option : {"--check=overflow", "--loop-unroll=2",
                             "--recursion-unroll=2", "--max-errors=1"}) {
    std::string out = "o" + std::to_string(n++);
    cosmo({"check", "--store=s.db", "--out=" + out, option, "p.c"});
    EXPECT_EQ(report(out)["store"]["runs"][0]["why"], "options changed")
        << option;
  }
}

TEST_F(StoreTest, AnEditRebuildsTheFunctionAndItsCallersOnly) {
  write("lib.c", kLayered);
  auto check = [&](const std::string &out, const std::string &store) {
    ProcessResult r = cosmo({"check", "--all", "-q", "-j", "2", "--out=" + out,
                             "--store=" + store, "lib.c"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    return report(out);
  };
  json first = check("o1", "s.db");
  for (const auto &[f, use] : storeUse(first))
    EXPECT_EQ(use, "rebuilt") << f;
  std::string text = kLayered;
  text.replace(text.find("x - 40"), 6, "x - 33");
  write("lib.c", text);
  json edited = check("o2", "s.db");
  EXPECT_EQ(storeUse(edited), (std::map<std::string, std::string>{
                                  {"leaf", "rebuilt"},
                                  {"mid", "rebuilt"},
                                  {"top", "rebuilt"},
                                  {"other", "reused"}}));
  std::map<std::string, std::string> why;
  for (const json &f : edited["functions"])
    why[f["function"]] = f.value("why", "");
  EXPECT_EQ(why["leaf"], "changed");
  EXPECT_EQ(why["mid"], "a callee or a global it reads changed");
  EXPECT_EQ(why["top"], "a callee or a global it reads changed");
  EXPECT_EQ(edited["store"]["reused"], 1);
  EXPECT_EQ(edited["store"]["rebuilt"], 3);
  EXPECT_EQ(comparable(edited), comparable(check("o3", "none")));
}

constexpr const char *kCallees = R"(extern int __VERIFIER_nondet_int(void);
int leaf(int x) {
  if (x > 40) return x - 40;
  return x;
}
int mid(int x) {
  if (x < 0) return 0;
  return leaf(x) * 2;
}
int other(int y) {
  if (y == 5) return 1;
  return 0;
}
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int r = mid(x) + other(y);
  if (r == 15 && y == 5) return 1000 / (r - 15);
  return r;
}
)";

TEST_F(StoreTest, AnEditOfMainTakesItsCalleesTreesFromTheStore) {
  // Seed 002's trees outlive the run: after an edit of main, its callees'
  // trees come from the store; after an edit of a leaf, the leaf's and its
  // callers' trees are built again. Each report equals a storeless run's.
  for (const char *calls : {"--calls=replay", "--calls=summary"}) {
    SCOPED_TRACE(calls);
    std::string mode = std::string(calls).substr(8);
    auto check = [&](const std::string &out, const std::string &store) {
      ProcessResult r = cosmo({"check", calls, "--out=" + out,
                               "--store=" + store, "p.c"});
      EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
      return report(out);
    };
    auto trees = [](const json &r) {
      std::map<std::string, std::string> out;
      for (const json &t : r["store"]["trees"])
        out[t["function"]] = t.value("why", t.value("status", ""));
      return out;
    };
    std::string db = mode + ".db";
    write("p.c", kCallees);
    json first = check(mode + "1", db);
    EXPECT_EQ(trees(first), (std::map<std::string, std::string>{
                                {"leaf", "new"}, {"mid", "new"},
                                {"other", "new"}}));

    std::string text = kCallees;
    text.replace(text.find("1000 /"), 6, "999 /");
    write("p.c", text);
    json edited = check(mode + "2", db);
    EXPECT_EQ(edited["store"]["runs"][0]["why"], "changed");
    EXPECT_EQ(trees(edited), (std::map<std::string, std::string>{
                                 {"leaf", "reused"}, {"mid", "reused"},
                                 {"other", "reused"}}));
    EXPECT_EQ(edited["stats"]["composition"]["init_queries"], 0);
    json plain = check(mode + "3", "none");
    EXPECT_EQ(findings(edited), findings(plain));
    EXPECT_EQ(testSet(mode + "2"), testSet(mode + "3"));
    EXPECT_EQ(edited["stats"]["composition"]["tree_nodes"],
              plain["stats"]["composition"]["tree_nodes"]);

    text.replace(text.find("x - 40"), 6, "x - 33");
    write("p.c", text);
    json leafEdited = check(mode + "4", db);
    EXPECT_EQ(trees(leafEdited),
              (std::map<std::string, std::string>{
                  {"leaf", "changed"},
                  {"mid", "a callee or a global it reads changed"},
                  {"other", "reused"}}));
    EXPECT_EQ(findings(leafEdited), findings(check(mode + "5", "none")));
    EXPECT_EQ(testSet(mode + "4"), testSet(mode + "5"));
  }
}

constexpr const char *kContracted = R"(/*@ requires 0 <= x <= 1000;
    ensures \result == 2 * x;
    assigns \nothing;
*/
int twice(int x) { return x + x; }

/*@ requires n >= 0;
    ensures \result == n;
    assigns \nothing;
*/
int count_up(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i; */
  while (i < n)
    i++;
  return i;
}

int main(void) {
  int a = twice(21);
  //@ assert a == 42;
  return count_up(a) - 42;
}
)";

TEST_F(StoreTest, ContractRunsAreKeptAndOutliveAnEditOfMain) {
  // Each contract's run is a run of its own (ContractRuns.h): kept under
  // its verifier's key, which main is no part of.
  write("c.c", kContracted);
  auto check = [&](const std::string &out, const std::string &store) {
    ProcessResult r = cosmo({"check", "--out=" + out, "--store=" + store, "c.c"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    return report(out);
  };
  auto runs = [](const json &r) {
    std::map<std::string, std::string> out;
    for (const json &u : r["store"]["runs"])
      out[u["function"]] = u.value("why", u.value("status", ""));
    return out;
  };
  json first = check("o1", "s.db");
  EXPECT_EQ(runs(first), (std::map<std::string, std::string>{
                             {"main", "new"},
                             {"__cosmo_contract_verify_twice", "new"},
                             {"__cosmo_contract_verify_count_up", "new"}}));
  json again = check("o2", "s.db");
  EXPECT_EQ(again["store"]["reused"], 3) << again["store"].dump(1);
  EXPECT_EQ(comparable(again), comparable(first));

  std::string text = kContracted;
  text.replace(text.find("a == 42"), 7, "a >= 42");
  write("c.c", text);
  json edited = check("o3", "s.db");
  EXPECT_EQ(runs(edited), (std::map<std::string, std::string>{
                              {"main", "changed"},
                              {"__cosmo_contract_verify_twice", "reused"},
                              {"__cosmo_contract_verify_count_up", "reused"}}));
  json plain = check("o4", "none");
  EXPECT_EQ(comparable(edited), comparable(plain));
  ASSERT_EQ(plain["contracts"].size(), 2u) << plain.dump(1);
  for (const json &c : plain["contracts"])
    EXPECT_EQ(c["status"], "verified") << c.dump();
}

constexpr const char *kLoopCallee = R"(extern unsigned __VERIFIER_nondet_uint(void);
unsigned twice(unsigned n) {
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * n)
    return 1 / (s - s);
  return s;
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 1000)
    return 0;
  return (int)twice(n);
}
)";

TEST_F(StoreTest, AnEditOfMainTakesItsLoopsHornAnswersFromTheStore) {
  // The proof past twice's loop is a Horn question; main's edit renames
  // the values the question speaks of, not the question.
  write("p.c", kLoopCallee);
  std::string said;
  auto check = [&](const std::string &out, const std::string &store) {
    ProcessResult r = cosmo({"check", "--loops=summarize", "--out=" + out,
                             "--store=" + store, "p.c"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    said = r.out + r.err;
    return report(out);
  };
  json first = check("o1", "s.db");
  EXPECT_EQ(first["store"]["horn_answers_reused"], 0);
  ASSERT_GE(first["store"]["horn_answers_kept"], 1) << first["store"].dump(1);
  EXPECT_EQ(first["verdict"], "true");

  std::string text = kLoopCallee;
  text.replace(text.find("  unsigned n ="), 0, "  volatile int e = 1;\n  (void)e;\n");
  write("p.c", text);
  json edited = check("o2", "s.db");
  EXPECT_EQ(edited["store"]["runs"][0]["why"], "changed");
  EXPECT_EQ(edited["store"]["horn_answers_reused"],
            first["store"]["horn_answers_kept"]);
  EXPECT_EQ(edited["store"]["horn_answers_kept"], 0);
  EXPECT_NE(said.find("Horn answers: 1 reused, 0 kept"), std::string::npos) << said;
  json plain = check("o3", "none");
  EXPECT_EQ(comparable(edited), comparable(plain));
  EXPECT_EQ(edited["loop_invariants"], plain["loop_invariants"]);
  EXPECT_EQ(edited["stats"]["loop_summaries"]["refuted_by_horn"],
            plain["stats"]["loop_summaries"]["refuted_by_horn"]);
  EXPECT_EQ(plain["stats"]["loop_summaries"]["refuted_by_horn"], 1);
}

TEST_F(StoreTest, TheRunsOfAllShareTheirCalleesTrees) {
  // A callee's isolated run does not depend on the run's entry: the tree
  // of leaf that mid's run built is the one top's run reads.
  write("lib.c", kLayered);
  auto check = [&](const std::string &out, const std::string &store) {
    ProcessResult r = cosmo({"check", "--all", "-q", "-j", "1", "--calls=replay",
                             "--out=" + out, "--store=" + store, "lib.c"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    return report(out);
  };
  auto trees = [&](const std::string &dir) {
    std::map<std::string, std::string> out;
    json r = report(dir);
    for (const json &t : r["store"]["trees"])
      out[t["function"]] = t.value("why", t.value("status", ""));
    return out;
  };
  json shared = check("o1", "s.db");
  EXPECT_EQ(trees("o1/functions/mid"),
            (std::map<std::string, std::string>{{"leaf", "new"}}));
  EXPECT_EQ(trees("o1/functions/top"),
            (std::map<std::string, std::string>{{"leaf", "reused"},
                                                {"mid", "new"}}));
  json plain = check("o2", "none");
  EXPECT_EQ(findings(shared), findings(plain));
  for (const char *f : {"leaf", "mid", "top", "other"})
    EXPECT_EQ(testSet(std::string("o1/functions/") + f),
              testSet(std::string("o2/functions/") + f))
        << f;
}

TEST_F(StoreTest, ShardWorkersBuildEachCalleesTreeOnce) {
  // Four callers of one slow callee (not an entry: static) over two
  // workers, which both start needing its tree: one builds it, the other
  // waits for it.
  std::string text = "static int scan(const char *s) {\n"
                     "  int c = 0;\n"
                     "  for (int i = 0; s[i]; ++i) {\n"
                     "    if (s[i] == 'a') c += i;\n"
                     "    else if (s[i] == 'z') c -= 1;\n"
                     "    else if (s[i] == 'm') c ^= 1;\n"
                     "  }\n"
                     "  return c;\n"
                     "}\n";
  for (int k = 0; k < 4; ++k)
    text += "int caller" + std::to_string(k) +
            "(const char *s) {\n  int c = scan(s);\n  if (c == " +
            std::to_string(k + 10) + ") return 100 / (c - " +
            std::to_string(k + 10) + ");\n  return c;\n}\n";
  write("lib.c", text);
  auto args = [](const std::string &out, const std::string &store,
                 const std::string &shard) {
    std::vector<std::string> a = {"check", "--all", "-q", "-j", "1",
                                  "--calls=replay", "--max-string=6",
                                  "--out=" + out, "--store=" + store, "lib.c"};
    if (!shard.empty())
      a.push_back("--shard=" + shard);
    return a;
  };
  std::vector<ProcessResult> workers(2);
  std::vector<std::thread> threads;
  for (int k = 0; k < 2; ++k)
    threads.emplace_back([&, k] {
      workers[k] = cosmo(args("w" + std::to_string(k), "s.db",
                              std::to_string(k + 1) + "/2"),
                         120);
    });
  for (std::thread &t : threads)
    t.join();
  std::map<std::string, int> built, read;
  for (int k = 0; k < 2; ++k) {
    ASSERT_EQ(workers[k].exitCode, 1) << workers[k].out << workers[k].err;
    std::string w = "w" + std::to_string(k);
    for (const auto &[f, use] : storeUse(report(w))) {
      if (use != "rebuilt")
        continue;
      json r = report(w + "/functions/" + f);
      for (const json &t : r["store"]["trees"])
        ++(t["status"] == "reused" ? read : built)[t["function"]];
    }
  }
  EXPECT_EQ(built["scan"], 1) << "scan's tree built by both workers";
  EXPECT_EQ(read["scan"], 3);
  ProcessResult plain = cosmo(args("plain", "none", ""), 120);
  ASSERT_EQ(plain.exitCode, 1) << plain.err;
  for (int k = 0; k < 2; ++k)
    EXPECT_EQ(findings(report("w" + std::to_string(k))), findings(report("plain")));
}

TEST_F(StoreTest, ADamagedStoreIsSetAsideAndRebuilt) {
  write("p.c", kProgram);
  ProcessResult clean = cosmo({"check", "--out=ref", "p.c"});
  ASSERT_EQ(clean.exitCode, 1) << clean.err;

  write("garbage.db", std::string(5000, 'x'));
  ProcessResult g = cosmo({"check", "--store=garbage.db", "--out=g", "p.c"});
  ASSERT_EQ(g.exitCode, 1) << g.out << g.err;
  EXPECT_NE(g.err.find("warning: store"), std::string::npos) << g.err;
  EXPECT_NE(g.err.find("set aside"), std::string::npos) << g.err;
  EXPECT_EQ(lines(g.err), 1u) << g.err;
  EXPECT_EQ(comparable(report("g")), comparable(report("ref")));
  ProcessResult again = cosmo({"check", "--store=garbage.db", "--out=g2", "p.c"});
  EXPECT_EQ(report("g2")["store"]["reused"], 1) << again.err;

  // A store cut short in the middle of its file.
  ProcessResult full = cosmo({"check", "--store=cut.db", "--out=c1", "p.c"});
  ASSERT_EQ(full.exitCode, 1) << full.err;
  fs::path db = dir_.path() / "cut.db";
  fs::resize_file(db, fs::file_size(db) / 2);
  ProcessResult cut = cosmo({"check", "--store=cut.db", "--out=c2", "p.c"});
  ASSERT_EQ(cut.exitCode, 1) << cut.out << cut.err;
  EXPECT_EQ(comparable(report("c2")), comparable(report("ref")));
}

TEST_F(StoreTest, TwoProcessesOnOneStoreComputeEachRunOnce) {
  write("slow.c", slowLibrary());
  std::vector<ProcessResult> runs(2);
  std::thread a([&] { runs[0] = cosmo(all("a", "s.db"), 120); });
  std::thread b([&] { runs[1] = cosmo(all("b", "s.db"), 120); });
  a.join();
  b.join();
  ASSERT_EQ(runs[0].exitCode, 1) << runs[0].err;
  ASSERT_EQ(runs[1].exitCode, 1) << runs[1].err;
  json ra = report("a"), rb = report("b");
  EXPECT_EQ(comparable(ra), comparable(rb));
  std::map<std::string, std::string> ua = storeUse(ra), ub = storeUse(rb);
  ASSERT_EQ(ua.size(), 6u);
  for (const auto &[f, use] : ua)
    EXPECT_TRUE((use == "rebuilt") != (ub[f] == "rebuilt"))
        << f << ": " << use << " and " << ub[f];
  EXPECT_EQ(tests("a"), tests("b"));
}

// A run waits for another worker's run of the same key while that worker
// lives, but with --timeout no longer than that limit and a lease time:
// then it computes the run itself (before, it waited for as long as the
// other run took).
TEST_F(StoreTest, AWaitForAnotherWorkersRunEndsWithTheTimeLimit) {
  write("spin.c", R"(extern int __VERIFIER_nondet_int(void);
int main(void) {
  long n = 0;
  while (__VERIFIER_nondet_int())
    n += __VERIFIER_nondet_int() ? 1 : 2;
  return n == 7;
}
)");
  auto run = [&](const std::string &out, const std::string &timeout) {
    return std::vector<std::string>{"check", "--loops=unroll",
                                    "--timeout=" + timeout, "--store=s.db",
                                    "--store-lease=3", "--out=" + out,
                                    "spin.c"};
  };
  ProcessResult holder;
  // The holder lives until 12 s: the waiter, from 2 s, ends by about 9 s;
  // before, it waited until the holder died and its lease ran out (15 s),
  // past its own limit.
  std::thread a([&] { holder = cosmo(run("a", "100"), 12); });
  std::this_thread::sleep_for(std::chrono::seconds(2));
  ProcessResult waiter = cosmo(run("b", "2"), 13);
  a.join();
  EXPECT_EQ(holder.ending, ProcessResult::Ending::TimedOut);
  ASSERT_EQ(waiter.ending, ProcessResult::Ending::Exited) << waiter.err;
  json r = report("b");
  EXPECT_EQ(r["verdict"], "unknown");
  ASSERT_EQ(r["store"]["runs"].size(), 1u);
  EXPECT_EQ(r["store"]["runs"][0]["status"], "rebuilt");
}

TEST_F(StoreTest, ShardWorkersOnAFileTakeOverADeadWorkersRuns) {
  shardsWithAKilledWorker("s.db");
}

TEST_F(StoreTest, ShardWorkersOnPostgresTakeOverADeadWorkersRuns) {
  const char *server = std::getenv("COSMO_TEST_POSTGRES");
  if (!server || !*server)
    GTEST_SKIP() << "no PostgreSQL server: set COSMO_TEST_POSTGRES to a "
                    "postgresql:// URI (.ci/run starts one)";
  // A database of its own: the store's tables start empty.
  std::string db = "cosmo_test_" + dir_.path().filename().string();
  for (char &c : db)
    c = std::isalnum(static_cast<unsigned char>(c))
            ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
            : '_';
  cosmo::report::ProcessRequest create;
  create.argv = {"psql", server, "-qc", "CREATE DATABASE " + db};
  create.timeout = std::chrono::seconds(30);
  ProcessResult made = cosmo::report::runProcess(create);
  ASSERT_EQ(made.exitCode, 0) << made.err;
  std::string uri = server;
  size_t slash = uri.find('/', uri.find("://") + 3);
  size_t query = uri.find('?');
  uri = uri.substr(0, slash == std::string::npos ? uri.size() : slash) + "/" +
        db + (query == std::string::npos ? "" : uri.substr(query));
  shardsWithAKilledWorker(uri);
  ProcessResult stats = cosmo({"store", "stats", "--store=" + uri});
  EXPECT_NE(stats.out.find("6 entries"), std::string::npos) << stats.out;
  cosmo::report::ProcessRequest drop = create;
  drop.argv = {"psql", server, "-qc", "DROP DATABASE " + db};
  cosmo::report::runProcess(drop);
}

TEST_F(StoreTest, StoreCommandsSayWhatTheStoreHolds) {
  write("p.c", kProgram);
  ASSERT_EQ(cosmo({"check", "--store=s.db", "--out=o", "p.c"}).exitCode, 1);
  ProcessResult stats = cosmo({"store", "stats", "--store=s.db"});
  EXPECT_EQ(stats.exitCode, 0) << stats.err;
  EXPECT_NE(stats.out.find("1 entries of 1 functions"), std::string::npos)
      << stats.out;
  ProcessResult gc =
      cosmo({"store", "gc", "--store=s.db", "--store-max-mb=0"});
  EXPECT_NE(gc.out.find("1 least recently used entries removed"),
            std::string::npos)
      << gc.out;
  EXPECT_NE(gc.out.find("0 entries"), std::string::npos) << gc.out;
  ASSERT_EQ(cosmo({"check", "--store=s.db", "--out=o2", "p.c"}).exitCode, 1);
  ProcessResult clear = cosmo({"store", "clear", "--store=s.db"});
  EXPECT_NE(clear.out.find("cleared"), std::string::npos) << clear.out;
  EXPECT_NE(clear.out.find("0 entries"), std::string::npos) << clear.out;
  ProcessResult bad = cosmo({"store", "stats",
                             "--store=postgresql://nobody@127.0.0.1:1/none"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_EQ(lines(bad.err), 1u) << bad.err;
  ProcessResult shard = cosmo({"check", "--all", "--shard=4/3", "p.c"});
  EXPECT_EQ(shard.exitCode, 2);
  EXPECT_NE(shard.err.find("--shard takes K/N"), std::string::npos) << shard.err;
}

} // namespace
