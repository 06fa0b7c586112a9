//===- HornEncodings.cpp - a Horn system's terms for Spacer ---------------===//
//
// See HornEncodings.h.
//
//===----------------------------------------------------------------------===//

#include "horn/HornEncodings.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <algorithm>

namespace cosmo::solver {

using expr::Kind;

namespace {

/// `quantified`: the system has arrays, whose invariants quantify over
/// their elements (Spacer's quantified lemmas; without them the loop that
/// fills an array is never proved).
z3::params spacerParams(z3::context &z3, bool quantified,
                        SpacerStrategy strategy) {
  z3::params p(z3);
  p.set("engine", "spacer");
  switch (strategy) {
  case SpacerStrategy::EqualityGeneralisation:
    p.set("spacer.use_euf_gen", true);
    break;
  case SpacerStrategy::PlainFarkas:
    p.set("spacer.iuc.arith", 0u);
    break;
  }
  if (quantified) {
    p.set("spacer.q3", true);
    p.set("spacer.q3.use_qgen", true);
    p.set("spacer.ground_pobs", false);
  }
  // Keep every relation (invariants are read per relation).
  p.set("xform.slice", false);
  p.set("xform.inline_linear", false);
  p.set("xform.inline_eager", false);
  return p;
}

} // namespace

std::vector<size_t> droppedQueryAtoms(const HornSystem &system,
                                      const HornClause &query) {
  std::vector<size_t> out;
  if (query.body.size() < 2)
    return out;
  // dependsOn[r]: the relations r is derived from (transitively).
  size_t n = system.relations().size();
  std::vector<std::vector<bool>> dependsOn(n, std::vector<bool>(n, false));
  for (bool changed = true; changed;) {
    changed = false;
    for (const HornClause &c : system.clauses()) {
      if (!c.head)
        continue;
      std::vector<bool> &d = dependsOn[c.head->relation];
      for (const HornAtom &a : c.body) {
        auto mark = [&](size_t r) {
          if (!d[r])
            d[r] = changed = true;
        };
        mark(a.relation);
        for (size_t r = 0; r < n; ++r)
          if (dependsOn[a.relation][r])
            mark(r);
      }
    }
  }
  for (size_t k = 0; k < query.body.size(); ++k) {
    size_t mine = query.body[k].relation;
    for (const HornAtom &other : query.body)
      if (other.relation != mine && dependsOn[other.relation][mine] &&
          !dependsOn[mine][other.relation]) {
        out.push_back(k);
        break;
      }
  }
  return out;
}

bool hasArrays(const HornSystem &system) {
  for (const HornRelation &r : system.relations())
    for (const expr::Sort &s : r.args)
      if (s.isArray())
        return true;
  return false;
}

SpacerSystem loadSpacer(z3::context &z3, const HornSystem &system,
                        Encoding &encoding, SpacerStrategy strategy,
                        const AssumedInvariants *assumed,
                        bool linearQueries) {
  SpacerSystem out{{}, z3::fixedpoint(z3), {},
                   z3.function("cosmo.error", 0, nullptr, z3.bool_sort())};
  Z3_context c = z3;
  Z3_fixedpoint f = out.fp;
  Z3_fixedpoint_inc_ref(c, f);
  out.lastReference = std::shared_ptr<void>(f, [c](void *p) {
    try {
      Z3_fixedpoint_dec_ref(c, static_cast<Z3_fixedpoint>(p));
    } catch (...) {
      // Z3's objects of the query stay allocated: a leak, not an abort.
    }
  });
  out.fp.set(spacerParams(z3, hasArrays(system), strategy));
  for (size_t k = 0; k < system.relations().size(); ++k) {
    const HornRelation &r = system.relations()[k];
    z3::sort_vector domain(z3);
    for (unsigned i = 0; i < r.args.size(); ++i)
      for (unsigned p = encoding.parts(k, i); p-- > 0;)
        domain.push_back(encoding.sortOf(r.args[i]));
    out.relations.push_back(z3.function(r.name.c_str(), domain, z3.bool_sort()));
    out.fp.register_relation(out.relations.back());
  }
  out.fp.register_relation(out.error);
  unsigned n = 0;
  for (const HornClause &c : system.clauses()) {
    encoding.beginClause(c);
    auto atom = [&](const HornAtom &a) {
      z3::expr_vector args(z3);
      for (const ExprRef &t : a.args)
        encoding.argument(t, args);
      return out.relations[a.relation](args);
    };
    z3::expr_vector body(z3);
    std::vector<size_t> dropped;
    if (linearQueries && !c.head)
      dropped = droppedQueryAtoms(system, c);
    for (size_t k = 0; k < c.body.size(); ++k) {
      const HornAtom &a = c.body[k];
      if (std::find(dropped.begin(), dropped.end(), k) != dropped.end())
        continue;
      body.push_back(atom(a));
      if (!assumed || assumed->byRelation[a.relation].empty())
        continue;
      expr::Substitution sub = system.argumentsAt(assumed->ctx, a);
      for (const ExprRef &f : assumed->byRelation[a.relation])
        body.push_back(encoding.constraint(
            expr::substitute(assumed->ctx, f, sub)));
    }
    body.push_back(encoding.constraint(c.constraint));
    z3::expr head = c.head ? atom(*c.head) : out.error();
    body.push_back(encoding.facts());
    z3::expr rule = z3::implies(z3::mk_and(body), head);
    z3::expr_vector vars = encoding.variables();
    if (!vars.empty())
      rule = z3::forall(vars, rule);
    out.fp.add_rule(rule, z3.str_symbol(fmt::format("c{}", n++).c_str()));
  }
  return out;
}

z3::expr IntAbstraction::term(const Expr *e) {
  if (auto it = memo_.find(e); it != memo_.end())
    return it->second;
  auto kid = [&](unsigned i) { return term(e->child(i)); };
  auto width = [&](unsigned i) { return e->child(i)->width(); };
  std::optional<z3::expr> r;
  switch (e->kind()) {
  case Kind::BoolConst:
    r = z3_.bool_val(e->boolValue());
    break;
  case Kind::BVConst:
    r = z3_.int_val(llvm::toString(e->bvValue(), 10, /*Signed=*/true).c_str());
    break;
  case Kind::Var:
    if (e->sort().isBool()) {
      r = z3_.bool_const(e->name().c_str());
    } else {
      r = z3_.int_const(e->name().c_str());
      ranges_.push_back(inRange(*r, e->width()));
    }
    vars_.push_back(*r);
    break;
  case Kind::Not: r = !kid(0); break;
  case Kind::And: {
    z3::expr_vector v(z3_);
    for (unsigned i = 0; i < e->numChildren(); ++i)
      v.push_back(kid(i));
    r = z3::mk_and(v);
    break;
  }
  case Kind::Or: {
    z3::expr_vector v(z3_);
    for (unsigned i = 0; i < e->numChildren(); ++i)
      v.push_back(kid(i));
    r = z3::mk_or(v);
    break;
  }
  case Kind::Select:
    if (auto off = linearOffset(e->child(1)))
      if (auto at = layouts_.of(e->child(0)).locate(*off, 1))
        r = element(arrayParts(e->child(0))[at->first], index(at->second), 1);
    break;
  case Kind::Concat:
    if (auto read = elementRead(e))
      if (auto at = layouts_.of(read->array).locate(read->offset, read->bytes))
        r = element(arrayParts(read->array)[at->first], index(at->second),
                    read->bytes);
    break;
  case Kind::Ite:
    if (!e->sort().isArray())
      r = z3::ite(kid(0), kid(1), kid(2));
    break;
  case Kind::Eq:
    if (e->child(0)->sort().isArray()) {
      const std::vector<z3::expr> a = arrayParts(e->child(0)),
                                  b = arrayParts(e->child(1));
      z3::expr_vector same(z3_);
      for (size_t k = 0; k < a.size() && k < b.size(); ++k)
        same.push_back(a[k] == b[k]);
      r = z3::mk_and(same);
    } else {
      r = kid(0) == kid(1);
    }
    break;
  case Kind::Slt: r = kid(0) < kid(1); break;
  case Kind::Sle: r = kid(0) <= kid(1); break;
  case Kind::Ult:
    r = unsignedView(kid(0), width(0)) < unsignedView(kid(1), width(1));
    break;
  case Kind::Ule:
    r = unsignedView(kid(0), width(0)) <= unsignedView(kid(1), width(1));
    break;
  case Kind::Add: r = kid(0) + kid(1); break;
  case Kind::Sub: r = kid(0) - kid(1); break;
  case Kind::Mul: r = kid(0) * kid(1); break;
  case Kind::Neg: r = -kid(0); break;
  case Kind::SExt: r = kid(0); break;
  case Kind::ZExt: r = unsignedView(kid(0), width(0)); break;
  default:
    break;
  }
  if (!r && e->sort().isArray()) {
    // An array as one term: its first part (Spacer's relations take the
    // parts through `argument`).
    r = arrayParts(e).front();
  }
  if (!r)
    r = fresh(e->sort());
  memo_.emplace(e, *r);
  return *r;
}

std::vector<z3::expr> IntAbstraction::arrayParts(const Expr *e) {
  if (auto it = arrays_.find(e); it != arrays_.end())
    return it->second;
  unsigned n = partsOf(layouts_.of(e));
  std::optional<std::vector<z3::expr>> r;
  if (e->kind() == Kind::ArrayVar) {
    r.emplace();
    for (unsigned k = 0; k < n; ++k) {
      std::string name =
          n == 1 ? e->name() : fmt::format("{}.f{}", e->name(), k);
      r->push_back(z3_.constant(name.c_str(), sortOf(e->sort())));
      vars_.push_back(r->back());
    }
  } else if (e->kind() == Kind::Ite) {
    z3::expr c = term(e->child(0));
    const std::vector<z3::expr> a = arrayParts(e->child(1)),
                                b = arrayParts(e->child(2));
    r.emplace();
    for (unsigned k = 0; k < n; ++k)
      r->push_back(z3::ite(c, a[k], b[k]));
  } else if (e->kind() == Kind::Store) {
    r = fieldWrite(e);
  } else if (e->kind() == Kind::ConstArray &&
             e->child(0)->bvValue().isZero()) {
    // Every byte zero: every element of every field is 0.
    r.emplace(n, z3::const_array(z3_.int_sort(), z3_.int_val(0)));
  }
  if (!r) {
    r.emplace();
    for (unsigned k = 0; k < n; ++k)
      r->push_back(fresh(e->sort()));
  }
  return arrays_.emplace(e, std::move(*r)).first->second;
}

std::optional<std::vector<z3::expr>>
IntAbstraction::fieldWrite(const Expr *e) {
  const ElementLayout &layout = layouts_.of(e);
  // The fields' sizes, largest first: a write of 8 bytes is also one of
  // its last byte.
  std::vector<unsigned> sizes;
  for (const auto &[offset, bytes] : layout.fields)
    sizes.push_back(bytes);
  std::sort(sizes.rbegin(), sizes.rend());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  for (unsigned bytes : sizes) {
    std::optional<ElementAccess> write;
    if (bytes == 1) {
      if (auto off = linearOffset(e->child(1))) {
        write.emplace();
        write->array = e->child(0);
        write->offset = *off;
        write->at = e->child(1);
        write->bytes = 1;
        write->value = e->child(2);
      }
    } else {
      write = elementWrite(e, bytes);
    }
    if (!write)
      continue;
    auto at = layout.locate(write->offset, bytes);
    if (!at)
      continue;
    std::vector<z3::expr> parts = arrayParts(write->array);
    z3::expr value = write->value ? term(write->value)
                     : write->copyArray
                         ? copiedElement(*write)
                         : z3_.int_val(llvm::toString(*write->constant, 10,
                                                      /*Signed=*/true)
                                           .c_str());
    parts[at->first] = z3::store(parts[at->first], index(at->second), value);
    return parts;
  }
  // A byte no field has (of a member no access reads as a whole): the
  // fields' arrays are those below.
  if (auto off = linearOffset(e->child(1)); off && layout.outsideFields(*off))
    return arrayParts(e->child(0));
  return std::nullopt;
}

z3::expr IntAbstraction::copiedElement(const ElementAccess &write) {
  const ElementLayout &from = layouts_.of(write.copyArray);
  if (auto at = from.locate(write.copyOffset, write.bytes))
    return element(arrayParts(write.copyArray)[at->first], index(at->second),
                   write.bytes);
  return fresh(expr::Sort::bv(8 * write.bytes));
}

z3::expr IntAbstraction::index(const LinearOffset &cell) {
  z3::expr sum = z3_.int_val(static_cast<int64_t>(cell.constant));
  for (const auto &[t, c] : cell.terms)
    sum = sum + z3_.int_val(static_cast<int64_t>(c)) * term(t);
  return sum.simplify();
}

} // namespace cosmo::solver
