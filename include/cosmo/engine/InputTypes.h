//===- cosmo/engine/InputTypes.h - the C type of an input -------*- C++ -*-===//
//
// What an input is in C, so that tests print `start = -9223372036854775808
// (long long)` rather than its little-endian bytes as one hex number: from
// the name of an SV-COMP nondet function (`__VERIFIER_nondet_ulong` is an
// unsigned long), or from the debug information of the parameter or the
// variable a `klee_make_symbolic` call fills.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_INPUTTYPES_H
#define COSMO_ENGINE_INPUTTYPES_H

#include "cosmo/engine/Results.h"

#include <cstdint>
#include <string_view>

namespace llvm {
class DIType;
class Value;
} // namespace llvm

namespace cosmo::engine {

/// The type `__VERIFIER_nondet_<suffix>` (or klee_range, an int) returns;
/// Unknown for other functions.
InputType nondetInputType(std::string_view function);

/// The input type of a value of debug type `t` that is `bytes` long:
/// Unknown when `t` is not a scalar or an array of scalars of that size
/// (structs, unions and floating point stay bytes).
InputType inputTypeOf(const llvm::DIType *t, uint64_t bytes);

/// The debug type of the variable `pointer` points to the start of (a
/// local variable's alloca, a global), or null.
const llvm::DIType *debugTypeOfObjectAt(const llvm::Value *pointer);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_INPUTTYPES_H
