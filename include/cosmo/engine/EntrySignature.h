//===- EntrySignature.h - a function's C prototype from debug info -*- C++ -*-===//
#ifndef COSMO_ENGINE_ENTRYSIGNATURE_H
#define COSMO_ENGINE_ENTRYSIGNATURE_H

#include "cosmo/engine/Results.h"

#include <llvm/IR/Function.h>

namespace llvm {
class DIType;
}

#include <optional>

namespace cosmo::engine {

/// `f`'s C prototype as written in its source (types named as a C
/// declaration would: "unsigned int", "struct node *", a typedef's name),
/// from its DISubprogram. None without debug information, or when a type
/// has no name a declaration could use (function pointers, anonymous
/// structs without a typedef, arrays).
std::optional<EntrySignature> cSignatureOf(const llvm::Function &f);

/// The C name of debug type `t` (null: void) as a declaration writes it,
/// or none (see cSignatureOf).
std::optional<std::string> cTypeName(const llvm::DIType *t);

} // namespace cosmo::engine

#endif
