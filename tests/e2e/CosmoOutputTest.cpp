// Reading report.json (docs/output-format.md) and the directory of test
// vectors (each read by cosmo's reader, tested in unittests/report).
#include "CosmoOutput.h"
#include "TempDir.h"
#include "TextUtil.h"

#include <gtest/gtest.h>

namespace cosmo::e2e {
namespace {

class CosmoOutput : public testing::Test {
protected:
  std::filesystem::path write(const std::string &name, std::string_view text) {
    std::filesystem::path file = dir_.path() / name;
    std::filesystem::create_directories(file.parent_path());
    writeTextFile(file, text);
    return file;
  }

  // The message of the std::runtime_error `read` throws, or "" if none.
  template <typename Read> std::string errorOf(Read read) {
    try {
      read();
    } catch (const std::runtime_error &error) {
      return error.what();
    }
    return "";
  }

  report::ScopedTempDir dir_ = makeTempDir("cosmo-output-test");
};

constexpr std::string_view documentedReport = R"({
  "version": 1, "program": "prog.c", "entry": "main",
  "verdict": "false", "reason": "1 error found",
  "errors": [
    {"kind": "div-by-zero", "file": "prog.c", "line": 14, "function": "compute",
     "message": "division by zero",
     "stack": [{"function": "compute", "file": "prog.c", "line": 14},
               {"function": "main", "file": "prog.c", "line": 30}],
     "test": "tests/test-000002.json"},
    {"kind": "assert", "file": "prog.c", "line": 22, "function": "main",
     "message": "assertion failed", "stack": [], "test": "tests/test-000003.json"}
  ],
  "unknown_reasons": ["loop bound reached at prog.c:40"],
  "stats": {}
})";

constexpr std::string_view documentedVector = R"({
  "version": 1, "program": "prog.c", "entry": "main",
  "outcome": "error",
  "error": {"kind": "div-by-zero", "file": "prog.c", "line": 14},
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

TEST_F(CosmoOutput, ReadsTheDocumentedReport) {
  CosmoReport report = readCosmoReport(write("report.json", documentedReport));
  EXPECT_EQ(report.verdict, "false");
  EXPECT_EQ(report.reason, "1 error found");
  EXPECT_EQ(report.errors, (std::set<ErrorSite>{{"div-by-zero", 14}, {"assert", 22}}));
  EXPECT_EQ(report.unknownReasons, std::vector<std::string>{"loop bound reached at prog.c:40"});
}

TEST_F(CosmoOutput, MalformedReportsNameTheProblem) {
  EXPECT_NE(errorOf([&] { readCosmoReport(write("a.json", "{ nope")); }).find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { readCosmoReport(write("b.json", R"({"errors": []})")); })
                .find("report has no \"verdict\""),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              readCosmoReport(write("c.json", R"({"verdict": "false", "errors": [{"kind": "assert"}]})"));
            }).find("errors[0] has no \"line\""),
            std::string::npos);
  EXPECT_NE(errorOf([&] { readCosmoReport(dir_.path() / "missing.json"); }).find("cannot read"),
            std::string::npos);
}

TEST_F(CosmoOutput, ReadsAllVectorsInNameOrder) {
  write("tests/test-000002.json", documentedVector);
  write("tests/test-000001.json",
        R"({"program": "prog.c", "outcome": "completed", "error": null, "inputs": []})");
  write("tests/notes.txt", "not a vector");
  std::vector<report::RecordedTest> vectors = readTestVectors(dir_.path() / "tests");
  ASSERT_EQ(vectors.size(), 2u);
  EXPECT_EQ(std::filesystem::path(vectors[0].file).filename(), "test-000001.json");
  EXPECT_EQ(std::filesystem::path(vectors[1].file).filename(), "test-000002.json");
  EXPECT_TRUE(readTestVectors(dir_.path() / "no-such-dir").empty());
  write("tests/test-000003.json", R"({"program": "prog.c", "outcome": "crashed", "inputs": []})");
  EXPECT_NE(errorOf([&] { readTestVectors(dir_.path() / "tests"); }).find("test-000003.json"),
            std::string::npos);
}

TEST_F(CosmoOutput, DescribesInputsForFailureMessages) {
  write("tests/test-000002.json", documentedVector);
  std::vector<report::RecordedTest> vectors = readTestVectors(dir_.path() / "tests");
  ASSERT_EQ(vectors.size(), 1u);
  std::string text = describeInputs(vectors[0].test);
  EXPECT_NE(text.find("x  (nondet from __VERIFIER_nondet_int, 4 bytes fbffffff)"), std::string::npos)
      << text;
  EXPECT_NE(text.find("buf  (symbolic from klee_make_symbolic, 3 bytes 616263)"), std::string::npos) << text;
}

} // namespace
} // namespace cosmo::e2e
