//===- RandomTerms.h - seeded random term recipes for property tests ------===//
//
// A TermGen draws a random term *recipe* (a tree of kinds, indices and leaf
// terms); a RecipeBuilder turns one recipe into a term three ways: through
// ExprContext::raw at every node (the unsimplified reference), through the
// simplifying builders at every node, or choosing at random per node (so the
// builders also see non-canonical children, as they do when code mixes raw
// and rebuild). Both are deterministic for a given seed.
//
// The generator covers every Kind over Bool, BitVec(1..128) (mostly widths
// 1, 8, 16, 32, 64) and the array sort, with constants picked to hit the
// edge cases of fixed-width arithmetic (0, 1, -1, INT_MIN, INT_MAX, width-1,
// width, width+1), zero divisors and oversized shifts. It reuses earlier
// subterms so that patterns like x - x or not(not(x)) occur, and leans
// towards the shapes the rewrite rules look for (adjacent extracts, eq
// against a constant, slices of extensions, loads of adjacent bytes).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_EXPR_RANDOMTERMS_H
#define COSMO_UNITTESTS_EXPR_RANDOMTERMS_H

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/ExprContext.h"
#include "cosmo/expr/Transform.h"

#include <map>
#include <memory>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace cosmo::expr::testing {

struct Recipe;
using RecipeP = std::shared_ptr<const Recipe>;

/// One node of a term to build: a leaf term, or a kind over sub-recipes.
struct Recipe {
  Kind kind = Kind::BoolConst;
  Sort sort;
  ExprRef leaf; // set for leaves (constants, Var, ArrayVar)
  std::vector<RecipeP> kids;
  unsigned aux0 = 0, aux1 = 0;
  int depth = 0;
};

struct TermGenOptions {
  int maxDepth = 4;
  /// Allow eq over arrays (the evaluator and model tests pin arrays only at
  /// the indices a term reads, which does not fix extensional equality).
  bool arrayEq = true;
};

class TermGen {
public:
  TermGen(ExprContext &ctx, uint64_t seed, TermGenOptions opts = {})
      : ctx_(ctx), rng_(seed), opts_(opts) {}

  static constexpr unsigned kWidths[] = {1, 8, 16, 32, 64};
  static constexpr unsigned kMaxWidth = 128;

  /// A random Bool, main-width BitVec or (rarely) array recipe.
  RecipeP any() {
    unsigned r = pick(20);
    if (r < 8)
      return boolean(opts_.maxDepth);
    if (r < 19)
      return bits(kWidths[pick(5)], opts_.maxDepth);
    return array(opts_.maxDepth);
  }
  RecipeP anyValue() { // Bool or BitVec only
    return pick(2) ? boolean(opts_.maxDepth)
                   : bits(kWidths[pick(5)], opts_.maxDepth);
  }

  RecipeP boolean(int depth) {
    if (depth <= 0 || chance(15))
      return boolLeaf();
    if (RecipeP r = reuse(Sort::boolean(), depth))
      return r;
    switch (pick(12)) {
    case 0:
    case 1: return node(Kind::Not, {boolean(depth - 1)});
    case 2: return node(Kind::And, {boolean(depth - 1), boolean(depth - 1)});
    case 3: return node(Kind::Or, {boolean(depth - 1), boolean(depth - 1)});
    case 4:
      if (chance(25)) // ite(c, true, false) and friends
        return node(Kind::Ite, {boolean(depth - 1), boolLeafConst(),
                                boolLeafConst()});
      return node(Kind::Ite, {boolean(depth - 1), boolean(depth - 1),
                              boolean(depth - 1)});
    case 5: return node(Kind::Eq, {boolean(depth - 1), boolean(depth - 1)});
    case 6:
      if (opts_.arrayEq && chance(30))
        return node(Kind::Eq, {array(depth - 1), array(depth - 1)});
      [[fallthrough]];
    case 7: {
      unsigned w = someWidth();
      if (chance(50))
        return eqWithConstant(w, depth);
      return node(Kind::Eq, {bits(w, depth - 1), bits(w, depth - 1)});
    }
    default: {
      static constexpr Kind preds[] = {Kind::Ult, Kind::Ule, Kind::Slt,
                                       Kind::Sle};
      unsigned w = someWidth();
      RecipeP a = bits(w, depth - 1), b = bits(w, depth - 1);
      if (chance(25))
        (chance(50) ? a : b) = constLeaf(w);
      if (chance(10))
        b = a;
      return node(preds[pick(4)], {a, b});
    }
    }
  }

  RecipeP bits(unsigned w, int depth) {
    if (depth <= 0 || chance(15))
      return bvLeaf(w);
    if (RecipeP r = reuse(Sort::bv(w), depth))
      return r;
    auto sub = [&] { return bits(w, depth - 1); };
    switch (pick(22)) {
    case 0: return binary(Kind::Add, w, depth);
    case 1: return binary(Kind::Sub, w, depth);
    case 2: return binary(Kind::Mul, w, depth);
    case 3: return division(Kind::UDiv, w, depth);
    case 4: return division(Kind::SDiv, w, depth);
    case 5: return division(Kind::URem, w, depth);
    case 6: return node(Kind::SRem, {sub(), divisor(w, depth)});
    case 7: return node(Kind::Shl, {sub(), shiftAmount(w, depth)});
    case 8: return node(Kind::LShr, {sub(), shiftAmount(w, depth)});
    case 9: return node(Kind::AShr, {sub(), shiftAmount(w, depth)});
    case 10: return binary(Kind::BAnd, w, depth);
    case 11: return binary(Kind::BOr, w, depth);
    case 12: return binary(Kind::BXor, w, depth);
    case 13: return node(Kind::BNot, {sub()});
    case 14: return node(Kind::Neg, {sub()});
    case 15: return node(Kind::Ite, {boolean(depth - 1), sub(), sub()});
    case 16:
    case 17:
      if (w >= 2)
        return concatOf(w, depth);
      [[fallthrough]];
    case 18: return extractOf(w, depth);
    case 19:
      if (w >= 2) {
        unsigned n = 1 + pick(w - 1);
        return node(chance(50) ? Kind::ZExt : Kind::SExt, {bits(n, depth - 1)},
                    w);
      }
      return extractOf(w, depth);
    default:
      if (w == 8)
        return node(Kind::Select, {array(depth - 1), index(depth - 1)});
      if (w >= 9 && chance(50)) // a little-endian load: bytes of one array
        return loadOf(w, depth);
      return binary(Kind::Add, w, depth);
    }
  }

  RecipeP array(int depth) {
    if (depth <= 0 || chance(20))
      return chance(20) ? leaf(ctx_.constArray(ctx_.bv(edgeValue(8)),
                                               chance(50) ? 1 : 2))
                        : leaf(ctx_.arrayVar(chance(70) ? "A" : "B"));
    if (RecipeP r = reuse(Sort::array(), depth))
      return r;
    if (chance(15))
      return node(Kind::Ite, {boolean(depth - 1), array(depth - 1),
                              array(depth - 1)});
    return node(Kind::Store,
                {array(depth - 1), index(depth - 1), bits(8, depth - 1)});
  }

  /// An edge-case (or occasionally random) value of width w.
  llvm::APInt edgeValue(unsigned w) {
    switch (pick(11)) {
    case 0: return llvm::APInt(w, 0);
    case 1: return llvm::APInt(w, 1);
    case 2: return llvm::APInt::getAllOnes(w);
    case 3: return llvm::APInt::getSignedMinValue(w);
    case 4: return llvm::APInt::getSignedMaxValue(w);
    case 5: return llvm::APInt(w, w - 1);
    case 6: return llvm::APInt(w, w);
    case 7: return llvm::APInt(w, w + 1);
    case 8: return llvm::APInt(w, 2);
    default: return llvm::APInt(w, rng_());
    }
  }

  /// mul(2^k, udiv(x, 2^k)), x mostly a multiple of 2^k (an address made a
  /// cell index and back: the mul-udiv-aligned rule's shape).
  /// (Not among bits()'s shapes: terms of a seed keep theirs.)
  RecipeP alignedRoundTrip(unsigned w, int depth) {
    assert(w >= 2);
    unsigned k = 1 + pick(std::min(w - 1, 6u));
    llvm::APInt step = llvm::APInt(w, 1).shl(k);
    RecipeP x = node(Kind::Mul, {leaf(ctx_.bv(step.shl(pick(2)))),
                                 bits(w, depth - 2)});
    if (chance(50))
      x = node(Kind::Add, {leaf(ctx_.bv(llvm::APInt(w, rng_()).shl(k))), x});
    if (chance(20)) // not known aligned: the product stays
      x = bits(w, depth - 2);
    RecipeP c = leaf(ctx_.bv(step));
    return node(Kind::Mul, {c, node(Kind::UDiv, {x, c})});
  }
  /// A byte read past a store whose 64-bit indices are k + 2^s * x: fields
  /// of nodes in cells of a power of two, apart in a low bit or not (the
  /// select-store-skip-low-bits rule's shape).
  /// (Not among bits()'s shapes: terms of a seed keep theirs.)
  RecipeP cellFieldRead(int depth) {
    unsigned s = 1 + pick(5);
    auto field = [&] {
      RecipeP scaled = node(Kind::Mul, {leaf(ctx_.bv(64, uint64_t(1) << s)),
                                        bits(64, depth - 2)});
      return node(Kind::Add, {leaf(ctx_.bv(64, rng_())), scaled});
    };
    RecipeP stored = node(Kind::Store, {array(depth - 1), field(), bits(8, 0)});
    return node(Kind::Select, {stored, field()});
  }
  bool chance(unsigned percent) { return pick(100) < percent; }
  unsigned pick(unsigned n) {
    return std::uniform_int_distribution<unsigned>(0, n - 1)(rng_);
  }
  std::mt19937_64 &rng() { return rng_; }

private:
  RecipeP leaf(ExprRef e) {
    auto r = std::make_shared<Recipe>();
    r->kind = e->kind();
    r->sort = e->sort();
    r->leaf = std::move(e);
    return r;
  }

  RecipeP node(Kind k, std::vector<RecipeP> kids, unsigned aux0 = 0,
               unsigned aux1 = 0) {
    auto r = std::make_shared<Recipe>();
    r->kind = k;
    r->aux0 = aux0;
    r->aux1 = aux1;
    for (const RecipeP &c : kids)
      r->depth = std::max(r->depth, c->depth + 1);
    switch (k) {
    case Kind::Not:
    case Kind::And:
    case Kind::Or:
    case Kind::Eq:
    case Kind::Ult:
    case Kind::Ule:
    case Kind::Slt:
    case Kind::Sle: r->sort = Sort::boolean(); break;
    case Kind::Ite: r->sort = kids[1]->sort; break;
    case Kind::Concat:
      r->sort = Sort::bv(kids[0]->sort.width + kids[1]->sort.width);
      break;
    case Kind::Extract: r->sort = Sort::bv(aux0 - aux1 + 1); break;
    case Kind::ZExt:
    case Kind::SExt: r->sort = Sort::bv(aux0); break;
    case Kind::Select: r->sort = Sort::bv(8); break;
    case Kind::Store: r->sort = Sort::array(); break;
    default: r->sort = kids[0]->sort; break;
    }
    r->kids = std::move(kids);
    pool_[key(r->sort)].push_back(r);
    return r;
  }

  static std::pair<int, unsigned> key(Sort s) { return {s.tag, s.width}; }

  // An earlier subterm of the same sort that fits in `depth`.
  RecipeP reuse(Sort s, int depth) {
    if (!chance(20))
      return nullptr;
    auto it = pool_.find(key(s));
    if (it == pool_.end() || it->second.empty())
      return nullptr;
    const RecipeP &r = it->second[pick(it->second.size())];
    return r->depth <= depth ? r : nullptr;
  }

  unsigned someWidth() {
    if (chance(3)) // wide terms, as in multiplication overflow checks
      return 65 + pick(kMaxWidth - 64);
    return chance(80) ? kWidths[pick(5)] : 1 + pick(64);
  }

  RecipeP boolLeaf() {
    if (chance(15))
      return leaf(ctx_.boolVal(chance(50)));
    return leaf(ctx_.var(chance(50) ? "p" : "q", Sort::boolean()));
  }
  RecipeP boolLeafConst() { return leaf(ctx_.boolVal(chance(50))); }
  RecipeP constLeaf(unsigned w) { return leaf(ctx_.bv(edgeValue(w))); }

  // eq(k, t) with t of a shape the eq-const-* rules look into.
  RecipeP eqWithConstant(unsigned w, int depth) {
    RecipeP k = constLeaf(w), t;
    switch (pick(6)) {
    case 0:
    case 1:
      if (w >= 2) {
        t = node(chance(50) ? Kind::ZExt : Kind::SExt,
                 {bits(1 + pick(w - 1), depth - 1)}, w);
        break;
      }
      [[fallthrough]];
    case 2:
      t = w >= 2 ? concatOf(w, depth - 1) : bits(w, depth - 1);
      break;
    case 3: {
      // Constant arms, equal to k or not.
      RecipeP a = chance(50) ? k : constLeaf(w);
      RecipeP b = chance(50) ? k : constLeaf(w);
      t = node(Kind::Ite, {boolean(depth - 1), a, b});
      break;
    }
    case 4: t = node(Kind::Add, {constLeaf(w), bits(w, depth - 1)}); break;
    default: t = bits(w, depth - 1); break;
    }
    return chance(50) ? node(Kind::Eq, {k, t}) : node(Kind::Eq, {t, k});
  }
  RecipeP bvLeaf(unsigned w) {
    if (chance(40))
      return constLeaf(w);
    std::string name(1, chance(60) ? 'x' : 'y');
    name += std::to_string(w);
    return leaf(ctx_.var(name, Sort::bv(w)));
  }

  RecipeP binary(Kind k, unsigned w, int depth) {
    RecipeP a = bits(w, depth - 1), b = bits(w, depth - 1);
    if (chance(25))
      (chance(50) ? a : b) = constLeaf(w);
    if (chance(10))
      b = a;
    return node(k, {a, b});
  }
  /// op(a, b), sometimes of two operands extended from fewer bits (the
  /// *-narrow rules' shape).
  RecipeP division(Kind op, unsigned w, int depth) {
    // (narrow enough for Z3 to prove division circuits equal quickly)
    if (w >= 2 && w <= 16 && chance(20)) {
      Kind ext = op == Kind::SDiv ? Kind::SExt : Kind::ZExt;
      unsigned n = 1 + pick(w - 1);
      return node(op, {node(ext, {bits(n, depth - 2)}, w),
                       node(ext, {divisor(n, depth - 1)}, w)});
    }
    return node(op, {bits(w, depth - 1), divisor(w, depth)});
  }
  RecipeP divisor(unsigned w, int depth) {
    if (chance(40))
      return constLeaf(w);
    return bits(w, depth - 1);
  }
  RecipeP shiftAmount(unsigned w, int depth) {
    if (chance(50)) {
      static constexpr int deltas[] = {-1, 0, 1};
      uint64_t v = chance(30) ? pick(3) : w + deltas[pick(3)];
      return leaf(ctx_.bv(w, v));
    }
    return bits(w, depth - 1);
  }

  // Widest source to slice a w-bit term from.
  unsigned sourceLimit(unsigned w) {
    return w > 64 || chance(3) ? kMaxWidth : 64;
  }

  RecipeP extractOf(unsigned w, int depth) {
    unsigned ws = w + pick(sourceLimit(w) + 1 - w); // in [w, 64] mostly
    if (chance(50)) {
      for (unsigned cand : kWidths)
        if (cand >= w && chance(50)) {
          ws = cand;
          break;
        }
    }
    unsigned lo = pick(ws - w + 1);
    RecipeP src;
    if (ws >= 2 && chance(20)) {
      // A slice of an extension: within, across or above the operand.
      src = node(chance(50) ? Kind::ZExt : Kind::SExt,
                 {bits(1 + pick(ws - 1), depth - 2)}, ws);
    } else {
      src = bits(ws, depth - 1);
    }
    return node(Kind::Extract, {src}, lo + w - 1, lo);
  }

  RecipeP concatOf(unsigned w, int depth) {
    unsigned lw = 1 + pick(w - 1);
    if (chance(40)) {
      // Adjacent slices of one term, which concat-adjacent-extracts joins.
      unsigned ws = w + pick(sourceLimit(w) + 1 - w);
      unsigned lo = pick(ws - w + 1);
      RecipeP src = bits(ws, depth - 2);
      RecipeP hi = node(Kind::Extract, {src}, lo + w - 1, lo + lw);
      if (lw >= 2 && chance(50)) {
        // concat(x[h:m+1], concat(x[m:l], y)): the nested form.
        unsigned yw = 1 + pick(lw - 1);
        RecipeP mid = node(Kind::Extract, {src}, lo + lw - 1, lo + yw);
        return node(Kind::Concat,
                    {hi, node(Kind::Concat, {mid, bits(yw, depth - 2)})});
      }
      return node(Kind::Concat,
                  {hi, node(Kind::Extract, {src}, lo + lw - 1, lo)});
    }
    if (chance(10)) {
      // The high bits of an extension over its own operand, which
      // concat-extension-of-low turns back into the extension.
      // The low part is the operand or the same extension, narrower.
      unsigned xw = 1 + pick(lw);
      RecipeP x = bits(xw, depth - 2);
      unsigned ws = w + pick(sourceLimit(w) + 1 - w);
      Kind kind = chance(50) ? Kind::ZExt : Kind::SExt;
      RecipeP ext = node(kind, {x}, ws);
      RecipeP low = xw == lw ? x : node(kind, {x}, lw);
      return node(Kind::Concat,
                  {node(Kind::Extract, {ext}, w - 1, lw), low});
    }
    if (chance(15)) {
      // Bytes merged under one guard, which concat-ite-same-cond joins:
      // concat(ite(c, a, b), ite(c, d, e)), or nested with a tail y.
      RecipeP c = boolean(depth - 2);
      RecipeP hi = node(Kind::Ite, {c, bits(w - lw, depth - 2),
                                    bits(w - lw, depth - 2)});
      if (lw >= 2 && chance(50)) {
        unsigned yw = 1 + pick(lw - 1);
        RecipeP mid = node(Kind::Ite, {c, bits(lw - yw, depth - 2),
                                       bits(lw - yw, depth - 2)});
        return node(Kind::Concat,
                    {hi, node(Kind::Concat, {mid, bits(yw, depth - 2)})});
      }
      return node(Kind::Concat,
                  {hi, node(Kind::Ite, {c, bits(lw, depth - 2),
                                        bits(lw, depth - 2)})});
    }
    RecipeP h = chance(15) ? leaf(ctx_.bv(w - lw, 0)) : bits(w - lw, depth - 1);
    return node(Kind::Concat, {h, bits(lw, depth - 1)});
  }

  // concat(select(a, i+n-1), ..., select(a, i)) truncated to w bits.
  RecipeP loadOf(unsigned w, int depth) {
    RecipeP arr = array(depth - 2);
    RecipeP base = index(depth - 2);
    unsigned n = (w + 7) / 8;
    RecipeP acc;
    for (unsigned i = 0; i < n; ++i) {
      RecipeP idx = i == 0 ? base
                           : node(Kind::Add, {leaf(ctx_.bv(64, i)), base});
      RecipeP byte = node(Kind::Select, {arr, idx});
      acc = acc ? node(Kind::Concat, {byte, acc}) : byte;
    }
    if (n * 8 != w)
      acc = node(Kind::Extract, {acc}, w - 1, 0);
    return acc;
  }

  RecipeP index(int depth) {
    unsigned r = pick(100);
    if (r < 50) {
      static constexpr uint64_t small[] = {0, 1, 2, ~0ull};
      return leaf(ctx_.bv(64, small[pick(4)]));
    }
    if (r < 75)
      return leaf(ctx_.var(chance(60) ? "x64" : "y64", Sort::bv(64)));
    return bits(64, depth);
  }

  ExprContext &ctx_;
  std::mt19937_64 rng_;
  TermGenOptions opts_;
  std::map<std::pair<int, unsigned>, std::vector<RecipeP>> pool_;
};

enum class BuildMode { Raw, Simplify, Mixed };

/// Builds recipes into terms; memoized per recipe node, so a reused
/// sub-recipe becomes one shared subterm.
class RecipeBuilder {
public:
  RecipeBuilder(ExprContext &ctx, BuildMode mode, uint64_t seed = 0)
      : ctx_(ctx), mode_(mode), rng_(seed) {}

  ExprRef build(const RecipeP &r) {
    if (r->leaf)
      return r->leaf;
    auto it = memo_.find(r.get());
    if (it != memo_.end())
      return it->second;
    std::vector<ExprRef> kids;
    for (const RecipeP &k : r->kids)
      kids.push_back(build(k));
    bool raw = mode_ == BuildMode::Raw ||
               (mode_ == BuildMode::Mixed && (rng_() & 1));
    ExprRef e = raw ? ctx_.raw(r->kind, kids, r->aux0, r->aux1)
                    : ctx_.rebuild(r->kind, kids, r->aux0, r->aux1);
    if (!raw)
      steps_.push_back({r->kind, std::move(kids), r->aux0, r->aux1, e});
    memo_.emplace(r.get(), e);
    return e;
  }

  /// One call of the simplifying builders: `result` must equal
  /// raw(kind, kids, aux0, aux1). By congruence, checking every step proves
  /// the whole term equal to its reference.
  struct Step {
    Kind kind;
    std::vector<ExprRef> kids;
    unsigned aux0, aux1;
    ExprRef result;
  };
  const std::vector<Step> &steps() const { return steps_; }

private:
  ExprContext &ctx_;
  BuildMode mode_;
  std::mt19937_64 rng_;
  std::unordered_map<const Recipe *, ExprRef> memo_;
  std::vector<Step> steps_;
};

/// Random values for the free variables of `terms` (arrays: a few explicit
/// bytes over a fallback), drawn from edge cases most of the time.
inline Assignment randomAssignment(TermGen &gen,
                                   const std::vector<ExprRef> &vars) {
  Assignment a;
  for (const ExprRef &v : vars) {
    if (v->kind() == Kind::ArrayVar) {
      ArrayValue av;
      av.fallback = static_cast<uint8_t>(gen.edgeValue(8).getZExtValue());
      static constexpr uint64_t idx[] = {0, 1, 2, 3, ~0ull};
      for (uint64_t i : idx)
        if (gen.chance(60))
          av.bytes[i] = static_cast<uint8_t>(gen.edgeValue(8).getZExtValue());
      a.setArray(v, std::move(av));
    } else if (v->sort().isBool()) {
      a.set(v, Value::ofBool(gen.chance(50)));
    } else {
      a.set(v, Value::ofBits(gen.edgeValue(v->width())));
    }
  }
  return a;
}

} // namespace cosmo::expr::testing

#endif // COSMO_UNITTESTS_EXPR_RANDOMTERMS_H
