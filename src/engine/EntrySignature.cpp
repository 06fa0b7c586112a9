//===- EntrySignature.cpp - a function's C prototype from debug info ------===//

#include "cosmo/engine/EntrySignature.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>

namespace cosmo::engine {

namespace {

std::optional<std::string> cTypeName(const llvm::DIType *t, unsigned depth) {
  if (!t)
    return std::string("void");
  if (depth > 16)
    return std::nullopt;
  if (auto *b = llvm::dyn_cast<llvm::DIBasicType>(t))
    return b->getName().str();
  if (auto *c = llvm::dyn_cast<llvm::DICompositeType>(t)) {
    if (c->getName().empty())
      return std::nullopt;
    switch (c->getTag()) {
    case llvm::dwarf::DW_TAG_structure_type:
      return "struct " + c->getName().str();
    case llvm::dwarf::DW_TAG_union_type:
      return "union " + c->getName().str();
    case llvm::dwarf::DW_TAG_enumeration_type:
      return "enum " + c->getName().str();
    default:
      return std::nullopt;
    }
  }
  auto *d = llvm::dyn_cast<llvm::DIDerivedType>(t);
  if (!d)
    return std::nullopt; // subroutine types and the like
  switch (d->getTag()) {
  case llvm::dwarf::DW_TAG_typedef:
    return d->getName().str();
  case llvm::dwarf::DW_TAG_pointer_type: {
    if (llvm::isa_and_nonnull<llvm::DISubroutineType>(d->getBaseType()))
      return std::nullopt;
    auto base = cTypeName(d->getBaseType(), depth + 1);
    if (!base)
      return std::nullopt;
    return *base + (base->back() == '*' ? "*" : " *");
  }
  case llvm::dwarf::DW_TAG_const_type:
  case llvm::dwarf::DW_TAG_volatile_type: {
    auto base = cTypeName(d->getBaseType(), depth + 1);
    if (!base)
      return std::nullopt;
    const char *q =
        d->getTag() == llvm::dwarf::DW_TAG_const_type ? "const" : "volatile";
    // A qualified pointer is written after the star.
    if (base->back() == '*')
      return *base + " " + q;
    return std::string(q) + " " + *base;
  }
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<std::string> cTypeName(const llvm::DIType *t) {
  return cTypeName(t, 0);
}

std::optional<EntrySignature> cSignatureOf(const llvm::Function &f) {
  const llvm::DISubprogram *sp = f.getSubprogram();
  if (!sp || !sp->getType())
    return std::nullopt;
  llvm::DITypeRefArray types = sp->getType()->getTypeArray();
  if (types.size() != f.arg_size() + 1)
    return std::nullopt; // e.g. a struct passed in pieces
  EntrySignature sig;
  auto ret = cTypeName(types[0], 0);
  if (!ret)
    return std::nullopt;
  sig.returnType = *ret;
  for (const llvm::Argument &a : f.args()) {
    auto t = cTypeName(types[a.getArgNo() + 1], 0);
    if (!t)
      return std::nullopt;
    std::string name =
        a.hasName() ? a.getName().str() : "arg" + std::to_string(a.getArgNo());
    sig.params.emplace_back(name, *t);
  }
  return sig;
}

} // namespace cosmo::engine
