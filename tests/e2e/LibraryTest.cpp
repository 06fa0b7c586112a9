// `cosmo check --all` over tests/projects/shelf, a library with no main
// (issue 44): every real bug reported, each once, with its function; the
// errors that need a caller's particular struct latent; the same report
// through the CMake build's compile_commands.json and with two workers; a
// caller that meets a latent error's condition makes it an error.
#include "CliFixture.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace cosmo::e2e;
using nlohmann::json;

namespace {

using Sites = std::set<std::tuple<std::string, std::string, unsigned>>;

class LibraryTest : public CliFixture {
protected:
  void SetUp() override {
    fs::copy(COSMO_PROJECTS_DIR "/shelf", dir_.path() / "shelf",
             fs::copy_options::recursive);
  }
  /// The line of shelf/src/`file` holding `marker`.
  unsigned lineOf(const std::string &file, const std::string &marker) {
    std::istringstream in(read("shelf/src/" + file));
    std::string line;
    for (unsigned n = 1; std::getline(in, line); ++n)
      if (line.find(marker) != std::string::npos)
        return n;
    ADD_FAILURE() << "no '" << marker << "' in " << file;
    return 0;
  }
  static Sites sites(const json &list) {
    Sites out;
    for (const json &e : list)
      out.insert({e["kind"].get<std::string>(),
                  fs::path(e["file"].get<std::string>()).filename().string(),
                  e["line"].get<unsigned>()});
    return out;
  }
  /// --all over the library's files; the report.
  json checkFiles(const std::string &out, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"check", "--all", "-q", "--max-string=6",
                                     "-I", "shelf/include", "--out=" + out};
    args.insert(args.end(), extra.begin(), extra.end());
    for (const char *f : {"ivec.c", "parse.c", "numeric.c", "list.c"})
      args.push_back(std::string("shelf/src/") + f);
    ProcessResult r = cosmo(args, 300);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    return report(out);
  }
  void configure() {
    ProcessResult c = configureCMake("shelf", "build", COSMO_CLANG);
    ASSERT_EQ(c.exitCode, 0) << c.out << c.err;
  }
  /// The real bugs, where they happen.
  Sites bugs() {
    return {{"div-by-zero", "ivec.c", lineOf("ivec.c", "BUG")},
            {"out-of-bounds", "parse.c", lineOf("parse.c", "BUG")},
            {"div-by-zero", "numeric.c", lineOf("numeric.c", "BUG: whole")},
            {"out-of-bounds", "numeric.c", lineOf("numeric.c", "BUG: an empty")},
            // list_pair_sum's list has no second node: list_second's line
            {"null-deref", "list.c", lineOf("list.c", "LATENT alone")}};
  }
  Sites latents() {
    return {{"out-of-bounds", "ivec.c", lineOf("ivec.c", "LATENT: an empty")},
            {"out-of-bounds", "ivec.c", lineOf("ivec.c", "LATENT: the same")}};
  }
  /// Each function's verdict.
  static std::map<std::string, std::string> verdicts(const json &rep) {
    std::map<std::string, std::string> out;
    for (const json &f : rep["functions"])
      out[f["function"]] = f["verdict"];
    return out;
  }
};

TEST_F(LibraryTest, ReportsEveryRealBugAndNothingElse) {
  json rep = checkFiles("o");
  EXPECT_EQ(rep["mode"], "project");
  EXPECT_EQ(rep["verdict"], "false");
  EXPECT_EQ(sites(rep["errors"]), bugs()) << rep["errors"].dump(2);
  EXPECT_EQ(sites(rep["latent"]), latents()) << rep["latent"].dump(2);
  // Every public function, callees first.
  ASSERT_EQ(rep["functions"].size(), 18u);
  std::vector<std::string> order;
  for (const json &f : rep["functions"])
    order.push_back(f["function"]);
  auto at = [&](const std::string &f) {
    return std::find(order.begin(), order.end(), f) - order.begin();
  };
  EXPECT_LT(at("list_second"), at("list_pair_sum"));
  EXPECT_LT(at("ivec_push"), at("ivec_average_of_first"));
  // The null dereference is latent in list_second alone and an error
  // of list_pair_sum, reported from there with the call into the callee.
  for (const json &e : rep["errors"])
    if (e["kind"] == "null-deref") {
      EXPECT_EQ(e["entry"], "list_pair_sum");
      ASSERT_EQ(e["stack"].size(), 2u) << e.dump(2);
      EXPECT_EQ(e["stack"][1]["function"], "list_pair_sum");
    }
  EXPECT_EQ(verdicts(rep)["list_second"], "unknown");
  // Each error's test is in its function's directory.
  for (const json &e : rep["errors"])
    EXPECT_TRUE(fs::exists(dir_.path() / "o" / e["test"].get<std::string>()))
        << e.dump(2);
  // A latent error says why, and when in C.
  for (const json &l : rep["latent"]) {
    EXPECT_NE(l["why"].get<std::string>().find("'*v'"), std::string::npos)
        << l.dump(2);
    EXPECT_NE(l["condition"].get<std::string>().find("v->count"),
              std::string::npos)
        << l.dump(2);
  }
  // SARIF: every finding, the latent ones as notes.
  std::ifstream in(dir_.path() / "o/report.sarif");
  json sarif = json::parse(in);
  size_t notes = 0, errors = 0;
  for (const json &r : sarif["runs"][0]["results"])
    (r["level"] == "note" ? notes : errors)++;
  EXPECT_EQ(errors, 5u);
  EXPECT_EQ(notes, 2u);
}

TEST_F(LibraryTest, TheBuildAndTwoWorkersGiveTheSameReport) {
  configure();
  json one = checkFiles("one", {"-j", "1"});
  std::vector<std::string> args = {"check", "--all", "-q", "--max-string=6",
                                   "-p", "build", "-j", "2", "--out=two"};
  ProcessResult r = cosmo(args, 300);
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  json two = report("two");
  EXPECT_EQ(two["jobs"], 2);
  EXPECT_EQ(sites(two["errors"]), sites(one["errors"]));
  EXPECT_EQ(sites(two["latent"]), sites(one["latent"]));
  EXPECT_EQ(verdicts(two), verdicts(one));
}

TEST_F(LibraryTest, ACallerThatMeetsALatentConditionMakesItAnError) {
  configure();
  // A harness beside the build, popping a vector it just emptied.
  write("caller.c", "#include \"shelf.h\"\n"
                    "int pop_fresh(void) {\n"
                    "  struct ivec v;\n"
                    "  ivec_init(&v);\n"
                    "  return ivec_pop(&v);\n"
                    "}\n");
  ProcessResult r = cosmo({"check", "--all", "-q", "--max-string=6", "-p",
                           "build", "-I", "shelf/include", "--out=o",
                           "caller.c"},
                          300);
  ASSERT_EQ(r.exitCode, 1) << r.out << r.err;
  json rep = report("o");
  Sites expected = bugs();
  unsigned pop = lineOf("ivec.c", "LATENT: an empty");
  expected.insert({"out-of-bounds", "ivec.c", pop});
  EXPECT_EQ(sites(rep["errors"]), expected) << rep["errors"].dump(2);
  EXPECT_EQ(sites(rep["latent"]),
            (Sites{{"out-of-bounds", "ivec.c",
                    lineOf("ivec.c", "LATENT: the same")}}));
  for (const json &e : rep["errors"])
    if (e["line"] == pop)
      EXPECT_EQ(e["entry"], "pop_fresh");
}

TEST_F(LibraryTest, SeveralMainsAreNamedNotPicked) {
  write("app/CMakeLists.txt",
        "cmake_minimum_required(VERSION 3.16)\nproject(app C)\n"
        "set(CMAKE_EXPORT_COMPILE_COMMANDS ON)\n"
        "add_executable(one one.c util.c)\nadd_executable(two two.c util.c)\n");
  write("app/util.c", "int half(int x) { return 100 / (x - 7); }\n");
  write("app/one.c", "int half(int);\nint main(void) { return half(1); }\n");
  write("app/two.c", "int half(int);\nint main(void) { return half(7); }\n");
  ASSERT_EQ(configureCMake("app", "appbuild", COSMO_CLANG).exitCode, 0);

  ProcessResult ambiguous = cosmo({"check", "-q", "-p", "appbuild", "--out=a"});
  EXPECT_EQ(ambiguous.exitCode, 2) << ambiguous.out;
  EXPECT_NE(ambiguous.err.find("2 units define 'main'"), std::string::npos)
      << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("one.c"), std::string::npos) << ambiguous.err;
  EXPECT_NE(ambiguous.err.find("two.c"), std::string::npos) << ambiguous.err;
  // Naming one checks its program: two.c divides by zero, one.c does not.
  ProcessResult two = cosmo({"check", "-q", "-p", "appbuild", "--out=t",
                             "app/two.c"});
  EXPECT_EQ(two.exitCode, 1) << two.out << two.err;
  ProcessResult one = cosmo({"check", "-q", "-p", "appbuild", "--out=o",
                             "app/one.c"});
  EXPECT_EQ(one.exitCode, 0) << one.out << one.err;
  // --all checks the library's functions and leaves the mains out.
  ProcessResult all = cosmo({"check", "-q", "--all", "-p", "appbuild",
                             "--out=all"});
  EXPECT_EQ(all.exitCode, 1) << all.out << all.err;
  json rep = report("all");
  ASSERT_EQ(rep["functions"].size(), 1u) << rep.dump(2);
  EXPECT_EQ(rep["functions"][0]["function"], "half");
  EXPECT_EQ(rep["left_out"].size(), 2u);
}

} // namespace
