//===- ObjectStateTest.cpp - reads of objects at symbolic offsets ---------===//

#include "cosmo/expr/Assignment.h"
#include "cosmo/memory/ObjectMemory.h"

#include <gtest/gtest.h>

#include <functional>
#include <unordered_set>

namespace cosmo::memory {
namespace {

using expr::Kind;

bool mentions(const expr::Expr *e, Kind k) {
  std::unordered_set<const expr::Expr *> seen;
  std::function<bool(const expr::Expr *)> walk = [&](const expr::Expr *n) {
    if (!seen.insert(n).second)
      return false;
    if (n->kind() == k)
      return true;
    for (unsigned i = 0; i < n->numChildren(); ++i)
      if (walk(n->child(i)))
        return true;
    return false;
  };
  return walk(e);
}

uint64_t valueAt(const ExprRef &e, const ExprRef &var, uint64_t v) {
  expr::Assignment a;
  a.set(var, expr::Value::ofBits(llvm::APInt(64, v)));
  return expr::evaluate(e, a)->bits.getZExtValue();
}

// A lookup table larger than a small object, every byte set by its
// initialiser: a symbolic-offset read is an ite chain over the bytes, with
// no array term for the solver (which decided a select from a 768-long store
// chain far too slowly).
TEST(ObjectState, FullyWrittenTableIsReadWithoutArrays) {
  ExprContext ctx;
  const uint64_t size = 768;
  ObjectState table(size, ctx.arrayVar("table"));
  for (uint64_t k = 0; k < size; ++k)
    table.writeByte(ctx, k, ctx.bv(8, (k * 7) & 0xff));
  ExprRef offset = ctx.var("offset", expr::Sort::bv(64));
  ExprRef r = table.read(ctx, offset, 2);
  EXPECT_FALSE(mentions(r.get(), Kind::Select));
  for (uint64_t k : {0u, 1u, 300u, 766u}) {
    uint64_t low = (k * 7) & 0xff, high = ((k + 1) * 7) & 0xff;
    EXPECT_EQ(valueAt(r, offset, k), low | high << 8) << "at offset " << k;
  }
}

// A zero-initialised global with a few symbolic writes, forgetful: the
// symbolic bytes over the given array, not a store per written byte; an
// object with few written bytes (or in array mode) has no such content.
TEST(ObjectState, SymbolicBytesOverForgetTheConstantOnes) {
  ExprContext ctx;
  ObjectState global(4000, ctx.arrayVar("g"));
  for (uint64_t k = 0; k < 4000; ++k)
    global.writeByte(ctx, k, ctx.bv(8, 0));
  ExprRef v = ctx.var("v", expr::Sort::bv(8));
  global.writeByte(ctx, 12, v);
  global.writeByte(ctx, 40, ctx.add(v, ctx.bv(8, 1)));
  ExprRef below = ctx.arrayVar("below");
  ExprRef c = global.symbolicBytesOver(ctx, 256, 64, below);
  ASSERT_TRUE(c);
  unsigned stores = 0;
  const expr::Expr *e = c.get();
  for (; e->kind() == Kind::Store; e = e->child(0))
    ++stores;
  EXPECT_EQ(stores, 2u);
  EXPECT_EQ(e, below.get());
  EXPECT_EQ(ctx.select(c, ctx.bv(64, 12)), v);
  // At most `keep` of them.
  ExprRef one = global.symbolicBytesOver(ctx, 256, 1, below);
  ASSERT_TRUE(one);
  EXPECT_EQ(one->child(0), below.get());

  ObjectState few(4000, ctx.arrayVar("f"));
  few.writeByte(ctx, 3, v);
  EXPECT_FALSE(few.symbolicBytesOver(ctx, 256, 64, below));
}

// One unwritten byte: the object keeps reading its initial array.
TEST(ObjectState, PartlyWrittenLargeObjectReadsItsArray) {
  ExprContext ctx;
  ObjectState o(768, ctx.arrayVar("o"));
  for (uint64_t k = 1; k < 768; ++k)
    o.writeByte(ctx, k, ctx.bv(8, 1));
  ExprRef r = o.read(ctx, ctx.var("offset", expr::Sort::bv(64)), 1);
  EXPECT_TRUE(mentions(r.get(), Kind::Select));
}

// A zero-initialised object whose content starts as a constant array: its
// unwritten bytes read as zero at constant offsets, a symbolic-offset read
// of a large one is a select over its few writes above the constant array
// (no store per zero byte), one up to a table's size is an ite chain over
// known bytes, and no byte counts as untouched (it has a value).
TEST(ObjectState, ConstantInitialContentHasNoStorePerByte) {
  ExprContext ctx;
  ExprRef zeros = ctx.constArray(ctx.bv(8, 0), 7);
  ObjectState big(400000, zeros);
  ExprRef v = ctx.var("v", expr::Sort::bv(8));
  big.writeByte(ctx, 1000, v);
  EXPECT_EQ(big.read(ctx, ctx.bv(64, 5), 1), ctx.bv(8, 0));
  EXPECT_EQ(big.read(ctx, ctx.bv(64, 1000), 1), v);
  EXPECT_FALSE(big.untouched(5, 1));
  ExprRef offset = ctx.var("offset", expr::Sort::bv(64));
  ExprRef r = big.read(ctx, offset, 1);
  ASSERT_EQ(r->kind(), Kind::Select);
  const expr::Expr *a = r->child(0);
  ASSERT_EQ(a->kind(), Kind::Store);
  EXPECT_EQ(a->child(0), zeros.get());
  expr::Assignment m;
  m.set(offset, expr::Value::ofBits(llvm::APInt(64, 77)));
  EXPECT_EQ(expr::evaluate(r, m)->bits.getZExtValue(), 0u);

  ObjectState table(1024, zeros);
  table.writeByte(ctx, 3, ctx.bv(8, 9));
  ExprRef t = table.read(ctx, offset, 1);
  EXPECT_FALSE(mentions(t.get(), Kind::Select));
  EXPECT_EQ(valueAt(t, offset, 3), 9u);
  EXPECT_EQ(valueAt(t, offset, 1000), 0u);
}

// How many stores a symbolic-offset access goes through: the written
// bytes of a large object, none for a small one or a written table, and
// the chain of one in array mode (its writes at symbolic offsets on top).
TEST(ObjectState, SymbolicAccessDepthCountsTheChain) {
  ExprContext ctx;
  ObjectState large(10000, ctx.arrayVar("large"));
  for (uint64_t k = 0; k < 300; ++k)
    large.writeByte(ctx, k, ctx.bv(8, 1));
  EXPECT_EQ(large.symbolicAccessDepth(), 300u);
  ExprRef offset = ctx.var("offset", expr::Sort::bv(64));
  large.write(ctx, offset, ctx.bv(32, 5));
  EXPECT_EQ(large.symbolicAccessDepth(), 304u);
  large.writeByte(ctx, 9000, ctx.bv(8, 2));
  EXPECT_EQ(large.symbolicAccessDepth(), 305u);
  ObjectState small(16, ctx.arrayVar("small"));
  small.writeByte(ctx, 3, ctx.bv(8, 1));
  EXPECT_EQ(small.symbolicAccessDepth(), 0u);
}

// The merge of two states of one object (seed 001 def. 7): where the
// guard holds, a's bytes; elsewhere b's; bytes both left alone stay the
// initial content, and bytes written alike stay as written.
TEST(ObjectState, MergedStatesReadAsGuardedUnions) {
  ExprContext ctx;
  ExprRef initial = ctx.arrayVar("o");
  ObjectState a(8, initial), b(8, initial);
  a.writeByte(ctx, 0, ctx.bv(8, 1));
  b.writeByte(ctx, 0, ctx.bv(8, 2));
  a.writeByte(ctx, 1, ctx.bv(8, 7));
  b.writeByte(ctx, 1, ctx.bv(8, 7));
  b.writeByte(ctx, 2, ctx.bv(8, 9)); // a keeps the initial byte
  ExprRef g = ctx.var("g", expr::Sort::boolean());
  std::shared_ptr<ObjectState> m = ObjectState::merged(ctx, g, a, b);
  ASSERT_TRUE(m);
  ExprRef first = m->read(ctx, ctx.bv(64, 0), 1);
  for (bool gv : {true, false}) {
    expr::Assignment asg;
    asg.set(g, expr::Value::ofBool(gv));
    EXPECT_EQ(expr::evaluate(first, asg)->bits.getZExtValue(), gv ? 1u : 2u);
  }
  EXPECT_EQ(m->read(ctx, ctx.bv(64, 1), 1), ctx.bv(8, 7));
  ExprRef third = m->read(ctx, ctx.bv(64, 2), 1);
  EXPECT_EQ(third, ctx.ite(g, a.read(ctx, ctx.bv(64, 2), 1), ctx.bv(8, 9)));
  EXPECT_TRUE(m->untouched(3, 5));
  EXPECT_EQ(m->read(ctx, ctx.bv(64, 3), 1), a.read(ctx, ctx.bv(64, 3), 1));
}

// Objects whose content is one array term (written at a symbolic offset),
// or that do not share their initial content, are not merged.
TEST(ObjectState, ArrayModeAndOtherContentAreNotMerged) {
  ExprContext ctx;
  ExprRef initial = ctx.arrayVar("o");
  ExprRef g = ctx.var("g", expr::Sort::boolean());
  // Larger than a small object, which writes at symbolic offsets as ites.
  ObjectState a(1024, initial), b(1024, initial);
  a.write(ctx, ctx.var("i", expr::Sort::bv(64)), ctx.bv(8, 1));
  EXPECT_FALSE(ObjectState::merged(ctx, g, a, b));
  ObjectState c(1024, ctx.arrayVar("other"));
  EXPECT_FALSE(ObjectState::merged(ctx, g, b, c));
}

} // namespace
} // namespace cosmo::memory
