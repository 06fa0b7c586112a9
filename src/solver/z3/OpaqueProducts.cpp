//===- OpaqueProducts.cpp - products of variables as opaque values -------===//

#include "z3/OpaqueProducts.h"

#include "cosmo/expr/Transform.h"

#include <set>

namespace cosmo::solver {

namespace {

/// Largest conjunct put in sum-of-monomials form (term nodes).
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
/// with the variables its equalities define eliminated (Z3's solve-eqs:
/// y == 3*n*n + 1 makes a product y*z one of n and z).
/// The pinning is exact modulo 2^w: where a + 1 wraps, a < y has no
/// solution and the formula none either. What this refutes, `formula`
/// does not satisfy: the loop's exit `!(i <= n)` and its invariant
/// `i <= n + 1` make i a term of n, through which products of i become
/// products of n.
z3::expr withPinnedVariables(const z3::expr &formula, bool &pinnedAny) {
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
  pinnedAny = pinned.size() > 1;
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

bool hasProductOfVariables(const expr::ExprRef &e) {
  bool found = false;
  expr::forEachNode(e, [&](const expr::Expr *n) {
    if (found || n->kind() != expr::Kind::Mul)
      return;
    unsigned variables = 0;
    for (unsigned i = 0; i < n->numChildren(); ++i)
      variables += n->child(i)->kind() != expr::Kind::BVConst;
    found = variables >= 2;
  });
  return found;
}

bool refutedWithOpaqueProducts(const z3::expr_vector &parts, unsigned ms) {
  if (parts.empty())
    return false;
  z3::context &z3 = parts.ctx();
  try {
    std::optional<z3::expr> opaque = withOpaqueProducts(z3::mk_and(parts));
    if (!opaque)
      return false;
    z3::solver s(z3, "QF_BV");
    z3::params p(z3);
    p.set("timeout", ms);
    s.set(p);
    s.add(*opaque);
    return s.check() == z3::unsat;
  } catch (const z3::exception &) {
    return false;
  }
}

void conjuncts(const z3::expr &e, std::vector<z3::expr> &out) {
  if (e.is_app() && e.decl().decl_kind() == Z3_OP_AND) {
    for (unsigned i = 0; i < e.num_args(); ++i)
      conjuncts(e.arg(i), out);
    return;
  }
  out.push_back(e);
}

std::optional<z3::expr> withOpaqueProducts(const z3::expr &original,
                                           bool pin) {
  z3::context &z3 = original.ctx();
  bool products = false, pinnedAny = false;
  std::set<unsigned> visited;
  for (std::vector<z3::expr> todo{original}; !todo.empty() && !products;) {
    z3::expr t = todo.back();
    todo.pop_back();
    if (!t.is_app() || !visited.insert(t.id()).second)
      continue;
    products = isProductOfVariables(t);
    for (unsigned i = 0; i < t.num_args(); ++i)
      todo.push_back(t.arg(i));
  }
  z3::expr formula =
      pin ? withPinnedVariables(original, pinnedAny) : original;
  if (!products && !pinnedAny)
    return std::nullopt;
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
    return e; // (the products eliminated, or bounds pinned)
  z3::expr copy = e;
  return copy.substitute(from, to);
}

} // namespace cosmo::solver
