//===- Searcher.h - which state runs next -----------------------*- C++ -*-===//
#ifndef COSMO_ENGINE_SEARCHER_H
#define COSMO_ENGINE_SEARCHER_H

#include "cosmo/engine/ExecutionState.h"
#include "cosmo/engine/Options.h"

#include <memory>
#include <random>
#include <unordered_map>
#include <unordered_set>

namespace cosmo::engine {

/// Node of the process tree that random-path walks: a leaf holds a live
/// state; an inner node the two sides of a fork.
struct PTreeNode {
  PTreeNode *parent = nullptr;
  std::unique_ptr<PTreeNode> left, right;
  ExecutionState *state = nullptr;
};

class Searcher {
public:
  virtual ~Searcher();
  virtual ExecutionState *select() = 0;
  /// `parent` forked `child` (both live).
  virtual void forked(ExecutionState *parent, ExecutionState *child) = 0;
  virtual void add(ExecutionState *s) = 0;
  virtual void remove(ExecutionState *s) = 0;
  virtual bool empty() const = 0;
  /// After `s` ran a step: lets BFS rotate, coverage re-rank.
  virtual void stepped(ExecutionState *s) {}
};

/// Whether a state stands at a block no state has run yet.
using CoverageQuery = std::function<bool(const ExecutionState &)>;

std::unique_ptr<Searcher> createSearcher(SearchStrategy strategy,
                                         uint64_t seed,
                                         CoverageQuery coverage);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_SEARCHER_H
