//===- LoopWrites.cpp - what a loop's body writes, from its IR ------------===//

#include "common/LoopWrites.h"

#include "cosmo/frontend/Frontend.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

namespace cosmo::summary {

namespace {

/// Calls whose writes the program does not see.
bool writesNothing(const llvm::Function *f) {
  if (!f)
    return false;
  llvm::StringRef name = f->getName();
  return frontend::isInstrumentationFunction(name) ||
         name.startswith("__acsl_") || name.startswith("llvm.dbg.") ||
         name.startswith("__VERIFIER_nondet_");
}

} // namespace

std::vector<LoopWrite> loopWrites(const frontend::RecursiveVertex &loop) {
  std::vector<LoopWrite> writes;
  auto add = [&](const llvm::Instruction &at, const llvm::Value *pointer) {
    writes.push_back({&at, pointer ? llvm::getUnderlyingObject(pointer, 0)
                                   : nullptr});
  };
  for (const llvm::BasicBlock *b : loop.body)
    for (const llvm::Instruction &i : *b) {
      if (const auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
        add(i, st->getPointerOperand());
      } else if (const auto *mi = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {
        add(i, mi->getRawDest());
      } else if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i)) {
        if (writesNothing(call->getCalledFunction()))
          continue;
        size_t before = writes.size();
        for (const llvm::Use &arg : call->args())
          if (arg->getType()->isPointerTy())
            add(i, arg.get());
        if (writes.size() == before)
          add(i, nullptr);
      }
    }
  return writes;
}

} // namespace cosmo::summary
