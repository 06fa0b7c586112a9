//===- LoopQuestions.cpp - deciding errors past recursive states ----------===//
//
// Seed 001 section 7 (theorems 18-19): a formula over Rec(id) is satisfiable
// iff a recursive first-order program reaches its error; here that program
// is a system of constrained Horn clauses, one relation per recursive
// state (LoopInstance), one clause per arrival and per path of its body,
// and the candidate's path as the query. Before it, the cheap and exact
// checks: run the program on the inputs of the over-approximation, or of
// an accelerated path (LoopAcceleration.cpp).
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <fstream>
#include <set>

namespace cosmo::summary {

using engine::ErrorKind;
using engine::PathEnd;
using engine::SourceLocation;

namespace {

/// Accelerated queries first with one phase per loop (one path repeated),
/// then with three (a path, another, the first again).
constexpr unsigned kAccelerationPhases[] = {1, 3};

/// The values of `inst`'s atom in a clause where its carried values are
/// `carried`: its params first.
std::vector<ExprRef> atomArgs(const LoopInstance &inst,
                              const std::vector<ExprRef> &carried) {
  std::vector<ExprRef> args = inst.params;
  args.insert(args.end(), carried.begin(), carried.end());
  return args;
}

/// The arguments of Call(f) in f's body: its parameters, then the values
/// of its cycle's globals at entry.
std::vector<ExprRef> contextArgs(const RecursiveFunction &fn) {
  std::vector<ExprRef> args = fn.params;
  args.insert(args.end(), fn.globalsAtEntry.begin(), fn.globalsAtEntry.end());
  return args;
}

/// The arguments of Sum(f): the call's arguments and globals (Call(f)'s),
/// its result unless void, and how much each global it writes changed
/// (modulo 2^w: exact). Changes rather than values: Spacer finds
/// `calls' - calls == \result + 1` at once, and nothing in 30 s for
/// `calls' == calls + \result + 1` when the question fixes `calls` to a
/// constant (measured on Z3 4.8.12).
std::vector<ExprRef> sumArgs(expr::ExprContext &ctx,
                             const RecursiveFunction &fn,
                             const std::vector<ExprRef> &params,
                             const std::vector<ExprRef> &globalsIn,
                             const ExprRef &result,
                             const std::vector<ExprRef> &globalsOut) {
  std::vector<ExprRef> args = params;
  args.insert(args.end(), globalsIn.begin(), globalsIn.end());
  if (result)
    args.push_back(result);
  for (size_t k = 0; k < fn.written.size(); ++k) {
    size_t in = static_cast<size_t>(
        std::find(fn.globals.begin(), fn.globals.end(), fn.written[k]) -
        fn.globals.begin());
    args.push_back(ctx.sub(globalsOut[k], globalsIn.at(in)));
  }
  return args;
}

std::vector<ExprRef> carriedVars(const LoopInstance &inst) {
  std::vector<ExprRef> vars;
  for (const CarriedValue &c : inst.carried)
    vars.push_back(c.var);
  return vars;
}

/// An input's variable name without the prefixes of loop bodies' runs
/// ("L3.") and its number ("#7"): the same for the input a call in a loop
/// makes in every iteration.
std::string inputKey(const std::string &name) {
  size_t start = 0;
  for (size_t k = 0; k < name.size();) {
    size_t dot = name.find('.', k);
    if (dot == std::string::npos || name[k] != 'L' || dot == k + 1 ||
        !std::all_of(name.begin() + static_cast<long>(k) + 1,
                     name.begin() + static_cast<long>(dot),
                     [](char c) { return std::isdigit(c); }))
      break;
    start = k = dot + 1;
  }
  std::string key = name.substr(start);
  return key.substr(0, key.rfind('#'));
}

/// The hook of a run on fixed inputs: each input takes the model's value
/// of its variable, or for an input a loop body makes, the value of that
/// body's input in the model (every iteration the same). It reports errors
/// as any run does, notes whether the one it looks for was among them, and
/// ends every other path silently (they are not paths of the program's
/// run).
class ErrorWatch : public engine::ExecutionHooks {
public:
  ErrorWatch(Executor &x, ErrorKind kind, SourceLocation where,
             const expr::Assignment &model)
      : x_(x), kind_(kind), where_(std::move(where)) {
    for (const auto &[var, value] : model.vars()) {
      ExprRef c = value.isBool ? x.ctx().boolVal(value.boolValue)
                               : x.ctx().bv(value.bits);
      const std::string &name = var->name();
      byName_[name] = c;
      // Made in a loop body's run: keyed without its prefix.
      if (std::string key = inputKey(name);
          key != name.substr(0, name.rfind('#')))
        byKey_[key] = c;
    }
  }
  ExprRef pinnedInput(const ExecutionState &, const ExprRef &var) override {
    ExprRef c;
    if (auto it = byName_.find(var->name()); it != byName_.end())
      c = it->second;
    else if (auto k = byKey_.find(inputKey(var->name())); k != byKey_.end())
      c = k->second;
    return c && c->sort() == var->sort() ? c : nullptr;
  }
  bool onPathEnd(ExecutionState &s, const PathEnd &end) override {
    if (end.kind != PathEnd::Kind::Error)
      return true;
    SourceLocation at = errorLocation(x_, s, end);
    if (end.error == kind_ && at.file == where_.file && at.line == where_.line)
      found = true;
    return false;
  }
  bool found = false;

private:
  Executor &x_;
  ErrorKind kind_;
  SourceLocation where_;
  std::map<std::string, ExprRef> byName_, byKey_;
};

} // namespace

/// Where the error of a path end is reported.
SourceLocation errorLocation(Executor &x, const ExecutionState &s,
                             const PathEnd &end) {
  if (!end.stack.empty())
    return end.stack.front();
  std::vector<SourceLocation> stack = x.stackOf(s);
  return stack.empty() ? SourceLocation{} : stack.front();
}

void finishInstance(LoopInstance &inst, const LoopRegistry &registry) {
  std::set<ExprRef, expr::ExprIdLess> vars;
  auto collect = [&](const ExprRef &e) {
    for (const ExprRef &v : expr::freeVariables(e))
      vars.insert(v);
  };
  for (const ExprRef &e : inst.entry)
    collect(e);
  for (const LoopIteration &it : inst.iterations) {
    for (const ExprRef &c : it.pc)
      collect(c);
    for (const ExprRef &n : it.next)
      collect(n);
    for (size_t a : it.atoms) {
      const LoopInstance &inner = registry.at(a);
      for (const ExprRef &p : inner.params)
        collect(p);
    }
  }
  // What an iteration makes is its own (universally quantified per clause);
  // the rest is the same in every iteration: a parameter of the relation.
  for (const CarriedValue &c : inst.carried)
    vars.erase(c.var);
  inst.params.clear();
  for (const ExprRef &v : vars)
    if (v->name().compare(0, inst.prefix.size(), inst.prefix) != 0)
      inst.params.push_back(v);
}

bool confirmByRun(Executor &x, LoopCandidate &c, solver::Model model,
                  double seconds) {
  if (!model) {
    solver::SolverResult m = x.pathModel(*c.state);
    if (!m.isSat() || !m.model)
      return false;
    model = m.model;
  }
  expr::ExprContext &ctx = x.ctx();
  engine::ExplorationBounds bounds;
  bounds.what = "the run on the inputs of a loop summary";
  bounds.setDeadline(std::min(seconds, x.secondsLeft()));
  bounds.maxStates = 64;
  engine::Exploration run = isolatedExploration(x, std::move(bounds));
  ErrorWatch watch(x, c.end.error, errorLocation(x, *c.state, c.end),
                   *model);
  run.hooks = {&watch};
  x.exploreFrom(run, [&] {
    std::unique_ptr<ExecutionState> s = x.initialState();
    // Inputs are named alike on the same path: the model's values fix the
    // run's memory inputs before they are made (scalars: ErrorWatch).
    for (const auto &[var, value] : model->vars())
      if (!value.isBool && var->width() == 8)
        s->constraints.add(ctx.eq(var, ctx.bv(value.bits)));
    // A state has a model only with model reuse (which keeps it one of the
    // path's): without, a model left here would give the error the run
    // finds the inputs of the summary's path, not its own.
    if (x.options().solver.modelReuse)
      s->model = model;
    return s;
  });
  return watch.found;
}

std::vector<solver::Model> extremeModels(Executor &x, ExecutionState &s,
                                         const ExprRef &a) {
  std::vector<solver::Model> out;
  if (!a || !a->sort().isBV())
    return out;
  expr::ExprContext &ctx = x.ctx();
  unsigned w = a->width();
  if (w > 64)
    return out;
  auto modelWith = [&](const ExprRef &cond) -> solver::Model {
    solver::SolverResult r =
        x.ask(s, cond, /*wantModel=*/true, kExtremeQueryMs);
    return r.isSat() ? r.model : nullptr;
  };
  // Bit by bit from the top: the largest value the path allows, then the
  // smallest (signed, as a C int is).
  llvm::APInt lo = llvm::APInt::getSignedMinValue(w);
  llvm::APInt hi = llvm::APInt::getSignedMaxValue(w);
  solver::Model largest, smallest;
  for (unsigned bit = w; bit-- > 0;) {
    llvm::APInt step = llvm::APInt::getOneBitSet(w, bit);
    llvm::APInt up = lo + step;
    if (up.sgt(lo))
      if (solver::Model m = modelWith(ctx.sge(a, ctx.bv(up))))
        lo = up, largest = m;
    llvm::APInt down = hi - step;
    if (down.slt(hi))
      if (solver::Model m = modelWith(ctx.sle(a, ctx.bv(down))))
        hi = down, smallest = m;
  }
  for (const solver::Model &m : {largest, smallest})
    if (m)
      out.push_back(m);
  return out;
}

bool confirmAtExtremes(Executor &x, LoopCandidate &c, const ExprRef &value) {
  for (const solver::Model &m : extremeModels(x, *c.state, value))
    if (confirmByRun(x, c, m, kLongRunSeconds))
      return true;
  return false;
}

HornQuestion hornQuestionFor(Executor &x, const LoopRegistry &registry,
                             const LoopCandidate &c) {
  HornQuery query;
  auto pc = c.state->constraints.list();
  query.pc.assign(pc.begin(), pc.end());
  if (const LoopPathData *data = LoopPathData::find(*c.state)) {
    query.atoms = data->atoms;
    query.calls = data->calls;
  }
  return hornQuestionFor(x, registry, query);
}

HornQuestion hornQuestionFor(Executor &x, const LoopRegistry &registry,
                             const HornQuery &query) {
  expr::ExprContext &ctx = x.ctx();
  HornQuestion q;
  const std::vector<size_t> &atoms = query.atoms;
  // The recursive states the question reaches through clauses.
  std::map<size_t, size_t> relationOf;
  std::vector<size_t> work = atoms, order;
  for (size_t id : query.contexts)
    work.insert(work.end(), registry.call(id).atoms.begin(),
                registry.call(id).atoms.end());
  std::set<size_t> seen;
  while (!work.empty()) {
    size_t id = work.back();
    work.pop_back();
    if (!seen.insert(id).second)
      continue;
    const LoopInstance &inst = registry.at(id);
    if (!inst.complete) {
      q.exact = false;
      continue;
    }
    if (inst.entryForgets)
      q.forgetsEntry = true;
    order.push_back(id);
    work.insert(work.end(), inst.arrivalAtoms.begin(), inst.arrivalAtoms.end());
    for (const LoopIteration &it : inst.iterations)
      work.insert(work.end(), it.atoms.begin(), it.atoms.end());
  }
  for (size_t id : order) {
    const LoopInstance &inst = registry.at(id);
    std::vector<expr::Sort> sorts;
    for (const ExprRef &v : atomArgs(inst, carriedVars(inst)))
      sorts.push_back(v->sort());
    if (sorts.size() > kMaxRelationArguments) {
      q.unsupported = fmt::format(
          "the loop at {}:{} depends on {} values (more than {}: the "
          "inputs of a loop unrolled before it, mostly)",
          inst.where.file, inst.where.line, sorts.size(),
          kMaxRelationArguments);
      return q;
    }
    relationOf[id] = q.system.addRelation(inst.relation, std::move(sorts));
    q.instanceOf.push_back(id);
    q.functionOf.push_back(HornQuestion::kNone);
  }
  // The summarised calls it reaches, and their functions' relations
  // Sum(f) over f's parameters and result.
  std::vector<size_t> callWork = query.calls;
  callWork.insert(callWork.end(), query.contexts.begin(),
                  query.contexts.end());
  for (size_t id : order)
    callWork.insert(callWork.end(), registry.at(id).arrivalCalls.begin(),
                    registry.at(id).arrivalCalls.end());
  std::set<size_t> callsSeen;
  std::map<size_t, size_t> relationOfFunction, contextOfFunction;
  std::vector<size_t> functions, calls;
  // Sum(f) and Call(f) of a function the question reaches; the calls its
  // body makes of its cycle (Call's clauses) join the work.
  auto addFunction = [&](const RecursiveFunction &fn) {
    if (relationOfFunction.count(fn.id))
      return;
    std::vector<expr::Sort> sorts;
    for (const ExprRef &p : contextArgs(fn))
      sorts.push_back(p->sort());
    contextOfFunction[fn.id] =
        q.system.addRelation(fn.contextRelation, sorts);
    q.instanceOf.push_back(HornQuestion::kNone);
    q.functionOf.push_back(HornQuestion::kNone);
    if (!fn.function->getReturnType()->isVoidTy())
      sorts.push_back(expr::Sort::bv(
          fn.function->getReturnType()->getIntegerBitWidth()));
    for (const llvm::GlobalVariable *g : fn.written)
      sorts.push_back(
          expr::Sort::bv(g->getValueType()->getIntegerBitWidth()));
    relationOfFunction[fn.id] =
        q.system.addRelation(fn.relation, std::move(sorts));
    q.instanceOf.push_back(HornQuestion::kNone);
    q.functionOf.push_back(fn.id);
    functions.push_back(fn.id);
    callWork.insert(callWork.end(), fn.innerCalls.begin(),
                    fn.innerCalls.end());
  };
  if (query.inBody)
    addFunction(*query.inBody);
  while (!callWork.empty()) {
    size_t id = callWork.back();
    callWork.pop_back();
    if (!callsSeen.insert(id).second)
      continue;
    const SummarisedCall &call = registry.call(id);
    callWork.insert(callWork.end(), call.calls.begin(), call.calls.end());
    calls.push_back(id);
    addFunction(registry.function(call.function));
    if (call.inner)
      addFunction(registry.function(call.caller));
  }
  auto callAtomsOf = [&](const std::vector<size_t> &ids,
                         std::vector<solver::HornAtom> &out) {
    for (size_t id : ids) {
      const SummarisedCall &call = registry.call(id);
      out.push_back({relationOfFunction.at(call.function),
                     sumArgs(ctx, registry.function(call.function), call.args,
                             call.globalsIn, call.result, call.globalsOut)});
    }
  };
  for (size_t id : functions) {
    const RecursiveFunction &fn = registry.function(id);
    for (const RecursiveFunction::Return &r : fn.returns) {
      std::vector<solver::HornAtom> body{
          {contextOfFunction[id], contextArgs(fn)}};
      callAtomsOf(r.calls, body);
      q.system.addClause(
          {std::move(body), ctx.andAll(r.pc),
           solver::HornAtom{relationOfFunction[id],
                            sumArgs(ctx, fn, fn.params, fn.globalsAtEntry,
                                    r.value, r.globalsOut)}});
    }
  }
  // Atoms of states not complete yet are left out (an over-approximation).
  auto atomsOf = [&](const std::vector<size_t> &ids) {
    std::vector<solver::HornAtom> out;
    for (size_t id : ids)
      if (relationOf.count(id))
        out.push_back({relationOf[id],
                       atomArgs(registry.at(id), carriedVars(registry.at(id)))});
    return out;
  };
  for (size_t id : order) {
    const LoopInstance &inst = registry.at(id);
    size_t r = relationOf[id];
    std::vector<solver::HornAtom> arrival = atomsOf(inst.arrivalAtoms);
    callAtomsOf(inst.arrivalCalls, arrival);
    q.system.addClause({std::move(arrival), ctx.andAll(inst.arrivalPc),
                        solver::HornAtom{r, atomArgs(inst, inst.entry)}});
    for (const LoopIteration &it : inst.iterations) {
      std::vector<solver::HornAtom> body = atomsOf({id});
      for (solver::HornAtom &a : atomsOf(it.atoms))
        body.push_back(std::move(a));
      q.system.addClause({std::move(body), ctx.andAll(it.pc),
                          solver::HornAtom{r, atomArgs(inst, it.next)}});
    }
  }
  for (size_t id : calls) {
    const SummarisedCall &call = registry.call(id);
    const RecursiveFunction &fn = registry.function(call.function);
    std::vector<solver::HornAtom> body = atomsOf(call.atoms);
    if (call.inner) // made in the body of `caller`, in its context
      body.push_back({contextOfFunction.at(call.caller),
                      contextArgs(registry.function(call.caller))});
    callAtomsOf(call.calls, body);
    std::vector<ExprRef> args = call.args;
    args.insert(args.end(), call.globalsIn.begin(), call.globalsIn.end());
    q.system.addClause({std::move(body), ctx.andAll(call.pc),
                        solver::HornAtom{contextOfFunction[fn.id], args}});
  }
  std::vector<solver::HornAtom> goal = atomsOf(atoms);
  callAtomsOf(query.calls, goal);
  if (query.inBody)
    goal.push_back({contextOfFunction.at(query.inBody->id),
                    contextArgs(*query.inBody)});
  q.system.addClause({std::move(goal), ctx.andAll(query.pc), std::nullopt});
  return q;
}

namespace {
/// `li` into the run's invariants, unless it is there already.
void addInvariant(std::vector<LoopInvariant> &invariants, LoopInvariant li) {
  if (std::none_of(invariants.begin(), invariants.end(),
                   [&](const LoopInvariant &o) {
                     return o.location.file == li.location.file &&
                            o.location.line == li.location.line &&
                            o.invariant == li.invariant;
                   }))
    invariants.push_back(std::move(li));
}
} // namespace

bool LoopSummarizer::unrollInstead(const LoopCandidate &c) {
  // Unrolling from the first loop of the candidate's path explores every
  // path the candidate stands for, exactly: the verdict is then what
  // --loops=unroll would give (an error found, a proof when the loop is
  // bounded, no end otherwise). That loop is not summarised again.
  for (size_t id : LoopPathData::find(*c.state)->atoms) {
    LoopInstance &inst = registry_.at(id);
    if (!inst.arrival)
      continue;
    registry_.unrolledHeads.insert(inst.head);
    if (!inst.resumed) {
      inst.resumed = true;
      ++registry_.stats.unrolledAfter;
      x_.addState(x_.copyState(*inst.arrival));
    }
    return true;
  }
  // The same for the first summarised call of a recursive function: it
  // runs again from its arrival, and the function is run from then on.
  SummarisedCall *call =
      registry_.firstProgramCall(LoopPathData::find(*c.state)->calls);
  if (!call)
    return false;
  unrollFunctions(*registry_.function(call->function).function);
  if (!call->resumed) {
    call->resumed = true;
    ++registry_.stats.unrolledAfter;
    x_.addState(x_.copyState(*call->arrival));
  }
  return true;
}

void LoopSummarizer::recordInvariants(const HornQuestion &q,
                                      const solver::HornAnswer &a) {
  std::vector<LoopInvariant> &invariants = registry_.invariants;
  for (size_t r = 0; r < a.invariants.size(); ++r) {
    bool quantified = r < a.quantified.size() && !a.quantified[r].empty();
    if (!a.invariants[r] || (a.invariants[r]->isTrue() && !quantified))
      continue;
    if (q.instanceOf[r] == HornQuestion::kNone &&
        q.functionOf[r] == HornQuestion::kNone)
      continue; // a Call(f) relation: where f is called
    if (q.functionOf[r] != HornQuestion::kNone) {
      // One summary per function: the first proof's (each holds where the
      // calls of its question are made).
      const RecursiveFunction &fn = registry_.function(q.functionOf[r]);
      if (std::any_of(invariants.begin(), invariants.end(),
                      [&](const LoopInvariant &o) {
                        return o.ofFunction &&
                               o.function == fn.function->getName();
                      }))
        continue;
      addInvariant(invariants, {fn.where, fn.function->getName().str(),
                         describeSummary(x_.ctx(), q, registry_, r,
                                         a.invariants[r]),
                         /*ofFunction=*/true});
      continue;
    }
    LoopInstance &inst = registry_.at(q.instanceOf[r]);
    if (std::string c =
            witnessInvariant(x_.ctx(), q, registry_, r, a.invariants[r]);
        !c.empty())
      inst.witnessConjuncts.push_back(std::move(c));
    std::string text =
        describeInvariant(x_.ctx(), q, registry_, r, a.invariants[r]);
    if (quantified)
      for (const solver::HornAnswer::Quantified &f : a.quantified[r])
        if (std::string t = describeQuantified(x_.ctx(), q, registry_, r, f);
            !t.empty())
          text += (text.empty() ? "" : " && ") + ("(" + t + ")");
    addInvariant(invariants, {inst.where, inst.function, std::move(text)});
  }
}

solver::HornAnswer LoopSummarizer::solve(const HornQuestion &q) {
  LoopStats &st = registry_.stats;
  solver::HornAnswer a;
  if (!q.unsupported.empty()) {
    a.reason = q.unsupported;
    return a;
  }
  // --dump-horn: the question as asked, for other CHC solvers and for
  // reading the encoding (seed 001 §7's equations, one clause each).
  if (const std::string &dir = registry_.options.hornDumpDir; !dir.empty())
    std::ofstream(fmt::format("{}/horn-{}.smt2", dir, st.hornQueries + 1))
        << q.system.str();
  solver::HornOptions o;
  o.earlier = &registry_.provedInvariants;
  o.timeoutSeconds = std::max(
      0.1, std::min(registry_.options.hornTimeoutSeconds, x_.secondsLeft()));
  a = solver::solveHorn(x_.ctx(), q.system, o);
  ++st.hornQueries;
  st.hornSeconds += a.seconds;
  return a;
}

bool LoopSummarizer::refutes(const HornQuestion &q,
                             const solver::HornAnswer &a) {
  if (a.status != solver::HornAnswer::Safe)
    return false;
  ++registry_.stats.refutedByHorn;
  for (size_t r = 0; r < a.invariants.size(); ++r) {
    if (!a.invariants[r])
      continue;
    std::vector<ExprRef> &known =
        registry_.provedInvariants[q.system.relations()[r].name];
    const expr::Expr *inv = a.invariants[r].get();
    auto add = [&](const ExprRef &c) {
      if (!c->isTrue() && std::find(known.begin(), known.end(), c) == known.end())
        known.push_back(c);
    };
    if (inv->kind() == expr::Kind::And)
      for (unsigned k = 0; k < inv->numChildren(); ++k)
        add(ExprRef(inv->child(k)));
    else
      add(a.invariants[r]);
  }
  if (q.exact)
    recordInvariants(q, a);
  return true;
}

bool LoopSummarizer::confirmByExtremeParams(LoopCandidate &c) {
  size_t tried = 0;
  for (size_t id : LoopPathData::find(*c.state)->atoms)
    for (const ExprRef &p : registry_.at(id).params) {
      if (tried == kExtremeParams)
        return false;
      if (!p->sort().isBV() || p->isConst())
        continue;
      ++tried;
      if (confirmAtExtremes(x_, c, p))
        return true;
    }
  return false;
}

void LoopSummarizer::decide(LoopCandidate c) {
  LoopStats &st = registry_.stats;
  if (!enclosing_) {
    for (size_t id : LoopPathData::find(*c.state)->atoms)
      if (const LoopInstance &inst = registry_.at(id); inst.arrival) {
        if (inst.resumed)
          return; // the loop is being unrolled: that decides it
        if (registry_.unrolledHeads.count(inst.head) && unrollInstead(c))
          return; // its summaries left an error undecided before
        break;
      }
    if (const SummarisedCall *call =
            registry_.firstProgramCall(LoopPathData::find(*c.state)->calls)) {
      if (call->resumed)
        return; // the call is being run: that decides it
      if (registry_.unrolledFunctions.count(
              registry_.function(call->function).function) &&
          unrollInstead(c))
        return;
    }
  }
  ++st.errorCandidates;
  if (confirmByRun(x_, c)) {
    ++st.confirmedByRun;
    return;
  }
  // Acceleration reads loops only: a summarised call's result would be
  // unconstrained there.
  bool hasCalls = !LoopPathData::find(*c.state)->calls.empty();
  if (const SummarisedCall *call =
          registry_.firstProgramCall(LoopPathData::find(*c.state)->calls);
      call && confirmAtExtremes(x_, c, firstInput(*call))) {
    ++st.confirmedByRun;
    return;
  }
  if (!hasCalls)
    for (unsigned phases : kAccelerationPhases)
      if (AcceleratedPath p =
              accelerate(x_, registry_, c, phases, /*runnable=*/true);
          p.inputs && confirmByRun(x_, c, p.inputs, kLongRunSeconds)) {
        ++st.confirmedByRun;
        return;
      }
  SourceLocation at = errorLocation(x_, *c.state, c.end);
  HornQuestion q = hornQuestionFor(x_, registry_, c);
  solver::HornAnswer a = solve(q);
  if (refutes(q, a))
    return;
  if (!q.exact && enclosing_) {
    // The enclosing loop's Rec may exclude it: asked again once that loop's
    // body is complete.
    enclosing_->candidates.push_back(std::move(c));
    --st.errorCandidates;
    return;
  }
  if (!hasCalls)
    for (unsigned phases : kAccelerationPhases)
      if (AcceleratedPath p =
              accelerate(x_, registry_, c, phases, /*runnable=*/false);
          p.exact) {
        // Too deep to run in seconds, but every iteration was checked.
        ++st.provedByAcceleration;
        reporting_ = true;
        x_.terminateError(*c.state, c.end.error, c.end.message, c.end.stack,
                          p.exact);
        reporting_ = false;
        return;
      }
  if (a.status == solver::HornAnswer::Unsafe && q.exact && !q.forgetsEntry) {
    ++st.provedByHorn;
    // Reachable; unrolling from the arrival finds it with inputs that
    // reproduce it (Spacer's derivations are short). Only without an
    // arrival to unroll from is it reported with the over-approximation's.
    if (!enclosing_ && unrollInstead(c))
      return;
    reporting_ = true;
    x_.terminateError(*c.state, c.end.error, c.end.message, c.end.stack);
    reporting_ = false;
    return;
  }
  // Undecided: the error may need many iterations that no phase of
  // constant steps describes (an array written in the loop). Runs on the
  // inputs that make the loops' parameters (their bounds, mostly) as large
  // and as small as the path allows often take them.
  if (!hasCalls && !enclosing_ && confirmByExtremeParams(c)) {
    ++st.confirmedByRun;
    return;
  }
  ++st.undecided;
  if (!enclosing_ && unrollInstead(c))
    return;
  const LoopPathData &d = *LoopPathData::find(*c.state);
  std::string past =
      d.atoms.empty()
          ? fmt::format("the recursive call at {}:{}",
                        registry_.call(d.calls.back()).where.file,
                        registry_.call(d.calls.back()).where.line)
          : fmt::format("the loop at {}:{}",
                        registry_.at(d.atoms.back()).where.file,
                        registry_.at(d.atoms.back()).where.line);
  x_.noteUnknown(fmt::format(
      "whether the {} at {}:{} is reachable past {} was not decided: {}",
      engine::errorKindName(c.end.error), at.file, at.line, past,
      a.reason.empty() ? "the Horn solver answered unknown" : a.reason));
}

} // namespace cosmo::summary
