//===- AcslTest.cpp - ACSL annotations: parsing and instrumentation -------===//

#include "cosmo/frontend/Acsl.h"
#include "cosmo/frontend/AcslInstrument.h"

#include <gtest/gtest.h>

namespace cosmo::frontend::acsl {
namespace {

std::string printed(const std::string &text) {
  auto t = parseTerm(text, "f.c", 1);
  if (!t)
    return "error: " + llvm::toString(t.takeError());
  return printTerm(**t);
}

std::string errorOf(const std::string &source) {
  auto f = parseAnnotations(source, "f.c");
  if (f)
    return "no error";
  return llvm::toString(f.takeError());
}

std::string instrumentError(const std::string &source) {
  auto f = instrumentAnnotations(source, "f.c");
  if (f)
    return "no error";
  return llvm::toString(f.takeError());
}

TEST(AcslParse, ImplicationIsRightAssociativeAndLooserThanOr) {
  EXPECT_EQ(printed("a || b ==> c ==> d"), "((a || b) ==> (c ==> d))");
  EXPECT_EQ(printed("a <==> b ==> c"), "(a <==> (b ==> c))");
}

TEST(AcslParse, ComparisonsChain) {
  EXPECT_EQ(printed("0 <= i < n"), "(0 <= i < n)");
  EXPECT_EQ(printed("0 <= i"), "(0 <= i)");
  EXPECT_EQ(printed("a + b * c == d"), "((a + (b * c)) == d)");
}

TEST(AcslParse, QuantifiersExtendToTheRight) {
  EXPECT_EQ(printed("\\forall integer i, j; 0 <= i < j < n ==> a[i] <= a[j]"),
            "(\\forall integer i, j; ((0 <= i < j < n) ==> (a[i] <= a[j])))");
  EXPECT_EQ(printed("p ==> \\exists int k; k == 1"),
            "(p ==> (\\exists int k; (k == 1)))");
}

TEST(AcslParse, BuiltinsAndLocations) {
  EXPECT_EQ(printed("\\valid(a + (0 .. n-1))"), "\\valid((a + (0 .. (n - 1))))");
  EXPECT_EQ(printed("\\separated(p, q + (1 .. 2))"),
            "\\separated(p, (q + (1 .. 2)))");
  EXPECT_EQ(printed("\\result == \\old(*p) + 1"),
            "(\\result == (\\old((*p)) + 1))");
  EXPECT_EQ(printed("\\at(x, Pre) < (int) y"), "(\\old(x) < ((int)y))");
  EXPECT_EQ(printed("s->f.g[2] != \\null"), "(s->f.g[2] != \\null)");
}

TEST(AcslParse, UnsupportedConstructsAreNamed) {
  EXPECT_NE(printed("\\let x = 1; x").find("unsupported ACSL construct '\\let'"),
            std::string::npos);
  EXPECT_NE(printed("\\at(x, Here)").find("'\\at(_, Here)'"), std::string::npos);
  EXPECT_NE(printed("x == 1.5").find("real number"), std::string::npos);
  EXPECT_NE(printed("\\sum(0, n, a)").find("'\\sum'"), std::string::npos);
}

TEST(AcslParse, ClausesOfAContract) {
  auto f = parseAnnotations("int g;\n/*@ requires n >= 0;\n  @ ensures \\result "
                            "== n;\n  @ assigns g, a[0 .. n-1];\n */\nint "
                            "f(int *a, int n);\n",
                            "f.c");
  ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
  ASSERT_EQ(f->annotations.size(), 1u);
  const Annotation &a = f->annotations[0];
  EXPECT_EQ(a.kind, Annotation::Kind::Contract);
  ASSERT_EQ(a.clauses.size(), 3u);
  EXPECT_EQ(a.clauses[0].kind, ClauseKind::Requires);
  EXPECT_EQ(a.clauses[0].line, 2u);
  EXPECT_EQ(a.clauses[0].source, "n >= 0");
  EXPECT_EQ(a.clauses[1].line, 3u);
  EXPECT_EQ(a.clauses[2].kind, ClauseKind::Assigns);
  EXPECT_EQ(a.clauses[2].terms.size(), 2u);
}

// Termination clauses are read (their terms must parse) and not checked.
TEST(AcslParse, TerminationClausesAreReadNotChecked) {
  auto f = parseAnnotations("/*@ requires n >= 0;\n  decreases n;\n  "
                            "terminates n < 100; */\nint f(int n);\n",
                            "f.c");
  ASSERT_TRUE(static_cast<bool>(f)) << llvm::toString(f.takeError());
  ASSERT_EQ(f->annotations.size(), 1u);
  const Annotation &a = f->annotations[0];
  EXPECT_EQ(a.kind, Annotation::Kind::Contract);
  ASSERT_EQ(a.clauses.size(), 3u);
  EXPECT_EQ(a.clauses[1].kind, ClauseKind::Decreases);
  EXPECT_EQ(a.clauses[1].source, "n");
  EXPECT_EQ(a.clauses[2].kind, ClauseKind::Terminates);
  EXPECT_EQ(errorOf("/*@ decreases ; */ int f(int n);"), "f.c:1: unexpected ';'");
}

TEST(AcslParse, ErrorsNameFileLineAndConstruct) {
  EXPECT_EQ(errorOf("\n\n/*@ behavior b:\n  ensures 1; */\nvoid f(void);"),
            "f.c:3: unsupported ACSL construct 'behavior'");
  EXPECT_EQ(errorOf("/*@ requires x > ; */ void f(int x);"),
            "f.c:1: unexpected ';'");
  EXPECT_EQ(errorOf("/*@ loop frees p; */"),
            "f.c:1: unsupported ACSL construct 'loop frees'");
  EXPECT_EQ(errorOf("/*@ requires x;\n loop invariant y; */"),
            "f.c:2: an annotation mixes function-contract, loop, assert and "
            "logic clauses");
  // Ordinary comments and strings holding "/*@" are not annotations.
  EXPECT_EQ(errorOf("const char *s = \"/*@ nonsense */\"; /* @ x */"),
            "no error");
}

TEST(AcslInstrument, KeepsLineNumbersAndAddsCompanions) {
  std::string src = "/*@ requires x > 0;\n    ensures \\result > 0;\n    "
                    "assigns \\nothing; */\nint f(int x) {\n  int i = 0;\n  "
                    "/*@ loop invariant i >= 0; */\n  while (i < x)\n    i++;\n"
                    "  //@ assert i == x;\n  return i;\n}\n";
  auto out = instrumentAnnotations(src, "f.c");
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  ASSERT_EQ(out->functions.size(), 1u);
  EXPECT_EQ(out->functions[0].name, "f");
  EXPECT_TRUE(out->functions[0].usable);
  EXPECT_TRUE(out->functions[0].defined);
  EXPECT_EQ(out->loops, 1u);
  EXPECT_EQ(out->assertions, 1u);
  // The program's text follows `#line 1`, line for line.
  size_t start = out->text.find("#line 1 \"f.c\"\n");
  ASSERT_NE(start, std::string::npos);
  std::string body = out->text.substr(start + 14);
  auto lineOf = [&](const std::string &needle) {
    size_t at = body.find(needle);
    return at == std::string::npos
               ? 0
               : 1 + std::count(body.begin(), body.begin() + at, '\n');
  };
  // The while loop became a for loop whose step tells a native run that
  // the next arrival is by the back edge.
  EXPECT_EQ(lineOf("for (; "), 7);
  EXPECT_EQ(lineOf("__cosmo_acsl_loop_first"), 7);
  EXPECT_EQ(lineOf("(i < x); __cosmo_acsl_loop_back(0, 1))"), 7);
  EXPECT_EQ(lineOf("\"assert i == x\""), 9);
  EXPECT_EQ(lineOf("return i;"), 10);
  EXPECT_NE(out->text.find("int __cosmo_contract_verify_f(int x)"),
            std::string::npos);
  EXPECT_NE(out->text.find("int __cosmo_contract_use_f(int x)"),
            std::string::npos);
}

TEST(AcslInstrument, AContractWithoutAssignsIsNotUsedAtCalls) {
  auto out = instrumentAnnotations(
      "/*@ ensures \\result == 1; */\nint one(void) { return 1; }\n", "f.c");
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  ASSERT_EQ(out->functions.size(), 1u);
  EXPECT_FALSE(out->functions[0].usable);
  EXPECT_EQ(out->text.find("__cosmo_contract_use_one"), std::string::npos);
}

TEST(AcslInstrument, AContractWithRequiresButNoAssignsChecksThemAtCalls) {
  auto out = instrumentAnnotations(
      "/*@ requires x > 0;\n    ensures \\result == x; */\n"
      "int id(int x) { return x; }\n",
      "f.c");
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  ASSERT_EQ(out->functions.size(), 1u);
  EXPECT_FALSE(out->functions[0].usable);
  // The use companion checks the requires, then runs the function: it
  // neither havocs nor assumes the ensures (the function could write
  // anything).
  const std::string &t = out->text;
  size_t use = t.find("int __cosmo_contract_use_id(int x) {");
  ASSERT_NE(use, std::string::npos) << t;
  size_t check = t.find("__cosmo_acsl_check(", use);
  size_t call = t.find("return id(x);", use);
  ASSERT_NE(check, std::string::npos) << t;
  ASSERT_NE(call, std::string::npos) << t;
  EXPECT_LT(check, call);
  EXPECT_EQ(t.find("__cosmo_acsl_abstract", use), std::string::npos) << t;
  EXPECT_EQ(t.find("__cosmo_acsl_havoc", use), std::string::npos) << t;
  EXPECT_EQ(t.find("__cosmo_acsl_assume", use), std::string::npos) << t;

  // Natively, its calls are checked too.
  auto native = instrumentAnnotations(
      "/*@ requires x > 0; */\nint id(int x) { return x; }\n"
      "int g(void) { return id(1); }\n",
      "f.c", /*forNativeRun=*/true);
  ASSERT_TRUE(static_cast<bool>(native)) << llvm::toString(native.takeError());
  EXPECT_NE(native->text.find("__cosmo_contract_impl_id(int x) { return x; }"),
            std::string::npos)
      << native->text;
  EXPECT_NE(native->text.find("__cosmo_acsl_check_call("), std::string::npos)
      << native->text;
}

TEST(AcslInstrument, ANativeRunChecksEveryCallOfAContractedFunction) {
  std::string src = "/*@ requires x > 0;\n    ensures \\result > x;\n    "
                    "assigns \\nothing; */\nstatic int f(int x) { return "
                    "x + 1; }\nint g(void) { return f(1); }\n";
  auto native = instrumentAnnotations(src, "f.c", /*forNativeRun=*/true);
  ASSERT_TRUE(static_cast<bool>(native)) << llvm::toString(native.takeError());
  const std::string &t = native->text;
  // The definition is renamed, after a prototype of f for later calls;
  // f itself checks the precondition at the caller's call and calls it.
  EXPECT_NE(t.find("static int f(int x); static int __cosmo_contract_impl_f("
                   "int x) { return x + 1; }"),
            std::string::npos) << t;
  EXPECT_NE(t.find("int g(void) { return f(1); }"), std::string::npos) << t;
  size_t wrapper = t.find("static int f(int x) {\n");
  ASSERT_NE(wrapper, std::string::npos) << t;
  EXPECT_NE(t.find("__cosmo_acsl_check_call(", wrapper), std::string::npos);
  EXPECT_NE(t.find("__builtin_return_address(0));", wrapper),
            std::string::npos);
  EXPECT_NE(t.find("return __cosmo_contract_impl_f(x);", wrapper),
            std::string::npos) << t;
  EXPECT_NE(t.find("int __cosmo_result = __cosmo_contract_impl_f(x);"),
            std::string::npos) << t;
  EXPECT_EQ(t.find("__cosmo_contract_use_f"), std::string::npos);
  // For the engine, nothing is renamed (calls are redirected in the IR).
  auto engine = instrumentAnnotations(src, "f.c");
  ASSERT_TRUE(static_cast<bool>(engine));
  EXPECT_EQ(engine->text.find("__cosmo_contract_impl_f"), std::string::npos);
  EXPECT_NE(engine->text.find("__cosmo_contract_use_f"), std::string::npos);
}

TEST(AcslInstrument, ALoopAssignsFrameEndsWithItsLoopStatement) {
  // Nested loops ending at one place close the inner block first; a do
  // loop's condition says when the next arrival is by the back edge.
  std::string src =
      "void f(int n) {\n  int i = 0, j, x = 0;\n"
      "  /*@ loop assigns i, j, x; */\n  while (i < n)\n"
      "    /*@ loop assigns j, x; */\n    for (j = 0; j < n; j++) x++;\n"
      "  /*@ loop invariant i >= 0; loop assigns i; */\n"
      "  do { i--; } while (i > 0);\n}\n";
  auto out = instrumentAnnotations(src, "f.c");
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  const std::string &t = out->text;
  EXPECT_NE(t.find("x++; __cosmo_acsl_loop_end(1); } __cosmo_acsl_loop_end(0); }"),
            std::string::npos) << t;
  EXPECT_NE(t.find("( j++), __cosmo_acsl_loop_back(1, 1))"), std::string::npos)
      << t;
  EXPECT_NE(t.find("(i < n); __cosmo_acsl_loop_back(0, 1))"),
            std::string::npos) << t;
  EXPECT_NE(t.find("while (__cosmo_acsl_loop_back(2, !!(i > 0))); "
                   "__cosmo_acsl_loop_end(2); }"),
            std::string::npos) << t;
}

TEST(AcslInstrument, MisplacedOrIllTypedAnnotationsAreErrors) {
  EXPECT_EQ(instrumentError("void f(int i) {\n /*@ loop invariant 1; */\n do "
                            "i++; while (i < 3);\n}\n"),
            "f.c:2: unsupported: an annotated do-while loop whose body is not "
            "a block");
  EXPECT_EQ(instrumentError("void f(int i) {\n /*@ loop invariant 1; */\n "
                            "if (i) i++;\n}\n"),
            "f.c:2: a loop annotation must precede a for, while or do loop");
  EXPECT_EQ(instrumentError("/*@ requires \\result > 0; */ int f(int x);"),
            "f.c:1: \\result is only allowed in ensures");
  EXPECT_EQ(instrumentError("/*@ requires g(x); */ int f(int x);"),
            "f.c:1: 'g' is not a predicate or logic function defined in an "
            "annotation (ACSL terms cannot call C functions)");
  EXPECT_EQ(instrumentError("/*@ requires x > 0; */ int f(int);"),
            "f.c:1: a function with a contract must name its parameters "
            "('int')");
}

TEST(AcslInstrument, PredicatesAreExpandedWithTheirArguments) {
  auto out = instrumentAnnotations(
      "/*@ predicate pos(integer v) = v > 0; */\n/*@ requires pos(x + 1); "
      "assigns \\nothing; */\nint f(int x);\n",
      "f.c");
  ASSERT_TRUE(static_cast<bool>(out)) << llvm::toString(out.takeError());
  // The argument is converted to the parameter's type and substituted.
  EXPECT_NE(out->text.find("((__acsl_int)("), std::string::npos);
  EXPECT_EQ(out->text.find("pos("), out->text.find("pos(integer"));
}

} // namespace
} // namespace cosmo::frontend::acsl
