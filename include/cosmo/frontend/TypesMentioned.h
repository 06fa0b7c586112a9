//===- cosmo/frontend/TypesMentioned.h - the types IR names -----*- C++ -*-===//
//
// The types a function's code mentions, closed over what types contain
// (pointees of typed pointers, elements, fields, parameters and results):
// what a function's key covers of the module's structure bodies
// (FunctionKeys), and where a stored tree finds its input objects' types
// again (summary::TreeArchive).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_TYPESMENTIONED_H
#define COSMO_FRONTEND_TYPESMENTIONED_H

#include <llvm/IR/Function.h>

#include <vector>

namespace cosmo::frontend {

/// `roots` and every type they contain, each once.
std::vector<llvm::Type *> typesWithin(std::vector<llvm::Type *> roots);

/// The types `f`'s code mentions: its own type, its instructions' results
/// and operands, what it allocates, indexes and calls, and what they
/// contain.
std::vector<llvm::Type *> typesMentionedBy(const llvm::Function &f);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_TYPESMENTIONED_H
