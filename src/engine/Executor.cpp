//===- Executor.cpp - set-up and forking ----------------------------------===//
//
// How paths end (coverage, tests, errors, cuts) is PathEnds.cpp's.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"

#include "VariableRoots.h"
#include "cosmo/engine/Hooks.h"
#include "cosmo/expr/Assignment.h"
#include "cosmo/frontend/AssertionReach.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/solver/Pipeline.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>

namespace cosmo::engine {

std::vector<ExternalFunction> externalFunctionsOf(const llvm::Module &m) {
  return Executor::externalFunctions(m);
}

//===--- Set-up -----------------------------------------------------------===//

Executor::Executor(llvm::Module &m, EngineOptions opts,
                           RunListener &listener)
    : module_(m), opts_(std::move(opts)), listener_(listener),
      layout_(&m), addresses_(layout_.getPointerSizeInBits()) {}

Executor::~Executor() = default;

static llvm::Error usageError(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

llvm::Error Executor::prepare() {
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
  if (opts_.globalsAsInputs)
    globalInputs_ = globalInputsOf(*entry_);
  if (opts_.endPathsPastAssertions)
    assertionReach_ = std::make_unique<frontend::AssertionReach>(module_);
  return llvm::Error::success();
}

bool Executor::assertionAhead(const ExecutionState &s,
                              const llvm::BasicBlock &b) const {
  if (assertionReach_->fromBlock(b))
    return true;
  // A frame no call made (a handler's) returns to no block cosmo knows.
  for (size_t k = s.stack.size(); k-- > 1;)
    if (!s.stack[k].callSite || assertionReach_->afterCall(*s.stack[k].callSite))
      return true;
  return false;
}

std::vector<ExternalFunction>
Executor::externalFunctions(const llvm::Module &m) {
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

std::unique_ptr<ExecutionState>
Executor::makeStateAt(const llvm::Function &f, std::string namePrefix,
                      bool isolated) {
  auto s = std::make_unique<ExecutionState>();
  s->id = nextStateId_++;
  s->namePrefix = std::move(namePrefix);
  s->constraints = solver::ConstraintSet(opts_.solver.independence);
  if (opts_.solver.modelReuse)
    s->model = std::make_shared<expr::Assignment>(); // all zero: models true
  initializeGlobals(*s);
  StackFrame frame;
  frame.function = &f;
  frame.block = &f.getEntryBlock();
  frame.pc = frame.block->begin();
  frame.registers = registersFor(f);
  s->stack.push_back(std::move(frame));
  if (isolated)
    s->nextObjectIndex = std::max(s->nextObjectIndex, isolatedObjectIndex());
  return s;
}

std::unique_ptr<ExecutionState> Executor::makeInitialState() {
  std::unique_ptr<ExecutionState> s = makeStateAt(*entry_);
  setUpEntryArguments(*s, *entry_, shapesInputs());
  if (opts_.globalsAsInputs)
    makeGlobalsInputs(*s);
  if (run_->covered.insert(&entry_->getEntryBlock()))
    claimCoverage(*s);
  return s;
}

ExecutionState &Executor::addState(std::unique_ptr<ExecutionState> s) {
  ExecutionState &ref = *s;
  run_->states.push_back(std::move(s));
  run_->searcher->add(&ref);
  return ref;
}

void Executor::replaceSolver() {
  // The old one goes now, its successor at the next query: two Z3 contexts
  // at once would add tens of MB to the run's peak memory.
  std::lock_guard<std::mutex> lock(solverSwap_);
  solver_.reset();
}

solver::Solver &Executor::solver() {
  // Made at the first query: a run that asks none (one reused from the
  // store, one whose paths are all concrete) never pays for Z3's contexts.
  // Only this thread replaces solver_, so reading it needs no lock; making
  // it does (interruptSolver reads it from another thread).
  if (!solver_) {
    std::lock_guard<std::mutex> lock(solverSwap_);
    solver_ = solver::createSolverPipeline(ctx_, opts_.solver, solverStats_);
  }
  return *solver_;
}

//===--- Forking ----------------------------------------------------------===//

void Executor::addConstraint(ExecutionState &s, const ExprRef &c,
                                 const solver::Model &model, bool decided) {
  if (!decided)
    for (ExecutionHooks *h : run_->hooks)
      h->onConstraint(s);
  s.constraints.add(c);
  if (opts_.solver.modelReuse) {
    assert(model && "model reuse needs a model of every new path condition");
    s.model = model;
  }
}

std::unique_ptr<ExecutionState>
Executor::copyState(const ExecutionState &s) {
  auto copy = std::make_unique<ExecutionState>(s);
  copy->id = nextStateId_++;
  copy->ptreeNode = nullptr;
  copy->forkedThisStep = false;
  copy->waiting = false;
  return copy;
}

double Executor::secondsLeft() const {
  if (opts_.timeoutSeconds <= 0)
    return 1e9;
  double elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start_)
                       .count();
  return std::max(0.0, opts_.timeoutSeconds - elapsed);
}

ExecutionState &Executor::clone(ExecutionState &s) {
  return addFork(s, copyState(s));
}

ExecutionState &Executor::addFork(ExecutionState &parent,
                                  std::unique_ptr<ExecutionState> child) {
  child->id = nextStateId_++;
  child->ptreeNode = nullptr;
  child->forkedThisStep = false;
  ExecutionState &ref = *child;
  run_->states.push_back(std::move(child));
  run_->added.push_back(&ref);
  parent.forkedThisStep = true;
  ++summary_.stats.statesForked;
  return ref;
}

Split Executor::split(ExecutionState &s, const ExprRef &cond,
                          bool isBranch, bool decided) {
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
  addConstraint(s, cond, t.model, decided);
  addConstraint(other, notCond, f.model, decided);
  return {&s, &other};
}

void Executor::assume(ExecutionState &s, const ExprRef &cond) {
  // A hook that observes branches needs to know which sides hold (the
  // inputs an assume leaves out, too).
  if (observesBranches(s)) {
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

ExecutionState *Executor::checkError(ExecutionState &s,
                                         const ExprRef &errorCond,
                                         ErrorKind kind,
                                         const std::string &message,
                                         std::vector<SourceLocation> stack) {
  // Which check this is, as hooks see it: the same instruction and
  // ordinal on every path that meets it.
  CheckId check{currentInstruction(s),
                s.checkAt == s.instructions ? s.checkOrdinal + 1 : 0};
  s.checkAt = s.instructions;
  s.checkOrdinal = check.ordinal;
  auto fail = [&](ExecutionState &bad) {
    reportError(bad, kind, message, stack, nullptr, check);
  };
  auto passed = [&](ExecutionState *good) {
    if (good)
      for (ExecutionHooks *h : run_->hooks)
        h->onCheckPassed(*good, check);
    return good;
  };
  if (errorCond->isFalse())
    return passed(&s);
  // A hook may know which sides lead somewhere: no query. With model
  // reuse a fork needs models of both sides: the solver splits, and what
  // the hook knows stays (the constraints are its decisions).
  std::optional<CheckSides> known;
  if (!errorCond->isTrue())
    for (ExecutionHooks *h : run_->hooks)
      if ((known = h->onCheck(s, check, kind)))
        break;
  if (known) {
    if (!known->error)
      return passed(&s);
    if (!known->good) {
      fail(s);
      return nullptr;
    }
    if (!opts_.solver.modelReuse) {
      ExecutionState &bad = clone(s);
      addConstraint(bad, errorCond, nullptr, /*decided=*/true);
      addConstraint(s, ctx_.notE(errorCond), nullptr, /*decided=*/true);
      fail(bad);
      return passed(&s);
    }
  }
  Split sp = split(s, errorCond, /*isBranch=*/false, known.has_value());
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

namespace {
/// A solver time limit (0: none) made at most `ms`.
unsigned atMost(unsigned limit, unsigned ms) {
  return limit ? std::min(limit, ms) : ms;
}
} // namespace

solver::SolverResult Executor::checkOnPath(ExecutionState &s,
                                           const ExprRef &cond,
                                           bool wantModel, unsigned limitMs) {
  solver::Solver &solver = this->solver();
  solver.setTimeoutMs(limitMs);
  // s.model is null without model reuse.
  solver::Query q =
      solver::Query::onPath(s.constraints, cond, s.model, wantModel);
  q.quantified = s.quantified;
  return solver.check(q);
}

solver::SolverResult Executor::ask(ExecutionState &s, const ExprRef &cond,
                                       bool wantModel, unsigned limitMs) {
  unsigned limit = opts_.solver.timeoutMs;
  if (limitMs)
    limit = atMost(limit, limitMs);
  // Queries answered above Z3 can be slow too, and one instruction may ask
  // many (a symbolic pointer's candidates): an interrupted or timed-out run
  // stops asking at once, which cuts the path.
  if (interrupted_)
    return {solver::Validity::Unknown, nullptr, "interrupted", {}};
  if (opts_.timeoutSeconds > 0) {
    double left = secondsLeft();
    if (left <= 0)
      return {solver::Validity::Unknown, nullptr, timeLimitReason(), {}};
    limit = atMost(limit, static_cast<unsigned>(std::max(1.0, left * 1000)));
  }
  // An exploration's own deadline (an isolated run's) bounds it too.
  if (const auto &deadline = run_->bounds.deadline) {
    double left = std::chrono::duration<double>(
                      *deadline - std::chrono::steady_clock::now())
                      .count();
    if (left <= 0) {
      explorationOverTime();
      return {solver::Validity::Unknown, nullptr, run_->why(), {}};
    }
    limit = atMost(limit, static_cast<unsigned>(std::max(1.0, left * 1000)));
  }
  return checkOnPath(s, cond, wantModel, limit);
}

solver::SolverResult Executor::pathModel(ExecutionState &s) {
  // With model reuse the state keeps a model of its path condition: no
  // query, and nothing a deadline can take away.
  if (s.model)
    return solver::SolverResult::sat(s.model);
  if (interrupted_)
    return {solver::Validity::Unknown, nullptr, "interrupted", {}};
  return checkOnPath(s, nullptr, /*wantModel=*/true, pathModelLimitMs());
}

unsigned Executor::pathModelLimitMs() const {
  // The path is feasible (every constraint was added after the solver said
  // it can hold), so a model exists: a path that reached its end just as
  // the run's time ran out still gets one, within a short grace period.
  unsigned limit = opts_.solver.timeoutMs;
  if (opts_.timeoutSeconds > 0) {
    double left = secondsLeft();
    limit = atMost(limit, static_cast<unsigned>(std::max(
                              static_cast<double>(kPathModelGraceMs),
                              left * 1000)));
  }
  return limit;
}

std::optional<uint64_t> Executor::concreteValue(ExecutionState &s,
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

} // namespace cosmo::engine
