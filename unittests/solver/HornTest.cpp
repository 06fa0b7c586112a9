//===- HornTest.cpp - Horn clauses: their text and their answers ----------===//
//
// Loops written as the Horn systems a recursive state gives (seed 001 §7):
// Inv over the loop-carried values, a clause for the entry, one per path of
// the body, and the query. The answers must be right for machine integers:
// a loop that is safe over the integers but wraps modulo 2^32 is never
// called safe.
//
//===----------------------------------------------------------------------===//

#include "cosmo/solver/Horn.h"

#include "cosmo/expr/Transform.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>

namespace cosmo::solver {
namespace {

using expr::Sort;

class HornTest : public ::testing::Test {
protected:
  ExprRef bv32(const char *name) { return ctx.var(name, Sort::bv(32)); }
  ExprRef k32(int64_t v) { return ctx.bv(32, static_cast<uint64_t>(v)); }

  /// i = s = 0; while (i < n) { i++; s += 2; }, assume n >= 0 (or not),
  /// then `bad` over (i, s, n) at the exit is the error.
  HornSystem counterLoop(bool assumeNonNegative,
                         const std::function<ExprRef(ExprRef, ExprRef, ExprRef)>
                             &bad) {
    HornSystem h;
    size_t inv = h.addRelation("inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
    ExprRef i = bv32("i"), s = bv32("s"), n = bv32("n");
    h.addClause({{},
                 assumeNonNegative ? ctx.sle(k32(0), n) : ctx.trueE(),
                 HornAtom{inv, {k32(0), k32(0), n}}});
    h.addClause({{HornAtom{inv, {i, s, n}}},
                 ctx.slt(i, n),
                 HornAtom{inv, {ctx.add(i, k32(1)), ctx.add(s, k32(2)), n}}});
    h.addClause({{HornAtom{inv, {i, s, n}}},
                 ctx.andE(ctx.notE(ctx.slt(i, n)), bad(i, s, n)),
                 std::nullopt});
    return h;
  }

  /// x = 0; while (guard(x)) x = next(x); with the error where bad(x).
  HornSystem oneCounter(const std::function<ExprRef(ExprRef)> &guard,
                        const std::function<ExprRef(ExprRef)> &next,
                        const std::function<ExprRef(ExprRef)> &bad) {
    HornSystem h;
    size_t inv = h.addRelation("inv", {Sort::bv(32)});
    ExprRef x = bv32("x");
    h.addClause({{}, ctx.trueE(), HornAtom{inv, {k32(0)}}});
    h.addClause({{HornAtom{inv, {x}}}, guard(x), HornAtom{inv, {next(x)}}});
    h.addClause({{HornAtom{inv, {x}}}, bad(x), std::nullopt});
    return h;
  }

  expr::ExprContext ctx;
};

TEST_F(HornTest, SystemPrintsAsChcCompSmtLib) {
  HornSystem h;
  size_t inv = h.addRelation("inv", {Sort::bv(8)});
  ExprRef x = ctx.var("x", Sort::bv(8));
  h.addClause({{}, ctx.trueE(), HornAtom{inv, {ctx.bv(8, 0)}}});
  h.addClause({{HornAtom{inv, {x}}},
               ctx.ult(x, ctx.bv(8, 10)),
               HornAtom{inv, {ctx.add(x, ctx.bv(8, 1))}}});
  h.addClause({{HornAtom{inv, {x}}}, ctx.ult(ctx.bv(8, 10), x), std::nullopt});
  EXPECT_EQ(h.str(),
            "(set-logic HORN)\n"
            "(declare-fun |inv| ((_ BitVec 8)) Bool)\n"
            "(assert (=> true (|inv| #b00000000)))\n"
            "(assert (forall ((|x| (_ BitVec 8))) (=> (and (|inv| |x|) "
            "(bvult |x| #b00001010)) (|inv| (bvadd #b00000001 |x|)))))\n"
            "(assert (forall ((|x| (_ BitVec 8))) (=> (and (|inv| |x|) "
            "(bvult #b00001010 |x|)) false)))\n"
            "(check-sat)\n");
}

// A loop's store chains share their operands: printed as a tree, a
// summarized list walk's question was 7.4 GB (the --dump-horn file and
// the store's question text). Shared terms are bound once with `let`.
TEST_F(HornTest, SharedTermsArePrintedOnce) {
  HornSystem h;
  size_t inv = h.addRelation("inv", {Sort::bv(32)});
  ExprRef x = bv32("x"), grown = x;
  for (int k = 0; k < 20; ++k) // 2^20 leaves as a tree
    grown = ctx.add(grown, ctx.mul(grown, k32(k + 2)));
  h.addClause({{}, ctx.trueE(), HornAtom{inv, {k32(0)}}});
  h.addClause({{HornAtom{inv, {x}}}, ctx.ult(grown, k32(7)),
               HornAtom{inv, {grown}}});
  std::string printed = h.str();
  EXPECT_LT(printed.size(), 20000u);
  EXPECT_NE(printed.find("(let (("), std::string::npos) << printed;
}

// The loop: s == 2*n after the loop, for n >= 0. Over 32-bit
// vectors s and 2*i wrap together, so the modular reading of Spacer's
// integer invariant is inductive.
TEST_F(HornTest, CounterLoopIsSafeWithAnInvariantOverItsValues) {
  HornSystem h = counterLoop(true, [&](ExprRef, ExprRef s, ExprRef n) {
    return ctx.notE(ctx.eq(s, ctx.mul(k32(2), n)));
  });
  HornAnswer a = solveHorn(ctx, h, {10});
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(a.method, "integer invariants checked over bit-vectors");
  ASSERT_EQ(a.invariants.size(), 1u);
  ASSERT_TRUE(a.invariants[0]);
  // The invariant speaks of the loop's values, not just `true`.
  EXPECT_FALSE(a.invariants[0]->isTrue());
  EXPECT_FALSE(expr::freeVariables(a.invariants[0]).empty());
}

// Without n >= 0 the loop does not run for n < 0 and s = 0 != 2*n: the
// error is reachable, and neither route may call it safe.
TEST_F(HornTest, CounterLoopWithNegativeBoundIsNotSafe) {
  HornSystem h = counterLoop(false, [&](ExprRef, ExprRef s, ExprRef n) {
    return ctx.notE(ctx.eq(s, ctx.mul(k32(2), n)));
  });
  HornAnswer a = solveHorn(ctx, h, {10});
  EXPECT_EQ(a.status, HornAnswer::Unsafe) << a.reason;
}

// i counts up from 0 while a nondeterministic condition holds; i < 0
// afterwards is impossible over the integers and reachable modulo 2^32
// (after 2^31 increments). Never safe.
TEST_F(HornTest, WrapAroundIsNeverSafe) {
  HornSystem h = oneCounter([&](ExprRef) { return ctx.trueE(); },
                            [&](ExprRef i) { return ctx.add(i, k32(1)); },
                            [&](ExprRef i) { return ctx.slt(i, k32(0)); });
  HornAnswer a = solveHorn(ctx, h, {2});
  EXPECT_NE(a.status, HornAnswer::Safe) << a.reason;
}

// A relation with a bound: x counts to 10 and never beyond, also over
// bit-vectors (x <= 10 is inductive).
TEST_F(HornTest, BoundedCounterIsSafe) {
  HornSystem h = oneCounter([&](ExprRef x) { return ctx.slt(x, k32(10)); },
                            [&](ExprRef x) { return ctx.add(x, k32(1)); },
                            [&](ExprRef x) { return ctx.slt(k32(10), x); });
  HornAnswer a = solveHorn(ctx, h, {10});
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(hornStatusName(a.status), std::string("safe"));
}

// Invariants an earlier answer gave a relation of the same name are tried
// first: one that refutes the query decides it without Spacer, one that
// does not hold is dropped by Houdini like any candidate (it never makes
// an unsafe system safe).
TEST_F(HornTest, EarlierInvariantsAreCheckedFirstAndNeverTrusted) {
  HornSystem bounded =
      oneCounter([&](ExprRef x) { return ctx.slt(x, k32(10)); },
                 [&](ExprRef x) { return ctx.add(x, k32(1)); },
                 [&](ExprRef x) { return ctx.slt(k32(10), x); });
  ExprRef x = bounded.argument(ctx, 0, 0);
  std::map<std::string, std::vector<ExprRef>> earlier{
      {"inv", {ctx.sle(x, k32(10)), ctx.sle(k32(0), x)}}};
  HornOptions withEarlier{10, &earlier};
  HornAnswer a = solveHorn(ctx, bounded, withEarlier);
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(a.method, "earlier invariants checked over bit-vectors");
  ASSERT_EQ(a.invariants.size(), 1u);
  EXPECT_NE(a.invariants[0]->kind(), expr::Kind::BoolConst);

  // "0 <= x" holds over the integers only: the counter wraps.
  HornSystem wraps = oneCounter([&](ExprRef) { return ctx.trueE(); },
                                [&](ExprRef i) { return ctx.add(i, k32(1)); },
                                [&](ExprRef i) { return ctx.slt(i, k32(0)); });
  std::map<std::string, std::vector<ExprRef>> wrong{
      {"inv", {ctx.sle(k32(0), wraps.argument(ctx, 0, 0))}}};
  HornOptions withWrong{2, &wrong};
  EXPECT_NE(solveHorn(ctx, wraps, withWrong).status, HornAnswer::Safe);
}

// An error a few iterations deep is found (exactly, over bit-vectors).
TEST_F(HornTest, ReachableAfterIterationsIsUnsafe) {
  HornSystem h = oneCounter([&](ExprRef x) { return ctx.slt(x, k32(100)); },
                            [&](ExprRef x) { return ctx.add(x, k32(3)); },
                            [&](ExprRef x) { return ctx.eq(x, k32(42)); });
  HornAnswer a = solveHorn(ctx, h, {10});
  EXPECT_EQ(a.status, HornAnswer::Unsafe) << a.reason;
}

} // namespace
} // namespace cosmo::solver

namespace cosmo::solver {
namespace {

// x = n; y = 0; while (0 < x) { x--; y++; } with n >= 0: y == n at the exit
// (cosmo's summary of bench/loops/countdown_true.c, the bound a parameter).
TEST_F(HornTest, CountdownIsSafeThroughASumInvariant) {
  HornSystem h;
  size_t inv = h.addRelation("inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  ExprRef n = bv32("n"), x = bv32("x"), y = bv32("y");
  h.addClause({{}, ctx.sle(k32(0), n), HornAtom{inv, {n, n, k32(0)}}});
  h.addClause({{HornAtom{inv, {n, x, y}}},
               ctx.slt(k32(0), x),
               HornAtom{inv, {n, ctx.add(x, k32(-1)), ctx.add(y, k32(1))}}});
  h.addClause({{HornAtom{inv, {n, x, y}}},
               ctx.andAll(std::vector<ExprRef>{ctx.notE(ctx.slt(k32(0), x)),
                                               ctx.sle(k32(0), n),
                                               ctx.ne(n, y)}),
               std::nullopt});
  HornAnswer a = solveHorn(ctx, h, {10});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(a.method, "integer invariants checked over bit-vectors");
}

// A recursive function's summary with a global it counts its calls in:
// sum(n, c, r, d), d how much c changed. Spacer states d == r + 1 over the
// integers as two strict bounds (d < r + 2, r < d); read modulo 2^32 they
// pair into that equality, which holds of machine integers (no range of n
// is known: the bounds alone do not).
TEST_F(HornTest, StrictBoundsPairIntoAModularEquality) {
  HornSystem h;
  size_t sum = h.addRelation(
      "sum", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  ExprRef n = bv32("n"), c = bv32("c"), r = bv32("r"), d = bv32("d");
  h.addClause({{}, ctx.sle(n, k32(0)), HornAtom{sum, {n, c, k32(0), k32(1)}}});
  h.addClause({{HornAtom{sum, {ctx.add(n, k32(-1)), ctx.add(c, k32(1)), r, d}}},
               ctx.slt(k32(0), n),
               HornAtom{sum, {n, c, ctx.add(r, k32(1)), ctx.add(d, k32(1))}}});
  h.addClause({{HornAtom{sum, {n, k32(16), r, d}}},
               ctx.ne(d, ctx.add(r, k32(1))), std::nullopt});
  HornAnswer a = solveHorn(ctx, h, {10});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(a.method, "integer invariants checked over bit-vectors");
}

// x = i; y = j; while (x != 0) { x--; y--; } then i == j implies y == 0
// (i, j >= 0): Spacer alone enumerates bounds on x and y for ever; the
// sampled equality x - y == i - j proves it.
TEST_F(HornTest, CountersThatMoveTogetherAreProvedThroughTheirDifference) {
  HornSystem h;
  size_t inv = h.addRelation(
      "inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  ExprRef i = bv32("i"), j = bv32("j"), x = bv32("x"), y = bv32("y");
  h.addClause({{},
               ctx.andE(ctx.sle(k32(0), i), ctx.sle(k32(0), j)),
               HornAtom{inv, {i, j, i, j}}});
  h.addClause({{HornAtom{inv, {i, j, x, y}}},
               ctx.ne(x, k32(0)),
               HornAtom{inv, {i, j, ctx.add(x, k32(-1)), ctx.add(y, k32(-1))}}});
  h.addClause({{HornAtom{inv, {i, j, x, y}}},
               ctx.andAll(std::vector<ExprRef>{ctx.eq(x, k32(0)), ctx.eq(i, j),
                                               ctx.ne(y, k32(0))}),
               std::nullopt});
  HornAnswer a = solveHorn(ctx, h, {3});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
}

// i = k = 0; while (i < n) { i++; k++; } j = n; while (j > 0) { k > 0
// must hold; j--; k--; }: the query passes both loops. Proved with k == i
// sampled for the first loop and the query's first atom left out.
TEST_F(HornTest, TwoLoopsInSequenceAreProved) {
  HornSystem h;
  size_t up = h.addRelation("up", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  size_t down = h.addRelation(
      "down", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  ExprRef n = bv32("n"), i = bv32("i"), k = bv32("k"), j = bv32("j");
  h.addClause({{}, ctx.sle(k32(0), n), HornAtom{up, {n, k32(0), k32(0)}}});
  h.addClause({{HornAtom{up, {n, i, k}}},
               ctx.slt(i, n),
               HornAtom{up, {n, ctx.add(i, k32(1)), ctx.add(k, k32(1))}}});
  h.addClause({{HornAtom{up, {n, i, k}}},
               ctx.notE(ctx.slt(i, n)),
               HornAtom{down, {n, n, k}}});
  h.addClause({{HornAtom{down, {n, j, k}}},
               ctx.andE(ctx.slt(k32(0), j), ctx.slt(k32(0), k)),
               HornAtom{down, {n, ctx.add(j, k32(-1)), ctx.add(k, k32(-1))}}});
  h.addClause({{HornAtom{up, {n, i, k}}, HornAtom{down, {n, j, k}}},
               ctx.andE(ctx.slt(k32(0), j), ctx.notE(ctx.slt(k32(0), k))),
               std::nullopt});
  HornAnswer a = solveHorn(ctx, h, {3});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
}

// nla-digbench's ps2 over unsigned values: c++; y++; x += y while c < k,
// then 2x == y*y + y. The sampled polynomial equality y + y*y - 2x == 0 is
// the same polynomial after an iteration as before it, and refutes the
// query with y*y as an opaque value (Z3 does not decide it with the
// multiplier bit-blasted).
TEST_F(HornTest, APolynomialEqualityIsProvedWithoutBitBlastingIt) {
  ExprRef k = bv32("k"), x = bv32("x"), y = bv32("y"), c = bv32("c");
  ExprRef twice = ctx.sub(ctx.sub(ctx.mul(k32(2), x), ctx.mul(y, y)), y);
  // x += y + extra each time.
  auto sums = [&](int64_t extra) {
    HornSystem h;
    size_t inv = h.addRelation(
        "inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
    h.addClause({{}, ctx.trueE(), HornAtom{inv, {k, k32(0), k32(0), k32(0)}}});
    h.addClause({{HornAtom{inv, {k, x, y, c}}},
                 ctx.ult(c, k),
                 HornAtom{inv, {k, ctx.add(x, ctx.add(y, k32(extra))),
                                ctx.add(y, k32(1)), ctx.add(c, k32(1))}}});
    h.addClause({{HornAtom{inv, {k, x, y, c}}},
                 ctx.andE(ctx.notE(ctx.ult(c, k)), ctx.ne(twice, k32(0))),
                 std::nullopt});
    return h;
  };
  HornAnswer a = solveHorn(ctx, sums(1), {3});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_EQ(a.method, "linear equalities checked over bit-vectors");
  // With x += y + 2 (one more each time) 2x == y*y + y fails after one
  // iteration: the same query is reachable, never safe.
  EXPECT_NE(solveHorn(ctx, sums(2), {3}).status, HornAnswer::Safe);
}

// nla-digbench's cohencu: n++; y += z; z += 6 from (0, 1, 6). The
// polynomial y - 3n*n - 3n stays the same through an iteration only given
// the linear z == 6n + 6; the query writes the product as (3*n)*n.
TEST_F(HornTest, APolynomialPreservedModuloALinearEqualityIsProved) {
  HornSystem h;
  size_t inv = h.addRelation(
      "inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
  ExprRef a = bv32("a"), n = bv32("n"), y = bv32("y"), z = bv32("z");
  h.addClause({{}, ctx.trueE(), HornAtom{inv, {a, k32(0), k32(1), k32(6)}}});
  h.addClause({{HornAtom{inv, {a, n, y, z}}},
               ctx.ult(n, a),
               HornAtom{inv, {a, ctx.add(n, k32(1)), ctx.add(y, z),
                              ctx.add(z, k32(6))}}});
  ExprRef cube = ctx.add(ctx.add(ctx.mul(ctx.mul(k32(3), n), n),
                                 ctx.mul(k32(3), n)),
                         k32(1));
  h.addClause({{HornAtom{inv, {a, n, y, z}}},
               ctx.andE(ctx.notE(ctx.ult(n, a)), ctx.ne(y, cube)),
               std::nullopt});
  HornAnswer answer = solveHorn(ctx, h, {3});
  EXPECT_EQ(answer.status, HornAnswer::Safe) << answer.reason;
}


// A loop whose query asserts a polynomial of degree 3 (x sums the squares
// 1..y: 6x == 2y^3 + 3y^2 + y) with too many products for the sampled
// equalities: the asserted equality is its own candidate, the same
// polynomial after an iteration as before it.
TEST_F(HornTest, AnAssertedPolynomialOfHighDegreeIsItsOwnInvariant) {
  ExprRef k = bv32("k"), x = bv32("x"), y = bv32("y"), c = bv32("c");
  ExprRef cubic = ctx.add(
      ctx.add(ctx.mul(k32(2), ctx.mul(y, ctx.mul(y, y))),
              ctx.mul(k32(3), ctx.mul(y, y))),
      y);
  auto squares = [&](int64_t extra) {
    HornSystem h;
    size_t inv = h.addRelation(
        "inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32), Sort::bv(32)});
    h.addClause({{}, ctx.trueE(), HornAtom{inv, {k, k32(0), k32(0), k32(0)}}});
    ExprRef next = ctx.add(y, k32(1));
    h.addClause({{HornAtom{inv, {k, x, y, c}}},
                 ctx.ult(c, k),
                 HornAtom{inv, {k, ctx.add(x, ctx.add(ctx.mul(next, next),
                                                      k32(extra))),
                                next, ctx.add(c, k32(1))}}});
    h.addClause({{HornAtom{inv, {k, x, y, c}}},
                 ctx.ne(ctx.mul(k32(6), x), cubic),
                 std::nullopt});
    return h;
  };
  HornAnswer a = solveHorn(ctx, squares(0), {3});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  // One more each time: the assertion fails after the first iteration.
  EXPECT_NE(solveHorn(ctx, squares(1), {3}).status, HornAnswer::Safe);
}

// `for (i = 1; i <= n; i++) s += i` leaves with i == n + 1: the sampled
// bound i <= n + 1 and the exit !(i <= n) pin i to n + 1, through which
// the sampled 2s == i*i - i refutes 2s != n*n + n with its products as
// opaque values. A loop that runs once more (i <= n + 1) reaches it.
TEST_F(HornTest, AnExitAndABoundPinTheCounter) {
  ExprRef n = bv32("n"), s = bv32("s"), i = bv32("i");
  auto sums = [&](int64_t past) {
    HornSystem h;
    size_t inv =
        h.addRelation("inv", {Sort::bv(32), Sort::bv(32), Sort::bv(32)});
    h.addClause({{},
                 ctx.andE(ctx.sle(k32(1), n), ctx.sle(n, k32(1000))),
                 HornAtom{inv, {n, k32(0), k32(1)}}});
    ExprRef last = ctx.add(n, k32(past));
    h.addClause({{HornAtom{inv, {n, s, i}}},
                 ctx.sle(i, last),
                 HornAtom{inv, {n, ctx.add(s, i), ctx.add(i, k32(1))}}});
    h.addClause({{HornAtom{inv, {n, s, i}}},
                 ctx.andE(ctx.notE(ctx.sle(i, last)),
                          ctx.ne(ctx.mul(k32(2), s),
                                 ctx.mul(n, ctx.add(n, k32(1))))),
                 std::nullopt});
    return h;
  };
  HornAnswer a = solveHorn(ctx, sums(0), {3});
  EXPECT_EQ(a.status, HornAnswer::Safe) << a.reason;
  EXPECT_NE(solveHorn(ctx, sums(1), {3}).status, HornAnswer::Safe);
}


/// A shelf in memory: what the persistent store does for solveHorn.
class ShelfInMemory : public HornAnswerShelf {
public:
  std::optional<std::string> find(const std::string &question) override {
    ++looked;
    auto it = answers.find(question);
    if (it == answers.end())
      return std::nullopt;
    ++found;
    return it->second;
  }
  void keep(const std::string &question, const std::string &answer) override {
    answers[question] = answer;
    ++kept;
  }
  std::map<std::string, std::string> answers;
  int looked = 0, found = 0, kept = 0;
};

// An answer written and read back is the answer: the same status, method
// and invariants (the same terms in the context that made them; the same
// bytes again from a context of its own).
TEST_F(HornTest, AnAnswerReadBackIsTheAnswerWritten) {
  HornSystem h = counterLoop(true, [&](ExprRef, ExprRef s, ExprRef n) {
    return ctx.notE(ctx.eq(s, ctx.mul(k32(2), n)));
  });
  HornAnswer a = solveHorn(ctx, h, {10});
  ASSERT_EQ(a.status, HornAnswer::Safe) << a.reason;
  std::string bytes = writeHornAnswer(a);
  llvm::Expected<HornAnswer> b = readHornAnswer(ctx, bytes);
  ASSERT_TRUE(static_cast<bool>(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->status, a.status);
  EXPECT_EQ(b->method, a.method);
  EXPECT_EQ(b->invariants, a.invariants);
  expr::ExprContext other;
  llvm::Expected<HornAnswer> c = readHornAnswer(other, bytes);
  ASSERT_TRUE(static_cast<bool>(c)) << llvm::toString(c.takeError());
  EXPECT_EQ(writeHornAnswer(*c), bytes);

  for (const char *damaged : {"", "{}", "[1,2]", "{\"format\": 1}"}) {
    llvm::Expected<HornAnswer> d = readHornAnswer(ctx, damaged);
    EXPECT_FALSE(static_cast<bool>(d)) << damaged;
    llvm::consumeError(d.takeError());
  }
}

// With a shelf, a question asked again takes the kept answer instead of
// solving (safe and unsafe alike); a damaged answer on the shelf is solved
// again; the earlier invariants offered are part of the question.
TEST_F(HornTest, AQuestionAskedAgainTakesItsKeptAnswer) {
  ShelfInMemory shelf;
  HornOptions o;
  o.shelf = &shelf;
  HornSystem safe = counterLoop(true, [&](ExprRef, ExprRef s, ExprRef n) {
    return ctx.notE(ctx.eq(s, ctx.mul(k32(2), n)));
  });
  HornSystem unsafe = counterLoop(false, [&](ExprRef, ExprRef s, ExprRef n) {
    return ctx.notE(ctx.eq(s, ctx.mul(k32(2), n)));
  });
  HornAnswer first = solveHorn(ctx, safe, o);
  ASSERT_EQ(first.status, HornAnswer::Safe) << first.reason;
  EXPECT_EQ(solveHorn(ctx, unsafe, o).status, HornAnswer::Unsafe);
  EXPECT_EQ(shelf.kept, 2);
  EXPECT_EQ(shelf.found, 0);

  HornAnswer again = solveHorn(ctx, safe, o);
  EXPECT_EQ(shelf.found, 1);
  EXPECT_EQ(again.status, HornAnswer::Safe);
  EXPECT_EQ(again.invariants, first.invariants);
  EXPECT_EQ(again.seconds, 0);
  EXPECT_EQ(solveHorn(ctx, unsafe, o).status, HornAnswer::Unsafe);
  EXPECT_EQ(shelf.found, 2);
  EXPECT_EQ(shelf.kept, 2);

  std::string question = hornQuestionText(safe, o);
  shelf.answers[question] = "{\"format\": 1, \"terms\": [[99]]}";
  EXPECT_EQ(solveHorn(ctx, safe, o).status, HornAnswer::Safe);
  EXPECT_EQ(shelf.kept, 3); // solved, and kept again

  std::map<std::string, std::vector<ExprRef>> earlier{
      {"inv", {ctx.sle(k32(0), safe.argument(ctx, 0, 0))}}};
  HornOptions withEarlier = o;
  withEarlier.earlier = &earlier;
  EXPECT_NE(hornQuestionText(safe, withEarlier), question);
  std::map<std::string, std::vector<ExprRef>> elsewhere{
      {"other", {ctx.sle(k32(0), safe.argument(ctx, 0, 0))}}};
  withEarlier.earlier = &elsewhere;
  EXPECT_EQ(hornQuestionText(safe, withEarlier), question);
}

// A question is its clauses up to the names of their variables: a run
// names its values by how many it made before, which an edit elsewhere in
// the program changes. Anything else -- a constant, a relation -- is part
// of it.
TEST_F(HornTest, TheQuestionDoesNotDependOnTheNamesOfItsValues) {
  auto system = [&](const char *x, const char *y, uint64_t bound) {
    HornSystem h;
    size_t inv = h.addRelation("inv", {Sort::bv(8), Sort::bv(8)});
    ExprRef a = ctx.var(x, Sort::bv(8)), b = ctx.var(y, Sort::bv(8));
    h.addClause({{}, ctx.ult(b, ctx.bv(8, bound)), HornAtom{inv, {ctx.bv(8, 0), b}}});
    h.addClause({{HornAtom{inv, {a, b}}},
                 ctx.ult(a, b),
                 HornAtom{inv, {ctx.add(a, ctx.bv(8, 1)), b}}});
    h.addClause({{HornAtom{inv, {a, b}}}, ctx.ult(b, a), std::nullopt});
    return h;
  };
  HornSystem h = system("n#0", "m#1", 10);
  std::string q = hornQuestionText(h, {});
  EXPECT_EQ(hornQuestionText(system("n#7", "m#9", 10), {}), q);
  EXPECT_EQ(hornQuestionText(system("b", "a", 10), {}), q);
  EXPECT_NE(hornQuestionText(system("n#0", "m#1", 11), {}), q);
  EXPECT_EQ(q.find("n#0"), std::string::npos) << q;
  // The renamed clauses are still SMT-LIB of the same shape.
  std::string printed = h.str();
  EXPECT_EQ(std::count(q.begin(), q.end(), '\n'),
            std::count(printed.begin(), printed.end(), '\n'));
  EXPECT_NE(q.find("(assert (forall ((|v0| (_ BitVec 8))"), std::string::npos) << q;

  // Two variables of one name: the text does not say which is which, so
  // the question never matches another (not even itself asked again).
  HornSystem twoSorts;
  size_t r = twoSorts.addRelation("r", {Sort::bv(8), Sort::bv(16)});
  twoSorts.addClause({{},
                      ctx.eq(ctx.var("x", Sort::bv(8)), ctx.bv(8, 1)),
                      HornAtom{r, {ctx.bv(8, 0), ctx.var("x", Sort::bv(16))}}});
  EXPECT_NE(hornQuestionText(twoSorts, {}), hornQuestionText(twoSorts, {}));
}

} // namespace
} // namespace cosmo::solver
