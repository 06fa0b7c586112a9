#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace cosmo::expr;

TEST(Expr, HashConsingMakesEqualTermsIdentical) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(32));
  ExprRef a = ctx.add(x, ctx.bv(32, 1));
  ExprRef b = ctx.add(ctx.bv(32, 1), ctx.var("x", Sort::bv(32)));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, ctx.add(x, ctx.bv(32, 2)));
}

TEST(Expr, NodesAreFreedWhenUnreferenced) {
  ExprContext ctx;
  size_t before = ctx.liveNodes();
  {
    ExprRef x = ctx.var("x", Sort::bv(8));
    ExprRef e = ctx.mul(x, ctx.add(x, ctx.bv(8, 3)));
    EXPECT_GT(ctx.liveNodes(), before);
  }
  EXPECT_EQ(ctx.liveNodes(), before);
}

TEST(Expr, ConstantFoldingUsesSmtDivisionByZero) {
  ExprContext ctx;
  EXPECT_EQ(ctx.udiv(ctx.bv(8, 7), ctx.bv(8, 0)), ctx.bv(8, 0xff));
  EXPECT_EQ(ctx.urem(ctx.bv(8, 7), ctx.bv(8, 0)), ctx.bv(8, 7));
  EXPECT_EQ(ctx.sdiv(ctx.bv(8, 0x80), ctx.bv(8, 0xff)), ctx.bv(8, 0x80));
  EXPECT_EQ(ctx.shl(ctx.bv(8, 1), ctx.bv(8, 9)), ctx.bv(8, 0));
  EXPECT_EQ(ctx.ashr(ctx.bv(8, 0x80), ctx.bv(8, 9)), ctx.bv(8, 0xff));
}

TEST(Expr, BytesOfAStoredValueRecompose) {
  ExprContext ctx;
  ExprRef v = ctx.var("v", Sort::bv(32));
  ExprRef bytes = ctx.extract(v, 7, 0);
  for (unsigned i = 1; i < 4; ++i)
    bytes = ctx.concat(ctx.extract(v, 8 * i + 7, 8 * i), bytes);
  EXPECT_EQ(bytes, v);
}

TEST(Expr, SelectOverConstantStoresFolds) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("mem");
  ExprRef i0 = ctx.bv(64, 0), i1 = ctx.bv(64, 1);
  ExprRef s = ctx.store(ctx.store(a, i0, ctx.bv(8, 5)), i1, ctx.bv(8, 6));
  EXPECT_EQ(ctx.select(s, i0), ctx.bv(8, 5));
  EXPECT_EQ(ctx.select(s, i1), ctx.bv(8, 6));
  EXPECT_EQ(ctx.select(s, ctx.bv(64, 2)), ctx.select(a, ctx.bv(64, 2)));
}

// The bytes of a value written at a symbolic address, read back: each
// read walks past the stores at the same term plus other constants, and
// stops at a store whose index is another term (it may alias).
TEST(Expr, SelectOverStoresAtOneTermPlusConstantsFolds) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("mem");
  ExprRef x = ctx.var("x", Sort::bv(64)), y = ctx.var("y", Sort::bv(64));
  auto at = [&](const ExprRef &base, uint64_t k) {
    return ctx.add(base, ctx.bv(64, k));
  };
  ExprRef s = a;
  for (uint64_t k = 0; k < 4; ++k)
    s = ctx.store(s, at(x, k), ctx.bv(8, 10 + k));
  for (uint64_t k = 0; k < 4; ++k)
    EXPECT_EQ(ctx.select(s, at(x, k)), ctx.bv(8, 10 + k)) << k;
  EXPECT_EQ(ctx.select(s, at(x, 4)), ctx.select(a, at(x, 4)));
  EXPECT_EQ(ctx.select(s, at(x, 0xffffffffffffffff)),
            ctx.select(a, at(x, 0xffffffffffffffff)));
  // Another term: y + 1 may be x + 2.
  ExprRef other = ctx.select(s, at(y, 1));
  ASSERT_EQ(other->kind(), Kind::Select);
  EXPECT_EQ(ExprRef(other->child(0)), s);
  // A store at another term stops the walk, even for an index it is not.
  ExprRef t = ctx.store(s, y, ctx.bv(8, 1));
  ExprRef read = ctx.select(t, at(x, 2));
  ASSERT_EQ(read->kind(), Kind::Select);
  EXPECT_EQ(ExprRef(read->child(0)), t);
}

// Fields of nodes in cells of 16 bytes, at 16 * x + k: a read of one
// field walks past a store to another field of any cell (their indices
// differ in a low bit), not past a store to the same field of another.
TEST(Expr, SelectOverAStoreApartInALowBitFolds) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("mem");
  ExprRef x = ctx.var("x", Sort::bv(64)), y = ctx.var("y", Sort::bv(64));
  auto field = [&](const ExprRef &cell, uint64_t k) {
    return ctx.add(ctx.bv(64, k), ctx.mul(ctx.bv(64, 16), cell));
  };
  ExprRef s = ctx.store(a, field(x, 0x10184), ctx.bv(8, 7));
  EXPECT_EQ(ctx.select(s, field(y, 0x10180)), ctx.select(a, field(y, 0x10180)));
  EXPECT_EQ(ctx.select(s, ctx.zext(ctx.extract(field(y, 0x10188), 31, 0), 64)),
            ctx.select(a, ctx.zext(ctx.extract(field(y, 0x10188), 31, 0), 64)));
  ExprRef same = ctx.select(s, field(y, 0x20184));
  ASSERT_EQ(same->kind(), Kind::Select);
  EXPECT_EQ(ExprRef(same->child(0)), s);
}

// An address made a cell index and back is the address when it is a
// multiple of the cell's size; not otherwise.
TEST(Expr, AnAlignedAddressMadeAnIndexAndBackIsItself) {
  ExprContext ctx;
  ExprRef c = ctx.var("c", Sort::bv(32));
  ExprRef sixteen = ctx.bv(32, 16);
  ExprRef aligned = ctx.add(ctx.bv(32, 0x10180), ctx.mul(sixteen, c));
  EXPECT_EQ(ctx.mul(sixteen, ctx.udiv(aligned, sixteen)), aligned);
  ExprRef unaligned = ctx.add(ctx.bv(32, 0x10184), ctx.mul(sixteen, c));
  EXPECT_EQ(ctx.mul(sixteen, ctx.udiv(unaligned, sixteen))->kind(), Kind::Mul);
  ExprRef coarse = ctx.add(ctx.bv(32, 0x10180), ctx.mul(ctx.bv(32, 8), c));
  EXPECT_EQ(ctx.mul(sixteen, ctx.udiv(coarse, sixteen))->kind(), Kind::Mul);
}

TEST(Expr, EvaluateUnderAssignment) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(32));
  ExprRef e = ctx.slt(ctx.mul(x, ctx.bv(32, 3)), ctx.bv(32, 10));
  Assignment a;
  a.set(x, Value::ofBits(llvm::APInt(32, 4)));
  EXPECT_EQ(evaluateBool(e, a), std::optional<bool>(false));
  a.set(x, Value::ofBits(llvm::APInt(32, 3)));
  EXPECT_EQ(evaluateBool(e, a), std::optional<bool>(true));
  EXPECT_EQ(evaluateBool(e, Assignment(), Completion::Partial), std::nullopt);
}

TEST(Expr, SubstituteRebuildsWithSimplification) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(16));
  ExprRef e = ctx.add(x, ctx.bv(16, 2));
  Substitution sub{{x, ctx.bv(16, 40)}};
  EXPECT_EQ(substitute(ctx, e, sub), ctx.bv(16, 42));
}

TEST(Expr, SmtLibPrinting) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(4));
  EXPECT_EQ(toSmtLib(ctx.ult(x, ctx.bv(4, 3))), "(bvult |x| #b0011)");
  EXPECT_EQ(toSmtLib(ctx.zext(x, 8)), "((_ zero_extend 4) |x|)");
}

// Regression: evaluate threw std::out_of_range on eq over arrays (array
// terms have no Value, so the operands were missing from its memo table).
// Arrays compare extensionally: default byte and every explicit byte.
TEST(Expr, EvaluateComparesArraysExtensionally) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("a"), b = ctx.arrayVar("b");
  ExprRef i = ctx.var("i", Sort::bv(64));
  ExprRef e = ctx.eq(ctx.store(a, i, ctx.bv(8, 1)), b);
  Assignment m;
  m.set(i, Value::ofBits(llvm::APInt(64, 5)));
  m.setArray(a, ArrayValue{{{5, 9}}, 3});
  m.setArray(b, ArrayValue{{{5, 1}}, 3});
  EXPECT_EQ(evaluateBool(e, m), std::optional<bool>(true));
  m.setArray(b, ArrayValue{{{5, 1}, {6, 4}}, 3});
  EXPECT_EQ(evaluateBool(e, m), std::optional<bool>(false));
  m.setArray(b, ArrayValue{{{5, 1}}, 0});
  EXPECT_EQ(evaluateBool(e, m), std::optional<bool>(false));
  // Through an ite of arrays, and unknown when an array is unassigned.
  ExprRef p = ctx.var("p", Sort::boolean());
  ExprRef f = ctx.eq(ctx.ite(p, a, b), a);
  m.set(p, Value::ofBool(true));
  EXPECT_EQ(evaluateBool(f, m), std::optional<bool>(true));
  m.set(p, Value::ofBool(false));
  EXPECT_EQ(evaluateBool(f, m), std::optional<bool>(false));
  Assignment partial;
  partial.set(i, Value::ofBits(llvm::APInt(64, 5)));
  EXPECT_EQ(evaluateBool(e, partial, Completion::Partial), std::nullopt);
}

// Regression: toSmtLib printed recursively and overflowed the stack on a
// store chain 50,000 deep (evaluation and substitution already use explicit
// stacks).
TEST(Expr, SmtLibPrintsDeepStoreChains) {
  ExprContext ctx;
  ExprRef a = ctx.arrayVar("m");
  const unsigned n = 100000;
  for (unsigned k = 0; k < n; ++k)
    a = ctx.store(a, ctx.bv(64, k), ctx.bv(8, k & 0xff));
  std::string text = toSmtLib(ctx.select(a, ctx.var("i", Sort::bv(64))));
  EXPECT_EQ(text.rfind("(select (store (store ", 0), 0u);
  EXPECT_EQ(text.substr(text.size() - 4), "|i|)");
  size_t opens = std::count(text.begin(), text.end(), '(');
  EXPECT_EQ(opens, std::count(text.begin(), text.end(), ')'));
  EXPECT_EQ(opens, n + 1);
}

// Regression (issue 19): summaries were written with toSmtLib, whose text
// repeats shared subterms; a 60-level DAG of a csmith function's isolated
// run printed as terabytes and ended the run in std::bad_alloc. The shared
// printer binds each shared subterm once.
TEST(Expr, SharedSmtLibBindsSharedSubtermsOnce) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(8)), y = ctx.var("y", Sort::bv(8));
  ExprRef t = ctx.add(x, y);
  EXPECT_EQ(toSmtLibShared(ctx.mul(t, t)),
            "(let ((?0 (bvadd |x| |y|))) (bvmul ?0 ?0))");
  // Nothing shared: the same text as toSmtLib.
  ExprRef plain = ctx.ult(ctx.add(x, ctx.bv(8, 1)), y);
  EXPECT_EQ(toSmtLibShared(plain), toSmtLib(plain));
  ExprRef e = x;
  for (unsigned k = 0; k < 60; ++k)
    e = ctx.mul(e, ctx.add(e, y));
  std::string text = toSmtLibShared(e);
  EXPECT_LT(text.size(), 60u * 60);
  EXPECT_EQ(std::count(text.begin(), text.end(), '('),
            std::count(text.begin(), text.end(), ')'));
}

// SMT-LIB's meaning of a division, remainder or product at the operands'
// width (the reference the narrowing rules must keep).
static llvm::APInt smtArith(Kind k, const llvm::APInt &a,
                            const llvm::APInt &b) {
  unsigned w = a.getBitWidth();
  switch (k) {
  case Kind::UDiv: return b.isZero() ? llvm::APInt::getAllOnes(w) : a.udiv(b);
  case Kind::URem: return b.isZero() ? a : a.urem(b);
  case Kind::SDiv:
    if (b.isZero())
      return a.isNegative() ? llvm::APInt(w, 1) : llvm::APInt::getAllOnes(w);
    return a.sdiv(b); // wraps for INT_MIN / -1, as bvsdiv does
  case Kind::SRem: return b.isZero() ? a : a.srem(b);
  default: return a * b;
  }
}

// C's promotions divide and multiply chars as ints; the simplifier does it
// at the operands' width (narrowArith). Exhaustive over 4-bit operands
// extended to 8 and 12 bits, as variables and as constants, against the
// operation at full width.
TEST(Expr, NarrowedDivisionsAndProductsKeepTheirMeaning) {
  ExprContext ctx;
  ExprRef x = ctx.var("x", Sort::bv(4)), y = ctx.var("y", Sort::bv(4));
  const Kind kinds[] = {Kind::UDiv, Kind::URem, Kind::SDiv, Kind::SRem,
                        Kind::Mul};
  for (unsigned full : {8u, 12u})
    for (Kind k : kinds)
      for (bool isSigned : {false, true})
        for (bool constDivisor : {false, true})
          for (unsigned i = 0; i < 16; ++i)
            for (unsigned j = 0; j < 16; ++j) {
              llvm::APInt xi(4, i), yj(4, j);
              auto ext = [&](const llvm::APInt &v) {
                return isSigned ? v.sext(full) : v.zext(full);
              };
              auto extE = [&](const ExprRef &e) {
                return isSigned ? ctx.sext(e, full) : ctx.zext(e, full);
              };
              ExprRef b = constDivisor ? ctx.bv(ext(yj)) : extE(y);
              ExprRef a = extE(x), e;
              switch (k) {
              case Kind::UDiv: e = ctx.udiv(a, b); break;
              case Kind::URem: e = ctx.urem(a, b); break;
              case Kind::SDiv: e = ctx.sdiv(a, b); break;
              case Kind::SRem: e = ctx.srem(a, b); break;
              default: e = ctx.mul(a, b); break;
              }
              Assignment asg;
              asg.set(x, Value::ofBits(xi));
              asg.set(y, Value::ofBits(yj));
              std::optional<Value> v = evaluate(e, asg);
              ASSERT_TRUE(v);
              EXPECT_EQ(v->bits, smtArith(k, ext(xi), ext(yj)))
                  << "kind " << int(k) << " signed " << isSigned << " x " << i
                  << " y " << j << " width " << full << ": " << toSmtLib(e);
            }
  for (const char *rule : {"udiv-narrow", "urem-narrow", "sdiv-narrow",
                           "srem-narrow", "mul-narrow"})
    EXPECT_GT(ctx.rewriteCounts().count(rule), 0u) << rule;
}

// An ACSL quotient (128-bit `integer` arithmetic over int operands) is the
// program's own 32-bit quotient but for INT_MIN / -1: `\result == n / d`
// then compares one term with itself instead of two dividers.
TEST(Expr, AWideQuotientOfExtendedOperandsIsTheNarrowOne) {
  ExprContext ctx;
  ExprRef n = ctx.var("n", Sort::bv(32)), d = ctx.var("d", Sort::bv(32));
  ExprRef wide = ctx.sdiv(ctx.sext(n, 128), ctx.sext(d, 128));
  ASSERT_EQ(wide->kind(), Kind::Ite) << toSmtLib(wide);
  EXPECT_EQ(ExprRef(wide->child(2)), ctx.sext(ctx.sdiv(n, d), 128))
      << toSmtLib(wide);
  EXPECT_EQ(ExprRef(wide->child(1)),
            ctx.bv(llvm::APInt::getSignedMinValue(32).zext(128)));
}

// A constant array (a zero-initialised object's content): a read of it is
// its byte, through stores at other constant indices too; distinct tags
// are distinct terms of the same value; SMT-LIB spells it with `as const`,
// and evaluation reads unwritten bytes as its byte.
TEST(Expr, ConstantArrayReadsItsByte) {
  ExprContext ctx;
  ExprRef zeros = ctx.constArray(ctx.bv(8, 0), 1);
  EXPECT_EQ(zeros->sort(), Sort::array());
  EXPECT_NE(zeros, ctx.constArray(ctx.bv(8, 0), 2));
  EXPECT_EQ(zeros, ctx.constArray(ctx.bv(8, 0), 1));
  ExprRef a = ctx.store(zeros, ctx.bv(64, 4), ctx.bv(8, 7));
  EXPECT_EQ(ctx.select(a, ctx.bv(64, 9)), ctx.bv(8, 0));
  EXPECT_EQ(ctx.select(a, ctx.bv(64, 4)), ctx.bv(8, 7));
  EXPECT_EQ(toSmtLib(zeros),
            "((as const (Array (_ BitVec 64) (_ BitVec 8))) #b00000000)");
  ExprRef i = ctx.var("i", Sort::bv(64));
  ExprRef read = ctx.select(a, i);
  EXPECT_EQ(read->kind(), Kind::Select); // symbolic index: not folded
  Assignment m;
  m.set(i, Value::ofBits(llvm::APInt(64, 4)));
  EXPECT_EQ(evaluate(read, m)->bits, llvm::APInt(8, 7));
  m.set(i, Value::ofBits(llvm::APInt(64, 123456)));
  EXPECT_EQ(evaluate(read, m)->bits, llvm::APInt(8, 0));
  // Compared extensionally with a variable's value.
  ExprRef b = ctx.arrayVar("b");
  m.setArray(b, ArrayValue{{{4, 7}}, 0});
  EXPECT_EQ(evaluateBool(ctx.eq(a, b), m), std::optional<bool>(true));
  m.setArray(b, ArrayValue{{{4, 7}}, 1});
  EXPECT_EQ(evaluateBool(ctx.eq(a, b), m), std::optional<bool>(false));
}
