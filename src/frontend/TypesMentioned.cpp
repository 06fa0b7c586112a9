//===- TypesMentioned.cpp - the types IR names ----------------------------===//

#include "cosmo/frontend/TypesMentioned.h"

#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include <unordered_set>

namespace cosmo::frontend {

std::vector<llvm::Type *> typesWithin(std::vector<llvm::Type *> roots) {
  std::vector<llvm::Type *> out;
  std::unordered_set<llvm::Type *> seen;
  while (!roots.empty()) {
    llvm::Type *t = roots.back();
    roots.pop_back();
    if (!t || !seen.insert(t).second)
      continue;
    out.push_back(t);
    if (auto *ptr = llvm::dyn_cast<llvm::PointerType>(t);
        ptr && !ptr->isOpaque())
      roots.push_back(ptr->getNonOpaquePointerElementType());
    for (llvm::Type *sub : t->subtypes())
      roots.push_back(sub);
  }
  return out;
}

std::vector<llvm::Type *> typesMentionedBy(const llvm::Function &f) {
  std::vector<llvm::Type *> roots{f.getFunctionType()};
  for (const llvm::Instruction &i : llvm::instructions(f)) {
    roots.push_back(i.getType());
    for (const llvm::Use &u : i.operands())
      roots.push_back(u->getType());
    if (auto *a = llvm::dyn_cast<llvm::AllocaInst>(&i))
      roots.push_back(a->getAllocatedType());
    else if (auto *gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&i))
      roots.push_back(gep->getSourceElementType());
    else if (auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
      roots.push_back(call->getFunctionType());
  }
  return typesWithin(std::move(roots));
}

} // namespace cosmo::frontend
