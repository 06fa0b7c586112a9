//===- Analysis.cpp - the engine with the compositional hooks -------------===//
//
// Which hooks each exploration gets, by the options:
// - the program's run: a SummaryComposer for formula summaries
//   (--calls=summary|smart), a TreeReplayer for --calls=replay, a
//   StateMerger for --merge (not with replay: a merged state has no single
//   path for a tree to guide; --calls=auto merges in isolated runs only);
// - a function's isolated run: its TreeRecorder, the same composer or
//   replayer for its callees, and a merger only for formula summaries
//   (memoization trees for replay record single paths; formula summaries
//   keep only their pairs);
// - the program's run also gets a LoopSummarizer and a RecursionSummarizer
//   with --loops=summarize|auto (before the others); the first gives the
//   isolated runs of loop bodies their own;
// - every exploration has the ContractHooks, after its own: the meaning of
//   the ACSL instrumentation (seed 003).
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/Analysis.h"

#include "cosmo/engine/Executor.h"
#include "cosmo/summary/LoopSummarizer.h"
#include "cosmo/summary/RecursionSummarizer.h"
#include "cosmo/summary/StateMerger.h"
#include "cosmo/summary/SummaryBuilder.h"
#include "cosmo/summary/SummaryComposer.h"
#include "cosmo/summary/TreeReplayer.h"

#include "contracts/ContractHooks.h"

#include <cassert>

namespace cosmo::summary {

using engine::EngineOptions;

namespace {

/// The hooks of an exploration, by the options (see above).
std::vector<std::unique_ptr<engine::ExecutionHooks>>
hooksFor(Executor &x, SummaryStore &store, bool isolated) {
  const SummaryOptions &o = store.options;
  std::vector<std::unique_ptr<engine::ExecutionHooks>> hooks;
  if (o.calls == CallStrategy::Replay)
    hooks.push_back(std::make_unique<TreeReplayer>(x, store));
  if (composesSummaries(o.calls))
    hooks.push_back(std::make_unique<SummaryComposer>(x, store));
  MergeStrategy merging = o.mergeStrategy();
  // --calls=auto's summaries are of functions without loops, whose
  // isolated runs merge at no loss.
  if (isolated && o.calls == CallStrategy::Auto)
    merging = MergeStrategy::Auto;
  bool merge = merging != MergeStrategy::None &&
               o.calls != CallStrategy::Replay &&
               (!isolated || composesSummaries(o.calls));
  if (merge)
    hooks.push_back(std::make_unique<StateMerger>(
        x, merging == MergeStrategy::Auto, store.stats));
  return hooks;
}

} // namespace

Analysis::Analysis(llvm::Module &m, EngineOptions o, SummaryOptions so,
                   engine::RunListener &l)
    : options_(std::move(so)) {
  [[maybe_unused]] std::optional<std::string> bad = options_.resolve(o);
  assert(!bad && "options the command line would refuse");
  executor_ = std::make_unique<Executor>(m, std::move(o), l);
  contracts_ = std::make_unique<ContractHooks>(*executor_);
  // The annotations' instrumentation means the same in every exploration.
  executor_->addStandingHook(*contracts_);
}
Analysis::~Analysis() = default;
llvm::Error Analysis::prepare() { return executor_->prepare(); }
std::optional<engine::EntrySignature> Analysis::entrySignature() const {
  return executor_->entrySignature();
}
engine::DataModel Analysis::dataModel() const {
  return executor_->dataModel();
}
void Analysis::interrupt() { executor_->interrupt(); }
void Analysis::interruptSolver() { executor_->interruptSolver(); }

AnalysisResult Analysis::run() {
  Executor &x = *executor_;
  SummaryStore store;
  store.options = options_;
  // Trees are kept only where loops are unrolled: a loop summarised in an
  // isolated run leaves its summary and invariants in the run's registry,
  // which a tree does not hold.
  store.shelf = options_.loops == LoopStrategy::Unroll ? shelf_ : nullptr;
  LoopRegistry loops;
  loops.options = options_;
  loops.hornShelf = hornShelf_;
  SummaryBuilder builder(x, store, [&] {
    return hooksFor(x, store, /*isolated=*/true);
  });
  std::vector<std::unique_ptr<engine::ExecutionHooks>> owned =
      hooksFor(x, store, /*isolated=*/false);
  // Loops and recursion first: a state they make a recursive state goes no
  // further, and a call they summarise is no other strategy's.
  if (options_.loops != LoopStrategy::Unroll) {
    auto loopHooks = std::make_unique<LoopSummarizer>(x, loops);
    auto recursion = std::make_unique<RecursionSummarizer>(
        x, loops, loopHooks->candidates());
    owned.insert(owned.begin(), std::move(recursion));
    owned.insert(owned.begin(), std::move(loopHooks));
  }
  std::vector<engine::ExecutionHooks *> hooks;
  for (const auto &h : owned)
    hooks.push_back(h.get());
  AnalysisResult result;
  static_cast<engine::RunSummary &>(result) =
      x.run(std::move(hooks), [&] {
        if (options_.calls != CallStrategy::Inline)
          builder.buildAll();
      });
  // Each strategy kept its own results; they join the engine's here.
  result.calls = callStrategyName(options_.calls);
  result.merge = mergeStrategyName(options_.mergeStrategy());
  result.loops = loopStrategyName(options_.loops);
  result.composition = std::move(store.stats);
  result.trees = std::move(store.trees);
  result.loopStats = std::move(loops.stats);
  result.invariants = std::move(loops.invariants);
  result.witnessInvariants = loops.witnessInvariants();
  return result;
}

} // namespace cosmo::summary
