//===- SimplifierPropertyTest.cpp - builders, evaluator and Z3 agree ------===//
//
// Random terms (RandomTerms.h) built through ExprContext::raw are the
// reference. With fixed seeds, we check that:
//  - the simplifying builders give a term Z3 proves equal to the reference
//    (`not(= simplified reference)` is unsat), both when every node is
//    simplified and when raw and simplified nodes are mixed; and, on many
//    more terms, that both evaluate alike under random assignments;
//  - `evaluate` agrees with Z3: with every variable pinned to a value,
//    `term = evaluate(term)` is sat and `term != evaluate(term)` is unsat;
//  - a model Z3 returns for a random query satisfies it under `evaluate`;
//  - substituting values folds a term to its evaluated constant;
//  - toSmtLibScript's text, read back by Z3, means the same as the term;
//  - every rewrite rule named in the simplifier (src/expr/Simplif*.cpp)
//    fires at least once.
//
// The queries are built with `raw` so that the simplifier under test does
// not take part in stating its own correctness. The whole file takes about
// 13 s of CPU in a Release build.
//
//===----------------------------------------------------------------------===//

#include "RandomTerms.h"

#include "QuickUnsat.h"

#include "cosmo/solver/Solver.h"

#include <gtest/gtest.h>
#include <llvm/ADT/StringExtras.h>
#include <z3++.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace cosmo::expr;
using namespace cosmo::expr::testing;
using cosmo::solver::SolverOptions;
using cosmo::solver::Validity;

namespace {

constexpr uint64_t kSeed = 0xc05a0;
constexpr unsigned kEquivalenceTerms = 2000;
constexpr unsigned kEvaluationTerms = 800;
constexpr unsigned kModelTerms = 600;
constexpr unsigned kCoverageTerms = 20000;
/// Terms of the shapes TermGen builds only when asked, and their widths.
constexpr unsigned kShapedTerms = 40;
constexpr unsigned kShapeWidths[] = {8, 16, 32, 64};

/// The `i`th shaped term: the shapes in turn.
RecipeP shapedTerm(TermGen &gen, unsigned i) {
  return i % 2 ? gen.cellFieldRead(3)
               : gen.alignedRoundTrip(kShapeWidths[i / 2 % 4], 3);
}
constexpr unsigned kConcreteTerms = 20000;
constexpr unsigned kSmtLibTerms = 600;

ExprRef rawNot(ExprContext &ctx, const ExprRef &a) {
  ExprRef c[] = {a};
  return ctx.raw(Kind::Not, c);
}
ExprRef rawEq(ExprContext &ctx, const ExprRef &a, const ExprRef &b) {
  ExprRef c[] = {a, b};
  return ctx.raw(Kind::Eq, c);
}
ExprRef rawSelect(ExprContext &ctx, const ExprRef &a, const ExprRef &i) {
  ExprRef c[] = {a, i};
  return ctx.raw(Kind::Select, c);
}

std::string describe(const ExprRef &e) {
  std::string s = toSmtLib(e);
  return s.size() > 4000 ? s.substr(0, 4000) + "..." : s;
}

// Arrays are compared at a fresh symbolic index (extensionality).
ExprRef probe(ExprContext &ctx, const ExprRef &e) {
  if (!e->sort().isArray())
    return e;
  return rawSelect(ctx, e, ctx.var("probe!index", Sort::bv(64)));
}

// Indices at which `e` reads arrays, under `a`.
std::set<uint64_t> readIndices(const ExprRef &e, const Assignment &a) {
  std::set<uint64_t> out;
  forEachNode(e, [&](const Expr *n) {
    if (n->kind() == Kind::Select)
      if (auto v = evaluate(ExprRef(n->child(1)), a))
        out.insert(v->bits.getZExtValue());
  });
  return out;
}

ExprRef valueTerm(ExprContext &ctx, const Value &v) {
  return v.isBool ? ctx.boolVal(v.boolValue) : ctx.bv(v.bits);
}

// Constraints fixing the variables `vars` of `t` to their values in `a`:
// arrays at every index `t` reads, which fixes t's value.
std::vector<ExprRef> pinned(ExprContext &ctx, const ExprRef &t,
                            const std::vector<ExprRef> &vars,
                            const Assignment &a) {
  std::vector<ExprRef> pins;
  std::set<uint64_t> reads = readIndices(t, a);
  for (const ExprRef &x : vars) {
    if (x->kind() == Kind::ArrayVar) {
      for (uint64_t idx : reads)
        pins.push_back(rawEq(ctx, rawSelect(ctx, x, ctx.bv(64, idx)),
                             ctx.bv(8, a.getArray(x)->at(idx))));
    } else {
      pins.push_back(rawEq(ctx, x, valueTerm(ctx, *a.get(x))));
    }
  }
  return pins;
}

std::string valueStr(const Value &v) {
  if (v.isBool)
    return v.boolValue ? "true" : "false";
  return llvm::toString(v.bits, 16, false) + "/" +
         std::to_string(v.bits.getBitWidth());
}

// The rule names of every hit("...") in the simplifier's sources
// (src/expr/Simplif*.cpp).
std::set<std::string> simplifierRuleNames() {
  std::set<std::string> rules;
  std::regex hitRe(R"re(hit\("([^"]+)"\))re");
  size_t files = 0;
  for (const auto &entry :
       std::filesystem::directory_iterator(COSMO_SIMPLIFIER_DIR)) {
    std::string name = entry.path().filename().string();
    if (!name.starts_with("Simplif") || !name.ends_with(".cpp"))
      continue;
    ++files;
    std::ifstream in(entry.path());
    EXPECT_TRUE(in) << "cannot read " << entry.path();
    std::stringstream text;
    text << in.rdbuf();
    std::string src = text.str();
    for (auto it = std::sregex_iterator(src.begin(), src.end(), hitRe);
         it != std::sregex_iterator(); ++it)
      rules.insert((*it)[1]);
  }
  EXPECT_GT(files, 0u) << "no simplifier source in " << COSMO_SIMPLIFIER_DIR;
  return rules;
}

// Rules of the simplifier that never fired in `ctx`.
std::vector<std::string> rulesNotFired(const ExprContext &ctx) {
  std::vector<std::string> out;
  for (const std::string &rule : simplifierRuleNames()) {
    auto it = ctx.rewriteCounts().find(rule);
    if (it == ctx.rewriteCounts().end() || it->second == 0)
      out.push_back(rule);
  }
  return out;
}

} // namespace

// The builders' result is equivalent to the raw reference, for every node
// simplified and for a random mix of raw and simplified nodes. Z3 first gets
// the whole term with a short limit (its SMT core, QuickUnsat.h, then the
// backend); a miter of two differently shaped
// 64-bit divisions can take it minutes, so when it gives up, each builder
// call is proved against `raw` over the same children instead (which proves
// the whole term by congruence, with the children shared).
TEST(SimplifierProperty, SimplifiedTermsEqualTheirRawReference) {
  ExprContext ctx;
  auto solver = cosmo::solver::createZ3Solver(ctx, SolverOptions{});
  unsigned identical = 0, proved = 0, provedByStep = 0, unknown = 0;
  cosmo::testing::QuickUnsat quickUnsat; // holds terms of ctx
  auto unsatOrUnknown = [&](const ExprRef &a, const ExprRef &b,
                            unsigned timeoutMs) {
    ExprRef q[] = {rawNot(ctx, rawEq(ctx, probe(ctx, a), probe(ctx, b)))};
    if (quickUnsat(q))
      return Validity::Unsat;
    solver->setTimeoutMs(timeoutMs);
    return solver->check(q, /*wantModel=*/false).status;
  };
  auto check = [&](TermGen &gen, const RecipeP &r, uint64_t seed) {
    ExprRef ref = RecipeBuilder(ctx, BuildMode::Raw).build(r);
    for (BuildMode mode : {BuildMode::Simplify, BuildMode::Mixed}) {
      RecipeBuilder builder(ctx, mode, seed);
      ExprRef simp = builder.build(r);
      ASSERT_EQ(simp->sort(), ref->sort());
      if (simp == ref) {
        ++identical;
        continue;
      }
      std::string where = "seed " + std::to_string(seed) + " mode " +
                          std::to_string(static_cast<int>(mode));
      // A quick concrete check first: it names a counterexample.
      ExprRef s = probe(ctx, simp), f = probe(ctx, ref);
      std::vector<ExprRef> vars = freeVariables(rawEq(ctx, s, f));
      for (int k = 0; k < 4; ++k) {
        Assignment a = randomAssignment(gen, vars);
        auto vs = evaluate(s, a), vf = evaluate(f, a);
        ASSERT_TRUE(vs && vf);
        ASSERT_EQ(*vs, *vf) << where << "\nsimplified: " << describe(simp)
                            << " = " << valueStr(*vs) << "\nreference:  "
                            << describe(ref) << " = " << valueStr(*vf);
      }
      Validity whole = unsatOrUnknown(simp, ref, 300);
      ASSERT_NE(whole, Validity::Sat) << where << "\nsimplified: "
                                      << describe(simp) << "\nreference:  "
                                      << describe(ref);
      if (whole == Validity::Unsat) {
        ++proved;
        continue;
      }
      bool allProved = true;
      for (const RecipeBuilder::Step &st : builder.steps()) {
        ExprRef rawNode = ctx.raw(st.kind, st.kids, st.aux0, st.aux1);
        if (rawNode == st.result)
          continue;
        Validity v = unsatOrUnknown(st.result, rawNode, 10000);
        ASSERT_NE(v, Validity::Sat) << where << "\nbuilder: "
                                    << describe(st.result) << "\nraw:     "
                                    << describe(rawNode);
        allProved &= v == Validity::Unsat;
      }
      ++(allProved ? provedByStep : unknown);
    }
  };
  for (unsigned i = 0; i < kEquivalenceTerms; ++i) {
    uint64_t seed = kSeed + i;
    TermGen gen(ctx, seed);
    check(gen, gen.any(), seed);
  }
  // Shapes the random terms rarely take.
  for (unsigned i = 0; i < kShapedTerms; ++i) {
    uint64_t seed = kSeed + 2000003 * (i + 1);
    TermGen gen(ctx, seed);
    check(gen, shapedTerm(gen, i), seed);
  }
  // Unknown only under a heavily loaded machine; never more than a few.
  EXPECT_LE(unknown, kEquivalenceTerms / 100);
  EXPECT_GT(proved + provedByStep, kEquivalenceTerms / 2);
  // So every rule has been proved on some term.
  for (const std::string &rule : rulesNotFired(ctx))
    ADD_FAILURE() << "rule never fired on a proved term: " << rule;
  RecordProperty("identical", identical);
  RecordProperty("proved", proved);
  RecordProperty("provedByStep", provedByStep);
}

// evaluate(t) under an assignment is the value Z3 gives t when every
// variable (and every array byte t reads) is pinned to that assignment; and
// the model of the sat query gives the same value again.
TEST(SimplifierProperty, EvaluateAgreesWithZ3) {
  ExprContext ctx;
  auto solver = cosmo::solver::createZ3Solver(ctx, SolverOptions{10000});
  unsigned unknown = 0;
  for (unsigned i = 0; i < kEvaluationTerms; ++i) {
    uint64_t seed = kSeed + 1000003 * (i + 1);
    TermGen gen(ctx, seed, TermGenOptions{4, /*arrayEq=*/false});
    RecipeP r = gen.anyValue();
    // Raw terms keep constant operands (division by zero, oversized shifts)
    // for Z3 and the evaluator to disagree on, if they can.
    ExprRef t = RecipeBuilder(ctx, i % 2 ? BuildMode::Raw : BuildMode::Mixed,
                              seed)
                    .build(r);
    std::vector<ExprRef> vars = freeVariables(t);
    Assignment a = randomAssignment(gen, vars);
    auto v = evaluate(t, a, Completion::Partial);
    ASSERT_TRUE(v) << "every variable is assigned: " << describe(t);

    std::vector<ExprRef> pins = pinned(ctx, t, vars, a);
    ExprRef val = valueTerm(ctx, *v);
    std::vector<ExprRef> same = pins, differ = pins;
    same.push_back(rawEq(ctx, t, val));
    differ.push_back(rawNot(ctx, rawEq(ctx, t, val)));

    auto rs = solver->check(same, /*wantModel=*/true);
    auto rd = solver->check(differ, /*wantModel=*/false);
    if (rs.isUnknown() || rd.isUnknown()) {
      ++unknown;
      continue;
    }
    ASSERT_TRUE(rs.isSat()) << "seed " << seed << ": Z3 says " << describe(t)
                            << " cannot be " << valueStr(*v);
    ASSERT_TRUE(rd.isUnsat()) << "seed " << seed << ": Z3 says "
                              << describe(t) << " can differ from "
                              << valueStr(*v);
    // The model pins the same values, so it evaluates t the same way.
    auto mv = evaluate(t, *rs.model, Completion::Partial);
    ASSERT_TRUE(mv) << "model misses a variable of " << describe(t);
    ASSERT_EQ(*mv, *v) << "seed " << seed << ": " << describe(t);
  }
  EXPECT_LE(unknown, kEvaluationTerms / 100);
}

// A model Z3 returns satisfies the query under `evaluate`, including array
// contents and array equalities.
TEST(SimplifierProperty, Z3ModelsSatisfyRandomQueries) {
  ExprContext ctx;
  // Some random queries (64-bit division miters) are hard to solve; they
  // are skipped, up to a few percent.
  auto solver = cosmo::solver::createZ3Solver(ctx, SolverOptions{2000});
  unsigned sat = 0, unsat = 0, unknown = 0;
  for (unsigned i = 0; i < kModelTerms; ++i) {
    uint64_t seed = kSeed + 7777777 * (i + 1);
    TermGen gen(ctx, seed);
    ExprRef q = RecipeBuilder(ctx, BuildMode::Simplify, seed)
                    .build(gen.boolean(3));
    ExprRef qs[] = {q};
    auto res = solver->check(qs, /*wantModel=*/true);
    if (res.isSat()) {
      ++sat;
      auto v = evaluateBool(q, *res.model, Completion::Partial);
      ASSERT_TRUE(v) << "model misses a variable of " << describe(q);
      ASSERT_TRUE(*v) << "seed " << seed << ": model falsifies "
                      << describe(q);
    } else if (res.isUnknown()) {
      ++unknown;
    } else {
      ++unsat;
      for (int k = 0; k < 3; ++k) {
        Assignment a = randomAssignment(gen, freeVariables(q));
        ASSERT_EQ(evaluateBool(q, a), std::optional<bool>(false))
            << "seed " << seed << ": Z3 says unsat, evaluate finds a model of "
            << describe(q);
      }
    }
  }
  EXPECT_LE(unknown, kModelTerms / 50);
  EXPECT_GT(sat, kModelTerms / 4);
  EXPECT_GT(unsat, 0u);
}

// Many more terms than Z3 can afford, checked on concrete values only.
TEST(SimplifierProperty, SimplifiedTermsEvaluateLikeTheirReference) {
  ExprContext ctx;
  for (unsigned i = 0; i < kConcreteTerms; ++i) {
    uint64_t seed = kSeed + 3 * i + 500000;
    TermGen gen(ctx, seed);
    RecipeP r = gen.any();
    ExprRef ref = probe(ctx, RecipeBuilder(ctx, BuildMode::Raw).build(r));
    for (BuildMode mode : {BuildMode::Simplify, BuildMode::Mixed}) {
      ExprRef simp = probe(ctx, RecipeBuilder(ctx, mode, seed).build(r));
      if (simp == ref)
        continue;
      std::vector<ExprRef> vars = freeVariables(rawEq(ctx, simp, ref));
      for (int k = 0; k < 3; ++k) {
        Assignment a = randomAssignment(gen, vars);
        auto vs = evaluate(simp, a), vf = evaluate(ref, a);
        ASSERT_TRUE(vs && vf);
        ASSERT_EQ(*vs, *vf) << "seed " << seed << " mode "
                            << static_cast<int>(mode) << "\nsimplified: "
                            << describe(simp) << " = " << valueStr(*vs)
                            << "\nreference:  " << describe(ref) << " = "
                            << valueStr(*vf);
      }
    }
  }
}

// Substituting values for the variables of a term folds it to the constant
// `evaluate` computes (every builder folds constant operands); under arrays
// it leaves a term that evaluates the same.
TEST(SimplifierProperty, SubstitutingValuesFoldsToTheEvaluatedValue) {
  ExprContext ctx;
  for (unsigned i = 0; i < kConcreteTerms / 4; ++i) {
    uint64_t seed = kSeed + 5 * i + 900000;
    TermGen gen(ctx, seed);
    // Simplified, so that subterms without variables are already folded
    // (substitute rebuilds only what the substitution changes).
    ExprRef t =
        RecipeBuilder(ctx, BuildMode::Simplify).build(gen.anyValue());
    std::vector<ExprRef> vars = freeVariables(t);
    Assignment a = randomAssignment(gen, vars);
    Substitution sub;
    bool arrays = false;
    for (const ExprRef &v : vars) {
      if (v->kind() == Kind::ArrayVar)
        arrays = true;
      else
        sub.emplace(v, valueTerm(ctx, *a.get(v)));
    }
    ExprRef folded = substitute(ctx, t, sub);
    auto want = evaluate(t, a);
    ASSERT_TRUE(want);
    if (!arrays) {
      ASSERT_TRUE(folded->isConst())
          << "seed " << seed << ": " << describe(t) << "\nfolds only to "
          << describe(folded);
    }
    auto got = evaluate(folded, a);
    ASSERT_TRUE(got);
    ASSERT_EQ(*got, *want) << "seed " << seed << ": " << describe(t)
                           << "\nfolds to " << describe(folded);
  }
}

// toSmtLibScript means what the term means: Z3 reads it back and agrees
// with `evaluate`.
TEST(SimplifierProperty, SmtLibTextMeansTheTerm) {
  ExprContext ctx;
  z3::context z3;
  for (unsigned i = 0; i < kSmtLibTerms; ++i) {
    uint64_t seed = kSeed + 11 * i + 1300000;
    TermGen gen(ctx, seed, TermGenOptions{3, /*arrayEq=*/false});
    ExprRef t = RecipeBuilder(ctx, i % 2 ? BuildMode::Raw : BuildMode::Mixed,
                              seed)
                    .build(gen.anyValue());
    std::vector<ExprRef> vars = freeVariables(t);
    Assignment a = randomAssignment(gen, vars);
    auto v = evaluate(t, a);
    ASSERT_TRUE(v);
    std::vector<ExprRef> pins = pinned(ctx, t, vars, a);
    for (bool negate : {false, true}) {
      std::vector<ExprRef> q = pins;
      ExprRef same = rawEq(ctx, t, valueTerm(ctx, *v));
      q.push_back(negate ? rawNot(ctx, same) : same);
      std::string script = toSmtLibScript(q);
      z3::solver s(z3, "QF_ABV");
      try {
        s.from_string(script.c_str());
      } catch (const z3::exception &e) {
        FAIL() << "Z3 cannot read the script: " << e.msg() << "\n" << script;
      }
      z3::check_result r = s.check();
      ASSERT_EQ(r, negate ? z3::unsat : z3::sat)
          << "seed " << seed << ": value " << valueStr(*v) << "\n" << script;
    }
  }
}

// Every rule named by a hit("...") in the simplifier fires on random terms.
// (No rule is known to be unreachable; list any here with the reason.)
TEST(SimplifierProperty, EveryRewriteRuleFires) {
  std::set<std::string> rules = simplifierRuleNames();
  ASSERT_GT(rules.size(), 30u);

  ExprContext ctx;
  for (unsigned i = 0; i < kCoverageTerms; ++i) {
    uint64_t seed = kSeed + i;
    TermGen gen(ctx, seed);
    RecipeP r = gen.any();
    RecipeBuilder(ctx, i % 2 ? BuildMode::Mixed : BuildMode::Simplify, seed)
        .build(r);
  }
  for (unsigned i = 0; i < kShapedTerms; ++i) {
    uint64_t seed = kSeed + 2000003 * (i + 1);
    TermGen gen(ctx, seed);
    RecipeBuilder(ctx, BuildMode::Simplify, seed).build(shapedTerm(gen, i));
  }
  const auto &counts = ctx.rewriteCounts();
  for (const std::string &rule : rules) {
    auto it = counts.find(rule);
    EXPECT_TRUE(it != counts.end() && it->second > 0)
        << "rule never fired: " << rule;
  }
  for (const auto &[rule, n] : counts)
    EXPECT_TRUE(rules.count(rule)) << "counted rule not in the source: "
                                   << rule;
}
