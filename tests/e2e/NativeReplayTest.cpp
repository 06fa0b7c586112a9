// runtime/replay.c and the native half of the runner, end to end without
// cosmo: small programs are built like programs under test, fed hand-written
// replay files (or a hand-written test vector), and their outcome classified.
#include "NativeToolchain.h"
#include "ProgramSpec.h"
#include "TempDir.h"
#include "TextUtil.h"

#include "cosmo/report/NativeBuild.h"
#include "cosmo/report/NativeOutcome.h"
#include "cosmo/report/TestVectorFile.h"

#include <gtest/gtest.h>

#include <optional>

namespace cosmo::e2e {
namespace {

using namespace cosmo::report;

class NativeReplay : public testing::Test {
protected:
  void TearDown() override {
    if (HasFailure()) {
      workDir_.keep();
      std::cout << "[   KEPT   ] " << workDir_.path().string() << "\n";
    }
  }

  // Writes `source` as <workDir>/<fileName> and builds it with the runtime.
  std::filesystem::path build(std::string_view source, const std::vector<std::string> &runArgs = {},
                              const std::string &fileName = "prog.c") {
    std::filesystem::path program = workDir_.path() / fileName;
    writeTextFile(program, source);
    std::filesystem::path buildDir = workDir_.path() / ("build-" + std::to_string(++builds_));
    std::filesystem::create_directories(buildDir);
    auto executable =
        buildNativeProgram(toolchain_, program, optionValues(runArgs, "--check"), buildDir);
    if (!executable)
      throw std::runtime_error(toString(executable.takeError()));
    return *executable;
  }

  // Runs `executable` on a replay file holding `replayText`.
  ProcessResult run(const std::filesystem::path &executable, std::string_view replayText) {
    std::filesystem::path replayFile =
        workDir_.path() / ("input-" + std::to_string(++replays_) + ".replay");
    writeTextFile(replayFile, replayText);
    return runNativeProgram(toolchain_, executable, replayFile, std::chrono::seconds(10));
  }

  NativeOutcome replay(const std::filesystem::path &executable, std::string_view replayText,
                       const std::string &fileName = "prog.c") {
    ProcessResult result = run(executable, replayText);
    NativeOutcome outcome = classifyNativeRun(result, fileName);
    lastStderr_ = result.err;
    return outcome;
  }

  void expectError(const NativeOutcome &outcome, const std::string &kind, int line) {
    EXPECT_TRUE(matchesExpectation(outcome, ErrorSite{kind, line}))
        << "expected " << describe(ErrorSite{kind, line}) << ", got " << describe(outcome)
        << "\nstderr:\n" << lastStderr_;
  }

  void expectCompleted(const NativeOutcome &outcome) {
    EXPECT_TRUE(matchesExpectation(outcome, std::nullopt))
        << "expected completed, got " << describe(outcome) << "\nstderr:\n" << lastStderr_;
  }

  const std::filesystem::path &workDir() const { return workDir_.path(); }
  const std::string &lastStderr() const { return lastStderr_; }

private:
  ScopedTempDir workDir_ = makeTempDir("cosmo-native-replay");
  NativeToolchain toolchain_ = defaultNativeToolchain();
  int builds_ = 0;
  int replays_ = 0;
  std::string lastStderr_;
};

TEST_F(NativeReplay, DivisionByNondetZero) {
  auto exe = build("extern int __VERIFIER_nondet_int(void);\n"   // 1
                   "int scale(int x, int d) {\n"                   // 2
                   "  return x / d;\n"                             // 3
                   "}\n"                                           // 4
                   "int main(void) {\n"                            // 5
                   "  int d = __VERIFIER_nondet_int();\n"          // 6
                   "  return scale(100, d) > 7;\n"                 // 7
                   "}\n");
  expectError(replay(exe, "nondet 4 00000000\n"), "div-by-zero", 3);
  expectCompleted(replay(exe, "nondet 4 05000000\n"));
}

TEST_F(NativeReplay, ReachErrorDefinedByTheProgramIsAnAssertAtTheCall) {
  auto exe = build("extern int __VERIFIER_nondet_int(void);\n"   // 1
                   "void reach_error() {}\n"                       // 2
                   "int main(void) {\n"                            // 3
                   "  int x = __VERIFIER_nondet_int();\n"          // 4
                   "  if (x == 42)\n"                              // 5
                   "    reach_error();\n"                          // 6
                   "  return 0;\n"                                 // 7
                   "}\n");
  expectError(replay(exe, "nondet 4 2a000000\n"), "assert", 6);
  expectCompleted(replay(exe, "nondet 4 2b000000\n"));
}

TEST_F(NativeReplay, ReachErrorInSvCompStyleStillReportsTheCall) {
  auto exe = build("#include <assert.h>\n"                                                  // 1
                   "extern void __assert_fail(const char *, const char *, unsigned int,\n"  // 2
                   "                          const char *);\n"                               // 3
                   "void reach_error() { __assert_fail(\"0\", \"prog.c\", 4, \"reach_error\"); }\n" // 4
                   "extern unsigned char __VERIFIER_nondet_uchar(void);\n"                // 5
                   "static void check(unsigned char c) {\n"                                 // 6
                   "  if (c > 200) {\n"                                                     // 7
                   "    reach_error();\n"                                                   // 8
                   "  }\n"                                                                  // 9
                   "}\n"                                                                    // 10
                   "int main(void) { check(__VERIFIER_nondet_uchar()); return 0; }\n");     // 11
  expectError(replay(exe, "nondet 1 c9\n"), "assert", 8);
  expectCompleted(replay(exe, "nondet 1 c8\n"));
}

TEST_F(NativeReplay, ReachErrorOnlyDeclaredUsesTheRuntimeDefinition) {
  auto exe = build("void reach_error(void);\n"                     // 1
                   "extern _Bool __VERIFIER_nondet_bool(void);\n"  // 2
                   "int main(void) {\n"                            // 3
                   "  if (__VERIFIER_nondet_bool())\n"             // 4
                   "    reach_error();\n"                          // 5
                   "  return 0;\n"                                 // 6
                   "}\n");
  expectError(replay(exe, "nondet 1 01\n"), "assert", 5);
  expectCompleted(replay(exe, "nondet 1 00\n"));
}

TEST_F(NativeReplay, CosmoAssertAndKleeAssertReportTheirCallLine) {
  auto exe = build("#include <cosmo.h>\n"                          // 1
                   "#include <klee/klee.h>\n"                      // 2
                   "int main(void) {\n"                            // 3
                   "  int mode;\n"                                 // 4
                   "  char buf[3];\n"                              // 5
                   "  cosmo_symbolic(&mode, sizeof mode, \"mode\");\n" // 6
                   "  klee_make_symbolic(buf, sizeof buf, \"buf\");\n" // 7
                   "  if (mode == 1)\n"                            // 8
                   "    cosmo_assert(buf[0] != 'a');\n"            // 9
                   "  if (mode == 2)\n"                            // 10
                   "    klee_assert(\n"                            // 11
                   "        buf[1] != 'b');\n"                     // 12
                   "  return 0;\n"                                 // 13
                   "}\n");
  expectError(replay(exe, "symbolic 4 01000000\nsymbolic 3 616263\n"), "assert", 9);
  expectError(replay(exe, "symbolic 4 02000000\nsymbolic 3 616263\n"), "assert", 11);
  expectCompleted(replay(exe, "symbolic 4 01000000\nsymbolic 3 786263\n"));
  expectCompleted(replay(exe, "symbolic 4 02000000\nsymbolic 3 617863\n"));
}

TEST_F(NativeReplay, GlibcAssertIsAnAssert) {
  auto exe = build("#include <assert.h>\n"                         // 1
                   "extern int __VERIFIER_nondet_int(void);\n"     // 2
                   "int main(void) {\n"                            // 3
                   "  int x = __VERIFIER_nondet_int();\n"          // 4
                   "  assert(x != -1);\n"                          // 5
                   "  return 0;\n"                                 // 6
                   "}\n");
  expectError(replay(exe, "nondet 4 ffffffff\n"), "assert", 5);
  expectCompleted(replay(exe, "nondet 4 feffffff\n"));
}

TEST_F(NativeReplay, AssumptionsEndInfeasiblePathsQuietly) {
  auto exe = build("#include <cosmo.h>\n"                          // 1
                   "#include <klee/klee.h>\n"                      // 2
                   "extern int __VERIFIER_nondet_int(void);\n"     // 3
                   "extern void __VERIFIER_assume(int);\n"         // 4
                   "extern void assume_abort_if_not(int);\n"       // 5
                   "int main(void) {\n"                            // 6
                   "  int x = __VERIFIER_nondet_int();\n"          // 7
                   "  if (x == 1) __VERIFIER_assume(0);\n"         // 8
                   "  if (x == 2) assume_abort_if_not(0);\n"       // 9
                   "  if (x == 3) cosmo_assume(0);\n"              // 10
                   "  if (x == 4) klee_assume(0);\n"               // 11
                   "  if (x == 5) klee_silent_exit(0);\n"          // 12
                   "  cosmo_assert(x == 0);\n"                     // 13
                   "  return 0;\n"                                 // 14
                   "}\n");
  for (const char *value : {"01000000", "02000000", "03000000", "04000000", "05000000"}) {
    ProcessResult result = run(exe, std::string("nondet 4 ") + value + "\n");
    EXPECT_EQ(result.ending, ProcessResult::Ending::Exited) << value;
    EXPECT_EQ(result.exitCode, 0) << value << "\n" << result.err;
  }
  expectError(replay(exe, "nondet 4 06000000\n"), "assert", 13);
}

TEST_F(NativeReplay, ProgramsMayDefineAssumeAbortIfNotThemselves) {
  auto exe = build("#include <stdlib.h>\n"                                        // 1
                   "extern int __VERIFIER_nondet_int(void);\n"                    // 2
                   "void assume_abort_if_not(int cond) { if (!cond) abort(); }\n" // 3
                   "int main(void) {\n"                                           // 4
                   "  int x = __VERIFIER_nondet_int();\n"                         // 5
                   "  assume_abort_if_not(x > 0);\n"                              // 6
                   "  return 10 / (x - 1);\n"                                     // 7
                   "}\n");
  expectCompleted(replay(exe, "nondet 4 00000000\n"));
  expectError(replay(exe, "nondet 4 01000000\n"), "div-by-zero", 7);
}

TEST_F(NativeReplay, NondetValuesHaveTheWidthOfTheirFunction) {
  auto exe = build("#include <cosmo.h>\n"                                          // 1
                   "#include <stddef.h>\n"                                         // 2
                   "char __VERIFIER_nondet_char(void);\n"                          // 3
                   "unsigned char __VERIFIER_nondet_uchar(void);\n"                // 4
                   "short __VERIFIER_nondet_short(void);\n"                        // 5
                   "unsigned short __VERIFIER_nondet_ushort(void);\n"              // 6
                   "unsigned __VERIFIER_nondet_uint(void);\n"                      // 7
                   "long __VERIFIER_nondet_long(void);\n"                          // 8
                   "unsigned long __VERIFIER_nondet_ulong(void);\n"                // 9
                   "long long __VERIFIER_nondet_longlong(void);\n"                 // 10
                   "unsigned long long __VERIFIER_nondet_ulonglong(void);\n"       // 11
                   "size_t __VERIFIER_nondet_size_t(void);\n"                      // 12
                   "_Bool __VERIFIER_nondet_bool(void);\n"                         // 13
                   "void *__VERIFIER_nondet_pointer(void);\n"                      // 14
                   "int main(void) {\n"                                            // 15
                   "  cosmo_assert(__VERIFIER_nondet_char() == -2);\n"             // 16
                   "  cosmo_assert(__VERIFIER_nondet_uchar() == 254);\n"           // 17
                   "  cosmo_assert(__VERIFIER_nondet_short() == -3);\n"            // 18
                   "  cosmo_assert(__VERIFIER_nondet_ushort() == 0x1234);\n"       // 19
                   "  cosmo_assert(__VERIFIER_nondet_uint() == 0x89abcdefu);\n"    // 20
                   "  cosmo_assert(__VERIFIER_nondet_long() == -5);\n"             // 21
                   "  cosmo_assert(__VERIFIER_nondet_ulong() == 0x0102030405060708ul);\n" // 22
                   "  cosmo_assert(__VERIFIER_nondet_longlong() == -6);\n"         // 23
                   "  cosmo_assert(__VERIFIER_nondet_ulonglong() == 7);\n"         // 24
                   "  cosmo_assert(__VERIFIER_nondet_size_t() == 8);\n"            // 25
                   "  cosmo_assert(__VERIFIER_nondet_bool() == 1);\n"              // 26
                   "  int *p = __VERIFIER_nondet_pointer();\n"                     // 27
                   "  return *p;\n"                                                // 28
                   "}\n");
  std::string inputs = "nondet 1 fe\n"
                       "nondet 1 fe\n"
                       "nondet 2 fdff\n"
                       "nondet 2 3412\n"
                       "nondet 4 efcdab89\n"
                       "nondet 8 fbffffffffffffff\n"
                       "nondet 8 0807060504030201\n"
                       "nondet 8 faffffffffffffff\n"
                       "nondet 8 0700000000000000\n"
                       "nondet 8 0800000000000000\n"
                       "nondet 1 01\n";
  expectError(replay(exe, inputs + "nondet 8 0000000000000000\n"), "null-deref", 28);
  // One wrong value makes its assertion fail.
  std::string wrongShort = inputs;
  wrongShort.replace(wrongShort.find("fdff"), 4, "fcff");
  expectError(replay(exe, wrongShort + "nondet 8 0000000000000000\n"), "assert", 18);
}

TEST_F(NativeReplay, MissingInputsAreZeroWithAWarning) {
  auto exe = build("#include <klee/klee.h>\n"                      // 1
                   "extern int __VERIFIER_nondet_int(void);\n"     // 2
                   "int main(void) {\n"                            // 3
                   "  char buf[4] = {1, 2, 3, 4};\n"               // 4
                   "  klee_make_symbolic(buf, sizeof buf, \"buf\");\n" // 5
                   "  int x = __VERIFIER_nondet_int();\n"          // 6
                   "  return 10 / (x + buf[3] + 1);\n"             // 7
                   "}\n");
  expectCompleted(replay(exe, ""));
  EXPECT_NE(lastStderr().find("cosmo-replay: warning: __VERIFIER_nondet_int: no nondet input left"),
            std::string::npos) << lastStderr();
  EXPECT_NE(lastStderr().find("cosmo-replay: warning: buf: no symbolic input left"), std::string::npos)
      << lastStderr();
  expectError(replay(exe, "nondet 4 ffffffff\n"), "div-by-zero", 7);
}

TEST_F(NativeReplay, NondetAndSymbolicInputsAreSeparateQueues) {
  auto exe = build("#include <klee/klee.h>\n"                      // 1
                   "extern int __VERIFIER_nondet_int(void);\n"     // 2
                   "int main(void) {\n"                            // 3
                   "  int a = __VERIFIER_nondet_int();\n"          // 4
                   "  int b;\n"                                    // 5
                   "  klee_make_symbolic(&b, sizeof b, \"b\");\n"  // 6
                   "  int c = klee_range(0, 10, \"c\");\n"         // 7
                   "  klee_assert(a != 1 || b != 2 || c != 3);\n"  // 8
                   "  return 0;\n"                                 // 9
                   "}\n");
  expectError(replay(exe, "nondet 4 01000000\nsymbolic 4 02000000\nnondet 4 03000000\n"), "assert", 8);
  expectCompleted(replay(exe, "nondet 4 01000000\nsymbolic 4 02000000\nnondet 4 04000000\n"));
}

TEST_F(NativeReplay, OverflowIsCheckedOnlyWhenCosmoChecksIt) {
  std::string source = "extern int __VERIFIER_nondet_int(void);\n"  // 1
                       "int main(void) {\n"                          // 2
                       "  int x = __VERIFIER_nondet_int();\n"        // 3
                       "  int y = x + 1;\n"                          // 4
                       "  int s = 1 << (x & 63);\n"                  // 5
                       "  return (y + s) & 1;\n"                     // 6
                       "}\n";
  std::string intMax = "nondet 4 ffffff7f\n";
  expectCompleted(replay(build(source), intMax));
  expectError(replay(build(source, {"--check=overflow"}), intMax), "overflow", 4);
  expectError(replay(build(source, {"--check=overflow,shift"}), intMax), "overflow", 4);
  expectError(replay(build(source, {"--check", "shift"}), intMax), "shift", 5);
}

TEST_F(NativeReplay, MemoryErrorsFromASan) {
  auto exe = build("#include <stdlib.h>\n"                         // 1
                   "extern int __VERIFIER_nondet_int(void);\n"     // 2
                   "int main(void) {\n"                            // 3
                   "  int mode = __VERIFIER_nondet_int();\n"       // 4
                   "  int *a = malloc(4 * sizeof(int));\n"         // 5
                   "  if (mode == 1) a[4] = 1;\n"                  // 6
                   "  free(a);\n"                                  // 7
                   "  if (mode == 2) return a[0];\n"               // 8
                   "  if (mode == 3) free(a);\n"                   // 9
                   "  if (mode == 4) free(&mode);\n"               // 10
                   "  return 0;\n"                                 // 11
                   "}\n");
  expectError(replay(exe, "nondet 4 01000000\n"), "out-of-bounds", 6);
  expectError(replay(exe, "nondet 4 02000000\n"), "use-after-free", 8);
  expectError(replay(exe, "nondet 4 03000000\n"), "double-free", 9);
  expectError(replay(exe, "nondet 4 04000000\n"), "invalid-free", 10);
  expectCompleted(replay(exe, "nondet 4 00000000\n"));
}

TEST_F(NativeReplay, InfiniteLoopTimesOut) {
  auto exe = build("int main(void) { volatile int spin = 1; while (spin) {} return 0; }\n");
  ProcessResult result = runNativeProgram(defaultNativeToolchain(), exe, "/dev/null",
                                          std::chrono::seconds(1));
  EXPECT_EQ(result.ending, ProcessResult::Ending::TimedOut);
  EXPECT_EQ(classifyNativeRun(result, "prog.c").category, NativeOutcome::Category::Unrecognised);
}

TEST_F(NativeReplay, BuildFailureSaysWhyOnItsFirstLine) {
  std::filesystem::path program = workDir() / "broken.c";
  writeTextFile(program, "int main(void) {\n  return undeclared_variable;\n}\n");
  auto built = buildNativeProgram(defaultNativeToolchain(), program, {}, workDir());
  ASSERT_FALSE(built) << "the build should fail";
  std::string firstLine, output;
  handleAllErrors(built.takeError(), [&](const NativeBuildError &error) {
    firstLine = error.firstErrorLine();
    output = error.output();
  });
  EXPECT_NE(firstLine.find("broken.c:2:10: error: use of undeclared identifier "
                           "'undeclared_variable'"),
            std::string::npos)
      << firstLine << "\n" << output;
}

TEST_F(NativeReplay, LinkFailureNamesTheMissingFunction) {
  std::filesystem::path program = workDir() / "external.c";
  writeTextFile(program, "int mystery(int);\nint main(void) { return mystery(1); }\n");
  auto built = buildNativeProgram(defaultNativeToolchain(), program, {}, workDir());
  ASSERT_FALSE(built) << "the link should fail";
  std::string message = toString(built.takeError());
  EXPECT_NE(message.find("cannot build"), std::string::npos) << message;
  // (GNU ld: "undefined reference to `mystery'"; lld: "undefined symbol:
  // mystery".)
  EXPECT_NE(message.find("mystery"), std::string::npos) << message;
  EXPECT_TRUE(message.find("undefined reference") != std::string::npos ||
              message.find("undefined symbol") != std::string::npos)
      << message;
}

// A runtime cache holds one object per set of flags: a second build with
// the same flags links the first one's object, a build with other checks
// gets its own, and each program still runs its replay.
TEST_F(NativeReplay, RuntimeCacheCompilesTheRuntimeOncePerFlags) {
  namespace fs = std::filesystem;
  NativeToolchain toolchain = defaultNativeToolchain();
  toolchain.runtimeCache = (workDir() / "runtime").string();
  auto objects = [&] {
    std::vector<fs::path> found;
    for (const auto &e : fs::directory_iterator(toolchain.runtimeCache))
      found.push_back(e.path());
    return found;
  };
  auto buildOne = [&](const std::string &name, const std::vector<std::string> &checks) {
    fs::path program = workDir() / (name + ".c");
    writeTextFile(program, "extern int __VERIFIER_nondet_int(void);\n"
                           "int main(void) { return __VERIFIER_nondet_int() == 3 ? 9 : 0; }\n");
    fs::path dir = workDir() / ("build-" + name);
    fs::create_directories(dir);
    auto built = buildNativeProgram(toolchain, program, checks, dir);
    if (!built)
      throw std::runtime_error(toString(built.takeError()));
    return *built;
  };
  fs::path first = buildOne("first", {});
  ASSERT_EQ(objects().size(), 1u);
  fs::path object = objects().front();
  auto stamp = fs::last_write_time(object);
  fs::path second = buildOne("second", {});
  EXPECT_EQ(objects(), std::vector<fs::path>{object});
  EXPECT_EQ(fs::last_write_time(object), stamp) << "compiled again";
  EXPECT_FALSE(fs::exists(workDir() / "build-second" / "replay-runtime.o"));
  buildOne("third", {"overflow"});
  EXPECT_EQ(objects().size(), 2u);
  for (const fs::path &exe : {first, second}) {
    fs::path replay = workDir() / (exe.stem().string() + ".replay");
    writeTextFile(replay, "nondet 4 03000000\n");
    ProcessResult r = runNativeProgram(toolchain, exe, replay, std::chrono::seconds(10));
    EXPECT_EQ(r.exitCode, 9) << exe << ": " << r.err;
  }
}

// The runner's whole native path: a test vector as cosmo would write it,
// turned into a replay file, replayed, classified, compared.
TEST_F(NativeReplay, FakeTestVectorEndToEnd) {
  auto exe = build("#include <klee/klee.h>\n"                          // 1
                   "extern int __VERIFIER_nondet_int(void);\n"         // 2
                   "int main(void) {\n"                                // 3
                   "  int x = __VERIFIER_nondet_int();\n"              // 4
                   "  char buf[3];\n"                                  // 5
                   "  klee_make_symbolic(buf, sizeof buf, \"buf\");\n" // 6
                   "  if (buf[0] == 'a' && buf[2] == 'c')\n"           // 7
                   "    return 100 / (x + 5);\n"                       // 8
                   "  return 0;\n"                                     // 9
                   "}\n",
                   {}, "vector.c");
  std::filesystem::path vectorFile = workDir() / "test-000002.json";
  writeTextFile(vectorFile, R"({
    "version": 1, "program": "vector.c", "entry": "main", "outcome": "error",
    "error": {"kind": "div-by-zero", "file": "vector.c", "line": 8},
    "inputs": [
      {"name": "x", "source": "nondet", "function": "__VERIFIER_nondet_int",
       "size": 4, "hex": "fbffffff", "value": "-5"},
      {"name": "buf", "source": "symbolic", "function": "klee_make_symbolic",
       "size": 3, "hex": "616263"}
    ]})");
  auto vector = readTestVector(vectorFile.string());
  ASSERT_TRUE(bool(vector)) << toString(vector.takeError());
  std::filesystem::path replayFile = workDir() / "test-000002.replay";
  if (llvm::Error error = writeReplayFile(vector->test, replayFile.string()))
    FAIL() << toString(std::move(error));
  EXPECT_EQ(readTextFile(replayFile), "nondet 4 fbffffff\nsymbolic 3 616263\n");
  ProcessResult result =
      runNativeProgram(defaultNativeToolchain(), exe, replayFile, std::chrono::seconds(10));
  NativeOutcome outcome = classifyNativeRun(result, "vector.c");
  EXPECT_EQ(recordedError(vector->test), (ErrorSite{"div-by-zero", 8}));
  EXPECT_TRUE(matchesExpectation(outcome, recordedError(vector->test)))
      << describe(outcome) << "\n" << result.err;
}

} // namespace
} // namespace cosmo::e2e
