//===- Exploration.h - one exploration's states and bounds ------*- C++ -*-===//
//
// An exploration is one search over paths: the program's run from its
// entry, or a function's isolated run (the layer above builds what it
// composes at calls from those). It owns its live states and its
// searcher, the blocks its paths entered (its coverage), the hooks the core
// calls for it, and the bounds it has besides the run's. Executor runs
// one exploration at a time (Executor::explore); an isolated run is a
// new Exploration, so nothing of the program's run is touched by it.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_EXPLORATION_H
#define COSMO_ENGINE_EXPLORATION_H

#include "cosmo/engine/BlockSet.h"
#include "cosmo/engine/Hooks.h"
#include "cosmo/engine/Searcher.h"
#include "cosmo/engine/StatePool.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::engine {

/// Bounds an exploration has besides the run's own limits; passing one
/// stops it (Exploration::stopReason says which). Zero: no bound.
struct ExplorationBounds {
  /// Names the exploration in the reasons (e.g. "its isolated run").
  std::string what = "the exploration";
  std::optional<std::chrono::steady_clock::time_point> deadline;
  double deadlineSeconds = 0; ///< for the reason only
  uint64_t maxInstructions = 0;
  size_t maxStates = 0;
  uint64_t maxGrowthMB = 0; ///< resident memory it made the process grow by

  /// A deadline `seconds` after `from`.
  void setDeadline(double seconds, std::chrono::steady_clock::time_point from =
                                       std::chrono::steady_clock::now()) {
    deadline = from + std::chrono::duration_cast<
                          std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(seconds));
    deadlineSeconds = seconds;
  }
};

class Exploration {
public:
  Exploration(std::unique_ptr<Searcher> searcher, ExplorationBounds bounds = {})
      : searcher(std::move(searcher)), bounds(std::move(bounds)) {}

  StatePool states;
  std::unique_ptr<Searcher> searcher;
  /// States forked in the current step (registered after it).
  std::vector<ExecutionState *> added;
  /// Blocks a path of this exploration entered.
  BlockSet covered;
  /// The hooks the core calls, in order.
  std::vector<ExecutionHooks *> hooks;
  /// The hooks that may observe branches (asked at every branch, concrete
  /// ones included): set when the exploration starts.
  std::vector<ExecutionHooks *> branchObservers;
  ExplorationBounds bounds;
  /// A path on which a signed add, sub or mul (`nsw`) overflows ends as
  /// infeasible (EngineOptions::assumeNoSignedOverflow).
  bool assumeNoSignedOverflow = false;
  /// Steps taken (a step runs one state until it forks, ends or waits).
  uint64_t steps = 0;
  ExecutionState *stepping = nullptr; ///< the state running now
  ExecutionState *warm = nullptr;     ///< the state stepped last
  /// At its start: the run's instruction count (plus, as they end, the
  /// instructions of the explorations run inside it: Executor::Scope) and
  /// the resident memory.
  uint64_t instructionsAtStart = 0;
  uint64_t rssKBAtStart = 0;
  uint64_t boundChecks = 0;

  /// Stops the exploration (the first reason stays): its states are
  /// dropped, uncounted, when the exploration ends.
  void stop(std::string reason) {
    if (stopReason.empty())
      stopReason = std::move(reason);
  }
  /// The same, at its bound of paths open at once (maxStates).
  void stopAtStates(std::string reason) {
    stoppedAtStates_ = stopReason.empty();
    stop(std::move(reason));
  }
  bool stopped() const { return !stopReason.empty(); }
  /// Stopped because it had more paths open at once than its bounds allow.
  bool stoppedAtStates() const { return stoppedAtStates_; }
  const std::string &why() const { return stopReason; }

  bool holdsWaitingStates() const {
    for (ExecutionHooks *h : hooks)
      if (h->holdsStates())
        return true;
    return false;
  }

private:
  std::string stopReason;
  bool stoppedAtStates_ = false;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_EXPLORATION_H
