//===- Executor.cpp - set-up, forking and path endings -------------------===//

#include "cosmo/engine/Executor.h"

#include "VariableRoots.h"
#include "cosmo/engine/Hooks.h"
#include "cosmo/expr/Assignment.h"
#include "cosmo/frontend/AssertionReach.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/solver/Pipeline.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/Support/Path.h>

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

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

//===--- Path endings -----------------------------------------------------===//

uint64_t Executor::programBlocksCovered() const {
  uint64_t n = 0;
  for (const llvm::BasicBlock *b : run_->covered)
    if (!frontend::isModelFunction(*b->getParent()))
      ++n;
  return n;
}

Progress Executor::progress(uint64_t blocksTotal) const {
  const RunStats &st = summary_.stats;
  Progress p;
  p.pathsDone = st.pathsCompleted + st.pathsErrored + st.pathsCut;
  p.errors = summary_.errors.size();
  p.statesPending = run_->states.size();
  p.blocksCovered = programBlocksCovered();
  p.blocksTotal = blocksTotal;
  p.solverQueries = solverStats_.queries;
  p.elapsedSeconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start_)
                         .count();
  p.timeLimitSeconds = opts_.timeoutSeconds;
  return p;
}

std::vector<FileCoverage> Executor::lineCoverage() const {
  // A line is covered when a block holding one of its instructions was
  // entered by some path.
  std::map<std::string, std::pair<std::set<unsigned>, std::set<unsigned>>>
      files;
  for (const llvm::Function &f : module_) {
    if (f.isDeclaration() || frontend::isModelFunction(f))
      continue;
    for (const llvm::BasicBlock &b : f) {
      bool covered = run_->covered.count(&b) != 0;
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

SourceLocation Executor::locationOf(const llvm::Instruction *i) {
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
Executor::currentInstruction(const ExecutionState &s) const {
  return positionOf(s, s.stack.size() - 1);
}

std::vector<SourceLocation>
Executor::stackOf(const ExecutionState &s) const {
  std::vector<SourceLocation> out;
  for (size_t k = s.stack.size(); k-- > 0;)
    // Errors inside libc models belong to the program's call.
    if (!frontend::isModelFunction(*s.stack[k].function))
      out.push_back(locationOf(positionOf(s, k)));
  return out;
}

SourceLocation Executor::programLocation(const ExecutionState &s) const {
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

TestVector Executor::makeTest(ExecutionState &s, const std::string &outcome,
                                  const expr::Assignment &model) {
  TestVector t;
  t.outcome = outcome;
  for (const InputRecord &in : s.inputs) {
    TestInput ti;
    ti.name = in.name;
    ti.source = in.source;
    ti.function = in.function;
    ti.location = in.location;
    ti.type = in.type;
    if (in.array) {
      // A symbolic-size object: its bytes up to its size in this model
      // (at most kMaxTestArrayBytes of them).
      constexpr uint64_t kMaxTestArrayBytes = 1 << 20;
      auto n = expr::evaluate(in.arraySize, model);
      uint64_t size = n ? std::min<uint64_t>(n->bits.getLimitedValue(),
                                             kMaxTestArrayBytes)
                        : 0;
      for (uint64_t k = 0; k < size; ++k) {
        auto v = expr::evaluate(ctx_.select(in.array, ctx_.bv(64, k)), model);
        ti.bytes.push_back(v ? static_cast<uint8_t>(v->bits.getZExtValue())
                             : 0);
      }
    } else if (in.arraySize) {
      // Bytes of a symbolic-size object (a shaped string or array): those
      // below its size in this model.
      auto n = expr::evaluate(in.arraySize, model);
      uint64_t size = n ? std::min<uint64_t>(n->bits.getLimitedValue(),
                                             in.byteVars.size())
                        : in.byteVars.size();
      for (uint64_t k = 0; k < size; ++k) {
        auto v = expr::evaluate(in.byteVars[k], model);
        ti.bytes.push_back(v ? static_cast<uint8_t>(v->bits.getZExtValue())
                             : 0);
      }
    } else if (in.var) {
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
  for (const ExecutionState::Choice &c : s.choices) {
    TestInput ti;
    ti.name = c.var->name();
    ti.source = c.source;
    auto value = expr::evaluate(c.var, model);
    ti.bytes = bytesOf(value ? value->bits : llvm::APInt(c.var->width(), 0),
                       c.var->width() / 8);
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

void Executor::noteUnknown(const std::string &reason) {
  for (const std::string &r : summary_.unknownReasons)
    if (r == reason)
      return;
  summary_.unknownReasons.push_back(reason);
}

bool Executor::pathLimitReached() const {
  return opts_.maxPaths > 0 &&
         summary_.stats.pathsCompleted + summary_.stats.pathsErrored >=
             opts_.maxPaths;
}

bool Executor::timeLimitPassed() const {
  return opts_.timeoutSeconds > 0 &&
         std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                       start_)
                 .count() >= opts_.timeoutSeconds;
}

bool Executor::observesBranches(const ExecutionState &s) const {
  for (const ExecutionHooks *h : run_->branchObservers)
    if (h->observesBranches(s))
      return true;
  return false;
}

bool Executor::decideBranch(
    ExecutionState &s, const llvm::Instruction &site,
    const std::vector<ExprRef> &conds,
    const std::vector<const llvm::BasicBlock *> &succs) {
  for (ExecutionHooks *h : run_->hooks)
    if (h->onBranch(s, site, conds, succs))
      return true;
  return false;
}

bool Executor::mayPointOutside(const ExprRef &address) const {
  for (const ExecutionHooks *h : run_->hooks)
    if (h->mayPointOutside(address))
      return true;
  return false;
}

void Executor::takeBranch(ExecutionState &s, const llvm::Instruction &site,
                              unsigned choice, const llvm::BasicBlock *target,
                              bool decided) {
  for (ExecutionHooks *h : run_->hooks)
    if (!h->onBranchTaken(s, site, choice, decided))
      return;
  transferToBlock(s, target);
}

bool Executor::hookTakesEnd(ExecutionState &s, PathEnd end) {
  for (ExecutionHooks *h : run_->hooks)
    if (h->onPathEnd(s, end)) {
      s.terminated = true;
      return true;
    }
  return false;
}

void Executor::terminateCompleted(ExecutionState &s,
                                      std::optional<ExprRef> returned) {
  if (!s.restricted.empty()) {
    terminateCut(s, s.restricted);
    return;
  }
  if (hookTakesEnd(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Completed;
        end.returned = returned;
        return end;
      }()))
    return;
  if (pathLimitReached()) {
    // Paths ending in the same step as the one that reached the limit.
    terminateCut(s, fmt::format("path limit of {} reached", opts_.maxPaths));
    return;
  }
  s.terminated = true;
  ++summary_.stats.pathsCompleted;
  if (!wantsTest(s))
    return; // no test, so no model to solve for
  solver::SolverResult r = pathModel(s);
  if (!r.isSat()) {
    // Cannot happen for a feasible path unless the solver gave up (or the
    // run's time ran out while it tried).
    noteUnknown(timeLimitPassed()
                    ? timeLimitReason()
                    : withSourceLine(s, "solver could not produce a test for "
                                        "a completed path (" +
                                            r.reason + ")"));
    return;
  }
  ++summary_.stats.completedTests;
  listener_.onCompletedPath(makeTest(s, "completed", *r.model));
}

void Executor::claimCoverage(ExecutionState &s) {
  auto claim = std::make_shared<CoverageClaim>();
  if (s.coverageClaim && !s.coverageClaim->taken)
    claim->older = std::move(s.coverageClaim);
  s.coverageClaim = std::move(claim);
}

bool Executor::wantsTest(ExecutionState &s) {
  switch (opts_.tests) {
  case TestPolicy::Errors:
    return false;
  case TestPolicy::All:
    return true;
  case TestPolicy::NewCoverage:
    break;
  }
  // Only the program's run writes tests of completed paths.
  if (!s.coverageClaim || s.coverageClaim->taken)
    return false;
  for (CoverageClaim *c = s.coverageClaim.get(); c && !c->taken;
       c = c->older.get())
    c->taken = true;
  return true;
}

namespace {

/// Whether `s`'s path condition mentions the content of memory never
/// written or an undefined value (variables named uninit#N, undef#N).
bool readsUninitialised(const ExecutionState &s) {
  std::unordered_set<const expr::Expr *> seen;
  std::vector<const expr::Expr *> work;
  for (const ExprRef &c : s.constraints.list())
    work.push_back(c.get());
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (!seen.insert(e).second)
      continue;
    if ((e->kind() == expr::Kind::ArrayVar || e->kind() == expr::Kind::Var) &&
        (e->name().find("uninit#") != std::string::npos ||
         e->name().find("undef#") != std::string::npos))
      return true;
    for (unsigned k = 0; k < e->numChildren(); ++k)
      work.push_back(e->child(k));
  }
  return false;
}

} // namespace

void Executor::terminateError(ExecutionState &s, ErrorKind kind,
                                  const std::string &message,
                                  std::vector<SourceLocation> stack,
                                  solver::Model model) {
  reportError(s, kind, message, std::move(stack), std::move(model),
              std::nullopt);
}

void Executor::reportError(ExecutionState &s, ErrorKind kind,
                               const std::string &message,
                               std::vector<SourceLocation> stack,
                               solver::Model model,
                               std::optional<CheckId> check) {
  if (!s.weakened.empty()) {
    // An assumption of the path was dropped: the error may need inputs
    // the program's annotations exclude.
    terminateCut(s, fmt::format("a possible {} ({}) not claimed: {}",
                                errorKindName(kind), message, s.weakened));
    return;
  }
  if (targetReached_) {
    // Errors found at once with the last one counted (a composed summary's
    // arms) are past what the run was asked for.
    terminateCut(s, *targetReached_);
    return;
  }
  if (hookTakesEnd(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Error;
        end.error = kind;
        end.message = message;
        end.stack = stack;
        end.check = check;
        end.model = model;
        return end;
      }()))
    return;
  if (pathLimitReached()) {
    terminateCut(s, fmt::format("path limit of {} reached", opts_.maxPaths));
    return;
  }
  s.terminated = true;
  if (stack.empty())
    stack = stackOf(s);
  SourceLocation loc = stack.empty() ? SourceLocation{} : stack.front();
  ++summary_.stats.pathsErrored;
  if (!reportedErrors_.insert(placeOf(kind, loc)).second)
    return; // the same error at the same place was reported already
  if (!model) {
    bool impossible = false;
    model = errorModel(s, kind, loc, impossible);
    if (!model) {
      reportedErrors_.erase(placeOf(kind, loc));
      if (impossible)
        --summary_.stats.pathsErrored;
      return;
    }
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
  e.readsUninitialised = readsUninitialised(s);
  if (shapesInputs() && s.namePrefix.empty())
    classifyLatency(s, e);
  e.test.errorKind = kind;
  e.test.errorLocation = loc;
  if (e.stack.size() > 1)
    e.test.errorCallers.assign(e.stack.begin() + 1, e.stack.end());
  summary_.errors.push_back(e);
  listener_.onError(e);
  if (opts_.target == Target::Errors)
    targetReached_ = "--target=errors: the run stops at the first error";
  if (opts_.maxErrors &&
      (opts_.countedErrors.empty() ||
       std::ranges::count(opts_.countedErrors, kind) > 0) &&
      ++errorsCounted_ >= opts_.maxErrors)
    targetReached_ =
        opts_.countedErrors == std::vector{ErrorKind::Assert}
            ? std::string("the run stops at the first failed assertion")
            : fmt::format("the run stops at {} error{}", opts_.maxErrors,
                          opts_.maxErrors == 1 ? "" : "s");
}

namespace {

/// Whether `m` satisfies every constraint of `s` that it decides.
bool satisfiesPath(const ExecutionState &s, const expr::Assignment &m) {
  for (const ExprRef &c : s.constraints.list())
    if (expr::evaluateBool(c, m) == false)
      return false;
  return true;
}

} // namespace

solver::SolverResult Executor::askZ3Alone(const ExecutionState &s) {
  auto path = s.constraints.list();
  std::vector<ExprRef> all(path.begin(), path.end());
  solver::Query q(all, /*model=*/true);
  q.quantified = s.quantified;
  // A path under an assumed \forall needs the pipeline's quantifier layer.
  if (s.quantified)
    return solver().check(q);
  // (Not the pipeline's Z3, which the run's time limit interrupts: bounded
  // as a path's model is.)
  std::unique_ptr<solver::Solver> z3 = solver::createZ3Solver(
      ctx_, solver::SolverOptions{pathModelLimitMs()}, &solverStats_);
  return z3->check(q);
}

solver::Model Executor::errorModel(ExecutionState &s, ErrorKind kind,
                                  const SourceLocation &at, bool &impossible) {
  solver::SolverResult r = pathModel(s);
  // The test of an error must be a model of its path, or its native run
  // shows nothing. The pipeline's layers take a path to be satisfiable;
  // on one that is not, they answer with a model that is not its (an
  // error past a branch the path could not take, once a wrong model had
  // made the branch's side look feasible: IncrementalZ3Solver.cpp's
  // timeouts). Checked, and asked again of Z3 alone: the layers' caches
  // may hold the same wrong model for the path's constraints.
  bool askedPlainly = false;
  if (r.isSat() && !satisfiesPath(s, *r.model)) {
    s.model = nullptr;
    r = askZ3Alone(s);
    askedPlainly = true;
    if (r.isSat() && !satisfiesPath(s, *r.model))
      r = solver::SolverResult::unknown("a model that is not the path's");
  }
  if (r.isSat())
    return r.model;
  // No input follows the path: one over-approximated under an assumed
  // \forall (solver::Query::quantified), or one a hook forked without asking (a
  // memoization tree's check sides, decided in the callee's isolated run,
  // where a loop's havocked values were bound by other invariants than
  // the replay's). Otherwise an error we cannot demonstrate is not
  // reported as one.
  impossible = r.isUnsat() && (s.quantified || askedPlainly);
  if (!impossible)
    noteUnknown(fmt::format("solver could not confirm a possible {} at {}:{}",
                            errorKindName(kind), at.file, at.line));
  return nullptr;
}

void Executor::terminateCut(ExecutionState &s, const std::string &reason) {
  s.terminated = true;
  if (hookTakesEnd(s, [&] {
        PathEnd end;
        end.kind = PathEnd::Kind::Cut;
        end.message = reason;
        return end;
      }()))
    return;
  ++summary_.stats.pathsCut;
  // A query cut short by the run's time limit is the time limit's doing.
  noteUnknown(timeLimitPassed() ? timeLimitReason()
                                : withSourceLine(s, reason));
}

std::string Executor::timeLimitReason() const {
  return fmt::format("time limit of {}s reached", opts_.timeoutSeconds);
}

std::string Executor::withSourceLine(const ExecutionState &s,
                                     const std::string &reason) const {
  // Limits of a path or of the run are one reason wherever they strike.
  for (std::string_view limit :
       {"path limit", "instruction limit", "depth limit", "summary depth",
        "time limit", "recursion bound", "interrupted"})
    if (std::string_view(reason).starts_with(limit))
      return reason;
  // A reason that names its place already: "... at f.c:12".
  for (size_t at = reason.find(" at "); at != std::string::npos;
       at = reason.find(" at ", at + 1)) {
    size_t colon = reason.find(':', at + 4);
    if (colon != std::string::npos && colon + 1 < reason.size() &&
        std::isdigit(static_cast<unsigned char>(reason[colon + 1])) &&
        reason.find(' ', at + 4) > colon)
      return reason;
  }
  SourceLocation where = programLocation(s);
  if (where.line == 0)
    return reason;
  return fmt::format("{} at {}:{}",
                     reason, llvm::sys::path::filename(where.file).str(),
                     where.line);
}

void Executor::terminateInfeasible(ExecutionState &s) {
  s.terminated = true;
  PathEnd end;
  end.kind = PathEnd::Kind::Infeasible;
  hookTakesEnd(s, std::move(end));
}

} // namespace cosmo::engine
