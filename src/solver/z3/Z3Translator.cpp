//===- Z3Translator.cpp - cosmo terms to Z3 and Z3 models back -----------===//

#include "z3/Z3Translator.h"

#include "cosmo/expr/FloatOps.h"
#include "cosmo/expr/Transform.h"

#include <llvm/ADT/SmallString.h>

#include <map>
#include <set>
#include <unordered_set>

namespace cosmo::solver {

using expr::Expr;
using expr::ExprRef;
using expr::Kind;

Z3Translator::Theories
Z3Translator::theoriesOf(std::span<const ExprRef> constraints) {
  Theories t;
  for (const ExprRef &c : constraints)
    expr::forEachNode(c, [&](const Expr *e) {
      Kind k = e->kind();
      t.arrays |=
          k == Kind::ArrayVar || k == Kind::ConstArray || k == Kind::Forall;
      t.quantifiers |= k == Kind::Forall;
      t.floats |= expr::isFloatKind(k);
      t.constArrays |= k == Kind::ConstArray;
      t.arraysOnlyRead &=
          k != Kind::Store && k != Kind::ConstArray && k != Kind::Forall &&
          !((k == Kind::Eq || k == Kind::Ite) &&
            e->child(e->numChildren() - 1)->sort().isArray());
    });
  return t;
}

std::string Z3Translator::unknownReason(const std::string &z3Reason) {
  if (z3Reason == "canceled" || z3Reason == "timeout")
    return "solver timeout";
  return z3Reason;
}

void Z3Translator::clearIfLarge() {
  if (cache_.size() > kMaxCache)
    cache_.clear();
}

static llvm::APInt toAPInt(const z3::expr &v, unsigned width) {
  std::string digits = v.get_decimal_string(0);
  return llvm::APInt(width, digits, 10);
}

expr::Assignment
Z3Translator::extractModel(const z3::model &m,
                           std::span<const ExprRef> constraints) {
  expr::Assignment a;
  std::unordered_set<const Expr *> seen;
  // arraysAsFunctions: a function's model is its value at each index read
  // (what the query says about the array); every other byte reads as 0.
  std::map<ExprRef, expr::ArrayValue, expr::ExprIdLess> functions;
  for (const ExprRef &c : constraints) {
    expr::forEachNode(c, [&](const Expr *e) {
      if (!seen.insert(e).second)
        return;
      if (e->kind() == Kind::Var) {
        z3::expr v = m.eval(translate(e), true);
        if (e->sort().isBool())
          a.set(ExprRef(e), expr::Value::ofBool(v.is_true()));
        else
          a.set(ExprRef(e), expr::Value::ofBits(toAPInt(v, e->width())));
      } else if (e->kind() == Kind::ArrayVar && !arraysAsFunctions_) {
        a.setArray(ExprRef(e), arrayValue(m, translate(e)));
      } else if (e->kind() == Kind::Select && arraysAsFunctions_) {
        expr::ArrayValue &value = functions[ExprRef(e->child(0))];
        z3::expr i = m.eval(translate(e->child(1)), true);
        z3::expr b = m.eval(translate(e), true);
        if (i.is_numeral() && b.is_numeral())
          value.bytes[i.get_numeral_uint64()] =
              static_cast<uint8_t>(b.get_numeral_uint64());
      }
    });
  }
  for (auto &[array, value] : functions)
    a.setArray(array, std::move(value));
  return a;
}

// Reads an array model. Z3's value of an array is built from constant
// arrays, stores at numeral indices, as-array interpretations and, when
// the query compares arrays, ite over array equalities that model
// evaluation leaves unreduced (so the value cannot be read off as a store
// chain). Such a value is constant outside the numeral indices it
// mentions: read it at each of those and at one other index (the default).
expr::ArrayValue Z3Translator::arrayValue(const z3::model &m,
                                          const z3::expr &arr) {
  std::set<uint64_t> indices;
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> todo{m.eval(arr, true)};
  while (!todo.empty()) {
    z3::expr v = todo.back();
    todo.pop_back();
    if (!v.is_app() || !seen.insert(v.id()).second)
      continue;
    if (v.decl().decl_kind() == Z3_OP_STORE && v.arg(1).is_numeral())
      indices.insert(v.arg(1).get_numeral_uint64());
    if (Z3_is_as_array(z3_, v)) {
      z3::func_decl f(z3_, Z3_get_as_array_func_decl(z3_, v));
      z3::func_interp fi = m.get_func_interp(f);
      for (unsigned i = 0; i < fi.num_entries(); ++i)
        if (fi.entry(i).arg(0).is_numeral())
          indices.insert(fi.entry(i).arg(0).get_numeral_uint64());
    }
    for (unsigned i = 0; i < v.num_args(); ++i)
      todo.push_back(v.arg(i));
  }
  auto byteAt = [&](uint64_t i) -> uint8_t {
    z3::expr b = m.eval(z3::select(arr, z3_.bv_val(i, 64)), true);
    return b.is_numeral() ? static_cast<uint8_t>(b.get_numeral_uint64()) : 0;
  };
  expr::ArrayValue out;
  uint64_t other = 0;
  while (indices.count(other))
    ++other;
  out.fallback = byteAt(other);
  for (uint64_t i : indices)
    if (uint8_t b = byteAt(i); b != out.fallback)
      out.bytes[i] = b;
  return out;
}

z3::func_decl Z3Translator::functionOf(const Expr *a) {
  assert(a->kind() == Kind::ArrayVar && "arraysOnlyRead: array variables");
  return z3_.function((a->name() + "!bytes").c_str(), z3_.bv_sort(64),
                      z3_.bv_sort(8));
}

z3::sort Z3Translator::sortOf(expr::Sort s) {
  switch (s.tag) {
  case expr::Sort::Bool:
    return z3_.bool_sort();
  case expr::Sort::BitVec:
    return z3_.bv_sort(s.width);
  case expr::Sort::Array:
    return z3_.array_sort(z3_.bv_sort(64), z3_.bv_sort(8));
  }
  return z3_.bool_sort();
}

namespace {
/// The kinds divisionLemmas states facts about.
bool hasDivisionLemmas(expr::Kind k) {
  return k == expr::Kind::SRem || k == expr::Kind::URem ||
         k == expr::Kind::UDiv;
}
} // namespace

// A remainder's range and a quotient's bound, stated beside the term: Z3
// bit-blasts a 64-bit divider into a circuit on which the SAT core can
// spend minutes before it sees that `a % b < b` when `b > 0` (the bound
// check of `t[i % n]`, a remainder compared with its divisor); with the
// lemma the conflict is immediate. Each holds for SMT-LIB's division by
// zero too (a remainder by zero is the dividend, hence the guards).
void Z3Translator::divisionLemmas(const expr::Expr *e, z3::expr_vector &out) {
  using expr::Kind;
  Kind k = e->kind();
  if (!hasDivisionLemmas(k))
    return;
  z3::expr r = translate(e), a = translate(e->child(0)),
           b = translate(e->child(1));
  z3::expr zero = z3_.bv_val(0, e->width());
  switch (k) {
  case Kind::SRem:
    // |r| < |b|, and r has the sign of a (or is 0). For b > 0, -b does
    // not overflow; for b < 0 (even INT_MIN), r > b.
    out.push_back(z3::implies(b > zero, r < b && r > -b));
    out.push_back(z3::implies(b < zero, r > b));
    out.push_back(z3::implies(a >= zero, r >= zero));
    out.push_back(z3::implies(a <= zero, r <= zero));
    break;
  case Kind::URem:
    out.push_back(z3::implies(b != zero, z3::ult(r, b)));
    out.push_back(z3::ule(r, a));
    break;
  default: // UDiv: by zero it is all ones
    out.push_back(z3::implies(b != zero, z3::ule(r, a)));
    break;
  }
}

z3::expr Z3Translator::translateConstraint(const expr::Expr *c) {
  z3::expr t = translate(c);
  if (!cache_.at(c).divisionBelow)
    return t;
  // The divisions below c, each once: a walk of the nodes that lead to one.
  z3::expr_vector lemmas(z3_);
  std::vector<const expr::Expr *> work{c};
  std::unordered_set<const expr::Expr *> seen{c};
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    divisionLemmas(e, lemmas);
    for (unsigned i = 0; i < e->numChildren(); ++i)
      if (cache_.at(e->child(i)).divisionBelow &&
          seen.insert(e->child(i)).second)
        work.push_back(e->child(i));
  }
  lemmas.push_back(t);
  return z3::mk_and(lemmas);
}

z3::expr Z3Translator::translate(const Expr *root) {
  // Post-order over the DAG with the cache as the memo.
  std::vector<std::pair<const Expr *, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    if (cache_.count(e)) {
      stack.pop_back();
      continue;
    }
    if (!expanded) {
      stack.back().second = true;
      for (unsigned i = 0; i < e->numChildren(); ++i)
        if (!cache_.count(e->child(i)))
          stack.push_back({e->child(i), false});
      continue;
    }
    stack.pop_back();
    std::optional<uint64_t> bound;
    if (e->sort().isBV())
      bound = upperBound(e);
    bool divisionBelow = hasDivisionLemmas(e->kind());
    for (unsigned i = 0; i < e->numChildren(); ++i)
      divisionBelow |= cache_.at(e->child(i)).divisionBelow;
    cache_.emplace(e, Entry{ExprRef(e), build(e, bound), bound, divisionBelow});
  }
  return cache_.at(root).z3;
}

namespace {

uint64_t lowMask(unsigned bits) {
  return bits >= 64 ? UINT64_MAX : (uint64_t(1) << bits) - 1;
}

unsigned bitLength(uint64_t v) { return v ? 64 - __builtin_clzll(v) : 0; }

} // namespace

std::optional<uint64_t> Z3Translator::upperBound(const Expr *e) const {
  unsigned w = e->width();
  auto ub = [&](unsigned i) { return cache_.at(e->child(i)).upperBound; };
  // Every value of a term of at most 64 bits is below 2^w.
  std::optional<uint64_t> full;
  if (w <= 64)
    full = lowMask(w);
  auto within = [&](std::optional<uint64_t> v) {
    return v && bitLength(*v) <= w ? v : full;
  };
  switch (e->kind()) {
  case Kind::BVConst:
    return e->bvValue().getActiveBits() <= 64
               ? std::optional(e->bvValue().getZExtValue())
               : full;
  case Kind::ZExt:
    return ub(0);
  case Kind::Ite:
    if (ub(1) && ub(2))
      return std::max(*ub(1), *ub(2));
    return full;
  case Kind::Add: {
    uint64_t sum;
    if (ub(0) && ub(1) && !__builtin_add_overflow(*ub(0), *ub(1), &sum))
      return within(sum);
    return full;
  }
  case Kind::Mul: {
    uint64_t product;
    if (ub(0) && ub(1) && !__builtin_mul_overflow(*ub(0), *ub(1), &product))
      return within(product);
    return full;
  }
  case Kind::BAnd:
    if (ub(0) && ub(1))
      return std::min(*ub(0), *ub(1));
    return ub(0) ? ub(0) : ub(1) ? ub(1) : full;
  case Kind::BOr:
  case Kind::BXor:
    if (ub(0) && ub(1))
      return lowMask(bitLength(std::max(*ub(0), *ub(1))));
    return full;
  case Kind::UDiv: // x / 0 is all ones
    if (ub(0) && e->child(1)->kind() == Kind::BVConst &&
        !e->child(1)->bvValue().isZero())
      return ub(0);
    return full;
  case Kind::URem: // x % 0 is x
    return ub(0) ? ub(0) : full;
  case Kind::Concat: {
    unsigned low = e->child(1)->width();
    if (ub(0) && *ub(0) == 0)
      return ub(1);
    if (ub(0) && low + bitLength(*ub(0)) <= 64)
      return (*ub(0) << low) | lowMask(low);
    return full;
  }
  case Kind::Extract:
    if (ub(0))
      return within(*ub(0) >> e->aux1());
    return full;
  default:
    return full;
  }
}

z3::expr Z3Translator::selectOf(const Expr *e) {
  z3::expr index = cache_.at(e->child(1)).z3;
  if (!selectsAsIte_)
    return z3::select(cache_.at(e->child(0)).z3, index);
  const Expr *a = e->child(0);
  std::vector<const Expr *> stores;
  for (; a->kind() == Kind::Store && a->child(1)->kind() == Kind::BVConst &&
         stores.size() <= kMaxStoresAsIte;
       a = a->child(0))
    stores.push_back(a);
  if (stores.size() < kStoresAsIte || stores.size() > kMaxStoresAsIte)
    return z3::select(cache_.at(e->child(0)).z3, index);
  // select(store(a, k, v), i) = ite(i == k, v, select(a, i)), the
  // outermost store first.
  z3::expr r = a->kind() == Kind::ConstArray
                   ? cache_.at(a->child(0)).z3
                   : z3::select(cache_.at(a).z3, index);
  for (auto it = stores.rbegin(); it != stores.rend(); ++it)
    r = z3::ite(index == cache_.at((*it)->child(1)).z3,
                cache_.at((*it)->child(2)).z3, r);
  return r;
}

z3::expr Z3Translator::build(const Expr *e,
                             std::optional<uint64_t> bound) {
  auto c = [&](unsigned i) { return cache_.at(e->child(i)).z3; };
  // A sum whose operands are known to be small is added at the width it
  // needs and zero-extended: summing many 0/1 flags in 32 bits (a loop
  // counting, composed by formula summaries) otherwise gives Z3 a 32-bit
  // adder per flag, and it spends seconds on what 8-bit adders decide in
  // milliseconds. Exact: the narrow sum cannot wrap.
  if (e->kind() == Kind::Add && bound && *bound > 0 &&
      bitLength(*bound) < e->width()) {
    unsigned k = bitLength(*bound);
    return z3::zext(c(0).extract(k - 1, 0) + c(1).extract(k - 1, 0),
                    e->width() - k);
  }
  switch (e->kind()) {
  case Kind::BoolConst:
    return z3_.bool_val(e->boolValue());
  case Kind::BVConst: {
    llvm::SmallString<40> s;
    e->bvValue().toStringUnsigned(s, 10);
    return z3_.bv_val(std::string(s.str()).c_str(), e->width());
  }
  case Kind::Var:
  case Kind::ArrayVar:
    return z3_.constant(e->name().c_str(), sortOf(e->sort()));
  case Kind::Not:
    return !c(0);
  case Kind::And:
    return c(0) && c(1);
  case Kind::Or:
    return c(0) || c(1);
  case Kind::Ite:
    return z3::ite(c(0), c(1), c(2));
  case Kind::Eq:
    return c(0) == c(1);
  case Kind::Ult:
    return z3::ult(c(0), c(1));
  case Kind::Ule:
    return z3::ule(c(0), c(1));
  case Kind::Slt:
    return c(0) < c(1);
  case Kind::Sle:
    return c(0) <= c(1);
  case Kind::Add:
    return c(0) + c(1);
  case Kind::Sub:
    return c(0) - c(1);
  case Kind::Mul:
    return c(0) * c(1);
  case Kind::UDiv:
    return z3::udiv(c(0), c(1));
  case Kind::SDiv:
    return c(0) / c(1);
  case Kind::URem:
    return z3::urem(c(0), c(1));
  case Kind::SRem:
    return z3::srem(c(0), c(1));
  case Kind::Shl:
    return z3::shl(c(0), c(1));
  case Kind::LShr:
    return z3::lshr(c(0), c(1));
  case Kind::AShr:
    return z3::ashr(c(0), c(1));
  case Kind::BAnd:
    return c(0) & c(1);
  case Kind::BOr:
    return c(0) | c(1);
  case Kind::BXor:
    return c(0) ^ c(1);
  case Kind::BNot:
    return ~c(0);
  case Kind::Neg:
    return -c(0);
  case Kind::Concat:
    return z3::concat(c(0), c(1));
  case Kind::Extract:
    return c(0).extract(e->aux0(), e->aux1());
  case Kind::ZExt:
    return z3::zext(c(0), e->aux0() - e->child(0)->width());
  case Kind::SExt:
    return z3::sext(c(0), e->aux0() - e->child(0)->width());
  case Kind::Select:
    if (arraysAsFunctions_)
      return functionOf(e->child(0))(c(1));
    return selectOf(e);
  case Kind::Store:
    return z3::store(c(0), c(1), c(2));
  case Kind::ConstArray:
    return z3::const_array(z3_.bv_sort(64), c(0));
  case Kind::Forall: {
    z3::expr_vector bound(z3_);
    for (unsigned i = 1; i < e->numChildren(); ++i)
      bound.push_back(c(i));
    return z3::forall(bound, c(0));
  }
  COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE)
    return buildFloat(e);
  }
  throw z3::exception("unknown term kind");
}

} // namespace cosmo::solver
