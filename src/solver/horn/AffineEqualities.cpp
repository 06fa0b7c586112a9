//===- AffineEqualities.cpp - linear equalities a Horn system's states keep ===//
//
// See AffineEqualities.h.
//
//===----------------------------------------------------------------------===//

#include "horn/AffineEqualities.h"

#include "cosmo/expr/Assignment.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <set>

namespace cosmo::solver {

namespace {

using Clock = std::chrono::steady_clock;
using int128 = __int128;

//===--- The affine hull, modulo a prime --------------------------------===//

/// Elimination runs modulo the Mersenne prime 2^61 - 1: the rank of the
/// samples' differences over the rationals is their rank modulo it except
/// for a negligible set of values, and every equality read back is
/// verified exactly.
constexpr uint64_t kPrime = (uint64_t(1) << 61) - 1;
/// Coefficients read back by rational reconstruction: numerators and
/// denominators below 2^30 (< sqrt(kPrime / 2)).
constexpr int64_t kReconstructionBound = int64_t(1) << 30;
/// Largest coefficient of an equality kept.
constexpr int64_t kMaxCoefficient = int64_t(1) << 20;

uint64_t reduce(int128 v) {
  int128 r = v % int128(kPrime);
  return static_cast<uint64_t>(r < 0 ? r + kPrime : r);
}
uint64_t mulMod(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((unsigned __int128)a * b % kPrime);
}
uint64_t powMod(uint64_t a, uint64_t e) {
  uint64_t r = 1;
  for (; e; e >>= 1, a = mulMod(a, a))
    if (e & 1)
      r = mulMod(r, a);
  return r;
}
uint64_t inverse(uint64_t a) { return powMod(a, kPrime - 2); }

/// a / b with |a|, b below kReconstructionBound and a == x * b (mod
/// kPrime), by the half-extended Euclid algorithm; none when there is none.
std::optional<std::pair<int64_t, int64_t>> rational(uint64_t x) {
  int128 r0 = kPrime, r1 = x, s0 = 0, s1 = 1;
  while (r1 >= kReconstructionBound) {
    int128 q = r0 / r1;
    int128 r2 = r0 - q * r1, s2 = s0 - q * s1;
    r0 = r1, r1 = r2, s0 = s1, s1 = s2;
  }
  if (s1 == 0 || s1 >= kReconstructionBound || -s1 >= kReconstructionBound)
    return std::nullopt;
  int64_t a = static_cast<int64_t>(r1), b = static_cast<int64_t>(s1);
  if (b < 0)
    a = -a, b = -b;
  return std::make_pair(a, b);
}

int64_t gcd64(int64_t a, int64_t b) { return std::gcd(a < 0 ? -a : a, b); }

} // namespace

std::vector<AffineEquality>
affineHullEqualities(const std::vector<std::vector<int64_t>> &points) {
  std::vector<AffineEquality> out;
  if (points.empty())
    return out;
  const size_t m = points.front().size();
  // Rows: the differences from the first point, reduced.
  std::vector<std::vector<uint64_t>> rows;
  for (size_t k = 1; k < points.size(); ++k) {
    std::vector<uint64_t> row(m);
    for (size_t i = 0; i < m; ++i)
      row[i] = reduce(int128(points[k][i]) - points[0][i]);
    rows.push_back(std::move(row));
  }
  // Reduced row echelon form.
  std::vector<size_t> pivots; // pivot column of each leading row
  size_t lead = 0;
  for (size_t col = 0; col < m && lead < rows.size(); ++col) {
    size_t at = lead;
    while (at < rows.size() && rows[at][col] == 0)
      ++at;
    if (at == rows.size())
      continue;
    std::swap(rows[at], rows[lead]);
    uint64_t inv = inverse(rows[lead][col]);
    for (uint64_t &v : rows[lead])
      v = mulMod(v, inv);
    for (size_t r = 0; r < rows.size(); ++r) {
      if (r == lead || rows[r][col] == 0)
        continue;
      uint64_t f = rows[r][col];
      for (size_t i = 0; i < m; ++i)
        rows[r][i] =
            (rows[r][i] + kPrime - mulMod(f, rows[lead][i])) % kPrime;
    }
    pivots.push_back(col);
    ++lead;
  }
  std::vector<bool> isPivot(m, false);
  for (size_t p : pivots)
    isPivot[p] = true;
  // One equality per free column: x_free = 1, each pivot variable -R[j][free].
  for (size_t free = 0; free < m; ++free) {
    if (isPivot[free])
      continue;
    std::vector<std::pair<int64_t, int64_t>> fractions(m, {0, 1});
    fractions[free] = {1, 1};
    bool ok = true;
    for (size_t j = 0; j < pivots.size() && ok; ++j) {
      uint64_t v = (kPrime - rows[j][free]) % kPrime;
      auto f = rational(v);
      ok = f.has_value();
      if (ok)
        fractions[pivots[j]] = *f;
    }
    if (!ok)
      continue;
    int64_t lcm = 1;
    for (const auto &fraction : fractions) {
      lcm = lcm / std::gcd(lcm, fraction.second) * fraction.second;
      if (lcm > kMaxCoefficient)
        break;
    }
    if (lcm > kMaxCoefficient)
      continue;
    AffineEquality eq;
    eq.determined = free;
    int64_t g = 0;
    for (const auto &[a, b] : fractions) {
      int128 c = int128(a) * (lcm / b);
      if (c > kMaxCoefficient || -c > kMaxCoefficient) {
        ok = false;
        break;
      }
      eq.coefficients.push_back(static_cast<int64_t>(c));
      g = gcd64(static_cast<int64_t>(c), g);
    }
    if (!ok || g == 0)
      continue;
    for (int64_t &c : eq.coefficients)
      c /= g;
    // Exact check against every point (the prime could have lied).
    auto dot = [&](const std::vector<int64_t> &p) {
      int128 s = 0;
      for (size_t i = 0; i < m; ++i)
        s += int128(eq.coefficients[i]) * p[i];
      return s;
    };
    eq.constant = dot(points.front());
    if (std::all_of(points.begin(), points.end(), [&](const auto &p) {
          return dot(p) == eq.constant;
        }))
      out.push_back(std::move(eq));
  }
  return out;
}

namespace {

/// Bounds of the sampling.
constexpr size_t kMaxSamples = 40;  ///< states per relation
constexpr size_t kEntrySamples = 6; ///< states from one entry clause
constexpr size_t kSuccessors = 2;   ///< states from one state by one clause
constexpr unsigned kRandomAttempts = 4; ///< evaluations of one iteration
constexpr unsigned kQueryMs = 60;

/// Samples the states of each relation (see the header comment).
class Sampler {
public:
  Sampler(const HornSystem &system, Z3Translator &bv,
          Clock::time_point deadline)
      : system_(system), bv_(bv), deadline_(deadline),
        samples_(system.relations().size()) {}

  /// Per relation, its sampled states: the values of its bit-vector
  /// arguments (of at most 64 bits; others none).
  const std::vector<std::vector<std::vector<std::optional<llvm::APInt>>>> &
  run() {
    // Depth first: every state is derived from through each clause whose
    // first atom is of its relation, the newest first, so that a loop's
    // chain of states reaches its exit (and the next loop's states) before
    // the samples of one relation are used up on its entries.
    std::vector<std::pair<size_t, size_t>> stack; // (relation, state)
    auto derived = [&](const HornClause &c, size_t atom, size_t pick) {
      if (Clock::now() >= deadline_ ||
          samples_[c.head->relation].size() >= kMaxSamples ||
          !derive(c, atom, pick))
        return;
      stack.emplace_back(c.head->relation,
                         samples_[c.head->relation].size() - 1);
    };
    for (const HornClause &c : system_.clauses())
      if (c.head && c.body.empty())
        for (size_t t = 0; t < kEntrySamples; ++t)
          derived(c, 0, 0);
    std::reverse(stack.begin(), stack.end()); // the first entry first
    while (!stack.empty() && Clock::now() < deadline_) {
      auto [r, state] = stack.back();
      stack.pop_back();
      // Through every clause with an atom of r's: a loop after loops in
      // sequence is entered from the states of each (its arrival's body
      // has an atom of every one), and the state new here may be the one
      // that the others' states, sampled earlier, were waiting for.
      for (const HornClause &c : system_.clauses())
        if (c.head)
          for (size_t k = 0; k < c.body.size(); ++k)
            if (c.body[k].relation == r)
              for (size_t t = 0; t < kSuccessors; ++t)
                derived(c, k, state);
    }
    return samples_;
  }

private:
  using State = std::vector<std::optional<llvm::APInt>>;

  static bool sampled(const expr::Sort &s) {
    return s.isBV() && s.width <= 64;
  }

  /// One new state of `c`'s head from state `pick` of its body atom
  /// `atom` and a state of each other body atom that agrees with it on
  /// the variables they share; false when none (unsat, unknown, a body
  /// relation without such states). Small values first: Z3's first model
  /// of an entry clause often has a bound of 2^30, from which the loop's
  /// exit is never sampled.
  bool derive(const HornClause &c, size_t atom, size_t pick) {
    z3::context &z3 = bv_.z3();
    std::vector<const State *> from(c.body.size(), nullptr);
    std::map<const expr::Expr *, llvm::APInt> shared;
    auto agrees = [&](const HornAtom &a, const State &st) {
      for (size_t i = 0; i < a.args.size(); ++i)
        if (a.args[i]->kind() == expr::Kind::Var && st[i])
          if (auto it = shared.find(a.args[i].get());
              it != shared.end() && it->second != *st[i])
            return false;
      return true;
    };
    auto choose = [&](size_t k, const State &st) {
      from[k] = &st;
      const HornAtom &a = c.body[k];
      for (size_t i = 0; i < a.args.size(); ++i)
        if (a.args[i]->kind() == expr::Kind::Var && st[i])
          shared.emplace(a.args[i].get(), *st[i]);
    };
    if (!c.body.empty())
      choose(atom, samples_[c.body[atom].relation][pick]);
    for (size_t k = 0; k < c.body.size(); ++k) {
      if (from[k])
        continue;
      const auto &states = samples_[c.body[k].relation];
      size_t first = states.empty() ? 0 : random_() % states.size();
      for (size_t n = 0; n < states.size() && !from[k]; ++n)
        if (const State &st = states[(first + n) % states.size()];
            agrees(c.body[k], st))
          choose(k, st);
      if (!from[k])
        return false;
    }
    if (!c.body.empty())
      if (std::optional<State> st = evaluateStep(c, from)) {
        samples_[c.head->relation].push_back(std::move(*st));
        return true;
      }
    try {
      z3::expr_vector premise(z3);
      for (size_t k = 0; k < c.body.size(); ++k) {
        const HornAtom &a = c.body[k];
        const State &st = *from[k];
        for (size_t i = 0; i < a.args.size(); ++i)
          if (st[i])
            premise.push_back(bv_.translate(a.args[i].get()) ==
                              value(*st[i]));
      }
      // Something new: not a state already sampled.
      const HornAtom &head = *c.head;
      std::vector<z3::expr> headTerms;
      for (const ExprRef &t : head.args)
        headTerms.push_back(bv_.translate(t.get()));
      for (const State &known : samples_[head.relation]) {
        z3::expr_vector same(z3);
        for (size_t i = 0; i < known.size(); ++i)
          if (known[i])
            same.push_back(headTerms[i] == value(*known[i]));
        if (!same.empty())
          premise.push_back(!z3::mk_and(same));
      }
      z3::expr_vector small(z3);
      // (The first entry states the smallest: the deepest chains.)
      int64_t bound = c.body.empty() ? 16 + (int64_t(2) << entries_++) : 1024;
      for (const ExprRef &v : HornSystem::variablesOf(c))
        if (v->sort().isBV() && v->width() > 8 && v->width() <= 64) {
          z3::expr t = bv_.translate(v.get());
          unsigned w = v->width();
          small.push_back(z3::sge(t, z3.bv_val(-bound, w)) &&
                          z3::sle(t, z3.bv_val(bound, w)));
        }
      z3::solver &solver = solverFor(c);
      std::optional<z3::model> m = model(solver, premise, small);
      if (!m && !small.empty())
        m = model(solver, premise, z3::expr_vector(z3));
      if (!m)
        return false;
      State st(head.args.size());
      const auto &sorts = system_.relations()[head.relation].args;
      for (size_t i = 0; i < head.args.size(); ++i) {
        if (!sampled(sorts[i]))
          continue;
        z3::expr v = m->eval(headTerms[i], true);
        uint64_t bits = 0;
        if (!v.is_numeral_u64(bits))
          return false;
        st[i] = llvm::APInt(sorts[i].width, bits);
      }
      samples_[head.relation].push_back(std::move(st));
      return true;
    } catch (const z3::exception &) {
      return false;
    }
  }

  /// The fast way through an iteration: its body atoms' arguments are
  /// plain variables, bound to the states `from`; the clause's other
  /// variables (inputs read in the iteration) take a few random small
  /// values. A new state when the constraint then holds, by evaluation
  /// (Z3 takes milliseconds per state, this microseconds).
  std::optional<State> evaluateStep(const HornClause &c,
                                    const std::vector<const State *> &from) {
    expr::Assignment bound;
    std::set<ExprRef> bodyVars;
    for (size_t k = 0; k < c.body.size(); ++k)
      for (size_t i = 0; i < c.body[k].args.size(); ++i) {
        const ExprRef &arg = c.body[k].args[i];
        if (arg->kind() != expr::Kind::Var) {
          if ((*from[k])[i])
            return std::nullopt;
          continue;
        }
        bodyVars.insert(arg);
        if ((*from[k])[i])
          bound.set(arg, expr::Value::ofBits(*(*from[k])[i]));
      }
    std::vector<ExprRef> others;
    for (const ExprRef &v : HornSystem::variablesOf(c))
      if (!bodyVars.count(v) && v->sort().isBV())
        others.push_back(v);
    const HornAtom &head = *c.head;
    const auto &sorts = system_.relations()[head.relation].args;
    for (unsigned attempt = 0; attempt < kRandomAttempts; ++attempt) {
      expr::Assignment a = bound;
      for (const ExprRef &v : others)
        a.set(v, expr::Value::ofBits(llvm::APInt(
                     v->width(), static_cast<uint64_t>(
                                     static_cast<int64_t>(random_() % 33) - 16),
                     true)));
      if (expr::evaluateBool(c.constraint, a) != true)
        continue;
      State st(head.args.size());
      for (size_t i = 0; i < head.args.size(); ++i) {
        if (!sampled(sorts[i]))
          continue;
        std::optional<expr::Value> v = expr::evaluate(head.args[i], a);
        if (!v || v->isBool)
          return std::nullopt;
        st[i] = v->bits;
      }
      const auto &known = samples_[head.relation];
      if (std::find(known.begin(), known.end(), st) == known.end())
        return st;
      if (others.empty())
        return std::nullopt; // (deterministic: the same state again)
    }
    return std::nullopt;
  }

  z3::expr value(const llvm::APInt &v) {
    return bv_.z3().bv_val(v.getZExtValue(), v.getBitWidth());
  }

  /// A solver holding `c`'s constraint (one per clause: the states
  /// derived through it are asked in scopes).
  z3::solver &solverFor(const HornClause &c) {
    auto it = solvers_.find(&c);
    if (it != solvers_.end())
      return it->second;
    z3::solver s(bv_.z3());
    z3::params p(bv_.z3());
    p.set("timeout", kQueryMs);
    s.set(p);
    s.add(bv_.translateConstraint(c.constraint.get()));
    return solvers_.emplace(&c, s).first->second;
  }

  /// A model of the solver's constraint, `premise` and `extra`.
  static std::optional<z3::model> model(z3::solver &s,
                                        const z3::expr_vector &premise,
                                        const z3::expr_vector &extra) {
    s.push();
    s.add(premise);
    s.add(extra);
    std::optional<z3::model> m;
    if (s.check() == z3::sat)
      m = s.get_model();
    s.pop();
    return m;
  }

  const HornSystem &system_;
  Z3Translator &bv_;
  Clock::time_point deadline_;
  std::vector<std::vector<State>> samples_;
  std::map<const HornClause *, z3::solver> solvers_;
  std::minstd_rand random_{1};
  unsigned entries_ = 0; ///< entry states sampled
};

} // namespace

namespace {

/// A column of the hull: an argument, or the product of two.
struct Monomial {
  unsigned a = 0;
  std::optional<unsigned> b; ///< the second factor; none: linear
};

/// Relations with at most this many arguments also get products of two
/// arguments (of at most 32 bits) as columns: nla-digbench's invariants
/// (2x == y*y + y, z == a*b - a*y) are polynomial equalities of degree 2.
constexpr size_t kQuadraticArguments = 6;
/// Relations with more arguments get no ordering candidates (their
/// number grows with the square of it).
constexpr size_t kOrderedArguments = 12;
/// Relations with more arguments get no unsigned ordering candidates.
constexpr size_t kUnsignedOrderedArguments = 6;
/// Largest d of the candidates x <= y + d (`for (i = 1; i <= n; i++)`
/// leaves with i == n + 1).
constexpr int64_t kOrderingOffset = 2;

/// Argument `i` of relation `r`, sign-extended to `width` when narrower.
ExprRef widened(expr::ExprContext &ctx, const HornSystem &system, size_t r,
                unsigned i, unsigned width) {
  ExprRef v = system.argument(ctx, r, i);
  return v->width() < width ? ctx.sext(v, width) : v;
}

/// `eq`'s constant modulo 2^width.
ExprRef constantIn(expr::ExprContext &ctx, const AffineEquality &eq,
                   unsigned width) {
  const uint64_t words[2] = {static_cast<uint64_t>(eq.constant),
                             static_cast<uint64_t>(eq.constant >> 64)};
  return ctx.bv(llvm::APInt(128, llvm::ArrayRef<uint64_t>(words)).trunc(width));
}

/// `eq` over `columns` as a bit-vector formula over relation `r`'s
/// arguments, modular in the widest width it involves.
ExprRef equalityFormula(expr::ExprContext &ctx, const HornSystem &system,
                        size_t r, const std::vector<Monomial> &columns,
                        const AffineEquality &eq) {
  const auto &sorts = system.relations()[r].args;
  unsigned width = 0;
  for (size_t k = 0; k < columns.size(); ++k)
    if (eq.coefficients[k]) {
      width = std::max(width, sorts[columns[k].a].width);
      if (columns[k].b)
        width = std::max(width, sorts[*columns[k].b].width);
    }
  auto arg = [&](unsigned i) { return widened(ctx, system, r, i, width); };
  ExprRef sum = ctx.bv(width, 0);
  for (size_t k = 0; k < columns.size(); ++k) {
    if (!eq.coefficients[k])
      continue;
    ExprRef term = arg(columns[k].a);
    if (columns[k].b)
      term = ctx.mul(term, arg(*columns[k].b));
    llvm::APInt c(width, static_cast<uint64_t>(eq.coefficients[k]), true);
    sum = ctx.add(sum, c.isOne() ? term : ctx.mul(ctx.bv(c), term));
  }
  return ctx.eq(sum, constantIn(ctx, eq, width));
}

/// A difference of samples as an int64_t, the largest one where it does
/// not fit (only how it compares with small offsets matters).
int64_t saturatedDifference(const llvm::APInt &d) {
  return d.getMinSignedBits() <= 64 ? d.getSExtValue()
                                    : std::numeric_limits<int64_t>::max();
}

/// x <= y (signed, the narrower sign-extended) for two integer arguments
/// that every sample orders so, and for none of them all samples equal (an
/// equality says that better), else x <= y + d for the largest d <=
/// kOrderingOffset of the samples' x - y, x <= y unsigned where the
/// samples order them so unsigned (relations of at most
/// kUnsignedOrderedArguments arguments), and 0 <= x for an argument no
/// sample has negative, for relations of at most kOrderedArguments
/// arguments.
std::vector<ExprRef>
orderingCandidates(expr::ExprContext &ctx, const HornSystem &system, size_t r,
                   const std::vector<std::vector<std::optional<llvm::APInt>>>
                       &states) {
  std::vector<ExprRef> out;
  const auto &sorts = system.relations()[r].args;
  if (states.size() < 2 || sorts.size() > kOrderedArguments)
    return out;
  for (unsigned x = 0; x < sorts.size(); ++x)
    if (states.front()[x] && sorts[x].width > 1 &&
        std::all_of(states.begin(), states.end(),
                    [&](const auto &st) { return !st[x]->isNegative(); }))
      out.push_back(ctx.sle(ctx.bv(sorts[x].width, 0),
                            system.argument(ctx, r, x)));
  for (unsigned x = 0; x < sorts.size(); ++x)
    for (unsigned y = 0; y < sorts.size(); ++y) {
      if (x == y || !states.front()[x] || !states.front()[y] ||
          sorts[x].width == 1 || sorts[y].width == 1)
        continue;
      unsigned width = std::max(sorts[x].width, sorts[y].width);
      bool ordered = true, equal = true, unsignedOrdered = true;
      int64_t most = std::numeric_limits<int64_t>::min(); // of x - y
      for (const auto &st : states) {
        llvm::APInt a = st[x]->sext(width), b = st[y]->sext(width);
        ordered &= a.sle(b);
        equal &= a == b;
        unsignedOrdered &= st[x]->zext(width).ule(st[y]->zext(width));
        llvm::APInt d = a.sext(width + 1) - b.sext(width + 1);
        most = std::max(most, saturatedDifference(d));
      }
      if (ordered && !equal)
        out.push_back(ctx.sle(widened(ctx, system, r, x, width),
                              widened(ctx, system, r, y, width)));
      else if (most > 0 && most <= kOrderingOffset)
        out.push_back(ctx.sle(widened(ctx, system, r, x, width),
                              ctx.add(widened(ctx, system, r, y, width),
                                      ctx.bv(width, uint64_t(most)))));
      // (Unsigned too for small relations: a loop over unsigned counters
      // keeps c <= k unsigned, and signed only while k is below 2^31.)
      if (unsignedOrdered && !equal &&
          sorts.size() <= kUnsignedOrderedArguments &&
          sorts[x].width == sorts[y].width)
        out.push_back(ctx.ule(system.argument(ctx, r, x),
                              system.argument(ctx, r, y)));
      // And a*x <= b*y + d (a, b of 1 and 2, d of 0 to kOrderingOffset)
      // for small relations: a loop `for (i = 0; i < 2*k; i++) if (i % 2
      // == 0) n++;` keeps i <= 2*n <= i + 1, and leaves with i <= 2*k.
      if (sorts.size() <= kUnsignedOrderedArguments)
        for (auto [a, b] : {std::pair<unsigned, unsigned>{1, 2}, {2, 1}}) {
          int64_t most = std::numeric_limits<int64_t>::min(); // a*x - b*y
          std::optional<llvm::APInt> first;
          bool constant = true;
          for (const auto &st : states) {
            llvm::APInt d = st[x]->sext(width + 2) * a -
                            st[y]->sext(width + 2) * b;
            constant &= !first || *first == d;
            first = d;
            most = std::max(most, saturatedDifference(d));
          }
          if (constant || most < 0 || most > kOrderingOffset)
            continue;
          auto scaled = [&](unsigned arg, unsigned by) {
            ExprRef v = widened(ctx, system, r, arg, width);
            return by == 1 ? v : ctx.mul(ctx.bv(width, by), v);
          };
          ExprRef right = scaled(y, b);
          out.push_back(ctx.sle(
              scaled(x, a),
              most ? ctx.add(right, ctx.bv(width, uint64_t(most))) : right));
        }
    }
  return out;
}

/// The value `eq` gives its determined argument over the others, when its
/// coefficient there is 1 or -1 and every argument it involves has one
/// width.
std::optional<ExprRef> definitionOf(expr::ExprContext &ctx,
                                    const HornSystem &system, size_t r,
                                    const std::vector<Monomial> &columns,
                                    const AffineEquality &eq) {
  int64_t own = eq.coefficients[eq.determined];
  if (own != 1 && own != -1)
    return std::nullopt;
  const auto &sorts = system.relations()[r].args;
  unsigned width = sorts[columns[eq.determined].a].width;
  for (size_t k = 0; k < columns.size(); ++k)
    if (eq.coefficients[k] && sorts[columns[k].a].width != width)
      return std::nullopt;
  // own * d + sum(others) == constant, so d == own * (constant - others).
  ExprRef value = constantIn(ctx, eq, width);
  for (size_t k = 0; k < columns.size(); ++k) {
    if (k == eq.determined || !eq.coefficients[k])
      continue;
    llvm::APInt c(width, static_cast<uint64_t>(eq.coefficients[k]), true);
    value = ctx.sub(value, ctx.mul(ctx.bv(c),
                                   system.argument(ctx, r, columns[k].a)));
  }
  return own == 1 ? value : ctx.neg(value);
}

} // namespace

EqualityCandidates
affineEqualityCandidates(expr::ExprContext &ctx, const HornSystem &system,
                         Z3Translator &bv, Clock::time_point deadline) {
  Sampler sampler(system, bv, deadline);
  const auto &samples = sampler.run();
  EqualityCandidates out;
  out.linear.resize(system.relations().size());
  out.quadratic.resize(system.relations().size());
  out.definitions.resize(system.relations().size());
  out.orderings.resize(system.relations().size());
  for (size_t r = 0; r < out.linear.size(); ++r) {
    const auto &states = samples[r];
    if (states.size() < 2)
      continue; // one state: every argument "equals" its value
    const auto &sorts = system.relations()[r].args;
    std::vector<Monomial> linear;
    for (unsigned i = 0; i < states.front().size(); ++i)
      if (states.front()[i])
        linear.push_back({i, std::nullopt});
    auto pointsOver = [&](const std::vector<Monomial> &columns) {
      std::vector<std::vector<int64_t>> points;
      for (const auto &st : states) {
        std::vector<int64_t> p;
        for (const Monomial &m : columns) {
          int64_t v = st[m.a]->getSExtValue();
          p.push_back(m.b ? v * st[*m.b]->getSExtValue() : v);
        }
        points.push_back(std::move(p));
      }
      return points;
    };
    auto add = [&](std::vector<ExprRef> &to, const ExprRef &f) {
      if (!f->isTrue() && !f->isFalse())
        to.push_back(f);
    };
    std::vector<AffineEquality> linearEqs =
        affineHullEqualities(pointsOver(linear));
    for (const AffineEquality &eq : linearEqs) {
      ExprRef f = equalityFormula(ctx, system, r, linear, eq);
      add(out.linear[r], f);
      if (std::optional<ExprRef> v =
              definitionOf(ctx, system, r, linear, eq))
        out.definitions[r].push_back({f, linear[eq.determined].a, *v});
    }
    out.orderings[r] = orderingCandidates(ctx, system, r, states);
    // Products of the arguments the linear equalities leave independent
    // (a product with one they determine is a product of those).
    std::vector<bool> determined(linear.size(), false);
    for (const AffineEquality &eq : linearEqs)
      determined[eq.determined] = true;
    std::vector<Monomial> all;
    for (size_t x = 0; x < linear.size(); ++x)
      if (!determined[x])
        all.push_back(linear[x]);
    size_t independent = all.size();
    if (independent > kQuadraticArguments)
      continue;
    for (size_t x = 0; x < independent; ++x)
      for (size_t y = x; y < independent; ++y)
        if (sorts[all[x].a].width <= 32 && sorts[all[y].a].width <= 32)
          all.push_back({all[x].a, all[y].a});
    if (all.size() == independent)
      continue;
    // Only the equalities a product takes part in (the others are linear:
    // found above), and only from more samples than columns (fewer always
    // fit some equality).
    if (states.size() <= all.size())
      continue;
    for (const AffineEquality &eq : affineHullEqualities(pointsOver(all))) {
      bool product = false;
      for (size_t k = independent; k < all.size(); ++k)
        product |= eq.coefficients[k] != 0;
      if (product)
        add(out.quadratic[r], equalityFormula(ctx, system, r, all, eq));
    }
  }
  return out;
}

} // namespace cosmo::solver
