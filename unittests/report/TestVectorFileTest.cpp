// Test vectors read back (what `cosmo replay` and the e2e runner rely on) and
// the replay files made from them.
#include "cosmo/report/TestVectorFile.h"
#include "cosmo/report/Report.h"

#include <gtest/gtest.h>

namespace cosmo::report {
namespace {

constexpr const char *documentedVector = R"({
  "version": 1, "program": "prog.c", "entry": "main",
  "outcome": "error",
  "error": {"kind": "div-by-zero", "file": "prog.c", "line": 14, "function": "compute"},
  "inputs": [
    {"name": "x", "source": "nondet", "function": "__VERIFIER_nondet_int",
     "size": 4, "hex": "fbffffff", "value": "-5"},
    {"name": "p->next->elem", "source": "input-memory", "size": 4, "hex": "00000000",
     "object": "p->next", "offset": 0},
    {"name": "n", "source": "argument", "size": 4, "hex": "03000000", "value": "3"},
    {"name": "buf", "source": "symbolic", "function": "klee_make_symbolic",
     "size": 3, "hex": "616263"},
    {"name": "empty", "source": "symbolic", "function": "cosmo_symbolic", "size": 0, "hex": ""}
  ]
})";

// The message of the error parsing `text` gives, or "" if it parses.
std::string errorOf(const std::string &text) {
  auto vector = parseTestVector(text, "t.json");
  if (vector)
    return "";
  return llvm::toString(vector.takeError());
}

TEST(TestVectorFile, ReadsTheDocumentedVector) {
  auto vector = parseTestVector(documentedVector, "tests/test-000002.json");
  ASSERT_TRUE(bool(vector)) << llvm::toString(vector.takeError());
  EXPECT_EQ(vector->file, "tests/test-000002.json");
  EXPECT_EQ(vector->program, "prog.c");
  EXPECT_EQ(vector->entry, "main");
  const engine::TestVector &t = vector->test;
  EXPECT_EQ(t.outcome, "error");
  EXPECT_EQ(t.errorKind, engine::ErrorKind::DivByZero);
  EXPECT_EQ(t.errorLocation.file, "prog.c");
  EXPECT_EQ(t.errorLocation.line, 14u);
  EXPECT_EQ(t.errorLocation.function, "compute");
  EXPECT_EQ(recordedError(t), (ErrorSite{"div-by-zero", 14}));
  ASSERT_EQ(t.inputs.size(), 5u);
  EXPECT_EQ(t.inputs[0].name, "x");
  EXPECT_EQ(t.inputs[0].function, "__VERIFIER_nondet_int");
  EXPECT_EQ(t.inputs[0].bytes, (std::vector<uint8_t>{0xfb, 0xff, 0xff, 0xff}));
  EXPECT_EQ(t.inputs[1].source, "input-memory");
  EXPECT_EQ(t.inputs[3].bytes, (std::vector<uint8_t>{'a', 'b', 'c'}));
  EXPECT_TRUE(t.inputs[4].bytes.empty());
}

TEST(TestVectorFile, ReadsBackWhatCosmoWrites) {
  engine::TestVector written;
  written.outcome = "error";
  written.errorKind = engine::ErrorKind::OutOfBounds;
  written.errorLocation = {"bounds.c", 8, "sum_first"};
  written.errorCallers = {{"bounds.c", 20, "main"}};
  written.inputs = {{"n", "nondet", "__VERIFIER_nondet_int", {5, 0, 0, 0}},
                    {"buf", "symbolic", "klee_make_symbolic", {0xAB, 0x00}}};
  std::string text = testToJson(written, {"examples/bounds.c", "main"}).dump();
  auto read = parseTestVector(text, "t.json");
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ(read->program, "examples/bounds.c");
  EXPECT_EQ(read->test.errorKind, written.errorKind);
  EXPECT_EQ(read->test.errorLocation.line, 8u);
  ASSERT_EQ(read->test.errorCallers.size(), 1u);
  EXPECT_EQ(read->test.errorCallers[0].function, "main");
  EXPECT_EQ(recordedCallerLines(read->test), std::vector<int>{20});
  ASSERT_EQ(read->test.inputs.size(), 2u);
  EXPECT_EQ(read->test.inputs[1].bytes, written.inputs[1].bytes);
  EXPECT_EQ(replayFileText(read->test), replayFileText(written));
}

TEST(TestVectorFile, OutcomeAndErrorMustAgree) {
  EXPECT_NE(
      errorOf(
          R"({"program": "p.c", "outcome": "error", "error": null, "inputs": []})")
          .find("without an \"error\""),
      std::string::npos);
  EXPECT_NE(errorOf(R"({"program": "p.c", "outcome": "completed",
                        "error": {"kind": "assert", "line": 3}, "inputs": []})")
                .find("non-null \"error\""),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"program": "p.c", "outcome": "crashed", "inputs": []})")
                .find("\"completed\" or \"error\""),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"program": "p.c", "outcome": "error",
                        "error": {"kind": "crash", "line": 3}, "inputs": []})")
                .find("error.kind \"crash\" is not an error kind"),
            std::string::npos);
  EXPECT_EQ(
      errorOf(
          R"({"program": "p.c", "outcome": "completed", "error": null, "inputs": []})"),
      "");
}

TEST(TestVectorFile, MalformedVectorsNameTheFileAndTheField) {
  std::string notJson = errorOf("{ \"version\": 1, ");
  EXPECT_EQ(notJson.rfind("t.json: not valid JSON: ", 0), 0u) << notJson;
  EXPECT_EQ(notJson.find('\n'), std::string::npos) << notJson;
  EXPECT_EQ(notJson.find("[json.exception"), std::string::npos) << notJson;
  EXPECT_NE(errorOf("[1, 2]").find("not a JSON object"), std::string::npos);
  EXPECT_NE(errorOf(R"({"outcome": "completed", "inputs": []})")
                .find("vector has no \"program\""),
            std::string::npos);
  EXPECT_NE(
      errorOf(
          R"({"version": 2, "program": "p.c", "outcome": "completed", "inputs": []})")
          .find("version 2"),
      std::string::npos);
  EXPECT_NE(
      errorOf(R"({"program": "p.c", "outcome": "completed", "inputs": {}})")
          .find("\"inputs\" is not an array"),
      std::string::npos);
  EXPECT_NE(errorOf(R"({"program": "p.c", "outcome": "error",
                        "error": {"kind": "assert", "line": -1}, "inputs": []})")
                .find("error.line is not a non-negative integer"),
            std::string::npos);
}

TEST(TestVectorFile, InputsMustFitTheirSize) {
  auto vectorWith = [](const std::string &input) {
    return R"({"program": "p.c", "outcome": "completed", "inputs": [)" + input +
           "]}";
  };
  EXPECT_NE(
      errorOf(
          vectorWith(
              R"({"name": "x", "source": "nondet", "size": 4, "hex": "fbff"})"))
          .find("input 'x' has size 4 but 4 hex digits"),
      std::string::npos);
  EXPECT_NE(
      errorOf(
          vectorWith(
              R"({"name": "x", "source": "nondet", "size": 2, "hex": "fbzz"})"))
          .find("input 'x' has a non-hex digit in \"zz\""),
      std::string::npos);
  EXPECT_NE(errorOf(vectorWith(R"({"source": "keyboard", "size": 0, "hex": ""})"))
                .find("inputs[0].source \"keyboard\" is not one of"),
            std::string::npos);
  EXPECT_NE(errorOf(vectorWith(R"({"source": "nondet", "hex": ""})"))
                .find("inputs[0] has no \"size\""),
            std::string::npos);
}

// A vector of a run with --sym-args, --sym-stdin, --sym-files and --sym-env
// gives the native process its command line, standard input, files and
// variables; arguments past argc are not the path's.
TEST(TestVectorFile, TheEnvironmentGoesToTheProcessNotTheReplayFile) {
  auto vector = parseTestVector(
      R"({"program": "p.c", "outcome": "completed", "inputs": [
        {"name": "argc", "source": "argc", "size": 4, "hex": "02000000"},
        {"name": "argv[1]", "source": "argv", "size": 3, "hex": "2d7800"},
        {"name": "argv[2]", "source": "argv", "size": 2, "hex": "6162"},
        {"name": "x", "source": "nondet", "size": 1, "hex": "07"},
        {"name": "stdin", "source": "stdin", "size": 3, "hex": "6f000a"},
        {"name": "A", "source": "file", "size": 2, "hex": "ff00"},
        {"name": "HOME", "source": "env", "size": 3, "hex": "2f0041"}]})",
      "v.json");
  ASSERT_TRUE(bool(vector)) << llvm::toString(vector.takeError());
  ProcessEnvironment env = processEnvironmentOf(vector->test);
  EXPECT_EQ(env.arguments, std::vector<std::string>{"-x"});
  ASSERT_TRUE(env.standardInput.has_value());
  EXPECT_EQ(*env.standardInput, std::string("o\0\n", 3));
  ASSERT_EQ(env.files.size(), 1u);
  EXPECT_EQ(env.files[0].first, "A");
  EXPECT_EQ(env.files[0].second, std::string("\xff\0", 2));
  ASSERT_EQ(env.variables.size(), 1u);
  EXPECT_EQ(env.variables[0].second, "/");
  EXPECT_EQ(replayFileText(vector->test), "nondet 1 07\n");
  ProcessEnvironment other = env;
  other.files[0].second = "x";
  EXPECT_NE(env.text(), other.text());
  EXPECT_TRUE(ProcessEnvironment{}.empty());
}

TEST(TestVectorFile, AMissingFileIsAnError) {
  auto vector = readTestVector("/nonexistent/test-000001.json");
  ASSERT_FALSE(bool(vector));
  std::string message = llvm::toString(vector.takeError());
  EXPECT_EQ(message.rfind("/nonexistent/test-000001.json: cannot read: ", 0),
            0u)
      << message;
}

TEST(TestVectorFile, ReplayFileHoldsNondetAndSymbolicInputsInOrder) {
  auto vector = parseTestVector(documentedVector, "t.json");
  ASSERT_TRUE(bool(vector)) << llvm::toString(vector.takeError());
  EXPECT_EQ(replayFileText(vector->test),
            "nondet 4 fbffffff\nsymbolic 3 616263\nsymbolic 0 \n");
  EXPECT_FALSE(isReplayedInput(vector->test.inputs[1]));
  EXPECT_FALSE(isReplayedInput(vector->test.inputs[2]));
  llvm::Error e = writeReplayFile(vector->test, "/nonexistent/dir/t.replay");
  ASSERT_TRUE(bool(e));
  EXPECT_NE(llvm::toString(std::move(e))
                .find("cannot write /nonexistent/dir/t.replay"),
            std::string::npos);
}

} // namespace
} // namespace cosmo::report
