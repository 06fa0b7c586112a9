//===- SummaryBuilder.cpp - memoization trees, bottom-up ------------------===//
//
// Seed 002 algorithm 1: the functions the entry reaches are visited callees
// first (frontend::bottomUpComponents), and each that branches is explored
// once in isolation: symbolic parameters (pointers lazily initialised, as
// for --entry), and every global it can read made of input bytes, so that
// the tree holds in any calling context. Its callees' trees guide the
// isolated run where they can. Recursive functions are explored the same
// way, their paths bounded by --summary-depth.
//
//===----------------------------------------------------------------------===//

#include "CallReplay.h"
#include "ExecutorImpl.h"

#include "cosmo/expr/Transform.h"
#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/solver/Pipeline.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Support/SHA256.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

namespace cosmo::engine {

namespace {

/// Bounds of one function's isolated run besides --summary-timeout (which
/// depends on the machine's load; these do not): a run that passes one
/// gives no tree, and the function is explored inline. The instructions
/// of a function worth summarising, the paths it keeps open (each holds
/// its own memory and path condition), and what that costs the process.
constexpr uint64_t kMaxIsolatedInstructions = 2'000'000;
constexpr size_t kMaxIsolatedStates = 1024;
constexpr uint64_t kMaxIsolatedGrowthMB = 1024;

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
  if (f.isVarArg())
    return "variadic";
  if (f.getReturnType()->isFPOrFPVectorTy() ||
      f.getReturnType()->isVectorTy())
    return "floating-point result";
  for (const llvm::Argument &a : f.args())
    if (a.hasByValAttr() || a.getType()->isFPOrFPVectorTy() ||
        a.getType()->isVectorTy())
      return "a parameter passed by value or of floating-point type";
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

void ExecutorImpl::buildSummaries() {
  std::vector<const llvm::Function *> order;
  // Formula summaries leave recursion to inlining (--max-recursion): an
  // isolated run of a recursive function ends in frontiers, and a summary
  // with a frontier is never composed.
  bool formulas = composesSummaries(opts_.calls);
  for (const frontend::CallGraphComponent &c :
       frontend::bottomUpComponents(module_, entry_))
    for (const llvm::Function *f : c.functions)
      if (whyNotSummarized(*f, entry_).empty() && !(formulas && c.recursive))
        order.push_back(f);
  for (const llvm::Function *f : order) {
    std::string why;
    if (stopping_ || interrupted_ || limitsReached(why))
      break;
    buildTree(*f);
  }
  // A fresh pipeline for the program: the isolated runs' constraints (over
  // their own variables) would only weigh on the incremental solver and the
  // caches. (One Z3 context per function would cost more than it saves.)
  // The old one goes first: two Z3 contexts at once would add tens of MB
  // to the run's peak memory.
  if (!order.empty()) {
    std::lock_guard<std::mutex> lock(solverSwap_);
    solver_.reset();
    solver_ = solver::createSolverPipeline(ctx_, opts_.solver, solverStats_);
  }
}

std::unique_ptr<ExecutionState>
ExecutorImpl::makeIsolatedState(const llvm::Function &f,
                                summary::MemoTree &tree) {
  auto s = std::make_unique<ExecutionState>();
  s->id = nextStateId_++;
  s->namePrefix = f.getName().str() + "~";
  s->constraints = solver::ConstraintSet(opts_.solver.independence);
  if (opts_.solver.modelReuse)
    s->model = std::make_shared<expr::Assignment>();
  initializeGlobals(*s);
  // What it can read of the globals is whatever the caller left there.
  for (const llvm::GlobalVariable *g : globalsNamedBy(callClosure(f))) {
    if (g->isConstant() && g->hasInitializer())
      continue;
    uint64_t base = globalAddress_.at(g);
    std::vector<ExprRef> bytes =
        fillWithInputBytes(*s, base, g->getName().str());
    for (size_t k = 0; k < bytes.size(); ++k)
      tree.globals().push_back({bytes[k], base + k});
  }
  // Its own objects go where no object of a calling context is.
  s->nextObjectIndex = std::max(s->nextObjectIndex, isolatedObjectIndex());
  StackFrame frame;
  frame.function = &f;
  frame.block = &f.getEntryBlock();
  frame.pc = frame.block->begin();
  frame.registers = registersFor(f);
  s->stack.push_back(std::move(frame));
  setUpEntryArguments(*s, f);
  for (const llvm::Argument &a : f.args()) {
    tree.parameters().push_back(s->frame().registers.find(&a)->toExpr(ctx_));
    if (!tree.parameters().back()->isConst())
      isolatedInputVars_.insert(tree.parameters().back());
  }
  s->treeNode = tree.root();
  return s;
}

bool ExecutorImpl::noteIsolatedRunOverTime() {
  if (opts_.summaryTimeoutSeconds <= 0 ||
      std::chrono::steady_clock::now() < buildDeadline_)
    return false;
  buildInvalid_ = fmt::format("its isolated run took more than {}s",
                              opts_.summaryTimeoutSeconds);
  return true;
}

bool ExecutorImpl::isolatedRunExhausted() {
  if (!buildInvalid_.empty() || noteIsolatedRunOverTime())
    return true;
  if (summary_.stats.instructions - buildInstructions_ >
           kMaxIsolatedInstructions)
    buildInvalid_ = fmt::format("its isolated run ran more than {} "
                                "instructions",
                                kMaxIsolatedInstructions);
  else if (states_.size() > kMaxIsolatedStates)
    buildInvalid_ = fmt::format("its isolated run had more than {} paths "
                                "open at once",
                                kMaxIsolatedStates);
  else if (++buildMemoryCheck_ % 64 == 0 &&
           currentRssKB() > buildRssKB_ + kMaxIsolatedGrowthMB * 1024)
    buildInvalid_ = fmt::format("its isolated run used more than {} MB",
                                kMaxIsolatedGrowthMB);
  return !buildInvalid_.empty();
}

bool ExecutorImpl::mayBeCallersAddress(const ExprRef &address) const {
  if (!building_)
    return false;
  std::vector<const expr::Expr *> work{address.get()};
  std::unordered_set<const expr::Expr *> seen;
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (!seen.insert(e).second)
      continue;
    auto constantOperand = [&] {
      for (unsigned k = 0; k < e->numChildren(); ++k)
        if (e->child(k)->isConst())
          return true;
      return false;
    };
    switch (e->kind()) {
    case expr::Kind::BVConst:
      continue;
    case expr::Kind::Add:
    case expr::Kind::Sub:
      for (unsigned k = 0; k < e->numChildren(); ++k)
        work.push_back(e->child(k));
      continue;
    case expr::Kind::Ite: // the condition chooses, the arms are addresses
      work.push_back(e->child(1));
      work.push_back(e->child(2));
      continue;
    case expr::Kind::Mul:
    case expr::Kind::Shl:
      if (constantOperand())
        continue; // an index scaled by an element size
      break;
    case expr::Kind::ZExt:
    case expr::Kind::SExt:
      if (e->child(0)->width() < pointerBits())
        continue; // a narrower index widened: never a whole address
      break;
    default:
      break;
    }
    for (const ExprRef &v : expr::freeVariables(ExprRef(e)))
      if (isolatedInputVars_.count(v))
        return true;
  }
  return false;
}

void ExecutorImpl::buildTree(const llvm::Function &f) {
  CompositionStats &st = summary_.stats.composition;
  auto tree = std::make_unique<summary::MemoTree>(
      f.getName().str(), irHashOf(f), opts_.summaryDepth);
  uint64_t queriesBefore = solverStats_.queries;
  uint64_t z3Before = solverStats_.z3.queries;
  auto began = std::chrono::steady_clock::now();

  // The isolated run has its own searcher and states; what it covers is
  // not the program's coverage.
  std::unique_ptr<Searcher> programSearcher = std::move(searcher_);
  StatePool programStates = std::move(states_);
  auto programCoverage = coveredBlocks_;
  searcher_ = createSearcher(SearchStrategy::DFS, opts_.seed,
                             [](const ExecutionState &) { return 0; });
  states_.clear(); // moved-from: made empty
  building_ = tree.get();
  buildInvalid_.clear();
  buildDeadline_ = began + std::chrono::duration_cast<
                               std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(
                                   opts_.summaryTimeoutSeconds));
  isolatedInputVars_.clear();
  buildInstructions_ = summary_.stats.instructions;
  buildRssKB_ = currentRssKB();
  try {
    std::unique_ptr<ExecutionState> initial = makeIsolatedState(f, *tree);
    searcher_->add(initial.get());
    states_.push_back(std::move(initial));
    explore(0);
  } catch (const Unsupported &u) {
    buildInvalid_ = u.reason;
  } catch (const std::bad_alloc &) {
    // The bounds above keep an isolated run well inside the machine; should
    // an allocation fail anyway, its states go with it and the function is
    // explored inline, where the run's own limits apply.
    buildInvalid_ = "its isolated run ran out of memory";
    parked_.clear();
  }
  if (buildInvalid_.empty() && !states_.empty())
    buildInvalid_ = "its isolated run was stopped";
  building_ = nullptr;
  states_ = std::move(programStates);
  added_.clear();
  searcher_ = std::move(programSearcher);
  coveredBlocks_ = std::move(programCoverage);

  st.initQueries += solverStats_.queries - queriesBefore;
  st.initSolverCalls += solverStats_.z3.queries - z3Before;
  st.initSeconds += std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - began)
                        .count();
  if (!buildInvalid_.empty() || tree->pairs().empty()) {
    ++st.functionsNotSummarized;
    ++st.notSummarizedBecause[buildInvalid_.empty()
                                  ? "no path of its isolated run ended"
                                  : buildInvalid_];
    return;
  }
  if (opts_.pruneToErrors)
    tree->pruneToErrors();
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
  for (const summary::PcPair &p : tree->pairs())
    if (p.kind == summary::LeafKind::Completed && info.opaqueEffect.empty())
      info.opaqueEffect = p.opaqueEffect;
  st.summaryTerms += info.summaryTerms;
  TermWriter terms;
  for (const summary::MemoNode *n : tree->nodes()) {
    MemoTreeInfo::Node node;
    node.id = n->id;
    node.parent = n->parent ? n->parent->id : n->id;
    node.choice = n->choice;
    node.viaCalleeTree = n->viaCalleeTree;
    if (n->site) {
      SourceLocation loc = locationOf(instructionAt(n->site));
      node.file = loc.file;
      node.line = loc.line;
    }
    info.nodes.push_back(std::move(node));
    for (uint32_t k : n->pairs) {
      const summary::PcPair &p = tree->pairs()[k];
      MemoTreeInfo::Pair pair;
      pair.node = n->id;
      pair.kind = summary::leafKindName(p.kind);
      pair.pc = terms.text(p.pc);
      pair.errorKind = p.errorKind;
      pair.file = p.file;
      pair.line = p.line;
      pair.detail = p.detail;
      if (p.result)
        pair.result = terms.text(p.result);
      pair.opaqueEffect = p.opaqueEffect;
      for (const summary::ByteWrite &w : p.writes)
        pair.writes.push_back(fmt::format(
            "{} +{} := {}",
            w.object == summary::ByteWrite::kGlobal
                ? std::string("global")
                : fmt::format("object {}", w.object),
            w.object == summary::ByteWrite::kGlobal
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
      for (const summary::AddressWrite &w : p.addressWrites)
        pair.writes.push_back(fmt::format(
            "{} +{} := &new block {} +{}",
            w.inAllocation ? fmt::format("new block {}", w.object)
            : w.object == summary::ByteWrite::kGlobal
                ? std::string("global")
                : fmt::format("object {}", w.object),
            w.object == summary::ByteWrite::kGlobal && !w.inAllocation
                ? fmt::format("{:#x}", w.offset)
                : std::to_string(w.offset),
            w.target, w.delta));
      if (p.resultAddress)
        pair.result = fmt::format("&new block {} +{}", p.resultAddress->first,
                                  p.resultAddress->second);
      for (const summary::HeapFact &h : p.heap)
        pair.heap.push_back(
            h.kind == summary::HeapFact::Null
                ? fmt::format("{} = null", h.path)
                : fmt::format("{} = {} object {}", h.path,
                              h.kind == summary::HeapFact::Fresh ? "new"
                                                                 : "alias of",
                              h.object));
      info.pairs.push_back(std::move(pair));
    }
  }
  treeInfo_[tree.get()] = summary_.trees.size();
  summary_.trees.push_back(std::move(info));
  trees_[&f] = std::move(tree);
}

} // namespace cosmo::engine
