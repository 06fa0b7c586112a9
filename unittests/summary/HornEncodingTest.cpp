//===- HornEncodingTest.cpp - recursive states as seed 001 §7's equations -===//
//
// A loop or recursion test program can pass by falling back to unrolling,
// so its verdict alone does not show that the Horn system asked was the
// right one. These tests read the system itself (--dump-horn's printer)
// and judge it by what seed 001 §7 says its solutions are: for a recursive
// state Rec(l, D), the clauses
//     pc_arrival -> Rec(D0)                      (the arrival)
//     Rec(D) /\ pc_k -> Rec(D'_k)                (one per path of the body)
//     Rec(D) /\ pc_exit /\ error -> false        (the query)
// hold of an inductive invariant that excludes the error, and fail for a
// relation that misses one of the body's paths or the arrival. Each clause
// is checked by Z3 with the relation defined as a candidate: a missing,
// extra or wrong clause makes some expectation below fail.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/Analysis.h"

#include <gtest/gtest.h>
#include <z3++.h>

#include "../CProgramFiles.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace cosmo;

namespace {

const char *kPrelude = "extern unsigned __VERIFIER_nondet_uint(void);\n"
                       "extern int __VERIFIER_nondet_int(void);\n"
                       "extern void __VERIFIER_assume(int);\n"
                       "extern void reach_error(void);\n";

/// The first Horn system a run asked, as --dump-horn printed it.
struct DumpedSystem {
  /// Each relation's name and the SMT-LIB sorts of its arguments.
  std::vector<std::pair<std::string, std::vector<std::string>>> relations;
  std::vector<std::string> clauses; ///< the `(assert ...)` lines
};

/// The sorts of a `(declare-fun |r| (S1 S2 ...) Bool)` line.
std::vector<std::string> sortsOf(const std::string &decl) {
  std::vector<std::string> sorts;
  size_t open = decl.find(" (", decl.find('|', decl.find('|') + 1));
  int depth = 0;
  std::string cur;
  for (size_t k = open + 2; k < decl.size(); ++k) {
    char c = decl[k];
    if (c == ')' && depth == 0)
      break;
    if (c == '(')
      ++depth;
    if (c == ')')
      --depth;
    if (c == ' ' && depth == 0) {
      if (!cur.empty())
        sorts.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty())
    sorts.push_back(cur);
  return sorts;
}

/// The C name of a clause variable: its isolated runs' prefixes (`L0.`,
/// `F1.`) and its number (`#3`) dropped.
std::string roleOf(std::string var) {
  static const std::regex prefix("^([A-Z][0-9]+\\.)+");
  var = std::regex_replace(var, prefix, "");
  return var.substr(0, var.rfind('#'));
}

class HornEncodingTest : public ::testing::Test {
protected:
  /// Runs `program` with --loops=summarize and --dump-horn; its first
  /// system.
  DumpedSystem firstSystem(const std::string &program) {
    DumpedSystem d;
    auto m = files_.compile(program, ctx_, fo_);
    if (!m)
      return d;
    engine::EngineOptions eo;
    eo.timeoutSeconds = 60; // a safety net, never reached when all is well
    summary::SummaryOptions so;
    so.loops = summary::LoopStrategy::Summarize;
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() /
        ("cosmo-horn-" + std::to_string(::getpid()) + "-" +
         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    so.hornDumpDir = dir.string();
    unittest::CollectingListener l;
    summary::Analysis a(*m, eo, so, l);
    if (llvm::Error e = a.prepare()) {
      ADD_FAILURE() << llvm::toString(std::move(e));
      return d;
    }
    a.run();
    std::ifstream in(dir / "horn-1.smt2");
    EXPECT_TRUE(in.good()) << "no Horn system was asked";
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("(declare-fun |")) {
        size_t end = line.find('|', 14);
        d.relations.emplace_back(line.substr(14, end - 14), sortsOf(line));
      } else if (line.starts_with("(assert ")) {
        d.clauses.push_back(line);
      } else {
        EXPECT_TRUE(line == "(set-logic HORN)" || line == "(check-sat)")
            << line;
      }
    }
    std::filesystem::remove_all(dir);
    return d;
  }

  /// The arguments of relation `r` by role: the C names of the variables
  /// of its first atom whose arguments are all variables.
  static std::vector<std::string> rolesOf(const DumpedSystem &d,
                                          const std::string &r) {
    std::regex atom("\\(\\|" + r + "\\|((?: \\|[^|]+\\|)+)\\)");
    for (const std::string &c : d.clauses) {
      std::smatch m;
      if (!std::regex_search(c, m, atom))
        continue;
      std::vector<std::string> roles;
      std::string args = m[1];
      std::regex var("\\|([^|]+)\\|");
      for (auto it = std::sregex_iterator(args.begin(), args.end(), var);
           it != std::sregex_iterator(); ++it)
        roles.push_back(roleOf((*it)[1]));
      return roles;
    }
    return {};
  }

  /// Whether each clause of `d` is valid when relation r is defined as
  /// `candidates[r]` over the argument names `roles[r]`.
  static std::vector<bool>
  clausesHold(const DumpedSystem &d,
              const std::map<std::string, std::vector<std::string>> &roles,
              const std::map<std::string, std::string> &candidates) {
    std::ostringstream defs;
    for (const auto &[name, sorts] : d.relations) {
      const std::vector<std::string> &names = roles.at(name);
      EXPECT_EQ(names.size(), sorts.size()) << name;
      defs << "(define-fun |" << name << "| (";
      for (size_t k = 0; k < sorts.size() && k < names.size(); ++k)
        defs << "(|" << names[k] << "| " << sorts[k] << ")";
      defs << ") Bool " << candidates.at(name) << ")\n";
    }
    std::vector<bool> holds;
    for (const std::string &c : d.clauses) {
      z3::context z;
      z3::expr_vector clause = z.parse_string((defs.str() + c).c_str());
      z3::solver s(z);
      s.add(!clause[0]);
      holds.push_back(s.check() == z3::unsat);
    }
    return holds;
  }

  static bool all(const std::vector<bool> &v) {
    return std::all_of(v.begin(), v.end(), [](bool b) { return b; });
  }

  unittest::CProgramFiles files_{kPrelude};
  llvm::LLVMContext ctx_;
  frontend::FrontendOptions fo_ = unittest::testFrontendOptions();
};

/// A clause's kind: the arrival (no atom before `->`), a path of the body
/// (an atom before and after), the query (an atom before, `false` after).
enum class ClauseKind { Arrival, Body, Query };
ClauseKind kindOf(const std::string &clause, const std::string &r) {
  bool toFalse = clause.ends_with(" false)))");
  std::string implication = clause.substr(clause.find("(=> "));
  bool atomBefore = implication.find("|" + r + "|") <
                    implication.rfind("(|" + r + "|");
  if (toFalse)
    return ClauseKind::Query;
  return atomBefore ? ClauseKind::Body : ClauseKind::Arrival;
}

// A loop whose body has two paths (an input read in the body picks one)
// over a parameter n and two carried values i and s.
const char *kTwoPaths = "int main(void) {\n"
                        "  unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;\n"
                        "  __VERIFIER_assume(n <= 1000);\n"
                        "  while (i < n) {\n"
                        "    if (__VERIFIER_nondet_int())\n"
                        "      s += 2;\n"
                        "    else\n"
                        "      s += 1;\n"
                        "    i++;\n"
                        "  }\n"
                        "  if (s > 2 * i)\n"
                        "    reach_error();\n"
                        "  return 0;\n"
                        "}\n";

TEST_F(HornEncodingTest, ALoopIsItsArrivalOneClausePerBodyPathAndTheQuery) {
  DumpedSystem d = firstSystem(kTwoPaths);
  ASSERT_EQ(d.relations.size(), 1u) << "one loop, one relation";
  const std::string rec = d.relations[0].first;
  std::vector<std::string> roles = rolesOf(d, rec);
  std::vector<std::string> sorted = roles;
  std::sort(sorted.begin(), sorted.end());
  ASSERT_EQ(sorted, (std::vector<std::string>{"i", "n", "s"}))
      << "the parameter n and the carried i and s";
  unsigned arrivals = 0, bodies = 0, queries = 0;
  for (const std::string &c : d.clauses)
    switch (kindOf(c, rec)) {
    case ClauseKind::Arrival: ++arrivals; break;
    case ClauseKind::Body: ++bodies; break;
    case ClauseKind::Query: ++queries; break;
    }
  EXPECT_EQ(arrivals, 1u);
  EXPECT_EQ(bodies, 2u) << "the body has two paths";
  EXPECT_EQ(queries, 1u);

  std::map<std::string, std::vector<std::string>> names{{rec, roles}};
  auto holds = [&](const std::string &inv) {
    return clausesHold(d, names, {{rec, inv}});
  };
  const std::string bounded = "(bvule |i| |n|) (bvule |n| #x000003e8) ";
  // The inductive invariant that excludes the error: every clause holds.
  EXPECT_TRUE(all(holds("(and " + bounded +
                        "(bvule |i| |s|) (bvule |s| (bvmul #x00000002 |i|)))")));
  // Too strong for one path each: s = i misses the path that adds 2,
  // s = 2i the path that adds 1 (the arrival and the query still hold).
  for (const char *tooStrong : {"(= |s| |i|)", "(= |s| (bvmul #x00000002 |i|))"}) {
    std::vector<bool> h = holds("(and " + bounded + tooStrong + ")");
    unsigned failing = 0;
    for (size_t k = 0; k < d.clauses.size(); ++k) {
      if (!h[k]) {
        EXPECT_EQ(kindOf(d.clauses[k], rec), ClauseKind::Body) << tooStrong;
      }
      failing += !h[k];
    }
    EXPECT_EQ(failing, 1u) << tooStrong;
  }
  // No state: the arrival fails. Every state: the query fails.
  std::vector<bool> none = holds("false"), every = holds("true");
  for (size_t k = 0; k < d.clauses.size(); ++k) {
    ClauseKind kind = kindOf(d.clauses[k], rec);
    EXPECT_EQ(none[k], kind != ClauseKind::Arrival) << d.clauses[k];
    EXPECT_EQ(every[k], kind != ClauseKind::Query) << d.clauses[k];
  }
}

// Seed 000 §2: recursion is treated like loops. Sum(f)(k, result) has one
// clause per return path of f's body (the recursive call an atom of Sum),
// and Call(f)(k) one per call: the program's, and the body's own.
const char *kRecursiveSum = "unsigned sum(unsigned k) {\n"
                            "  if (k == 0)\n"
                            "    return 0;\n"
                            "  return k + sum(k - 1);\n"
                            "}\n"
                            "int main(void) {\n"
                            "  unsigned n = __VERIFIER_nondet_uint();\n"
                            "  __VERIFIER_assume(n <= 100);\n"
                            "  unsigned r = sum(n);\n"
                            "  if (r < n)\n"
                            "    reach_error();\n"
                            "  return 0;\n"
                            "}\n";

TEST_F(HornEncodingTest, ARecursiveFunctionIsItsReturnPathsAndItsCalls) {
  DumpedSystem d = firstSystem(kRecursiveSum);
  ASSERT_EQ(d.relations.size(), 2u) << "Sum(sum) and Call(sum)";
  std::string sum, call;
  for (const auto &[name, sorts] : d.relations)
    (name.starts_with("rec") ? sum : call) = name;
  ASSERT_TRUE(sum.starts_with("rec") && call.starts_with("call"))
      << sum << " " << call;
  ASSERT_EQ(d.clauses.size(), 5u)
      << "two return paths, two calls, the query";
  // Sum's arguments: the parameters, then the result (RecursiveFunction.h).
  std::map<std::string, std::vector<std::string>> names{{sum, {"k", "r"}},
                                                        {call, {"k"}}};
  auto holds = [&](const std::string &summary, const std::string &context) {
    return clausesHold(d, names, {{sum, summary}, {call, context}});
  };
  const std::string called = "(bvule |k| #x00000064)";
  // The closed form, where sum is called: every clause holds.
  EXPECT_TRUE(all(holds(
      "(=> " + called +
          " (= |r| (bvudiv (bvmul |k| (bvadd |k| #x00000001)) #x00000002)))",
      called)));
  // A weaker one that still excludes the error (bounded: a sum with no
  // bound may wrap around).
  EXPECT_TRUE(all(holds("(=> " + called +
                            " (and (bvule |k| |r|)"
                            " (bvule |r| (bvmul |k| #x00000064))))",
                        called)));
  // Wrong summaries, each failing one clause of Sum: r = k misses the
  // recursive path's sum; r > k misses the base case.
  for (const std::string &wrong :
       {std::string("(= |r| |k|)"),
        "(=> " + called +
            " (and (bvule (bvadd |k| #x00000001) |r|)"
            " (bvule |r| (bvmul |k| #x00000064))))"}) {
    std::vector<bool> h = holds(wrong, called);
    EXPECT_EQ(std::count(h.begin(), h.end(), false), 1) << wrong;
  }
  // Call(sum) of k = 100 alone: the program's call (with any n up to 100)
  // and the body's own (with k - 1) both fail; the rest holds.
  std::vector<bool> h = holds(
      "(=> " + called +
          " (= |r| (bvudiv (bvmul |k| (bvadd |k| #x00000001)) #x00000002)))",
      "(= |k| #x00000064)");
  EXPECT_EQ(std::count(h.begin(), h.end(), false), 2);
}

} // namespace
