// The data model end to end: C programs compiled to bitcode with clang -m32
// (ILP32: 32-bit int, long and pointers) and -m64 (LP64), run through the
// real `cosmo check`, with verdicts that differ between the two; the test
// vectors of an ILP32 run replayed natively (built with -m32, and shown to
// differ when built without); and `--32` on a C file, with --confirm,
// `cosmo replay`, --emit-tests and the SV-COMP witness; and cosmo's libc
// built for ILP32 under --32.
#include "CliFixture.h"
#include "NativeToolchain.h"

#include "cosmo/report/Replay.h"
#include "cosmo/report/TestVectorFile.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace cosmo;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

class DataModelTest : public CliFixture {
protected:
  /// Compiles `name` (written from `source`) to `<stem><bits>.bc` with
  /// -m<bits>, as cosmo's frontend compiles C.
  std::string bitcode(const std::string &name, const std::string &source,
                      int bits) {
    write(name, source);
    std::string out = fs::path(name).stem().string() + std::to_string(bits) +
                      ".bc";
    report::ProcessRequest r;
    r.argv = {defaultNativeToolchain().clang,
              "-m" + std::to_string(bits),
              "-c",
              "-emit-llvm",
              "-O0",
              "-Xclang",
              "-disable-O0-optnone",
              "-g",
              "-fno-discard-value-names",
              "-I",
              defaultNativeToolchain().includeDir,
              name,
              "-o",
              out};
    r.workingDirectory = dir_.path();
    ProcessResult p = report::runProcess(r);
    EXPECT_EQ(p.exitCode, 0) << p.err;
    return out;
  }

  struct Run {
    ProcessResult process;
    json report;
    std::string out;
  };
  /// `cosmo check [args] <name> compiled with -m<bits>` into out<bits>.
  Run check(const std::string &name, const std::string &source, int bits,
            std::vector<std::string> args = {}) {
    std::string bc = bitcode(name, source, bits);
    std::string out = fs::path(name).stem().string() + "-out" +
                      std::to_string(bits);
    args.insert(args.begin(), {"check", "-q", "--out=" + out});
    args.push_back(bc);
    Run r{cosmo(args, 120), {}, out};
    EXPECT_EQ(r.process.ending, ProcessResult::Ending::Exited) << r.process.err;
    r.report = report(out);
    EXPECT_EQ(r.report["data_model"], bits == 32 ? "ILP32" : "LP64");
    return r;
  }

  /// The test vectors of a run, in order.
  std::vector<report::RecordedTest> vectors(const std::string &out) {
    std::vector<fs::path> files;
    for (const auto &f : fs::directory_iterator(dir_.path() / out / "tests"))
      files.push_back(f.path());
    std::sort(files.begin(), files.end());
    std::vector<report::RecordedTest> result;
    for (const fs::path &f : files) {
      auto v = report::readTestVector(f.string());
      if (!v) {
        ADD_FAILURE() << llvm::toString(v.takeError());
        continue;
      }
      result.push_back(std::move(*v));
    }
    EXPECT_FALSE(result.empty()) << "no test vectors in " << out;
    return result;
  }

  /// Replays every vector of `out` natively on `source` (a .c file of the
  /// temp dir) built for `model`; one result per vector.
  std::vector<report::ReplayResult> replayAll(const std::string &out,
                                              const std::string &source,
                                              engine::DataModel model,
                                              std::vector<std::string> checks =
                                                  {}) {
    std::vector<report::RecordedTest> tests = vectors(out);
    if (tests.empty())
      return {};
    fs::path work = dir_.path() / (out + "-native-" +
                                   engine::dataModelName(model));
    fs::create_directories(work);
    report::ReplayOptions options{defaultNativeToolchain(), checks,
                                  std::chrono::seconds(20)};
    options.dataModel = model;
    auto replayer = report::NativeReplayer::build(
        dir_.path() / source, options, work,
        report::entryCallFor(tests[0].entry, tests[0].signature));
    if (!replayer) {
      ADD_FAILURE() << llvm::toString(replayer.takeError());
      return {};
    }
    std::vector<report::ReplayResult> results;
    for (size_t i = 0; i < tests.size(); ++i)
      results.push_back(
          replayer->replay(tests[i].test, fmt::format("t{}", i)).result);
    return results;
  }

  static const json *errorOf(const json &report, const std::string &kind) {
    for (const json &e : report["errors"])
      if (e["kind"] == kind)
        return &e;
    return nullptr;
  }
};

// `long` is 32 bits under ILP32: LONG_MAX + 1 overflows there only.
TEST_F(DataModelTest, LongOverflowsOnlyUnderIlp32) {
  const char *src = "int main(void) {\n"
                    "  long x = 2147483647L;\n"
                    "  long y = x + 1;\n" // 3
                    "  return y > 0;\n"
                    "}\n";
  Run r32 = check("long.c", src, 32, {"--check=overflow"});
  EXPECT_EQ(r32.process.exitCode, 1) << r32.process.out << r32.process.err;
  const json *e = errorOf(r32.report, "overflow");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 3);
  Run r64 = check("long.c", src, 64, {"--check=overflow"});
  EXPECT_EQ(r64.process.exitCode, 0) << r64.process.out << r64.process.err;
  EXPECT_EQ(r64.report["verdict"], "true");
}

TEST_F(DataModelTest, PointerSizeAssertionHoldsOnlyUnderLp64) {
  const char *src = "#include <assert.h>\n"
                    "int main(void) {\n"
                    "  assert(sizeof(void *) == 8);\n" // 3
                    "  assert(sizeof(long) == sizeof(void *));\n"
                    "  return 0;\n"
                    "}\n";
  Run r32 = check("sizes.c", src, 32);
  EXPECT_EQ(r32.report["verdict"], "false");
  const json *e = errorOf(r32.report, "assert");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 3);
  EXPECT_EQ(check("sizes.c", src, 64).report["verdict"], "true");
}

// A 64-bit value stored in a size_t loses its high half under ILP32.
TEST_F(DataModelTest, SizeTTruncatesUnderIlp32) {
  const char *src =
      "#include <stddef.h>\n"
      "extern unsigned long long __VERIFIER_nondet_ulonglong(void);\n"
      "extern void reach_error(void);\n"
      "int main(void) {\n"
      "  unsigned long long big = __VERIFIER_nondet_ulonglong();\n"
      "  size_t n = big;\n"
      "  if (big != 0 && n == 0) reach_error();\n" // 7
      "  return 0;\n"
      "}\n";
  Run r32 = check("trunc.c", src, 32);
  const json *e = errorOf(r32.report, "assert");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 7);
  EXPECT_EQ(check("trunc.c", src, 64).report["verdict"], "true");
  // The error's input is a multiple of 2^32, and the native -m32 run
  // reaches the same line.
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  for (const report::ReplayResult &res :
       replayAll("trunc-out32", "trunc.c", engine::DataModel::ILP32))
    EXPECT_EQ(res.status, report::ReplayStatus::Confirmed) << res.detail;
}

// uintptr_t arithmetic wraps at 32 bits: an offset can bring a pointer-sized
// integer back below where it started.
TEST_F(DataModelTest, PointerSizedArithmeticWrapsUnderIlp32) {
  const char *src = "#include <stdint.h>\n"
                    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
                    "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  char buf[8];\n"
                    "  uintptr_t p = (uintptr_t)buf;\n"
                    "  uintptr_t q = p + __VERIFIER_nondet_uint();\n"
                    "  if (q < p) reach_error();\n" // 8
                    "  return buf[0] = 0;\n"
                    "}\n";
  Run r32 = check("wrap.c", src, 32);
  const json *e = errorOf(r32.report, "assert");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 8);
  EXPECT_EQ(check("wrap.c", src, 64).report["verdict"], "true");
}

// The field after a pointer moves: byte 16 of the struct is `count` under
// LP64 and past the end (12 bytes) under ILP32.
TEST_F(DataModelTest, StructLayoutFollowsThePointerSize) {
  const char *src = "#include <assert.h>\n"
                    "struct rec { char tag; void *data; int count; };\n"
                    "int main(void) {\n"
                    "  struct rec r = {0, 0, 0};\n"
                    "  char *bytes = (char *)&r;\n"
                    "  bytes[16] = 7;\n" // 6
                    "  assert(r.count == 7);\n"
                    "  return 0;\n"
                    "}\n";
  Run r32 = check("layout.c", src, 32);
  const json *e = errorOf(r32.report, "out-of-bounds");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 6);
  EXPECT_EQ(r32.report["errors"].size(), 1u);
  EXPECT_EQ(check("layout.c", src, 64).report["verdict"], "true");
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  for (const report::ReplayResult &res :
       replayAll("layout-out32", "layout.c", engine::DataModel::ILP32))
    EXPECT_EQ(res.status, report::ReplayStatus::Confirmed) << res.detail;
}

// A symbolic unsigned long ranges over 32 bits under ILP32 (4-byte inputs)
// and 64 bits under LP64 (8-byte inputs).
TEST_F(DataModelTest, UnsignedLongInputRangeFollowsTheDataModel) {
  const char *src = "extern unsigned long __VERIFIER_nondet_ulong(void);\n"
                    "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  unsigned long x = __VERIFIER_nondet_ulong();\n"
                    "  if (x > 4294967295UL) reach_error();\n" // 5
                    "  return 0;\n"
                    "}\n";
  Run r32 = check("range.c", src, 32);
  EXPECT_EQ(r32.report["verdict"], "true");
  for (const report::RecordedTest &t : vectors(r32.out)) {
    EXPECT_EQ(t.dataModel, engine::DataModel::ILP32);
    ASSERT_EQ(t.test.inputs.size(), 1u);
    EXPECT_EQ(t.test.inputs[0].bytes.size(), 4u);
  }
  Run r64 = check("range.c", src, 64);
  const json *e = errorOf(r64.report, "assert");
  ASSERT_TRUE(e) << r64.report.dump(2);
  EXPECT_EQ((*e)["line"], 5);
  for (const report::RecordedTest &t : vectors(r64.out)) {
    EXPECT_EQ(t.dataModel, engine::DataModel::LP64);
    ASSERT_EQ(t.test.inputs.size(), 1u);
    EXPECT_EQ(t.test.inputs[0].bytes.size(), 8u);
  }
}

// A linked list under --entry: lazily initialised 32-bit pointers find the
// same null dereference as 64-bit ones, with inputs laid out for the
// target, and the ILP32 vectors replay through a -m32 harness.
TEST_F(DataModelTest, LinkedListUnderEntryInBothModels) {
  const char *src = "struct node { int value; struct node *next; };\n"
                    "int second(struct node *n) {\n"
                    "  if (!n) return 0;\n"
                    "  return n->next->value;\n" // 4
                    "}\n";
  for (int bits : {32, 64}) {
    Run r = check("list.c", src, bits, {"--entry=second", "--inputs=any"});
    const json *e = errorOf(r.report, "null-deref");
    ASSERT_TRUE(e) << r.report.dump(2);
    EXPECT_EQ((*e)["line"], 4);
    size_t pointer = bits / 8;
    bool sawNext = false;
    for (const report::RecordedTest &t : vectors(r.out)) {
      for (const engine::TestInput &in : t.test.inputs)
        EXPECT_EQ(in.bytes.size(),
                  in.source == "argument" ? pointer : 2 * pointer)
            << bits << "-bit input " << in.name;
      for (const engine::InputPointer &p : t.test.pointers)
        if (p.holder == "*n") {
          EXPECT_EQ(p.offset, pointer) << bits;
          sawNext = true;
        }
    }
    EXPECT_TRUE(sawNext) << bits;
  }
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  std::vector<report::ReplayResult> results =
      replayAll("list-out32", "list.c", engine::DataModel::ILP32);
  EXPECT_GE(results.size(), 3u);
  for (const report::ReplayResult &res : results)
    EXPECT_EQ(res.status, report::ReplayStatus::Confirmed) << res.detail;
}

// The replay's -m32 matters: the ILP32 vector of ULONG_MAX + 1 == 0 holds 4
// bytes, which a 64-bit build reads as 2^32 - 1, where nothing wraps.
TEST_F(DataModelTest, Ilp32VectorsReplayOnlyInA32BitBuild) {
  const char *src = "extern unsigned long __VERIFIER_nondet_ulong(void);\n"
                    "extern void reach_error(void);\n"
                    "int main(void) {\n"
                    "  unsigned long x = __VERIFIER_nondet_ulong();\n"
                    "  if (x + 1 == 0) reach_error();\n" // 5
                    "  return 0;\n"
                    "}\n";
  Run r32 = check("ulong.c", src, 32);
  const json *e = errorOf(r32.report, "assert");
  ASSERT_TRUE(e) << r32.report.dump(2);
  EXPECT_EQ((*e)["line"], 5);
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  std::vector<report::ReplayResult> as32 =
      replayAll("ulong-out32", "ulong.c", engine::DataModel::ILP32);
  ASSERT_EQ(as32.size(), 2u);
  for (const report::ReplayResult &res : as32)
    EXPECT_EQ(res.status, report::ReplayStatus::Confirmed) << res.detail;
  std::vector<report::ReplayResult> as64 =
      replayAll("ulong-out32", "ulong.c", engine::DataModel::LP64);
  size_t notReproduced = 0;
  for (const report::ReplayResult &res : as64)
    notReproduced += res.status == report::ReplayStatus::NotReproduced;
  EXPECT_EQ(notReproduced, 1u); // the error's vector
}

// `--32` on a C file: compiled with -m32, analysed as ILP32, its error
// confirmed natively (--confirm) and its vector replayed (`cosmo replay`).
TEST_F(DataModelTest, ThirtyTwoBitOptionConfirmsAndReplays) {
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  write("ulong.c", "extern unsigned long __VERIFIER_nondet_ulong(void);\n"
                   "extern void reach_error(void);\n"
                   "int main(void) {\n"
                   "  unsigned long x = __VERIFIER_nondet_ulong();\n"
                   "  if (x + 1 == 0) reach_error();\n" // 5
                   "  return 0;\n"
                   "}\n");
  ProcessResult r = cosmo({"check", "-q", "--32", "--confirm", "--out=out",
                           "ulong.c"},
                          120);
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  json rep = report("out");
  EXPECT_EQ(rep["data_model"], "ILP32");
  const json *e = errorOf(rep, "assert");
  ASSERT_TRUE(e) << rep.dump(2);
  EXPECT_EQ((*e)["replay"], "confirmed") << (*e)["replay_detail"];
  std::string test = "out/" + (*e)["test"].get<std::string>();
  json vector = json::parse(read(test));
  EXPECT_EQ(vector["data_model"], "ILP32");
  EXPECT_EQ(vector["inputs"][0]["hex"], "ffffffff");
  ProcessResult replay = cosmo({"replay", test, "ulong.c"}, 120);
  EXPECT_EQ(replay.exitCode, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("confirmed: assert at ulong.c:5"),
            std::string::npos)
      << replay.out;
}

// --emit-tests of an ILP32 run: the generated tests lay their inputs out
// for 32 bits, and their Makefile builds them with -m32.
TEST_F(DataModelTest, UnitTestsOfAnIlp32RunBuildWith32BitsAndPass) {
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  write("sum.c", "struct node { long value; struct node *next; };\n"
                 "long sum2(struct node *n) {\n"
                 "  if (!n || !n->next) return 0;\n"
                 "  n->value += 1;\n"
                 "  return n->value + n->next->value;\n"
                 "}\n");
  ProcessResult r = cosmo({"check", "-q", "--32", "--entry=sum2",
                           "--inputs=any", "--emit-tests=c", "--out=out", "sum.c"},
                          120);
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(read("out/unit/Makefile").find("CC = clang-14 -m32"),
            std::string::npos);
  report::ProcessRequest make;
  make.argv = {"make", "-s", "-C", (dir_.path() / "out/unit").string(),
               "check"};
  make.timeout = std::chrono::seconds(120);
  ProcessResult built = report::runProcess(make);
  EXPECT_EQ(built.exitCode, 0) << built.out << built.err;
  EXPECT_NE(built.out.find("tests, 0 failed"), std::string::npos) << built.out;
}

// --32 links cosmo's ILP32 libc: string functions on a symbolic length
// behave as natively (size_t of 4 bytes), and the error is confirmed.
TEST_F(DataModelTest, Ilp32ProgramsUseTheIlp32Libc) {
  if (!canRunIlp32Programs())
    GTEST_SKIP() << kNoIlp32Execution;
  write("str.c", "#include <assert.h>\n"
                 "#include <string.h>\n"
                 "extern int __VERIFIER_nondet_int(void);\n"
                 "int main(void) {\n"
                 "  char buf[8];\n"
                 "  int n = __VERIFIER_nondet_int();\n"
                 "  if (n < 0 || n > 7) return 0;\n"
                 "  memset(buf, 'a', (size_t)n);\n"
                 "  buf[n] = 0;\n"
                 "  size_t len = strlen(buf);\n"
                 "  assert(len != 5);\n" // 11
                 "  return 0;\n"
                 "}\n");
  ProcessResult r = cosmo({"check", "-q", "--32", "--confirm", "--out=out",
                           "str.c"},
                          120);
  EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
  json rep = report("out");
  EXPECT_EQ(rep["data_model"], "ILP32");
  EXPECT_TRUE(rep["unknown_reasons"].empty()) << rep["unknown_reasons"];
  ASSERT_EQ(rep["errors"].size(), 1u) << rep.dump(2);
  EXPECT_EQ(rep["errors"][0]["line"], 11);
  EXPECT_EQ(rep["errors"][0]["replay"], "confirmed")
      << rep["errors"][0]["replay_detail"];
}

TEST_F(DataModelTest, WitnessNamesTheDataModelOfTheRun) {
  write("task.c", "extern int __VERIFIER_nondet_int(void);\n"
                  "extern void reach_error(void);\n"
                  "int main(void) {\n"
                  "  if (__VERIFIER_nondet_int() == 7) reach_error();\n"
                  "  return 0;\n"
                  "}\n");
  for (bool ilp32 : {true, false}) {
    std::string out = ilp32 ? "w32" : "w64";
    std::vector<std::string> args = {"check", "--svcomp", "--out=" + out};
    if (ilp32)
      args.push_back("--32");
    args.push_back("task.c");
    ProcessResult r = cosmo(args, 120);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.out.find("FALSE"), std::string::npos) << r.out;
    YAML::Node w = YAML::LoadFile((dir_.path() / out / "witness.yml").string());
    EXPECT_EQ(w[0]["metadata"]["task"]["data_model"].as<std::string>(),
              ilp32 ? "ILP32" : "LP64");
  }
}

TEST_F(DataModelTest, ThirtyTwoBitOptionRefusesA64BitModule) {
  std::string bc = bitcode("p.c", "int main(void) { return 0; }\n", 64);
  ProcessResult r = cosmo({"check", "--32", bc});
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("LP64"), std::string::npos) << r.err;
}

} // namespace
