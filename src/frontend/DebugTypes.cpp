//===- DebugTypes.cpp - C types from debug info ---------------------------===//

#include "cosmo/frontend/DebugTypes.h"

#include <llvm/IR/DebugInfoMetadata.h>

namespace cosmo::frontend {

const llvm::DIType *withoutQualifiers(const llvm::DIType *t) {
  for (unsigned depth = 0; t && depth < 32; ++depth) {
    auto *d = llvm::dyn_cast<llvm::DIDerivedType>(t);
    if (!d || (d->getTag() != llvm::dwarf::DW_TAG_typedef &&
               d->getTag() != llvm::dwarf::DW_TAG_const_type &&
               d->getTag() != llvm::dwarf::DW_TAG_volatile_type &&
               d->getTag() != llvm::dwarf::DW_TAG_restrict_type))
      return t;
    t = d->getBaseType();
  }
  return t;
}

bool isPointerType(const llvm::DIType *t) {
  auto *p = llvm::dyn_cast_or_null<llvm::DIDerivedType>(withoutQualifiers(t));
  return p && p->getTag() == llvm::dwarf::DW_TAG_pointer_type;
}

const llvm::DIType *pointeeOf(const llvm::DIType *t) {
  return isPointerType(t)
             ? llvm::cast<llvm::DIDerivedType>(withoutQualifiers(t))->getBaseType()
             : nullptr;
}

} // namespace cosmo::frontend
