//===- HornEqualities.cpp - sampled equalities for the Horn solver --------===//
//
// Step 0 of cosmo/solver/Horn.h: the linear and polynomial equalities of
// the relations' sampled states (AffineEqualities.h), sifted by Houdini
// over bit-vectors, and the products of variables a query is refuted
// through as opaque values.
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
/// Most products of variables in a conjunct put in sum-of-monomials form.
constexpr size_t kNormalisedProducts = 4;

/// A product of two or more non-constant bit-vectors.
bool isProductOfVariables(const z3::expr &t) {
  if (t.decl().decl_kind() != Z3_OP_BMUL)
    return false;
  unsigned variables = 0;
  for (unsigned i = 0; i < t.num_args(); ++i)
    variables += !t.arg(i).is_numeral();
  return variables >= 2;
}

} // namespace

std::optional<z3::expr> withOpaqueProducts(const z3::expr &formula) {
  z3::context &z3 = formula.ctx();
  // Small conjuncts in sum-of-monomials form first, so that 3*n*n and
  // n*n*3 are one product of n*n (larger ones are left: the form of a
  // product of large sums grows exponentially).
  std::vector<z3::expr> parts;
  conjuncts(formula, parts);
  z3::params som(z3);
  som.set("som", true);
  z3::expr_vector normal(z3);
  for (const z3::expr &p : parts) {
    size_t nodes = 0, products = 0;
    std::set<unsigned> visited;
    std::vector<z3::expr> todo{p};
    while (!todo.empty() && nodes <= kPolynomialNodes) {
      z3::expr t = todo.back();
      todo.pop_back();
      if (!t.is_app() || !visited.insert(t.id()).second)
        continue;
      ++nodes;
      products += isProductOfVariables(t);
      for (unsigned i = 0; i < t.num_args(); ++i)
        todo.push_back(t.arg(i));
    }
    bool small = nodes <= kPolynomialNodes && products <= kNormalisedProducts;
    normal.push_back(small ? p.simplify(som) : p);
  }
  z3::expr e = z3::mk_and(normal);
  z3::expr_vector from(z3), to(z3);
  std::set<unsigned> seen;
  std::vector<z3::expr> work{e};
  while (!work.empty()) {
    z3::expr t = work.back();
    work.pop_back();
    if (!t.is_app() || !seen.insert(t.id()).second)
      continue;
    if (isProductOfVariables(t)) {
      from.push_back(t);
      to.push_back(z3.constant(
          ("cosmo.product" + std::to_string(to.size())).c_str(),
          t.get_sort()));
      continue;
    }
    for (unsigned i = 0; i < t.num_args(); ++i)
      work.push_back(t.arg(i));
  }
  if (from.empty())
    return std::nullopt;
  z3::expr copy = e;
  return copy.substitute(from, to);
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
  // Spacer over the integers then has i <= n given.
  for (size_t r = 0; r < out.size(); ++r)
    out[r].insert(out[r].end(), found.orderings[r].begin(),
                  found.orderings[r].end());
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
  // The products: kept when each is inductive on its own, shown without
  // bit-blasting a multiplier (polynomialInvariant).
  for (size_t r = 0; r < out.size(); ++r) {
    // The definitions whose equality Houdini kept hold at every state.
    std::vector<EqualityCandidates::Definition> kept;
    std::vector<ExprRef> given;
    for (const auto &d : found.definitions[r])
      if (std::find(out[r].begin(), out[r].end(), d.equality) !=
          out[r].end()) {
        kept.push_back(d);
        given.push_back(d.equality);
      }
    for (const ExprRef &f : found.quadratic[r])
      if (Clock::now() < deadline_ && polynomialInvariant(r, f, kept)) {
        proved_[f] = given;
        out[r].push_back(f);
      }
  }
  return out;
}

bool HornSolver::polynomialInvariant(
    size_t r, const ExprRef &f,
    const std::vector<EqualityCandidates::Definition> &given) {
  if (f->kind() != Kind::Eq)
    return false;
  ExprRef p = ctx_.sub(ExprRef(f->child(0)), ExprRef(f->child(1)));
  auto at = [&](const HornAtom &a) {
    return expr::substitute(ctx_, p, system_.argumentsAt(ctx_, a));
  };
  z3::params som(bv_.z3());
  som.set("som", true);
  for (const HornClause &c : system_.clauses()) {
    if (!c.head || c.head->relation != r)
      continue;
    ExprRef after = at(*c.head);
    std::vector<const HornAtom *> mine;
    for (const HornAtom &a : c.body)
      if (a.relation == r)
        mine.push_back(&a);
    if (mine.size() > 1)
      return false;
    if (mine.size() == 1) {
      // An iteration: the polynomial after it is the one before it, as
      // polynomials modulo 2^w (Z3's sum-of-monomials normal form).
      // (Only over small terms of sums and products: the normal form of
      // a product of large sums, or of an ite, grows exponentially.)
      ExprRef diff = ctx_.sub(after, at(*mine[0]));
      expr::Substitution defined, before =
                                      system_.argumentsAt(ctx_, *mine[0]);
      for (const auto &d : given)
        if (mine[0]->args[d.argument]->kind() == Kind::Var)
          defined[mine[0]->args[d.argument]] =
              expr::substitute(ctx_, d.value, before);
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
      z3::expr d = bv_.translate(diff.get()).simplify(som);
      uint64_t v = 1;
      if (!d.is_numeral_u64(v) || v != 0)
        return false;
      continue;
    }
    // An entry: the polynomial is zero there (mostly constants).
    z3::expr entry = bv_.translateConstraint(c.constraint.get()) &&
                     bv_.translate(after.get()) !=
                         bv_.z3().bv_val(0, after->width());
    if (check(entry, {}, false, nullptr, kEntryCheckSeconds) != z3::unsat)
      return false;
  }
  return true;
}

} // namespace cosmo::solver
