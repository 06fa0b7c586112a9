//===- RecursionSummaries.cpp - recursive calls as recursive states -------===//
//
// Seed 000 (section 2) treats recursion exactly like loops: a recursive
// function f is a recursive vertex, and a call of it whose unrolling
// depends on the inputs becomes the atom Sum(f)(args, result) of a
// relation over f's parameters and result. Sum(f) is Body(f) closed
// under recursion: f's body is explored once, in isolation, with fresh
// parameters, each recursive call in it an atom of Sum(f) with a fresh
// result; each path that returns is a Horn clause
//     Sum(f)(p, value) <- Call(f)(p) /\ pc /\ Sum(f)(a1, r1) /\ ...,
// where Call(f) holds of the parameters f is called with: of a call's
// arguments in the program's run under the path that reached it, and of
// an inner call's under Call(f)(p), its path in the body and the calls
// before it. An error past a summarised call is decided like one past a
// loop (LoopQuestions.cpp), through the same Horn system.
//
// Only functions over scalars whose body touches no memory but its own
// locals and calls nothing but itself, error and assume functions, and
// other such functions are summarised: their calls then
// change nothing but their result, which the atom describes exactly (no
// heap to compose), and their body's paths do not depend on the caller's
// state. An error path of f's body is decided at each call in the
// program's run, in its context: the question Call(f)(p) /\ the error's
// path, with the Call(f) clauses of that call; one not refuted is looked
// for by runs on the call's inputs, else the call runs after all.
//
//===----------------------------------------------------------------------===//

#include "LoopInstance.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <set>

namespace cosmo::summary {

using engine::PathEnd;

namespace {

bool isScalar(const llvm::Type *t) {
  return t->isIntegerTy() && t->getIntegerBitWidth() >= 8 &&
         t->getIntegerBitWidth() <= 64;
}

/// Declared functions a summarised body may call: they end a path as an
/// error or restrict it, and change no memory.
bool isErrorOrAssume(llvm::StringRef name) {
  static const std::set<std::string> names = {
      "reach_error",       "__VERIFIER_error", "__assert_fail",
      "__assert_rtn",      "__assert",         "klee_report_error",
      "cosmo_assert",      "klee_assert",      "__VERIFIER_assert",
      "__VERIFIER_assume", "klee_assume",      "cosmo_assume",
      "assume_abort_if_not", "abort"};
  return names.count(name.str()) != 0;
}

/// Why the body of `g` (f itself, or a function f's body calls) is not one
/// a summary can describe: it reads or writes memory other than its own
/// locals, or calls something other than f (from f), the functions above
/// and other such functions. Empty when it is.
std::string whyNotPure(const llvm::Function &g, const llvm::Function &f,
                       std::set<const llvm::Function *> &seen) {
  for (const llvm::Instruction &i : llvm::instructions(g)) {
    if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i)) {
      if (llvm::isa<llvm::DbgInfoIntrinsic>(call) ||
          call->isLifetimeStartOrEnd())
        continue;
      const llvm::Function *callee = call->getCalledFunction();
      if (!callee)
        return "it calls through a pointer";
      if (callee == &f) {
        if (&g != &f)
          return fmt::format("it is called back by '{}' (mutual recursion)",
                             g.getName().str());
        continue;
      }
      if (callee->isDeclaration()) {
        if (!isErrorOrAssume(callee->getName()))
          return fmt::format("it calls '{}'", callee->getName().str());
        continue;
      }
      if (seen.insert(callee).second)
        if (std::string why = whyNotPure(*callee, f, seen); !why.empty())
          return why;
      continue;
    }
    const llvm::Value *address = nullptr;
    if (const auto *l = llvm::dyn_cast<llvm::LoadInst>(&i))
      address = l->getPointerOperand();
    else if (const auto *st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      if (st->getValueOperand()->getType()->isPointerTy())
        return "it stores a pointer";
      address = st->getPointerOperand();
    } else if (i.mayReadOrWriteMemory() || llvm::isa<llvm::IntToPtrInst>(i) ||
               llvm::isa<llvm::PtrToIntInst>(i))
      return "it reads or writes memory";
    if (address &&
        !llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(address)))
      return "it reads or writes memory other than its locals";
  }
  return "";
}

/// Why `f` cannot have a summary relation (empty when it can): see the
/// header comment for what is summarised.
std::string whyNotSummarisable(const llvm::Function &f) {
  if (f.isVarArg() || !isScalar(f.getReturnType()))
    return "its result is not an integer";
  for (const llvm::Argument &a : f.args())
    if (!isScalar(a.getType()))
      return "a parameter is not an integer";
  std::set<const llvm::Function *> seen{&f};
  return whyNotPure(f, f, seen);
}

/// `s` goes on past the call of `f` that `c` summarises: the call's result
/// is `c`'s fresh variable, and `c` one of the path's atoms.
void returnSummarised(Executor &x, ExecutionState &s,
                      const llvm::CallBase &call, const llvm::Function &f,
                      SummarisedCall &c) {
  c.result = x.ctx().var(
      fmt::format("{}C{}.{}()", s.namePrefix, c.id, f.getName().str()),
      expr::Sort::bv(f.getReturnType()->getIntegerBitWidth()));
  LoopPathData::of(s).calls.push_back(c.id);
  x.returnValue(s, call, c.result);
}

/// The hooks of the isolated run of a recursive function's body: the
/// recursive calls of the body's frame become atoms, its returns clauses.
class RecursionBodyRun : public engine::ExecutionHooks {
public:
  RecursionBodyRun(Executor &x, LoopRegistry &registry, RecursiveFunction &fn,
                   size_t depth, size_t pcAtStart, size_t callsAtStart)
      : x_(x), registry_(registry), fn_(fn), depth_(depth),
        pcAtStart_(pcAtStart), callsAtStart_(callsAtStart) {}

  bool onCall(ExecutionState &s, const llvm::CallBase &call,
              const llvm::Function &f, std::vector<ExprRef> &args) override {
    if (s.stack.size() != depth_ || &f != fn_.function)
      return false;
    SummarisedCall c;
    c.function = fn_.id;
    c.args = args;
    c.where = Executor::locationOf(&call);
    c.inner = true;
    pathSince(s, c.pc, c.calls);
    returnSummarised(x_, s, call, f, registry_.addCall(std::move(c)));
    return true;
  }

  void onReturning(ExecutionState &s, const ExprRef &value) override {
    if (s.terminated || s.stack.size() != depth_)
      return;
    RecursiveFunction::Return r;
    pathSince(s, r.pc, r.calls);
    r.value = value;
    fn_.returns.push_back(std::move(r));
    s.terminated = true;
  }

  bool onPathEnd(ExecutionState &s, const PathEnd &end) override {
    if (!failure.empty())
      return true;
    switch (end.kind) {
    case PathEnd::Kind::Error: {
      // Decided per call, in that call's context (bodyErrorsDecided).
      RecursiveFunction::BodyError e;
      pathSince(s, e.pc, e.calls);
      e.end = end;
      if (e.end.stack.empty()) // where a run must reach it
        e.end.stack = {errorLocation(x_, s, end)};
      fn_.errors.push_back(std::move(e));
      break;
    }
    case PathEnd::Kind::Cut:
      failure = "a path of its body was cut: " + end.message;
      break;
    case PathEnd::Kind::Completed:
      failure = "a path of its body ends the program";
      break;
    case PathEnd::Kind::Infeasible:
      break;
    }
    return true;
  }

  std::string failure;

private:
  /// The constraints and summarised calls `s` added since the body's start.
  void pathSince(const ExecutionState &s, std::vector<ExprRef> &pc,
                 std::vector<size_t> &calls) const {
    auto all = s.constraints.list();
    pc.assign(all.begin() + static_cast<long>(pcAtStart_), all.end());
    const LoopPathData *d = LoopPathData::find(s);
    assert(d && "the body's start state has the summarizer's data");
    calls.assign(d->calls.begin() + static_cast<long>(callsAtStart_),
                 d->calls.end());
  }

  Executor &x_;
  LoopRegistry &registry_;
  RecursiveFunction &fn_;
  size_t depth_, pcAtStart_, callsAtStart_;
};

} // namespace

bool callsItself(const llvm::Function &f) {
  for (const llvm::Instruction &i : llvm::instructions(f))
    if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
      if (call->getCalledFunction() == &f)
        return true;
  return false;
}

RecursiveFunction *LoopRegistry::functionFor(const llvm::Function &f) const {
  auto it = functionIds_.find(&f);
  return it == functionIds_.end() ? nullptr : functions_[it->second].get();
}

RecursiveFunction &LoopRegistry::addFunction(const llvm::Function &f) {
  auto fn = std::make_unique<RecursiveFunction>();
  fn->id = functions_.size();
  fn->function = &f;
  functionIds_[&f] = fn->id;
  functions_.push_back(std::move(fn));
  return *functions_.back();
}

SummarisedCall &LoopRegistry::addCall(SummarisedCall call) {
  call.id = calls_.size();
  calls_.push_back(std::make_unique<SummarisedCall>(std::move(call)));
  return *calls_.back();
}

SummarisedCall *
LoopRegistry::firstProgramCall(const std::vector<size_t> &calls) {
  for (size_t id : calls)
    if (calls_[id]->arrival)
      return calls_[id].get();
  return nullptr;
}

bool LoopSummarizer::onCall(ExecutionState &s, const llvm::CallBase &call,
                            const llvm::Function &f,
                            std::vector<ExprRef> &args) {
  // In a loop body's run the calls are run (its iterations would need the
  // atoms of the calls in them); --max-recursion asks for unrolling.
  if (enclosing_ || s.terminated || x_.options().maxRecursion ||
      registry_.unrolledFunctions.count(&f) ||
      registry_.unsummarisable.count(&f) || !loopsOf(f).selfRecursive)
    return false;
  // A call on constants is just run (the concrete reduction).
  if (std::all_of(args.begin(), args.end(),
                  [](const ExprRef &a) { return a->isConst(); }))
    return false;
  RecursiveFunction *fn = registry_.functionFor(f);
  if (!fn || !fn->complete) {
    if (x_.options().loops == engine::LoopStrategy::Auto &&
        std::count_if(s.stack.begin(), s.stack.end(),
                      [&](const engine::StackFrame &fr) {
                        return fr.function == &f;
                      }) < kUnrolledArrivals)
      return false;
    engine::LoopStats &st = x_.summary().stats.loopStats;
    std::string why = whyNotSummarisable(f);
    if (why.empty()) {
      fn = fn ? fn : &registry_.addFunction(f);
      if (summarizeFunction(s, call, *fn, why))
        ++st.recursiveFunctions;
    }
    if (!why.empty()) {
      registry_.unsummarisable.emplace(&f, why);
      ++st.notSummarized;
      ++st.notSummarizedBecause["recursive function: " + why];
      return false;
    }
  }
  SummarisedCall c;
  c.function = fn->id;
  c.args = args;
  c.where = Executor::locationOf(&call);
  c.arrival = x_.copyState(s);
  c.arrival->frame().pc = call.getIterator(); // the call runs again there
  auto pc = s.constraints.list();
  c.pc.assign(pc.begin(), pc.end());
  if (const LoopPathData *d = LoopPathData::find(s)) {
    c.atoms = d->atoms;
    c.calls = d->calls;
  }
  SummarisedCall &added = registry_.addCall(std::move(c));
  if (!bodyErrorsDecided(added, *fn)) {
    // The call runs after all, and so do f's calls from now on.
    registry_.unrolledFunctions.insert(&f);
    ++x_.summary().stats.loopStats.unrolledAfter;
    return false;
  }
  returnSummarised(x_, s, call, f, added);
  ++x_.summary().stats.loopStats.recursiveCalls;
  return true;
}

bool LoopSummarizer::bodyErrorsDecided(const SummarisedCall &call,
                                       RecursiveFunction &fn) {
  engine::LoopStats &st = x_.summary().stats.loopStats;
  for (RecursiveFunction::BodyError &e : fn.errors) {
    const engine::SourceLocation &at = e.end.stack.front();
    auto key = std::make_tuple(fn.id, static_cast<int>(e.end.error),
                               at.file, at.line);
    if (reportedBodyErrors_.count(key))
      continue;
    ++st.errorCandidates;
    HornQuery query;
    query.pc = e.pc;
    query.calls = e.calls;
    query.contexts = {call.id};
    query.inBody = &fn;
    HornQuestion q = hornQuestionFor(x_, registry_, query);
    if (refutes(q, solve(q)))
      continue;
    // Reachable, or not known: a run on the call's inputs may reach it
    // (it reports the error then).
    LoopCandidate c{x_.copyState(*call.arrival), e.end};
    bool found = confirmByRun(x_, c);
    for (const solver::Model &m : found ? std::vector<solver::Model>{}
                                        : extremeModels(x_, *c.state,
                                                        call.args.at(0)))
      if ((found = confirmByRun(x_, c, m)))
        break;
    if (found) {
      ++st.confirmedByRun;
      reportedBodyErrors_.insert(key);
      continue;
    }
    ++st.undecided;
    return false;
  }
  return true;
}

bool LoopSummarizer::summarizeFunction(const ExecutionState &s,
                                       const llvm::CallBase &call,
                                       RecursiveFunction &fn,
                                       std::string &why) {
  expr::ExprContext &ctx = x_.ctx();
  const llvm::Function &f = *fn.function;
  engine::LoopStats &st = x_.summary().stats.loopStats;
  auto began = std::chrono::steady_clock::now();
  if (const llvm::DISubprogram *sp = f.getSubprogram())
    fn.where = {sp->getFilename().str(), sp->getLine(),
                f.getName().str()};
  else
    fn.where = Executor::locationOf(&*f.getEntryBlock().getFirstInsertionPt());
  fn.relation = fmt::format("rec{}_{}", fn.id, f.getName().str());
  fn.contextRelation = fmt::format("call{}_{}", fn.id, f.getName().str());
  fn.params.clear();
  fn.paramNames.clear();
  fn.returns.clear();
  std::string prefix = fmt::format("{}F{}.", s.namePrefix, fn.id);
  for (const llvm::Argument &a : f.args()) {
    std::string name =
        a.hasName() ? a.getName().str() : fmt::format("arg{}", a.getArgNo());
    fn.paramNames.push_back(name);
    fn.params.push_back(
        ctx.var(prefix + name, expr::Sort::bv(a.getType()->getIntegerBitWidth())));
  }

  // The body's run starts in the caller's state (f reads nothing of it)
  // with f's frame on fresh parameters.
  std::unique_ptr<ExecutionState> start = x_.copyState(s);
  start->namePrefix = prefix;
  size_t pcAtStart = start->constraints.size();
  size_t callsAtStart = LoopPathData::of(*start).calls.size();
  engine::Exploration run = isolatedExploration(
      x_, bodyRunBounds(x_, fmt::format("the isolated run of the recursive "
                                        "function '{}'",
                                        f.getName().str())));
  RecursionBodyRun body(x_, registry_, fn, s.stack.size() + 1, pcAtStart,
                        callsAtStart);
  run.hooks = {&body};
  x_.exploreFrom(run, [&] {
    x_.callFunction(*start, call, f, fn.params);
    return std::move(start);
  });
  st.bodySeconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began)
          .count();
  if (run.stopped())
    return why = run.why(), false;
  if (!body.failure.empty())
    return why = body.failure, false;
  st.bodyPaths += fn.returns.size();
  fn.complete = true;
  return true;
}

} // namespace cosmo::summary
