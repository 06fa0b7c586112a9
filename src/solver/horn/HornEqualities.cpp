//===- HornEqualities.cpp - sampled equalities for the Horn solver --------===//
//
// Step 0 of cosmo/solver/Horn.h: the linear and polynomial equalities of
// the relations' sampled states (AffineEqualities.h), sifted by Houdini
// over bit-vectors, and the products of variables a query is refuted
// through as opaque values; and with them the templates a caller offers
// (HornOptions::templates: the cells' of CellIndexed.h).
//
//===----------------------------------------------------------------------===//

#include "horn/HornSolver.h"

#include "cosmo/expr/Transform.h"

#include <algorithm>
#include <set>

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

/// Whether `e` multiplies two non-constant terms somewhere.
bool hasProduct(const ExprRef &e) {
  bool found = false;
  expr::forEachNode(e, [&](const Expr *n) {
    if (n->kind() != Kind::Mul)
      return;
    unsigned variables = 0;
    for (unsigned i = 0; i < n->numChildren(); ++i)
      variables += n->child(i)->kind() != Kind::BVConst;
    found |= variables >= 2;
  });
  return found;
}

/// `lhs < rhs` (strict) or `lhs <= rhs`, signed or not.
struct Bound {
  z3::expr lhs, rhs;
  bool strict, isSigned;
};

/// The bound conjunct `c` states, negated ones read as their converse.
std::optional<Bound> boundOf(const z3::expr &c) {
  if (!c.is_app())
    return std::nullopt;
  bool negated = c.decl().decl_kind() == Z3_OP_NOT;
  z3::expr e = negated ? c.arg(0) : c;
  if (!e.is_app() || e.num_args() != 2)
    return std::nullopt;
  bool strict, isSigned, flipped; // flipped: e is a >(=) b
  switch (e.decl().decl_kind()) {
  case Z3_OP_SLEQ: strict = false, isSigned = true, flipped = false; break;
  case Z3_OP_SLT: strict = true, isSigned = true, flipped = false; break;
  case Z3_OP_SGEQ: strict = false, isSigned = true, flipped = true; break;
  case Z3_OP_SGT: strict = true, isSigned = true, flipped = true; break;
  case Z3_OP_ULEQ: strict = false, isSigned = false, flipped = false; break;
  case Z3_OP_ULT: strict = true, isSigned = false, flipped = false; break;
  case Z3_OP_UGEQ: strict = false, isSigned = false, flipped = true; break;
  case Z3_OP_UGT: strict = true, isSigned = false, flipped = true; break;
  default: return std::nullopt;
  }
  z3::expr a = e.arg(flipped ? 1 : 0), b = e.arg(flipped ? 0 : 1);
  // !(a <= b) is b < a; !(a < b) is b <= a.
  if (negated)
    return Bound{b, a, !strict, isSigned};
  return Bound{a, b, strict, isSigned};
}

/// `formula` with the equality each variable y has when two of its
/// conjuncts pin it to one value (a <= y <= a, a < y <= a + 1, ...), and
/// with the variables its equalities define eliminated (Z3's solve-eqs).
/// The pinning is exact modulo 2^w: where a + 1 wraps, a < y has no
/// solution and the formula none either. What this refutes, `formula`
/// does not satisfy: the loop's exit `!(i <= n)` and its invariant
/// `i <= n + 1` make i a term of n, through which products of i become
/// products of n.
z3::expr withPinnedVariables(const z3::expr &formula) {
  z3::context &z3 = formula.ctx();
  std::vector<z3::expr> parts;
  conjuncts(formula, parts);
  std::vector<Bound> bounds;
  for (const z3::expr &p : parts)
    if (std::optional<Bound> b = boundOf(p); b && b->lhs.is_bv())
      bounds.push_back(*b);
  z3::expr_vector pinned(z3);
  pinned.push_back(formula);
  for (const Bound &low : bounds)
    for (const Bound &high : bounds) {
      if (high.lhs.id() != low.rhs.id() || low.isSigned != high.isSigned)
        continue;
      z3::expr gap = (high.rhs - low.lhs).simplify();
      uint64_t g = 0;
      if (gap.is_numeral_u64(g) &&
          g == uint64_t(low.strict) + uint64_t(high.strict) && g > 0)
        pinned.push_back(low.rhs == (low.strict ? low.lhs + 1 : low.lhs));
      else if (gap.is_numeral_u64(g) && g == 0 && !low.strict &&
               !high.strict && low.rhs.id() < low.lhs.id())
        pinned.push_back(low.rhs == low.lhs); // (once per pair)
    }
  if (pinned.size() == 1)
    return formula;
  try {
    z3::goal goal(z3);
    goal.add(z3::mk_and(pinned));
    z3::apply_result result =
        (z3::tactic(z3, "simplify") & z3::tactic(z3, "solve-eqs"))(goal);
    if (result.size() == 1)
      return result[0].as_expr();
  } catch (const z3::exception &) {
  }
  return z3::mk_and(pinned);
}

} // namespace

std::optional<z3::expr> withOpaqueProducts(const z3::expr &original,
                                           bool pin) {
  z3::context &z3 = original.ctx();
  // (Without products there is nothing to abstract: the pinning and the
  // normal forms are not worth their time, Houdini asks this each step.)
  bool products = false;
  std::set<unsigned> scanned;
  for (std::vector<z3::expr> todo{original}; !todo.empty() && !products;) {
    z3::expr t = todo.back();
    todo.pop_back();
    if (!t.is_app() || !scanned.insert(t.id()).second)
      continue;
    products = isProductOfVariables(t);
    for (unsigned i = 0; i < t.num_args(); ++i)
      todo.push_back(t.arg(i));
  }
  if (!products)
    return std::nullopt;
  z3::expr formula = pin ? withPinnedVariables(original) : original;
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
    return e; // (the pinned variables took the products away)
  z3::expr copy = e;
  return copy.substitute(from, to);
}

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
      addCandidate(hasProduct(f) ? found.quadratic[r] : out[r], f);
  }
  // Houdini over them alone (a fifth of the time left): what it keeps is
  // inductive, whatever it then says of the queries. A sift cut by its
  // share of the time leaves the candidates as they were (a check out of
  // time drops what it was about), for solve() to check with all the
  // time left.
  auto sift = [&](Candidates &c, unsigned share) {
    Clock::time_point deadline = deadline_;
    deadline_ =
        std::min(deadline, Clock::now() + (deadline - Clock::now()) / share);
    Candidates before = c;
    std::string unused;
    (void)checkOverBitVectors(c, unused);
    if (left() <= 0 && Clock::now() < deadline) {
      c = std::move(before);
      inductive_.clear();
    }
    deadline_ = deadline;
  };
  if (!empty(out))
    sift(out, 5);
  if (!empty(found.quadratic)) {
    // The products: kept when each iteration leaves the polynomial
    // unchanged, shown without bit-blasting a multiplier
    // (polynomialInvariants).
    std::vector<std::vector<EqualityCandidates::Definition>> kept(
        out.size());
    for (size_t r = 0; r < out.size(); ++r)
      for (const auto &d : found.definitions[r])
        if (std::find(out[r].begin(), out[r].end(), d.equality) !=
            out[r].end())
          kept[r].push_back(d);
    polynomialInvariants(found.quadratic, out, kept);
    for (size_t r = 0; r < out.size(); ++r)
      out[r].insert(out[r].end(), found.quadratic[r].begin(),
                    found.quadratic[r].end());
  }
  // The quantified templates after the sift: their instance checks take
  // tenths of a second each, more than a fifth of the time may leave
  // them, and solve() checks them with all of it.
  elementTemplates(out);
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

bool HornSolver::addOverArguments(size_t r, const std::vector<ExprRef> &formulas,
                                  std::vector<ExprRef> &out) {
  const HornRelation &rel = system_.relations()[r];
  std::set<ExprRef, expr::ExprIdLess> args;
  for (unsigned i = 0; i < rel.args.size(); ++i)
    args.insert(system_.argument(ctx_, r, i));
  bool any = false;
  for (const ExprRef &f : formulas) {
    auto vars = expr::freeVariables(f);
    if (std::all_of(vars.begin(), vars.end(),
                    [&](const ExprRef &v) { return args.count(v); })) {
      addCandidate(out, f);
      any = true;
    }
  }
  return any;
}

namespace {
/// The conjuncts of each of `formulas`, in order.
std::vector<ExprRef> conjunctsOfEach(const std::vector<ExprRef> &formulas) {
  std::vector<ExprRef> parts;
  for (const ExprRef &f : formulas)
    expr::conjunctsOf(f, parts);
  return parts;
}
} // namespace

bool HornSolver::templateCandidates(const Candidates &equalities,
                                    Candidates &out,
                                    const std::vector<bool> *alone) {
  if (!templates_)
    return false;
  out = equalities;
  bool any = false;
  std::vector<bool> fromEarlier(out.size(), false);
  for (size_t r = 0; r < out.size(); ++r) {
    const HornRelation &rel = system_.relations()[r];
    const std::vector<ExprRef> *mine = nullptr;
    if (earlier_)
      if (auto e = earlier_->find(rel.name); e != earlier_->end())
        mine = &e->second;
    if (alone && (*alone)[r] && mine) {
      out[r].clear();
      fromEarlier[r] = addOverArguments(r, conjunctsOfEach(*mine), out[r]);
      if (fromEarlier[r])
        continue;
    }
    auto it = templates_->find(rel.name);
    if (it == templates_->end())
      continue;
    any |= addOverArguments(r, it->second, out[r]);
    // With what earlier questions proved of the relation (a walk's
    // earlier iterations were refuted with facts this one's query does
    // not name), conjunct by conjunct.
    if (mine && (alone || !earlierAlone_))
      addOverArguments(r, conjunctsOfEach(*mine), out[r]);
    // The orderings of the arguments, which bound the frontier the
    // templates speak of (i <= n, 0 <= i).
    for (unsigned a = 0; a < rel.args.size(); ++a) {
      ExprRef x = system_.argument(ctx_, r, a);
      if (!x->sort().isBV())
        continue;
      addCandidate(out[r], ctx_.sle(ctx_.bv(x->width(), 0), x));
      for (unsigned b = a + 1; b < rel.args.size(); ++b) {
        ExprRef y = system_.argument(ctx_, r, b);
        if (y->sort() != x->sort())
          continue;
        addCandidate(out[r], ctx_.sle(x, y));
        addCandidate(out[r], ctx_.sle(y, x));
      }
    }
  }
  if (alone && std::find(fromEarlier.begin(), fromEarlier.end(), true) ==
                   fromEarlier.end())
    return false; // nothing earlier alone: the templates' own run decides
  if (!any && !alone)
    return false;
  // (Not to a relation that has its earlier invariants alone: a Houdini
  // step shown before is then the same step, not checked again.)
  Candidates facts(out.size());
  entryFacts(facts);
  for (size_t r = 0; r < out.size(); ++r)
    if (!fromEarlier[r])
      for (const ExprRef &f : facts[r])
        addCandidate(out[r], f);
  return true;
}

bool HornSolver::templatesRefute(const Candidates &equalities,
                                 Candidates &out) {
  if (!templateCandidates(equalities, out, nullptr))
    return false;
  std::string why;
  return checkOverBitVectors(out, why);
}

} // namespace cosmo::solver
