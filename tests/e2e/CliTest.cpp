// The `cosmo` command as a user meets it: exit codes, one-line errors for
// bad input, --help/--version, and runs cut by limits still writing what
// they found.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cosmo::e2e;

namespace {

using CliTest = CliFixture;

TEST_F(CliTest, MissingFileIsAOneLineUsageError) {
  ProcessResult r = cosmo({"check", "nowhere.c"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("no such file: nowhere.c"), std::string::npos) << r.err;
}

// A libm function of a symbolic argument ends its path unknown, and the
// reason names the function and the call (issue 46: never a guess).
TEST_F(CliTest, ALibmFunctionOfASymbolicArgumentIsNamedInTheReason) {
  write("m.c", "#include <math.h>\n"
               "extern double __VERIFIER_nondet_double(void);\n"
               "int main(void) {\n"
               "  double x = __VERIFIER_nondet_double();\n"
               "  return pow(x, 2.0) > 1.0;\n"
               "}\n");
  ProcessResult r = cosmo({"check", "--out=out", "m.c"});
  EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
  nlohmann::json rep = report("out");
  EXPECT_EQ(rep["verdict"], "unknown");
  std::string reasons = rep["unknown_reasons"].dump();
  EXPECT_NE(reasons.find("pow of a symbolic argument (at m.c:5)"),
            std::string::npos)
      << reasons;
}

// The environment options (issue 46): bad values are one-line usage
// errors; the options' inputs reach the test vector, the summary shows the
// command line as the program saw it, and the replay file leaves them out.
TEST_F(CliTest, EnvironmentOptionsAreCheckedAndReachTheTests) {
  write("t.c", "#include <stdio.h>\n"
               "#include <string.h>\n"
               "int main(int argc, char **argv) {\n"
               "  char b[2];\n"
               "  if (argc == 2 && strcmp(argv[1], \"-x\") == 0 &&\n"
               "      fread(b, 1, 2, stdin) == 2 && b[0] == 'o')\n"
               "    return b[1] / (b[1] - 'k');\n"
               "  return 0;\n"
               "}\n");
  for (std::vector<std::string> bad :
       {std::vector<std::string>{"--sym-args", "3", "1", "2"},
        {"--sym-args", "0", "1", "0"},
        {"--sym-files", "27", "4"},
        {"--sym-arg", "0"},
        {"--sym-stdin", "-1"},
        {"--sym-stdin", "2", "--entry=main2"}}) {
    std::vector<std::string> args{"check"};
    args.insert(args.end(), bad.begin(), bad.end());
    args.push_back("t.c");
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, 2) << bad[0] << " " << bad[1] << ": " << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  ProcessResult r = cosmo({"check", "--sym-args", "0", "1", "2", "--sym-stdin",
                           "2", "--out=out", "t.c"});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("argv = {\"prog\", \"-x\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stdin = \"ok\""), std::string::npos) << r.out;
  nlohmann::json rep = report("out");
  ASSERT_EQ(rep["errors"].size(), 1u);
  std::set<std::string> sources;
  nlohmann::json test =
      nlohmann::json::parse(read("out/" + rep["errors"][0]["test"].get<std::string>()));
  for (const nlohmann::json &in : test["inputs"])
    sources.insert(in["source"].get<std::string>());
  EXPECT_EQ(sources, (std::set<std::string>{"argc", "argv", "stdin"}));
  // `cosmo replay` runs it with that command line and standard input.
  ProcessResult replay =
      cosmo({"replay", "out/" + rep["errors"][0]["test"].get<std::string>(), "t.c"});
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("confirmed"), std::string::npos) << replay.out;
  // Without --sym-stdin the same program cannot say what stdin holds.
  ProcessResult plain = cosmo({"check", "--sym-arg", "2", "--out=plain", "t.c"});
  EXPECT_EQ(plain.exitCode, 3) << plain.out << plain.err;
  EXPECT_NE(report("plain")["unknown_reasons"].dump().find("--sym-stdin"),
            std::string::npos);
}

// A struct input reads field by field, each in its C type (issue 46),
// in the summary and in the test vector, which reads back the same.
TEST_F(CliTest, AStructInputReadsFieldByField) {
  write("s.c", "#include <klee/klee.h>\n"
               "typedef struct { int id; char tag[3]; unsigned char on; "
               "void *next; } item_t;\n"
               "int main(void) {\n"
               "  item_t it;\n"
               "  klee_make_symbolic(&it, sizeof it, \"it\");\n"
               "  if (it.id == -7 && it.tag[0] == 'q' && it.on == 200)\n"
               "    klee_assert(it.next != 0);\n"
               "  return 0;\n"
               "}\n");
  ProcessResult r = cosmo({"check", "--out=out", "s.c"});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("input it = {.id = -7, .tag = \"q"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(".on = 200 '\\310', .next = NULL} (item_t"), std::string::npos)
      << r.out;
  nlohmann::json rep = report("out");
  ASSERT_EQ(rep["errors"].size(), 1u);
  nlohmann::json test =
      nlohmann::json::parse(read("out/" + rep["errors"][0]["test"].get<std::string>()));
  const nlohmann::json &in = test["inputs"][0];
  EXPECT_EQ(in["type_kind"], "struct");
  ASSERT_EQ(in["fields"].size(), 4u);
  EXPECT_EQ(in["fields"][3]["name"], "next");
  EXPECT_EQ(in["fields"][3]["type_kind"], "pointer");
  // `cosmo replay` reads the vector back and confirms it.
  ProcessResult replay =
      cosmo({"replay", "out/" + rep["errors"][0]["test"].get<std::string>(), "s.c"});
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
}

TEST_F(CliTest, FileThatIsNeitherCNorIR) {
  write("notes.txt", "hello\n");
  write("garbage.ll", "garbage\n");
  ProcessResult txt = cosmo({"check", "notes.txt"});
  EXPECT_EQ(txt.exitCode, 2);
  EXPECT_NE(txt.err.find("unknown input kind"), std::string::npos) << txt.err;
  ProcessResult ll = cosmo({"check", "garbage.ll"});
  EXPECT_EQ(ll.exitCode, 2);
  EXPECT_EQ(lines(ll.err), 1u) << ll.err;
  EXPECT_NE(ll.err.find("cannot read garbage.ll as LLVM IR"), std::string::npos);
}

TEST_F(CliTest, CompileErrorShowsClangDiagnostics) {
  write("broken.c", "int main( { return 0 }\n");
  ProcessResult r = cosmo({"check", "broken.c"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(r.err.rfind("cosmo: error: cannot compile broken.c", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("broken.c:1:11: error:"), std::string::npos) << r.err;
}

TEST_F(CliTest, MissingEntryNamesItAndTheDefinedFunctions) {
  write("p.c", "int helper(int x) { return x; }\nint main(void) { return 0; }\n");
  ProcessResult r = cosmo({"check", "--entry=nope", "p.c"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_NE(r.err.find("entry function 'nope' is not defined"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("helper"), std::string::npos) << r.err;
}

TEST_F(CliTest, BadOptionValuesAreUsageErrors) {
  write("p.c", "int main(void) { return 0; }\n");
  EXPECT_EQ(cosmo({"check", "--search=sideways", "p.c"}).exitCode, 2);
  EXPECT_EQ(cosmo({"check", "--check=bogus", "p.c"}).exitCode, 2);
  EXPECT_EQ(cosmo({"check", "--no-such-option", "p.c"}).exitCode, 2);
  EXPECT_EQ(cosmo({}).exitCode, 2);
}

// An enum option names its values when given another; the data model's
// spellings (--m32, -m32, --32) are one option, so two that disagree are
// refused whichever spellings are used.
TEST_F(CliTest, EnumValuesAndDataModelSpellings) {
  write("p.c", "int main(void) { return 0; }\n");
  ProcessResult r = cosmo({"check", "--calls=2", "p.c"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("'2' is not one of auto|inline|replay|smart|summary"),
            std::string::npos)
      << r.err;
  for (std::vector<std::string> model :
       {std::vector<std::string>{"--64", "--m32"}, {"-m32", "--64"},
        {"--32", "--m64"}}) {
    std::vector<std::string> args{"check", "--out=o"};
    args.insert(args.end(), model.begin(), model.end());
    args.push_back("p.c");
    ProcessResult m = cosmo(args);
    EXPECT_EQ(m.exitCode, 2) << model[0] << " " << model[1];
    EXPECT_NE(m.err.find("excludes"), std::string::npos) << m.err;
  }
  EXPECT_EQ(cosmo({"check", "--32", "--m32", "--out=o", "p.c"}).exitCode, 0);
}

TEST_F(CliTest, BadSolverOptionsNameTheCulprit) {
  write("p.c", "int main(void) { return 0; }\n");
  ProcessResult r = cosmo({"check", "--solver-opts=independence,cache", "p.c"});
  EXPECT_EQ(r.exitCode, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("unknown solver option 'cache'"), std::string::npos)
      << r.err;
  EXPECT_EQ(cosmo({"check", "--solver-opts=", "p.c"}).exitCode, 2);
}

// The statistics say which layers ran and what each answered; with none,
// every query the engine asks reaches Z3.
TEST_F(CliTest, SolverStatisticsFollowTheLayers) {
  write("branches.c",
        "extern int __VERIFIER_nondet_int(void);\n"
        "int main(void) { int n = 0;\n"
        "  for (int i = 0; i < 4; i++) if (__VERIFIER_nondet_int() > 5) n++;\n"
        "  return n; }\n");
  auto solverStats = [&](const std::string &opts) {
    ProcessResult r = cosmo({"check", "-q", "--solver-opts=" + opts,
                             "--out=" + opts, "branches.c"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    return report(dir_.path() / opts)["stats"]["solver"];
  };
  nlohmann::json none = solverStats("none");
  EXPECT_EQ(none["options"], "none");
  EXPECT_GT(none["queries"].get<uint64_t>(), 0u);
  EXPECT_EQ(none["z3"]["queries"], none["queries"]);
  EXPECT_EQ(none["model_reuse"]["hits"], 0);
  nlohmann::json all = solverStats("all");
  EXPECT_EQ(all["options"], "facts,independence,cex-cache,model-reuse,incremental");
  // The engine asks the same, except for a path's test: with model reuse
  // the path's own model is its test, and no query is asked.
  EXPECT_LE(all["queries"].get<uint64_t>(), none["queries"].get<uint64_t>());
  EXPECT_GT(all["model_reuse"]["hits"].get<uint64_t>(), 0u);
  EXPECT_LT(all["z3"]["queries"].get<uint64_t>(),
            none["z3"]["queries"].get<uint64_t>() / 2);
}

// An assume asks the solver once (is the condition possible here?), not
// twice as a branch does: whether it could also fail does not matter to the
// path that goes on under it. Without solver layers every query reaches Z3:
// two assumes (1 + 1) and a branch that only one side takes (2), then an
// assume that contradicts the path (1) ends it.
TEST_F(CliTest, AnAssumeAsksTheSolverOnce) {
  write("assume.c",
        "extern int __VERIFIER_nondet_int(void);\n"
        "extern void __VERIFIER_assume(int);\n"
        "int main(void) { int x = __VERIFIER_nondet_int();\n"
        "  __VERIFIER_assume(x > 5); __VERIFIER_assume(x < 100);\n"
        "  if (x > 0) { __VERIFIER_assume(x < 3); return 1; }\n"
        "  return 0; }\n");
  ProcessResult r =
      cosmo({"check", "-q", "--solver-opts=none", "--out=out", "assume.c"});
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  nlohmann::json rep = report("out");
  EXPECT_EQ(rep["verdict"], "true");
  EXPECT_EQ(rep["stats"]["paths_completed"], 0);
  EXPECT_EQ(rep["stats"]["solver"]["z3"]["queries"], 5);
}

TEST_F(CliTest, VersionAndHelpDescribeEveryOption) {
  ProcessResult v = cosmo({"--version"});
  EXPECT_EQ(v.exitCode, 0);
  EXPECT_EQ(v.out.rfind("cosmo ", 0), 0u) << v.out;
  ProcessResult h = cosmo({"check", "--help"});
  EXPECT_EQ(h.exitCode, 0);
  for (const char *opt :
       {"--entry", "--out", "--search", "--timeout", "--max-memory",
        "--max-paths", "--max-depth", "--solver-timeout", "--solver-opts",
        "--check",
        "--externals", "--input-array-size", "--max-sym-alloc", "--quiet"})
    EXPECT_NE(h.out.find(opt), std::string::npos) << "--help lacks " << opt;
}

TEST_F(CliTest, ExitCodeFollowsTheVerdict) {
  write("safe.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "int main(void) { int x = __VERIFIER_nondet_int();\n"
                  "  return x > 0 ? 1 : 0; }\n");
  write("buggy.c", "extern int __VERIFIER_nondet_int(void);\n"
                   "int main(void) { int x = __VERIFIER_nondet_int();\n"
                   "  return 10 / x; }\n");
  write("ext.c", "extern int mystery(int);\n"
                 "int main(void) { return mystery(3); }\n");
  EXPECT_EQ(cosmo({"check", "-q", "--out=o1", "safe.c"}).exitCode, 0);
  ProcessResult bug = cosmo({"check", "--out=o2", "buggy.c"});
  EXPECT_EQ(bug.exitCode, 1);
  // The compiler's diagnostic format, so editors can jump to it.
  EXPECT_NE(bug.out.find("buggy.c:3: error: div-by-zero in main"),
            std::string::npos)
      << bug.out;
  ProcessResult ext = cosmo({"check", "--out=o3", "ext.c"});
  EXPECT_EQ(ext.exitCode, 3);
  EXPECT_NE(report(dir_.path() / "o3")["reason"].get<std::string>().find(
                "external function 'mystery'"),
            std::string::npos);
  // With havoc the external returns anything; the program has no error.
  EXPECT_EQ(cosmo({"check", "-q", "--externals=havoc", "--out=o4", "ext.c"})
                .exitCode,
            0);
}

TEST_F(CliTest, ARunCutByAPathLimitStillWritesWhatItFound) {
  write("loop.c", "#include <cosmo.h>\n"
                  "int main(void) { int n = 0;\n"
                  "  for (;;) { int c; cosmo_symbolic(&c, sizeof c, \"c\");\n"
                  "    if (c == 0) break; ++n; }\n"
                  "  cosmo_assert(n != 2);\n  return 0; }\n");
  ProcessResult r =
      cosmo({"check", "--max-paths=4", "--tests=all", "--out=o", "loop.c"});
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err; // the error at n == 2 is found
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_EQ(rep["verdict"], "false");
  ASSERT_EQ(rep["errors"].size(), 1u);
  EXPECT_TRUE(fs::exists(dir_.path() / "o" / rep["errors"][0]["test"]
                                                  .get<std::string>()));
  size_t tests = 0;
  for (auto &e : fs::directory_iterator(dir_.path() / "o" / "tests"))
    tests += e.path().extension() == ".json";
  EXPECT_EQ(tests, 4u);
}

// --loop-unroll: a loop whose trip count is an input runs that many
// iterations on a path (each exit a completed path) before it is
// summarised; --svcomp takes 1 unless given. The verdict is the same.
TEST_F(CliTest, LoopUnrollBoundsTheIterationsRunBeforeASummary) {
  write("count.c", kCountingLoop);
  auto completed = [&](std::vector<std::string> args, const std::string &out) {
    return provedPaths("count.c", std::move(args), out);
  };
  int two = completed({"--loop-unroll=2"}, "u2");
  int sixteen = completed({}, "u16");
  EXPECT_LT(two, sixteen);
  EXPECT_LT(completed({"--svcomp"}, "sv"),
            completed({"--svcomp", "--loop-unroll=16"}, "sv16"));
}

// --recursion-unroll: a recursion whose depth is an input runs that many
// active calls on a path (each depth a completed path) before a call is
// summarised; --svcomp takes 4 unless given. The verdict is the same.
TEST_F(CliTest, RecursionUnrollBoundsTheCallsRunBeforeASummary) {
  write("depth.c", "extern unsigned __VERIFIER_nondet_uint(void);\n"
                   "extern void reach_error(void);\n"
                   "unsigned depth(unsigned n) {\n"
                   "  return n == 0 ? 0 : 1 + depth(n - 1);\n"
                   "}\n"
                   "int main(void) {\n"
                   "  unsigned n = __VERIFIER_nondet_uint();\n"
                   "  if (depth(n) != n) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  auto completed = [&](std::vector<std::string> args, const std::string &out) {
    return provedPaths("depth.c", std::move(args), out);
  };
  int two = completed({"--recursion-unroll=2"}, "r2");
  int sixteen = completed({}, "r16");
  EXPECT_LT(two, sixteen);
  // --loop-unroll leaves recursion alone.
  EXPECT_EQ(completed({"--loop-unroll=2"}, "l2"), sixteen);
  EXPECT_LT(completed({"--svcomp"}, "sv"),
            completed({"--svcomp", "--recursion-unroll=16"}, "sv16"));
}

TEST_F(CliTest, TimeoutEndsAnEndlessConcreteLoop) {
  write("spin.c", "int main(void) { volatile unsigned x = 0;\n"
                  "  for (;;) ++x; }\n");
  ProcessResult r = cosmo(
      {"check", "--loops=unroll", "--timeout=2", "--out=o", "spin.c"}, 30);
  EXPECT_EQ(r.ending, ProcessResult::Ending::Exited);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_LT(r.elapsed.count(), 15000);
  EXPECT_NE(report(dir_.path() / "o")["reason"].get<std::string>().find(
                "time limit of 2s reached"),
            std::string::npos);
  // By default the loop is summarised once it has run 2^16 times: no
  // error is reachable, and no path ends.
  r = cosmo({"check", "--timeout=30", "--out=d", "spin.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(report(dir_.path() / "d")["reason"],
            "no error reachable, and no path reaches the program's end");
}

// Concrete loops around a loop summarised at each arrival (its head ran
// 2^16 times on the path): every summary kept its own copy of the path's
// condition and of the loops it passed, so memory grew with the square of
// the arrivals (5.9 GB in 30 s). Summaries share them with the path: the
// run ends at its time limit, far below the memory limit.
TEST_F(CliTest, LoopsSummarisedAtEveryArrivalShareThePath) {
  write("nest.c", "extern void reach_error(void);\n"
                  "int main(void) {\n"
                  "  for (unsigned a = 0; a < 0xfffffffeu; ++a)\n"
                  "    for (unsigned b = 0; b < 0xfffffffeu; ++b)\n"
                  "      for (unsigned c = 0; c < 0xfffffffeu; ++c)\n"
                  "        if (a == b && b == c && c == 0xfffffffdu)\n"
                  "          reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult r = cosmo({"check", "--svcomp", "--loops=auto",
                           "--timeout=8", "--max-memory=600", "--out=o",
                           "nest.c"},
                          60);
  EXPECT_EQ(r.ending, ProcessResult::Ending::Exited);
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_EQ(rep["verdict"], "unknown");
  EXPECT_NE(rep["reason"].get<std::string>().find("time limit of 8s reached"),
            std::string::npos)
      << rep["reason"];
  EXPECT_GT(rep["stats"]["loop_summaries"]["summarized"].get<int>(), 1000);
}

// A loop left to unrolling says why in report.json: here its pointer is
// read from an array at an input index, so at the arrival it may point to
// either node (the summary carries a pointer into one known object). The
// walk still ends on every path.
TEST_F(CliTest, ALoopsPointerIntoOneOfSeveralObjectsIsNamedInItsRefusal) {
  write("walk.c", "struct node { int v; struct node *next; };\n"
                  "extern int __VERIFIER_nondet_int(void);\n"
                  "int main(void) {\n"
                  "  struct node a = {1, 0}, b = {2, 0};\n"
                  "  a.next = &b;\n"
                  "  struct node *slots[2] = {&a, &b};\n"
                  "  int i = __VERIFIER_nondet_int();\n"
                  "  if (i < 0 || i > 1)\n"
                  "    return 0;\n"
                  "  int s = 0;\n"
                  "  for (struct node *p = slots[i]; p; p = p->next)\n"
                  "    s += p->v;\n"
                  "  return s;\n"
                  "}\n");
  ProcessResult r =
      cosmo({"check", "--loops=summarize", "--out=o", "walk.c"}, 60);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_EQ(rep["verdict"], "true");
  const nlohmann::json &why =
      rep["stats"]["loop_summaries"]["not_summarized_because"];
  EXPECT_TRUE(why.contains("a pointer carried around the loop ('p') whose "
                           "object at the arrival depends on the inputs (one "
                           "of several, or an input's)"))
      << why.dump(2);
}

// Two loops append to one list (seed 001's listing 1 builds its list so,
// and SV-COMP's list-properties): the second loop's nodes are cells of the
// region the first made, so the link from the first's last node to the
// second's first node is a link between cells and both loops are
// summarised. With a region per loop, that link left its region: a path
// of the second loop's body was cut and the loop unrolled.
TEST_F(CliTest, TwoLoopsAppendingToOneListAreBothSummarised) {
  write("two.c", "#include <stdlib.h>\n"
                 "extern int __VERIFIER_nondet_int(void);\n"
                 "extern void reach_error(void);\n"
                 "struct node { int mark; struct node *next; };\n"
                 "int main(void) {\n"
                 "  struct node *head = malloc(sizeof *head);\n"
                 "  if (!head) return 0;\n"
                 "  struct node *p = head, *fresh;\n"
                 "  while (__VERIFIER_nondet_int()) {\n"
                 "    p->mark = 1;\n"
                 "    if (!(fresh = malloc(sizeof *fresh))) return 0;\n"
                 "    p->next = fresh;\n"
                 "    p = fresh;\n"
                 "  }\n"
                 "  while (__VERIFIER_nondet_int()) {\n"
                 "    p->mark = 2;\n"
                 "    if (!(fresh = malloc(sizeof *fresh))) return 0;\n"
                 "    p->next = fresh;\n"
                 "    p = fresh;\n"
                 "  }\n"
                 "  p->mark = 3;\n"
                 "  p->next = 0;\n"
                 "  for (p = head; p->mark != 3; p = p->next)\n"
                 "    if (p->mark != 1 && p->mark != 2) reach_error();\n"
                 "  return 0;\n"
                 "}\n");
  ProcessResult r = cosmo({"check", "--loops=summarize", "--timeout=6",
                           "--out=o", "two.c"},
                          60);
  ASSERT_EQ(r.ending, ProcessResult::Ending::Exited) << r.err;
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_NE(rep["verdict"], "false") << r.out;
  const nlohmann::json &loops = rep["stats"]["loop_summaries"];
  EXPECT_GE(loops["summarized"].get<int>(), 3) << loops.dump(2);
  for (const auto &[why, n] : loops["not_summarized_because"].items()) {
    EXPECT_EQ(why.find("neither null nor"), std::string::npos) << why;
    EXPECT_EQ(why.find("was cut"), std::string::npos) << why;
  }
}

// --svcomp runs the violation it found natively before answering FALSE:
// a native run that completes without it contradicts it, and the answer
// is UNKNOWN with the reason. Here the program itself tells the two apart
// (the native build has AddressSanitizer, cosmo's analysis does not), as
// a bug of cosmo's model would.
TEST_F(CliTest, SvcompWithdrawsAViolationItsNativeRunContradicts) {
  auto program = [](const char *condition) {
    return std::string("extern int __VERIFIER_nondet_int(void);\n"
                       "extern void reach_error(void);\n"
                       "#if defined(__has_feature)\n"
                       "#if __has_feature(address_sanitizer)\n"
                       "#define NATIVE 1\n"
                       "#endif\n"
                       "#endif\n"
                       "#ifndef NATIVE\n"
                       "#define NATIVE 0\n"
                       "#endif\n"
                       "int main(void) {\n"
                       "  int x = __VERIFIER_nondet_int();\n"
                       "  if (") +
           condition +
           ")\n"
           "    reach_error();\n"
           "  return 0;\n"
           "}\n";
  };
  write("differs.c", program("x == 12345 && !NATIVE"));
  ProcessResult r =
      cosmo({"check", "--svcomp", "--timeout=20", "--out=o", "differs.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("unknown: the violation found was not confirmed "
                       "natively: not reproduced: expected assert at line "
                       "14, the native run completed"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(finalLine(r.out), "UNKNOWN");
  // The same error natively too: confirmed, FALSE.
  write("same.c", program("x == 12345"));
  r = cosmo({"check", "--svcomp", "--timeout=20", "--out=p", "same.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("not confirmed"), std::string::npos) << r.out;
  EXPECT_EQ(finalLine(r.out), "FALSE");
  // An uninitialised local is any value for SV-COMP as for cosmo, and
  // natively what the stack holds: its violation is answered as found.
  write("uninit.c", "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  int x;\n"
                    "  if (x == 12345)\n"
                    "    reach_error();\n"
                    "  return 0;\n"
                    "}\n");
  r = cosmo({"check", "--svcomp", "--timeout=20", "--out=q", "uninit.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "FALSE");
}

// --svcomp takes signed overflow as undefined behaviour, which SV-COMP's
// tasks do not have: the summaries of loops and recursion leave out the
// calls and iterations that overflow. Here no linear fact bounds the sum
// in 32-bit arithmetic that wraps (n + sum(n - 1) may wrap below n), and
// without overflow `sum(n) >= n` is one. The program's own paths still
// wrap as its native build does: a violation past an overflow on them is
// found and confirmed.
TEST_F(CliTest, SvcompSummariesTakeSignedOverflowAsUndefined) {
  write("sum.c", "extern int __VERIFIER_nondet_int(void);\n"
                 "extern void reach_error(void);\n"
                 "int sum(int n) {\n"
                 "  if (n <= 0)\n"
                 "    return 0;\n"
                 "  return n + sum(n - 1);\n"
                 "}\n"
                 "int main(void) {\n"
                 "  int n = __VERIFIER_nondet_int();\n"
                 "  if (n < 0 || n > 1000)\n"
                 "    return 0;\n"
                 "  if (sum(n) < n)\n"
                 "    reach_error();\n"
                 "  return 0;\n"
                 "}\n");
  ProcessResult r =
      cosmo({"check", "--svcomp", "--timeout=20", "--out=o", "sum.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "TRUE") << r.out;
  write("wrap.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int main(void) {\n"
                  "  int x = __VERIFIER_nondet_int();\n"
                  "  if (x > 0 && x + 1 < 0)\n"
                  "    reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  r = cosmo({"check", "--svcomp", "--timeout=20", "--out=p", "wrap.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "FALSE") << r.out;
}

// --svcomp takes its reachability tasks as memory safe: a free of a node
// of a loop's node region (no freed mark per node) frees nothing there,
// and the list built, walked and freed is proved, as a 32-bit program.
// Without --svcomp the free ends its path cut: no TRUE.
TEST_F(CliTest, SvcompTakesAFreedNodeAsNeverUsedAgain) {
  write("freed.c", "#include <stdlib.h>\n"
                   "extern int __VERIFIER_nondet_int(void);\n"
                   "extern void reach_error(void);\n"
                   "struct item { int key; struct item *next; };\n"
                   "int main(void) {\n"
                   "  struct item *top = 0;\n"
                   "  int n = __VERIFIER_nondet_int();\n"
                   "  for (int i = 0; i < n; i++) {\n"
                   "    struct item *fresh = malloc(sizeof *fresh);\n"
                   "    if (!fresh)\n"
                   "      return 0;\n"
                   "    fresh->key = 5;\n"
                   "    fresh->next = top;\n"
                   "    top = fresh;\n"
                   "  }\n"
                   "  for (struct item *at = top; at; at = at->next)\n"
                   "    if (at->key != 5)\n"
                   "      reach_error();\n"
                   "  while (top) {\n"
                   "    struct item *rest = top->next;\n"
                   "    free(top);\n"
                   "    top = rest;\n"
                   "  }\n"
                   "  return 0;\n"
                   "}\n");
  ProcessResult r = cosmo(
      {"check", "--svcomp", "--32", "--timeout=30", "--out=o", "freed.c"}, 90);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "TRUE") << r.out;
  r = cosmo({"check", "--32", "--timeout=3", "--out=p", "freed.c"}, 60);
  EXPECT_NE(r.out.find("verdict: unknown"), std::string::npos) << r.out;
}

// A list whose length a counter bounds (at most 12 nodes, appended to
// its head node) is built by running its loop, not summarised: each
// node stays an object of its own, and the walk and the frees after it
// run on them. The same list with a wrong key on its ninth node is found.
TEST_F(CliTest, SvcompRunsALoopOverNodesThatACounterBounds) {
  auto program = [](const char *check) {
    return std::string("#include <stdlib.h>\n"
                       "extern int __VERIFIER_nondet_int(void);\n"
                       "extern void reach_error(void);\n"
                       "struct cell { int key; struct cell *next; };\n"
                       "int main(void) {\n"
                       "  struct cell *first = malloc(sizeof *first);\n"
                       "  struct cell *at = first;\n"
                       "  int made = 1;\n"
                       "  while (made < 12 && __VERIFIER_nondet_int()) {\n"
                       "    at->key = made;\n"
                       "    at->next = malloc(sizeof *at);\n"
                       "    at = at->next;\n"
                       "    made++;\n"
                       "  }\n"
                       "  at->key = made;\n"
                       "  at->next = 0;\n"
                       "  int seen = 0;\n"
                       "  for (at = first; at; at = at->next)\n"
                       "    if (") +
           check +
           ")\n"
           "      reach_error();\n"
           "  while (first) {\n"
           "    at = first->next;\n"
           "    free(first);\n"
           "    first = at;\n"
           "  }\n"
           "  return 0;\n"
           "}\n";
  };
  write("bounded.c", program("at->key != ++seen"));
  ProcessResult r =
      cosmo({"check", "--svcomp", "--out=o", "bounded.c"}, 120);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "TRUE") << r.out;
  nlohmann::json rep = report("o");
  EXPECT_EQ(rep["stats"]["loop_summaries"]["summarized"], 0) << r.out;
  EXPECT_EQ(rep["stats"]["paths_completed"], 12) << r.out;
  write("bounded_bug.c", program("at->key != ++seen || seen == 9"));
  r = cosmo({"check", "--svcomp", "--out=p", "bounded_bug.c"}, 120);
  EXPECT_EQ(finalLine(r.out), "FALSE") << r.out;
}

// --svcomp with a time limit and no --loops: --loops=unroll for a tenth of
// it, then the default strategy up to 55 %, then --loops=summarize. Here
// the fill runs concretely 2^16 times before it is summarised (its end,
// 2^20, is too far to run to), and the summary keeps only the last of
// those writes: no proof; summarised at its first arrival, the loop's
// template proves it.
TEST_F(CliTest, SvcompAsksAnUnknownAgainWithLoopsSummarised) {
  write("fill.c", "extern void reach_error(void);\n"
                  "int a[1048576];\n"
                  "int main(void) {\n"
                  "  for (int i = 0; i < 1048576; i++) a[i] = 42;\n"
                  "  for (int j = 0; j < 1048576; j++)\n"
                  "    if (a[j] != 42) reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult r =
      cosmo({"check", "--svcomp", "--timeout=10", "--out=o", "fill.c"}, 90);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("unknown with --loops=unroll"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("again with --loops=summarize"), std::string::npos)
      << r.out;
  EXPECT_EQ(finalLine(r.out), "TRUE");
  // With --loops given, it is the only strategy.
  r = cosmo({"check", "--svcomp", "--loops=auto", "--timeout=4", "--out=p",
             "fill.c"},
            60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("again with"), std::string::npos) << r.out;
  EXPECT_EQ(finalLine(r.out), "UNKNOWN");
}

// A question past a loop that makes nodes gets 16 times --horn-timeout,
// in a run with a time limit too, but at most half the time the run has
// left: here the walk's question over a list built from the inputs (seed
// 001's listing 1, about 12 s) is asked longer than --horn-timeout's 3 s,
// and the run still ends at its 5 s limit, not at the question's 48 s.
TEST_F(CliTest, ARunWithATimeLimitGivesAQuestionLongerWithinIt) {
  write("remove.c", "#include <stdlib.h>\n"
                    "extern int __VERIFIER_nondet_int(void);\n"
                    "extern void reach_error(void);\n"
                    "struct node { int key; struct node *next; };\n"
                    "int main(void) {\n"
                    "  struct node *list = 0;\n"
                    "  int x = __VERIFIER_nondet_int();\n"
                    "  int n = __VERIFIER_nondet_int();\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    struct node *q = malloc(sizeof *q);\n"
                    "    if (!q) return 0;\n"
                    "    q->key = __VERIFIER_nondet_int();\n"
                    "    q->next = list;\n"
                    "    list = q;\n"
                    "  }\n"
                    "  struct node head = {x, list};\n"
                    "  struct node *p = &head;\n"
                    "  while (p->next) {\n"
                    "    if (p->next->key == x) p->next = p->next->next;\n"
                    "    else p = p->next;\n"
                    "  }\n"
                    "  for (p = head.next; p; p = p->next)\n"
                    "    if (p->key == x) reach_error();\n"
                    "  return 0;\n"
                    "}\n");
  ProcessResult r =
      cosmo({"check", "--timeout=5", "--out=o", "remove.c"}, 60);
  ASSERT_EQ(r.ending, ProcessResult::Ending::Exited) << r.err;
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_NE(rep["verdict"], "false") << r.out;
  const nlohmann::json &loops = rep["stats"]["loop_summaries"];
  EXPECT_GE(loops["horn_queries"].get<int>(), 1) << loops.dump(2);
  EXPECT_GE(loops["asked_longer"].get<int>(), 1) << loops.dump(2);
  // (Far below the 48 s a question would get without the limit.)
  EXPECT_LT(loops["horn_seconds"].get<double>(), 30) << loops.dump(2);
}

// A question the Horn solver leaves undecided hands its loop to unrolling,
// which may still decide it; when the run then ends at its time limit, the
// reasons say which error was left open and past which loop, not only that
// time ran out. (xorshift from 1 never meets that value in three steps;
// no invariant the solvers find says so, and the loop has no bound.)
TEST_F(CliTest, AnUnknownNamesTheErrorItsUnrolledLoopLeftOpen) {
  write("xs.c", "extern unsigned __VERIFIER_nondet_uint(void);\n"
                "extern void reach_error(void);\n"
                "int main(void) {\n"
                "  unsigned x = 1, n = 0;\n"
                "  while (__VERIFIER_nondet_uint()) {\n"
                "    x ^= x << 13;\n"
                "    x ^= x >> 17;\n"
                "    x ^= x << 5;\n"
                "    n++;\n"
                "  }\n"
                "  if (x == 0x2545F491u && n < 3)\n"
                "    reach_error();\n"
                "  return 0;\n"
                "}\n");
  ProcessResult r = cosmo({"check", "--timeout=4", "--horn-timeout=1",
                           "--out=o", "xs.c"},
                          60);
  ASSERT_EQ(r.ending, ProcessResult::Ending::Exited) << r.err;
  nlohmann::json rep = report(dir_.path() / "o");
  ASSERT_EQ(rep["verdict"], "unknown") << r.out;
  const nlohmann::json &reasons = rep["unknown_reasons"];
  ASSERT_EQ(reasons.size(), 2u) << reasons.dump(2);
  EXPECT_NE(reasons[0].get<std::string>().find("time limit"),
            std::string::npos)
      << reasons.dump(2);
  std::string open = reasons[1].get<std::string>();
  EXPECT_NE(open.find("at xs.c:12 is reachable past the loop at xs.c:5 was "
                      "not decided"),
            std::string::npos)
      << open;
  EXPECT_NE(open.find("(the loop was unrolled for it)"), std::string::npos)
      << open;
}

// --svcomp's first strategy, --loops=unroll for a tenth of the time:
// loops that the inputs bound only through a counter beside them
// (`n < until && nondet()`, in a helper called in other loops) end every
// path at once, where neither the default strategy nor summaries prove the
// list's length in the same time. The mutant's error is found the same way.
TEST_F(CliTest, SvcompUnrollsFirstWhereCountersBoundEveryLoop) {
  auto program = [](const std::string &bad) {
    return "#include <stdlib.h>\n"
           "extern int __VERIFIER_nondet_int(void);\n"
           "extern void reach_error(void);\n"
           "struct node { struct node *next; };\n"
           "static int pick(int from, int until) {\n"
           "  int n = from;\n"
           "  while (n < until && __VERIFIER_nondet_int()) n++;\n"
           "  return n;\n"
           "}\n"
           "int main(void) {\n"
           "  struct node *list = 0;\n"
           "  int len = pick(1, 4);\n"
           "  for (int i = 0; i < len; i++) {\n"
           "    struct node *n = malloc(sizeof *n);\n"
           "    if (!n) return 0;\n"
           "    n->next = list; list = n;\n"
           "  }\n"
           "  int extra = pick(0, len);\n"
           "  for (int i = 0; i < extra; i++) {\n"
           "    struct node **at = &list;\n"
           "    for (int k = pick(0, len + i); k > 0; k--) at = &(*at)->next;\n"
           "    struct node *n = malloc(sizeof *n);\n"
           "    if (!n) return 0;\n"
           "    n->next = *at; *at = n;\n"
           "  }\n"
           "  int count = 0;\n"
           "  for (struct node *p = list; p; p = p->next) count++;\n"
           "  if (" + bad + ") reach_error();\n"
           "  return 0;\n"
           "}\n";
  };
  write("insert.c", program("count != len + extra"));
  ProcessResult r =
      cosmo({"check", "--svcomp", "--timeout=20", "--out=o", "insert.c"}, 90);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(r.out.find("again with"), std::string::npos) << r.out;
  EXPECT_EQ(finalLine(r.out), "TRUE") << r.out;
  // The default strategy alone does not end.
  r = cosmo({"check", "--svcomp", "--loops=auto", "--timeout=2", "--out=p",
             "insert.c"},
            60);
  EXPECT_EQ(finalLine(r.out), "UNKNOWN") << r.out;
  write("insert_bug.c", program("count != len + extra || extra == 3"));
  r = cosmo({"check", "--svcomp", "--timeout=20", "--out=q", "insert_bug.c"},
            90);
  EXPECT_EQ(finalLine(r.out), "FALSE") << r.out;
}

// A read at a symbolic index of an array a concrete loop wrote 100,000
// times: Z3 recursed over the 400,000-store chain past the main thread's
// stack (a crash) and, on a larger stack, for minutes past every limit.
// The path is cut at once, naming the object and the line.
TEST_F(CliTest, SymbolicReadOfAHugeWrittenArrayIsCut) {
  write("fill.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int a[100000];\n"
                  "int main(void) {\n"
                  "  for (int i = 0; i < 100000; i++) a[i] = i;\n"
                  "  int j = __VERIFIER_nondet_int();\n"
                  "  if (j < 0 || j >= 100000) return 0;\n"
                  "  if (a[j] != j) reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult r = cosmo({"check", "--timeout=60", "--out=o", "fill.c"}, 120);
  EXPECT_EQ(r.ending, ProcessResult::Ending::Exited);
  EXPECT_EQ(r.exitCode, 3);
  EXPECT_NE(report(dir_.path() / "o")["reason"].get<std::string>().find(
                "symbolic offset of 'a' at fill.c:8"),
            std::string::npos);
}

// A query Z3 needs minutes for (two 64-bit multiply-xor chains to invert).
constexpr const char *kHardQuery = R"(extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  unsigned long y = __VERIFIER_nondet_ulong();
  for (int i = 0; i < 3; ++i) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdUL;
    x ^= y;
    y *= 0xc4ceb9fe1a85ec53UL;
    y ^= y >> 29;
  }
  if (x == 0x1234567890abcdefUL && y == 0x0fedcba987654321UL)
    reach_error();
  return 0;
}
)";

TEST_F(CliTest, SigtermStopsARunningSolverQuery) {
  write("hard.c", kHardQuery);
  // No per-query limit: only the signal can end the query.
  std::string cmd = std::string(COSMO_CLI_BINARY) +
                    " check --solver-timeout=0 --out=o hard.c & pid=$!; "
                    "sleep 2; kill -TERM $pid; wait $pid";
  cosmo::report::ProcessRequest r;
  r.argv = {"/bin/sh", "-c", cmd};
  r.workingDirectory = dir_.path();
  r.timeout = std::chrono::seconds(30);
  ProcessResult run = cosmo::report::runProcess(r);
  ASSERT_EQ(run.ending, ProcessResult::Ending::Exited) << run.err;
  EXPECT_EQ(run.exitCode, 3) << run.out << run.err;
  nlohmann::json rep = report(dir_.path() / "o");
  EXPECT_EQ(rep["verdict"], "unknown");
  EXPECT_NE(rep["reason"].get<std::string>().find("interrupted"),
            std::string::npos)
      << rep["reason"];
}

} // namespace
