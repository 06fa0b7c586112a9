//===- TreeReplayer.cpp - a memoization tree guides a call ----------------===//
//
// Seed 002 section IV.B, algorithm 2 (composeCall marks the pairs, onBranch
// and onCheck follow the tree), with algorithm 3's heap check (fitCall,
// CallContext.cpp) and section IV.E's heuristics H1/H2
// (shortCircuitErrors). See TreeReplayer.h for why a guided replay explores
// exactly the paths inline exploration does.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/TreeReplayer.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/solver/PathFacts.h"

#include <fmt/format.h>

#include <cassert>
#include <chrono>

namespace cosmo::summary {

using engine::CheckId;
using engine::CheckSides;
using engine::ErrorKind;
using engine::errorKindNamed;
using engine::Target;
using solver::PathFacts;

TreeReplayer::TreeReplayer(Executor &x, SummaryStore &store)
    : x_(x), ctx_(x.ctx()), opts_(x.options()), store_(store) {}

TreeReplayer::Guide *TreeReplayer::guideOf(const ExecutionState &s) {
  return static_cast<Guide *>(
      s.hookStates.get(engine::hookSlot<TreeReplayer>()));
}

void TreeReplayer::onCallEntered(ExecutionState &s, const llvm::Function &f,
                                 const std::vector<ExprRef> &args) {
  // --max-depth counts forks the way the solver finds them; a guided
  // replay would count a switch's differently, so limits keep inlining.
  if (guideOf(s) || opts_.maxDepth)
    return;
  if (const MemoTree *tree = store_.treeOf(f))
    composeCall(s, *tree, args);
}

void TreeReplayer::onReturn(ExecutionState &s) {
  if (const Guide *g = guideOf(s); g && s.stack.size() < g->depth)
    s.hookStates.set(engine::hookSlot<TreeReplayer>(),
                     nullptr); // back in the caller: the solver decides again
}

void TreeReplayer::onCheckPassed(ExecutionState &s, const CheckId &check) {
  if (Guide *g = guideOf(s))
    g->checksPassed.push_back(check);
}

void TreeReplayer::composeCall(ExecutionState &s, const MemoTree &tree,
                               const std::vector<ExprRef> &args) {
  CompositionStats &st = store_.stats;
  MemoTreeInfo *info = store_.countInvocation(tree);
  auto inlineInstead = [&] { ++st.inlined; };
  std::unique_ptr<CallContext> cc =
      fitCall(x_, s, tree, args, /*exactExtent=*/false);
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
  } cost{st, x_.solverStats(), x_.solverStats().queries, x_.solverStats().z3.queries,
         std::chrono::steady_clock::now(), store_.building == nullptr};
  auto markLive = [&](size_t k, const solver::Model &m) {
    comp->livePairs[k] = 1;
    anyLive = true;
    if (!pairs[k].internalVariables)
      models[k] = m;
  };
  if (!store_.building && opts_.target == Target::Errors &&
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
    solver::SolverResult r = x_.ask(s, ctx_.orAll(disjuncts), /*wantModel=*/true);
    if (r.isUnknown())
      return inlineInstead();
    if (r.isUnsat()) {
      st.pairsInfeasible += open.size();
      break;
    }
    if (!r.model || !takeSatisfied(r.model)) {
      // No model, or one the evaluator cannot read: ask pair by pair.
      for (auto &[k, pc] : open) {
        solver::SolverResult one = x_.ask(s, pc, /*wantModel=*/true);
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
  auto guide = std::make_unique<Guide>();
  guide->composition = std::move(comp);
  guide->node = tree.root();
  guide->depth = s.stack.size();
  s.hookStates.set(engine::hookSlot<TreeReplayer>(), std::move(guide));
}

bool TreeReplayer::shortCircuitErrors(
    ExecutionState &s, const MemoTree &tree,
    std::vector<std::pair<size_t, ExprRef>> &open) {
  CompositionStats &st = store_.stats;
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
    solver::SolverResult r = x_.ask(s, it->second, /*wantModel=*/true);
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
    x_.terminateError(s, *kind, p.detail,
                   calleeErrorStack(x_, p, s, /*calleeFramePushed=*/true),
                   r.model);
    return true;
  }
  if (!tree.prunedToErrors() || undecided)
    return false;
  // H2: the tree kept only its error paths and none is feasible here: the
  // path ends, unexplored.
  ++st.pathsPruned;
  s.terminated = true;
  x_.noteUnknown("--prune-to-errors: paths through calls where no error path "
              "of the callee's tree was feasible were not explored");
  return true;
}

void TreeReplayer::dropGuide(ExecutionState &s) {
  if (!guideOf(s))
    return;
  s.hookStates.set(engine::hookSlot<TreeReplayer>(), nullptr);
  ++store_.stats.guidesDropped;
}

std::optional<CheckSides> TreeReplayer::onCheck(const ExecutionState &s,
                                                const CheckId &check,
                                                ErrorKind kind) {
  (void)kind; // for the assertion only
  const Guide *g = guideOf(s);
  if (!g)
    return std::nullopt;
  const Composition &cp = *g->composition;
  const MemoNode *n = g->node;
  if (cp.frontierAt[n->id])
    return std::nullopt;
  // The live pairs that reach this check: those below the node, but for
  // the errors of the checks the path passed at the node already. Of
  // them, this check's errors take the error side, the others the good
  // one (a check is met once at a node: between two conditionals the path
  // runs straight).
  const std::vector<CheckId> &passed = g->checksPassed;
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

bool TreeReplayer::onBranch(
    ExecutionState &s, const llvm::Instruction &site,
    const std::vector<ExprRef> &conds,
    const std::vector<const llvm::BasicBlock *> &succs) {
  Guide *g = guideOf(s);
  if (!g)
    return false;
  const Composition &cp = *g->composition;
  const MemoNode *n = g->node;
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
    ++store_.stats.guidedDecisions;
  if (live.size() == 1) {
    // The path condition already implies the one side (as when the solver
    // finds the other unsat: nothing is added).
    g->node = next[0];
    g->checksPassed.clear();
    x_.takeBranch(s, site, live[0], succs[live[0]], /*decided=*/true);
    return true;
  }
  if (opts_.solver.modelReuse)
    for (const MemoNode *c : next)
      if (!cp.modelBelow[c->id]) {
        --store_.stats.guidedDecisions;
        dropGuide(s);
        return false;
      }
  ++s.symbolicBranches;
  std::vector<ExecutionState *> states{&s};
  for (size_t k = 1; k < live.size(); ++k)
    states.push_back(&x_.clone(s));
  for (size_t k = 0; k < live.size(); ++k) {
    ExecutionState &t = *states[k];
    x_.addConstraint(t, conds[live[k]], cp.modelBelow[next[k]->id],
                     /*decided=*/true);
    Guide *tg = guideOf(t);
    tg->node = next[k];
    tg->checksPassed.clear();
    x_.takeBranch(t, site, live[k], succs[live[k]], /*decided=*/true);
  }
  return true;
}

} // namespace cosmo::summary
