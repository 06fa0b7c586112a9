//===- CallReplay.cpp - recording and replaying memoization trees ---------===//
//
// Seed 002 §IV.A (building: noteChoice, recordLeaf), §IV.B algorithm 2
// (composeCall, decideGuided) and algorithm 3 (the heap check inside
// composeCall). See CallReplay.h for why a guided replay explores exactly
// the paths inline exploration does.
//
//===----------------------------------------------------------------------===//

#include "CallReplay.h"
#include "ExecutorImpl.h"
#include "cosmo/solver/PathFacts.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <cassert>
#include <chrono>
#include <map>
#include <unordered_map>

namespace cosmo::engine {

using solver::PathFacts;
using summary::HeapFact;
using summary::LeafKind;
using summary::MemoNode;
using summary::MemoTree;
using summary::PcPair;

//===--- Building ---------------------------------------------------------===//

bool ExecutorImpl::noteChoice(ExecutionState &s, const llvm::Instruction &site,
                              unsigned choice) {
  if (!building_ || !s.treeNode)
    return true;
  s.treeNode = building_->extend(s.treeNode, siteOf(&site), choice,
                                 s.guide.has_value());
  if (++s.treeDepth > opts_.summaryDepth) {
    terminateCut(s, fmt::format("summary depth of {} conditionals reached",
                                opts_.summaryDepth));
    return false;
  }
  return true;
}

void ExecutorImpl::recordLeaf(ExecutionState &s, LeafKind kind,
                              const std::string &errorKind,
                              const std::string &detail,
                              const std::optional<ExprRef> &returned,
                              const std::vector<SourceLocation> &stack) {
  if (!building_ || !s.treeNode || !buildInvalid_.empty())
    return;
  if (building_->pairs().size() >= opts_.summaryMaxPaths) {
    buildInvalid_ = fmt::format("more than {} paths", opts_.summaryMaxPaths);
    return;
  }
  PcPair p;
  p.kind = kind;
  p.errorKind = errorKind;
  p.detail = detail;
  if (kind != LeafKind::Completed) {
    SourceLocation loc = stack.empty() ? programLocation(s) : stack.front();
    p.file = loc.file;
    p.line = loc.line;
  }
  if (kind == LeafKind::Error && failingCheck_) {
    p.checkSite = siteOf(failingCheck_->site);
    p.checkOrdinal = failingCheck_->ordinal;
  }
  if (kind == LeafKind::Error)
    for (const SourceLocation &f : stack.empty() ? stackOf(s) : stack)
      p.stack.push_back({f.function, f.file, f.line});
  // The input objects, in creation order.
  std::map<uint64_t, size_t> objectAt;
  std::unordered_set<const expr::Expr *> inputVars;
  for (const InputRecord &in : s.inputs) {
    if (in.var)
      inputVars.insert(in.var.get());
    if (in.source != "input-memory" || !in.address)
      continue;
    objectAt[in.address] = p.objects.size();
    const memory::ObjectEntry *e = s.memory.findByBase(in.address);
    p.objects.push_back({in.byteVars, e ? e->object->typeTag : nullptr});
    for (const ExprRef &b : in.byteVars)
      inputVars.insert(b.get());
  }
  for (const summary::GlobalInput &g : building_->globals())
    inputVars.insert(g.var.get());
  // The heap path condition: the resolved input pointers. Their resolving
  // equalities name isolated addresses; the facts say the same in terms a
  // calling context can check, so the numeric pc leaves them out.
  std::vector<ExprRef> resolutions;
  std::vector<HeapFact> fresh, others;
  for (const auto &[ptr, lp] : s.lazyPointers) {
    if (!lp.target)
      continue;
    resolutions.push_back(ctx_.eq(ptr, pointer(*lp.target)));
    HeapFact f;
    f.pointer = ptr;
    f.path = lp.path;
    if (*lp.target == 0) {
      f.kind = HeapFact::Null;
      others.push_back(f);
      continue;
    }
    auto it = objectAt.find(*lp.target);
    if (it == objectAt.end()) {
      buildInvalid_ = "an input pointer resolved to an object that is not "
                      "an input";
      return;
    }
    f.object = it->second;
    f.kind = lp.createdTarget ? HeapFact::Fresh : HeapFact::Alias;
    (lp.createdTarget ? fresh : others).push_back(f);
  }
  std::sort(fresh.begin(), fresh.end(),
            [](const HeapFact &a, const HeapFact &b) {
              return a.object < b.object;
            });
  p.heap = std::move(fresh);
  p.heap.insert(p.heap.end(), others.begin(), others.end());
  std::vector<ExprRef> kept;
  for (const ExprRef &c : s.constraints.list())
    if (std::find(resolutions.begin(), resolutions.end(), c) ==
        resolutions.end())
      kept.push_back(c);
  p.pc = ctx_.andAll(kept);
  for (const ExprRef &v : expr::freeVariables(p.pc))
    if (!inputVars.count(v.get()))
      p.internalVariables = true;
  if (kind == LeafKind::Completed)
    recordEffect(s, p, objectAt, inputVars, returned);
  building_->addLeaf(s.treeNode, std::move(p));
}

//===--- Composition ------------------------------------------------------===//

std::unique_ptr<CallContext>
ExecutorImpl::fitCall(ExecutionState &s, const MemoTree &tree,
                      const std::vector<ExprRef> &args, bool exactExtent) {
  auto cc = std::make_unique<CallContext>();
  // The caller's bytes, read once per call (pairs share their objects).
  auto byteAt = [&](uint64_t address) -> ExprRef {
    auto [it, isNew] = cc->bytes.try_emplace(address);
    if (!isNew)
      return it->second;
    const memory::ObjectEntry *e = s.memory.find(address);
    if (!e || e->freed)
      return {};
    it->second =
        e->state->read(ctx_, ctx_.bv(64, address - e->object->address), 1);
    cc->concrete &= it->second->isConst();
    return it->second;
  };
  // Formals to actuals, the globals it reads to their current bytes.
  expr::Substitution base;
  for (size_t k = 0; k < tree.parameters().size() && k < args.size(); ++k)
    if (tree.parameters()[k]) {
      base.emplace(tree.parameters()[k], args[k]);
      cc->concrete &= args[k]->isConst();
    }
  std::unordered_set<uint64_t> inputGlobals;
  for (const summary::GlobalInput &g : tree.globals()) {
    ExprRef b = byteAt(g.address);
    if (!b)
      return nullptr;
    base.emplace(g.var, b);
    if (const memory::ObjectEntry *e = s.memory.find(g.address))
      inputGlobals.insert(e->object->address);
  }
  uint64_t isolatedStart = isolatedRegionStart();

  // Algorithm 3's heap check, exact for the contexts it accepts: every
  // input pointer the pair resolved is a concrete address in the caller,
  // and each new input object is a distinct object of the caller (not one
  // of the globals the function also reads by name).
  // `objects` maps the bytes of the pair's input objects placed so far;
  // the rest of its substitution is `base`, which pairs share (copied only
  // for each distinct placement: it holds every byte of the globals read).
  auto fit = [&](const PcPair &p, CallContext::Pair &cp,
                 expr::Substitution &objects) -> PairFit {
    std::vector<std::optional<uint64_t>> &objectAddress = cp.objectAddress;
    objectAddress.assign(p.objects.size(), std::nullopt);
    for (const HeapFact &f : p.heap) {
      ExprRef v = expr::rewriteBottomUp(ctx_, f.pointer,
                                        [&](const ExprRef &n) -> ExprRef {
                                          auto it = objects.find(n);
                                          if (it != objects.end())
                                            return it->second;
                                          auto jt = base.find(n);
                                          return jt == base.end()
                                                     ? ExprRef()
                                                     : jt->second;
                                        });
      if (v->kind() != expr::Kind::BVConst)
        return PairFit::Unrepresentable;
      uint64_t a = v->bvValue().getZExtValue();
      if (a >= isolatedStart)
        return PairFit::Unrepresentable;
      switch (f.kind) {
      case HeapFact::Null:
        if (a != 0)
          return PairFit::Inconsistent;
        break;
      case HeapFact::Alias:
        if (objectAddress[f.object] != a)
          return PairFit::Inconsistent;
        break;
      case HeapFact::Fresh: {
        if (a == 0)
          return PairFit::Inconsistent;
        const summary::InputObject &o = p.objects[f.object];
        const memory::ObjectEntry *e = s.memory.find(a);
        if (!e || e->freed || e->object->symbolicSize ||
            e->object->kind == memory::ObjectKind::Function ||
            a - e->object->address + o.bytes.size() > e->object->capacity ||
            (exactExtent && (a != e->object->address ||
                             o.bytes.size() != e->object->capacity)) ||
            inputGlobals.count(e->object->address))
          return PairFit::Unrepresentable;
        for (size_t j = 0; j < objectAddress.size(); ++j) {
          if (!objectAddress[j])
            continue;
          if (*objectAddress[j] == a && p.objects[j].typeTag == o.typeTag &&
              p.objects[j].bytes.size() == o.bytes.size())
            return PairFit::Inconsistent; // the alias pair covers it
          const memory::ObjectEntry *other = s.memory.find(*objectAddress[j]);
          if (other == e)
            return PairFit::Unrepresentable; // parts of one object
        }
        objectAddress[f.object] = a;
        cp.where.emplace_back(o.bytes.empty() ? nullptr : o.bytes[0].get(),
                              a);
        for (size_t k = 0; k < o.bytes.size(); ++k)
          objects[o.bytes[k]] = byteAt(a + k);
        break;
      }
      }
    }
    return PairFit::Consistent;
  };
  const std::vector<PcPair> &pairs = tree.pairs();
  cc->pairs.resize(pairs.size());
  for (size_t k = 0; k < pairs.size(); ++k) {
    CallContext::Pair &cp = cc->pairs[k];
    expr::Substitution objects;
    cp.fit = fit(pairs[k], cp, objects);
    if (cp.fit == PairFit::Unrepresentable)
      return nullptr;
    // Pairs that place the same input objects at the same addresses have
    // the same substitution.
    if (cp.fit != PairFit::Consistent)
      continue;
    auto [at, isNew] = cc->placed.try_emplace(cp.where);
    if (isNew) {
      at->second.sub = base;
      at->second.sub.insert(objects.begin(), objects.end());
    }
  }
  return cc;
}

MemoTreeInfo *ExecutorImpl::countInvocation(const MemoTree &tree) {
  ++summary_.stats.composition.invocations;
  if (building_)
    return nullptr;
  MemoTreeInfo *info = &summary_.trees.at(treeInfo_.at(&tree));
  ++info->invocations;
  return info;
}

std::vector<SourceLocation>
ExecutorImpl::calleeErrorStack(const PcPair &p, const ExecutionState &s,
                               bool calleeFramePushed) const {
  std::vector<SourceLocation> stack;
  for (const PcPair::Frame &f : p.stack)
    stack.push_back({f.file, f.line, f.function, 0});
  std::vector<SourceLocation> outer = stackOf(s);
  size_t skip = calleeFramePushed && !outer.empty() ? 1 : 0;
  stack.insert(stack.end(), outer.begin() + skip, outer.end());
  return stack;
}

void ExecutorImpl::composeCall(ExecutionState &s, const MemoTree &tree,
                               const std::vector<ExprRef> &args) {
  CompositionStats &st = summary_.stats.composition;
  MemoTreeInfo *info = countInvocation(tree);
  auto inlineInstead = [&] { ++st.inlined; };
  std::unique_ptr<CallContext> cc =
      fitCall(s, tree, args, /*exactExtent=*/false);
  if (!cc)
    return inlineInstead();
  const std::vector<PcPair> &pairs = tree.pairs();
  // The pairs the context does not rule out without the solver, with their
  // conditions in the caller's terms, simplified by what the path
  // condition says outright.
  std::optional<PathFacts> facts;
  std::vector<std::pair<size_t, ExprRef>> open;
  for (size_t k = 0; k < pairs.size(); ++k) {
    ++st.pairsChecked;
    if (cc->pairs[k].fit == PairFit::Inconsistent) {
      ++st.pairsInfeasible;
      ++st.pairsSolverFree;
      continue;
    }
    if (!facts)
      facts.emplace(ctx_, s.constraints.list());
    // Sibling leaves share their path condition's prefix (a left-nested
    // conjunction): under the same placement it is rebuilt once.
    ExprRef pc = facts->simplify(cc->inCaller(ctx_, k, pairs[k].pc));
    if (pc->isFalse()) {
      ++st.pairsInfeasible;
      ++st.pairsSolverFree;
      continue;
    }
    open.emplace_back(k, std::move(pc));
  }
  cc.reset();
  auto comp = std::make_shared<Composition>();
  comp->tree = &tree;
  comp->livePairs.assign(pairs.size(), 0);
  std::vector<solver::Model> models(pairs.size());
  // Algorithm 3 asks once per pair. Most pairs are infeasible in a given
  // context and the feasible ones are few, so ask instead whether any open
  // pair is feasible: the model found says which ones are (every pair it
  // satisfies), and those leave the disjunction; an unsat answer rules out
  // all the rest at once. That is (feasible pairs + 1) queries at most.
  bool anyLive = false;
  // Counts the solver's share of checking pairs, however composeCall ends;
  // compositions inside an isolated run count as its (init) cost.
  struct CompCost {
    CompositionStats &st;
    const solver::PipelineStats &ps;
    uint64_t queries, z3;
    std::chrono::steady_clock::time_point began;
    bool counted;
    ~CompCost() {
      if (!counted)
        return;
      st.pairCheckQueries += ps.queries - queries;
      st.pairCheckSolverCalls += ps.z3.queries - z3;
      st.pairCheckSeconds += std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - began)
                            .count();
    }
  } cost{st, solverStats_, solverStats_.queries, solverStats_.z3.queries,
         std::chrono::steady_clock::now(), building_ == nullptr};
  auto markLive = [&](size_t k, const solver::Model &m) {
    comp->livePairs[k] = 1;
    anyLive = true;
    if (!pairs[k].internalVariables)
      models[k] = m;
  };
  if (!building_ && opts_.target == Target::Errors &&
      shortCircuitErrors(s, tree, open))
    return;
  // A guided replay takes a branch without a constraint when only one side
  // leads to live pairs, which is exact only for a tree that has every
  // path: a tree pruned to its errors is never replayed.
  if (tree.prunedToErrors())
    return inlineInstead();
  // Marks the open pairs `m` satisfies as feasible; false if there are none.
  auto takeSatisfied = [&](const solver::Model &m) {
    size_t before = open.size();
    std::erase_if(open, [&](const std::pair<size_t, ExprRef> &o) {
      if (expr::evaluateBool(o.second, *m) != true)
        return false;
      markLive(o.first, m);
      return true;
    });
    return open.size() < before;
  };
  // The pairs cover every input of the function and the context maps to
  // one of them (fitCall): with one left open, it is the feasible one.
  if (open.size() == 1 && tree.pairsCoverAllInputs()) {
    ++st.pairsSolverFree;
    markLive(open.front().first, s.model);
    open.clear();
  }
  // Model reuse: the pairs the path's model satisfies are feasible.
  if (s.model)
    takeSatisfied(s.model);
  while (!open.empty()) {
    std::vector<ExprRef> disjuncts;
    for (const auto &[k, pc] : open)
      disjuncts.push_back(pc);
    solver::SolverResult r = ask(s, ctx_.orAll(disjuncts), /*wantModel=*/true);
    if (r.isUnknown())
      return inlineInstead();
    if (r.isUnsat()) {
      st.pairsInfeasible += open.size();
      break;
    }
    if (!r.model || !takeSatisfied(r.model)) {
      // No model, or one the evaluator cannot read: ask pair by pair.
      for (auto &[k, pc] : open) {
        solver::SolverResult one = ask(s, pc, /*wantModel=*/true);
        if (one.isUnknown())
          return inlineInstead();
        if (one.isUnsat())
          ++st.pairsInfeasible;
        else
          markLive(k, one.model);
      }
      break;
    }
  }
  if (!anyLive) // the context is one the isolated run did not meet
    return inlineInstead();
  comp->liveBelow = tree.liveBelow(comp->livePairs);
  const std::vector<MemoNode *> &nodes = tree.nodes();
  comp->frontierAt.assign(nodes.size(), 0);
  comp->modelBelow.assign(nodes.size(), nullptr);
  for (size_t k = nodes.size(); k-- > 0;) {
    const MemoNode *n = nodes[k];
    for (uint32_t p : n->pairs) {
      if (!comp->livePairs[p])
        continue;
      if (pairs[p].kind == LeafKind::Frontier)
        comp->frontierAt[k] = 1;
      if (!comp->modelBelow[k] && models[p])
        comp->modelBelow[k] = models[p];
    }
    if (n->parent && comp->modelBelow[k] && !comp->modelBelow[n->parent->id])
      comp->modelBelow[n->parent->id] = comp->modelBelow[k];
  }
  ++st.replayed;
  if (info)
    ++info->replayed;
  s.guide = GuideCursor{std::move(comp), tree.root(), s.stack.size(), {}};
}

bool ExecutorImpl::shortCircuitErrors(
    ExecutionState &s, const MemoTree &tree,
    std::vector<std::pair<size_t, ExprRef>> &open) {
  CompositionStats &st = summary_.stats.composition;
  const std::vector<PcPair> &pairs = tree.pairs();
  // H1: an error path whose condition holds in this context is an error of
  // the program; the model of the check gives its inputs. (A pair over
  // variables made inside the callee has no inputs to give: replayed.)
  bool undecided = false; // an error pair H1 could not decide
  for (auto it = open.begin(); it != open.end();) {
    const PcPair &p = pairs[it->first];
    std::optional<ErrorKind> kind = errorKindNamed(p.errorKind);
    if (p.kind != LeafKind::Error || p.internalVariables || !kind) {
      undecided |= p.kind == LeafKind::Error;
      ++it;
      continue;
    }
    solver::SolverResult r = ask(s, it->second, /*wantModel=*/true);
    if (r.isUnsat()) {
      ++st.pairsInfeasible;
      it = open.erase(it);
      continue;
    }
    if (!r.isSat() || !r.model) {
      undecided = true; // the replay decides
      ++it;
      continue;
    }
    ++st.errorsShortCircuited;
    s.constraints.add(it->second);
    if (opts_.solver.modelReuse)
      s.model = r.model;
    // The callee's own frame is still at its entry.
    terminateError(s, *kind, p.detail,
                   calleeErrorStack(p, s, /*calleeFramePushed=*/true),
                   r.model);
    return true;
  }
  if (!tree.prunedToErrors() || undecided)
    return false;
  // H2: the tree kept only its error paths and none is feasible here: the
  // path ends, unexplored.
  ++st.pathsPruned;
  s.terminated = true;
  noteUnknown("--prune-to-errors: paths through calls where no error path "
              "of the callee's tree was feasible were not explored");
  return true;
}

void ExecutorImpl::dropGuide(ExecutionState &s) {
  if (!s.guide)
    return;
  s.guide.reset();
  ++summary_.stats.composition.guidesDropped;
}

std::optional<ExecutorImpl::CheckSides>
ExecutorImpl::guidedCheck(const ExecutionState &s, const CheckId &check,
                          ErrorKind kind) const {
  (void)kind; // for the assertion only
  const Composition &cp = *s.guide->composition;
  const MemoNode *n = s.guide->node;
  if (cp.frontierAt[n->id])
    return std::nullopt;
  // The live pairs that reach this check: those below the node, but for
  // the errors of the checks the path passed at the node already. Of
  // them, this check's errors take the error side, the others the good
  // one (a check is met once at a node: between two conditionals the path
  // runs straight).
  const std::vector<CheckId> &passed = s.guide->checksPassed;
  CheckSides sides;
  for (uint32_t k : n->pairs) {
    const PcPair &p = cp.tree->pairs()[k];
    if (!cp.livePairs[k])
      continue;
    CheckId of{instructionAt(p.checkSite), p.checkOrdinal};
    bool byCheck = p.kind == LeafKind::Error && p.checkSite;
    if (byCheck && of == check) {
      // One check has one kind: its instruction and order say which.
      assert(p.errorKind == errorKindName(kind));
      sides.error = true;
    }
    else if (!byCheck ||
             std::find(passed.begin(), passed.end(), of) == passed.end())
      sides.good = true;
  }
  for (const auto &c : n->children)
    sides.good |= cp.liveBelow[c->id] != 0;
  return sides;
}

bool ExecutorImpl::decideGuided(
    ExecutionState &s, const llvm::Instruction &site,
    const std::vector<ExprRef> &conds,
    const std::vector<const llvm::BasicBlock *> &succs) {
  const Composition &cp = *s.guide->composition;
  const MemoNode *n = s.guide->node;
  // A path cut in isolation may pass here: its continuation is unknown.
  if (cp.frontierAt[n->id]) {
    dropGuide(s);
    return false;
  }
  std::vector<unsigned> live;
  std::vector<const MemoNode *> next;
  for (unsigned k = 0; k < conds.size(); ++k) {
    if (conds[k]->isFalse())
      continue;
    const MemoNode *c = n->child(siteOf(&site), k);
    bool isLive = c && cp.liveBelow[c->id];
    if (conds[k]->isTrue()) {
      // Decided by the context; the tree only follows.
      if (!isLive) {
        dropGuide(s);
        return false;
      }
      live = {k};
      next = {c};
      break;
    }
    if (isLive) {
      live.push_back(k);
      next.push_back(c);
    }
  }
  if (live.empty()) { // cannot happen for a tree that covers the context
    dropGuide(s);
    return false;
  }
  bool concrete = conds[live[0]]->isTrue();
  if (!concrete)
    ++summary_.stats.composition.guidedDecisions;
  if (live.size() == 1) {
    // The path condition already implies the one side (as when the solver
    // finds the other unsat: nothing is added).
    s.guide->node = next[0];
    s.guide->checksPassed.clear();
    if (noteChoice(s, site, live[0]))
      transferToBlock(s, succs[live[0]]);
    return true;
  }
  if (opts_.solver.modelReuse)
    for (const MemoNode *c : next)
      if (!cp.modelBelow[c->id]) {
        --summary_.stats.composition.guidedDecisions;
        dropGuide(s);
        return false;
      }
  ++s.symbolicBranches;
  std::vector<ExecutionState *> states{&s};
  for (size_t k = 1; k < live.size(); ++k)
    states.push_back(&clone(s));
  for (size_t k = 0; k < live.size(); ++k) {
    ExecutionState &t = *states[k];
    guidedAdd_ = true;
    addConstraint(t, conds[live[k]], cp.modelBelow[next[k]->id]);
    guidedAdd_ = false;
    t.guide->node = next[k];
    t.guide->checksPassed.clear();
    if (noteChoice(t, site, live[k]))
      transferToBlock(t, succs[live[k]]);
  }
  return true;
}

} // namespace cosmo::engine
