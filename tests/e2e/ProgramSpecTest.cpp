#include "ProgramSpec.h"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace cosmo::e2e {
namespace {

std::string problemsOf(const ProgramSpecParse &parse) {
  return fmt::format("{}", fmt::join(parse.problems, "\n"));
}

// Parses a header that must be well formed.
ProgramSpec parseGood(std::string_view source) {
  ProgramSpecParse parse = parseProgramSpec(source);
  EXPECT_TRUE(parse.spec.has_value()) << problemsOf(parse);
  return parse.spec.value_or(ProgramSpec{});
}

// Parses a header that must be malformed with a problem mentioning `part`.
void expectProblem(std::string_view source, std::string_view part) {
  ProgramSpecParse parse = parseProgramSpec(source);
  EXPECT_FALSE(parse.spec.has_value()) << "accepted:\n" << source;
  EXPECT_NE(problemsOf(parse).find(part), std::string::npos)
      << "problems:\n" << problemsOf(parse) << "\nexpected one mentioning: " << part;
}

constexpr std::string_view programBody = "int main(void) {\n"
                                         "  return 0;\n"
                                         "}\n"
                                         "\n"
                                         "\n"
                                         "\n"
                                         "\n"
                                         "\n"
                                         "\n"
                                         "\n";

std::string withBody(std::string_view header) { return std::string(header) + std::string(programBody); }

TEST(ProgramSpec, ParsesEveryDirective) {
  ProgramSpec spec = parseGood(withBody("// RUN: --entry=main --check=overflow,shift   --max-depth=3\n"
                                        "// VERDICT: false\n"
                                        "// ERROR: div-by-zero 10\n"
                                        "// ERROR: assert 12\n"
                                        "// NO-REPLAY: reads uninitialised memory\n"));
  EXPECT_EQ(spec.runArgs, (std::vector<std::string>{"--entry=main", "--check=overflow,shift",
                                                    "--max-depth=3"}));
  EXPECT_EQ(spec.verdict, Verdict::False);
  EXPECT_EQ(spec.errors, (std::set<ErrorSite>{{"div-by-zero", 10}, {"assert", 12}}));
  EXPECT_EQ(spec.noReplayReason, "reads uninitialised memory");
}

TEST(ProgramSpec, LatentErrorsAreListedApart) {
  ProgramSpec spec = parseGood(withBody("// RUN: --entry=f\n"
                                        "// VERDICT: unknown\n"
                                        "// LATENT: null-deref 10\n"));
  EXPECT_TRUE(spec.errors.empty());
  EXPECT_EQ(spec.latent, (std::set<ErrorSite>{{"null-deref", 10}}));
  expectProblem(withBody("// VERDICT: unknown\n// LATENT: null-deref\n"),
                "line 2: LATENT needs `<kind> <line>`");
  expectProblem(withBody("// VERDICT: unknown\n// LATENT: assert 3\n// LATENT: assert 3\n"),
                "LATENT assert 3 is listed twice");
}

TEST(ProgramSpec, MinimalHeaderIsAVerdict) {
  ProgramSpec spec = parseGood(withBody("// VERDICT: true\n"));
  EXPECT_TRUE(spec.runArgs.empty());
  EXPECT_EQ(spec.verdict, Verdict::True);
  EXPECT_TRUE(spec.errors.empty());
  EXPECT_FALSE(spec.noReplayReason.has_value());
}

TEST(ProgramSpec, UnknownVerdictAllowsNoErrors) {
  EXPECT_EQ(parseGood(withBody("// VERDICT: unknown\n")).verdict, Verdict::Unknown);
  expectProblem(withBody("// VERDICT: unknown\n// ERROR: assert 3\n"), "must not have ERROR");
}

TEST(ProgramSpec, FreeTextCommentsAndBlockCommentsMayShareTheHeader) {
  ProgramSpec spec = parseGood(withBody("/* Copyright: someone\n"
                                        " * License: MIT */\n"
                                        "// Checks that division by a nondet value is caught.\n"
                                        "// Note: the loop is bounded.\n"
                                        "\n"
                                        "//VERDICT:false\n"
                                        "//   ERROR:   overflow   11\n"));
  EXPECT_EQ(spec.verdict, Verdict::False);
  EXPECT_EQ(spec.errors, (std::set<ErrorSite>{{"overflow", 11}}));
}

TEST(ProgramSpec, MissingVerdict) {
  expectProblem(withBody("// RUN: --check=overflow\n"), "missing `// VERDICT");
}

TEST(ProgramSpec, BadVerdictValue) { expectProblem(withBody("// VERDICT: yes\n"), "line 1: VERDICT must be"); }

TEST(ProgramSpec, RepeatedVerdictOrRun) {
  expectProblem(withBody("// VERDICT: true\n// VERDICT: true\n"), "line 2: a second `// VERDICT:`");
  expectProblem(withBody("// RUN: -a\n// RUN: -b\n// VERDICT: true\n"), "line 2: a second `// RUN:`");
}

TEST(ProgramSpec, FalseVerdictNeedsAnError) {
  expectProblem(withBody("// VERDICT: false\n"), "VERDICT false needs at least one");
}

TEST(ProgramSpec, TrueVerdictMustNotHaveErrors) {
  expectProblem(withBody("// VERDICT: true\n// ERROR: assert 3\n"), "VERDICT true must not have ERROR");
}

TEST(ProgramSpec, MalformedErrorLines) {
  expectProblem(withBody("// VERDICT: false\n// ERROR: div-by-zero\n"), "line 2: ERROR needs `<kind> <line>`");
  expectProblem(withBody("// VERDICT: false\n// ERROR: div-by-zero 3 4\n"), "ERROR needs");
  expectProblem(withBody("// VERDICT: false\n// ERROR: divide-by-zero 3\n"), "unknown error kind 'divide-by-zero'");
  expectProblem(withBody("// VERDICT: false\n// ERROR: assert three\n"), "positive number, not 'three'");
  expectProblem(withBody("// VERDICT: false\n// ERROR: assert 0\n"), "positive number, not '0'");
  expectProblem(withBody("// VERDICT: false\n// ERROR: assert 99\n"), "past the end of the file (12 lines)");
  expectProblem(withBody("// VERDICT: false\n// ERROR: assert 5\n// ERROR: assert 5\n"), "line 3: ERROR assert 5 is listed twice");
}

TEST(ProgramSpec, EveryKnownKindIsAccepted) {
  for (const std::string &kind : knownErrorKinds()) {
    ProgramSpec spec = parseGood(withBody("// VERDICT: false\n// ERROR: " + kind + " 4\n"));
    EXPECT_EQ(spec.errors, (std::set<ErrorSite>{{kind, 4}}));
  }
}

TEST(ProgramSpec, NoReplayNeedsAReason) {
  expectProblem(withBody("// VERDICT: true\n// NO-REPLAY:\n"), "line 2: NO-REPLAY needs a reason");
}

TEST(ProgramSpec, MisspeltDirectiveIsAProblem) {
  expectProblem(withBody("// VERDICT: true\n// NO_REPLAY: uninitialised\n"), "line 2: unknown directive `// NO_REPLAY:`");
  expectProblem(withBody("// VERDICT: true\n// ERRORS: assert 3\n"), "unknown directive `// ERRORS:`");
}

TEST(ProgramSpec, DirectiveBelowTheHeaderIsAProblem) {
  expectProblem("// VERDICT: false\n"
                "int main(void) {\n"
                "  return 1 / 0; // ERROR: div-by-zero 3\n"
                "}\n"
                "// ERROR: div-by-zero 3\n",
                "line 5: `// ERROR:` must be in the header");
}

TEST(ProgramSpec, RunMustNotChooseTheOutputDirectory) {
  expectProblem(withBody("// RUN: --out=/tmp/x\n// VERDICT: true\n"), "must not set --out");
}

TEST(ProgramSpec, EntryFunctionsAreReplayedThroughTheHarness) {
  // An --entry program needs no NO-REPLAY: its tests run natively through
  // cosmo's generated harness.
  parseGood(withBody("// RUN: --entry=find\n// VERDICT: true\n"));
  parseGood(withBody("// RUN: --entry=find\n// VERDICT: true\n// NO-REPLAY: analyses find()\n"));
}

TEST(ProgramSpec, ReportsEveryProblemAtOnce) {
  ProgramSpecParse parse = parseProgramSpec(withBody("// VERDICT: maybe\n// ERROR: bogus 1\n// FOO: bar\n"));
  EXPECT_FALSE(parse.spec.has_value());
  EXPECT_GE(parse.problems.size(), 3u) << problemsOf(parse);
}

TEST(ProgramSpec, ExitCodesOfVerdicts) {
  EXPECT_EQ(expectedExitCode(Verdict::True), 0);
  EXPECT_EQ(expectedExitCode(Verdict::False), 1);
  EXPECT_EQ(expectedExitCode(Verdict::Unknown), 3);
  EXPECT_EQ(parseVerdict("false"), Verdict::False);
  EXPECT_EQ(parseVerdict("False"), std::nullopt);
}

TEST(ProgramSpec, OptionValues) {
  EXPECT_EQ(optionValues({"--entry=f", "--check=overflow,shift", "--check", "null"}, "--check"),
            (std::vector<std::string>{"overflow,shift", "null"}));
  EXPECT_TRUE(optionValues({"--checks=overflow"}, "--check").empty());
  EXPECT_EQ(optionValues({"--loops=auto", "--timeout=400", "--horn-timeout=150"}, "--timeout"),
            (std::vector<std::string>{"400"}));
}

TEST(ProgramSpec, StatsLinesSayHowTheVerdictIsReached) {
  ProgramSpec spec = parseGood(withBody("// VERDICT: true\n"
                                        "// STATS: loop_summaries.proved_by_horn >= 1\n"
                                        "// STATS: e2e-summary composition.summaries_composed>2\n"));
  ASSERT_EQ(spec.stats.size(), 2u);
  EXPECT_EQ(spec.stats[0].mode, "e2e");
  EXPECT_EQ(spec.stats[0].key, "loop_summaries.proved_by_horn");
  EXPECT_EQ(spec.stats[0].op, ">=");
  EXPECT_EQ(spec.stats[0].line, 2);
  EXPECT_TRUE(spec.stats[0].holdsFor(1));
  EXPECT_FALSE(spec.stats[0].holdsFor(0));
  EXPECT_EQ(spec.stats[1].mode, "e2e-summary");
  EXPECT_EQ(spec.stats[1].key, "composition.summaries_composed");
  EXPECT_FALSE(spec.stats[1].holdsFor(2));
  EXPECT_TRUE(spec.stats[1].holdsFor(3));
}

TEST(ProgramSpec, MalformedStatsLines) {
  expectProblem(withBody("// VERDICT: true\n// STATS: loop_summaries.summarized\n"),
                "line 2: STATS needs");
  expectProblem(withBody("// VERDICT: true\n// STATS: loop_summaries.summarized >= many\n"),
                "line 2: STATS needs");
  expectProblem(withBody("// VERDICT: true\n// STATS: e2e-fast paths_completed >= 1\n"),
                "unknown test family");
  expectProblem(withBody("// VERDICT: true\n// STATS: Paths >= 1\n"), "line 2: STATS needs");
}

} // namespace
} // namespace cosmo::e2e
