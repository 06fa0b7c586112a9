//===- Executor.cpp - the exploration loop, forking and path endings -----===//

#include "ExecutorImpl.h"

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/solver/Pipeline.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>

#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

namespace cosmo::engine {

//===--- Public facade ----------------------------------------------------===//

Executor::Executor(llvm::Module &m, EngineOptions o, RunListener &l)
    : impl_(std::make_unique<ExecutorImpl>(m, std::move(o), l)) {}
Executor::~Executor() = default;
llvm::Error Executor::prepare() { return impl_->prepare(); }
std::optional<EntrySignature> Executor::entrySignature() const {
  return impl_->entrySignature();
}
DataModel Executor::dataModel() const { return impl_->dataModel(); }
std::vector<ExternalFunction> externalFunctionsOf(const llvm::Module &m) {
  return ExecutorImpl::externalFunctions(m);
}
RunSummary Executor::run() { return impl_->run(); }
void Executor::interrupt() { impl_->interrupt(); }
void Executor::interruptSolver() { impl_->interruptSolver(); }

//===--- Set-up -----------------------------------------------------------===//

ExecutorImpl::ExecutorImpl(llvm::Module &m, EngineOptions opts,
                           RunListener &listener)
    : module_(m), opts_(std::move(opts)), listener_(listener),
      layout_(&m), addresses_(layout_.getPointerSizeInBits()) {
  [[maybe_unused]] std::optional<std::string> bad = opts_.resolve();
  assert(!bad && "options the command line would refuse");
  solver_ = solver::createSolverPipeline(ctx_, opts_.solver, solverStats_);
}

ExecutorImpl::~ExecutorImpl() = default;

static llvm::Error usageError(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

llvm::Error ExecutorImpl::prepare() {
  unsigned bits = layout_.getPointerSizeInBits();
  if (bits != 32 && bits != 64)
    return usageError(fmt::format(
        "the module has {}-bit pointers; cosmo analyses 32-bit (ILP32) and "
        "64-bit (LP64) programs",
        bits));
  if (layout_.getIndexSizeInBits(0) != bits)
    return usageError(fmt::format(
        "the module's address computations use {}-bit indices for {}-bit "
        "pointers, which cosmo does not support",
        layout_.getIndexSizeInBits(0), bits));
  entry_ = module_.getFunction(opts_.entry);
  if (!entry_ || entry_->isDeclaration()) {
    std::vector<std::string> names;
    for (const llvm::Function &f : module_)
      if (!f.isDeclaration() && !frontend::isModelFunction(f))
        names.push_back(f.getName().str());
    std::string list;
    for (size_t i = 0; i < names.size() && i < 10; ++i)
      list += (i ? ", " : "") + names[i];
    return usageError(fmt::format(
        "entry function '{}' is not defined in the program{}", opts_.entry,
        names.empty() ? "" : " (defined: " + list + ")"));
  }
  if (entry_->isVarArg())
    return usageError("entry function '" + opts_.entry + "' is variadic");
  return llvm::Error::success();
}

std::vector<ExternalFunction>
ExecutorImpl::externalFunctions(const llvm::Module &m) {
  std::map<std::string, ExternalFunction> found;
  for (const llvm::Function &f : m) {
    if (!f.isDeclaration() || f.isIntrinsic() || isPrimitive(f.getName()))
      continue;
    for (const llvm::User *u : f.users()) {
      const auto *call = llvm::dyn_cast<llvm::CallBase>(u);
      if (!call)
        continue;
      std::string name = f.getName().str();
      if (!found.count(name))
        found[name] = ExternalFunction{name, locationOf(call)};
      else if (found[name].firstCall.line == 0)
        found[name].firstCall = locationOf(call);
    }
    if (f.getNumUses() > 0 && !found.count(f.getName().str()))
      found[f.getName().str()] = ExternalFunction{f.getName().str(), {}};
  }
  std::vector<ExternalFunction> list;
  for (auto &[name, e] : found)
    list.push_back(std::move(e));
  return list;
}

std::unique_ptr<ExecutionState> ExecutorImpl::makeInitialState() {
  auto s = std::make_unique<ExecutionState>();
  s->id = nextStateId_++;
  s->constraints = solver::ConstraintSet(opts_.solver.independence);
  if (opts_.solver.modelReuse)
    s->model = std::make_shared<expr::Assignment>(); // all zero: models true
  initializeGlobals(*s);
  StackFrame f;
  f.function = entry_;
  f.block = &entry_->getEntryBlock();
  f.pc = f.block->begin();
  f.registers = registersFor(*entry_);
  s->stack.push_back(std::move(f));
  setUpEntryArguments(*s, *entry_);
  coveredBlocks_.insert(&entry_->getEntryBlock());
  return s;
}

//===--- The loop ---------------------------------------------------------===//

uint64_t ExecutorImpl::currentRssKB() const {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) / 1024);
}

bool ExecutorImpl::overMemoryLimit() const {
  return opts_.maxMemoryMB > 0 && currentRssKB() / 1024 >= opts_.maxMemoryMB;
}

void ExecutorImpl::dropStatesForMemory() {
  // Every other state, the newest first in pool order, ends cut: half the
  // states go, and the search goes on with the others (KLEE drops states
  // at its memory cap the same way). Freed memory is handed back to the
  // system so that the resident size reflects it.
  std::string reason = fmt::format(
      "memory limit of {} MB reached: states were dropped", opts_.maxMemoryMB);
  std::vector<ExecutionState *> victims;
  bool take = false;
  for (auto &st : states_) {
    if (!st->terminated && !st->atMergePoint && take)
      victims.push_back(st.get());
    take = !take;
  }
  for (ExecutionState *v : victims) {
    terminateCut(*v, reason);
    searcher_->remove(v);
    states_.erase(v);
  }
  summary_.stats.statesDropped += victims.size();
  malloc_trim(0);
}

bool ExecutorImpl::limitsReached(std::string &why) {
  if (interrupted_) {
    why = "interrupted";
    return true;
  }
  double elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start_)
                       .count();
  if (opts_.timeoutSeconds > 0 && elapsed >= opts_.timeoutSeconds) {
    why = fmt::format("time limit of {}s reached", opts_.timeoutSeconds);
    return true;
  }
  // With more states, explore() drops some instead (one read of the
  // resident size per check either way).
  if (states_.size() <= 1 && overMemoryLimit()) {
    why = fmt::format("memory limit of {} MB reached", opts_.maxMemoryMB);
    return true;
  }
  if (opts_.maxPaths > 0 && summary_.stats.pathsCompleted +
                                    summary_.stats.pathsErrored >=
                                opts_.maxPaths) {
    why = fmt::format("path limit of {} reached", opts_.maxPaths);
    return true;
  }
  return false;
}

RunSummary ExecutorImpl::run() {
  start_ = std::chrono::steady_clock::now();
  searcher_ = createSearcher(opts_.search, opts_.seed,
                             [this](const ExecutionState &s) {
                               return !ranBlocks_.count(s.stack.back().block);
                             });
  summary_.stats.calls = callStrategyName(opts_.calls);
  summary_.stats.merge = mergeStrategyName(opts_.mergeStrategy());
  if (opts_.calls != CallStrategy::Inline)
    buildSummaries();
  std::unique_ptr<ExecutionState> initial;
  try {
    initial = makeInitialState();
  } catch (const Unsupported &u) {
    noteUnknown(u.reason);
    summary_.verdict = Verdict::Unknown;
    summary_.reason = u.reason;
    return summary_;
  }
  ExecutionState *first = initial.get();
  states_.push_back(std::move(initial));
  searcher_->add(first);

  uint64_t blocksTotal = 0;
  for (const llvm::Function &f : module_)
    if (!f.isDeclaration() && !frontend::isModelFunction(f))
      blocksTotal += f.size();
  explore(blocksTotal);
  finishRun(blocksTotal);
  return summary_;
}

void ExecutorImpl::explore(uint64_t blocksTotal) {
  auto lastProgress = std::chrono::steady_clock::now();
  uint64_t sinceCheck = 0;
  while (!searcher_->empty() || !parked_.empty()) {
    if (targetReached_) {
      cutAll("--target=errors: the run stops at the first error");
      break;
    }
    if (pathLimitReached()) {
      cutAll(fmt::format("path limit of {} reached", opts_.maxPaths));
      break;
    }
    if (++sinceCheck >= 64 || stopping_) {
      sinceCheck = 0;
      std::string why;
      if (limitsReached(why)) {
        cutAll(why);
        break;
      }
      if (states_.size() > 1 && overMemoryLimit())
        dropStatesForMemory();
      auto now = std::chrono::steady_clock::now();
      if (now - lastProgress >= std::chrono::milliseconds(250)) {
        lastProgress = now;
        listener_.onProgress(progress(blocksTotal));
      }
    }
    if (shouldReleaseParked()) {
      releaseParked();
      continue;
    }
    ++exploreSteps_;
    ExecutionState *s = searcher_->select();
    // A state that waits keeps no flat copy of its path condition (memory
    // per waiting state stays O(1) in the path's length).
    if (warm_ && warm_ != s && states_.contains(warm_))
      warm_->constraints.releaseList();
    warm_ = s;
    stepping_ = s;
    ranBlocks_.insert(s->stack.back().block);
    stepState(*s);
    stepping_ = nullptr;
    // Register states forked during the step, then drop ended ones: only
    // the state that ran and its forks can have ended in this step.
    for (ExecutionState *n : added_)
      searcher_->forked(s, n);
    if (!s->terminated)
      searcher_->stepped(s);
    s->forkedThisStep = false;
    if (s->atMergePoint && !s->terminated)
      park(*s);
    summary_.stats.peakStates =
        std::max<uint64_t>(summary_.stats.peakStates, states_.size());
    added_.push_back(s);
    for (ExecutionState *n : added_)
      if (n->terminated) {
        searcher_->remove(n);
        states_.erase(n);
      }
    added_.clear();
    if (building_ && buildInvalid_.empty())
      noteIsolatedRunOverTime();
    if (building_ && !buildInvalid_.empty())
      break; // the tree will not be used: stop its run
  }
  parked_.clear(); // cut with the others, or dropped with the isolated run
}

void ExecutorImpl::finishRun(uint64_t blocksTotal) {
  summary_.externals = externalFunctions(module_);
  RunStats &st = summary_.stats;
  st.solverOptions = opts_.solver.str();
  st.solver = solverStats_;
  st.wallSeconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start_)
                       .count();
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  st.peakMemoryKB = static_cast<uint64_t>(ru.ru_maxrss);
  st.basicBlocksTotal = blocksTotal;
  st.basicBlocksCovered = programBlocksCovered();
  summary_.coverage = lineCoverage();

  if (!summary_.errors.empty()) {
    summary_.verdict = Verdict::False;
    summary_.reason = fmt::format("{} error{} found", summary_.errors.size(),
                                  summary_.errors.size() == 1 ? "" : "s");
  } else if (!summary_.unknownReasons.empty()) {
    summary_.verdict = Verdict::Unknown;
    summary_.reason = summary_.unknownReasons.front();
    if (summary_.unknownReasons.size() > 1)
      summary_.reason += fmt::format(" (and {} more reason{})",
                                     summary_.unknownReasons.size() - 1,
                                     summary_.unknownReasons.size() > 2 ? "s"
                                                                        : "");
  } else {
    summary_.verdict = Verdict::True;
    summary_.reason = fmt::format(
        "all {} paths explored to their end, no error reachable",
        st.pathsCompleted);
  }
}

void ExecutorImpl::stepState(ExecutionState &s) {
  // Run until the state ends or forks, so searchers see every fork.
  while (!s.terminated && !s.forkedThisStep && !s.atMergePoint) {
    if (opts_.maxInstructionsPerPath &&
        s.instructions >= opts_.maxInstructionsPerPath) {
      terminateCut(s, fmt::format("instruction limit of {} per path reached",
                                  opts_.maxInstructionsPerPath));
      return;
    }
    const llvm::Instruction &i = *s.frame().pc;
    ++s.frame().pc;
    ++s.instructions;
    ++summary_.stats.instructions;
    try {
      if (!tryConcreteStep(s, i))
        executeInstruction(s, i);
    } catch (const Unsupported &u) {
      // Only the states still at this instruction are cut; forks made by
      // the handler before it gave up were already registered.
      if (!s.terminated)
        terminateCut(s, u.reason);
    }
    if ((summary_.stats.instructions & 0xffff) == 0) {
      std::string why;
      if (limitsReached(why)) {
        stopping_ = true; // the loop in run() ends the exploration
        return;
      }
    }
    // The clock more often (instructions over large terms are slow), and
    // an isolated run's own bounds.
    if ((summary_.stats.instructions & 0x3ff) == 0) {
      if (interrupted_ || timeLimitPassed()) {
        stopping_ = true;
        return;
      }
      if (building_ && isolatedRunExhausted())
        return; // explore() ends the isolated run
    }
  }
}

void ExecutorImpl::cutAll(const std::string &reason) {
  for (auto &s : states_)
    if (!s->terminated)
      terminateCut(*s, reason);
}

//===--- Forking ----------------------------------------------------------===//

void ExecutorImpl::addConstraint(ExecutionState &s, const ExprRef &c,
                                 const solver::Model &model) {
  // A constraint the guiding tree did not decide narrows the path below
  // what the tree's marking assumed: the solver takes over.
  if (s.guide && !guidedAdd_)
    dropGuide(s);
  s.constraints.add(c);
  if (opts_.solver.modelReuse) {
    assert(model && "model reuse needs a model of every new path condition");
    s.model = model;
  }
}

ExecutionState &ExecutorImpl::clone(ExecutionState &s) {
  auto copy = std::make_unique<ExecutionState>(s);
  copy->id = nextStateId_++;
  copy->ptreeNode = nullptr;
  copy->forkedThisStep = false;
  ExecutionState &ref = *copy;
  states_.push_back(std::move(copy));
  added_.push_back(&ref);
  s.forkedThisStep = true;
  ++summary_.stats.statesForked;
  return ref;
}

Split ExecutorImpl::split(ExecutionState &s, const ExprRef &cond,
                          bool isBranch) {
  if (cond->isTrue())
    return {&s, nullptr};
  if (cond->isFalse())
    return {nullptr, &s};
  // With model reuse the state's model answers one of the two queries, and
  // each side keeps a model of its path condition.
  bool keepModels = opts_.solver.modelReuse;
  solver::SolverResult t = ask(s, cond, keepModels);
  if (t.isUnknown()) {
    terminateCut(s, "solver could not decide a branch: " + t.reason);
    return {};
  }
  if (t.isUnsat())
    return {nullptr, &s};
  ExprRef notCond = ctx_.notE(cond);
  solver::SolverResult f = ask(s, notCond, keepModels);
  if (f.isUnknown()) {
    terminateCut(s, "solver could not decide a branch: " + f.reason);
    return {};
  }
  if (f.isUnsat())
    return {&s, nullptr};
  // Both sides feasible.
  if (isBranch)
    ++s.symbolicBranches;
  if (isBranch && opts_.maxDepth && s.symbolicBranches > opts_.maxDepth) {
    terminateCut(s, fmt::format("depth limit of {} symbolic branches reached",
                                opts_.maxDepth));
    return {};
  }
  ExecutionState &other = clone(s);
  addConstraint(s, cond, t.model);
  addConstraint(other, notCond, f.model);
  return {&s, &other};
}

void ExecutorImpl::assume(ExecutionState &s, const ExprRef &cond) {
  // An isolated run notes the inputs an assume leaves out (a tree whose
  // paths do not cover its inputs), and a guided replay keeps its guide
  // only while the tree decides: both need to know which sides hold.
  if (building_ || s.guide) {
    Split sp = split(s, cond);
    if (sp.onFalse)
      terminateInfeasible(*sp.onFalse);
    return;
  }
  if (cond->isTrue())
    return;
  if (cond->isFalse()) {
    terminateInfeasible(s);
    return;
  }
  solver::SolverResult r = ask(s, cond, opts_.solver.modelReuse);
  if (r.isUnknown())
    terminateCut(s, "solver could not decide an assumption: " + r.reason);
  else if (r.isUnsat())
    terminateInfeasible(s);
  else
    addConstraint(s, cond, r.model);
}

ExecutionState *ExecutorImpl::checkError(ExecutionState &s,
                                         const ExprRef &errorCond,
                                         ErrorKind kind,
                                         const std::string &message) {
  // Which check this is: an isolated run records it with the error's
  // pair, and a replay guided by that tree meets the same check again.
  CheckId check{currentInstruction(s),
                s.checkAt == s.instructions ? s.checkOrdinal + 1 : 0};
  s.checkAt = s.instructions;
  s.checkOrdinal = check.ordinal;
  auto fail = [&](ExecutionState &bad) {
    failingCheck_ = check;
    terminateError(bad, kind, message);
    failingCheck_.reset();
  };
  auto passed = [&](ExecutionState *good) {
    if (good && good->guide)
      good->guide->checksPassed.push_back(check);
    return good;
  };
  if (errorCond->isFalse())
    return passed(&s);
  // A tree that guides the path knows which sides lead to live pairs: no
  // query. With model reuse a fork needs models of both sides: the solver
  // splits, and the guide stays (each live pair below takes one side).
  std::optional<CheckSides> guided;
  if (s.guide && !errorCond->isTrue())
    guided = guidedCheck(s, check, kind);
  if (guided) {
    if (!guided->error)
      return passed(&s);
    if (!guided->good) {
      fail(s);
      return nullptr;
    }
    if (!opts_.solver.modelReuse) {
      ExecutionState &bad = clone(s);
      guidedAdd_ = true;
      addConstraint(bad, errorCond, nullptr);
      addConstraint(s, ctx_.notE(errorCond), nullptr);
      guidedAdd_ = false;
      fail(bad);
      return passed(&s);
    }
  }
  guidedAdd_ = guided.has_value();
  Split sp = split(s, errorCond, /*isBranch=*/false);
  guidedAdd_ = false;
  ExecutionState *good = sp.onFalse;
  if (sp.onTrue) {
    // The error state is the one that stops; keep `s` for the good side.
    if (sp.onTrue == &s && sp.onFalse) {
      // The two differ only in their last constraint (and its model).
      std::swap(s.constraints, sp.onFalse->constraints);
      std::swap(s.model, sp.onFalse->model);
      fail(*sp.onFalse);
      good = &s;
    } else {
      fail(*sp.onTrue);
    }
  }
  return passed(good);
}

solver::SolverResult ExecutorImpl::ask(ExecutionState &s, const ExprRef &cond,
                                       bool wantModel) {
  unsigned limit = opts_.solver.timeoutMs;
  // Queries answered above Z3 can be slow too, and one instruction may ask
  // many (a symbolic pointer's candidates): an interrupted or timed-out run
  // stops asking at once, which cuts the path.
  if (interrupted_)
    return {solver::Validity::Unknown, nullptr, "interrupted", {}};
  if (opts_.timeoutSeconds > 0) {
    double left = opts_.timeoutSeconds -
                  std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
    if (left <= 0)
      return {solver::Validity::Unknown, nullptr,
              fmt::format("time limit of {}s reached", opts_.timeoutSeconds),
              {}};
    auto ms = static_cast<unsigned>(std::max(1.0, left * 1000));
    limit = limit ? std::min(limit, ms) : ms;
  }
  if (building_ && opts_.summaryTimeoutSeconds > 0) {
    double left = std::chrono::duration<double>(
                      buildDeadline_ - std::chrono::steady_clock::now())
                      .count();
    if (left <= 0) {
      if (buildInvalid_.empty())
        buildInvalid_ = fmt::format("its isolated run took more than {}s",
                                    opts_.summaryTimeoutSeconds);
      return {solver::Validity::Unknown, nullptr, buildInvalid_, {}};
    }
    auto ms = static_cast<unsigned>(std::max(1.0, left * 1000));
    limit = limit ? std::min(limit, ms) : ms;
  }
  solver_->setTimeoutMs(limit);
  // s.model is null without model reuse.
  return solver_->check(
      solver::Query::onPath(s.constraints, cond, s.model, wantModel));
}

solver::SolverResult ExecutorImpl::pathModel(ExecutionState &s) {
  // With model reuse the state keeps a model of its path condition: no
  // query, and nothing a deadline can take away.
  if (s.model)
    return solver::SolverResult::sat(s.model);
  if (interrupted_)
    return {solver::Validity::Unknown, nullptr, "interrupted", {}};
  // The path is feasible (every constraint was added after the solver said
  // it can hold), so a model exists: a path that reached its end just as
  // the run's time ran out still gets one, within a short grace period.
  unsigned limit = opts_.solver.timeoutMs;
  if (opts_.timeoutSeconds > 0) {
    double left = opts_.timeoutSeconds -
                  std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
    auto ms = static_cast<unsigned>(
        std::max(static_cast<double>(kPathModelGraceMs), left * 1000));
    limit = limit ? std::min(limit, ms) : ms;
  }
  solver_->setTimeoutMs(limit);
  return solver_->check(
      solver::Query::onPath(s.constraints, nullptr, s.model, true));
}

std::optional<uint64_t> ExecutorImpl::concreteValue(ExecutionState &s,
                                                    const ExprRef &e) {
  if (e->kind() == expr::Kind::BVConst)
    return e->bvValue().getZExtValue();
  solver::SolverResult r = ask(s, nullptr, /*wantModel=*/true);
  if (!r.isSat())
    return std::nullopt;
  auto v = expr::evaluate(e, *r.model);
  if (!v)
    return std::nullopt;
  return v->bits.getZExtValue();
}

//===--- Path endings -----------------------------------------------------===//

uint64_t ExecutorImpl::programBlocksCovered() const {
  uint64_t n = 0;
  for (const llvm::BasicBlock *b : coveredBlocks_)
    if (!frontend::isModelFunction(*b->getParent()))
      ++n;
  return n;
}

Progress ExecutorImpl::progress(uint64_t blocksTotal) const {
  const RunStats &st = summary_.stats;
  Progress p;
  p.pathsDone = st.pathsCompleted + st.pathsErrored + st.pathsCut;
  p.errors = summary_.errors.size();
  p.statesPending = states_.size();
  p.blocksCovered = programBlocksCovered();
  p.blocksTotal = blocksTotal;
  p.solverQueries = solverStats_.queries;
  p.elapsedSeconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start_)
                         .count();
  p.timeLimitSeconds = opts_.timeoutSeconds;
  return p;
}

std::vector<FileCoverage> ExecutorImpl::lineCoverage() const {
  // A line is covered when a block holding one of its instructions was
  // entered by some path.
  std::map<std::string, std::pair<std::set<unsigned>, std::set<unsigned>>>
      files;
  for (const llvm::Function &f : module_) {
    if (f.isDeclaration() || frontend::isModelFunction(f))
      continue;
    for (const llvm::BasicBlock &b : f) {
      bool covered = coveredBlocks_.count(&b) != 0;
      for (const llvm::Instruction &i : b) {
        if (!i.getDebugLoc() || i.getDebugLoc().getLine() == 0)
          continue;
        SourceLocation loc = locationOf(&i);
        auto &[lines, hit] = files[loc.file];
        lines.insert(loc.line);
        if (covered)
          hit.insert(loc.line);
      }
    }
  }
  std::vector<FileCoverage> out;
  for (auto &[file, sets] : files)
    out.push_back(FileCoverage{
        file, std::vector<unsigned>(sets.first.begin(), sets.first.end()),
        std::vector<unsigned>(sets.second.begin(), sets.second.end())});
  return out;
}

SourceLocation ExecutorImpl::locationOf(const llvm::Instruction *i) {
  SourceLocation loc;
  if (!i)
    return loc;
  loc.function = i->getFunction()->getName().str();
  if (const llvm::DebugLoc &dl = i->getDebugLoc()) {
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    if (auto *scope = llvm::dyn_cast<llvm::DIScope>(dl.getScope()))
      loc.file = scope->getFilename().str();
  }
  if (loc.file.empty())
    if (const llvm::DISubprogram *sp = i->getFunction()->getSubprogram())
      loc.file = sp->getFilename().str();
  return loc;
}

// Where frame k of `s` stands: the instruction just executed in the
// innermost frame, the call of the frame above in the others.
static const llvm::Instruction *positionOf(const ExecutionState &s,
                                           size_t k) {
  const StackFrame &f = s.stack[k];
  if (k + 1 == s.stack.size())
    return f.pc == f.block->begin() ? &*f.pc : &*std::prev(f.pc);
  return s.stack[k + 1].callSite;
}

const llvm::Instruction *
ExecutorImpl::currentInstruction(const ExecutionState &s) const {
  return positionOf(s, s.stack.size() - 1);
}

std::vector<SourceLocation>
ExecutorImpl::stackOf(const ExecutionState &s) const {
  std::vector<SourceLocation> out;
  for (size_t k = s.stack.size(); k-- > 0;)
    // Errors inside libc models belong to the program's call.
    if (!frontend::isModelFunction(*s.stack[k].function))
      out.push_back(locationOf(positionOf(s, k)));
  return out;
}

SourceLocation ExecutorImpl::programLocation(const ExecutionState &s) const {
  for (size_t k = s.stack.size(); k-- > 0;)
    if (!frontend::isModelFunction(*s.stack[k].function))
      return locationOf(positionOf(s, k));
  return {};
}

static std::vector<uint8_t> bytesOf(const llvm::APInt &value, unsigned nbytes) {
  llvm::APInt v = value.zextOrTrunc(nbytes * 8);
  std::vector<uint8_t> out(nbytes);
  for (unsigned i = 0; i < nbytes; ++i)
    out[i] = static_cast<uint8_t>(v.extractBitsAsZExtValue(8, 8 * i));
  return out;
}

TestVector ExecutorImpl::makeTest(ExecutionState &s, const std::string &outcome,
                                  const expr::Assignment &model) {
  TestVector t;
  t.outcome = outcome;
  for (const InputRecord &in : s.inputs) {
    TestInput ti;
    ti.name = in.name;
    ti.source = in.source;
    ti.function = in.function;
    ti.location = in.location;
    if (in.var) {
      auto v = expr::evaluate(in.var, model);
      if (in.var->sort().isBool())
        ti.bytes = {static_cast<uint8_t>(v && v->boolValue ? 1 : 0)};
      else
        ti.bytes = bytesOf(v->bits, static_cast<unsigned>(in.size));
    } else {
      for (const ExprRef &b : in.byteVars) {
        auto v = expr::evaluate(b, model);
        ti.bytes.push_back(static_cast<uint8_t>(v->bits.getZExtValue()));
      }
    }
    t.inputs.push_back(std::move(ti));
  }
  for (const auto &[ptr, lp] : s.lazyPointers) {
    if (!lp.target || lp.holder.empty())
      continue;
    std::string target;
    if (*lp.target != 0)
      if (const memory::ObjectEntry *e = s.memory.findByBase(*lp.target))
        target = e->object->name;
    t.pointers.push_back(InputPointer{lp.holder, lp.holderOffset, target});
  }
  return t;
}

void ExecutorImpl::noteUnknown(const std::string &reason) {
  for (const std::string &r : summary_.unknownReasons)
    if (r == reason)
      return;
  summary_.unknownReasons.push_back(reason);
}

bool ExecutorImpl::pathLimitReached() const {
  return opts_.maxPaths > 0 &&
         summary_.stats.pathsCompleted + summary_.stats.pathsErrored >=
             opts_.maxPaths;
}

bool ExecutorImpl::timeLimitPassed() const {
  return opts_.timeoutSeconds > 0 &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start_)
                 .count() >= opts_.timeoutSeconds;
}

void ExecutorImpl::terminateCompleted(ExecutionState &s,
                                      std::optional<ExprRef> returned) {
  if (building_) {
    s.terminated = true;
    recordLeaf(s, summary::LeafKind::Completed, "", "", returned);
    return;
  }
  if (pathLimitReached()) {
    // Paths ending in the same step as the one that reached the limit.
    terminateCut(s, fmt::format("path limit of {} reached", opts_.maxPaths));
    return;
  }
  s.terminated = true;
  ++summary_.stats.pathsCompleted;
  solver::SolverResult r = pathModel(s);
  if (!r.isSat()) {
    // Cannot happen for a feasible path unless the solver gave up.
    noteUnknown("solver could not produce a test for a completed path");
    return;
  }
  listener_.onCompletedPath(makeTest(s, "completed", *r.model));
}

void ExecutorImpl::terminateError(ExecutionState &s, ErrorKind kind,
                                  const std::string &message,
                                  std::vector<SourceLocation> stack,
                                  solver::Model model) {
  if (building_) {
    s.terminated = true;
    recordLeaf(s, summary::LeafKind::Error, errorKindName(kind), message,
               std::nullopt, stack);
    return;
  }
  if (pathLimitReached()) {
    terminateCut(s, fmt::format("path limit of {} reached", opts_.maxPaths));
    return;
  }
  s.terminated = true;
  ++summary_.stats.pathsErrored;
  if (stack.empty())
    stack = stackOf(s);
  SourceLocation loc = stack.empty() ? SourceLocation{} : stack.front();
  if (!reportedErrors_
           .insert({static_cast<int>(kind), loc.file, loc.line})
           .second)
    return; // the same error at the same place was reported already
  if (!model) {
    solver::SolverResult r = pathModel(s);
    if (!r.isSat()) {
      // An error we cannot demonstrate is not reported as one.
      reportedErrors_.erase({static_cast<int>(kind), loc.file, loc.line});
      noteUnknown(fmt::format(
          "solver could not confirm a possible {} at {}:{}",
          errorKindName(kind), loc.file, loc.line));
      return;
    }
    model = r.model;
  }
  ErrorReport e;
  e.kind = kind;
  e.location = loc;
  e.message = message;
  e.stack = std::move(stack);
  e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start_)
                  .count();
  e.test = makeTest(s, "error", *model);
  e.test.errorKind = kind;
  e.test.errorLocation = loc;
  summary_.errors.push_back(e);
  listener_.onError(e);
  if (opts_.target == Target::Errors)
    targetReached_ = true;
}

void ExecutorImpl::terminateCut(ExecutionState &s, const std::string &reason) {
  s.terminated = true;
  if (building_) {
    recordLeaf(s, summary::LeafKind::Frontier, "", reason);
    return;
  }
  ++summary_.stats.pathsCut;
  // A query cut short by the run's time limit is the time limit's doing.
  noteUnknown(timeLimitPassed()
                  ? fmt::format("time limit of {}s reached",
                                opts_.timeoutSeconds)
                  : reason);
}

void ExecutorImpl::terminateInfeasible(ExecutionState &s) {
  s.terminated = true;
  if (building_)
    building_->noteVanishedPath();
}

} // namespace cosmo::engine
