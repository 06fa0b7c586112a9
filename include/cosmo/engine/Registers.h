//===- Registers.h - a frame's register values ------------------*- C++ -*-===//
//
// The values of one activation's arguments and instructions. A value is
// either concrete, an integer of at most 64 bits or an i1, held unboxed,
// or a term. Concrete values never become terms unless an instruction with
// a symbolic operand or the solver needs them: a loop over concrete values
// runs at an interpreter's cost, with no term built and none hash-consed
// (most instructions of most programs have concrete operands).
//
// Registers are numbered per function (arguments first, then every
// instruction that yields a value) and kept in chunks that copies of a
// frame share until they write (RegisterFile).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_REGISTERS_H
#define COSMO_ENGINE_REGISTERS_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/support/ChunkedVector.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cosmo::engine {

/// float and double are computed (as their bits, expr/FloatOps.h); other
/// floating-point types (long double) and vectors are not.
inline bool isUncomputedType(const llvm::Type *t) {
  return t->isVectorTy() ||
         (t->isFloatingPointTy() && !t->isFloatTy() && !t->isDoubleTy());
}
/// What an uncomputed type is, for reasons of `unknown`.
inline const char *uncomputedTypeName(const llvm::Type *t) {
  return t->isVectorTy()     ? "a vector"
         : t->isX86_FP80Ty() ? "long double"
         : t->isHalfTy()     ? "a half-precision float"
                             : "a 128-bit float";
}

using expr::ExprRef;

class RegValue {
public:
  /// No value (a register not yet written on this path).
  RegValue() = default;
  /// `width` (1..64) bits of `bits`; higher bits are dropped.
  static RegValue concrete(unsigned width, uint64_t bits) {
    assert(width >= 1 && width <= 64);
    RegValue v;
    v.width_ = width;
    v.bits_ = width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
    return v;
  }
  static RegValue boolean(bool b) {
    RegValue v;
    v.width_ = 1;
    v.bool_ = true;
    v.bits_ = b ? 1 : 0;
    return v;
  }
  /// A term's value; constants (Bool, BitVec up to 64 bits) are unboxed.
  static RegValue of(ExprRef e) {
    if (e->kind() == expr::Kind::BoolConst)
      return boolean(e->boolValue());
    if (e->kind() == expr::Kind::BVConst && e->width() <= 64)
      return concrete(e->width(), e->bvValue().getZExtValue());
    RegValue v;
    v.term_ = std::move(e);
    return v;
  }

  bool isSet() const { return term_ || width_ != 0; }
  bool isConcrete() const { return !term_ && width_ != 0; }
  bool isBool() const { return term_ ? term_->sort().isBool() : bool_; }
  /// Concrete values: their width (1 for Bool) and bits (zero-extended).
  unsigned width() const { return term_ ? term_->width() : width_; }
  uint64_t bits() const {
    assert(isConcrete());
    return bits_;
  }
  int64_t signedBits() const {
    assert(isConcrete());
    return width_ == 64 ? static_cast<int64_t>(bits_)
                        : static_cast<int64_t>(bits_ << (64 - width_)) >>
                              (64 - width_);
  }
  /// The value as a term (a constant term is built for a concrete one).
  ExprRef toExpr(expr::ExprContext &ctx) const {
    if (term_)
      return term_;
    assert(width_ != 0 && "reading an unset register");
    return bool_ ? ctx.boolVal(bits_ != 0) : ctx.bv(width_, bits_);
  }
  /// Same value: equal concrete values, or the same term.
  bool operator==(const RegValue &o) const {
    return term_ == o.term_ && width_ == o.width_ && bits_ == o.bits_ &&
           bool_ == o.bool_;
  }

private:
  ExprRef term_;
  uint64_t bits_ = 0;
  uint32_t width_ = 0; // of a concrete value; 0 with a term or unset
  bool bool_ = false;
};

/// An operand as the concrete fast path reads it: a register, a constant
/// integer, or (kGeneral) anything else, which evalValue computes.
struct FastOperand {
  static constexpr int32_t kConstant = -1, kGeneral = -2;
  int32_t slot = kGeneral;
  RegValue constant;
};

/// An instruction decoded once for the concrete fast path
/// (ExecConcrete.cpp): its operands and its result's register.
struct FastInst {
  const llvm::Instruction *inst = nullptr;
  int32_t result = -1;
  bool debugRecord = false; // llvm.dbg.*: nothing to run
  llvm::SmallVector<FastOperand, 3> operands;
};

/// A block's entry decoded: its phis (register, and incoming value per
/// predecessor) and where execution starts after them.
struct BlockEntry {
  struct Phi {
    const llvm::PHINode *phi = nullptr;
    unsigned slot = 0;
    llvm::SmallVector<std::pair<const llvm::BasicBlock *, FastOperand>, 2>
        incoming;
  };
  llvm::SmallVector<Phi, 2> phis;
  llvm::BasicBlock::const_iterator firstNonPhi;
  uint32_t firstNonPhiIndex = 0; // into FunctionSlots::insts
  bool hasFloatPhi = false;
  /// A loop's head: the blocks whose edge into it closes the loop (a CFG
  /// back edge).
  llvm::SmallVector<const llvm::BasicBlock *, 1> backEdgesFrom;
};

/// The numbering of one function's registers, and its instructions
/// decoded for the fast path, in block order.
struct FunctionSlots {
  llvm::DenseMap<const llvm::Value *, unsigned> slot;
  std::vector<const llvm::Value *> values; // by slot
  unsigned count = 0;
  std::vector<FastInst> insts;
  llvm::DenseMap<const llvm::Instruction *, unsigned> instIndex;
  llvm::DenseMap<const llvm::BasicBlock *, BlockEntry> blocks;

  /// Numbers `f`'s registers and decodes its instructions and block
  /// entries (Registers.cpp).
  FunctionSlots(const llvm::Function &f, unsigned pointerBits);
  void add(const llvm::Value *v) {
    slot[v] = count++;
    values.push_back(v);
  }
  FastOperand operandOf(const llvm::Value *v, unsigned pointerBits) const;
  /// The decoded form of `i`, looked for at index `hint` first (the
  /// instruction after the last one run); sets `hint` past it.
  const FastInst &decoded(const llvm::Instruction &i, uint32_t &hint) const {
    unsigned k = hint < insts.size() && insts[hint].inst == &i
                     ? hint
                     : instIndex.find(&i)->second;
    hint = k + 1;
    return insts[k];
  }
  /// The register of `v`; none for values of other functions.
  std::optional<unsigned> of(const llvm::Value *v) const {
    auto it = slot.find(v);
    if (it == slot.end())
      return std::nullopt;
    return it->second;
  }
};

/// A frame's registers in chunks of kChunk values, each shared by the
/// copies of the frame until one of them writes into it. A fork copies the
/// chunk pointers; the side that runs on copies only the chunks it writes
/// to, so a waiting state keeps the registers it forked with without a
/// copy of its own (in a loop that forks at every iteration, main's
/// registers were about a fifth of each waiting state's memory).
class RegisterFile {
public:
  static constexpr unsigned kChunk = 16;

  RegisterFile() = default;
  explicit RegisterFile(const FunctionSlots &slots)
      : slots_(&slots), values_(slots.count) {}

  const FunctionSlots *slots() const { return slots_; }
  /// The value of `v`, or null (not this function's, or not yet written).
  const RegValue *find(const llvm::Value *v) const {
    if (!slots_)
      return nullptr;
    auto k = slots_->of(v);
    if (!k)
      return nullptr;
    const RegValue &r = at(*k);
    return r.isSet() ? &r : nullptr;
  }
  void set(const llvm::Value *v, RegValue value) {
    auto k = slots_->of(v);
    assert(k && "a value of another function");
    setAt(*k, std::move(value));
  }
  unsigned size() const { return static_cast<unsigned>(values_.size()); }
  /// Register `k`'s value (unset when never written).
  const RegValue &at(unsigned k) const { return values_[k]; }
  void setAt(unsigned k, RegValue value) { values_.set(k, std::move(value)); }

private:
  const FunctionSlots *slots_ = nullptr;
  support::ChunkedVector<RegValue, kChunk> values_;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_REGISTERS_H
