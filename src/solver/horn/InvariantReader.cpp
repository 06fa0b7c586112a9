//===- InvariantReader.cpp - Spacer's integer invariants as bit-vectors ---===//
//
// See InvariantReader.h. Linear conjuncts are read with positive
// coefficients on both sides (no negation, no multiplication by -1): those
// make the bit-blasted inductiveness queries of Houdini slow.
//
//===----------------------------------------------------------------------===//

#include "horn/InvariantReader.h"
#include "horn/ArrayElements.h"

#include <fmt/format.h>
#include <llvm/ADT/StringExtras.h>

#include <algorithm>
#include <map>
#include <cassert>

namespace cosmo::solver {

unsigned InvariantReader::argumentWidth(const z3::expr &e) {
  if (e.is_var()) {
    unsigned i = Z3_get_index_value(e.ctx(), e);
    return i < args_.size() && args_[i]->sort().isBV() ? args_[i]->width() : 0;
  }
  unsigned w = 0;
  if (e.is_app())
    for (unsigned i = 0; i < e.num_args(); ++i)
      w = std::max(w, argumentWidth(e.arg(i)));
  return w;
}

std::optional<unsigned> InvariantReader::bits(const z3::expr &e) {
  if (e.is_var()) {
    unsigned i = Z3_get_index_value(e.ctx(), e);
    if (i >= args_.size() || !args_[i]->sort().isBV())
      return std::nullopt;
    return args_[i]->width();
  }
  if (e.is_numeral()) {
    llvm::APInt v(kMaxBits, e.get_decimal_string(0), 10);
    unsigned need = v.getMinSignedBits();
    return need < kMaxBits / 2 ? std::optional<unsigned>(need) : std::nullopt;
  }
  if (!e.is_app())
    return std::nullopt;
  unsigned n = e.num_args();
  std::vector<unsigned> b;
  for (unsigned i = 0; i < n; ++i) {
    if (!e.arg(i).is_int())
      return std::nullopt;
    auto k = bits(e.arg(i));
    if (!k)
      return std::nullopt;
    b.push_back(*k);
  }
  unsigned widest = b.empty() ? 1 : *std::max_element(b.begin(), b.end());
  std::optional<unsigned> r;
  switch (e.decl().decl_kind()) {
  case Z3_OP_ADD:
  case Z3_OP_SUB: {
    unsigned grow = 0;
    while ((1u << grow) < n)
      ++grow;
    r = widest + grow + 1;
    break;
  }
  case Z3_OP_UMINUS: r = widest + 1; break;
  case Z3_OP_MUL: {
    unsigned sum = 0;
    for (unsigned k : b)
      sum += k;
    r = sum;
    break;
  }
  default:
    return std::nullopt;
  }
  if (*r > kMaxBits)
    return std::nullopt;
  return r;
}

ExprRef InvariantReader::integer(const z3::expr &e, unsigned w) {
  if (e.is_var())
    return ctx_.sextOrTrunc(args_[Z3_get_index_value(e.ctx(), e)], w);
  if (e.is_numeral())
    return ctx_.bv(
        llvm::APInt(kMaxBits, e.get_decimal_string(0), 10).trunc(w));
  ExprRef acc = integer(e.arg(0), w);
  switch (e.decl().decl_kind()) {
  case Z3_OP_UMINUS: return ctx_.neg(acc);
  case Z3_OP_ADD:
    for (unsigned i = 1; i < e.num_args(); ++i)
      acc = ctx_.add(acc, integer(e.arg(i), w));
    return acc;
  case Z3_OP_SUB:
    for (unsigned i = 1; i < e.num_args(); ++i)
      acc = ctx_.sub(acc, integer(e.arg(i), w));
    return acc;
  case Z3_OP_MUL:
    for (unsigned i = 1; i < e.num_args(); ++i)
      acc = ctx_.mul(acc, integer(e.arg(i), w));
    return acc;
  default:
    assert(false && "bits() admitted an operation integer() cannot build");
    return acc;
  }
}

bool InvariantReader::linear(const z3::expr &e, const llvm::APInt &scale,
                             std::map<unsigned, llvm::APInt> &terms,
                             llvm::APInt &constant) {
  if (e.is_var()) {
    unsigned i = Z3_get_index_value(e.ctx(), e);
    if (i >= args_.size() || !args_[i]->sort().isBV())
      return false;
    auto [it, fresh] = terms.try_emplace(i, llvm::APInt(kMaxBits, 0));
    it->second += scale;
    return true;
  }
  if (e.is_numeral()) {
    constant += scale * llvm::APInt(kMaxBits, e.get_decimal_string(0), 10);
    return true;
  }
  if (!e.is_app())
    return false;
  switch (e.decl().decl_kind()) {
  case Z3_OP_ADD:
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (!linear(e.arg(i), scale, terms, constant))
        return false;
    return true;
  case Z3_OP_SUB:
    for (unsigned i = 0; i < e.num_args(); ++i)
      if (!linear(e.arg(i), i == 0 ? scale : -scale, terms, constant))
        return false;
    return true;
  case Z3_OP_UMINUS:
    return linear(e.arg(0), -scale, terms, constant);
  case Z3_OP_MUL:
    if (e.num_args() == 2 && e.arg(0).is_numeral())
      return linear(e.arg(1),
                    scale * llvm::APInt(kMaxBits, e.arg(0).get_decimal_string(0), 10),
                    terms, constant);
    return false;
  default:
    return false;
  }
}

std::optional<ExprRef> InvariantReader::compareLinear(const z3::expr &a,
                                                      const z3::expr &b,
                                                      Z3_decl_kind k,
                                                      unsigned modularWidth) {
  std::map<unsigned, llvm::APInt> terms;
  llvm::APInt constant(kMaxBits, 0), one(kMaxBits, 1);
  // a - b OP 0
  if (!linear(a, one, terms, constant) || !linear(b, -one, terms, constant))
    return std::nullopt;
  // Over the integers a - b < 0 is a - b + 1 <= 0: read modulo 2^w as one
  // kind of bound, `d < r + 2` and `r < d` pair into `d == r + 1`. (Not
  // in the exact reading: measured, ArrayHornTest's quantified fill
  // invariant is no longer kept then.)
  if (modularWidth && k == Z3_OP_LT)
    constant += 1, k = Z3_OP_LE;
  else if (modularWidth && k == Z3_OP_GT)
    constant -= 1, k = Z3_OP_GE;
  // Each side's width: its largest term, one bit per doubling of the count,
  // and the sign.
  unsigned w = 2;
  for (const auto &[i, c] : terms)
    w = std::max(w, args_[i]->width() + c.abs().getActiveBits());
  w = std::max(w, constant.abs().getActiveBits());
  unsigned count = static_cast<unsigned>(terms.size()) + 1;
  while (count > 1) {
    ++w;
    count = (count + 1) / 2;
  }
  w += 2;
  if (modularWidth)
    w = modularWidth;
  if (w > kMaxBits / 2)
    return std::nullopt;
  ExprRef left = ctx_.bv(w, 0), right = ctx_.bv(w, 0);
  auto add = [&](ExprRef &side, const ExprRef &t) {
    side = side->isConst() && side->bvValue().isZero() ? t : ctx_.add(side, t);
  };
  for (const auto &[i, c] : terms) {
    if (c.isZero())
      continue;
    ExprRef x = ctx_.sextOrTrunc(args_[i], w);
    llvm::APInt m = c.abs().trunc(w);
    ExprRef t = m.isOne() ? x : ctx_.mul(ctx_.bv(m), x);
    add(c.isNegative() ? right : left, t);
  }
  if (!constant.isZero())
    add(constant.isNegative() ? right : left, ctx_.bv(constant.abs().trunc(w)));
  else if (left->isConst() && right->isConst())
    return std::nullopt;
  // left - right OP -constant, as left OP right (+ constant moved).
  switch (k) {
  case Z3_OP_EQ: return ctx_.eq(left, right);
  case Z3_OP_LE: return ctx_.sle(left, right);
  case Z3_OP_LT: return ctx_.slt(left, right);
  case Z3_OP_GE: return ctx_.sle(right, left);
  case Z3_OP_GT: return ctx_.slt(right, left);
  default: return std::nullopt;
  }
}

std::optional<ExprRef> InvariantReader::compare(const z3::expr &a,
                                                const z3::expr &b,
                                                Z3_decl_kind k) {
  if (!modular_)
    if (auto f = compareLinear(a, b, k))
      return f;
  auto ba = bits(a), bb = bits(b);
  if (!ba || !bb)
    return std::nullopt;
  unsigned w = std::max(*ba, *bb) + 1;
  if (modular_) {
    // Every numeral (and argument) must fit the arguments' width; then the
    // terms are C's, modulo 2^w.
    unsigned m = std::max(argumentWidth(a), argumentWidth(b));
    auto numeralsFit = [&](auto &&self, const z3::expr &e) -> bool {
      if (e.is_numeral())
        return llvm::APInt(kMaxBits, e.get_decimal_string(0), 10)
                   .getMinSignedBits() <= m;
      for (unsigned i = 0; e.is_app() && i < e.num_args(); ++i)
        if (!self(self, e.arg(i)))
          return false;
      return true;
    };
    if (m == 0 || !numeralsFit(numeralsFit, a) || !numeralsFit(numeralsFit, b))
      return std::nullopt;
    if (auto f = compareLinear(a, b, k, m))
      return f;
    w = m;
  }
  ExprRef x = integer(a, w), y = integer(b, w);
  switch (k) {
  case Z3_OP_EQ: return ctx_.eq(x, y);
  case Z3_OP_LE: return ctx_.sle(x, y);
  case Z3_OP_LT: return ctx_.slt(x, y);
  case Z3_OP_GE: return ctx_.sle(y, x);
  case Z3_OP_GT: return ctx_.slt(y, x);
  default: return std::nullopt;
  }
}

std::optional<ExprRef> InvariantReader::read(const z3::expr &e) {
  if (e.is_true())
    return ctx_.trueE();
  if (e.is_false())
    return ctx_.falseE();
  if (e.is_var()) {
    unsigned i = Z3_get_index_value(e.ctx(), e);
    if (i < args_.size() && args_[i]->sort().isBool())
      return args_[i];
    return std::nullopt;
  }
  if (!e.is_app())
    return std::nullopt;
  Z3_decl_kind k = e.decl().decl_kind();
  std::vector<ExprRef> kids;
  auto boolKids = [&]() {
    for (unsigned i = 0; i < e.num_args(); ++i) {
      auto f = read(e.arg(i));
      if (!f)
        return false;
      kids.push_back(*f);
    }
    return true;
  };
  switch (k) {
  case Z3_OP_AND:
    if (!boolKids())
      return std::nullopt;
    return ctx_.andAll(kids);
  case Z3_OP_OR:
    if (!boolKids())
      return std::nullopt;
    {
      ExprRef acc = ctx_.falseE();
      for (const ExprRef &x : kids)
        acc = ctx_.orE(acc, x);
      return acc;
    }
  case Z3_OP_NOT: {
    // not (a <= b) is b < a: a bound, as Spacer's others are.
    const z3::expr c = e.arg(0);
    if (c.is_app() && c.num_args() == 2 && c.arg(0).is_int())
      switch (c.decl().decl_kind()) {
      case Z3_OP_LE: return compare(c.arg(0), c.arg(1), Z3_OP_GT);
      case Z3_OP_LT: return compare(c.arg(0), c.arg(1), Z3_OP_GE);
      case Z3_OP_GE: return compare(c.arg(0), c.arg(1), Z3_OP_LT);
      case Z3_OP_GT: return compare(c.arg(0), c.arg(1), Z3_OP_LE);
      default: break;
      }
    if (!boolKids())
      return std::nullopt;
    return ctx_.notE(kids[0]);
  }
  case Z3_OP_IMPLIES:
    if (!boolKids())
      return std::nullopt;
    return ctx_.implies(kids[0], kids[1]);
  case Z3_OP_EQ:
    if (e.arg(0).is_bool()) {
      if (!boolKids())
        return std::nullopt;
      return ctx_.eq(kids[0], kids[1]);
    }
    [[fallthrough]];
  case Z3_OP_LE:
  case Z3_OP_LT:
  case Z3_OP_GE:
  case Z3_OP_GT:
    if (e.num_args() != 2 || !e.arg(0).is_int())
      return std::nullopt;
    return compare(e.arg(0), e.arg(1), k);
  default:
    return std::nullopt;
  }
}

std::optional<ExprRef> InvariantReader::formula(const z3::expr &e,
                                                std::vector<ExprRef> *bound) {
  size_t arguments = args_.size();
  std::optional<ExprRef> r;
  std::vector<ExprRef> vars;
  lastStride_ = 0;
  try {
    if (e.is_quantifier()) {
      if (bound)
        r = quantified(e, vars);
    } else if (std::optional<z3::expr> g = elementsAsArguments(e)) {
      r = read(*g);
    }
  } catch (const z3::exception &) {
    r.reset(); // a term Z3 rejects: the conjunct is not read
  }
  args_.resize(arguments); // the bound variables and elements of `e`
  if (r && bound)
    bound->insert(bound->end(), vars.begin(), vars.end());
  return r;
}

std::optional<ExprRef>
InvariantReader::quantified(const z3::expr &e, std::vector<ExprRef> &bound) {
  if (modular_ || !e.is_forall())
    return std::nullopt;
  z3::context &z3 = e.ctx();
  unsigned n = Z3_get_quantifier_num_bound(z3, e);
  size_t arguments = args_.size();
  // Spacer's quantified lemmas do not shift the relation's arguments
  // under their binder (measured on Z3 4.8.12): in the body, index j < n of
  // the bound variables' sort is bound variable j, any other index i is
  // argument i itself. An argument i < n of that sort cannot be told from
  // a bound variable: a conjunct that needs it is misread, and Houdini
  // drops it. Bound variable j becomes argument `arguments + j`.
  std::vector<z3::sort> sorts;
  for (unsigned j = 0; j < n; ++j) {
    sorts.push_back(
        z3::sort(z3, Z3_get_quantifier_bound_sort(z3, e, n - 1 - j)));
    if (!sorts.back().is_int())
      return std::nullopt;
    ExprRef v = ctx_.var(fmt::format("cosmo.q{}", boundCount_++),
                         expr::Sort::bv(64));
    args_.push_back(v);
    bound.push_back(v);
  }
  bool ok = true;
  auto rebind = [&](auto &&self, const z3::expr &x) -> z3::expr {
    if (x.is_var()) {
      unsigned k = Z3_get_index_value(z3, x);
      if (k < n && z3::eq(x.get_sort(), sorts[k]))
        return z3::expr(
            z3, Z3_mk_bound(z3, static_cast<unsigned>(arguments + k),
                            sorts[k]));
      if (k >= arguments)
        ok = false;
      return x;
    }
    if (!x.is_app()) {
      ok = false; // a nested quantifier
      return x;
    }
    z3::expr_vector kids(z3);
    for (unsigned k = 0; k < x.num_args(); ++k)
      kids.push_back(self(self, x.arg(k)));
    return x.decl()(kids);
  };
  z3::expr body = rebind(rebind, e.body());
  if (!ok)
    return std::nullopt;
  std::optional<z3::expr> g = elementsAsArguments(body);
  if (!g)
    return std::nullopt;
  return read(*g);
}

std::optional<z3::expr>
InvariantReader::elementsAsArguments(const z3::expr &e) {
  z3::context &z3 = e.ctx();
  z3::expr_vector from(z3), to(z3);
  bool ok = true;
  auto visit = [&](auto &&self, const z3::expr &x) -> void {
    if (!ok || !x.is_app())
      return;
    if (x.decl().decl_kind() == Z3_OP_SELECT) {
      z3::expr a = x.arg(0), at = x.arg(1);
      unsigned i = a.is_var() ? Z3_get_index_value(z3, a) : ~0u;
      std::optional<unsigned> b = bits(at);
      if (i >= views_.size() || views_[i].stride == 0 || !b || *b > 64) {
        ok = false;
        return;
      }
      for (unsigned k = 0; k < from.size(); ++k)
        if (z3::eq(from[k], x))
          return;
      const ArgumentView &view = views_[i];
      lastStride_ = std::max(lastStride_, view.stride);
      ExprRef offset = ctx_.mul(ctx_.bv(64, view.stride), integer(at, 64));
      if (view.offset)
        offset = ctx_.add(offset, ctx_.bv(64, view.offset));
      ExprRef value = elementAt(ctx_, args_[i], offset, view.bytes);
      from.push_back(x);
      to.push_back(z3::expr(
          z3, Z3_mk_bound(z3, static_cast<unsigned>(args_.size()),
                          z3.int_sort())));
      args_.push_back(value);
      return;
    }
    for (unsigned k = 0; k < x.num_args(); ++k)
      self(self, x.arg(k));
    if (x.is_array()) // an array used other than by a select
      ok = false;
  };
  visit(visit, e);
  if (!ok)
    return std::nullopt;
  z3::expr r = e;
  return from.empty() ? r : r.substitute(from, to);
}

} // namespace cosmo::solver
