//===- IsolatedRun.cpp - explorations of the composition layer's own ------===//

#include "common/IsolatedRun.h"

#include "cosmo/engine/Searcher.h"

namespace cosmo::summary {

engine::Exploration isolatedExploration(engine::Executor &x,
                                        engine::ExplorationBounds bounds) {
  return engine::Exploration(
      engine::createSearcher(engine::SearchStrategy::DFS, x.options().seed,
                             [](const engine::ExecutionState &) {
                               return false;
                             }),
      std::move(bounds));
}

} // namespace cosmo::summary
