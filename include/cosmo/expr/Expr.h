//===- cosmo/expr/Expr.h - hash-consed symbolic terms -----------*- C++ -*-===//
//
// Terms are immutable, hash-consed DAG nodes owned by an ExprContext: two
// structurally equal terms are the same node, so equality is a pointer
// comparison and every node carries its hash, sort and a creation id (terms
// are ordered by id, which keeps runs deterministic). Nodes are reference
// counted through ExprRef and leave the context's table when the last
// reference goes.
//
// Sorts: Bool, BitVec(w) and one array sort, BitVec(64) -> BitVec(8), which
// is what byte-addressed memory needs. Semantics are SMT-LIB's fixed-width
// bit-vector semantics (which is also LLVM's for defined inputs): division by
// zero is total (udiv -> all ones, urem -> dividend, sdiv -> +-1, srem ->
// dividend) and shifts by >= width give 0 (or the sign fill for ashr). The
// engine checks for the C-level errors before it builds such terms.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_EXPR_EXPR_H
#define COSMO_EXPR_EXPR_H

#include <llvm/ADT/APInt.h>

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace cosmo::expr {

class ExprContext;

/// IEEE 754 floating point over the bits of a value (FloatOps.h): a
/// BitVec(32) is a float, a BitVec(64) a double. Results round to nearest,
/// ties to even; a NaN result is the canonical quiet NaN.
///   FAdd FSub FMul FDiv   arithmetic
///   FRem                  C's fmod: the quotient rounded toward zero
///   FSqrt                 square root
///   FFma                  fma(a, b, c) = a * b + c, rounded once
///   FRound                to an integral value, rounding mode aux0
///   FOEq FOLt FOLe        ordered comparisons: false when one is NaN
///   FIsNaN                Bool
///   FToSI FToUI           to an integer of width aux0, toward zero
///                         (FloatOps.h says what out of range gives)
///   SIToF UIToF FToF      to the float format of width aux0
#define COSMO_FLOAT_KINDS(X)                                                   \
  X(FAdd) X(FSub) X(FMul) X(FDiv) X(FRem) X(FSqrt) X(FFma) X(FRound) X(FOEq)   \
  X(FOLt) X(FOLe) X(FIsNaN) X(FToSI) X(FToUI) X(SIToF) X(UIToF) X(FToF)

enum class Kind : uint8_t {
  // Leaves.
  BoolConst,
  BVConst,
  Var,      // a free symbolic constant of Bool or BitVec sort
  ArrayVar, // a free array BitVec(64) -> BitVec(8)
  // Boolean connectives.
  Not,
  And,
  Or,
  Ite, // ite(Bool, T, T) for any sort T
  // Predicates.
  Eq,
  Ult,
  Ule,
  Slt,
  Sle,
  // Bit-vector arithmetic and logic.
  Add,
  Sub,
  Mul,
  UDiv,
  SDiv,
  URem,
  SRem,
  Shl,
  LShr,
  AShr,
  BAnd,
  BOr,
  BXor,
  BNot,
  Neg,
  Concat,  // concat(high, low)
  Extract, // extract(x)[hi:lo], hi = aux0, lo = aux1
  ZExt,    // to width aux0
  SExt,    // to width aux0
  // Arrays.
  Select, // select(array, index) : BitVec(8)
  Store,  // store(array, index, value) : array
  ConstArray, // const_array(byte): the array whose every byte is `byte`
  // Quantifiers.
  Forall, // forall(body, v1, ..., vn): Bool; the vi are the bound Vars
#define COSMO_KIND_ENUMERATOR(k) k,
  COSMO_FLOAT_KINDS(COSMO_KIND_ENUMERATOR)
#undef COSMO_KIND_ENUMERATOR
};

/// The `case` labels of every floating-point kind, for switches that
/// treat them alike: `COSMO_FLOAT_KINDS(COSMO_FLOAT_KIND_CASE)`.
#define COSMO_FLOAT_KIND_CASE(k) case ::cosmo::expr::Kind::k:

/// IEEE 754's rounding modes, as FRound's aux0.
enum class RoundingMode : unsigned {
  NearestEven,
  NearestAway,
  TowardPositive,
  TowardNegative,
  TowardZero,
};

const char *kindName(Kind k);

struct Sort {
  enum Tag : uint8_t { Bool, BitVec, Array };
  Tag tag = Bool;
  uint32_t width = 0; // bit-vector width; 0 for Bool and Array

  static Sort boolean() { return {Bool, 0}; }
  static Sort bv(uint32_t w) { return {BitVec, w}; }
  static Sort array() { return {Array, 0}; }
  bool isBool() const { return tag == Bool; }
  bool isBV() const { return tag == BitVec; }
  bool isArray() const { return tag == Array; }
  bool operator==(const Sort &) const = default;
  std::string str() const;
};

/// One term node. Built only by ExprContext.
class Expr {
public:
  Kind kind() const { return kind_; }
  Sort sort() const { return sort_; }
  uint32_t width() const { return sort_.width; }
  uint64_t id() const { return id_; }
  size_t hash() const { return hash_; }
  unsigned numChildren() const { return numChildren_; }
  const Expr *child(unsigned i) const {
    assert(i < numChildren_);
    return children_[i];
  }
  unsigned aux0() const { return aux0_; }
  unsigned aux1() const { return aux1_; }

  bool isConst() const {
    return kind_ == Kind::BVConst || kind_ == Kind::BoolConst;
  }
  bool isTrue() const { return kind_ == Kind::BoolConst && boolValue_; }
  bool isFalse() const { return kind_ == Kind::BoolConst && !boolValue_; }
  bool boolValue() const {
    assert(kind_ == Kind::BoolConst);
    return boolValue_;
  }
  const llvm::APInt &bvValue() const {
    assert(kind_ == Kind::BVConst);
    return value_;
  }
  /// Name of a Var or ArrayVar.
  const std::string &name() const { return name_; }

private:
  friend class ExprContext;
  friend class ExprRef;
  Expr() = default;

  Kind kind_ = Kind::BoolConst;
  Sort sort_;
  uint8_t numChildren_ = 0;
  bool boolValue_ = false;
  unsigned aux0_ = 0, aux1_ = 0;
  mutable uint32_t refCount_ = 0;
  uint64_t id_ = 0;
  size_t hash_ = 0;
  std::array<const Expr *, 3> children_{};
  llvm::APInt value_;
  std::string name_;
  ExprContext *ctx_ = nullptr;
};

/// Owning handle to a term. Cheap to copy; compares by identity.
class ExprRef {
public:
  ExprRef() = default;
  ExprRef(const Expr *e) : e_(e) { retain(); } // NOLINT: implicit by design
  ExprRef(const ExprRef &o) : e_(o.e_) { retain(); }
  ExprRef(ExprRef &&o) noexcept : e_(o.e_) { o.e_ = nullptr; }
  ExprRef &operator=(const ExprRef &o) {
    if (e_ != o.e_) {
      o.retain();
      release();
      e_ = o.e_;
    }
    return *this;
  }
  ExprRef &operator=(ExprRef &&o) noexcept {
    if (this != &o) {
      release();
      e_ = o.e_;
      o.e_ = nullptr;
    }
    return *this;
  }
  ~ExprRef() { release(); }

  const Expr *get() const { return e_; }
  const Expr *operator->() const { return e_; }
  const Expr &operator*() const { return *e_; }
  explicit operator bool() const { return e_ != nullptr; }
  bool operator==(const ExprRef &o) const { return e_ == o.e_; }
  bool operator!=(const ExprRef &o) const { return e_ != o.e_; }
  bool operator<(const ExprRef &o) const { return e_->id() < o.e_->id(); }

private:
  void retain() const {
    if (e_)
      ++e_->refCount_;
  }
  void release() {
    if (e_)
      releaseSlow();
  }
  void releaseSlow(); // drops a reference to a node
  const Expr *e_ = nullptr;
};

struct ExprRefHash {
  size_t operator()(const ExprRef &e) const {
    return std::hash<const Expr *>()(e.get());
  }
};

} // namespace cosmo::expr

#endif // COSMO_EXPR_EXPR_H
