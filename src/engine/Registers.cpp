//===- Registers.cpp - register numbering and decoded instructions --------===//

#include "cosmo/engine/Registers.h"

#include <llvm/Analysis/CFG.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

namespace cosmo::engine {

FunctionSlots::FunctionSlots(const llvm::Function &f, unsigned pointerBits) {
  for (const llvm::Argument &a : f.args())
    add(&a);
  for (const llvm::BasicBlock &b : f)
    for (const llvm::Instruction &i : b)
      if (!i.getType()->isVoidTy())
        add(&i);
  for (const llvm::BasicBlock &b : f)
    for (const llvm::Instruction &i : b) {
      FastInst fi;
      fi.inst = &i;
      fi.debugRecord = llvm::isa<llvm::DbgInfoIntrinsic>(i);
      if (auto k = of(&i))
        fi.result = static_cast<int32_t>(*k);
      for (const llvm::Value *op : i.operands())
        fi.operands.push_back(operandOf(op, pointerBits));
      instIndex[&i] = static_cast<unsigned>(insts.size());
      insts.push_back(std::move(fi));
    }
  for (const llvm::BasicBlock &b : f) {
    BlockEntry &e = blocks[&b];
    for (const llvm::PHINode &phi : b.phis()) {
      if (isUncomputedType(phi.getType()))
        e.hasFloatPhi = true;
      BlockEntry::Phi p;
      p.phi = &phi;
      p.slot = *of(&phi);
      for (unsigned k = 0; k < phi.getNumIncomingValues(); ++k)
        p.incoming.emplace_back(phi.getIncomingBlock(k),
                                operandOf(phi.getIncomingValue(k),
                                          pointerBits));
      e.phis.push_back(std::move(p));
    }
    // Debug records do nothing: execution starts past them.
    e.firstNonPhi = b.getFirstNonPHIOrDbg()->getIterator();
    e.firstNonPhiIndex = instIndex[&*e.firstNonPhi];
  }
  if (!f.isDeclaration()) {
    llvm::SmallVector<std::pair<const llvm::BasicBlock *,
                                const llvm::BasicBlock *>, 8> backEdges;
    llvm::FindFunctionBackedges(f, backEdges);
    for (const auto &[from, to] : backEdges)
      blocks[to].backEdgesFrom.push_back(from);
  }
}

FastOperand FunctionSlots::operandOf(const llvm::Value *v,
                                   unsigned pointerBits) const {
  FastOperand o;
  if (auto k = of(v)) {
    o.slot = static_cast<int32_t>(*k);
  } else if (auto *ci = llvm::dyn_cast<llvm::ConstantInt>(v)) {
    if (ci->getBitWidth() == 1) {
      o.slot = FastOperand::kConstant;
      o.constant = RegValue::boolean(ci->isOne());
    } else if (ci->getBitWidth() <= 64) {
      o.slot = FastOperand::kConstant;
      o.constant = RegValue::concrete(ci->getBitWidth(), ci->getZExtValue());
    }
  } else if (llvm::isa<llvm::ConstantPointerNull>(v)) {
    o.slot = FastOperand::kConstant;
    o.constant = RegValue::concrete(pointerBits, 0);
  }
  return o;
}

} // namespace cosmo::engine
