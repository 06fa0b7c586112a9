//===- cosmo/summary/StateMerger.h - joining states at join points -*- C++ -*-===//
//
// `--merge`: seed 000 sections 1.2-1.3. Dynamic symbolic execution keeps
// one state per path; static symbolic execution joins the states that reach
// the same location. A state that enters a block with more than one
// predecessor (after its phis) waits there, out of the searcher, until no
// other state can run; then the waiting states at the earliest location (by
// the reverse post-order of each frame's function) are joined where they
// are compatible, and go on as fewer states. See StateMerger.cpp for the
// join and the `auto` policy.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_STATEMERGER_H
#define COSMO_SUMMARY_STATEMERGER_H

#include "cosmo/engine/Executor.h"
#include "cosmo/summary/Results.h"

#include <tuple>
#include <unordered_map>
#include <vector>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::Executor;
using expr::ExprRef;

class StateMerger final : public engine::ExecutionHooks {
public:
  /// `careful`: --merge=auto's policy (refuse joins that cost more than
  /// the paths they save); otherwise every compatible pair is joined.
  /// It counts its joins into `stats`.
  StateMerger(Executor &x, bool careful, CompositionStats &stats);

  void onBlockEntry(ExecutionState &s, const llvm::BasicBlock *b) override;
  void onWaiting(ExecutionState &s) override;
  bool holdsStates() const override { return !waiting_.empty(); }
  bool releaseStates() override;
  void onExplorationEnd() override { waiting_.clear(); }

  /// Makes `a` the join of `a` and `b` when they are compatible (then `b`
  /// is no longer needed); false, with both unchanged, otherwise.
  bool mergeStates(ExecutionState &a, ExecutionState &b);

  /// Per function: the reverse post-order of its blocks (which join point
  /// comes first), and for the values that decide an address or a branch,
  /// how many constants a merge may make them (--merge=auto).
  struct FunctionInfo {
    std::unordered_map<const llvm::BasicBlock *, unsigned> order;
    std::unordered_map<const llvm::Value *, unsigned> unionLimit;
  };

private:
  const FunctionInfo &infoOf(const llvm::Function &f);
  /// Where `s` is, frame by frame, ordered as the functions' blocks are.
  std::vector<std::tuple<uintptr_t, unsigned, size_t>>
  locationOf(const ExecutionState &s);

  Executor &x_;
  expr::ExprContext &ctx_;
  bool careful_;
  CompositionStats &stats_;
  /// The waiting states, in the order they came, with the exploration step
  /// each began to wait at.
  std::vector<std::pair<ExecutionState *, uint64_t>> waiting_;
  std::unordered_map<const llvm::Function *, FunctionInfo> info_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_STATEMERGER_H
