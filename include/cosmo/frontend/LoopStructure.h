//===- cosmo/frontend/LoopStructure.h - recursive vertices -------*- C++ -*-===//
//
// Where a program's paths repeat: seed 000 section 2.1. The blocks of a
// function's CFG are numbered by a depth-first traversal from the entry,
// time(v) = |V| - |{u : time(u) already computed}| (the reverse post-order,
// entry first); an edge (u, v) is a back edge when time(u) >= time(v)
// (definition 2), and its target is a recursive vertex (definition 3).
// Every cycle of the CFG passes through a recursive vertex, whatever its
// shape: a natural loop's header is one, and so is the block a goto enters
// an irreducible loop by (whichever of its entries the traversal meets
// first). The path sets Pi(u, v, D) and Rec(u, D) of section 2.2 are built
// over these vertices.
//
// Recursion is the same idea over the call graph: a function in a call-graph
// component with a cycle (CallGraph.h) is recursive.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_LOOPSTRUCTURE_H
#define COSMO_FRONTEND_LOOPSTRUCTURE_H

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

#include <map>
#include <string>
#include <vector>

namespace cosmo::frontend {

/// A recursive vertex and the back edges that enter it.
struct RecursiveVertex {
  const llvm::BasicBlock *head = nullptr;
  /// Sources of back edges to `head`, in traversal order (`head` itself for
  /// a block that branches to itself).
  std::vector<const llvm::BasicBlock *> latches;
  /// The blocks of Pi(head, head, {head}): those on a cycle through `head`
  /// that does not pass through `head` in its middle (inner loops
  /// included, as rule III nests them), head first, then by time.
  std::vector<const llvm::BasicBlock *> body;
};

/// The recursive vertices of `f` and its blocks' times.
struct LoopStructure {
  /// In order of their time (outer loops before the loops they contain).
  std::vector<RecursiveVertex> vertices;
  /// time(v) of every block reachable from the entry (the entry has 1).
  std::map<const llvm::BasicBlock *, unsigned> time;

  bool isRecursive(const llvm::BasicBlock *b) const;
  const RecursiveVertex *vertexOf(const llvm::BasicBlock *head) const;
};

/// Seed 000 definitions 2-3 for a defined function.
LoopStructure loopStructureOf(const llvm::Function &f);

/// "file.c:12" for the first instruction of `b` with a source location
/// (the loop's condition, for a loop head); "block <name>" without one.
std::string whereIs(const llvm::BasicBlock &b);

/// `cosmo show --loops`: every defined function of `m` (the C library's
/// models excepted) with its recursive vertices, their back edges and the
/// blocks of their bodies, and the recursive functions; one fact per line.
std::string describeLoops(const llvm::Module &m);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_LOOPSTRUCTURE_H
