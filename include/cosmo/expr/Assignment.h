//===- cosmo/expr/Assignment.h - models and evaluation ----------*- C++ -*-===//
//
// An Assignment gives values to variables and arrays: what a solver's model
// is, and what a test vector is made from. `evaluate` computes a term's value
// under it without a solver. Unassigned variables either make the result
// unknown (partial evaluation, for model reuse) or default to zero
// (completion, for test vectors), as the caller chooses.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_ASSIGNMENT_H
#define COSMO_EXPR_ASSIGNMENT_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/support/PersistentMap.h"

#include <map>
#include <optional>
#include <unordered_map>
#include <variant>

namespace cosmo::expr {

/// The value of a Bool or BitVec term.
struct Value {
  bool isBool = false;
  bool boolValue = false;
  llvm::APInt bits;

  static Value ofBool(bool b) { return {true, b, llvm::APInt()}; }
  static Value ofBits(llvm::APInt v) { return {false, false, std::move(v)}; }
  bool operator==(const Value &o) const {
    return isBool == o.isBool &&
           (isBool ? boolValue == o.boolValue : bits == o.bits);
  }
  /// The constant term of this value.
  ExprRef in(ExprContext &ctx) const {
    return isBool ? ctx.boolVal(boolValue) : ctx.bv(bits);
  }
};

/// An array's value: explicit bytes over a default.
struct ArrayValue {
  std::map<uint64_t, uint8_t> bytes;
  uint8_t fallback = 0;
  uint8_t at(uint64_t i) const {
    auto it = bytes.find(i);
    return it == bytes.end() ? fallback : it->second;
  }
};

/// Terms in creation order (deterministic, unlike addresses).
struct ExprIdLess {
  bool operator()(const ExprRef &a, const ExprRef &b) const {
    return a->id() < b->id();
  }
};

/// Copies share their values (persistent maps): every path keeps a model
/// (model reuse), and a path's model differs from its parent's in the few
/// variables its last query touched, so a copy costs O(1) and an update
/// O(log n).
class Assignment {
public:
  using VarMap = support::PersistentMap<ExprRef, Value, ExprIdLess>;
  using ArrayMap = support::PersistentMap<ExprRef, ArrayValue, ExprIdLess>;

  void set(const ExprRef &var, Value v) { vars_.set(var, std::move(v)); }
  void setArray(const ExprRef &array, ArrayValue v) {
    arrays_.set(array, std::move(v));
  }
  /// Forgets a variable's or array's value (it reads as zero again).
  void erase(const ExprRef &varOrArray) {
    vars_.erase(varOrArray);
    arrays_.erase(varOrArray);
  }
  const Value *get(const ExprRef &var) const { return vars_.find(var); }
  const ArrayValue *getArray(const ExprRef &array) const {
    return arrays_.find(array);
  }
  const VarMap &vars() const { return vars_; }
  const ArrayMap &arrays() const { return arrays_; }
  bool empty() const { return vars_.empty() && arrays_.empty(); }
  /// Values of `other` override ours.
  void merge(const Assignment &other);

private:
  VarMap vars_;
  ArrayMap arrays_;
};

enum class Completion { Partial, ZeroDefault };

/// The value of `e` under `a`; nullopt when (Partial) a variable it depends
/// on is unassigned. Arrays are not values: `e` must be Bool or BitVec.
std::optional<Value> evaluate(const ExprRef &e, const Assignment &a,
                              Completion mode = Completion::ZeroDefault);

/// True when `e` (Bool) evaluates to true under `a`; nullopt if unknown.
std::optional<bool> evaluateBool(const ExprRef &e, const Assignment &a,
                                 Completion mode = Completion::ZeroDefault);

} // namespace cosmo::expr

#endif // COSMO_EXPR_ASSIGNMENT_H
