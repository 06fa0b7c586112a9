//===- LatentCondition.h - a latent error's condition in C ------*- C++ -*-===//
//
// The constraints of a path that only the entry's caller can meet, written
// over the entry's parameters as a C programmer names what they point to
// (`r->count >= 8`, `n->next == NULL`), from the parameters' debug types.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_LATENTCONDITION_H
#define COSMO_ENGINE_LATENTCONDITION_H

#include "cosmo/engine/ExecutionState.h"

#include <llvm/IR/Function.h>

#include <string>
#include <vector>

namespace cosmo::engine {

/// `constraints` (of `s`, a path of the run of `entry`) joined by `&&` in C.
std::string latentConditionText(const ExecutionState &s,
                                const llvm::Function &entry,
                                const std::vector<ExprRef> &constraints);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_LATENTCONDITION_H
