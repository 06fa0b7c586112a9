//===- CellIndexedTest.cpp - relations over arrays as relations over cells -===//
//
// src/solver/horn/CellIndexed.h: a relation over a byte array becomes one
// over a cell's offset and fields. These tests build the systems a loop
// over an array of structs gives (the list nodes of seed 001's listing 3
// laid out one after the other, as a loop that allocates them makes them)
// and check the translation's shape, that what it proves is proved, and
// that it never proves what is not so.
//
//===----------------------------------------------------------------------===//

#include "ByteArrayTerms.h"
#include "horn/CellIndexed.h"

#include "cosmo/expr/Transform.h"
#include "cosmo/solver/Horn.h"

#include <gtest/gtest.h>

#include <functional>

namespace cosmo::solver {
namespace {

using expr::Sort;

/// Whether constant `k` occurs in `e`.
bool mentions(const ExprRef &e, uint64_t k) {
  std::vector<const expr::Expr *> todo{e.get()};
  while (!todo.empty()) {
    const expr::Expr *x = todo.back();
    todo.pop_back();
    if (x->kind() == expr::Kind::BVConst && x->bvValue() == k)
      return true;
    for (unsigned c = 0; c < x->numChildren(); ++c)
      todo.push_back(x->child(c));
  }
  return false;
}

class CellIndexedTest : public ::testing::Test {
public:
  ExprRef bv32(const char *name) { return ctx.var(name, Sort::bv(32)); }
  ExprRef k32(int64_t v) { return ctx.bv(32, static_cast<uint64_t>(v)); }
  ExprRef k64(uint64_t v) { return ctx.bv(64, v); }
  ExprRef read4(const ExprRef &a, const ExprRef &off) {
    return testing::readBytes(ctx, a, off, 4);
  }
  ExprRef write4(const ExprRef &a, const ExprRef &off, const ExprRef &v) {
    return testing::writeBytes(ctx, a, off, v);
  }
  /// Byte offset of node `i` (a 32-bit index) in cells of `stride` bytes.
  ExprRef node(const ExprRef &i, uint64_t stride) {
    return ctx.mul(k64(stride), ctx.sext(i, 64));
  }

  /// for (i = 0; i < n; i++) a = written(a, i); then the error: some node
  /// j < n (j <= n with `checkPastEnd`) where bad(a, j) holds. The index
  /// and bound are 32-bit, k a free 32-bit value the writes may use.
  HornSystem writeThenCheck(
      const std::function<ExprRef(const ExprRef &, const ExprRef &)> &written,
      const std::function<ExprRef(const ExprRef &, const ExprRef &)> &bad,
      bool checkPastEnd = false) {
    HornSystem h;
    size_t inv = h.addRelation("build",
                               {Sort::array(), Sort::bv(32), Sort::bv(32)});
    ExprRef a = ctx.arrayVar("a"), i = bv32("i"), n = bv32("n"),
            j = bv32("j");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {a, k32(0), n}}});
    h.addClause({{HornAtom{inv, {a, i, n}}},
                 ctx.slt(i, n),
                 HornAtom{inv, {written(a, i), ctx.add(i, k32(1)), n}}});
    h.addClause({{HornAtom{inv, {a, i, n}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.notE(ctx.slt(i, n)), ctx.sle(k32(0), j),
                     checkPastEnd ? ctx.sle(j, n) : ctx.slt(j, n), bad(a, j)}),
                 std::nullopt});
    return h;
  }

  /// for (i = 0; i < n; i++) { node[i].key = in range ? k : 0;
  /// node[i].next = i - 1; } then the error: some node j < n whose key
  /// is `bad` (a key of node j at or past `limit` when `limit` is given,
  /// else node j's next not j - 1). Nodes of `stride` bytes, key at 0,
  /// next at 4.
  HornSystem buildThenCheck(uint64_t stride, bool checkKeys, int64_t limit,
                            bool checkPastEnd = false) {
    ExprRef k = bv32("k");
    ExprRef key = ctx.ite(ctx.andE(ctx.sle(k32(0), k), ctx.slt(k, k32(100))),
                          k, k32(0));
    return writeThenCheck(
        [&](const ExprRef &a, const ExprRef &i) {
          ExprRef at = node(i, stride);
          return write4(write4(a, at, key), ctx.add(at, k64(4)),
                        ctx.sub(i, k32(1)));
        },
        [&](const ExprRef &a, const ExprRef &j) {
          return checkKeys
                     ? ctx.sle(k32(limit), read4(a, node(j, stride)))
                     : ctx.ne(read4(a, ctx.add(node(j, stride), k64(4))),
                              ctx.sub(j, k32(1)));
        },
        checkPastEnd);
  }

  /// Nodes of 16 bytes (key at 0, next at 8) from offset 16 on, each
  /// linked to the one before as a loop that allocates them links them:
  /// for (i = 0; i < n; i++) { node = 16 * i + 16; node->next = last;
  /// last = node; } then the error: node j < n (j <= n with `pastEnd`)
  /// whose link is not 16 * j (0 for the first).
  HornSystem linkThenCheck(bool pastEnd) {
    HornSystem h;
    size_t inv = h.addRelation(
        "link", {Sort::array(), Sort::bv(32), Sort::bv(32), Sort::bv(64)});
    ExprRef a = ctx.arrayVar("a"), i = bv32("i"), n = bv32("n"),
            j = bv32("j"), last = ctx.var("last", Sort::bv(64));
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {a, k32(0), n, k64(0)}}});
    ExprRef at = ctx.add(node(i, 16), k64(16));
    ExprRef linked = testing::writeBytes(ctx, a, ctx.add(at, k64(8)), last);
    h.addClause({{HornAtom{inv, {a, i, n, last}}},
                 ctx.slt(i, n),
                 HornAtom{inv, {linked, ctx.add(i, k32(1)), n, at}}});
    ExprRef next = testing::readBytes(
        ctx, a, ctx.add(ctx.add(node(j, 16), k64(16)), k64(8)), 8);
    ExprRef expected = ctx.ite(ctx.eq(j, k32(0)), k64(0), node(j, 16));
    h.addClause({{HornAtom{inv, {a, i, n, last}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.notE(ctx.slt(i, n)), ctx.sle(k32(0), j),
                     pastEnd ? ctx.sle(j, n) : ctx.slt(j, n),
                     ctx.ne(next, expected)}),
                 std::nullopt});
    return h;
  }

  /// Seed 001's listing 3 as cosmo's node regions give it: a builder
  /// allocates cells of 16 bytes at 4096 + 16 * c (key at 0, next at 8),
  /// the key in [0, `keyBound`), the link the last node's address (0 at
  /// first), the last node carried in units of a cell (`16 * last` is its
  /// address); then a walker from the last node asserts each key below 100
  /// and increments it, its pointer also in units, a node's address read
  /// from a link divided by 16. Both clauses know what the executor
  /// assumes of a node pointer: null or the address of a cell. With
  /// `unlinkEach`, the walker also nulls the link of the node it leaves.
  HornSystem buildThenWalk(int64_t keyBound, bool unlinkEach = false) {
    HornSystem h;
    size_t build = h.addRelation(
        "build", {Sort::array(), Sort::bv(64), Sort::bv(64), Sort::bv(64)});
    size_t walk = h.addRelation(
        "walk", {Sort::bv(64), Sort::array(), Sort::bv(64)});
    ExprRef a = ctx.arrayVar("a"), b = ctx.arrayVar("b");
    ExprRef cells = ctx.var("cells", Sort::bv(64)),
            n = ctx.var("n", Sort::bv(64)),
            last = ctx.var("last", Sort::bv(64)),
            at = ctx.var("at", Sort::bv(64)), k = bv32("k");
    auto isNode = [&](const ExprRef &address, const ExprRef &count) {
      return ctx.andE(
          ctx.ule(count, k64(1000)),
          ctx.orE(ctx.eq(address, k64(0)),
                  ctx.andAll(std::vector<ExprRef>{
                      ctx.uge(address, k64(4096)),
                      ctx.ult(address,
                              ctx.add(k64(4096), ctx.mul(count, k64(16)))),
                      ctx.eq(ctx.urem(address, k64(16)), k64(0))})));
    };
    h.addClause({{}, ctx.ule(n, k64(1000)),
                 HornAtom{build, {a, k64(0), n, k64(0)}}});
    ExprRef cell = ctx.mul(cells, k64(16));
    ExprRef key = ctx.ite(ctx.andE(ctx.sle(k32(0), k), ctx.slt(k, k32(keyBound))),
                          k, k32(0));
    ExprRef built = testing::writeBytes(
        ctx, write4(a, cell, key), ctx.add(cell, k64(8)),
        ctx.mul(k64(16), last));
    h.addClause({{HornAtom{build, {a, cells, n, last}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.ult(cells, n), isNode(ctx.mul(k64(16), last), cells)}),
                 HornAtom{build, {built, ctx.add(cells, k64(1)), n,
                                  ctx.add(k64(256), cells)}}});
    h.addClause({{HornAtom{build, {a, cells, n, last}}},
                 ctx.andE(ctx.uge(cells, n),
                          isNode(ctx.mul(k64(16), last), cells)),
                 HornAtom{walk, {cells, a, last}}});
    // The walker: at the cell of `16 * at`.
    ExprRef offset = ctx.sub(ctx.mul(k64(16), at), k64(4096));
    ExprRef next = testing::readBytes(ctx, b, ctx.add(offset, k64(8)), 8);
    ExprRef here = read4(b, offset);
    ExprRef incremented = write4(b, offset, ctx.add(here, k32(1)));
    h.addClause({{HornAtom{walk, {cells, b, at}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.ne(ctx.mul(k64(16), at), k64(0)),
                     isNode(ctx.mul(k64(16), at), cells), isNode(next, cells),
                     ctx.notE(ctx.sle(k32(100), here))}),
                 HornAtom{walk,
                          {cells,
                           unlinkEach
                               ? testing::writeBytes(ctx, incremented,
                                                     ctx.add(offset, k64(8)),
                                                     k64(0))
                               : incremented,
                           ctx.udiv(next, k64(16))}}});
    h.addClause({{HornAtom{walk, {cells, b, at}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.ne(ctx.mul(k64(16), at), k64(0)),
                     isNode(ctx.mul(k64(16), at), cells),
                     ctx.sle(k32(100), here)}),
                 std::nullopt});
    return h;
  }

  /// for (i = 0; i < n; i++) { e[i].key = a[i].key = in range ? k : 0 }
  /// (with `clampE` false, e's key is k itself), then the error: node j of e
  /// or node m of a (both below n) with a key of 100 or more. Two arrays of
  /// one relation, as a walk's over the list as built and as it is now.
  HornSystem twoArrays(bool clampE) {
    HornSystem h;
    size_t inv = h.addRelation(
        "two", {Sort::array(), Sort::array(), Sort::bv(32), Sort::bv(32)});
    ExprRef e = ctx.arrayVar("e"), a = ctx.arrayVar("a"), i = bv32("i"),
            n = bv32("n"), k = bv32("k"), j = bv32("j"), m = bv32("m");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {e, a, k32(0), n}}});
    ExprRef key = ctx.ite(ctx.andE(ctx.sle(k32(0), k), ctx.slt(k, k32(100))),
                          k, k32(0));
    ExprRef at = node(i, 8);
    h.addClause({{HornAtom{inv, {e, a, i, n}}},
                 ctx.slt(i, n),
                 HornAtom{inv, {write4(e, at, clampE ? key : k),
                                write4(a, at, key), ctx.add(i, k32(1)), n}}});
    h.addClause(
        {{HornAtom{inv, {e, a, i, n}}},
         ctx.andAll(std::vector<ExprRef>{
             ctx.notE(ctx.slt(i, n)), ctx.sle(k32(0), j), ctx.slt(j, n),
             ctx.sle(k32(0), m), ctx.slt(m, n),
             ctx.orE(ctx.sle(k32(100), read4(e, node(j, 8))),
                     ctx.sle(k32(100), read4(a, node(m, 8))))}),
         std::nullopt});
    return h;
  }

  expr::ExprContext ctx;
};

TEST_F(CellIndexedTest, AWalkDownTheNodesABuilderLinkedIsProvedOverCells) {
  // Keys below 100: the walk's assertion holds for every list; below 101,
  // a key of 100 fails it.
  for (int64_t bound : {100, 101}) {
    HornOptions o;
    o.timeoutSeconds = 20;
    HornAnswer a = solveOverCells(ctx, buildThenWalk(bound), o);
    EXPECT_EQ(a.status == HornAnswer::Safe, bound == 100)
        << bound << ": " << a.reason;
  }
}

TEST_F(CellIndexedTest, ARelationOverNodesBecomesOneOverANodesFields) {
  std::string why;
  auto cells = indexByCell(ctx, buildThenCheck(8, true, 100), why);
  ASSERT_TRUE(cells) << why;
  ASSERT_EQ(cells->views.size(), 1u);
  ASSERT_EQ(cells->views[0].size(), 1u);
  EXPECT_EQ(cells->views[0][0].stride, 8u);
  EXPECT_EQ(cells->views[0][0].fields,
            (std::vector<std::pair<unsigned, unsigned>>{{0, 4}, {4, 4}}));
  // (cell, key, next, i, n): no array left anywhere.
  const HornRelation &r = cells->system.relations()[0];
  ASSERT_EQ(r.args.size(), 5u);
  EXPECT_EQ(r.args[0], Sort::bv(64));
  for (const Sort &s : r.args)
    EXPECT_FALSE(s.isArray());
  for (const HornClause &c : cells->system.clauses())
    for (const ExprRef &v : HornSystem::variablesOf(c))
      EXPECT_FALSE(v->sort().isArray()) << v->name();
  // The query reads one node: its body has that node's instance.
  EXPECT_EQ(cells->system.clauses()[2].body.size(), 1u);
}

TEST_F(CellIndexedTest, KeysBelowTheirBoundInEveryNodeAreProvedOverCells) {
  std::string why;
  HornSystem original = buildThenCheck(8, true, 100);
  auto cells = indexByCell(ctx, original, why);
  ASSERT_TRUE(cells) << why;
  HornOptions o;
  o.timeoutSeconds = 30;
  HornAnswer back = solveOverCells(ctx, original, o);
  ASSERT_EQ(back.status, HornAnswer::Safe) << back.reason;
  EXPECT_TRUE(back.method.starts_with(kCellMethodPrefix));
  ASSERT_EQ(back.quantified.size(), 1u);
  ASSERT_FALSE(back.quantified[0].empty());
  // The quantified conjuncts are over the node's offset, and some read
  // the original array there.
  bool readsArray = false;
  for (const HornAnswer::Quantified &q : back.quantified[0]) {
    ASSERT_EQ(q.bound.size(), 1u);
    for (const ExprRef &v : expr::freeVariables(q.body))
      readsArray |= v == original.argument(ctx, 0, 0);
  }
  EXPECT_TRUE(readsArray);
}

TEST_F(CellIndexedTest, TheLinkOfEveryNodeIsProvedOverCells) {
  HornOptions o;
  o.timeoutSeconds = 30;
  HornAnswer a = solveOverCells(ctx, linkThenCheck(false), o);
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  // Past the last node, the link is not the previous node's.
  EXPECT_NE(solveOverCells(ctx, linkThenCheck(true), o).status,
            HornAnswer::Safe);
}

// for (i = 0; i < n; i++) a[i] = i; then a[j] != j for some j < n (j <= n:
// reachable, a[n] is anything).
TEST_F(CellIndexedTest, ACellHoldingItsOwnIndexIsProvedOverCells) {
  for (bool pastEnd : {false, true}) {
    HornSystem h;
    size_t inv =
        h.addRelation("index", {Sort::array(), Sort::bv(32), Sort::bv(32)});
    ExprRef a = ctx.arrayVar("a"), i = bv32("i"), n = bv32("n"),
            j = bv32("j");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {a, k32(0), n}}});
    h.addClause({{HornAtom{inv, {a, i, n}}},
                 ctx.slt(i, n),
                 HornAtom{inv, {write4(a, node(i, 4), i), ctx.add(i, k32(1)),
                                n}}});
    h.addClause({{HornAtom{inv, {a, i, n}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.notE(ctx.slt(i, n)), ctx.sle(k32(0), j),
                     pastEnd ? ctx.sle(j, n) : ctx.slt(j, n),
                     ctx.ne(read4(a, node(j, 4)), j)}),
                 std::nullopt});
    HornOptions o;
    o.timeoutSeconds = 30;
    HornAnswer answer = solveOverCells(ctx, h, o);
    EXPECT_EQ(answer.status == HornAnswer::Safe, !pastEnd) << answer.reason;
  }
}

TEST_F(CellIndexedTest, AReachableErrorIsNeverProvedOverCells) {
  // Keys are below 100, so a key of 99 is reachable; and node n is never
  // written, so its link is anything.
  for (auto [keys, limit, pastEnd] :
       {std::tuple{true, 99, false}, std::tuple{false, 0, true}}) {
    std::string why;
    HornSystem original = buildThenCheck(8, keys, limit, pastEnd);
    auto cells = indexByCell(ctx, original, why);
    ASSERT_TRUE(cells) << why;
    HornOptions o;
    o.timeoutSeconds = 10;
    EXPECT_NE(solveOverCells(ctx, original, o).status, HornAnswer::Safe);
    EXPECT_NE(solveHorn(ctx, original, o).status, HornAnswer::Safe);
  }
}

TEST_F(CellIndexedTest, ALaterQuestionTakesTheStepsAnEarlierOneShowed) {
  // Two questions about one loop: the second takes the first's Houdini
  // steps (the loop's iteration keeps the same candidates) instead of
  // checking them again.
  ShownSteps shown;
  HornOptions o;
  o.timeoutSeconds = 30;
  o.shownSteps = &shown;
  HornSystem keys = buildThenCheck(8, true, 100);
  ASSERT_EQ(solveOverCells(ctx, keys, o).status, HornAnswer::Safe);
  ASSERT_FALSE(shown.steps.empty());
  EXPECT_EQ(shown.reused, 0u);
  size_t steps = shown.steps.size();
  HornAnswer again = solveOverCells(ctx, keys, o);
  EXPECT_EQ(again.status, HornAnswer::Safe) << again.reason;
  EXPECT_GT(shown.reused, 0u);
  EXPECT_EQ(shown.steps.size(), steps);
  // Steps are facts about clauses, not verdicts: a reachable error past
  // the same loop is still not proved unreachable with them.
  for (auto [limit, pastEnd] : {std::pair{99, false}, std::pair{100, true}})
    EXPECT_NE(solveOverCells(ctx, buildThenCheck(8, true, limit, pastEnd), o)
                  .status,
              HornAnswer::Safe)
        << limit;
}

TEST_F(CellIndexedTest, AViewsEarlierInvariantsAreCheckedAloneFirst) {
  // The walk down a built list over the successor view, proved with its
  // templates; a later question over the view (HornOptions::earlierAlone,
  // as CellRoutes offers a view's last answer) is decided by that
  // answer's invariants alone.
  std::string why;
  auto single = indexByCell(ctx, buildThenWalk(100), why);
  ASSERT_TRUE(single) << why;
  std::vector<CellLink> links = cellLinks(*single);
  ASSERT_FALSE(links.empty());
  auto viewOf = [&](int64_t bound) {
    return indexByCell(ctx, buildThenWalk(bound), why,
                       CellExtras{links[0], {}});
  };
  auto linked = viewOf(100);
  ASSERT_TRUE(linked) << why;
  std::map<std::string, std::vector<ExprRef>> templates =
      cellTemplates(ctx, buildThenWalk(100), *linked);
  HornOptions o;
  o.timeoutSeconds = 20;
  o.templates = &templates;
  o.templatesOnly = true;
  HornAnswer first = solveHorn(ctx, linked->system, o);
  ASSERT_EQ(first.status, HornAnswer::Safe) << first.reason;
  std::map<std::string, std::vector<ExprRef>> earlier;
  for (size_t r = 0; r < first.invariants.size(); ++r)
    if (first.invariants[r])
      earlier[linked->system.relations()[r].name].push_back(
          first.invariants[r]);
  ASSERT_TRUE(earlier.count("walk"));
  o.earlier = &earlier;
  o.earlierAlone = true;
  HornAnswer again = solveHorn(ctx, linked->system, o);
  EXPECT_EQ(again.status, HornAnswer::Safe) << again.reason;
  EXPECT_EQ(again.method, "earlier invariants checked over bit-vectors");
  // Candidates, never trusted: with keys up to 100 the walk's assertion
  // fails, and neither the kept invariants (keys below 100) nor the
  // templates prove it.
  auto failing = viewOf(101);
  ASSERT_TRUE(failing) << why;
  std::map<std::string, std::vector<ExprRef>> its =
      cellTemplates(ctx, buildThenWalk(101), *failing);
  o.templates = &its;
  EXPECT_NE(solveHorn(ctx, failing->system, o).status, HornAnswer::Safe);
}

// The successor view (a node with the node it links to) is an
// over-approximation as single cells are: with its own templates it
// proves the walk whose keys are below 100, and with them or with Spacer
// alone never the walk that meets a key of 100.
TEST_F(CellIndexedTest, ASuccessorViewProvesOnlyWhatHolds) {
  std::string why;
  auto single = indexByCell(ctx, buildThenWalk(100), why);
  ASSERT_TRUE(single) << why;
  std::vector<CellLink> links = cellLinks(*single);
  // The link is the node's 8-byte field at 8, of 16-byte cells.
  ASSERT_FALSE(links.empty());
  EXPECT_EQ(links[0].stride, 16u);
  EXPECT_EQ(links[0].offset, 8u);
  EXPECT_EQ(links[0].bytes, 8u);
  for (int64_t bound : {100, 101}) {
    HornSystem original = buildThenWalk(bound);
    bool proved = false;
    for (const CellLink &link : links) {
      auto linked = indexByCell(ctx, original, why, CellExtras{link, {}});
      ASSERT_TRUE(linked) << why;
      ASSERT_TRUE(linked->linked());
      std::map<std::string, std::vector<ExprRef>> templates =
          cellTemplates(ctx, original, *linked);
      HornOptions o;
      o.timeoutSeconds = 20;
      o.templates = &templates;
      o.templatesOnly = true;
      HornAnswer a = solveHorn(ctx, linked->system, o);
      proved |= a.status == HornAnswer::Safe;
      HornOptions spacer;
      spacer.timeoutSeconds = 10;
      spacer.cells = false;
      if (bound == 101) {
        EXPECT_EQ(solveHorn(ctx, linked->system, spacer).status,
                  HornAnswer::Unsafe)
            << link.offset;
      }
    }
    EXPECT_EQ(proved, bound == 100) << bound;
  }
}

// A pointed cell (the fields of the node a walk's pointer is at) is as
// exact: the walk's pointer is found, the walk whose keys are below 100
// is proved with a fact of the pointed node's key, and Spacer finds the
// counterexample of the walk that meets a key of 100 over the same view.
TEST_F(CellIndexedTest, APointedCellProvesOnlyWhatHolds) {
  std::string why;
  auto single = indexByCell(ctx, buildThenWalk(100), why);
  ASSERT_TRUE(single) << why;
  CellPointers pointers = cellPointers(*single);
  // The walk (relation 1) reads the node at 16 * at - 4096.
  ASSERT_EQ(pointers.count(1), 1u);
  EXPECT_EQ(pointers[1].first, 0u);
  EXPECT_EQ(pointers[1].second, (CellPointer{2, 16, uint64_t(-4096)}));
  for (int64_t bound : {100, 101}) {
    HornSystem original = buildThenWalk(bound);
    auto pointed = indexByCell(ctx, original, why, CellExtras{{}, pointers});
    ASSERT_TRUE(pointed) << why;
    ASSERT_TRUE(pointed->views[1][0].pointer);
    ASSERT_FALSE(pointed->views[0][0].pointer);
    std::map<std::string, std::vector<ExprRef>> templates =
        cellTemplates(ctx, original, *pointed);
    CellPositions at = cellPositions(pointed->views[1], 3);
    ExprRef key = pointed->system.argument(ctx, 1, at.pointed[0][0]);
    templates["walk"].push_back(ctx.notE(ctx.sle(k32(100), key)));
    HornOptions o;
    o.timeoutSeconds = 20;
    o.templates = &templates;
    o.templatesOnly = true;
    EXPECT_EQ(solveHorn(ctx, pointed->system, o).status == HornAnswer::Safe,
              bound == 100)
        << bound;
    if (bound == 101) {
      HornOptions spacer;
      spacer.timeoutSeconds = 10;
      spacer.cells = false;
      EXPECT_EQ(solveHorn(ctx, pointed->system, spacer).status,
                HornAnswer::Unsafe);
    }
  }
}

// A walk relinks the nodes it passes when it writes a link of the node
// its pointer is at (the view search then asks with that node first); a
// walk that writes only a key there does not, nor does the builder,
// which links nodes it has no pointer into.
TEST_F(CellIndexedTest, AWalkThatWritesALinkAtItsPointerRelinks) {
  for (bool unlink : {false, true}) {
    HornSystem original = buildThenWalk(100, unlink);
    std::string why;
    auto single = indexByCell(ctx, original, why);
    ASSERT_TRUE(single) << why;
    // (The 8-byte links, as for the walk's 8-byte pointer the view
    // search keeps: the key's 4 bytes are a link of another width.)
    std::vector<CellLink> links = cellLinks(*single);
    std::erase_if(links, [](const CellLink &l) { return l.bytes != 8; });
    CellPointers pointers = cellPointers(*single);
    ASSERT_FALSE(links.empty());
    ASSERT_EQ(pointers.count(1), 1u);
    EXPECT_EQ(relinksAtPointers(ctx, original, *single, pointers, links),
              unlink);
    // Without the link among those asked about, a write there is none.
    EXPECT_FALSE(relinksAtPointers(ctx, original, *single, pointers, {}));
  }
}

TEST_F(CellIndexedTest, ReadsOfTwoArraysOfOneAtomShareAnInstance) {
  // The query reads e at one node and a at another: one instance of the
  // relation at that pair of cells (it holds at every pair), not one for
  // each read with any cell of the other array.
  std::string why;
  auto cells = indexByCell(ctx, twoArrays(true), why);
  ASSERT_TRUE(cells) << why;
  ASSERT_EQ(cells->views[0].size(), 2u);
  EXPECT_EQ(cells->system.clauses()[2].body.size(), 1u);
  // The instance stands for both reads: a key of e past its bound stays
  // reachable (never proved absent).
  HornOptions o;
  o.timeoutSeconds = 10;
  EXPECT_NE(solveOverCells(ctx, twoArrays(false), o).status,
            HornAnswer::Safe);
}

TEST_F(CellIndexedTest, NodesOfASizeOtherThanAPowerOfTwoAreLeftAsArrays) {
  std::string why;
  EXPECT_FALSE(indexByCell(ctx, buildThenCheck(12, true, 100), why));
  EXPECT_NE(why.find("power of two"), std::string::npos) << why;
}

TEST_F(CellIndexedTest, AnArrayComparedWholeIsLeftAsAnArray) {
  HornSystem h;
  size_t inv = h.addRelation("r", {Sort::array(), Sort::bv(32)});
  ExprRef a = ctx.arrayVar("a"), b = ctx.arrayVar("b"), i = bv32("i");
  h.addClause({{}, ctx.trueE(), HornAtom{inv, {write4(b, k64(0), i), i}}});
  h.addClause({{HornAtom{inv, {a, i}}}, ctx.eq(a, b), std::nullopt});
  std::string why;
  EXPECT_FALSE(indexByCell(ctx, h, why));
  EXPECT_FALSE(why.empty());
}

TEST_F(CellIndexedTest, AReadAtAnOffsetOfUnknownResidueIsAnyValueOrTheField) {
  // The read's offset is an input's: the translation still stands (an
  // over-approximation), and an error the original reaches stays
  // reachable.
  HornSystem h;
  size_t inv = h.addRelation("r", {Sort::array(), Sort::bv(32)});
  ExprRef a = ctx.arrayVar("a"), u = ctx.arrayVar("u"), i = bv32("i");
  ExprRef p = ctx.var("p", Sort::bv(64));
  h.addClause({{},
               ctx.trueE(),
               HornAtom{inv, {write4(u, node(i, 8), k32(7)), i}}});
  h.addClause({{HornAtom{inv, {a, i}}},
               ctx.andE(ctx.eq(p, node(i, 8)), ctx.eq(read4(a, p), k32(7))),
               std::nullopt});
  std::string why;
  ASSERT_TRUE(indexByCell(ctx, h, why)) << why;
  HornOptions o;
  o.timeoutSeconds = 10;
  EXPECT_NE(solveOverCells(ctx, h, o).status, HornAnswer::Safe);
}

TEST_F(CellIndexedTest, AChoiceBetweenTooManyConstantsOffersNoCaseFacts) {
  // for (i = 0; i < n; i++) node[i].key = k == 0 ? 11 : k == 1 ? 13 : ...;
  // then the error: a node whose key is 12. Each constant of a choice of
  // at most four is offered (with their disjunction); a longer nest
  // offers none of them, however deep it is.
  const std::vector<int64_t> constants{11, 13, 15, 17, 19};
  for (size_t count : {4u, 5u}) {
    ExprRef k = bv32("k");
    ExprRef key = k32(constants[count - 1]);
    for (size_t c = count - 1; c-- > 0;)
      key = ctx.ite(ctx.eq(k, k32(static_cast<int64_t>(c))),
                    k32(constants[c]), key);
    HornSystem h = writeThenCheck(
        [&](const ExprRef &a, const ExprRef &i) {
          return write4(a, node(i, 8), key);
        },
        [&](const ExprRef &a, const ExprRef &j) {
          return ctx.eq(read4(a, node(j, 8)), k32(12));
        });
    std::string why;
    auto cells = indexByCell(ctx, h, why);
    ASSERT_TRUE(cells) << why;
    bool offered = false;
    for (const auto &[relation, templates] : cellTemplates(ctx, h, *cells))
      for (const ExprRef &t : templates)
        offered |= mentions(t, static_cast<uint64_t>(constants[count - 1]));
    EXPECT_EQ(offered, count == 4) << count << " constants";
  }
}

TEST_F(CellIndexedTest, NoGuardStartsAtAnEntryBelowTheCells) {
  // for (i = first; i < n; i++) node[i].key = 7; then the error: a node j
  // below i whose key is not 7. The written cells from the frontier at
  // entry on are a guard when that frontier is a cell (first = 2: offset
  // 16), never when it is below every cell (first = -2: a node outside
  // the region, a sentinel on the stack): no cell is at or above it.
  for (int64_t first : {2, -2}) {
    HornSystem h;
    size_t fill = h.addRelation("fill",
                                {Sort::array(), Sort::bv(32), Sort::bv(32)});
    ExprRef a = ctx.arrayVar("a"), i = bv32("i"), n = bv32("n"),
            j = bv32("j");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(first), n), ctx.sle(n, k32(1000))),
                 HornAtom{fill, {a, k32(first), n}}});
    h.addClause({{HornAtom{fill, {a, i, n}}},
                 ctx.andE(ctx.slt(i, n), ctx.sle(k32(0), i)),
                 HornAtom{fill, {write4(a, node(i, 8), k32(7)),
                                 ctx.add(i, k32(1)), n}}});
    h.addClause({{HornAtom{fill, {a, i, n}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.notE(ctx.slt(i, n)), ctx.sle(k32(0), j),
                     ctx.slt(j, i), ctx.ne(read4(a, node(j, 8)), k32(7))}),
                 std::nullopt});
    std::string why;
    auto cells = indexByCell(ctx, h, why);
    ASSERT_TRUE(cells) << why;
    bool fromEntry = false;
    auto templates = cellTemplates(ctx, h, *cells);
    for (const ExprRef &t : templates["fill"])
      fromEntry |= mentions(t, static_cast<uint64_t>(8 * first));
    EXPECT_EQ(fromEntry, first > 0) << first;
  }
}

TEST_F(CellIndexedTest, ALoopThatGoesOnFillingCellsKeepsBothLoopsConstants) {
  // for (i = 0; i < n; i++) node[i].key = 11; for (; i < m; i++)
  // node[i].key = second; then the error: a node j < i whose key is
  // neither 11 nor 13. Under the second loop's frontier neither constant
  // holds alone: the second loop is offered their disjunction (which
  // holds when it writes 13), and a 12 it writes is reached.
  for (int64_t second : {13, 12}) {
    HornSystem h;
    size_t one = h.addRelation("first",
                               {Sort::array(), Sort::bv(32), Sort::bv(32)});
    size_t two = h.addRelation("second",
                               {Sort::array(), Sort::bv(32), Sort::bv(32)});
    ExprRef a = ctx.arrayVar("a"), i = bv32("i"), n = bv32("n"),
            m = bv32("m"), j = bv32("j");
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(0), n), ctx.sle(n, k32(1000))),
                 HornAtom{one, {a, k32(0), n}}});
    h.addClause({{HornAtom{one, {a, i, n}}},
                 ctx.slt(i, n),
                 HornAtom{one, {write4(a, node(i, 8), k32(11)),
                                ctx.add(i, k32(1)), n}}});
    h.addClause({{HornAtom{one, {a, i, n}}},
                 ctx.andAll(std::vector<ExprRef>{ctx.notE(ctx.slt(i, n)),
                                                 ctx.sle(i, m),
                                                 ctx.sle(m, k32(1000))}),
                 HornAtom{two, {a, i, m}}});
    h.addClause({{HornAtom{two, {a, i, m}}},
                 ctx.slt(i, m),
                 HornAtom{two, {write4(a, node(i, 8), k32(second)),
                                ctx.add(i, k32(1)), m}}});
    ExprRef key = read4(a, node(j, 8));
    h.addClause({{HornAtom{two, {a, i, m}}},
                 ctx.andAll(std::vector<ExprRef>{
                     ctx.notE(ctx.slt(i, m)), ctx.sle(k32(0), j),
                     ctx.slt(j, i), ctx.ne(key, k32(11)),
                     ctx.ne(key, k32(13))}),
                 std::nullopt});
    // The second loop is offered the disjunction of both loops' keys.
    std::string why;
    auto cells = indexByCell(ctx, h, why);
    ASSERT_TRUE(cells) << why;
    bool both = false;
    auto templates = cellTemplates(ctx, h, *cells);
    for (const ExprRef &t : templates["second"])
      both |= mentions(t, 11) && mentions(t, static_cast<uint64_t>(second));
    EXPECT_TRUE(both) << second;
    HornOptions o;
    o.timeoutSeconds = 10;
    HornAnswer answer = solveOverCells(ctx, h, o);
    if (second == 13)
      EXPECT_EQ(answer.status, HornAnswer::Safe) << answer.reason;
    else
      EXPECT_NE(answer.status, HornAnswer::Safe);
  }
}

} // namespace
} // namespace cosmo::solver
