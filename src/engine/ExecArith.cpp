//===- ExecArith.cpp - integer instructions, casts, comparisons -----------===//
//
// Exact fixed-width semantics. i1 values are Bool terms; every other
// integer is a BitVec of its width; pointers are BitVecs of the module's
// pointer width (32 or 64 bits, from its DataLayout); aggregates are
// BitVec(8 * alloc size) in their memory layout.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

namespace cosmo::engine {

using llvm::Instruction;

unsigned Executor::storeBits(const llvm::Type *t) const {
  auto *tt = const_cast<llvm::Type *>(t);
  if (t->isAggregateType())
    return static_cast<unsigned>(layout_.getTypeAllocSize(tt)) * 8;
  return static_cast<unsigned>(layout_.getTypeStoreSize(tt)) * 8;
}

ExprRef Executor::encode(const ExprRef &v, const llvm::Type *t) {
  unsigned bits = storeBits(t);
  ExprRef b = asBV(v);
  return b->width() == bits ? b : ctx_.zextOrTrunc(b, bits);
}

ExprRef Executor::decode(const ExprRef &bits, const llvm::Type *t) {
  if (t->isIntegerTy(1))
    return ctx_.eq(ctx_.extract(bits, 0, 0), ctx_.bv(1, 1));
  if (t->isIntegerTy())
    return ctx_.trunc(bits, t->getIntegerBitWidth());
  return bits;
}

ExprRef Executor::binaryOp(unsigned opcode, const ExprRef &a0,
                               const ExprRef &b0) {
  if (a0->sort().isBool()) {
    // i1 logic.
    switch (opcode) {
    case Instruction::And: return ctx_.andE(a0, b0);
    case Instruction::Or: return ctx_.orE(a0, b0);
    case Instruction::Xor: return ctx_.ne(a0, b0);
    default: break;
    }
    return ctx_.bvToBool(binaryOp(opcode, asBV(a0), asBV(b0)));
  }
  const ExprRef &a = a0, &b = b0;
  switch (opcode) {
  case Instruction::Add: return ctx_.add(a, b);
  case Instruction::Sub: return ctx_.sub(a, b);
  case Instruction::Mul: return ctx_.mul(a, b);
  case Instruction::UDiv: return ctx_.udiv(a, b);
  case Instruction::SDiv: return ctx_.sdiv(a, b);
  case Instruction::URem: return ctx_.urem(a, b);
  case Instruction::SRem: return ctx_.srem(a, b);
  case Instruction::Shl: return ctx_.shl(a, b);
  case Instruction::LShr: return ctx_.lshr(a, b);
  case Instruction::AShr: return ctx_.ashr(a, b);
  case Instruction::And: return ctx_.band(a, b);
  case Instruction::Or: return ctx_.bor(a, b);
  case Instruction::Xor: return ctx_.bxor(a, b);
  default: break;
  }
  throw Unsupported{fmt::format("unsupported binary operator '{}'",
                                Instruction::getOpcodeName(opcode))};
}

void Executor::executeBinary(ExecutionState &s,
                                 const llvm::BinaryOperator &i) {
  if (i.getType()->isFPOrFPVectorTy() || i.getType()->isVectorTy())
    throw Unsupported{fmt::format(
        "floating-point or vector instruction '{}' at {}:{}",
        i.getOpcodeName(), locationOf(&i).file, locationOf(&i).line)};
  ExprRef a = eval(s, i.getOperand(0)), b = eval(s, i.getOperand(1));
  ExecutionState *cur = &s;
  unsigned op = i.getOpcode();
  if (!a->sort().isBool()) {
    unsigned w = a->width();
    if (op == Instruction::UDiv || op == Instruction::URem ||
        op == Instruction::SDiv || op == Instruction::SRem) {
      ExprRef zero = ctx_.bv(w, 0);
      cur = checkError(*cur, ctx_.eq(b, zero), ErrorKind::DivByZero,
                       "division by zero");
      if (cur && (op == Instruction::SDiv || op == Instruction::SRem)) {
        ExprRef overflow =
            ctx_.andE(ctx_.eq(a, ctx_.bv(llvm::APInt::getSignedMinValue(w))),
                      ctx_.eq(b, ctx_.bv(llvm::APInt::getAllOnes(w))));
        // Signed overflow under --check=overflow (SV-COMP's no-overflow),
        // else the crash it is natively (SIGFPE on x86).
        cur = checkError(*cur, overflow,
                         opts_.checkOverflow ? ErrorKind::Overflow
                                             : ErrorKind::DivByZero,
                         "division overflow (INT_MIN / -1)");
      }
    }
    if (cur && opts_.checkShift &&
        (op == Instruction::Shl || op == Instruction::LShr ||
         op == Instruction::AShr))
      cur = checkError(*cur, ctx_.uge(b, ctx_.bv(w, w)), ErrorKind::Shift,
                       fmt::format("shift amount out of range for {}-bit value",
                                   w));
    // Under assumeNoSignedOverflow, a product of two unknowns is left to
    // wrap: its 2w-bit multiplication costs the solver more than the fact
    // helps.
    bool assumed = !opts_.checkOverflow && run_->assumeNoSignedOverflow &&
                   (op != Instruction::Mul || a->isConst() || b->isConst());
    if (cur && (opts_.checkOverflow || assumed) && i.hasNoSignedWrap() &&
        (op == Instruction::Add || op == Instruction::Sub ||
         op == Instruction::Mul)) {
      // The operation in 2w bits equals the sign-extended w-bit one.
      ExprRef wa = ctx_.sext(a, 2 * w), wb = ctx_.sext(b, 2 * w);
      ExprRef fits = ctx_.eq(binaryOp(op, wa, wb),
                             ctx_.sext(binaryOp(op, a, b), 2 * w));
      if (opts_.checkOverflow) {
        cur = checkError(*cur, ctx_.notE(fits), ErrorKind::Overflow,
                         fmt::format("signed overflow in '{}'",
                                     i.getOpcodeName()));
      } else {
        assume(*cur, fits);
        if (cur->terminated)
          cur = nullptr;
      }
    }
  }
  if (cur)
    bind(*cur, &i, binaryOp(op, a, b));
}

ExprRef Executor::castOp(unsigned opcode, const ExprRef &v,
                             const llvm::Type *from, const llvm::Type *to) {
  auto widthOf = [&](const llvm::Type *t) -> unsigned {
    if (t->isPointerTy())
      return static_cast<unsigned>(
          layout_.getPointerSizeInBits(t->getPointerAddressSpace()));
    if (t->isIntegerTy())
      return t->getIntegerBitWidth();
    return storeBits(t);
  };
  switch (opcode) {
  case Instruction::Trunc:
    if (to->isIntegerTy(1))
      return ctx_.eq(ctx_.extract(v, 0, 0), ctx_.bv(1, 1));
    return ctx_.trunc(v, widthOf(to));
  case Instruction::ZExt:
    return ctx_.zext(asBV(v), widthOf(to));
  case Instruction::SExt:
    return ctx_.sext(asBV(v), widthOf(to));
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    return ctx_.zextOrTrunc(asBV(v), widthOf(to));
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
    if (isUncomputedType(from) || isUncomputedType(to))
      break;
    return v; // a float's value is its bits
  default: break;
  }
  throw Unsupported{fmt::format("unsupported cast '{}'",
                                Instruction::getOpcodeName(opcode))};
}

void Executor::executeCast(ExecutionState &s, const llvm::CastInst &i) {
  if (i.getSrcTy()->isFPOrFPVectorTy() || i.getDestTy()->isFPOrFPVectorTy() ||
      i.getSrcTy()->isVectorTy() || i.getDestTy()->isVectorTy()) {
    executeFloatCast(s, i);
    return;
  }
  bind(s, &i,
       castOp(i.getOpcode(), eval(s, i.getOperand(0)), i.getSrcTy(),
              i.getDestTy()));
}

ExprRef Executor::compareOp(llvm::CmpInst::Predicate p, const ExprRef &a0,
                                const ExprRef &b0) {
  using P = llvm::CmpInst::Predicate;
  if (a0->sort().isBool() && (p == P::ICMP_EQ || p == P::ICMP_NE))
    return p == P::ICMP_EQ ? ctx_.eq(a0, b0) : ctx_.ne(a0, b0);
  ExprRef a = asBV(a0), b = asBV(b0);
  switch (p) {
  case P::ICMP_EQ: return ctx_.eq(a, b);
  case P::ICMP_NE: return ctx_.ne(a, b);
  case P::ICMP_UGT: return ctx_.ugt(a, b);
  case P::ICMP_UGE: return ctx_.uge(a, b);
  case P::ICMP_ULT: return ctx_.ult(a, b);
  case P::ICMP_ULE: return ctx_.ule(a, b);
  case P::ICMP_SGT: return ctx_.sgt(a, b);
  case P::ICMP_SGE: return ctx_.sge(a, b);
  case P::ICMP_SLT: return ctx_.slt(a, b);
  case P::ICMP_SLE: return ctx_.sle(a, b);
  default: break;
  }
  throw Unsupported{"unsupported comparison predicate"};
}

void Executor::executeCompare(ExecutionState &s, const llvm::ICmpInst &i) {
  if (i.getOperand(0)->getType()->isVectorTy())
    throw Unsupported{"vector comparison"};
  bind(s, &i,
       compareOp(i.getPredicate(), eval(s, i.getOperand(0)),
                 eval(s, i.getOperand(1))));
}

ExprRef Executor::zeroOf(const llvm::Type *t) {
  if (t->isIntegerTy(1))
    return ctx_.falseE();
  return ctx_.bv(storeBits(t), 0);
}

// In the index width, which prepare() checked is the pointer width:
// indices are sign-extended or truncated to it, and the arithmetic wraps
// as LLVM's does.
ExprRef Executor::gepOffset(ExecutionState &s,
                                const llvm::GEPOperator &gep) {
  unsigned w = pointerBits();
  ExprRef offset = ctx_.bv(w, 0);
  for (auto it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep);
       it != end; ++it) {
    const llvm::Value *idx = it.getOperand();
    if (llvm::StructType *st = it.getStructTypeOrNull()) {
      unsigned field = static_cast<unsigned>(
          llvm::cast<llvm::ConstantInt>(idx)->getZExtValue());
      offset = ctx_.add(offset, ctx_.bv(w, layout_.getStructLayout(st)
                                               ->getElementOffset(field)));
      continue;
    }
    uint64_t elem = layout_.getTypeAllocSize(it.getIndexedType());
    ExprRef i = ctx_.sextOrTrunc(asBV(eval(s, idx)), w);
    offset = ctx_.add(offset, ctx_.mul(ctx_.bv(w, elem), i));
  }
  return offset;
}

} // namespace cosmo::engine
