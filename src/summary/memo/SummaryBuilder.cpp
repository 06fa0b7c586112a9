//===- SummaryBuilder.cpp - memoization trees, bottom-up ------------------===//
//
// Seed 002 algorithm 1 (see SummaryBuilder.h). Recursive functions are
// explored the same way, their paths bounded by --summary-depth.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/SummaryBuilder.h"
#include "cosmo/summary/TreeArchive.h"
#include "cosmo/summary/TreeRecorder.h"

#include "calls/WorthSummarising.h"
#include "common/IsolatedRun.h"

#include "cosmo/expr/Transform.h"
#include "cosmo/frontend/AcslInstrument.h"
#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/solver/Pipeline.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

namespace cosmo::summary {

using engine::SourceLocation;
using engine::StackFrame;

namespace {

/// Bounds of one function's isolated run besides --summary-timeout (which
/// depends on the machine's load; these do not): a run that passes one
/// gives no tree, and the function is explored inline. The instructions
/// of a function worth summarising, the paths it keeps open (each holds
/// its own memory and path condition), and what that costs the process.
constexpr uint64_t kMaxIsolatedInstructions = 2'000'000;
constexpr size_t kMaxIsolatedStates = 1024;
constexpr uint64_t kMaxIsolatedGrowthMB = 1024;
/// Z3 calls of --calls=auto's isolated runs past which the program's run
/// gets a fresh solver pipeline.
constexpr uint64_t kFreshSolverCalls = 64;

/// The defined functions `f` reaches by direct calls, `f` included.
std::vector<const llvm::Function *> callClosure(const llvm::Function &f) {
  std::vector<const llvm::Function *> out{&f};
  std::unordered_set<const llvm::Function *> seen{&f};
  for (size_t k = 0; k < out.size(); ++k)
    for (const llvm::Instruction &i : llvm::instructions(*out[k]))
      if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function *g = frontend::directCallee(*call))
          if (seen.insert(g).second)
            out.push_back(g);
  return out;
}

/// The global variables the code of `fs` names, directly or through
/// constant expressions and the initialisers of constant globals.
std::vector<const llvm::GlobalVariable *>
globalsNamedBy(const std::vector<const llvm::Function *> &fs) {
  std::vector<const llvm::GlobalVariable *> out;
  std::unordered_set<const llvm::Value *> seen;
  std::vector<const llvm::Value *> work;
  for (const llvm::Function *f : fs)
    for (const llvm::Instruction &i : llvm::instructions(*f))
      for (const llvm::Use &op : i.operands())
        work.push_back(op.get());
  while (!work.empty()) {
    const llvm::Value *v = work.back();
    work.pop_back();
    if (!llvm::isa<llvm::Constant>(v) || llvm::isa<llvm::Function>(v) ||
        !seen.insert(v).second)
      continue;
    if (const auto *g = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
      out.push_back(g);
      if (g->isConstant() && g->hasInitializer())
        work.push_back(g->getInitializer());
      continue;
    }
    for (const llvm::Use &op : llvm::cast<llvm::User>(v)->operands())
      work.push_back(op.get());
  }
  return out;
}

std::string irHashOf(const llvm::Function &f) {
  std::string text;
  llvm::raw_string_ostream os(text);
  f.print(os);
  os.flush();
  llvm::SHA256 h;
  h.update(text);
  llvm::StringRef digest = h.final();
  std::string hex;
  for (size_t k = 0; k < 8; ++k)
    hex += fmt::format("{:02x}", static_cast<uint8_t>(digest[k]));
  return hex;
}

/// The conditionals of `f` and of what it calls (directly or not).
unsigned branchesInCallClosure(const llvm::Function &f) {
  unsigned n = 0;
  for (const llvm::Function *g : callClosure(f))
    n += frontend::conditionalBranchCount(*g);
  return n;
}

/// Why `f` gets no tree, or empty when it can.
std::string whyNotSummarized(const llvm::Function &f,
                             const llvm::Function *entry) {
  if (&f == entry || f.getName() == "main")
    return "the entry";
  if (frontend::isModelFunction(f))
    return "part of cosmo's libc";
  if (frontend::acsl::isInstrumentation(f.getName()))
    return "part of the ACSL instrumentation";
  if (f.isVarArg())
    return "variadic";
  if (f.getReturnType()->isFPOrFPVectorTy() ||
      f.getReturnType()->isVectorTy())
    return "floating-point result";
  for (const llvm::Argument &a : f.args())
    if (a.hasByValAttr() || a.getType()->isFPOrFPVectorTy() ||
        a.getType()->isVectorTy())
      return "a parameter passed by value or of floating-point type";
  // Its isolated run would make the environment's bytes itself, and its
  // effects on a caller would depend on them.
  for (const llvm::Function *g : callClosure(f))
    if (g->getName().startswith("__cosmo_env_"))
      return "reads the program's environment (standard input, files, "
             "variables)";
  if (branchesInCallClosure(f) == 0)
    return "no conditional";
  return "";
}

/// A summary's terms as trees/FUNCTION.json shows them: SMT-LIB with
/// shared subterms bound once (a path's terms are DAGs whose plain text
/// can be exponentially long). A term too large to be worth reading is
/// written as its size, and once a tree's text reaches its budget the rest
/// are not written: writing is bounded however large the summary.
class TermWriter {
public:
  std::string text(const ExprRef &e) {
    if (left_ == 0)
      return "(not written: the tree's text limit was reached)";
    size_t nodes = expr::dagSizeUpTo(e, kMaxNodes);
    left_ -= std::min(left_, nodes); // the count's cost
    if (nodes > kMaxNodes)
      return fmt::format("(a term of more than {} nodes, not written)",
                         kMaxNodes);
    std::string t = expr::toSmtLibShared(e);
    if (t.size() > left_) {
      left_ = 0;
      return text(e);
    }
    left_ -= t.size();
    return t;
  }

private:
  static constexpr size_t kMaxNodes = 4096;
  size_t left_ = size_t(16) << 20; // characters and nodes counted
};
} // namespace

SummaryBuilder::SummaryBuilder(Executor &x, SummaryStore &store,
                               IsolatedRunHooks hooks)
    : x_(x), store_(store), hooks_(std::move(hooks)), archive_(x.module()) {}

void SummaryBuilder::buildAll() {
  const SummaryOptions &opts = store_.options;
  std::vector<const llvm::Function *> order;
  // Formula summaries leave recursion to inlining (--max-recursion): an
  // isolated run of a recursive function ends in frontiers, and a summary
  // with a frontier is never composed.
  bool formulas = composesSummaries(opts.calls);
  std::optional<CallSites> sites;
  if (opts.calls == CallStrategy::Auto)
    sites.emplace(x_.module(), x_.entry());
  for (const frontend::CallGraphComponent &c :
       frontend::bottomUpComponents(x_.module(), x_.entry()))
    for (const llvm::Function *f : c.functions) {
      if (!whyNotSummarized(*f, x_.entry()).empty() || (formulas && c.recursive))
        continue;
      if (sites) {
        std::string why = sites->whyNotWorthIt(*f, callClosure(*f));
        if (!why.empty()) {
          ++store_.stats.functionsNotSummarized;
          ++store_.stats.notSummarizedBecause["--calls=auto: " + why];
          continue;
        }
      }
      order.push_back(f);
    }
  for (const llvm::Function *f : order) {
    std::string why;
    if (x_.runStopping() || x_.limitsReached(why))
      break;
    build(*f);
  }
  // A fresh pipeline for the program: the isolated runs' constraints (over
  // their own variables) would only weigh on the incremental solver and the
  // caches. (One Z3 context per function would cost more than it saves.)
  // --calls=auto's isolated runs (small functions without loops) not after
  // a few queries: new Z3 contexts cost ~20 ms of the run, the whole of a
  // small program's (issue 47). Trees of recursive functions leave
  // constraints that slow the program's queries past their limit (a
  // replay of control/gcd.c under load).
  bool few = opts.calls == CallStrategy::Auto &&
             store_.stats.initSolverCalls < kFreshSolverCalls;
  if (!order.empty() && !few)
    x_.replaceSolver();
}

std::unique_ptr<ExecutionState>
SummaryBuilder::makeIsolatedState(const llvm::Function &f, MemoTree &tree,
                                  TreeRecorder &rec) {
  expr::ExprContext &ctx = x_.ctx();
  std::unique_ptr<ExecutionState> s =
      x_.makeStateAt(f, f.getName().str() + "~", /*isolated=*/true);
  rec.start(*s);
  // What it can read of the globals is whatever the caller left there.
  for (const llvm::GlobalVariable *g : globalsNamedBy(callClosure(f))) {
    if (g->isConstant() && g->hasInitializer())
      continue;
    uint64_t base = x_.globalAddress(g);
    std::vector<ExprRef> bytes =
        x_.fillWithInputBytes(*s, base, g->getName().str());
    for (size_t k = 0; k < bytes.size(); ++k)
      tree.globals().push_back({bytes[k], base + k});
  }
  x_.setUpEntryArguments(*s, f);
  for (const llvm::Argument &a : f.args()) {
    tree.parameters().push_back(s->frame().registers.find(&a)->toExpr(ctx));
    if (!tree.parameters().back()->isConst())
      rec.noteCallerInput(tree.parameters().back());
  }
  return s;
}

void SummaryBuilder::build(const llvm::Function &f) {
  const SummaryOptions &opts = store_.options;
  CompositionStats &st = store_.stats;
  // A tree an earlier run built for the same function, callees, options
  // and layout is the tree this run would build: it is taken as it is.
  if (store_.shelf) {
    if (layout_.empty())
      layout_ = layoutDigest(x_);
    if (std::optional<std::string> kept = store_.shelf->find(f, layout_)) {
      auto tree = archive_.read(*kept, x_.ctx());
      if (tree) {
        for (const std::string &why : (*tree)->notedUnknowns())
          x_.noteUnknown(why);
        adopt(f, std::move(*tree));
        return;
      }
      store_.shelf->unreadable(f, llvm::toString(tree.takeError()));
    }
  }
  auto tree = std::make_unique<MemoTree>(f.getName().str(), irHashOf(f),
                                         opts.summaryDepth);
  uint64_t queriesBefore = x_.solverStats().queries;
  uint64_t z3Before = x_.solverStats().z3.queries;
  auto began = std::chrono::steady_clock::now();

  // The isolated run is an exploration of its own: its states, searcher
  // and coverage are not the program's. Bounds besides --summary-timeout
  // (which depends on the machine's load; these do not): a run that passes
  // one gives no tree, and the function is explored inline.
  engine::ExplorationBounds bounds;
  bounds.what = "its isolated run";
  if (opts.summaryTimeoutSeconds > 0)
    bounds.setDeadline(opts.summaryTimeoutSeconds, began);
  bounds.maxInstructions = kMaxIsolatedInstructions;
  bounds.maxStates = kMaxIsolatedStates;
  bounds.maxGrowthMB = kMaxIsolatedGrowthMB;
  engine::Exploration run = isolatedExploration(x_, std::move(bounds));
  TreeRecorder recorder(x_, *tree, opts.summaryDepth, opts.summaryMaxPaths);
  std::vector<std::unique_ptr<engine::ExecutionHooks>> others = hooks_();
  run.hooks.push_back(&recorder);
  for (const auto &h : others)
    run.hooks.push_back(h.get());
  store_.building = tree.get();
  size_t noted = x_.summary().unknownReasons.size();
  // A run stopped (it ran out of memory, say) gives no tree: the function
  // is explored inline, where the run's own limits apply.
  x_.exploreFrom(run, [&] { return makeIsolatedState(f, *tree, recorder); });
  store_.building = nullptr;
  const std::vector<std::string> &reasons = x_.summary().unknownReasons;
  tree->notedUnknowns().assign(reasons.begin() + noted, reasons.end());
  std::string invalid = run.why();

  st.initQueries += x_.solverStats().queries - queriesBefore;
  st.initSolverCalls += x_.solverStats().z3.queries - z3Before;
  st.initSeconds += std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - began)
                        .count();
  if (!invalid.empty() || tree->pairs().empty()) {
    if (store_.shelf)
      store_.shelf->dropped(f, layout_);
    ++st.functionsNotSummarized;
    ++st.notSummarizedBecause[invalid.empty()
                                  ? "no path of its isolated run ended"
                                  : invalid];
    return;
  }
  if (opts.pruneToErrors)
    tree->pruneToErrors();
  if (store_.shelf && !x_.runStopping())
    store_.shelf->keep(f, layout_, archive_.write(*tree));
  else if (store_.shelf)
    store_.shelf->dropped(f, layout_);
  adopt(f, std::move(tree));
}

void SummaryBuilder::adopt(const llvm::Function &f,
                           std::unique_ptr<MemoTree> tree) {
  CompositionStats &st = store_.stats;
  ++st.functionsSummarized;
  st.treeNodes += tree->nodes().size();
  st.treeNodesCompressed += tree->compressedNodeCount();
  st.treeLeaves += tree->leafCount();
  st.treePairs += tree->pairs().size();

  MemoTreeInfo info;
  info.function = tree->function();
  info.irHash = tree->irHash();
  info.depthBound = tree->depthBound();
  info.compressedNodes = tree->compressedNodeCount();
  info.branches = branchesInCallClosure(f);
  for (const ExprRef &p : tree->parameters())
    info.inputs.push_back(p->name());
  std::set<std::string> globalNames;
  for (const llvm::GlobalVariable *g : globalsNamedBy(callClosure(f)))
    if (!g->isConstant() || !g->hasInitializer())
      globalNames.insert(g->getName().str());
  info.inputs.insert(info.inputs.end(), globalNames.begin(), globalNames.end());
  info.summaryTerms = tree->effectNodes();
  for (const PcPair &p : tree->pairs())
    if (p.kind == LeafKind::Completed && info.opaqueEffect.empty())
      info.opaqueEffect = p.opaqueEffect;
  st.summaryTerms += info.summaryTerms;
  TermWriter terms;
  for (const MemoNode *n : tree->nodes()) {
    MemoTreeInfo::Node node;
    node.id = n->id;
    node.parent = n->parent ? n->parent->id : n->id;
    node.choice = n->choice;
    node.viaCalleeTree = n->viaCalleeTree;
    if (n->site) {
      SourceLocation loc = Executor::locationOf(instructionAt(n->site));
      node.file = loc.file;
      node.line = loc.line;
    }
    info.nodes.push_back(std::move(node));
    for (uint32_t k : n->pairs) {
      const PcPair &p = tree->pairs()[k];
      MemoTreeInfo::Pair pair;
      pair.node = n->id;
      pair.kind = leafKindName(p.kind);
      pair.pc = terms.text(p.pc);
      pair.errorKind = p.errorKind;
      pair.file = p.file;
      pair.line = p.line;
      pair.detail = p.detail;
      if (p.result)
        pair.result = terms.text(p.result);
      pair.opaqueEffect = p.opaqueEffect;
      for (const ByteWrite &w : p.writes)
        pair.writes.push_back(fmt::format(
            "{} +{} := {}",
            w.object == ByteWrite::kGlobal
                ? std::string("global")
                : fmt::format("object {}", w.object),
            w.object == ByteWrite::kGlobal
                ? fmt::format("{:#x}", w.offset)
                : std::to_string(w.offset),
            terms.text(w.value)));
      for (size_t j = 0; j < p.allocations.size(); ++j) {
        pair.writes.push_back(fmt::format("new block {}: {} bytes ({})", j,
                                          p.allocations[j].size,
                                          p.allocations[j].name));
        for (uint64_t k = 0; k < p.allocations[j].size; ++k)
          if (p.allocations[j].bytes[k])
            pair.writes.push_back(
                fmt::format("new block {} +{} := {}", j, k,
                            terms.text(p.allocations[j].bytes[k])));
      }
      for (const AddressWrite &w : p.addressWrites)
        pair.writes.push_back(fmt::format(
            "{} +{} := &new block {} +{}",
            w.inAllocation ? fmt::format("new block {}", w.object)
            : w.object == ByteWrite::kGlobal
                ? std::string("global")
                : fmt::format("object {}", w.object),
            w.object == ByteWrite::kGlobal && !w.inAllocation
                ? fmt::format("{:#x}", w.offset)
                : std::to_string(w.offset),
            w.target, w.delta));
      if (p.resultAddress)
        pair.result = fmt::format("&new block {} +{}", p.resultAddress->first,
                                  p.resultAddress->second);
      for (const HeapFact &h : p.heap)
        pair.heap.push_back(
            h.kind == HeapFact::Null
                ? fmt::format("{} = null", h.path)
                : fmt::format("{} = {} object {}", h.path,
                              h.kind == HeapFact::Fresh ? "new"
                                                                 : "alias of",
                              h.object));
      info.pairs.push_back(std::move(pair));
    }
  }
  size_t index = store_.trees.size();
  store_.trees.push_back(std::move(info));
  store_.add(f, std::move(tree), index);
}

} // namespace cosmo::summary
