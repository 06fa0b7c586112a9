// Findings a user can trust (issue 22): errors described by the pointer they
// came from and confirmed natively, typed inputs, how many test files a run
// writes, and replays that rebuild the program as it was analysed.
#include "CliFixture.h"

#include <fstream>
#include <string>

#ifndef COSMO_E2E_PROGRAMS_DIR
#error "tests/e2e/CMakeLists.txt defines COSMO_E2E_PROGRAMS_DIR"
#endif

namespace cosmo::e2e {
namespace {

using json = nlohmann::json;

std::string programPath(const std::string &relative) {
  return (std::filesystem::path(COSMO_E2E_PROGRAMS_DIR) / relative).string();
}

struct DescribedError {
  std::string program;  // under tests/programs
  std::string kind;     // report.json's kind
  std::string message;  // a part of the error's message
  std::vector<std::string> options = {};
};

void PrintTo(const DescribedError &e, std::ostream *os) { *os << e.program; }

class ErrorDescription : public CliFixture,
                         public testing::WithParamInterface<DescribedError> {};

// Each program has one error; --confirm replays it natively.
TEST_P(ErrorDescription, NamesThePointersObjectAndIsConfirmedNatively) {
  const DescribedError &expected = GetParam();
  std::vector<std::string> args = {"check", "--confirm", "--out=out"};
  args.insert(args.end(), expected.options.begin(), expected.options.end());
  args.push_back(programPath(expected.program));
  ProcessResult r = cosmo(args, 120);
  ASSERT_EQ(r.exitCode, 1) << r.err;
  json rep = report("out");
  ASSERT_EQ(rep["errors"].size(), 1u) << rep["errors"].dump(2);
  const json &error = rep["errors"][0];
  EXPECT_EQ(error["kind"], expected.kind);
  std::string message = error["message"].get<std::string>();
  EXPECT_NE(message.find(expected.message), std::string::npos) << message;
  EXPECT_EQ(error["replay"], "confirmed") << error["replay_detail"];
}

INSTANTIATE_TEST_SUITE_P(
    Programs, ErrorDescription,
    testing::Values(
        DescribedError{"errors/heap_underflow.c", "out-of-bounds",
                       "at offset -1 of heap object 'malloc at line 8' of 16 "
                       "bytes"},
        DescribedError{"errors/stack_underflow.c", "out-of-bounds",
                       "at offset -1 of stack object 'line' of 16 bytes"},
        DescribedError{"errors/null_minus_offset.c", "null-deref",
                       "8 bytes at NULL - 16"},
        DescribedError{"errors/null_plus_large_offset.c", "null-deref",
                       "4 bytes at NULL + 8000"},
        DescribedError{"errors/null_function_pointer.c", "null-deref",
                       "call through a null function pointer"},
        DescribedError{"errors/oob_global_write_const.c", "out-of-bounds",
                       "at offset 16 of global object 'slots' of 16 bytes"},
        DescribedError{"errors/global_underflow.c", "out-of-bounds",
                       "to global object 'weights' of 32 bytes"},
        DescribedError{"errors/oob_heap_read_const.c", "out-of-bounds",
                       "heap object"},
        DescribedError{"errors/oob_stack_read_sym.c", "out-of-bounds",
                       "stack object"},
        DescribedError{"arith/overflow_increment.c", "overflow",
                       "signed overflow",
                       {"--check=overflow"}}),
    [](const testing::TestParamInfo<DescribedError> &info) {
      std::string name = std::filesystem::path(info.param.program).stem();
      return name;
    });

class Findings : public CliFixture {
protected:
  size_t testFiles(const std::string &out) {
    size_t n = 0;
    for (const auto &f :
         std::filesystem::directory_iterator(dir_.path() / out / "tests"))
      n += f.path().extension() == ".json";
    return n;
  }
};

// Inputs read in their C type, on the terminal and in the vectors.
TEST_F(Findings, InputsArePrintedInTheirCType) {
  write("span.c", R"(#include <klee/klee.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  long long start;
  char tag[4];
  klee_make_symbolic(&start, sizeof start, "start");
  klee_make_symbolic(tag, sizeof tag, "tag");
  unsigned count = __VERIFIER_nondet_uint();
  if (tag[0] == 'x' && tag[1] == 0 && count == 4294967295u &&
      start == -9223372036854775807LL - 1)
    klee_assert(0);
  return 0;
}
)");
  ProcessResult r = cosmo({"check", "--out=out", "span.c"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("input start = -9223372036854775808 (long long, "
                       "klee_make_symbolic)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("input tag = \"x\\000"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(char[4], klee_make_symbolic)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("input count = 4294967295 (unsigned int, "
                       "__VERIFIER_nondet_uint)"),
            std::string::npos)
      << r.out;
  json rep = report("out");
  std::ifstream in(dir_.path() / "out" / rep["errors"][0]["test"]
                                             .get<std::string>());
  json vector = json::parse(in);
  const json &start = vector["inputs"][0];
  EXPECT_EQ(start["type"], "long long");
  EXPECT_EQ(start["value"], "-9223372036854775808");
  EXPECT_EQ(start["hex"], "0000000000000080"); // the bytes stay for replay
  EXPECT_EQ(vector["inputs"][2]["type"], "unsigned int");
  EXPECT_EQ(vector["inputs"][2]["value"], "4294967295");
}

// 2^12 paths: a test per path only when asked for.
TEST_F(Findings, TestsAreWrittenForErrorsAndNewCoverageByDefault) {
  write("bits.c", R"(extern int __VERIFIER_nondet_int(void);
int main(void) {
  int sum = 0;
  for (int k = 0; k < 12; k++)
    if (__VERIFIER_nondet_int())
      sum += 1 << k;
  return sum == 4095 ? 1 : 0;
}
)");
  ProcessResult byDefault = cosmo({"check", "--out=new", "bits.c"}, 120);
  ASSERT_EQ(byDefault.exitCode, 0) << byDefault.out << byDefault.err;
  size_t written = testFiles("new");
  EXPECT_GE(written, 1u);
  EXPECT_LE(written, 30u); // at most one per block first run
  EXPECT_NE(byDefault.out.find(std::to_string(written) + " tests: 0 errors"),
            std::string::npos)
      << byDefault.out;
  json stats = report("new")["stats"];
  EXPECT_EQ(stats["paths_completed"], 4096);
  EXPECT_EQ(stats["tests"]["policy"], "new-coverage");
  EXPECT_EQ(stats["tests"]["completed_paths"], written);

  ASSERT_EQ(cosmo({"check", "-q", "--tests=all", "--out=all", "bits.c"}, 120)
                .exitCode,
            0);
  EXPECT_EQ(testFiles("all"), 4096u);
  ASSERT_EQ(cosmo({"check", "-q", "--tests=errors", "--out=none", "bits.c"},
                  120)
                .exitCode,
            0);
  EXPECT_EQ(testFiles("none"), 0u);
  EXPECT_EQ(cosmo({"check", "--tests=some", "bits.c"}).exitCode, 2);
}

// A vector remembers how its program was built: a replay needs neither
// the files nor the flags again.
TEST_F(Findings, ReplayRebuildsTheProgramWithTheRecordedFlags) {
  write("inc/limits_of_app.h", "#define CAPACITY 4\n");
  write("app.c", R"(#include "limits_of_app.h"
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int slots[CAPACITY] = {0};
  int i = __VERIFIER_nondet_int();
#ifdef STRICT
  if (i < 0 || i > CAPACITY) return 0;
#else
  if (i < 0 || i >= CAPACITY) return 0;
#endif
  return slots[i];
}
)");
  ProcessResult r =
      cosmo({"check", "-q", "--out=out", "-DSTRICT=1", "-Iinc", "app.c"}, 120);
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  json rep = report("out");
  ASSERT_EQ(rep["errors"].size(), 1u);
  std::string test = "out/" + rep["errors"][0]["test"].get<std::string>();
  ProcessResult replay = cosmo({"replay", test}, 120);
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("confirmed: out-of-bounds"), std::string::npos)
      << replay.out;
  // Flags given to replay replace the recorded ones: without STRICT the
  // index stays in bounds.
  ProcessResult otherwise = cosmo({"replay", "-Iinc", test, "app.c"}, 120);
  EXPECT_EQ(otherwise.exitCode, 1) << otherwise.out << otherwise.err;
}

// --keep prints a command that reruns the test, --entry harness included.
TEST_F(Findings, KeptReplayPrintsACommandThatReruns) {
  write("lib.c", R"(int at(const int *values, int n, int i) {
  if (i > n)
    return -1;
  return values[i] / (n - i);
}
)");
  ASSERT_EQ(cosmo({"check", "-q", "--entry=at", "--inputs=any", "--out=out",
                   "lib.c"},
                  120)
                .exitCode,
            1);
  json rep = report("out");
  std::string test;
  for (const json &e : rep["errors"])
    if (e["kind"] == "div-by-zero")
      test = "out/" + e["test"].get<std::string>();
  ASSERT_FALSE(test.empty()) << rep.dump(2);
  ProcessResult replay = cosmo({"replay", "--keep", test}, 120);
  ASSERT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  std::string marker = "; rerun: ";
  size_t at = replay.out.find(marker);
  ASSERT_NE(at, std::string::npos) << replay.out;
  std::string command = replay.out.substr(at + marker.size());
  command = command.substr(0, command.find('\n'));
  report::ProcessRequest rerun;
  rerun.argv = {"/bin/sh", "-c", command};
  rerun.timeout = std::chrono::seconds(60);
  ProcessResult again = report::runProcess(rerun);
  EXPECT_NE(again.err.find("division by zero"), std::string::npos)
      << command << "\n" << again.err;
  EXPECT_EQ(again.err.find("COSMO_HARNESS_FILE is not set"), std::string::npos)
      << again.err;
  std::string kept = replay.out.substr(replay.out.find("kept in ") + 8);
  std::error_code ignored;
  std::filesystem::remove_all(kept.substr(0, kept.find(';')), ignored);
}

// Why paths did not reach their end is said whatever the verdict, with the
// line where each was cut.
TEST_F(Findings, CutsAreReportedWithTheirLinesAlongsideErrors) {
  write("grow.c", R"(#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  char *p = malloc(4);
  if (!p) return 0;
  if (n == 3) reach_error();
  char *q = realloc(p, (unsigned)n);
  if (q) free(q);
  return 0;
}
)");
  ProcessResult r = cosmo({"check", "--out=out", "grow.c"});
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("verdict: false (1 error found)\n  not explored to "
                       "the end: realloc with a symbolic pointer or size at "
                       "grow.c:9\n"),
            std::string::npos)
      << r.out;
  json reasons = report("out")["unknown_reasons"];
  ASSERT_EQ(reasons.size(), 1u);
  EXPECT_EQ(reasons[0], "realloc with a symbolic pointer or size at grow.c:9");
}

} // namespace
} // namespace cosmo::e2e
