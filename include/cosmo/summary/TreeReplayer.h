//===- cosmo/summary/TreeReplayer.h - a tree guides a call -------*- C++ -*-===//
//
// Seed 002 algorithm 2 (`--calls=replay`). At a call of a summarised
// function, each (numeric PC, heap PC) pair of the callee's tree is checked
// against the calling context (fitCall, algorithm 3); the pairs that can
// hold stay live. The call then runs guided by the tree: at a conditional,
// the successors with a live pair below them are exactly the feasible ones,
// so no solver is asked (and at an error check, the error side is feasible
// exactly when a live error pair of that check is left, the good side when
// a live pair lies past it). Pairs are first checked by the caller's path
// facts (PathFacts.h): those they make false need no query, nor does the
// one pair left of a tree whose pairs cover all inputs. Under
// --target=errors, heuristics H1/H2 (section IV.E) end the path at the call.
//
// Why this is exact: the tree is complete (every path of the isolated run
// ended in a leaf or a frontier), so the inputs reaching a node are the
// union of the pairs below it; and the calling context maps to one input of
// the isolated run (fitCall refuses contexts that do not), on which the
// call behaves as the isolated run did until the paths part.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_TREEREPLAYER_H
#define COSMO_SUMMARY_TREEREPLAYER_H

#include "cosmo/summary/CallContext.h"

namespace cosmo::summary {

/// A tree's pairs marked in one calling context.
struct Composition {
  const MemoTree *tree = nullptr;
  std::vector<uint8_t> livePairs;  // by pair
  std::vector<uint8_t> liveBelow;  // by node
  std::vector<uint8_t> frontierAt; // by node: a live frontier pair ends here
  /// By node: a model of the calling context and a live pair below the
  /// node (null when none is known): the model a guided side takes.
  std::vector<solver::Model> modelBelow;
};

class TreeReplayer final : public engine::ExecutionHooks {
public:
  TreeReplayer(Executor &x, SummaryStore &store);

  /// A path inside a replayed call: where it is in the tree.
  struct Guide final : engine::HookState {
    std::shared_ptr<const Composition> composition;
    const MemoNode *node = nullptr;
    size_t depth = 0; ///< stack size with the callee's frame
    /// The error checks passed at `node` so far, on their good side.
    std::vector<engine::CheckId> checksPassed;

    std::unique_ptr<engine::HookState> clone() const override {
      return std::make_unique<Guide>(*this);
    }
    /// A guided path is never joined: its tree decides alone.
    bool joinable(const engine::HookState *) const override { return false; }
    void join(const engine::HookState *) override {}
  };
  static Guide *guideOf(const ExecutionState &s);

  bool mayObserveBranches() const override { return true; }
  bool observesBranches(const ExecutionState &s) const override {
    return guideOf(s) != nullptr;
  }
  void onCallEntered(ExecutionState &s, const llvm::Function &f,
                     const std::vector<ExprRef> &args) override;
  void onReturn(ExecutionState &s) override;
  bool onBranch(ExecutionState &s, const llvm::Instruction &site,
                const std::vector<ExprRef> &conds,
                const std::vector<const llvm::BasicBlock *> &succs) override;
  std::optional<engine::CheckSides> onCheck(const ExecutionState &s,
                                            const engine::CheckId &check,
                                            engine::ErrorKind kind) override;
  void onCheckPassed(ExecutionState &s, const engine::CheckId &check) override;
  void onConstraint(ExecutionState &s) override { dropGuide(s); }

  /// Algorithms 2-3 at a call of a summarised function: marks the paths of
  /// `tree` feasible in the calling context of `s` and, when the context is
  /// one the tree covers, lets the tree guide `s` through the call (its
  /// frame is already pushed).
  void composeCall(ExecutionState &s, const MemoTree &tree,
                   const std::vector<ExprRef> &args);

private:
  /// Heuristics H1/H2 (seed 002 section IV.E) in the program's run under
  /// --target=errors: true when they ended the path of `s` (an error pair
  /// of `open` is feasible, or the tree was pruned to errors and none is).
  /// The error pairs they find infeasible leave `open`.
  bool shortCircuitErrors(ExecutionState &s, const MemoTree &tree,
                          std::vector<std::pair<size_t, ExprRef>> &open);
  void dropGuide(ExecutionState &s);

  Executor &x_;
  expr::ExprContext &ctx_;
  const engine::EngineOptions &opts_;
  SummaryStore &store_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_TREEREPLAYER_H
