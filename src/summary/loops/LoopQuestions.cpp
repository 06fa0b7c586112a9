//===- LoopQuestions.cpp - the questions asked about recursive states -----===//
//
// Seed 001 section 7 (theorems 18-19): a formula over Rec(id) is satisfiable
// iff a recursive first-order program reaches its error; here that program
// is a system of constrained Horn clauses, one relation per recursive
// state (LoopInstance), one clause per arrival and per path of its body,
// and the candidate's path as the query. Also the cheap and exact checks
// asked before it: a run of the program on the inputs of a model, at the
// extremes of an input. CandidateDecider.cpp decides with them.
//
//===----------------------------------------------------------------------===//

#include "loops/LoopInstance.h"
#include "recursion/RecursiveFunction.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <set>

namespace cosmo::summary {

using engine::ErrorKind;
using engine::PathEnd;
using engine::SourceLocation;

namespace {

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

} // namespace

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
                  double seconds, bool *forked, bool zeroTheRest,
                  FruitlessRuns *fruitless) {
  if (!model) {
    solver::SolverResult m = x.pathModel(*c.state);
    if (!m.isSat() || !m.model)
      return false;
    model = m.model;
  }
  // Every input takes the model's value of its variable, or for an input
  // a loop body makes, the value of that body's input in the model (every
  // iteration the same). Inputs are named alike on the same path: the
  // model's bytes fix the run's memory inputs before they are made. The
  // run's other paths are not the program run's: they end silently.
  ConfirmingRun run(x, "the run on the inputs of a loop summary", seconds,
                    64);
  run.pinScalars(*model, nullptr, inputKey)
      .pinBytes(*model, [](const ExprRef &v) { return v->width() == 8; })
      .onlyErrors();
  // A state has a model only with model reuse (which keeps it one of the
  // path's): without, a model left here would give the error the run
  // finds the inputs of the summary's path, not its own.
  if (zeroTheRest)
    run.zeroTheRest();
  run.skippingAlike(fruitless);
  if (x.options().solver.modelReuse)
    run.startWithModel(model);
  bool reached = run.reaches(c.end.error, errorLocation(x, *c.state, c.end));
  if (forked)
    *forked = run.forkedPastItsStates();
  return reached;
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
    query.atoms = data->atoms.toVector();
    query.calls = data->calls.toVector();
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
  auto callAtomsOf = [&](const auto &ids, // a vector or an IdLog
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
  auto atomsOf = [&](const auto &ids) {
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
    q.system.addClause({std::move(arrival), ctx.andAll(inst.arrivalPc.list()),
                        solver::HornAtom{r, atomArgs(inst, inst.entry)}});
    for (const LoopIteration &it : inst.iterations) {
      std::vector<solver::HornAtom> body = atomsOf(std::vector<size_t>{id});
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

} // namespace cosmo::summary
