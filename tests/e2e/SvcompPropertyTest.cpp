// --svcomp --property FILE.prp (issue 48): SV-COMP's memory-safety,
// cleanup and overflow properties, each subproperty's answer and witness,
// and the property files cosmo refuses.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cosmo::e2e;

namespace {

constexpr const char *kMemSafety = "CHECK( init(main()), LTL(G valid-free) )\n"
                                   "CHECK( init(main()), LTL(G valid-deref) )\n"
                                   "CHECK( init(main()), "
                                   "LTL(G valid-memtrack) )\n";
constexpr const char *kMemCleanup =
    "CHECK( init(main()), LTL(G valid-memcleanup) )\n";
constexpr const char *kNoOverflow = "CHECK( init(main()), LTL(G ! overflow) )\n";

class SvcompPropertyTest : public CliFixture {
protected:
  void SetUp() override {
    CliFixture::SetUp();
    write("memsafety.prp", kMemSafety);
    write("memcleanup.prp", kMemCleanup);
    write("overflow.prp", kNoOverflow);
  }
  /// --svcomp's answer for `program` under `property` (a .prp written by
  /// SetUp); a FALSE's witness names the property's line and targets
  /// `line`.
  std::string answer(const std::string &name, const std::string &program,
                     const std::string &property, int line = 0) {
    write(name, program);
    std::string out = "out-" + name;
    ProcessResult r = cosmo({"check", "--svcomp", "--timeout=30",
                             "--property", property, "--out=" + out, name},
                            90);
    EXPECT_EQ(r.exitCode, 0) << name << ": " << r.err;
    std::string got = finalLine(r.out);
    if (got.rfind("FALSE", 0) == 0) {
      YAML::Node doc = YAML::LoadFile((dir_.path() / out / "witness.yml").string());
      YAML::Node w = doc[0];
      EXPECT_EQ(w["entry_type"].as<std::string>(), "violation_sequence");
      EXPECT_EQ(w["metadata"]["format_version"].as<std::string>(), "2.0");
      std::string spec = w["metadata"]["task"]["specification"].as<std::string>();
      // FALSE(valid-deref): the witness's specification is that line.
      std::string sub = got.size() > 7 ? got.substr(6, got.size() - 7) : "";
      std::string expectedLine =
          sub == "no-overflow" ? "CHECK( init(main()), LTL(G ! overflow) )"
                               : "CHECK( init(main()), LTL(G " + sub + ") )";
      EXPECT_EQ(spec, expectedLine) << name;
      YAML::Node content = w["content"];
      YAML::Node target = content[content.size() - 1]["segment"][0]["waypoint"];
      EXPECT_EQ(target["type"].as<std::string>(), "target");
      if (line)
        EXPECT_EQ(target["location"]["line"].as<int>(), line) << name;
    }
    return got;
  }
  /// --svcomp's answer for `program` under reachability (no property file).
  std::string reachability(const std::string &name, const std::string &program) {
    write(name, program);
    ProcessResult r = cosmo({"check", "--svcomp", "--timeout=20",
                             "--out=out-" + name, name},
                            60);
    EXPECT_EQ(r.exitCode, 0) << name << ": " << r.err;
    return finalLine(r.out);
  }
};

constexpr const char *kHeader = "#include <stdlib.h>\n"
                                "extern int __VERIFIER_nondet_int(void);\n"
                                "extern void reach_error(void);\n";

TEST_F(SvcompPropertyTest, EachMemorySafetySubpropertyIsNamed) {
  std::string h = kHeader;
  EXPECT_EQ(answer("deref.c",
                   h + "int main(void) {\n"                           // 4
                       "  int *p = malloc(2 * sizeof(int));\n"       // 5
                       "  int i = __VERIFIER_nondet_int();\n"        // 6
                       "  if (i >= 0 && i <= 2) p[i] = 1;\n"         // 7
                       "  free(p);\n"
                       "  return 0;\n"
                       "}\n",
                   "memsafety.prp", 7),
            "FALSE(valid-deref)");
  EXPECT_EQ(answer("free.c",
                   h + "int main(void) {\n"
                       "  char *p = malloc(8);\n"
                       "  if (__VERIFIER_nondet_int()) p++;\n"
                       "  free(p);\n" // 7
                       "  return 0;\n"
                       "}\n",
                   "memsafety.prp", 7),
            "FALSE(valid-free)");
  // Lost by an overwrite of its only pointer; reported where allocated.
  EXPECT_EQ(answer("track.c",
                   h + "int main(void) {\n"
                       "  int *p = malloc(sizeof(int));\n" // 5
                       "  if (__VERIFIER_nondet_int()) p = malloc(4);\n"
                       "  free(p);\n"
                       "  return 0;\n"
                       "}\n",
                   "memsafety.prp", 5),
            "FALSE(valid-memtrack)");
  // Everything freed; reach_error is abort() here, no violation.
  EXPECT_EQ(answer("safe.c",
                   h + "struct n { struct n *next; };\n"
                       "int main(void) {\n"
                       "  struct n *h = 0;\n"
                       "  int k = __VERIFIER_nondet_int();\n"
                       "  for (int i = 0; i < 3 && i < k; i++) {\n"
                       "    struct n *x = malloc(sizeof *x);\n"
                       "    x->next = h; h = x;\n"
                       "  }\n"
                       "  if (k == 2) reach_error();\n"
                       "  while (h) { struct n *x = h->next; free(h); h = x; }\n"
                       "  return 0;\n"
                       "}\n",
                   "memsafety.prp"),
            "TRUE");
  // A task's own empty reach_error is a function like any other here: the
  // path goes on past it.
  EXPECT_EQ(answer("empty.c",
                   h + "void reach_error(void) {}\n"
                       "int main(void) {\n"
                       "  int *p = malloc(sizeof(int));\n"
                       "  reach_error();\n"
                       "  free(p);\n"
                       "  if (__VERIFIER_nondet_int()) *p = 1;\n" // 9
                       "  return 0;\n"
                       "}\n",
                   "memsafety.prp", 9),
            "FALSE(valid-deref)");
  // Still pointed to by a global at the end: tracked (memsafety TRUE), but
  // not cleaned up.
  std::string global = h + "int *g;\n"
                           "int main(void) {\n"
                           "  g = malloc(sizeof(int));\n" // 6
                           "  return 0;\n"
                           "}\n";
  EXPECT_EQ(answer("global.c", global, "memsafety.prp"), "TRUE");
  EXPECT_EQ(answer("global2.c", global, "memcleanup.prp", 6),
            "FALSE(valid-memcleanup)");
  // abort() keeps main's frame: the block its variable points to is not
  // lost, but it is not freed either.
  std::string aborting = h + "int main(void) {\n"
                             "  int *p = malloc(sizeof(int));\n"
                             "  *p = __VERIFIER_nondet_int();\n"
                             "  if (*p == 3) abort();\n"
                             "  free(p);\n"
                             "  return 0;\n"
                             "}\n";
  EXPECT_EQ(answer("abort.c", aborting, "memsafety.prp"), "TRUE");
  EXPECT_EQ(answer("abort2.c", aborting, "memcleanup.prp"),
            "FALSE(valid-memcleanup)");
}

TEST_F(SvcompPropertyTest, EverySignedOverflowIsNamed) {
  std::string h = kHeader;
  // A promoted byte shifted into the sign bit.
  EXPECT_EQ(answer("shift.c",
                   h + "int main(void) {\n"
                       "  unsigned char r3 = __VERIFIER_nondet_int();\n"
                       "  int x = r3 << 24;\n" // 6
                       "  return x > 0;\n"
                       "}\n",
                   "overflow.prp", 6),
            "FALSE(no-overflow)");
  EXPECT_EQ(answer("shiftok.c",
                   h + "int main(void) {\n"
                       "  unsigned char r3 = __VERIFIER_nondet_int();\n"
                       "  unsigned x = (unsigned)r3 << 24;\n"
                       "  int y = (r3 & 127) << 24;\n"
                       "  return x > 0 && y > 0;\n"
                       "}\n",
                   "overflow.prp"),
            "TRUE");
  EXPECT_EQ(answer("neg.c",
                   h + "int main(void) {\n"
                       "  int a = __VERIFIER_nondet_int();\n"
                       "  if (a > 0) return 0;\n"
                       "  return -a;\n" // 7
                       "}\n",
                   "overflow.prp", 7),
            "FALSE(no-overflow)");
  EXPECT_EQ(answer("div.c",
                   h + "int main(void) {\n"
                       "  int a = __VERIFIER_nondet_int();\n"
                       "  int b = __VERIFIER_nondet_int();\n"
                       "  if (b == 0) return 0;\n"
                       "  return a / b;\n" // 8
                       "}\n",
                   "overflow.prp", 8),
            "FALSE(no-overflow)");
  // Inside a loop the summary must not take overflow as undefined: 2148
  // iterations of 10^6 overflow, 2147 do not.
  auto sum = [&](int bound) {
    return h + "int main(void) {\n"
               "  int n = __VERIFIER_nondet_int();\n"
               "  if (n < 0 || n > " +
           std::to_string(bound) +
           ") return 0;\n"
           "  int s = 0;\n"
           "  for (int i = 0; i < n; i++) s += 1000000;\n"
           "  return s > 7;\n"
           "}\n";
  };
  EXPECT_EQ(answer("loop.c", sum(2148), "overflow.prp", 8),
            "FALSE(no-overflow)");
  EXPECT_EQ(answer("loopok.c", sum(2147), "overflow.prp"), "TRUE");
  // A failed assertion is abort() under this property, not a violation.
  EXPECT_EQ(answer("assert.c",
                   h + "int main(void) {\n"
                       "  int a = __VERIFIER_nondet_int();\n"
                       "  if (a == 5) reach_error();\n"
                       "  return a & 1;\n"
                       "}\n",
                   "overflow.prp"),
            "TRUE");
}

TEST_F(SvcompPropertyTest, WithoutAPropertyFileReachabilityIsAnswered) {
  write("both.c", std::string(kHeader) + "int main(void) {\n"
                                         "  int *p = malloc(4);\n"
                                         "  if (__VERIFIER_nondet_int())\n"
                                         "    reach_error();\n"
                                         "  return 0;\n"
                                         "}\n");
  ProcessResult r = cosmo({"check", "--svcomp", "--out=o", "both.c"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "FALSE");
  write("reach.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
  r = cosmo({"check", "--svcomp", "--property", "reach.prp", "--out=p",
             "both.c"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "FALSE");
  // The leak is memtrack's, not reachability's.
  EXPECT_EQ(answer("both2.c", read("both.c"), "memsafety.prp", 5),
            "FALSE(valid-memtrack)");
}

TEST_F(SvcompPropertyTest, PropertiesCosmoDoesNotCheckAreOneLineErrors) {
  write("p.c", "int main(void) { return 0; }\n");
  write("term.prp", "CHECK( init(main()), LTL(F end) )\n");
  write("mixed.prp", std::string("CHECK( init(main()), LTL(G ! "
                                 "call(reach_error())) )\n") +
                         kMemCleanup);
  write("garbage.prp", "hello\n");
  write("empty.prp", "\n");
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  for (const Case &c : std::vector<Case>{
           {{"--svcomp", "--property", "term.prp"}, "F end"},
           {{"--svcomp", "--property", "mixed.prp"}, "one property at a time"},
           {{"--svcomp", "--property", "garbage.prp"}, "not a property"},
           {{"--svcomp", "--property", "empty.prp"}, "no CHECK line"},
           {{"--svcomp", "--property", "none.prp"}, "none.prp"},
           {{"--property", "overflow.prp"}, "--property needs --svcomp"}}) {
    std::vector<std::string> args{"check"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    args.push_back("p.c");
    ProcessResult r = cosmo(args);
    EXPECT_EQ(r.exitCode, 2) << c.says << ": " << r.out << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
  }
}

} // namespace

// Under reachability, a path from where no assertion can fail any more ends
// there, completed: here past the last assertion, a loop cosmo can neither
// summarise nor unroll to its end (insertions at a place a walk picks).
constexpr const char *kInsertions =
    "struct item { struct item *next; };\n"
    "static void insertAtRandom(struct item *head) {\n"
    "  while (__VERIFIER_nondet_int()) {\n"
    "    struct item *at = head;\n"
    "    while (at->next && __VERIFIER_nondet_int())\n"
    "      at = at->next;\n"
    "    struct item *fresh = malloc(sizeof *fresh);\n"
    "    fresh->next = at->next;\n"
    "    at->next = fresh;\n"
    "  }\n"
    "}\n";

TEST_F(SvcompPropertyTest, APathWithNoAssertionAheadEndsCompleted) {
  // The assertion is in the callee, before its loop; main's rest has none:
  // the path ends in the callee.
  write("tail.c", std::string(kHeader) + kInsertions +
                      "static void grow(struct item *head, int x) {\n"
                      "  if (x > 10 && x < 5)\n"
                      "    reach_error();\n"
                      "  insertAtRandom(head);\n"
                      "}\n"
                      "int main(void) {\n"
                      "  struct item *head = malloc(sizeof *head);\n"
                      "  head->next = 0;\n"
                      "  grow(head, __VERIFIER_nondet_int());\n"
                      "  return 0;\n"
                      "}\n");
  ProcessResult r =
      cosmo({"check", "--svcomp", "--timeout=20", "--out=o", "tail.c"}, 60);
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(finalLine(r.out), "TRUE") << r.out;
  EXPECT_GE(report(dir_.path() / "o")["stats"]["paths_past_assertions"]
                .get<int>(),
            1);
  // Another property checks every path to its end: the loop is still
  // there (and leaks, which is valid-memtrack's).
  EXPECT_EQ(answer("tail2.c", read("tail.c"), "memsafety.prp"),
            "FALSE(valid-memtrack)");
}

TEST_F(SvcompPropertyTest, AnAssertionInACallersRestOrBehindAPointerIsAhead) {
  // The caller's rest after the loop's function fails an assertion.
  EXPECT_EQ(reachability("caller.c",
                         std::string(kHeader) + kInsertions +
                             "int main(void) {\n"
                             "  struct item *head = malloc(sizeof *head);\n"
                             "  head->next = 0;\n"
                             "  insertAtRandom(head);\n"
                             "  if (__VERIFIER_nondet_int() == 7)\n"
                             "    reach_error();\n"
                             "  return 0;\n"
                             "}\n"),
            "FALSE");
  // A call through a pointer past the loop may be to the function that
  // fails one.
  EXPECT_EQ(reachability("pointer.c",
                         std::string(kHeader) + kInsertions +
                             "static void check(int v) {\n"
                             "  if (v == 7)\n"
                             "    reach_error();\n"
                             "}\n"
                             "static void skip(int v) { (void)v; }\n"
                             "int main(void) {\n"
                             "  int x = __VERIFIER_nondet_int();\n"
                             "  void (*then)(int) = x ? check : skip;\n"
                             "  struct item *head = malloc(sizeof *head);\n"
                             "  head->next = 0;\n"
                             "  insertAtRandom(head);\n"
                             "  then(__VERIFIER_nondet_int());\n"
                             "  return 0;\n"
                             "}\n"),
            "FALSE");
}
