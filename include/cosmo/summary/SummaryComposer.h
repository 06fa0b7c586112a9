//===- cosmo/summary/SummaryComposer.h - formula summaries at calls -*- C++ -*-===//
//
// `--calls=summary` and `--calls=smart`. A function's isolated run (the
// same one that builds its memoization tree) records for every completed
// path its effect over the function's inputs: the result r_i and the bytes
// sigma_i it left changed in input objects and globals (TreeRecorder::
// recordEffect). Its formula summary is the union of its paths (seed 001
// section 4): the result union(<g_i, r_i>), the heap merge(<g_i, sigma_i>),
// and the guards of its error paths.
//
// At a call, the composer refines the summary by the calling context (seed
// 001 def. 4: the inputs become the caller's values, exactly the
// substitution fitCall builds for a tree's pairs) and composes it into the
// caller's state: each path's writes are a heap over the caller's
// addresses, the effect is their merge (def. 7), and the caller's memory
// after the call is compose(caller, effect) (def. 5), so each written byte
// is a guarded union over the paths that write it, the caller's value
// otherwise -- through memory::SymbolicHeap, whose laws its property tests
// check. The caller goes
// on as one state: no fork per path of the callee (seed 000 section 1.4). A
// callee error whose guard holds in the context is an error of the
// program, reported with inputs from the model.
//
// Why this is exact: the pairs' guards are disjoint (each is one path of
// the callee) and, for a summary with no frontier, cover every input; the
// caller's path condition gains their disjunction over the completed
// paths, which is the set of inputs on which the call returns. A summary
// is used only when that holds and every path's effect is expressible;
// otherwise the call is inlined and the statistics say why.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_SUMMARYCOMPOSER_H
#define COSMO_SUMMARY_SUMMARYCOMPOSER_H

#include "cosmo/summary/CallContext.h"

#include "cosmo/memory/SymbolicHeap.h"

namespace cosmo::summary {

class SummaryComposer final : public engine::ExecutionHooks {
public:
  SummaryComposer(Executor &x, SummaryStore &store);

  bool onCall(ExecutionState &s, const llvm::CallBase &call,
              const llvm::Function &f, std::vector<ExprRef> &args) override;

  /// Composes the summary of `tree` into `s` at `call` (result, writes, the
  /// callee's reachable errors) without a frame and without forking. False
  /// when the call must be inlined instead (counted, with the reason, in
  /// the statistics).
  bool composeSummary(ExecutionState &s, const llvm::CallBase &call,
                      const MemoTree &tree, const std::vector<ExprRef> &args);

private:
  Executor &x_;
  expr::ExprContext &ctx_;
  const engine::EngineOptions &opts_;
  SummaryStore &store_;
  /// LI cells of the caller's bytes, for the heaps a call's effect is
  /// composed of.
  memory::LICells bytes_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_SUMMARYCOMPOSER_H
