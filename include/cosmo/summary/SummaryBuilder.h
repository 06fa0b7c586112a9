//===- cosmo/summary/SummaryBuilder.h - trees, bottom-up ----------*- C++ -*-===//
//
// Seed 002 algorithm 1: the functions the entry reaches are visited callees
// first (frontend::bottomUpComponents), and each that branches is explored
// once in isolation: a new exploration (engine::Exploration) whose first
// state has symbolic parameters (pointers lazily initialised, as for
// --entry) and every global it can read made of input bytes, so that the
// tree holds in any calling context. A TreeRecorder records it; its
// callees' trees guide it where they can (TreeReplayer), or their formula
// summaries are composed (SummaryComposer).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_SUMMARYBUILDER_H
#define COSMO_SUMMARY_SUMMARYBUILDER_H

#include "cosmo/summary/CallContext.h"
#include "cosmo/summary/TreeArchive.h"

#include <functional>

namespace cosmo::summary {

/// The hooks an isolated run has besides its recorder (made for it, in the
/// order the core calls them).
using IsolatedRunHooks =
    std::function<std::vector<std::unique_ptr<engine::ExecutionHooks>>()>;

class SummaryBuilder {
public:
  SummaryBuilder(Executor &x, SummaryStore &store, IsolatedRunHooks hooks);

  /// Builds the trees of every function the entry reaches that can have
  /// one, callees first, into the store (with their statistics).
  void buildAll();
  /// One function's isolated run: its tree into the store, or why not in
  /// the statistics.
  void build(const llvm::Function &f);

private:
  std::unique_ptr<ExecutionState> makeIsolatedState(const llvm::Function &f,
                                                    MemoTree &tree,
                                                    class TreeRecorder &rec);
  /// Makes `tree` f's, in the store and in the run's statistics.
  void adopt(const llvm::Function &f, std::unique_ptr<MemoTree> tree);

  Executor &x_;
  SummaryStore &store_;
  IsolatedRunHooks hooks_;
  TreeArchive archive_;
  std::string layout_; // layoutDigest, when a shelf is first asked
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_SUMMARYBUILDER_H
