//===- AffineEqualities.cpp - linear equalities a Horn system's states keep ===//
//
// See AffineEqualities.h.
//
//===----------------------------------------------------------------------===//

#include "AffineEqualities.h"

#include <algorithm>
#include <cstdlib>
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
constexpr size_t kMaxSamples = 24;  ///< states per relation
constexpr size_t kEntrySamples = 3; ///< states from one entry clause
constexpr size_t kSuccessors = 2;   ///< states from one state by one clause
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
    auto derived = [&](const HornClause &c, size_t pick) {
      if (Clock::now() >= deadline_ ||
          samples_[c.head->relation].size() >= kMaxSamples ||
          !derive(c, pick))
        return;
      stack.emplace_back(c.head->relation,
                         samples_[c.head->relation].size() - 1);
    };
    for (const HornClause &c : system_.clauses())
      if (c.head && c.body.empty())
        for (size_t t = 0; t < kEntrySamples; ++t)
          derived(c, 0);
    std::reverse(stack.begin(), stack.end()); // the first entry first
    while (!stack.empty() && Clock::now() < deadline_) {
      auto [r, state] = stack.back();
      stack.pop_back();
      for (const HornClause &c : system_.clauses())
        if (c.head && !c.body.empty() && c.body.front().relation == r)
          for (size_t t = 0; t < kSuccessors; ++t)
            derived(c, state);
    }
    return samples_;
  }

private:
  using State = std::vector<std::optional<llvm::APInt>>;

  static bool sampled(const expr::Sort &s) {
    return s.isBV() && s.width <= 64;
  }

  /// One new state of `c`'s head from a state of each body atom; false
  /// when none (unsat, unknown, a body relation without states). Small
  /// values first: Z3's first model of an entry clause often has a bound
  /// of 2^30, from which the loop's exit is never sampled.
  bool derive(const HornClause &c, size_t pick) {
    z3::context &z3 = bv_.z3();
    try {
      z3::expr_vector premise(z3);
      for (const HornAtom &a : c.body) {
        const auto &states = samples_[a.relation];
        if (states.empty())
          return false;
        const State &st =
            &a == &c.body.front() ? states[pick]
                                  : states[random_() % states.size()];
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

std::vector<std::vector<ExprRef>>
affineEqualityCandidates(expr::ExprContext &ctx, const HornSystem &system,
                         Z3Translator &bv, Clock::time_point deadline) {
  Sampler sampler(system, bv, deadline);
  const auto &samples = sampler.run();
  std::vector<std::vector<ExprRef>> out(system.relations().size());
  for (size_t r = 0; r < out.size(); ++r) {
    const auto &states = samples[r];
    if (states.size() < 2)
      continue; // one state: every argument "equals" its value
    std::vector<unsigned> columns; // the sampled arguments
    for (unsigned i = 0; i < states.front().size(); ++i)
      if (states.front()[i])
        columns.push_back(i);
    std::vector<std::vector<int64_t>> points;
    for (const auto &st : states) {
      std::vector<int64_t> p;
      for (unsigned i : columns)
        p.push_back(st[i]->getSExtValue());
      points.push_back(std::move(p));
    }
    for (const AffineEquality &eq : affineHullEqualities(points)) {
      unsigned width = 0;
      for (size_t k = 0; k < columns.size(); ++k)
        if (eq.coefficients[k])
          width = std::max(width, system.relations()[r].args[columns[k]].width);
      ExprRef sum = ctx.bv(width, 0);
      for (size_t k = 0; k < columns.size(); ++k) {
        if (!eq.coefficients[k])
          continue;
        ExprRef arg = system.argument(ctx, r, columns[k]);
        if (arg->width() < width)
          arg = ctx.sext(arg, width);
        llvm::APInt c(width, static_cast<uint64_t>(eq.coefficients[k]), true);
        sum = ctx.add(sum, c.isOne() ? arg : ctx.mul(ctx.bv(c), arg));
      }
      const uint64_t words[2] = {static_cast<uint64_t>(eq.constant),
                                 static_cast<uint64_t>(eq.constant >> 64)};
      llvm::APInt constant(128, llvm::ArrayRef<uint64_t>(words));
      ExprRef f = ctx.eq(sum, ctx.bv(constant.trunc(width)));
      if (!f->isTrue() && !f->isFalse())
        out[r].push_back(f);
    }
  }
  return out;
}

} // namespace cosmo::solver
