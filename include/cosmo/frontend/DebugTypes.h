//===- cosmo/frontend/DebugTypes.h - C types from debug info ----*- C++ -*-===//
//
// What the analyses read of a C type from its DWARF description: the type
// under its qualifiers and typedefs, and what a pointer points to.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_DEBUGTYPES_H
#define COSMO_FRONTEND_DEBUGTYPES_H

namespace llvm {
class DIType;
}

namespace cosmo::frontend {

/// `t` without typedefs and const, volatile and restrict qualifiers.
const llvm::DIType *withoutQualifiers(const llvm::DIType *t);

/// Whether `t` (under qualifiers and typedefs) is a pointer type.
bool isPointerType(const llvm::DIType *t);

/// What a pointer of type `t` points to (null for `void *` or a type that
/// is no pointer).
const llvm::DIType *pointeeOf(const llvm::DIType *t);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_DEBUGTYPES_H
