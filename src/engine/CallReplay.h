//===- CallReplay.h - a memoization tree composed into one call -*- C++ -*-===//
//
// Seed 002 algorithm 2. At a call of a summarised function, each (numeric
// PC, heap PC) pair of the callee's tree is checked against the calling
// context; the pairs that can hold stay live. The call then runs guided by
// the tree: at a conditional, the successors with a live pair below them
// are exactly the feasible ones, so no solver is asked. Why this is exact:
// the tree is complete (every path of the isolated run ended in a leaf or
// a frontier), so the inputs reaching a node are the union of the pairs
// below it; and the calling context maps to one input of the isolated run
// (composeCall refuses contexts that do not), on which the call behaves as
// the isolated run did until the paths part.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_CALLREPLAY_H
#define COSMO_ENGINE_CALLREPLAY_H

#include "cosmo/solver/Solver.h"
#include "cosmo/summary/MemoTree.h"

#include <vector>

namespace cosmo::engine {

struct Composition {
  const summary::MemoTree *tree = nullptr;
  std::vector<uint8_t> livePairs;  // by pair
  std::vector<uint8_t> liveBelow;  // by node
  std::vector<uint8_t> frontierAt; // by node: a live frontier pair ends here
  /// By node: a model of the calling context and a live pair below the
  /// node (null when none is known): the model a guided side takes.
  std::vector<solver::Model> modelBelow;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_CALLREPLAY_H
