//===- ExecConcrete.cpp - instructions whose operands are all concrete ----===//
//
// The interpreter's fast path. An integer instruction whose operands are
// concrete is computed on machine words, with no term built: the same
// fixed-width semantics as ExecArith.cpp (and as the term builder's
// constant folding), so taking this path or the other gives the same
// values. Anything that could report an error (a division by zero,
// INT_MIN / -1, an overflow or shift under --check) or needs more than a
// value (a symbolic operand, a hook that observes branches, wider
// integers, floating point, vectors) goes to the general
// path, which decides it exactly as before.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

namespace cosmo::engine {

using llvm::Instruction;

namespace {

uint64_t maskOf(unsigned w) {
  return w >= 64 ? ~uint64_t(0) : (uint64_t(1) << w) - 1;
}

/// `bits` (the low `w` bits of a value) sign-extended to 64 bits.
int64_t signExtend(uint64_t bits, unsigned w) {
  if (w >= 64)
    return static_cast<int64_t>(bits);
  return static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
}

/// Width of an integer or pointer type of at most 64 bits, or 0.
unsigned wordWidth(const llvm::Type *t, unsigned pointerBits) {
  if (t->isIntegerTy())
    return t->getIntegerBitWidth() <= 64 ? t->getIntegerBitWidth() : 0;
  if (t->isPointerTy())
    return pointerBits;
  return 0;
}

} // namespace

bool Executor::tryConcreteStep(ExecutionState &s,
                                   const llvm::Instruction &i) {
  StackFrame &f = s.frame();
  const FastInst &fi = f.registers.slots()->decoded(i, f.fastHint);
  RegisterFile &regs = f.registers;
  // Operand k's value when concrete, else null (general operands, such as
  // globals, are computed into `tmp`).
  auto concrete = [&](unsigned k, RegValue &tmp) -> const RegValue * {
    const FastOperand &o = fi.operands[k];
    const RegValue *v;
    if (o.slot >= 0) {
      v = &regs.at(static_cast<unsigned>(o.slot));
    } else if (o.slot == FastOperand::kConstant) {
      v = &o.constant;
    } else {
      tmp = evalValue(s, i.getOperand(k));
      v = &tmp;
    }
    return v->isConcrete() ? v : nullptr;
  };
  // The result, then past the debug records that follow (they do
  // nothing; the general path would run them one by one).
  auto result = [&](RegValue v) {
    regs.setAt(static_cast<unsigned>(fi.result), std::move(v));
    const std::vector<FastInst> &insts = regs.slots()->insts;
    while (f.fastHint < insts.size() && insts[f.fastHint].debugRecord) {
      ++f.pc;
      ++f.fastHint;
    }
  };
  RegValue t0, t1;
  switch (i.getOpcode()) {
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor: {
    unsigned w = wordWidth(i.getType(), pointerBits());
    if (w == 0 || !i.getType()->isIntegerTy())
      return false;
    const RegValue *a = concrete(0, t0), *b = a ? concrete(1, t1) : nullptr;
    if (!b)
      return false;
    std::optional<RegValue> r = concreteBinary(i, *a, *b, w);
    if (!r)
      return false;
    result(std::move(*r));
    return true;
  }
  case Instruction::ICmp: {
    if (i.getOperand(0)->getType()->isVectorTy())
      return false;
    const RegValue *a = concrete(0, t0), *b = a ? concrete(1, t1) : nullptr;
    if (!b)
      return false;
    unsigned w = a->width();
    uint64_t x = a->bits(), y = b->bits();
    int64_t sx = signExtend(x, w), sy = signExtend(y, w);
    bool r;
    using P = llvm::CmpInst::Predicate;
    switch (llvm::cast<llvm::ICmpInst>(i).getPredicate()) {
    case P::ICMP_EQ: r = x == y; break;
    case P::ICMP_NE: r = x != y; break;
    case P::ICMP_UGT: r = x > y; break;
    case P::ICMP_UGE: r = x >= y; break;
    case P::ICMP_ULT: r = x < y; break;
    case P::ICMP_ULE: r = x <= y; break;
    case P::ICMP_SGT: r = sx > sy; break;
    case P::ICMP_SGE: r = sx >= sy; break;
    case P::ICMP_SLT: r = sx < sy; break;
    case P::ICMP_SLE: r = sx <= sy; break;
    default: return false;
    }
    result(RegValue::boolean(r));
    return true;
  }
  case Instruction::Trunc:
  case Instruction::ZExt:
  case Instruction::SExt:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr: {
    unsigned to = wordWidth(i.getType(), pointerBits());
    if (to == 0 || i.getOperand(0)->getType()->isVectorTy())
      return false;
    const RegValue *v = concrete(0, t0);
    if (!v)
      return false;
    uint64_t bits = v->bits();
    if (i.getOpcode() == Instruction::SExt)
      bits = static_cast<uint64_t>(signExtend(bits, v->width()));
    result(i.getType()->isIntegerTy(1) ? RegValue::boolean(bits & 1)
                                       : RegValue::concrete(to, bits));
    return true;
  }
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze: {
    const llvm::Type *from = i.getOperand(0)->getType(), *to = i.getType();
    if (from->isFPOrFPVectorTy() || to->isFPOrFPVectorTy() ||
        from->isVectorTy() || to->isVectorTy())
      return false;
    const RegValue *v = concrete(0, t0);
    if (!v)
      return false;
    result(*v);
    return true;
  }
  case Instruction::Select: {
    if (i.getType()->isFPOrFPVectorTy() || i.getType()->isVectorTy() ||
        i.getOperand(0)->getType()->isVectorTy())
      return false;
    const RegValue *c = concrete(0, t0);
    if (!c)
      return false;
    result(evalValue(s, i.getOperand(c->bits() ? 1 : 2)));
    return true;
  }
  case Instruction::GetElementPtr: {
    if (i.getType()->isVectorTy())
      return false;
    const RegValue *base = concrete(0, t0);
    if (!base)
      return false;
    std::optional<uint64_t> offset =
        concreteGepOffset(s, llvm::cast<llvm::GEPOperator>(i));
    if (!offset)
      return false;
    result(RegValue::concrete(pointerBits(), base->bits() + *offset));
    return true;
  }
  case Instruction::Br: {
    // A hook that observes branches sees every choice: the general path.
    if (observesBranches(s))
      return false;
    const auto &br = llvm::cast<llvm::BranchInst>(i);
    if (br.isUnconditional()) {
      transferToBlock(s, br.getSuccessor(0));
      return true;
    }
    const RegValue *c = concrete(0, t0);
    if (!c)
      return false;
    transferToBlock(s, br.getSuccessor(c->bits() ? 0 : 1));
    return true;
  }
  case Instruction::PHI:
    return true; // evaluated on entry to the block (transferToBlock)
  case Instruction::Call:
    // Debug records: the hottest no-op at -O0 -g.
    return llvm::isa<llvm::DbgInfoIntrinsic>(i);
  default:
    return false;
  }
}

std::optional<RegValue> Executor::concreteBinary(const llvm::Instruction &i,
                                                     const RegValue &a,
                                                     const RegValue &b,
                                                     unsigned w) {
  unsigned op = i.getOpcode();
  if (a.isBool()) {
    bool x = a.bits() != 0, y = b.bits() != 0;
    switch (op) {
    case Instruction::And: return RegValue::boolean(x && y);
    case Instruction::Or: return RegValue::boolean(x || y);
    case Instruction::Xor: return RegValue::boolean(x != y);
    default: return std::nullopt; // i1 arithmetic: the general path
    }
  }
  uint64_t x = a.bits(), y = b.bits(), m = maskOf(w);
  int64_t sx = signExtend(x, w), sy = signExtend(y, w);
  auto overflows = [&](__int128 exact) {
    return exact != static_cast<__int128>(
                        signExtend(static_cast<uint64_t>(exact) & m, w));
  };
  bool checked = (opts_.checkOverflow || run_->assumeNoSignedOverflow) &&
                 llvm::cast<llvm::BinaryOperator>(i).hasNoSignedWrap();
  uint64_t r;
  switch (op) {
  case Instruction::Add:
    if (checked && overflows(static_cast<__int128>(sx) + sy))
      return std::nullopt;
    r = x + y;
    break;
  case Instruction::Sub:
    if (checked && overflows(static_cast<__int128>(sx) - sy))
      return std::nullopt;
    r = x - y;
    break;
  case Instruction::Mul:
    if (checked && overflows(static_cast<__int128>(sx) * sy))
      return std::nullopt;
    r = x * y;
    break;
  case Instruction::UDiv:
  case Instruction::URem:
    if (y == 0)
      return std::nullopt; // division by zero: reported by the general path
    r = op == Instruction::UDiv ? x / y : x % y;
    break;
  case Instruction::SDiv:
  case Instruction::SRem:
    if (y == 0 || (sy == -1 && x == (uint64_t(1) << (w - 1))))
      return std::nullopt; // division by zero or INT_MIN / -1
    r = static_cast<uint64_t>(op == Instruction::SDiv ? sx / sy : sx % sy);
    break;
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::AShr:
    if (y >= w) {
      if (opts_.checkShift)
        return std::nullopt; // reported by the general path
      // The term semantics: 0, or the sign fill for ashr.
      r = op == Instruction::AShr && sx < 0 ? ~uint64_t(0) : 0;
    } else if (op == Instruction::Shl) {
      r = x << y;
    } else if (op == Instruction::LShr) {
      r = x >> y;
    } else {
      r = static_cast<uint64_t>(sx >> y);
    }
    break;
  case Instruction::And: r = x & y; break;
  case Instruction::Or: r = x | y; break;
  case Instruction::Xor: r = x ^ y; break;
  default: return std::nullopt;
  }
  return RegValue::concrete(w, r);
}

std::optional<uint64_t>
Executor::concreteGepOffset(ExecutionState &s,
                                const llvm::GEPOperator &gep) {
  // As gepOffset: indices sign-extended or truncated to the pointer width,
  // arithmetic wrapping at it (RegValue::concrete masks the sum).
  uint64_t offset = 0;
  for (auto it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep);
       it != end; ++it) {
    const llvm::Value *idx = it.getOperand();
    if (llvm::StructType *st = it.getStructTypeOrNull()) {
      unsigned field = static_cast<unsigned>(
          llvm::cast<llvm::ConstantInt>(idx)->getZExtValue());
      offset += layout_.getStructLayout(st)->getElementOffset(field);
      continue;
    }
    if (idx->getType()->isVectorTy())
      return std::nullopt;
    RegValue v = evalValue(s, idx);
    if (!v.isConcrete())
      return std::nullopt;
    uint64_t elem = layout_.getTypeAllocSize(it.getIndexedType());
    offset += elem * static_cast<uint64_t>(signExtend(v.bits(), v.width()));
  }
  return offset;
}

} // namespace cosmo::engine
