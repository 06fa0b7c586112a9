//===- cosmo/summary/TreeRecorder.h - recording a memoization tree -*- C++ -*-===//
//
// Seed 002 section IV.A: the hook of a function's isolated run. Every
// conditional a path passes extends the tree (the choice taken, and whether
// a callee's tree decided it); every path ends in a leaf holding its pair of
// numeric and heap path conditions over the function's inputs, and, for a
// completed path, its effect (seed 001 section 4: the result and the bytes
// it left changed in memory that outlives the call), which is what a
// formula summary composes.
//
// The recorder also answers for the isolated run what it cannot know by
// itself: which addresses may be a caller's (mayPointOutside) and where it
// stored pointers (a summary whose effect holds pointers must say where
// they point).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_TREERECORDER_H
#define COSMO_SUMMARY_TREERECORDER_H

#include "cosmo/engine/Executor.h"
#include "cosmo/summary/MemoTree.h"

#include <map>
#include <set>
#include <unordered_set>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::Executor;

class TreeRecorder final : public engine::ExecutionHooks {
public:
  /// Records into `tree` the paths of the running exploration, which `x`
  /// runs with this hook; its paths are bounded by `depthBound`
  /// conditionals and the tree by `maxPaths` pairs.
  TreeRecorder(Executor &x, MemoTree &tree, unsigned depthBound,
               uint64_t maxPaths);

  /// The path's data: where it is in the tree, and what it stored.
  struct PathData final : engine::HookState {
    MemoNode *node = nullptr;
    unsigned depth = 0; ///< conditionals passed
    /// The path stored a pointer into an input object, a global or a heap
    /// block; where it stored the address of an object the isolated run
    /// made (base, offset), which a caller has only if it is a heap block
    /// the path returns with; and whether it copied such addresses where
    /// they cannot be tracked (memcpy, a store at a symbolic offset).
    bool storedPointer = false;
    std::set<std::pair<uint64_t, uint64_t>> pointerSlots, ownAddressSlots;
    bool pointerSlotsUnknown = false;
    bool storedOwnAddress = false;

    std::unique_ptr<engine::HookState> clone() const override {
      return std::make_unique<PathData>(*this);
    }
    bool joinable(const engine::HookState *other) const override {
      return other != nullptr;
    }
    void join(const engine::HookState *other) override;
  };
  static PathData *dataOf(const ExecutionState &s);
  /// Starts recording `s`, the isolated run's first state, at the root.
  void start(ExecutionState &s);
  /// The inputs a caller gives so far (parameters, bytes of globals and
  /// input objects).
  void noteCallerInput(const ExprRef &v) { callerInputs_.insert(v); }

  bool mayObserveBranches() const override { return true; }
  bool observesBranches(const ExecutionState &) const override {
    return true;
  }
  bool onBranchTaken(ExecutionState &s, const llvm::Instruction &site,
                     unsigned choice, bool decided) override;
  bool onPathEnd(ExecutionState &s, const engine::PathEnd &end) override;
  void onInputMemory(ExecutionState &s,
                     const std::vector<ExprRef> &bytes) override;
  bool mayPointOutside(const ExprRef &address) const override;
  void onPointerStore(ExecutionState &s, uint64_t base, const ExprRef &offset,
                      bool ownAddress) override;

  /// The effect of a completed path (result, writes to input objects and
  /// globals) into `p`, whose objects are `objectAt` (CallEffect.cpp).
  void recordEffect(ExecutionState &s, PcPair &p,
                    const std::map<uint64_t, size_t> &objectAt,
                    const std::unordered_set<const expr::Expr *> &inputVars,
                    const std::optional<ExprRef> &returned);

private:
  void recordLeaf(ExecutionState &s, const engine::PathEnd &end);

  Executor &x_;
  expr::ExprContext &ctx_;
  MemoTree &tree_;
  unsigned depthBound_;
  uint64_t maxPaths_;
  /// The isolated run's inputs that a caller gives: its parameters and the
  /// bytes of the globals it reads and of its input objects. An address
  /// made of them may point into the caller's objects, which the isolated
  /// run does not have (mayPointOutside).
  std::unordered_set<ExprRef, expr::ExprRefHash> callerInputs_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_TREERECORDER_H
