//===- EntrySignature.h - a function's C prototype from debug info -*- C++ -*-===//
#ifndef COSMO_ENGINE_ENTRYSIGNATURE_H
#define COSMO_ENGINE_ENTRYSIGNATURE_H

#include "cosmo/engine/Results.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>

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

/// The globals a run with EngineOptions::globalsAsInputs starts with
/// arbitrary values: those some code writes (any use but a load) that
/// code `entry` may reach uses; `pointerHolders` are those among them whose
/// type holds a pointer (the run keeps their initial values and cannot
/// say `true`).
struct GlobalInputs {
  std::vector<const llvm::GlobalVariable *> inputs, pointerHolders;
};
GlobalInputs globalInputsOf(const llvm::Function &entry);

/// The C name of debug type `t` (null: void) as a declaration writes it,
/// or none (see cSignatureOf).
std::optional<std::string> cTypeName(const llvm::DIType *t);

} // namespace cosmo::engine

#endif
