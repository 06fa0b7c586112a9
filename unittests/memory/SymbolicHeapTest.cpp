//===- SymbolicHeapTest.cpp - seed 001's worked examples ------------------===//
//
// One test per example of seed 001 section 4 (fig. 2, fig. 4, example 1,
// example 2, fig. 5, listing 2), plus the encoding of LI cells and unions.
// Globals a, b, c, d, x, y are named locations at 0x1000, 0x1008, ...; the
// seed's concrete object 0x1 is an allocation at 0x20000 whose first field
// (Key, or A) is at offset 0 and second (Next, or B) at offset 8.
//
//===----------------------------------------------------------------------===//

#include "HeapTestSupport.h"

namespace cosmo::memory::testing {
namespace {

class SeedExamples : public HeapTest {
protected:
  ExprRef a = num(0x1000), b = num(0x1008), c = num(0x1010), d = num(0x1018);
  ExprRef x = num(0x1020), y = num(0x1028);
  ExprRef obj = num(0x20000); // the seed's 0x1
  static constexpr unsigned kFirst = 0, kSecond = 8;

  SymbolicHeap heapOf(std::initializer_list<std::pair<ExprRef, ExprRef>> cells) {
    SymbolicHeap h = emptyHeap(li);
    for (const auto &[l, v] : cells)
      h.write(l, v);
    return h;
  }
  static SymbolicHeap::Cells cellsOf(
      std::initializer_list<std::pair<ExprRef, ExprRef>> cells) {
    return SymbolicHeap::Cells(cells.begin(), cells.end());
  }
};

// Fig. 2: {x -> 42} o {x -> LI(x) + 1} = {x -> 43}.
TEST_F(SeedExamples, Fig2ComposeIncrementAfterAssignment) {
  SymbolicHeap f = heapOf({{x, num(42)}});
  SymbolicHeap g = heapOf({{x, ctx.add(LI(x), num(1))}});
  EXPECT_EQ(compose(f, g).cells(), cellsOf({{x, num(43)}}));
  // In the empty context the effect is unchanged: x -> LI(x) + 1.
  EXPECT_EQ(compose(emptyHeap(li), g).cells(), g.cells());
}

// Fig. 4: concrete (0x1.Key), named (a, c), field of LI (LI(b).Next) and
// LI of LI (LI(LI(d).Next)) locations and values.
TEST_F(SeedExamples, Fig4LocationKinds) {
  ExprRef objKey = field(obj, kFirst), objNext = field(obj, kSecond);
  SymbolicHeap s = emptyHeap(li);
  // 1. a := new {Key = 15, Next = null}
  s.write(a, obj);
  s.write(objKey, num(15));
  s.write(objNext, num(0));
  // 2. a.Next := a
  s.write(field(s.read(a), kSecond), s.read(a));
  // 3. b.Next := a
  s.write(field(s.read(b), kSecond), s.read(a));
  // 4. c := d.Next
  s.write(c, s.read(field(s.read(d), kSecond)));

  ExprRef bNext = field(LI(b), kSecond), dNext = field(LI(d), kSecond);
  std::vector<ExprRef> dom = s.domain();
  EXPECT_EQ(std::set<ExprRef>(dom.begin(), dom.end()),
            (std::set<ExprRef>{a, objKey, objNext, bNext, c}));
  // Exact even with aliasing: every candidate write stored the same value.
  EXPECT_EQ(s.lookup(a), obj);
  EXPECT_EQ(s.lookup(objNext), obj);

  // The figure reads the rest assuming that input memory does not alias
  // the fresh object or the globals, and that b and d do not alias.
  std::vector<ExprRef> fresh = {a, b, c, d, objKey, objNext};
  std::vector<ExprRef> noAlias;
  for (const ExprRef &in : {bNext, dNext})
    for (const ExprRef &l : fresh)
      noAlias.push_back(ctx.ne(in, l));
  std::vector<ExprRef> figure = noAlias;
  figure.push_back(ctx.ne(bNext, dNext));
  EXPECT_TRUE(provedEqual(s.lookup(objKey), num(15), noAlias));
  EXPECT_TRUE(provedEqual(s.lookup(bNext), obj, noAlias));
  EXPECT_TRUE(provedEqual(s.lookup(c), LI(dNext), figure));
  // Without the last assumption c may see the write through b.Next.
  std::vector<ExprRef> aliased = noAlias;
  aliased.push_back(ctx.eq(LI(b), LI(d)));
  EXPECT_TRUE(provedEqual(s.lookup(c), obj, aliased));
  EXPECT_FALSE(provedEqual(s.lookup(c), LI(dNext), noAlias));
}

// Example 1: sigma = {0x1.A -> 42; LI(x).B -> union(<LI(x).B = 0x1.A, 42>,
// <LI(x).B != 0x1.A, 7>)}, built by writing LI(x).B := 7, then 0x1.A := 42.
TEST_F(SeedExamples, Example1ReadThroughLILocations) {
  ExprRef objA = field(obj, kFirst);
  ExprRef xB = field(LI(x), kSecond), yB = field(LI(y), kSecond);
  SymbolicHeap s = heapOf({{xB, num(7)}, {objA, num(42)}});
  ExprRef xBisA = ctx.eq(xB, objA);
  GuardedValue xBArms[] = {{xBisA, num(42)}, {ctx.notE(xBisA), num(7)}};
  ExprRef xBValue = guardedUnion(ctx, xBArms);
  EXPECT_EQ(s.domain(), (std::vector<ExprRef>{objA, xB}));
  EXPECT_EQ(s.lookup(objA), num(42));
  EXPECT_TRUE(provedEqual(s.lookup(xB), xBValue));

  // read(sigma, 0x1.A) = 42.
  EXPECT_EQ(s.read(objA), num(42));

  // read(sigma, LI(y).B), first as definition 3 writes it ...
  ExprRef yBisA = ctx.eq(yB, objA), yBisXB = ctx.eq(yB, xB);
  GuardedValue byDefinition[] = {
      {yBisA, num(42)},
      {yBisXB, xBValue},
      {ctx.andE(ctx.notE(yBisA), ctx.notE(yBisXB)), LI(yB)}};
  // ... and after statement 1.
  GuardedValue simplified[] = {
      {yBisA, num(42)},
      {ctx.andE(yBisXB, ctx.notE(xBisA)), num(7)},
      {ctx.andE(ctx.notE(yBisA), ctx.notE(yBisXB)), LI(yB)}};
  ExprRef read = s.read(yB);
  EXPECT_TRUE(provedEqual(read, guardedUnion(ctx, byDefinition)));
  EXPECT_TRUE(provedEqual(read, guardedUnion(ctx, simplified)));
  EXPECT_FALSE(provedEqual(read, LI(yB)));
}

// Example 2: {x -> 42; y -> 7} o {y -> LI(x) - LI(y)} = {x -> 42; y -> 35}.
TEST_F(SeedExamples, Example2Composition) {
  SymbolicHeap s = heapOf({{x, num(42)}, {y, num(7)}});
  SymbolicHeap t = heapOf({{y, ctx.sub(LI(x), LI(y))}});
  EXPECT_EQ(compose(s, t).cells(), cellsOf({{x, num(42)}, {y, num(35)}}));
}

// Fig. 5: reading x after G from the composition equals refining G's read.
TEST_F(SeedExamples, Fig5ReadFromComposition) {
  ExprRef objKey = field(obj, kFirst);
  // F: a := new {Key = 10};  G: x := a.Key + 5.
  SymbolicHeap f = heapOf({{a, obj}, {objKey, num(10)}});
  SymbolicHeap g = heapOf({{x, ctx.add(LI(field(LI(a), kFirst)), num(5))}});
  EXPECT_EQ(g.read(x), ctx.add(LI(field(LI(a), kFirst)), num(5)));
  EXPECT_EQ(refine(f, g.read(x)), num(15));
  SymbolicHeap fg = compose(f, g);
  EXPECT_EQ(fg.cells(), cellsOf({{a, obj}, {objKey, num(10)}, {x, num(15)}}));
  EXPECT_EQ(fg.read(refine(f, x)), num(15));
}

// Listing 2: Abs = merge(<LI(x) >= 0, epsilon>, <!(LI(x) >= 0), {x -> -LI(x)}>).
TEST_F(SeedExamples, Listing2AbsAsMerge) {
  ExprRef nonNegative = ctx.sge(LI(x), num(0));
  SymbolicHeap negate = heapOf({{x, ctx.neg(LI(x))}});
  GuardedHeap arms[] = {{nonNegative, emptyHeap(li)},
                        {ctx.notE(nonNegative), negate}};
  SymbolicHeap abs = merge(arms);
  EXPECT_EQ(abs.domain(), std::vector<ExprRef>{x});
  EXPECT_EQ(abs.read(x), ctx.ite(nonNegative, LI(x), ctx.neg(LI(x))));
  // Composed into concrete contexts it computes |x|.
  EXPECT_EQ(compose(heapOf({{x, num(-5)}}), abs).read(x), num(5));
  EXPECT_EQ(compose(heapOf({{x, num(3)}}), abs).read(x), num(3));
  // It never yields a negative value except for INT64_MIN (two's complement).
  ExprRef notMin = ctx.ne(LI(x), num(INT64_MIN));
  EXPECT_TRUE(proved(ctx.slt(abs.read(x), num(0)), {notMin},
                     [&] { return abs.str(); }));
}

//===--- The encoding -----------------------------------------------------===//

TEST_F(HeapTest, LICellIsAFunctionOfItsLocation) {
  ExprRef p = ctx.var("p", Sort::bv(64)), q = ctx.var("q", Sort::bv(64));
  EXPECT_EQ(li.locationOf(LI(p)), p);
  EXPECT_FALSE(li.locationOf(p));
  EXPECT_FALSE(li.locationOf(ctx.extract(LI(p), 31, 0)));
  EXPECT_EQ(li.print(ctx.add(LI(field(LI(p), 8)), num(1))),
            "(bvadd 1 LI((bvadd 8 LI(p))))");
  // Equal locations, equal cells -- also when the terms differ.
  EXPECT_TRUE(provedEqual(LI(p), LI(q), {ctx.eq(p, q)}));
  EXPECT_TRUE(provedEqual(LI(field(p, 8)), LI(q), {ctx.eq(ctx.add(p, num(8)), q)}));
  EXPECT_FALSE(provedEqual(LI(p), LI(q)));
  // Property (6): LI(union(<g, p>, <!g, q>)) = union(<g, LI(p)>, <!g, LI(q)>).
  ExprRef g = ctx.slt(LI(p), LI(q));
  EXPECT_TRUE(provedEqual(LI(ctx.ite(g, p, q)), ctx.ite(g, LI(p), LI(q))));
}

TEST_F(HeapTest, RefinementSeesCellBytesTheBuilderSplitOff) {
  ExprRef p = num(0x1000);
  SymbolicHeap s = emptyHeap(li);
  s.write(p, num(0x0102030405060708));
  // eq(k, LI(p)) becomes one equation per byte; extract picks one byte.
  EXPECT_EQ(refine(s, ctx.eq(num(0x0102030405060708), LI(p))), ctx.trueE());
  EXPECT_EQ(refine(s, ctx.eq(num(0x0102030405060709), LI(p))), ctx.falseE());
  EXPECT_EQ(refine(s, ctx.extract(LI(p), 15, 8)), ctx.bv(8, 7));
  EXPECT_EQ(refine(s, ctx.zext(ctx.trunc(LI(p), 32), 64)), num(0x05060708));
  // Other cells are untouched by a concrete location, the rest stays LI.
  ExprRef q = num(0x1008);
  EXPECT_EQ(refine(s, ctx.add(LI(p), LI(q))),
            ctx.add(num(0x0102030405060708), LI(q)));
}

TEST_F(HeapTest, RefinementFillsLocationsThenReads) {
  // Def. 4 item 4: sigma * LI(LI(a) + 8) = read(sigma, sigma * (LI(a) + 8)).
  ExprRef a = num(0x1000), obj = num(0x20000);
  SymbolicHeap s = emptyHeap(li);
  s.write(a, obj);
  EXPECT_EQ(refine(s, LI(field(LI(a), 8))), LI(field(obj, 8)));
  s.write(field(obj, 8), num(99));
  EXPECT_EQ(refine(s, LI(field(LI(a), 8))), num(99));
  // An unknown location reads through every cell it may alias.
  ExprRef p = ctx.var("p", Sort::bv(64));
  EXPECT_TRUE(provedEqual(refine(s, LI(p)), num(99), {ctx.eq(p, num(0x20008))}));
  EXPECT_TRUE(provedEqual(refine(s, LI(p)), LI(p),
                          {ctx.ne(p, a), ctx.ne(p, num(0x20008))}));
}

TEST_F(HeapTest, Statement1UnionSimplifications) {
  ExprRef p = LI(num(0x1000)), q = LI(num(0x1008));
  ExprRef g1 = ctx.slt(p, num(0)), g2 = ctx.eq(p, num(0));
  ExprRef g3 = ctx.andE(ctx.notE(g1), ctx.notE(g2));
  ExprRef v = num(7), w = num(8);
  // (a) union(<true, v>) = v.
  GuardedValue a[] = {{ctx.trueE(), v}};
  EXPECT_EQ(guardedUnion(ctx, a), v);
  // (b) false guards vanish.
  GuardedValue b[] = {{ctx.falseE(), w}, {g1, v}, {ctx.falseE(), q}};
  EXPECT_EQ(guardedUnion(ctx, b, p), ctx.ite(g1, v, p));
  // (c) equal values join under the disjunction of their guards.
  GuardedValue c[] = {{g1, v}, {g2, w}, {g3, v}};
  EXPECT_EQ(guardedUnion(ctx, c, q), ctx.ite(ctx.orE(g1, g3), v, ctx.ite(g2, w, q)));
  GuardedValue c2[] = {{g1, v}, {g2, v}};
  EXPECT_EQ(guardedUnion(ctx, c2), v);
  // The seed's remark: union(<x+5 = y+4, 7>, <false, 42>) = union(<x+1 = y, 7>)
  // -- partial unions, equal where they are defined. Without a default the
  // last arm is the default here, false guard or not, so the two agree
  // under x + 1 = y.
  ExprRef sx = ctx.var("sx", Sort::bv(64)), sy = ctx.var("sy", Sort::bv(64));
  ExprRef defined = ctx.eq(ctx.add(sx, num(1)), sy);
  GuardedValue lhs[] = {{ctx.eq(ctx.add(sx, num(5)), ctx.add(sy, num(4))), v},
                        {ctx.falseE(), num(42)}};
  GuardedValue rhs[] = {{defined, v}};
  EXPECT_EQ(guardedUnion(ctx, rhs), v);
  EXPECT_TRUE(provedEqual(guardedUnion(ctx, lhs), guardedUnion(ctx, rhs), {defined}));
  // With an explicit default, false arms go: union(<false, 42>) else d = d.
  GuardedValue onlyFalse[] = {{ctx.falseE(), num(42)}};
  EXPECT_EQ(guardedUnion(ctx, onlyFalse, q), q);
}

TEST_F(HeapTest, WriteUpdatesEveryCellThatMayAlias) {
  ExprRef a = num(0x1000), b = num(0x1008), p = LI(num(0x1010));
  SymbolicHeap s = emptyHeap(li);
  s.write(a, num(1));
  s.write(b, num(2));
  s.write(p, num(3));
  // Distinct constants fold; the symbolic location guards every cell.
  EXPECT_EQ(s.lookup(a)->kind(), expr::Kind::Ite);
  EXPECT_TRUE(provedEqual(s.lookup(a), ctx.ite(ctx.eq(a, p), num(3), num(1))));
  EXPECT_EQ(s.lookup(p), num(3));
  s.write(a, num(4));
  EXPECT_EQ(s.lookup(a), num(4));
  EXPECT_TRUE(provedEqual(s.lookup(b), ctx.ite(ctx.eq(b, p), num(3), num(2))));
  EXPECT_TRUE(provedEqual(s.read(a), num(4)));
  EXPECT_TRUE(provedEqual(s.read(p), ctx.ite(ctx.eq(a, p), num(4), num(3))));
  // Fields of one base are told apart without the solver.
  ExprRef q = LI(num(0x1018));
  s.write(field(q, 8), num(5));
  s.write(q, num(6));
  EXPECT_EQ(s.lookup(field(q, 8)), num(5));
}

TEST_F(HeapTest, ReadAtUnionOfAddressesIsUnionOfReads) {
  // Theorem 11: a pointer that is one of two globals reads exactly.
  ExprRef a = num(0x1000), b = num(0x1008);
  SymbolicHeap s = emptyHeap(li);
  s.write(a, num(1));
  s.write(b, num(2));
  ExprRef g = ctx.slt(LI(num(0x1010)), num(0));
  EXPECT_EQ(s.read(ctx.ite(g, a, b)), ctx.ite(g, num(1), num(2)));
  // ... also a field of it: ite(g, a, b) + 8 is ite(g, b, b + 8).
  EXPECT_EQ(s.read(field(ctx.ite(g, a, b), 8)),
            ctx.ite(g, num(2), LI(num(0x1010))));
}

TEST_F(HeapTest, CompositionDomainIsEquation3) {
  // dom(s o t) = dom(s) u s * dom(t).
  ExprRef a = num(0x1000), obj = num(0x20000);
  SymbolicHeap s = emptyHeap(li), t = emptyHeap(li);
  s.write(a, obj);
  t.write(field(LI(a), 8), num(1));
  t.write(num(0x1010), LI(num(0x1010)));
  std::vector<ExprRef> dom = compose(s, t).domain();
  EXPECT_EQ(std::set<ExprRef>(dom.begin(), dom.end()),
            (std::set<ExprRef>{a, field(obj, 8), num(0x1010)}));
}

TEST(LICellsWidths, NarrowHeapsUseFewerLanes) {
  ExprContext ctx;
  LICells bytes(ctx, 8), words(ctx, 32);
  ExprRef l = ctx.bv(64, 0x1000);
  EXPECT_EQ(bytes.lanes().size(), 1u);
  EXPECT_EQ(bytes.cell(l)->kind(), expr::Kind::Select);
  EXPECT_EQ(words.cell(l)->width(), 32u);
  EXPECT_EQ(words.locationOf(words.cell(l)), l);
  EXPECT_FALSE(bytes.locationOf(words.cell(l)));
  SymbolicHeap s = emptyHeap(words);
  s.write(l, ctx.bv(32, 5));
  SymbolicHeap t = emptyHeap(words);
  t.write(l, ctx.add(words.cell(l), ctx.bv(32, 1)));
  EXPECT_EQ(compose(s, t).read(l), ctx.bv(32, 6));
}


// The way a call's effect is composed (SummaryComposer): paths' heaps over
// concrete addresses, merged under their guards, then composed after the
// caller's heap at the written addresses. A byte every path writes is the
// union of their values; a byte one path writes keeps the caller's value
// on the others (LI(x) refined by the caller's heap).
TEST_F(HeapTest, CallEffectOverConcreteAddresses) {
  ExprRef x = num(0x20000), y = num(0x20008);
  ExprRef g1 = ctx.var("g1", Sort::boolean());
  ExprRef v1 = ctx.var("v1", Sort::bv(64)), v2 = ctx.var("v2", Sort::bv(64));
  ExprRef w = ctx.var("w", Sort::bv(64));
  SymbolicHeap path1 = emptyHeap(li), path2 = emptyHeap(li);
  path1.write(x, v1);
  path1.write(y, w);
  path2.write(x, v2);
  EXPECT_TRUE(path1.concrete());
  GuardedHeap arms[] = {{g1, path1}, {ctx.notE(g1), path2}};
  SymbolicHeap effect = merge(arms);
  EXPECT_EQ(effect.lookup(x), ctx.ite(g1, v1, v2));
  EXPECT_EQ(effect.lookup(y), ctx.ite(g1, w, LI(y)));

  ExprRef oldX = ctx.var("oldX", Sort::bv(64)), oldY = ctx.var("oldY", Sort::bv(64));
  SymbolicHeap caller = emptyHeap(li);
  caller.write(x, oldX);
  caller.write(y, oldY);
  SymbolicHeap after = compose(caller, effect);
  EXPECT_EQ(after.lookup(x), ctx.ite(g1, v1, v2));
  EXPECT_EQ(after.lookup(y), ctx.ite(g1, w, oldY));
  EXPECT_EQ(after.size(), 2u);
}

// A heap of constant locations reads and writes by lookup; once a symbolic
// location joins it, a write at a constant guards that cell again.
TEST_F(HeapTest, ConstantLocationsUntilASymbolicOne) {
  ExprRef x = num(0x20000), y = num(0x20008);
  ExprRef p = LI(num(0x1000));
  SymbolicHeap h = emptyHeap(li);
  h.write(x, num(1));
  EXPECT_EQ(h.read(y), LI(y));
  h.write(p, num(2));
  EXPECT_FALSE(h.concrete());
  // ite(x = p, 2, 1) and, after y := 3, p's cell ite(y = p, 3, 2).
  auto isGuarded = [](const ExprRef &e, const ExprRef &then,
                      const ExprRef &otherwise) {
    return e->kind() == expr::Kind::Ite && e->child(1) == then.get() &&
           e->child(2) == otherwise.get();
  };
  EXPECT_TRUE(isGuarded(h.lookup(x), num(2), num(1)));
  h.write(y, num(3));
  EXPECT_TRUE(isGuarded(h.lookup(p), num(3), num(2)));
  EXPECT_EQ(h.lookup(y), num(3));
}

} // namespace
} // namespace cosmo::memory::testing
