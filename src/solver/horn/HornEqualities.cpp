//===- HornEqualities.cpp - sampled equalities for the Horn solver --------===//
//
// Step 0 of cosmo/solver/Horn.h: the linear and polynomial equalities of
// the relations' sampled states (AffineEqualities.h) and of the queries'
// assertions, sifted by Houdini over bit-vectors.
//
//===----------------------------------------------------------------------===//

#include "horn/HornSolver.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>

namespace cosmo::solver {

using expr::Expr;
using expr::Kind;

namespace {

/// Time for the query that a polynomial equality holds at an entry.
constexpr double kEntryCheckSeconds = 0.2;

/// Most of the time the sampling of linear equalities takes.
constexpr double kSamplingSeconds = 0.3;

/// Largest difference of polynomials normalised (term nodes).
constexpr size_t kPolynomialNodes = 200;

} // namespace

void HornSolver::assertedCandidates(Candidates &out) {
  // A query `R(args) /\ guard /\ !(e) -> false` asserts e of R's states
  // that pass the guard: e itself is often the invariant (an assertion in
  // a loop's body is checked at its head), and a polynomial one of high
  // degree is found no other way (6y^5 + 15y^4 + 10y^3 - y == 30x).
  for (const HornClause &c : system_.clauses()) {
    if (c.head || c.body.size() != 1)
      continue;
    const HornAtom &atom = c.body.front();
    expr::Substitution sub;
    for (unsigned i = 0; i < atom.args.size(); ++i)
      if (atom.args[i]->kind() == Kind::Var)
        sub[atom.args[i]] = system_.argument(ctx_, atom.relation, i);
    for (const ExprRef &f : conditionsOver(c.constraint, sub, true))
      addCandidate(out[atom.relation], f);
  }
}

HornSolver::Candidates HornSolver::linearEqualities() {
  Clock::time_point now = Clock::now();
  EqualityCandidates found = affineEqualityCandidates(
      ctx_, system_, bv_,
      now + std::min(std::chrono::duration_cast<Clock::duration>(
                         std::chrono::duration<double>(kSamplingSeconds)),
                     (deadline_ - now) / 8));
  auto empty = [](const Candidates &c) {
    return std::all_of(c.begin(), c.end(),
                       [](const auto &r) { return r.empty(); });
  };
  Candidates &out = found.linear;
  // The orderings go with them: Houdini keeps the inductive ones, and
  // Spacer over the integers then has i <= n given. So do the asserted
  // conditions, the polynomial ones with the sampled products.
  Candidates asserted(out.size());
  assertedCandidates(asserted);
  shareAcrossRelations(asserted);
  for (size_t r = 0; r < out.size(); ++r) {
    out[r].insert(out[r].end(), found.orderings[r].begin(),
                  found.orderings[r].end());
    for (const ExprRef &f : asserted[r])
      addCandidate(hasProductOfVariables(f) ? found.quadratic[r] : out[r], f);
  }
  // Houdini over them alone (a fifth of the time left): what it keeps is
  // inductive, whatever it then says of the queries (a check out of time
  // drops what it was about).
  auto sift = [&](Candidates &c, unsigned share) {
    Clock::time_point deadline = deadline_;
    deadline_ =
        std::min(deadline, Clock::now() + (deadline - Clock::now()) / share);
    std::string unused;
    (void)checkOverBitVectors(c, unused);
    deadline_ = deadline;
  };
  if (!empty(out))
    sift(out, 5);
  if (empty(found.quadratic))
    return out;
  // The products: kept when each iteration leaves the polynomial
  // unchanged, shown without bit-blasting a multiplier
  // (polynomialInvariants).
  std::vector<std::vector<EqualityCandidates::Definition>> kept(out.size());
  for (size_t r = 0; r < out.size(); ++r)
    for (const auto &d : found.definitions[r])
      if (std::find(out[r].begin(), out[r].end(), d.equality) !=
          out[r].end())
        kept[r].push_back(d);
  polynomialInvariants(found.quadratic, out, kept);
  for (size_t r = 0; r < out.size(); ++r)
    out[r].insert(out[r].end(), found.quadratic[r].begin(),
                  found.quadratic[r].end());
  return out;
}

bool HornSolver::unchangedByIteration(
    const HornClause &c, const ExprRef &f,
    const std::vector<EqualityCandidates::Definition> &given) {
  size_t r = c.head->relation;
  if (f->kind() != Kind::Eq ||
      std::count_if(c.body.begin(), c.body.end(), [&](const HornAtom &a) {
        return a.relation == r;
      }) != 1)
    return false;
  const HornAtom &mine = *std::find_if(
      c.body.begin(), c.body.end(),
      [&](const HornAtom &a) { return a.relation == r; });
  ExprRef p = ctx_.sub(ExprRef(f->child(0)), ExprRef(f->child(1)));
  auto at = [&](const HornAtom &a) {
    return expr::substitute(ctx_, p, system_.argumentsAt(ctx_, a));
  };
  // The polynomial after it is the one before it, as polynomials modulo
  // 2^w (Z3's sum-of-monomials normal form). (Only over small terms of
  // sums and products: the normal form of a product of large sums, or of
  // an ite, grows exponentially.)
  ExprRef diff = ctx_.sub(at(*c.head), at(mine));
  expr::Substitution defined, before = system_.argumentsAt(ctx_, mine);
  for (const auto &d : given)
    if (mine.args[d.argument]->kind() == Kind::Var)
      defined[mine.args[d.argument]] = expr::substitute(ctx_, d.value, before);
  if (!defined.empty())
    diff = expr::substitute(ctx_, diff, defined);
  size_t nodes = 0;
  bool polynomial = true;
  expr::forEachNode(diff, [&](const Expr *e) {
    ++nodes;
    polynomial &= e->kind() == Kind::Add || e->kind() == Kind::Sub ||
                  e->kind() == Kind::Mul || e->kind() == Kind::Neg ||
                  e->kind() == Kind::SExt || e->kind() == Kind::Var ||
                  e->kind() == Kind::BVConst;
  });
  if (!polynomial || nodes > kPolynomialNodes)
    return false;
  z3::params som(bv_.z3());
  som.set("som", true);
  z3::expr d = bv_.translate(diff.get()).simplify(som);
  uint64_t v = 1;
  return d.is_numeral_u64(v) && v == 0;
}

void HornSolver::shareAcrossRelations(Candidates &candidates) {
  // Through a clause from relation b's states to relation h's, an
  // argument of h that is an argument of b passed on unchanged (an inner
  // loop entered with the outer loop's values, an outer loop resumed
  // with the inner loop's) is the same value in both: a candidate over
  // such arguments alone is a candidate of both (nested loops keep the
  // invariants their innermost body asserts: egcd's a == y*r + x*p).
  for (size_t round = 0; round < candidates.size(); ++round) {
    bool grew = false;
    for (const HornClause &c : system_.clauses()) {
      if (!c.head)
        continue;
      size_t h = c.head->relation;
      for (const HornAtom &a : c.body) {
        if (a.relation == h)
          continue;
        expr::Substitution down, up; // h's arguments to a's, a's to h's
        for (unsigned i = 0; i < c.head->args.size(); ++i)
          for (unsigned j = 0; j < a.args.size(); ++j)
            if (c.head->args[i]->kind() == Kind::Var &&
                c.head->args[i] == a.args[j]) {
              down[system_.argument(ctx_, h, i)] =
                  system_.argument(ctx_, a.relation, j);
              up[system_.argument(ctx_, a.relation, j)] =
                  system_.argument(ctx_, h, i);
            }
        auto carry = [&](size_t from, size_t to,
                         const expr::Substitution &map) {
          std::vector<ExprRef> mine = candidates[from];
          for (const ExprRef &f : mine) {
            std::vector<ExprRef> vars = expr::freeVariables(f);
            if (vars.empty() ||
                !std::all_of(vars.begin(), vars.end(), [&](const ExprRef &v) {
                  return map.count(v);
                }))
              continue;
            size_t count = candidates[to].size();
            addCandidate(candidates[to], expr::substitute(ctx_, f, map));
            grew |= candidates[to].size() != count;
          }
        };
        carry(h, a.relation, down);
        carry(a.relation, h, up);
      }
    }
    if (!grew)
      break;
  }
}

void HornSolver::polynomialInvariants(
    Candidates &polynomials, const Candidates &linear,
    const std::vector<std::vector<EqualityCandidates::Definition>> &given) {
  // Houdini's way: a candidate holds after a clause when the iteration
  // leaves its polynomial unchanged, or when the invariants of the
  // clause's body atoms (the linear ones kept and these polynomials)
  // imply it, products of variables as opaque values first (a loop
  // entered from another's states, an outer loop resumed from an inner
  // one's, an iteration that doubles the polynomial); a candidate that
  // fails is dropped until none fails.
  std::map<std::pair<const HornClause *, const Expr *>, bool> unchanged;
  auto holds = [&](size_t r, const ExprRef &f) {
    for (const HornClause &c : system_.clauses()) {
      if (!c.head || c.head->relation != r)
        continue;
      auto [it, added] = unchanged.try_emplace({&c, f.get()}, false);
      if (added)
        it->second = unchangedByIteration(c, f, given[r]);
      if (it->second)
        continue;
      ExprRef after =
          expr::substitute(ctx_, f, system_.argumentsAt(ctx_, *c.head));
      z3::expr_vector parts(bv_.z3());
      parts.push_back(bv_.translateConstraint(c.constraint.get()));
      for (const HornAtom &a : c.body) {
        parts.push_back(at(linear[a.relation], a));
        parts.push_back(at(polynomials[a.relation], a));
      }
      parts.push_back(!bv_.translateConstraint(after.get()));
      z3::expr step = z3::mk_and(parts);
      z3::check_result result = z3::unknown;
      if (std::optional<z3::expr> opaque = withOpaqueProducts(step))
        result = check(*opaque, {}, false, nullptr, kEntryCheckSeconds);
      if (result != z3::unsat)
        result = check(step, {}, false, nullptr, kEntryCheckSeconds);
      if (result != z3::unsat)
        return false;
    }
    return true;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < polynomials.size(); ++r)
      for (size_t k = 0; k < polynomials[r].size();) {
        if (Clock::now() < deadline_ && holds(r, polynomials[r][k])) {
          ++k;
          continue;
        }
        polynomials[r].erase(polynomials[r].begin() + static_cast<long>(k));
        changed = true;
      }
  }
  // What each was shown under: its relation's linear definitions, and
  // the invariants of every clause's body atoms.
  for (size_t r = 0; r < polynomials.size(); ++r)
    for (const ExprRef &f : polynomials[r]) {
      std::vector<std::pair<size_t, ExprRef>> &under = proved_[f];
      for (const auto &d : given[r])
        under.emplace_back(r, d.equality);
      for (const HornClause &c : system_.clauses())
        if (c.head && c.head->relation == r)
          for (const HornAtom &a : c.body)
            for (const Candidates *from :
                 std::initializer_list<const Candidates *>{&linear,
                                                           &polynomials})
              for (const ExprRef &g : (*from)[a.relation])
                if (g != f)
                  under.emplace_back(a.relation, g);
    }
}

} // namespace cosmo::solver
