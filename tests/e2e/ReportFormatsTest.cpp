// What a run leaves for the user besides report.json: SARIF, SV-COMP
// verdicts and witnesses, line coverage and `cosmo show`, numbered output
// directories, and the progress line (only on a terminal).
#include "CliFixture.h"
#include "NativeToolchain.h"
#include "ProgramSpec.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

// Two inputs, an error on one path, a line no path reaches.
constexpr const char *kProgram = R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 10 && b == a + 3)
    reach_error();
  if (a > 5 && a < 3)
    return 7;
  return 0;
}
)";
constexpr unsigned kNondetLineA = 4, kNondetLineB = 5, kErrorLine = 7,
                   kDeadLine = 9;

class ReportFormatsTest : public CliFixture {
protected:
  json readJson(const fs::path &p) {
    std::ifstream in(p);
    EXPECT_TRUE(in.good()) << "cannot read " << p;
    return in ? json::parse(in) : json{};
  }
};

TEST_F(ReportFormatsTest, SarifHasTheRequiredFieldsAndTheErrorsPath) {
  write("prog.c", kProgram);
  ProcessResult r = cosmo({"check", "--format=sarif", "--out=out", "prog.c"});
  ASSERT_EQ(r.exitCode, 1) << r.err;
  json report = readJson(dir_.path() / "out/report.json");
  json sarif = readJson(dir_.path() / "out/report.sarif");
  EXPECT_EQ(sarif["version"], "2.1.0");
  ASSERT_TRUE(sarif["runs"].is_array());
  ASSERT_EQ(sarif["runs"].size(), 1u);
  const json &run = sarif["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "cosmo");
  std::set<std::string> rules;
  for (const json &rule : run["tool"]["driver"]["rules"]) {
    ASSERT_TRUE(rule.contains("id"));
    rules.insert(rule["id"].get<std::string>());
  }
  ASSERT_EQ(run["results"].size(), report["errors"].size());
  ASSERT_EQ(run["results"].size(), 1u);
  const json &result = run["results"][0];
  EXPECT_TRUE(result["message"]["text"].is_string());
  EXPECT_EQ(result["ruleId"], "assert");
  EXPECT_TRUE(rules.count(result["ruleId"].get<std::string>()));
  const json &loc = result["locations"][0]["physicalLocation"];
  EXPECT_TRUE(loc["artifactLocation"]["uri"].is_string());
  EXPECT_EQ(loc["region"]["startLine"], kErrorLine);
  // The path: both inputs where the program asked for them, then the error.
  const json &steps = result["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_GE(steps.size(), 3u);
  auto lineOf = [](const json &step) {
    return step["location"]["physicalLocation"]["region"]["startLine"]
        .get<unsigned>();
  };
  EXPECT_EQ(lineOf(steps[0]), kNondetLineA);
  EXPECT_EQ(lineOf(steps[1]), kNondetLineB);
  EXPECT_EQ(lineOf(steps.back()), kErrorLine);
  // Without --format=sarif there is none.
  ASSERT_EQ(cosmo({"check", "--out=plain", "prog.c"}).exitCode, 1);
  EXPECT_FALSE(fs::exists(dir_.path() / "plain/report.sarif"));
  EXPECT_TRUE(fs::exists(dir_.path() / "plain/report.json"));
}

TEST_F(ReportFormatsTest, TestVectorsSayWhereEachInputWasRead) {
  write("prog.c", kProgram);
  ASSERT_EQ(cosmo({"check", "--out=out", "prog.c"}).exitCode, 1);
  json report = readJson(dir_.path() / "out/report.json");
  json test = readJson(dir_.path() / "out" /
                       report["errors"][0]["test"].get<std::string>());
  ASSERT_EQ(test["inputs"].size(), 2u);
  EXPECT_EQ(test["inputs"][0]["location"]["line"], kNondetLineA);
  EXPECT_EQ(test["inputs"][1]["location"]["line"], kNondetLineB);
  EXPECT_EQ(test["inputs"][0]["location"]["function"], "main");
}

TEST_F(ReportFormatsTest, SvcompModeAnswersEveryTaskOfTheSuite) {
  unsigned checked = 0, witnesses = 0;
  for (const auto &entry :
       fs::directory_iterator(fs::path(COSMO_E2E_PROGRAMS_DIR) / "svcomp")) {
    if (entry.path().extension() != ".c")
      continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    ProgramSpecParse parse = parseProgramSpec(text.str());
    ASSERT_TRUE(parse.spec) << entry.path();
    const ProgramSpec &spec = *parse.spec;
    // reach_error (kind assert) is the property; other errors alone leave
    // it open.
    std::optional<ErrorSite> violation;
    for (const ErrorSite &e : spec.errors)
      if (e.kind == "assert" && !violation)
        violation = e;
    std::string expected = violation                       ? "FALSE"
                           : spec.verdict == Verdict::True ? "TRUE"
                                                           : "UNKNOWN";
    std::vector<std::string> args = {"check", "--svcomp", "--out=sv"};
    args.insert(args.end(), spec.runArgs.begin(), spec.runArgs.end());
    args.push_back(entry.path().string());
    ProcessResult r = cosmo(args, 120);
    ASSERT_EQ(r.exitCode, 0) << entry.path() << ": " << r.err;
    EXPECT_EQ(finalLine(r.out), expected) << entry.path();
    // The paths that ended with no assertion ahead are among the completed
    // ones (not those a confirming run's watch took).
    const nlohmann::json stats = report(dir_.path() / "sv")["stats"];
    EXPECT_LE(stats["paths_past_assertions"].get<uint64_t>(),
              stats["paths_completed"].get<uint64_t>())
        << entry.path();
    ++checked;
    fs::path witness = dir_.path() / "sv/witness.yml";
    ASSERT_EQ(fs::exists(witness), expected != "UNKNOWN") << entry.path();
    if (expected == "TRUE") {
      YAML::Node doc = YAML::LoadFile(witness.string());
      ASSERT_TRUE(doc.IsSequence());
      EXPECT_EQ(doc[0]["entry_type"].as<std::string>(), "invariant_set");
      EXPECT_TRUE(doc[0]["content"].IsSequence()) << entry.path();
      fs::remove(witness);
    }
    if (expected != "FALSE")
      continue;
    ++witnesses;
    YAML::Node doc = YAML::LoadFile(witness.string());
    ASSERT_TRUE(doc.IsSequence());
    YAML::Node w = doc[0];
    EXPECT_EQ(w["entry_type"].as<std::string>(), "violation_sequence");
    EXPECT_EQ(w["metadata"]["format_version"].as<std::string>(), "2.0");
    EXPECT_EQ(w["metadata"]["task"]["data_model"].as<std::string>(), "LP64");
    std::string file = entry.path().string();
    EXPECT_EQ(w["metadata"]["task"]["input_files"][0].as<std::string>(), file);
    std::string hash =
        w["metadata"]["task"]["input_file_hashes"][file].as<std::string>();
    EXPECT_TRUE(std::regex_match(hash, std::regex("[0-9a-f]{64}"))) << hash;
    YAML::Node content = w["content"];
    ASSERT_GE(content.size(), 1u);
    YAML::Node target = content[content.size() - 1]["segment"][0]["waypoint"];
    EXPECT_EQ(target["type"].as<std::string>(), "target");
    EXPECT_EQ(target["action"].as<std::string>(), "follow");
    EXPECT_EQ(target["location"]["line"].as<int>(), violation->line)
        << entry.path();
    for (size_t i = 0; i + 1 < content.size(); ++i) {
      YAML::Node wp = content[i]["segment"][0]["waypoint"];
      EXPECT_EQ(wp["type"].as<std::string>(), "function_return");
      EXPECT_TRUE(std::regex_match(
          wp["constraint"]["value"].as<std::string>(),
          std::regex(R"(\\result == (-?[0-9]+|\(.*\)))")))
          << wp["constraint"]["value"].as<std::string>();
      EXPECT_GT(wp["location"]["line"].as<int>(), 0);
    }
  }
  EXPECT_GE(checked, 15u);
  EXPECT_GE(witnesses, 5u);
}

// A correctness witness's loop invariant is a C expression over the
// variables at the loop head that holds at every visit: built into the
// program at the head, it holds on native runs of every kind of input
// (and names no variable the head does not have yet: `m`, `last`).
TEST_F(ReportFormatsTest, CorrectnessWitnessInvariantsHoldNatively) {
  constexpr const char *kLoop = R"(extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) { i++; s += 2; }
  int m = n, last = i; // same C scope, given their values past the loop
  if (n >= 0 && s != 2 * m) reach_error();
  return last - i;
}
)";
  write("count.c", kLoop);
  ProcessResult r = cosmo({"check", "--svcomp", "--loops=summarize",
                           "--out=sv", "count.c"});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  ASSERT_EQ(finalLine(r.out), "TRUE") << r.out;
  YAML::Node doc = YAML::LoadFile((dir_.path() / "sv/witness.yml").string());
  YAML::Node w = doc[0];
  EXPECT_EQ(w["entry_type"].as<std::string>(), "invariant_set");
  EXPECT_EQ(w["metadata"]["format_version"].as<std::string>(), "2.0");
  ASSERT_EQ(w["content"].size(), 1u);
  YAML::Node inv = w["content"][0]["invariant"];
  EXPECT_EQ(inv["type"].as<std::string>(), "loop_invariant");
  EXPECT_EQ(inv["format"].as<std::string>(), "c_expression");
  EXPECT_EQ(inv["location"]["line"].as<int>(), 6);
  EXPECT_EQ(inv["location"]["function"].as<std::string>(), "main");
  std::string value = inv["value"].as<std::string>();
  // It relates s to i (what the proof needs), not only bounds.
  EXPECT_NE(value.find('s'), std::string::npos) << value;
  write("holds.c", "#include <stdlib.h>\n"
                   "static int holds(int c) { if (!c) abort(); return 1; }\n"
                   "int main(int argc, char **argv) {\n"
                   "  int n = atoi(argv[1]);\n"
                   "  int i = 0, s = 0;\n"
                   "  while (holds(" + value + ") && i < n) { i++; s += 2; }\n"
                   "  return 0;\n"
                   "}\n");
  cosmo::report::ProcessRequest build;
  build.argv = {cosmo::e2e::defaultNativeToolchain().clang, "-w", "-o", "holds", "holds.c"};
  build.workingDirectory = dir_.path();
  build.timeout = std::chrono::seconds(60);
  ProcessResult built = cosmo::report::runProcess(build);
  ASSERT_EQ(built.exitCode, 0) << built.err << value;
  for (const char *n : {"-7", "0", "1", "5", "1000", "1073741823"}) {
    cosmo::report::ProcessRequest run;
    run.argv = {(dir_.path() / "holds").string(), n};
    run.workingDirectory = dir_.path();
    run.timeout = std::chrono::seconds(60);
    EXPECT_EQ(cosmo::report::runProcess(run).exitCode, 0)
        << "n = " << n << ": " << value;
  }
  // A wrong invariant is caught: the check can fail.
  write("fails.c", "#include <stdlib.h>\nint main(void) { int n = 3, i = 0, "
                   "s = 1; if (!(" + value + ")) abort(); return 0; }\n");
  build.argv = {cosmo::e2e::defaultNativeToolchain().clang, "-w", "-o", "fails", "fails.c"};
  ASSERT_EQ(cosmo::report::runProcess(build).exitCode, 0) << value;
  cosmo::report::ProcessRequest run;
  run.argv = {(dir_.path() / "fails").string()};
  run.workingDirectory = dir_.path();
  run.timeout = std::chrono::seconds(60);
  EXPECT_NE(cosmo::report::runProcess(run).exitCode, 0) << value;
}

TEST_F(ReportFormatsTest, SvcompModeRejectsWhatItCannotAnswer) {
  write("prog.c", kProgram);
  for (std::vector<std::string> args :
       {std::vector<std::string>{"check", "--svcomp", "--32", "--64", "prog.c"},
        std::vector<std::string>{"check", "--svcomp", "--entry=main2",
                                 "prog.c"},
        std::vector<std::string>{"check", "--format=xml", "prog.c"}}) {
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, 2) << args[2];
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
}

TEST_F(ReportFormatsTest, CoverageMarksTheLinesNoPathReached) {
  fs::path prog = write("prog.c", kProgram);
  ASSERT_EQ(cosmo({"check", "--out=out", "prog.c"}).exitCode, 1);
  json cov = readJson(dir_.path() / "out/coverage.json");
  ASSERT_EQ(cov["files"].size(), 1u);
  const json &f = cov["files"][0];
  auto has = [](const json &a, unsigned line) {
    return std::find(a.begin(), a.end(), line) != a.end();
  };
  EXPECT_TRUE(has(f["lines"], kDeadLine));
  EXPECT_FALSE(has(f["covered"], kDeadLine));
  EXPECT_TRUE(has(f["covered"], kErrorLine));
  EXPECT_EQ(cov["lines_total"], f["lines"].size());
  ProcessResult show = cosmo({"show", "--coverage", "out", "prog.c"});
  ASSERT_EQ(show.exitCode, 0) << show.err;
  std::istringstream listing(show.out);
  std::string line;
  std::map<unsigned, char> marks;
  while (std::getline(listing, line)) {
    std::smatch m;
    if (std::regex_match(line, m, std::regex(R"(\s*(\d+) ([+\- ]) .*)")))
      marks[std::stoul(m[1])] = m[2].str()[0];
  }
  EXPECT_EQ(marks[kDeadLine], '-');
  EXPECT_EQ(marks[kErrorLine], '+');
  EXPECT_EQ(marks[1], ' '); // a declaration: no code
  // A file the run did not analyse, and no file at all.
  write("other.c", "int main(void) { return 0; }\n");
  ProcessResult other = cosmo({"show", "--coverage", "out", "other.c"});
  EXPECT_EQ(other.exitCode, 2);
  EXPECT_EQ(lines(other.err), 1u) << other.err;
  EXPECT_EQ(cosmo({"show", "--coverage", "out"}).exitCode, 2);
}

TEST_F(ReportFormatsTest, ShowLoopsListsLoopHeadsAndRecursion) {
  write("loops.c", "int rec(int n) { return n ? rec(n - 1) : 0; }\n"
                   "int main(int argc, char **argv) {\n"
                   "  int s = 0;\n"
                   "  for (int i = 0; i < argc; i++)\n"
                   "    s += LIMIT;\n"
                   "  return rec(s);\n"
                   "}\n");
  ProcessResult show =
      cosmo({"show", "--loops", "loops.c", "--", "-DLIMIT=3"});
  ASSERT_EQ(show.exitCode, 0) << show.err;
  EXPECT_EQ(show.out, "function rec: 0 recursive vertices\n"
                      "function main: 1 recursive vertex\n"
                      "  loop head loops.c:4 (time 2): back edges from "
                      "loops.c:4; body 3 blocks\n"
                      "recursive: rec\n");
  // Without the macro the file does not compile: one line, exit 2.
  ProcessResult bad = cosmo({"show", "--loops", "loops.c"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("loops.c"), std::string::npos) << bad.err;
  EXPECT_EQ(cosmo({"show", "--loops", "--coverage", "loops.c"}).exitCode, 2);
  EXPECT_EQ(cosmo({"show", "--loops", "loops.c", "other.c"}).exitCode, 2);
}

TEST_F(ReportFormatsTest, ProvedLoopsReportTheirInvariants) {
  write("count.c", "extern int __VERIFIER_nondet_int(void);\n"
                   "extern void reach_error(void);\n"
                   "int main(void) {\n"
                   "  int n = __VERIFIER_nondet_int();\n"
                   "  if (n < 0) return 0;\n"
                   "  int i = 0, s = 0;\n"
                   "  while (i < n) { i++; s += 2; }\n"
                   "  if (s != 2 * n) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  ProcessResult run = cosmo({"check", "--loops=auto", "--out=out", "count.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json report = readJson(dir_.path() / "out/report.json");
  EXPECT_EQ(report["verdict"], "true");
  ASSERT_EQ(report["loop_invariants"].size(), 1u) << report.dump(2);
  const json &inv = report["loop_invariants"][0];
  EXPECT_EQ(inv["location"]["line"], 7);
  EXPECT_EQ(inv["function"], "main");
  // Over the C names of the loop's values.
  std::string text = inv["invariant"];
  EXPECT_NE(text.find("s"), std::string::npos) << text;
  EXPECT_NE(text.find("i"), std::string::npos) << text;
  EXPECT_EQ(report["stats"]["loop_summaries"]["refuted_by_horn"], 1);
  EXPECT_NE(run.out.find("loop at count.c:7 in main: invariant"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(cosmo({"show", "out"}).out, run.out);
  // Unrolled, the same loop has no end: the time limit decides.
  ProcessResult unrolled = cosmo(
      {"check", "--loops=unroll", "--timeout=2", "--out=unrolled", "count.c"});
  EXPECT_EQ(readJson(dir_.path() / "unrolled/report.json")["verdict"],
            "unknown");
  ProcessResult bad = cosmo({"check", "--loops=summarize", "--merge=always",
                             "--out=bad", "count.c"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_EQ(lines(bad.err), 1u) << bad.err;
}

// An array loop's invariant quantifies over the array's elements: it is
// reported as `\forall k: ...` over the C names, `a[k]` an element.
TEST_F(ReportFormatsTest, ArrayLoopInvariantsQuantifyOverElements) {
  write("fill.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int main(void) {\n"
                  "  int a[100];\n"
                  "  int n = __VERIFIER_nondet_int();\n"
                  "  int v = __VERIFIER_nondet_int();\n"
                  "  if (n < 0 || n > 100) return 0;\n"
                  "  for (int i = 0; i < n; i++) a[i] = v;\n"
                  "  int k = __VERIFIER_nondet_int();\n"
                  "  if (k >= 0 && k < n && a[k] != v) reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult run = cosmo({"check", "--loops=summarize", "--horn-timeout=10",
                             "--out=out", "fill.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json report = readJson(dir_.path() / "out/report.json");
  EXPECT_EQ(report["verdict"], "true");
  bool quantified = false;
  for (const json &inv : report["loop_invariants"]) {
    std::string text = inv["invariant"];
    quantified |= text.find("\\forall k:") != std::string::npos &&
                  text.find("a[k]") != std::string::npos;
  }
  EXPECT_TRUE(quantified) << report["loop_invariants"].dump(2);
}

// A pointer carried around a loop is its offset into the object it
// points to, reported as `p - a` (in elements); one that moves into another
// object leaves its loop to unrolling, and the statistics say why.
// --dump-horn: the Horn question of a summarised loop, as seed 001 §7
// writes its equations for a recursive state Rec(l, D): the arrival
// (pc -> Rec(D0)), one clause per body path (Rec(D) /\ pc -> Rec(D')) and
// the query (Rec(D) /\ exit /\ error -> false).
TEST_F(ReportFormatsTest, DumpHornWritesTheLoopsEquations) {
  write("count.c", kCountingLoop);
  ProcessResult run = cosmo({"check", "--loops=summarize", "--dump-horn=horn",
                             "--out=out", "count.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json stats = readJson(dir_.path() / "out/report.json")["stats"];
  ASSERT_GE(stats["loop_summaries"]["horn_queries"].get<int>(), 1);
  std::ifstream in(dir_.path() / "horn/horn-1.smt2");
  ASSERT_TRUE(in.good());
  std::vector<std::string> declared, asserted;
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "(set-logic HORN)");
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("(declare-fun |"))
      declared.push_back(line.substr(14, line.find('|', 14) - 14));
    else if (line.starts_with("(assert "))
      asserted.push_back(line);
    else
      EXPECT_EQ(line, "(check-sat)");
  }
  ASSERT_EQ(declared.size(), 1u) << "one loop, one relation";
  std::string rec = "(|" + declared[0] + "|";
  unsigned arrivals = 0, bodies = 0, queries = 0;
  for (const std::string &a : asserted) {
    size_t atoms = 0;
    for (size_t at = a.find(rec); at != std::string::npos;
         at = a.find(rec, at + 1))
      ++atoms;
    bool toFalse = a.ends_with(" false)))") || a.ends_with(" false))");
    bool inBody = a.find("(=> (and " + rec) != std::string::npos;
    const std::string zero32(32, '0'), one32 = std::string(31, '0') + "1",
        two32 = std::string(30, '0') + "10";
    if (atoms == 1 && !toFalse && !inBody) { // i = 0, s = 0 on arrival
      ++arrivals;
      EXPECT_NE(a.find("#b" + zero32 + " #b" + zero32 + ")"), std::string::npos) << a;
    }
    if (atoms == 2 && !toFalse) { // i < n -> Rec(n, i + 1, s + 2)
      ++bodies;
      EXPECT_NE(a.find("(bvult "), std::string::npos) << a;
      EXPECT_NE(a.find("(bvadd #b" + one32 + " "), std::string::npos) << a;
      EXPECT_NE(a.find("(bvadd #b" + two32 + " "), std::string::npos) << a;
    }
    if (atoms == 1 && toFalse && inBody) { // !(i < n) && s != 2 * i
      ++queries;
      EXPECT_NE(a.find("(not (bvult "), std::string::npos) << a;
      EXPECT_NE(a.find("(bvmul #b" + two32 + " "), std::string::npos) << a;
    }
  }
  EXPECT_EQ(arrivals, 1u);
  EXPECT_EQ(bodies, 1u) << "the body has one path";
  EXPECT_EQ(queries, 1u);
  EXPECT_EQ(asserted.size(), 3u);

  ProcessResult bad = cosmo({"check", "--loops=summarize",
                             "--dump-horn=count.c/horn", "count.c"});
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.err.find("--dump-horn: cannot create"), std::string::npos)
      << bad.err;
}

TEST_F(ReportFormatsTest, PointerLoopsAreSummarisedAsOffsets) {
  write("walk.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int a[100000];\n"
                  "int main(void) {\n"
                  "  int n = __VERIFIER_nondet_int();\n"
                  "  if (n < 0 || n > 100000) return 0;\n"
                  "  int c = 0;\n"
                  "  for (int *p = a; p != a + n; p++) { *p = 1; c++; }\n"
                  "  if (c != n) reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult run = cosmo({"check", "--out=out", "walk.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json report = readJson(dir_.path() / "out/report.json");
  EXPECT_EQ(report["verdict"], "true");
  bool offset = false;
  for (const json &inv : report["loop_invariants"])
    offset |= inv["invariant"].get<std::string>().find("p - a") !=
              std::string::npos;
  EXPECT_TRUE(offset) << report["loop_invariants"].dump(2);

  write("swap.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "int a[4], b[4];\n"
                  "int main(void) {\n"
                  "  int n = __VERIFIER_nondet_int();\n"
                  "  if (n < 0 || n > 40) return 0;\n"
                  "  int *p = a;\n"
                  "  for (int i = 0; i < n; i++) { *p += 1; p = p == a ? b : a; }\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult swap = cosmo({"check", "--out=swap", "swap.c"});
  ASSERT_EQ(swap.exitCode, 0) << swap.out << swap.err;
  json r = readJson(dir_.path() / "swap/report.json");
  EXPECT_EQ(r["verdict"], "true");
  bool why = false;
  for (const auto &[reason, count] :
       r["stats"]["loop_summaries"]["not_summarized_because"].items())
    why |= reason.find("moves into another object") != std::string::npos;
  EXPECT_TRUE(why) << r["stats"]["loop_summaries"].dump(2);
}

TEST_F(ReportFormatsTest, RecursiveFunctionSummariesAreReported) {
  write("count.c", "extern int __VERIFIER_nondet_int(void);\n"
                   "extern void reach_error(void);\n"
                   "int count(int n) { return n <= 0 ? 0 : 1 + count(n - 1); }\n"
                   "int main(void) {\n"
                   "  int n = __VERIFIER_nondet_int();\n"
                   "  if (n < 0 || n > 1000) return 0;\n"
                   "  if (count(n) != n) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  ProcessResult run = cosmo({"check", "--out=out", "count.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json report = readJson(dir_.path() / "out/report.json");
  EXPECT_EQ(report["verdict"], "true");
  ASSERT_EQ(report["loop_invariants"].size(), 1u) << report.dump(2);
  const json &inv = report["loop_invariants"][0];
  EXPECT_EQ(inv["kind"], "recursive_function");
  EXPECT_EQ(inv["function"], "count");
  EXPECT_EQ(inv["location"]["line"], 3);
  std::string text = inv["invariant"];
  EXPECT_NE(text.find("\\result"), std::string::npos) << text;
  const json &loops = report["stats"]["loop_summaries"];
  EXPECT_EQ(loops["recursive_functions"], 1);
  EXPECT_GE(loops["recursive_calls"], 1);
  EXPECT_EQ(loops["refuted_by_horn"], 1);
  EXPECT_NE(run.out.find("recursive function count at count.c:3: every "
                         "return satisfies"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(cosmo({"show", "out"}).out, run.out);

  // A recursive function that writes through a pointer keeps being run,
  // and the report says why.
  write("fill.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "void fill(int *a, int n) { if (n > 0) { a[n - 1] = 1; "
                  "fill(a, n - 1); } }\n"
                  "int main(void) {\n"
                  "  int a[4]; int n = __VERIFIER_nondet_int();\n"
                  "  if (n < 0 || n > 4) return 0;\n"
                  "  fill(a, n);\n"
                  "  return 0;\n"
                  "}\n");
  ProcessResult fill =
      cosmo({"check", "--loops=summarize", "--out=fill", "fill.c"});
  json fillReport = readJson(dir_.path() / "fill/report.json");
  EXPECT_EQ(fillReport["verdict"], "true") << fill.out << fill.err;
  const json &because =
      fillReport["stats"]["loop_summaries"]["not_summarized_because"];
  EXPECT_TRUE(because.contains("recursive function: a parameter is not an "
                               "integer"))
      << because.dump(2);
}

TEST_F(ReportFormatsTest, SummariesOfMutualRecursionNameGlobalsAsACSLDoes) {
  // up and down call each other (one cycle of calls, two relations) and
  // count their calls in a global: its change is an argument of Sum, named
  // as ACSL names a global's values before and after a call.
  write("cycle.c", "extern int __VERIFIER_nondet_int(void);\n"
                   "extern void reach_error(void);\n"
                   "int calls;\n"
                   "int down(int n);\n"
                   "int up(int n) { calls++; return n <= 0 ? 0 : "
                   "down(n - 1) + 1; }\n"
                   "int down(int n) { calls++; return n <= 0 ? 0 : "
                   "up(n - 1) + 1; }\n"
                   "int main(void) {\n"
                   "  int n = __VERIFIER_nondet_int();\n"
                   "  if (n < 0 || n > 1000) return 0;\n"
                   "  calls = 0;\n"
                   "  up(n);\n"
                   "  if (calls != n + 1) reach_error();\n"
                   "  return 0;\n"
                   "}\n");
  ProcessResult run =
      cosmo({"check", "--out=out", "--horn-timeout=20", "cycle.c"});
  ASSERT_EQ(run.exitCode, 0) << run.out << run.err;
  json report = readJson(dir_.path() / "out/report.json");
  EXPECT_EQ(report["verdict"], "true");
  EXPECT_EQ(report["stats"]["loop_summaries"]["recursive_functions"], 2);
  std::set<std::string> functions;
  for (const json &inv : report["loop_invariants"]) {
    EXPECT_EQ(inv["kind"], "recursive_function");
    functions.insert(inv["function"]);
    std::string text = inv["invariant"];
    EXPECT_NE(text.find("(calls - \\old(calls))"), std::string::npos)
        << text;
  }
  EXPECT_EQ(functions, (std::set<std::string>{"up", "down"}))
      << report.dump(2);
}

TEST_F(ReportFormatsTest, ShowPrintsTheSummaryOfTheRunAgain) {
  write("prog.c", kProgram);
  ProcessResult run = cosmo({"check", "--out=out", "prog.c"});
  ASSERT_EQ(run.exitCode, 1);
  ProcessResult show = cosmo({"show", "out"});
  ASSERT_EQ(show.exitCode, 0) << show.err;
  EXPECT_EQ(show.out, run.out);
  // With the native replays of --confirm too.
  ProcessResult confirmed =
      cosmo({"check", "--confirm", "--out=confirmed", "prog.c"});
  ASSERT_EQ(confirmed.exitCode, 1) << confirmed.err;
  ASSERT_NE(confirmed.out.find("native replay: confirmed"), std::string::npos)
      << confirmed.out;
  EXPECT_EQ(cosmo({"show", "confirmed"}).out, confirmed.out);
  ProcessResult missing = cosmo({"show", "nowhere"});
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_EQ(lines(missing.err), 1u) << missing.err;
  fs::create_directories(dir_.path() / "broken");
  write("broken/report.json", "{\"verdict\": ");
  ProcessResult broken = cosmo({"show", "broken"});
  EXPECT_EQ(broken.exitCode, 2);
  EXPECT_EQ(lines(broken.err), 1u) << broken.err;
}

TEST_F(ReportFormatsTest, RunsWithoutOutNeverOverwriteAnEarlierOne) {
  write("prog.c", kProgram);
  ASSERT_EQ(cosmo({"check", "-q", "prog.c"}).exitCode, 1);
  std::string first;
  {
    std::ifstream in(dir_.path() / "cosmo-out/report.json");
    std::stringstream s;
    s << in.rdbuf();
    first = s.str();
  }
  ASSERT_FALSE(first.empty());
  ProcessResult second = cosmo({"check", "prog.c"});
  ASSERT_EQ(second.exitCode, 1);
  EXPECT_NE(second.out.find("results in cosmo-out-1/"), std::string::npos)
      << second.out;
  EXPECT_TRUE(fs::exists(dir_.path() / "cosmo-out-1/report.json"));
  std::ifstream in(dir_.path() / "cosmo-out/report.json");
  std::stringstream s;
  s << in.rdbuf();
  EXPECT_EQ(s.str(), first);
  ASSERT_EQ(cosmo({"check", "-q", "prog.c"}).exitCode, 1);
  EXPECT_TRUE(fs::exists(dir_.path() / "cosmo-out-2/report.json"));
}

// A run that lasts two seconds (an unbounded loop unrolled, cut by
// --timeout).
constexpr const char *kLongRun = R"(extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = 0;
  while (__VERIFIER_nondet_int())
    ++n;
  return n;
}
)";

TEST_F(ReportFormatsTest, NoProgressLineWhenStderrIsNotATerminal) {
  write("loop.c", kLongRun);
  ProcessResult r = cosmo({"check", "--timeout=2", "--loops=unroll", "--out=out", "loop.c"});
  EXPECT_EQ(r.exitCode, 3) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("pending"), std::string::npos) << r.err;
}

TEST_F(ReportFormatsTest, ProgressLineOnATerminal) {
  // util-linux `script` gives the command a pseudo-terminal.
  if (!fs::exists("/usr/bin/script"))
    GTEST_SKIP() << "no /usr/bin/script to provide a terminal";
  write("loop.c", kLongRun);
  std::string cmd = std::string(COSMO_CLI_BINARY) +
                    " check --timeout=2 --loops=unroll --out=out loop.c";
  cosmo::report::ProcessRequest req;
  req.argv = {"/usr/bin/script", "-qec", cmd, "/dev/null"};
  req.workingDirectory = dir_.path();
  req.timeout = std::chrono::seconds(60);
  ProcessResult r = cosmo::report::runProcess(req);
  EXPECT_NE(r.out.find("pending"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find('\r'), std::string::npos);
  // ... and --quiet silences it there too.
  req.argv[2] = cmd + " --quiet";
  ProcessResult quiet = cosmo::report::runProcess(req);
  EXPECT_EQ(quiet.out.find("pending"), std::string::npos) << quiet.out;
}

} // namespace
