//===- cosmo/frontend/AcslInstrument.h - ACSL as checks in C -----*- C++ -*-===//
//
// Seed 003's transformations, written as C that clang compiles with the
// program (so every name in an annotation is type-checked against the C
// declarations in scope, and errors point at the annotation's line):
//
//  - a function `f` with a contract gets two companions at the end of its
//    file: `__cosmo_contract_verify_f` (assume requires; call f; check
//    ensures) and, when the contract has `requires` or `assigns`,
//    `__cosmo_contract_use_f`, which replaces f at every call (frontend's
//    contract pass): it checks the requires, then, when the contract has
//    `assigns`, havocs what they allow and the result and assumes the
//    ensures; without `assigns` it calls f (f could write anything);
//  - a loop with invariants checks them where its condition is evaluated:
//    on the first arrival it checks them (established), havocs what the
//    loop writes and assumes them; on an arrival by the back edge it checks
//    them (preserved) and ends the path;
//  - `assert P;` becomes a check where it stands.
//
// A loop's first arrival is told from an arrival by its back edge by the
// engine from the CFG; a native run is told by `__cosmo_acsl_loop_back`,
// called where an iteration ends (a while loop becomes a for loop whose
// step calls it; a do loop's condition calls it), right before the head.
//
// The same text serves a native run (`forNativeRun`: a test replayed
// against the checks of the annotations, runtime/replay.c) with two
// differences: a function with a `use` companion defined in the file is
// renamed `__cosmo_contract_impl_f`, and `f` is the companion that checks
// its precondition and calls it (so every call is checked, as the engine
// checks it); quantifiers in assumptions are taken as holding (the inputs
// come from a model of them).
//
// ACSL's `integer` is a mathematical integer: integer arithmetic is done in
// __int128 with every operation checked (a term beyond 128 bits ends the
// path as unknown), comparisons of C integers of any signedness are exact.
// Quantifiers: a \forall to check (and an \exists to assume) is exact with
// a fresh variable; the other polarities are not supported yet and make a
// proof unknown, never a wrong verdict (see AcslToC.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_ACSLINSTRUMENT_H
#define COSMO_FRONTEND_ACSLINSTRUMENT_H

#include "cosmo/frontend/Acsl.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Error.h>

#include <string>
#include <vector>

namespace cosmo::frontend::acsl {

/// Names the companions and the engine's intrinsics share.
inline constexpr const char *kVerifyPrefix = "__cosmo_contract_verify_";
inline constexpr const char *kUsePrefix = "__cosmo_contract_use_";
inline constexpr const char *kImplPrefix = "__cosmo_contract_impl_";

/// Whether `name` is a function of the instrumentation itself: a
/// contract's companion, an intrinsic the engine gives meaning
/// (`__cosmo_acsl_*`) or a helper of the C prelude (`__acsl_*`, e.g.
/// checked 128-bit arithmetic). Such functions are run where they are
/// called, never summarised on their own: their isolated runs, over
/// arbitrary 128-bit operands, cost the solver seconds for nothing.
inline bool isInstrumentation(llvm::StringRef name) {
  return name.startswith("__cosmo_contract_") ||
         name.startswith("__cosmo_acsl_") || name.startswith("__acsl_");
}

/// The clause kinds `__cosmo_acsl_check` reports (its second argument).
enum class CheckKind {
  Precondition = 0,
  Postcondition = 1,
  InvariantEstablished = 2,
  InvariantPreserved = 3,
  Assertion = 4,
};

struct ContractedFunction {
  std::string name;
  unsigned line = 0;    // of the contract
  bool usable = false;  // has `assigns`: calls can use it
  bool defined = false; // its body is in this file: it can be verified
};

struct InstrumentedSource {
  /// The C text to compile instead of the file (line numbers kept).
  std::string text;
  std::vector<ContractedFunction> functions;
  unsigned loops = 0;      // loops with annotations
  unsigned assertions = 0; // `assert` annotations
};

/// `original` (the text of `path`) with its annotations turned into C.
/// The error names `path:line` and what is wrong.
llvm::Expected<InstrumentedSource>
instrumentAnnotations(const std::string &original, const std::string &path,
                      bool forNativeRun = false);

} // namespace cosmo::frontend::acsl

#endif // COSMO_FRONTEND_ACSLINSTRUMENT_H
