//===- BitFacts.cpp - bits a path condition fixes -------------------------===//

#include "pipeline/BitFacts.h"

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;
using llvm::APInt;
using llvm::KnownBits;

namespace {

/// Terms deeper than this are left unknown rather than risk the stack.
constexpr unsigned kMaxDepth = 2000;
/// Facts are pushed this far down.
constexpr unsigned kMaxLearnDepth = 64;

bool isBool(const Expr *e) { return e->sort().isBool(); }

/// How many low bits of `k` are known.
unsigned knownLowBits(const KnownBits &k) {
  return (k.Zero | k.One).countTrailingOnes();
}

/// `k` restricted to its low `n` known bits holding `value`'s low bits.
KnownBits lowBits(const APInt &value, unsigned n) {
  KnownBits r(value.getBitWidth());
  APInt mask = APInt::getLowBitsSet(value.getBitWidth(), n);
  r.One = value & mask;
  r.Zero = ~value & mask;
  return r;
}

/// The inverse of odd `k` modulo 2^width (Newton's iteration doubles the
/// correct low bits each step; k·k ≡ 1 mod 8 starts it at three).
APInt oddInverse(const APInt &k) {
  APInt inv = k;
  for (int i = 0; i < 6; ++i)
    inv *= APInt(k.getBitWidth(), 2) - k * inv;
  return inv;
}

/// The bits of ~x for x with bits `k`.
KnownBits flipped(const KnownBits &k) {
  KnownBits r(k.getBitWidth());
  r.Zero = k.One;
  r.One = k.Zero;
  return r;
}

/// What is known of an unsigned value at most `max`: its high zero bits.
KnownBits atMost(const APInt &max) {
  KnownBits r(max.getBitWidth());
  r.Zero.setHighBits(max.countLeadingZeros());
  return r;
}

} // namespace

BitFacts::BitFacts(std::span<const expr::ExprRef> constraints) {
  // A fact may make an earlier constraint informative (a disequality whose
  // other bits became known), so go over them until nothing new is learned.
  for (int pass = 0; pass < 3 && !conflict_; ++pass) {
    changed_ = false;
    for (const expr::ExprRef &c : constraints)
      assume(c.get(), true, 0);
    if (!changed_)
      break;
  }
}

std::optional<bool> BitFacts::decide(const expr::ExprRef &c) {
  if (conflict_)
    return std::nullopt;
  asked_.push_back(c);
  std::optional<bool> v = computeBool(c.get());
  return conflict_ ? std::nullopt : v;
}

KnownBits BitFacts::bits(const expr::ExprRef &t) {
  if (conflict_)
    return KnownBits(t->width());
  asked_.push_back(t);
  KnownBits k = compute(t.get());
  return conflict_ ? KnownBits(t->width()) : k;
}

//===--- Reading facts off constraints ------------------------------------===//

void BitFacts::assume(const Expr *c, bool value, unsigned depth) {
  if (conflict_ || depth > kMaxLearnDepth)
    return;
  if (c->kind() == Kind::BoolConst) {
    if (c->boolValue() != value)
      conflict_ = true;
    return;
  }
  auto [it, fresh] = truths_.emplace(c, value);
  if (!fresh && it->second != value) {
    conflict_ = true;
    return;
  }
  if (fresh) {
    boolMemo_.clear();
    changed_ = true;
  }
  const unsigned d = depth + 1;
  switch (c->kind()) {
  case Kind::Not:
    assume(c->child(0), !value, d);
    return;
  case Kind::And:
  case Kind::Or: {
    // A conjunction that holds (a disjunction that fails) says so of both
    // parts; otherwise one part decided the other way says it of the other.
    bool all = (c->kind() == Kind::And) == value;
    for (unsigned i = 0; i < 2; ++i) {
      if (all)
        assume(c->child(i), value, d);
      else if (computeBool(c->child(1 - i)) == std::optional<bool>(!value))
        assume(c->child(i), value, d);
    }
    return;
  }
  case Kind::Eq: {
    const Expr *a = c->child(0), *b = c->child(1);
    if (isBool(a)) {
      for (unsigned i = 0; i < 2; ++i)
        if (std::optional<bool> o = computeBool(c->child(1 - i)))
          assume(c->child(i), value ? *o : !*o, d);
      return;
    }
    if (value) {
      // Equal terms share their known bits.
      KnownBits ka = compute(a), kb = compute(b);
      learn(a, kb, d);
      learn(b, ka, d);
      return;
    }
    // a ≠ b: when all but one bit of a side are known and agree with the
    // other side, a constant, that bit is the other way.
    for (unsigned i = 0; i < 2; ++i) {
      KnownBits x = compute(c->child(i)), y = compute(c->child(1 - i));
      if (!y.isConstant())
        continue;
      APInt unknown = ~(x.Zero | x.One);
      if (unknown.countPopulation() != 1)
        continue;
      const APInt &k = y.getConstant();
      if ((x.One & ~k) != 0 || (x.Zero & k) != 0)
        continue; // already differ elsewhere
      KnownBits r = x;
      if ((k & unknown) != 0)
        r.Zero |= unknown;
      else
        r.One |= unknown;
      learn(c->child(i), r, d);
    }
    return;
  }
  case Kind::Ult:
  case Kind::Ule: {
    // a < b (a ≤ b) bounds a by b's largest value; failing, it bounds b.
    bool strict = c->kind() == Kind::Ult;
    const Expr *small = value ? c->child(0) : c->child(1);
    const Expr *big = value ? c->child(1) : c->child(0);
    if (!value)
      strict = !strict; // ¬(a < b) is b ≤ a; ¬(a ≤ b) is b < a
    APInt max = compute(big).getMaxValue();
    if (strict) {
      if (max.isZero()) {
        conflict_ = true;
        return;
      }
      --max;
    }
    learn(small, atMost(max), d);
    return;
  }
  default:
    return;
  }
}

void BitFacts::learn(const Expr *t, const KnownBits &k, unsigned depth) {
  if (conflict_ || depth > kMaxLearnDepth || k.isUnknown())
    return;
  if (t->kind() == Kind::BVConst) {
    const APInt &v = t->bvValue();
    if ((k.One & ~v) != 0 || (k.Zero & v) != 0)
      conflict_ = true;
    return;
  }
  auto [it, fresh] = facts_.try_emplace(t, k.getBitWidth());
  KnownBits &f = it->second;
  APInt oldKnown = f.Zero | f.One;
  f.Zero |= k.Zero;
  f.One |= k.One;
  if (f.hasConflict()) {
    conflict_ = true;
    return;
  }
  if ((f.Zero | f.One) == oldKnown && !fresh)
    return;
  changed_ = true;
  bitsMemo_.clear();
  boolMemo_.clear();
  const KnownBits now = f; // `f` may move as facts_ grows
  const unsigned d = depth + 1;
  const unsigned w = t->width();

  // The operand that is not `x` when the other is a constant.
  auto constantOther = [&](unsigned i) -> std::optional<APInt> {
    KnownBits o = compute(t->child(1 - i));
    if (o.isConstant())
      return o.getConstant();
    return std::nullopt;
  };
  switch (t->kind()) {
  case Kind::BAnd:
  case Kind::BOr:
  case Kind::BXor:
    for (unsigned i = 0; i < 2; ++i) {
      std::optional<APInt> m = constantOther(i);
      if (!m)
        continue;
      KnownBits r(w);
      if (t->kind() == Kind::BAnd) { // bits where the mask is one pass
        r.Zero = now.Zero & *m;
        r.One = now.One & *m;
      } else if (t->kind() == Kind::BOr) { // bits where it is zero pass
        r.Zero = now.Zero & ~*m;
        r.One = now.One & ~*m;
      } else { // flipped where it is one
        r.Zero = (now.Zero & ~*m) | (now.One & *m);
        r.One = (now.One & ~*m) | (now.Zero & *m);
      }
      learn(t->child(i), r, d);
    }
    return;
  case Kind::Add:
  case Kind::Sub:
  case Kind::Mul: {
    // Low bits of a sum, difference or odd multiple determine the same
    // low bits of the unknown operand.
    unsigned n = knownLowBits(now);
    if (n == 0)
      return;
    APInt low = now.One; // the known low bits' value
    for (unsigned i = 0; i < 2; ++i) {
      std::optional<APInt> k2 = constantOther(i);
      if (!k2)
        continue;
      APInt x(w, 0);
      if (t->kind() == Kind::Add)
        x = low - *k2;
      else if (t->kind() == Kind::Sub)
        x = i == 0 ? low + *k2 : *k2 - low; // t = x - k or t = k - x
      else if ((*k2)[0])
        x = low * oddInverse(*k2);
      else
        continue;
      learn(t->child(i), lowBits(x, n), d);
    }
    return;
  }
  case Kind::URem:
  case Kind::UDiv: {
    // By 2^k: the low k bits of x, or x shifted right by k.
    KnownBits dv = compute(t->child(1));
    if (!dv.isConstant() || !dv.getConstant().isPowerOf2())
      return;
    unsigned k = dv.getConstant().logBase2();
    KnownBits r(w);
    if (t->kind() == Kind::URem) {
      if (k == 0)
        return; // x % 1 is 0 whatever x is
      r = now.extractBits(k, 0).anyext(w);
    } else {
      r.Zero = now.Zero.shl(k);
      r.One = now.One.shl(k);
    }
    learn(t->child(0), r, d);
    return;
  }
  case Kind::Neg: {
    unsigned n = knownLowBits(now);
    if (n)
      learn(t->child(0), lowBits(-now.One, n), d);
    return;
  }
  case Kind::BNot:
    learn(t->child(0), flipped(now), d);
    return;
  case Kind::Shl:
  case Kind::LShr: {
    KnownBits s = compute(t->child(1));
    if (!s.isConstant() || s.getConstant().uge(w))
      return;
    unsigned sh = static_cast<unsigned>(s.getConstant().getZExtValue());
    KnownBits r(w);
    if (t->kind() == Kind::Shl) { // x's bits [0, w-sh) are t's [sh, w)
      r.Zero = now.Zero.lshr(sh);
      r.One = now.One.lshr(sh);
    } else { // x's bits [sh, w) are t's [0, w-sh)
      r.Zero = now.Zero.shl(sh);
      r.One = now.One.shl(sh);
    }
    learn(t->child(0), r, d);
    return;
  }
  case Kind::Extract: {
    const Expr *x = t->child(0);
    KnownBits r(x->width());
    r.insertBits(now, t->aux1());
    learn(x, r, d);
    return;
  }
  case Kind::ZExt:
  case Kind::SExt: {
    const Expr *x = t->child(0);
    learn(x, now.trunc(x->width()), d);
    return;
  }
  case Kind::Concat: {
    const Expr *hi = t->child(0), *lo = t->child(1);
    learn(lo, now.extractBits(lo->width(), 0), d);
    learn(hi, now.extractBits(hi->width(), lo->width()), d);
    return;
  }
  case Kind::Ite:
    if (std::optional<bool> c = computeBool(t->child(0)))
      learn(t->child(*c ? 1 : 2), now, d);
    return;
  default:
    return;
  }
}

//===--- Evaluating terms -------------------------------------------------===//

KnownBits BitFacts::compute(const Expr *t) {
  if (auto it = bitsMemo_.find(t); it != bitsMemo_.end())
    return it->second;
  const unsigned w = t->width();
  KnownBits r(w);
  if (depth_ < kMaxDepth) {
    ++depth_;
    auto kid = [&](unsigned i) { return compute(t->child(i)); };
    auto constantShift = [&]() -> std::optional<unsigned> {
      KnownBits s = kid(1);
      if (!s.isConstant() || s.getConstant().uge(w))
        return std::nullopt;
      return static_cast<unsigned>(s.getConstant().getZExtValue());
    };
    switch (t->kind()) {
    case Kind::BVConst:
      r = KnownBits::makeConstant(t->bvValue());
      break;
    case Kind::Ite: {
      std::optional<bool> c = computeBool(t->child(0));
      r = c ? kid(*c ? 1 : 2) : KnownBits::commonBits(kid(1), kid(2));
      break;
    }
    case Kind::Add:
    case Kind::Sub:
      r = KnownBits::computeForAddSub(t->kind() == Kind::Add, false, kid(0),
                                      kid(1));
      break;
    case Kind::Neg:
      r = KnownBits::computeForAddSub(
          false, false, KnownBits::makeConstant(APInt(w, 0)), kid(0));
      break;
    case Kind::Mul:
      r = KnownBits::mul(kid(0), kid(1));
      break;
    case Kind::UDiv:
    case Kind::URem: {
      // Only by a known nonzero divisor (SMT-LIB defines division by zero,
      // LLVM's transfer functions do not).
      KnownBits b = kid(1);
      if (b.isConstant() && !b.getConstant().isZero())
        r = t->kind() == Kind::UDiv ? KnownBits::udiv(kid(0), b)
                                    : KnownBits::urem(kid(0), b);
      break;
    }
    case Kind::Shl:
    case Kind::LShr:
    case Kind::AShr:
      if (std::optional<unsigned> sh = constantShift()) {
        KnownBits a = kid(0);
        if (t->kind() == Kind::Shl) {
          r.Zero = a.Zero.shl(*sh);
          r.Zero.setLowBits(*sh);
          r.One = a.One.shl(*sh);
        } else if (t->kind() == Kind::LShr) {
          r.Zero = a.Zero.lshr(*sh);
          r.Zero.setHighBits(*sh);
          r.One = a.One.lshr(*sh);
        } else {
          r.Zero = a.Zero.ashr(*sh);
          r.One = a.One.ashr(*sh);
        }
      }
      break;
    case Kind::BAnd:
      r = kid(0) & kid(1);
      break;
    case Kind::BOr:
      r = kid(0) | kid(1);
      break;
    case Kind::BXor:
      r = kid(0) ^ kid(1);
      break;
    case Kind::BNot:
      r = flipped(kid(0));
      break;
    case Kind::Concat: {
      KnownBits lo = kid(1);
      r.insertBits(lo, 0);
      r.insertBits(kid(0), lo.getBitWidth());
      break;
    }
    case Kind::Extract:
      r = kid(0).extractBits(t->aux0() - t->aux1() + 1, t->aux1());
      break;
    case Kind::ZExt:
      r = kid(0).zext(w);
      break;
    case Kind::SExt:
      r = kid(0).sext(w);
      break;
    default: // variables, array reads, signed division: unknown
      break;
    }
    --depth_;
  }
  if (auto it = facts_.find(t); it != facts_.end()) {
    r.Zero |= it->second.Zero;
    r.One |= it->second.One;
    if (r.hasConflict()) {
      conflict_ = true;
      r.resetAll();
    }
  }
  bitsMemo_.emplace(t, r);
  return r;
}

std::optional<bool> BitFacts::computeBool(const Expr *c) {
  if (auto it = boolMemo_.find(c); it != boolMemo_.end())
    return it->second;
  std::optional<bool> r;
  if (depth_ >= kMaxDepth)
    return r;
  struct Nest {
    unsigned &d;
    explicit Nest(unsigned &depth) : d(++depth) {}
    ~Nest() { --d; }
  } nest(depth_);
  auto b = [&](unsigned i) { return computeBool(c->child(i)); };
  auto cmp = [&](auto fn) -> std::optional<bool> {
    llvm::Optional<bool> o = fn(compute(c->child(0)), compute(c->child(1)));
    return o ? std::optional<bool>(*o) : std::nullopt;
  };
  switch (c->kind()) {
  case Kind::BoolConst:
    r = c->boolValue();
    break;
  case Kind::Not:
    if (std::optional<bool> x = b(0))
      r = !*x;
    break;
  case Kind::And:
  case Kind::Or: {
    bool absorbing = c->kind() == Kind::Or; // true decides an Or
    std::optional<bool> x = b(0), y = b(1);
    if (x == absorbing || y == absorbing)
      r = absorbing;
    else if (x && y)
      r = !absorbing;
    break;
  }
  case Kind::Ite: {
    std::optional<bool> k = b(0);
    if (k)
      r = b(*k ? 1 : 2);
    else if (std::optional<bool> x = b(1); x && x == b(2))
      r = x;
    break;
  }
  case Kind::Eq:
    if (isBool(c->child(0))) {
      std::optional<bool> x = b(0), y = b(1);
      if (x && y)
        r = *x == *y;
    } else {
      r = cmp(KnownBits::eq);
    }
    break;
  case Kind::Ult:
    r = cmp(KnownBits::ult);
    break;
  case Kind::Ule:
    r = cmp(KnownBits::ule);
    break;
  case Kind::Slt:
    r = cmp(KnownBits::slt);
    break;
  case Kind::Sle:
    r = cmp(KnownBits::sle);
    break;
  default: // Bool variables
    break;
  }
  if (auto it = truths_.find(c); it != truths_.end()) {
    if (r && *r != it->second)
      conflict_ = true;
    r = it->second;
  }
  boolMemo_.emplace(c, r);
  return r;
}

} // namespace cosmo::solver
