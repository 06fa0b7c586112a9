// NativeOutcome on real sanitizer output: sanitizer-samples/<name>.stderr was
// produced by building and running sanitizer-samples/<name>.c the way native
// replay builds programs (see sanitizer-samples/generate.sh).
#include "cosmo/report/NativeOutcome.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#ifndef COSMO_SANITIZER_SAMPLES_DIR
#error "unittests/report/CMakeLists.txt defines COSMO_SANITIZER_SAMPLES_DIR"
#endif

namespace cosmo::report {
namespace {

using Category = NativeOutcome::Category;

ProcessResult exited(int code, std::string err) {
  ProcessResult run;
  run.ending = ProcessResult::Ending::Exited;
  run.exitCode = code;
  run.err = std::move(err);
  return run;
}

ProcessResult signaled(int signal, std::string err) {
  ProcessResult run;
  run.ending = ProcessResult::Ending::Signaled;
  run.signal = signal;
  run.err = std::move(err);
  return run;
}

std::string sampleStderr(const std::string &name) {
  std::ifstream in(std::filesystem::path(COSMO_SANITIZER_SAMPLES_DIR) /
                   (name + ".stderr"));
  EXPECT_TRUE(in.good()) << "no sample " << name;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct SanitizerSample {
  std::string name;                  // sanitizer-samples/<name>.{c,stderr}
  std::optional<ErrorSite> expected; // nothing: completed
};

void PrintTo(const SanitizerSample &sample, std::ostream *os) {
  *os << sample.name;
}

class ClassifiesSanitizerSample
    : public testing::TestWithParam<SanitizerSample> {};

// Every sample but glibcassert (SIGABRT) exits with code 1 after its report.
TEST_P(ClassifiesSanitizerSample, AsItsKindAndLine) {
  const SanitizerSample &sample = GetParam();
  std::string err = sampleStderr(sample.name);
  ProcessResult run = sample.name == "glibcassert" ? signaled(SIGABRT, err)
                      : sample.name == "clean"     ? exited(0, err)
                                                   : exited(1, err);
  NativeOutcome outcome = classifyNativeRun(run, sample.name + ".c");
  if (sample.expected) {
    EXPECT_EQ(outcome.category, Category::Error) << describe(outcome);
    EXPECT_EQ(outcome.error, *sample.expected) << describe(outcome);
  } else {
    EXPECT_EQ(outcome.category, Category::Completed) << describe(outcome);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Samples, ClassifiesSanitizerSample,
    testing::Values(SanitizerSample{"clean", std::nullopt},
                    SanitizerSample{"divzero", ErrorSite{"div-by-zero", 3}},
                    SanitizerSample{"intmin", ErrorSite{"overflow", 5}},
                    SanitizerSample{"intmin-trap", ErrorSite{"div-by-zero", 5}},
                    SanitizerSample{"overflow", ErrorSite{"overflow", 4}},
                    SanitizerSample{"neg", ErrorSite{"overflow", 4}},
                    SanitizerSample{"shift", ErrorSite{"shift", 3}},
                    SanitizerSample{"lshift", ErrorSite{"overflow", 3}},
                    SanitizerSample{"floatcast", ErrorSite{"float-cast", 4}},
                    SanitizerSample{"nullload", ErrorSite{"null-deref", 4}},
                    SanitizerSample{"nullstore", ErrorSite{"null-deref", 4}},
                    SanitizerSample{"nullmember", ErrorSite{"null-deref", 5}},
                    SanitizerSample{"nulloffset", ErrorSite{"null-deref", 4}},
                    SanitizerSample{"nullmemset", ErrorSite{"null-deref", 5}},
                    SanitizerSample{"nullsegv", ErrorSite{"null-deref", 5}},
                    SanitizerSample{"index", ErrorSite{"out-of-bounds", 4}},
                    SanitizerSample{"heapoob", ErrorSite{"out-of-bounds", 5}},
                    SanitizerSample{"stackunder",
                                    ErrorSite{"out-of-bounds", 5}},
                    SanitizerSample{"globaloob", ErrorSite{"out-of-bounds", 4}},
                    SanitizerSample{"uaf", ErrorSite{"use-after-free", 5}},
                    SanitizerSample{"dfree", ErrorSite{"double-free", 5}},
                    SanitizerSample{"badfree", ErrorSite{"invalid-free", 5}},
                    SanitizerSample{"midfree", ErrorSite{"invalid-free", 4}},
                    SanitizerSample{"glibcassert", ErrorSite{"assert", 4}},
                    SanitizerSample{"heapunder", ErrorSite{"out-of-bounds", 4}},
                    SanitizerSample{"nullcall", ErrorSite{"null-deref", 5}},
                    SanitizerSample{"nullminus",
                                    ErrorSite{"invalid-access", 4}},
                    SanitizerSample{"segvfar", ErrorSite{"invalid-access", 3}},
                    SanitizerSample{"recursion",
                                    ErrorSite{"stack-overflow", 1}},
                    SanitizerSample{"unreachable",
                                    ErrorSite{"unreachable", 3}}),
    [](const testing::TestParamInfo<SanitizerSample> &info) {
      std::string name = info.param.name;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

TEST(NativeOutcome, ErrorStackIsTheFirstStackOfTheReport) {
  // A heap report's second stack says where the block was allocated.
  NativeOutcome outcome =
      classifyNativeRun(exited(1, sampleStderr("heapunder")), "heapunder.c");
  EXPECT_EQ(outcome.programLines, std::vector<int>{4});
  NativeOutcome nested =
      classifyNativeRun(exited(1, sampleStderr("nullminus")), "nullminus.c");
  EXPECT_EQ(nested.programLines, (std::vector<int>{4, 8}));
  EXPECT_FALSE(nested.callerFrameLost);
}

TEST(NativeOutcome, CallThroughNullLosesTheCallersFrame) {
  NativeOutcome outcome =
      classifyNativeRun(exited(1, sampleStderr("nullcall")), "nullcall.c");
  EXPECT_TRUE(outcome.callerFrameLost);
  // cosmo reports the call in dispatch (line 2), called from line 5.
  EXPECT_TRUE(matchesExpectation(outcome, ErrorSite{"null-deref", 2}, {5}));
  EXPECT_FALSE(matchesExpectation(outcome, ErrorSite{"null-deref", 2}, {7}));
  EXPECT_FALSE(matchesExpectation(outcome, ErrorSite{"null-deref", 2}));
}

TEST(NativeOutcome, MemoryFaultsMatchByFamily) {
  NativeOutcome far =
      classifyNativeRun(exited(1, sampleStderr("nullminus")), "nullminus.c");
  // cosmo calls NULL - 16 a null dereference; ASan a fault at an unknown
  // address on the same line.
  EXPECT_TRUE(matchesExpectation(far, ErrorSite{"null-deref", 4}));
  EXPECT_TRUE(matchesExpectation(far, ErrorSite{"out-of-bounds", 4}));
  EXPECT_FALSE(matchesExpectation(far, ErrorSite{"null-deref", 8}));
  EXPECT_FALSE(matchesExpectation(far, ErrorSite{"div-by-zero", 4}));
  EXPECT_FALSE(matchesExpectation(far, ErrorSite{"double-free", 4}));
  EXPECT_EQ(kindFamily("use-after-free"), kindFamily("out-of-bounds"));
  EXPECT_EQ(kindFamily("double-free"), kindFamily("invalid-free"));
  EXPECT_NE(kindFamily("overflow"), kindFamily("div-by-zero"));
}

TEST(NativeOutcome, SegvWithoutReportHasNoLineAndMatchesNothing) {
  NativeOutcome outcome = classifyNativeRun(signaled(SIGSEGV, ""), "p.c");
  EXPECT_EQ(outcome.category, Category::Error);
  EXPECT_EQ(outcome.error, (ErrorSite{"invalid-access", 0}));
  EXPECT_FALSE(matchesExpectation(outcome, ErrorSite{"null-deref", 0}));
}

TEST(NativeOutcome, UndefinedBehaviorCosmoDoesNotReportHasItsKind) {
  EXPECT_EQ(kindOfUndefinedBehavior("load of misaligned address 0x000001 for "
                                    "type 'int'"),
            "misaligned");
  EXPECT_EQ(kindOfUndefinedBehavior(
                "load of value 7, which is not a valid value for type 'bool'"),
            "invalid-value");
  EXPECT_EQ(kindOfUndefinedBehavior("1e+10 is outside the range of "
                                    "representable values of type 'int'"),
            "float-cast");
  EXPECT_EQ(kindOfUndefinedBehavior("pointer index expression with base "
                                    "0xffffffffffffffff overflowed"),
            "pointer-overflow");
}

TEST(NativeOutcome, UnknownUndefinedBehaviorIsUnrecognised) {
  NativeOutcome outcome =
      classifyNativeRun(exited(1, "/src/p.c:7:3: runtime error: something "
                                  "new in a later clang\n"),
                        "p.c");
  EXPECT_EQ(outcome.category, Category::Unrecognised);
  EXPECT_NE(outcome.evidence.find("something new"), std::string::npos)
      << outcome.evidence;
}

TEST(NativeOutcome, ReplayRuntimeErrorGivesKindAndLine) {
  NativeOutcome outcome =
      classifyNativeRun(exited(77, "cosmo-replay: warning: x: no nondet input "
                                   "left in the replay file; using 0\n"
                                   "COSMO-REPLAY-ERROR assert prog.c:22\n"),
                        "prog.c");
  EXPECT_EQ(outcome.category, Category::Error);
  EXPECT_EQ(outcome.error, (ErrorSite{"assert", 22}));
}

TEST(NativeOutcome, ReplayRuntimeSetupFailureIsUnrecognised) {
  NativeOutcome outcome = classifyNativeRun(
      exited(
          2,
          "cosmo-replay: error: /tmp/r:3: expected `<source> <size> <hex>`\n"),
      "prog.c");
  EXPECT_EQ(outcome.category, Category::Unrecognised);
}

TEST(NativeOutcome, CleanExitWithAnyCodeIsCompleted) {
  EXPECT_EQ(classifyNativeRun(exited(0, ""), "p.c").category,
            Category::Completed);
  EXPECT_EQ(classifyNativeRun(exited(3, "some output of the program\n"), "p.c")
                .category,
            Category::Completed);
}

TEST(NativeOutcome, AbortWithoutReportIsCompleted) {
  EXPECT_EQ(classifyNativeRun(signaled(SIGABRT, ""), "p.c").category,
            Category::Completed);
}

TEST(NativeOutcome, SigfpeWithoutReportIsDivByZero) {
  NativeOutcome outcome = classifyNativeRun(signaled(SIGFPE, ""), "p.c");
  EXPECT_EQ(outcome.category, Category::Error);
  EXPECT_EQ(outcome.error.kind, "div-by-zero");
}

TEST(NativeOutcome, OtherSignalWithoutReportIsUnrecognised) {
  EXPECT_EQ(classifyNativeRun(signaled(SIGILL, ""), "p.c").category,
            Category::Unrecognised);
}

TEST(NativeOutcome, TimeoutIsUnrecognisedEvenWithAReport) {
  ProcessResult run = exited(0, "COSMO-REPLAY-ERROR assert p.c:3\n");
  run.ending = ProcessResult::Ending::TimedOut;
  EXPECT_EQ(classifyNativeRun(run, "p.c").category, Category::Unrecognised);
}

TEST(NativeOutcome, LineComesFromTheProgramFileNotFromLibraryFrames) {
  // Frame #0 is in the replay runtime, #1 in a file whose name ends like the
  // program's; the program's own frame is #2.
  std::string err =
      "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address "
      "0x602000000020 at pc 0x1\n"
      "WRITE of size 4 at 0x602000000020 thread T0\n"
      "    #0 0x4a1 in __asan_memcpy (/tmp/w/p.native+0x4a1)\n"
      "    #1 0x4b2 in klee_make_symbolic /work/main/runtime/replay.c:180:3\n"
      "    #2 0x4c3 in helper /src/other_p.c:9:3\n"
      "    #3 0x4d4 in main /src/p.c:12:5\n";
  NativeOutcome outcome = classifyNativeRun(exited(1, err), "p.c");
  EXPECT_EQ(outcome.error, (ErrorSite{"out-of-bounds", 12}));
}

TEST(NativeOutcome, ErrorWithoutProgramFrameHasLineZero) {
  NativeOutcome outcome = classifyNativeRun(
      exited(1, "/usr/include/x.h:3:10: runtime error: division by zero\n"),
      "p.c");
  EXPECT_EQ(outcome.error, (ErrorSite{"div-by-zero", 0}));
}

TEST(NativeOutcome, FirstReportWins) {
  std::string err =
      "/src/p.c:4:10: runtime error: load of null pointer of type 'int'\n"
      "COSMO-REPLAY-ERROR assert p.c:9\n";
  EXPECT_EQ(classifyNativeRun(exited(1, err), "p.c").error,
            (ErrorSite{"null-deref", 4}));
}

TEST(NativeOutcome, MatchesExpectation) {
  NativeOutcome divByZero = classifyNativeRun(
      exited(77, "COSMO-REPLAY-ERROR div-by-zero p.c:3\n"), "p.c");
  NativeOutcome completed = classifyNativeRun(exited(0, ""), "p.c");
  NativeOutcome unknown = classifyNativeRun(signaled(SIGILL, ""), "p.c");
  EXPECT_TRUE(matchesExpectation(divByZero, ErrorSite{"div-by-zero", 3}));
  EXPECT_FALSE(matchesExpectation(divByZero, ErrorSite{"div-by-zero", 4}));
  EXPECT_FALSE(matchesExpectation(divByZero, ErrorSite{"overflow", 3}));
  EXPECT_FALSE(matchesExpectation(divByZero, std::nullopt));
  EXPECT_TRUE(matchesExpectation(completed, std::nullopt));
  EXPECT_FALSE(matchesExpectation(completed, ErrorSite{"assert", 1}));
  EXPECT_FALSE(matchesExpectation(unknown, std::nullopt));
}

TEST(NativeOutcome, KindsOfAddressSanitizerReports) {
  EXPECT_EQ(kindOfAddressSanitizerReport(
                "dynamic-stack-buffer-overflow on address 0x7ff"),
            "out-of-bounds");
  EXPECT_EQ(
      kindOfAddressSanitizerReport("stack-buffer-overflow on address 0x7ff"),
      "out-of-bounds");
  EXPECT_EQ(kindOfAddressSanitizerReport(
                "SEGV on unknown address 0x000000000fff (pc 0x1)"),
            "null-deref");
  EXPECT_EQ(kindOfAddressSanitizerReport(
                "SEGV on unknown address 0x000000001000 (pc 0x1)"),
            "invalid-access");
  EXPECT_EQ(kindOfAddressSanitizerReport("SEGV on unknown address (pc 0x1)"),
            "invalid-access");
  EXPECT_EQ(
      kindOfAddressSanitizerReport("stack-use-after-scope on address 0x7ff"),
      "use-after-free");
  EXPECT_EQ(kindOfAddressSanitizerReport("unknown-crash on address 0x7ff"),
            std::nullopt);
}

} // namespace
} // namespace cosmo::report
