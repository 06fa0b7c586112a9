//===- Assignment.cpp - evaluation of terms under an assignment -----------===//

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/FloatOps.h"

#include <unordered_map>
#include <vector>

using llvm::APInt;

namespace cosmo::expr {

void Assignment::merge(const Assignment &other) {
  for (const auto &[k, v] : other.vars_)
    vars_.set(k, v);
  for (const auto &[k, v] : other.arrays_)
    arrays_.set(k, v);
}

namespace {

class Evaluator {
public:
  Evaluator(const Assignment &a, Completion mode) : a_(a), mode_(mode) {}

  std::optional<Value> run(const ExprRef &root) {
    bool failed = false;
    // Children are visited before parents, so every operand is in memo_.
    forEachNode(root, [&](const Expr *e) {
      if (failed || e->sort().isArray())
        return;
      std::optional<Value> v = node(e);
      if (!v)
        failed = true;
      else
        memo_.emplace(e, std::move(*v));
    });
    if (failed)
      return std::nullopt;
    return memo_.at(root.get());
  }

private:
  const APInt &bits(const Expr *e) const { return memo_.at(e).bits; }
  bool truth(const Expr *e) const { return memo_.at(e).boolValue; }

  std::optional<uint8_t> selectByte(const Expr *array, uint64_t index) {
    const Expr *a = array;
    for (;;) {
      switch (a->kind()) {
      case Kind::Store:
        if (bits(a->child(1)).getZExtValue() == index)
          return static_cast<uint8_t>(bits(a->child(2)).getZExtValue());
        a = a->child(0);
        continue;
      case Kind::Ite:
        a = truth(a->child(0)) ? a->child(1) : a->child(2);
        continue;
      case Kind::ConstArray:
        return static_cast<uint8_t>(bits(a->child(0)).getZExtValue());
      case Kind::ArrayVar:
        if (const ArrayValue *v = a_.getArray(ExprRef(a)))
          return v->at(index);
        if (mode_ == Completion::Partial)
          return std::nullopt;
        return 0;
      default: return std::nullopt;
      }
    }
  }

  // The whole value of an array term: its base array's bytes under the
  // stores on the path to it.
  std::optional<ArrayValue> arrayValue(const Expr *array) {
    std::vector<const Expr *> stores;
    const Expr *a = array;
    while (a->kind() != Kind::ArrayVar && a->kind() != Kind::ConstArray) {
      if (a->kind() == Kind::Store) {
        stores.push_back(a);
        a = a->child(0);
      } else if (a->kind() == Kind::Ite) {
        a = truth(a->child(0)) ? a->child(1) : a->child(2);
      } else {
        return std::nullopt;
      }
    }
    ArrayValue v;
    if (a->kind() == Kind::ConstArray)
      v.fallback = static_cast<uint8_t>(bits(a->child(0)).getZExtValue());
    else if (const ArrayValue *base = a_.getArray(ExprRef(a)))
      v = *base;
    else if (mode_ == Completion::Partial)
      return std::nullopt;
    // Innermost store first, so the outermost one wins.
    for (auto it = stores.rbegin(); it != stores.rend(); ++it)
      v.bytes[bits((*it)->child(1)).getZExtValue()] = static_cast<uint8_t>(
          bits((*it)->child(2)).getZExtValue());
    return v;
  }

  // Extensional equality: the arrays agree at every index, so on their
  // defaults and at every explicit byte of either.
  std::optional<Value> arraysEqual(const Expr *x, const Expr *y) {
    std::optional<ArrayValue> a = arrayValue(x), b = arrayValue(y);
    if (!a || !b)
      return std::nullopt;
    bool same = a->fallback == b->fallback;
    for (const auto &[i, byte] : a->bytes)
      same = same && byte == b->at(i);
    for (const auto &[i, byte] : b->bytes)
      same = same && byte == a->at(i);
    return Value::ofBool(same);
  }

  std::optional<Value> node(const Expr *e) {
    auto B = [](APInt v) { return Value::ofBits(std::move(v)); };
    auto T = [](bool b) { return Value::ofBool(b); };
    auto c = [&](unsigned i) { return e->child(i); };
    switch (e->kind()) {
    case Kind::BoolConst: return T(e->boolValue());
    case Kind::BVConst: return B(e->bvValue());
    case Kind::Var: {
      if (const Value *v = a_.get(ExprRef(e)))
        return *v;
      if (mode_ == Completion::Partial)
        return std::nullopt;
      return e->sort().isBool() ? T(false) : B(APInt(e->width(), 0));
    }
    case Kind::ArrayVar: return std::nullopt;
    case Kind::Not: return T(!truth(c(0)));
    case Kind::And: return T(truth(c(0)) && truth(c(1)));
    case Kind::Or: return T(truth(c(0)) || truth(c(1)));
    case Kind::Ite: return memo_.at(truth(c(0)) ? c(1) : c(2));
    case Kind::Eq:
      if (c(0)->sort().isArray())
        return arraysEqual(c(0), c(1));
      return T(memo_.at(c(0)) == memo_.at(c(1)));
    case Kind::Ult: return T(bits(c(0)).ult(bits(c(1))));
    case Kind::Ule: return T(bits(c(0)).ule(bits(c(1))));
    case Kind::Slt: return T(bits(c(0)).slt(bits(c(1))));
    case Kind::Sle: return T(bits(c(0)).sle(bits(c(1))));
    case Kind::Add: return B(bits(c(0)) + bits(c(1)));
    case Kind::Sub: return B(bits(c(0)) - bits(c(1)));
    case Kind::Mul: return B(bits(c(0)) * bits(c(1)));
    case Kind::BAnd: return B(bits(c(0)) & bits(c(1)));
    case Kind::BOr: return B(bits(c(0)) | bits(c(1)));
    case Kind::BXor: return B(bits(c(0)) ^ bits(c(1)));
    case Kind::BNot: return B(~bits(c(0)));
    case Kind::Neg: return B(-bits(c(0)));
    case Kind::Concat: return B(bits(c(0)).concat(bits(c(1))));
    case Kind::Extract:
      return B(bits(c(0)).extractBits(e->aux0() - e->aux1() + 1, e->aux1()));
    case Kind::ZExt: return B(bits(c(0)).zext(e->aux0()));
    case Kind::SExt: return B(bits(c(0)).sext(e->aux0()));
    case Kind::Select: {
      auto byte = selectByte(c(0), bits(c(1)).getZExtValue());
      if (!byte)
        return std::nullopt;
      return B(APInt(8, *byte));
    }
    case Kind::Store:
    case Kind::ConstArray: return std::nullopt;
    case Kind::Forall: return std::nullopt; // no finite check
    case Kind::UDiv:
    case Kind::SDiv:
    case Kind::URem:
    case Kind::SRem:
    case Kind::Shl:
    case Kind::LShr:
    case Kind::AShr: {
      // Reuse the builder's folding, which is the reference semantics.
      ExprContext &ctx = scratch();
      ExprRef a = ctx.bv(bits(c(0))), b = ctx.bv(bits(c(1)));
      ExprRef ops[] = {a, b};
      return B(ctx.rebuild(e->kind(), ops)->bvValue());
    }
    COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE) {
      std::vector<APInt> ops;
      for (unsigned i = 0; i < e->numChildren(); ++i)
        ops.push_back(bits(c(i)));
      return evaluateFloat(e->kind(), e->aux0(), e->width(), ops);
    }
    }
    return std::nullopt;
  }

  // Constants only: a private context keeps the caller's table untouched.
  ExprContext &scratch() {
    if (!scratch_)
      scratch_ = std::make_unique<ExprContext>();
    return *scratch_;
  }

  const Assignment &a_;
  Completion mode_;
  std::unordered_map<const Expr *, Value> memo_;
  std::unique_ptr<ExprContext> scratch_;
};

} // namespace

std::optional<Value> evaluate(const ExprRef &e, const Assignment &a,
                              Completion mode) {
  assert(!e->sort().isArray());
  return Evaluator(a, mode).run(e);
}

std::optional<bool> evaluateBool(const ExprRef &e, const Assignment &a,
                                 Completion mode) {
  assert(e->sort().isBool());
  auto v = evaluate(e, a, mode);
  if (!v)
    return std::nullopt;
  return v->boolValue;
}

} // namespace cosmo::expr
