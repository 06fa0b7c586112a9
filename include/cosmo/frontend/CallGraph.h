//===- cosmo/frontend/CallGraph.h - functions in bottom-up order -*- C++ -*-===//
//
// The order in which compositional analyses visit a program's functions
// (seed 002, algorithm 1): the call graph's strongly connected components,
// callees before their callers, so that a function's callees are summarised
// before the function itself. A component with a cycle (a recursive
// function, or mutually recursive ones) is marked; seed 002 summarises such
// components directly, up to a bound. Calls through pointers have no edge:
// a caller reached that way may come before its callee, which an analysis
// must allow for (by analysing the callee inline).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_CALLGRAPH_H
#define COSMO_FRONTEND_CALLGRAPH_H

#include <llvm/IR/Function.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace cosmo::frontend {

struct CallGraphComponent {
  /// Functions defined in the module, in the module's order.
  std::vector<const llvm::Function *> functions;
  /// Some function of the component calls one of them (itself included).
  bool recursive = false;
};

/// The components of the functions defined in `m` that `root` reaches by
/// direct calls (all defined functions when `root` is null), callees first.
std::vector<CallGraphComponent>
bottomUpComponents(const llvm::Module &m, const llvm::Function *root = nullptr);

/// How many times `f` branches on a condition (conditional `br`s, `switch`es,
/// `indirectbr`s): a function that does not has one path and is not worth a
/// summary (seed 002 §IV.A).
unsigned conditionalBranchCount(const llvm::Function &f);

/// The defined function a call calls directly (through casts and aliases),
/// or null for a call through a pointer or to a declaration.
const llvm::Function *directCallee(const llvm::CallBase &call);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_CALLGRAPH_H
