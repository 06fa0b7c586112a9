//===- RecursionSummarizer.cpp - recursive calls as recursive states ------===//
//
// Seed 000 (section 2) treats recursion exactly like loops: a recursive
// vertex of the call graph -- a cycle of direct calls: a function that
// calls itself, or functions that call each other -- is summarised, and a
// call of one of its functions f whose unrolling depends on the inputs
// becomes the atom Sum(f)(args, globals, result, changes) of a relation
// over f's parameters, the integer globals the cycle reads (their values
// at the call), its result and how much each global the cycle writes
// changed. Sum(f) is Body(f) closed under recursion: each body of the
// cycle is explored once, in isolation, with fresh parameters and fresh
// values of the globals, each call in it of a function g of the cycle an
// atom of Sum(g) with fresh results; each path that returns is a clause
//     Sum(f)(p, v, value, v' - v) <- Call(f)(p, v) /\ pc /\ Sum(g)(...) ...,
// where Call(f) holds of the arguments (and globals) f is called with: of
// a call in the program's run under the path that reached it, and of a
// call in the body of h under Call(h)(p, v), its path in the body and the
// calls before it. An error past a summarised call is decided like one
// past a loop (LoopQuestions.cpp), through the same Horn system.
//
// Only cycles of functions over integer parameters and an integer or void
// result are summarised whose bodies touch no memory but their own locals
// and integer globals (read or written whole, by name), and call nothing
// but functions of the cycle, error and assume functions, and other such
// functions (SummarisableCycles.cpp): their calls then change nothing but
// their result and those globals, which the atom describes exactly. An
// error path of a body is decided at each call in the program's run, in
// its context: the question Call(g)(p, v) /\ the error's path, with the
// Call clauses of that call; one not refuted is looked for by runs on the
// call's inputs, else the call runs after all.
//
//===----------------------------------------------------------------------===//

#include "loops/CandidateDecider.h"
#include "recursion/RecursiveFunction.h"
#include "cosmo/summary/RecursionSummarizer.h"

#include "cosmo/frontend/CallGraph.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/InstIterator.h>

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <set>

namespace cosmo::summary {

using engine::PathEnd;

namespace {

/// The value of the integer global `g` in `s`.
ExprRef globalValue(Executor &x, const ExecutionState &s,
                    const llvm::GlobalVariable &g) {
  const memory::ObjectEntry *e = s.memory.findByBase(x.globalAddress(&g));
  assert(e && "globals are allocated before the program runs");
  return e->state->read(x.ctx(), x.ctx().bv(64, 0),
                        g.getValueType()->getIntegerBitWidth() / 8);
}

void setGlobal(Executor &x, ExecutionState &s, const llvm::GlobalVariable &g,
               const ExprRef &value) {
  s.memory.writable(x.globalAddress(&g)).write(x.ctx(), x.ctx().bv(64, 0),
                                               value);
}

/// A direct call of `g` in the bodies of `cycle` (its body's run starts as
/// if called there), or null.
const llvm::CallBase *callOf(const llvm::Function &g,
                             const std::vector<const llvm::Function *> &cycle) {
  for (const llvm::Function *f : cycle)
    for (const llvm::Instruction &i : llvm::instructions(*f))
      if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
          call && call->getCalledFunction() == &g)
        return call;
  return nullptr;
}

/// `c`'s values of the globals of `fn`'s cycle, read in `s` before the
/// call.
void globalsBeforeCall(Executor &x, const ExecutionState &s,
                       const RecursiveFunction &fn, SummarisedCall &c) {
  c.globalsIn.clear();
  for (const llvm::GlobalVariable *g : fn.globals)
    c.globalsIn.push_back(globalValue(x, s, *g));
}

/// `s` goes on past the call of `fn` that `c` summarises: the call's result
/// and the globals it writes are `c`'s fresh variables, and `c` one of the
/// path's atoms.
void returnSummarised(Executor &x, ExecutionState &s,
                      const llvm::CallBase &call, const RecursiveFunction &fn,
                      SummarisedCall &c) {
  const llvm::Function &f = *fn.function;
  if (!f.getReturnType()->isVoidTy())
    c.result = x.ctx().var(
        fmt::format("{}C{}.{}()", s.namePrefix, c.id, f.getName().str()),
        expr::Sort::bv(f.getReturnType()->getIntegerBitWidth()));
  c.globalsOut.clear();
  for (const llvm::GlobalVariable *g : fn.written) {
    c.globalsOut.push_back(x.ctx().var(
        fmt::format("{}C{}.{}", s.namePrefix, c.id, g->getName().str()),
        expr::Sort::bv(g->getValueType()->getIntegerBitWidth())));
    setGlobal(x, s, *g, c.globalsOut.back());
  }
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
    if (s.stack.size() != depth_)
      return false;
    const RecursiveFunction *callee = registry_.functionFor(f);
    if (!callee || std::find(fn_.component.begin(), fn_.component.end(),
                             callee->id) == fn_.component.end())
      return false;
    SummarisedCall c;
    c.function = callee->id;
    c.args = args;
    c.where = Executor::locationOf(&call);
    c.inner = true;
    c.caller = fn_.id;
    pathSince(s, c.pc, c.calls);
    globalsBeforeCall(x_, s, *callee, c);
    SummarisedCall &added = registry_.addCall(std::move(c));
    fn_.innerCalls.push_back(added.id);
    returnSummarised(x_, s, call, *callee, added);
    return true;
  }

  void onReturning(ExecutionState &s, const ExprRef &value) override {
    if (s.terminated || s.stack.size() != depth_)
      return;
    RecursiveFunction::Return r;
    pathSince(s, r.pc, r.calls);
    r.value = value;
    for (const llvm::GlobalVariable *g : fn_.written)
      r.globalsOut.push_back(globalValue(x_, s, *g));
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
  /// The constraints and summarised calls `s` added since the body's start
  /// (`calls`: a vector or an IdLog).
  template <class Ids>
  void pathSince(const ExecutionState &s, std::vector<ExprRef> &pc,
                 Ids &calls) const {
    auto all = s.constraints.list();
    pc.assign(all.begin() + static_cast<long>(pcAtStart_), all.end());
    const LoopPathData *d = LoopPathData::find(s);
    assert(d && "the body's start state has the summarizer's data");
    calls = Ids{};
    d->calls.appendFrom(callsAtStart_, calls);
  }

  Executor &x_;
  LoopRegistry &registry_;
  RecursiveFunction &fn_;
  size_t depth_, pcAtStart_, callsAtStart_;
};

} // namespace

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

const std::vector<const llvm::Function *> &
LoopRegistry::recursiveComponentOf(const llvm::Function &f) {
  static const std::vector<const llvm::Function *> none;
  if (!componentsComputed_ && f.getParent()) {
    componentsComputed_ = true;
    for (frontend::CallGraphComponent &c :
         frontend::bottomUpComponents(*f.getParent())) {
      if (!c.recursive)
        continue;
      auto shared = std::make_shared<const std::vector<const llvm::Function *>>(
          std::move(c.functions));
      for (const llvm::Function *g : *shared)
        components_[g] = shared;
    }
  }
  auto it = components_.find(&f);
  return it == components_.end() ? none : *it->second;
}

void LoopRegistry::unrollCycleOf(const llvm::Function &f) {
  const auto &cycle = recursiveComponentOf(f);
  unrolledFunctions.insert(cycle.begin(), cycle.end());
  unrolledFunctions.insert(&f);
}

RecursionSummarizer::RecursionSummarizer(Executor &x, LoopRegistry &registry,
                                         CandidateDecider &candidates)
    : x_(x), registry_(registry), candidates_(candidates) {}
RecursionSummarizer::~RecursionSummarizer() = default;

void RecursionSummarizer::onReturn(ExecutionState &s) {
  if (LoopPathData *d = LoopPathData::find(s))
    std::erase_if(d->recursionEntries, [&](size_t id) {
      return registry_.recursionEntry(id).depth >= s.stack.size();
    });
}

bool RecursionSummarizer::onBranchTaken(ExecutionState &s,
                                        const llvm::Instruction &, unsigned,
                                        bool) {
  // Only conditions that are terms get here: a path inside an unrolled
  // recursion that is no longer cheap stops at its next symbolic branch.
  return !endIfCovered(s);
}

bool RecursionSummarizer::onPathEnd(ExecutionState &s, const PathEnd &end) {
  if (candidates_.reporting())
    return false;
  if (end.kind == PathEnd::Kind::Cut && resumeRecursion(s, end))
    return true;
  const LoopPathData *d = LoopPathData::find(s);
  // A path past loops too is the LoopSummarizer's (either decides it).
  if (!d || d->calls.empty() || !d->atoms.empty())
    return false;
  return candidates_.takePath(s, end);
}

size_t LoopRegistry::addRecursionEntry(std::unique_ptr<RecursionEntry> entry) {
  entries_.push_back(std::move(entry));
  return entries_.size() - 1;
}

RecursionEntry *RecursionSummarizer::entryOf(const ExecutionState &s) {
  const LoopPathData *d = LoopPathData::find(s);
  if (!d || d->recursionEntries.empty())
    return nullptr;
  return &registry_.recursionEntry(d->recursionEntries.front());
}

bool RecursionSummarizer::resumeRecursion(ExecutionState &s, const PathEnd &end) {
  RecursionEntry *e = entryOf(s);
  if (!e || (end.message.rfind("solver could not decide", 0) != 0 &&
             end.message != kCoveredByResumedRecursion))
    return false;
  resume(*e);
  return true;
}

void RecursionSummarizer::resume(RecursionEntry &e) {
  if (e.resumed)
    return;
  e.resumed = true;
  const auto &cycle = registry_.recursiveComponentOf(*e.function);
  registry_.eagerFunctions.insert(cycle.begin(), cycle.end());
  ++registry_.stats.resumedRecursions;
  x_.addState(x_.copyState(*e.state));
}

void RecursionSummarizer::keepRecursionEntry(ExecutionState &s,
                                        const llvm::CallBase &call,
                                        const llvm::Function &f) {
  const FunctionLoops &loops = registry_.loopsOf(f);
  if (!loops.whyNoSummary.empty() ||
      std::any_of(s.stack.begin(), s.stack.end(),
                  [&](const engine::StackFrame &fr) {
                    return std::find(loops.component.begin(),
                                     loops.component.end(),
                                     fr.function) != loops.component.end();
                  }))
    return; // not the outermost call of the cycle
  auto entry = std::make_unique<RecursionEntry>();
  entry->state = x_.copyState(s);
  entry->state->frame().pc = call.getIterator();
  entry->function = &f;
  entry->depth = s.stack.size();
  entry->created = std::chrono::steady_clock::now();
  LoopPathData::of(s).recursionEntries.push_back(
      registry_.addRecursionEntry(std::move(entry)));
}

bool RecursionSummarizer::endIfCovered(ExecutionState &s) {
  RecursionEntry *e = s.terminated ? nullptr : entryOf(s);
  if (!e)
    return false;
  if (!e->resumed) {
    if (std::chrono::steady_clock::now() - e->created <
        std::chrono::duration<double>(kRecursionUnrollSeconds))
      return false;
    resume(*e); // its unrolling is no longer cheap
  }
  x_.terminateCut(s, kCoveredByResumedRecursion); // not reported
  return true;
}

SummarisedCall *
LoopRegistry::firstProgramCall(const IdLog &calls) {
  for (size_t id : calls)
    if (calls_[id]->arrival)
      return calls_[id].get();
  return nullptr;
}

bool RecursionSummarizer::onCall(ExecutionState &s, const llvm::CallBase &call,
                            const llvm::Function &f,
                            std::vector<ExprRef> &args) {
  // --max-recursion asks for unrolling.
  if (endIfCovered(s))
    return true; // ended: the call does not happen
  if (s.terminated || x_.options().maxRecursion ||
      registry_.unrolledFunctions.count(&f) ||
      registry_.unsummarisable.count(&f) ||
      registry_.loopsOf(f).component.empty())
    return false;
  // A call on constants (arguments and the globals the cycle touches) is
  // just run (the concrete reduction).
  const FunctionLoops &loops = registry_.loopsOf(f);
  if (std::all_of(args.begin(), args.end(),
                  [](const ExprRef &a) { return a->isConst(); }) &&
      std::all_of(loops.globals.begin(), loops.globals.end(),
                  [&](const llvm::GlobalVariable *g) {
                    return globalValue(x_, s, *g)->isConst();
                  }))
    return false;
  RecursiveFunction *fn = registry_.functionFor(f);
  if (!fn || !fn->complete) {
    if (registry_.options.loops == LoopStrategy::Auto &&
        !registry_.eagerFunctions.count(&f) &&
        std::count_if(s.stack.begin(), s.stack.end(),
                      [&](const engine::StackFrame &fr) {
                        return fr.function == &f;
                      }) < registry_.options.unrolledCalls) {
      keepRecursionEntry(s, call, f); // the call is unrolled
      return false;
    }
    LoopStats &st = registry_.stats;
    std::string why;
    fn = summarizeComponent(s, call, f, why);
    if (!fn) {
      for (const llvm::Function *g : loops.component)
        registry_.unsummarisable.emplace(g, why);
      ++st.notSummarized;
      ++st.notSummarizedBecause["recursive function: " + why];
      return false;
    }
    st.recursiveFunctions += fn->component.size();
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
  globalsBeforeCall(x_, s, *fn, c);
  SummarisedCall &added = registry_.addCall(std::move(c));
  if (!bodyErrorsDecided(added, *fn)) {
    // The call runs after all, and so do the calls of f's cycle from now
    // on.
    registry_.unrollCycleOf(f);
    ++registry_.stats.unrolledAfter;
    return false;
  }
  returnSummarised(x_, s, call, *fn, added);
  ++registry_.stats.recursiveCalls;
  return true;
}

bool RecursionSummarizer::bodyErrorsDecided(const SummarisedCall &call,
                                       const RecursiveFunction &called) {
  LoopStats &st = registry_.stats;
  for (size_t id : called.component)
    if (!bodyErrorsDecided(call, registry_.function(id), st))
      return false;
  return true;
}

bool RecursionSummarizer::bodyErrorsDecided(const SummarisedCall &call,
                                       const RecursiveFunction &fn,
                                       LoopStats &st) {
  for (const RecursiveFunction::BodyError &e : fn.errors) {
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
    if (candidates_.refutes(q, candidates_.solve(q)))
      continue;
    // Reachable, or not known: a run on the call's inputs may reach it
    // (it reports the error then).
    LoopCandidate c{x_.copyState(*call.arrival), e.end};
    if (confirmByRun(x_, c) || confirmAtExtremes(x_, c, firstInput(call))) {
      ++st.confirmedByRun;
      reportedBodyErrors_.insert(key);
      continue;
    }
    ++st.undecided;
    return false;
  }
  return true;
}

RecursiveFunction *RecursionSummarizer::summarizeComponent(
    const ExecutionState &s, const llvm::CallBase &call,
    const llvm::Function &f, std::string &why) {
  const FunctionLoops &loops = registry_.loopsOf(f);
  if (!loops.whyNoSummary.empty())
    return why = loops.whyNoSummary, nullptr;
  const std::vector<const llvm::Function *> &cycle = loops.component;
  std::vector<RecursiveFunction *> fns;
  std::vector<size_t> ids;
  for (const llvm::Function *g : cycle) {
    RecursiveFunction *fn = registry_.functionFor(*g);
    fns.push_back(fn ? fn : &registry_.addFunction(*g));
    ids.push_back(fns.back()->id);
  }
  for (RecursiveFunction *fn : fns) {
    fn->component = ids;
    fn->globals = loops.globals;
    fn->written = loops.writtenGlobals;
  }
  for (RecursiveFunction *fn : fns) {
    const llvm::CallBase *site =
        fn->function == &f ? &call : callOf(*fn->function, cycle);
    if (!site)
      return why = "a function of its cycle is never called directly",
             nullptr;
    if (!summarizeBody(s, *site, *fn, why))
      return nullptr;
  }
  for (RecursiveFunction *fn : fns)
    fn->complete = true;
  return registry_.functionFor(f);
}

bool RecursionSummarizer::summarizeBody(const ExecutionState &s,
                                   const llvm::CallBase &call,
                                   RecursiveFunction &fn, std::string &why) {
  expr::ExprContext &ctx = x_.ctx();
  const llvm::Function &f = *fn.function;
  LoopStats &st = registry_.stats;
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
  fn.errors.clear();
  fn.innerCalls.clear();
  fn.globalsAtEntry.clear();
  std::string prefix = fmt::format("{}F{}.", s.namePrefix, fn.id);
  for (const llvm::Argument &a : f.args()) {
    std::string name =
        a.hasName() ? a.getName().str() : fmt::format("arg{}", a.getArgNo());
    fn.paramNames.push_back(name);
    fn.params.push_back(
        ctx.var(prefix + name, expr::Sort::bv(a.getType()->getIntegerBitWidth())));
  }
  for (const llvm::GlobalVariable *g : fn.globals)
    fn.globalsAtEntry.push_back(
        ctx.var(prefix + g->getName().str(),
                expr::Sort::bv(g->getValueType()->getIntegerBitWidth())));

  // The body's run starts in the caller's state (f reads nothing of it)
  // with f's frame on fresh parameters.
  std::unique_ptr<ExecutionState> start = x_.copyState(s);
  start->namePrefix = prefix;
  for (size_t k = 0; k < fn.globals.size(); ++k)
    setGlobal(x_, *start, *fn.globals[k], fn.globalsAtEntry[k]);
  size_t pcAtStart = start->constraints.size();
  size_t callsAtStart = LoopPathData::of(*start).calls.size();
  engine::Exploration run = bodyRun(
      x_, fmt::format("the isolated run of the recursive function '{}'",
                      f.getName().str()));
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
  return true;
}

} // namespace cosmo::summary
