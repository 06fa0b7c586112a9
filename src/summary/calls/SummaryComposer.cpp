//===- SummaryComposer.cpp - formula summaries composed into calls --------===//
//
// Seed 001 section 4 (def. 4 refinement, def. 5 composition, def. 7 merge
// through guarded unions) at calls: see SummaryComposer.h.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/SummaryComposer.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/memory/SymbolicHeap.h"
#include "cosmo/solver/PathFacts.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace cosmo::summary {

using engine::ErrorKind;
using engine::errorKindNamed;
using solver::PathFacts;

namespace {
/// The largest summary composed (MemoTree::termNodes).
constexpr size_t kMaxComposedTermNodes = 20000;

/// Where the heap `blocks` a composed callee returns with will be allocated
/// in `s` (as its next allocations); false when the address space has no
/// room.
bool placeNewBlocks(const Executor &x, const ExecutionState &s,
                    const std::vector<Allocation> &blocks,
                    std::vector<uint64_t> &bases) {
  uint64_t index = s.nextObjectIndex; // as allocate() goes on from there
  for (const Allocation &a : blocks) {
    std::optional<uint64_t> address = x.addresses().place(index, a.size);
    if (!address)
      return false;
    bases.push_back(*address);
    index += x.addresses().slotsFor(a.size);
  }
  return true;
}

} // namespace

SummaryComposer::SummaryComposer(Executor &x, SummaryStore &store)
    : x_(x), ctx_(x.ctx()), opts_(x.options()), store_(store),
      bytes_(x.ctx(), 8, "caller") {}

bool SummaryComposer::onCall(ExecutionState &s, const llvm::CallBase &call,
                             const llvm::Function &f,
                             std::vector<ExprRef> &args) {
  // --max-depth counts the callee's forks, which a composed call does not
  // make: limits keep inlining.
  if (opts_.maxDepth)
    return false;
  const MemoTree *tree = store_.treeOf(f);
  return tree && composeSummary(s, call, *tree, args);
}

bool SummaryComposer::composeSummary(ExecutionState &s,
                                     const llvm::CallBase &call,
                                     const MemoTree &tree,
                                     const std::vector<ExprRef> &args) {
  CompositionStats &st = store_.stats;
  MemoTreeInfo *info = store_.countInvocation(tree);
  // Isolated runs compose too; the statistics describe the program's run.
  bool counted = store_.building == nullptr;
  auto inlineInstead = [&](const std::string &why) {
    ++st.inlined;
    if (counted)
      ++st.inlinedBecause[why];
    return false;
  };
  if (tree.prunedToErrors())
    return inlineInstead("its tree keeps only error paths");
  // Every call rewrites the summary's terms in the caller's: a summary
  // this large (a table read at a symbolic index, an ite over its every
  // byte) costs more at each call than running the callee, and its
  // guarded unions would weigh on every later query.
  if (tree.termNodes() > kMaxComposedTermNodes)
    return inlineInstead(fmt::format("its summary has more than {} term "
                                     "nodes",
                                     kMaxComposedTermNodes));
  // The isolated run's paths that left an input object's bounds are
  // errors only if the caller's object is exactly that object: a larger
  // one would let the callee read on. A callee that never left them
  // behaves the same on any window of the caller's object that fits (an
  // element of an array, a struct inside a struct).
  bool extentMatters = std::any_of(
      tree.pairs().begin(), tree.pairs().end(), [](const PcPair &p) {
        return p.kind == LeafKind::Error &&
               errorKindNamed(p.errorKind) == ErrorKind::OutOfBounds;
      });
  std::unique_ptr<CallContext> cc = fitCall(x_, s, tree, args, extentMatters);
  if (!cc)
    return inlineInstead("the calling context's memory is one the summary "
                         "cannot express (objects of other sizes, symbolic "
                         "pointers)");
  // A call on concrete values runs the callee's one path at the cost of
  // its instructions; composing it costs more (smart, and auto's choice).
  if ((store_.options.calls == CallStrategy::Smart ||
       store_.options.calls == CallStrategy::Auto) &&
      cc->concrete) {
    st.inlinedConcrete += counted;
    return false;
  }
  const std::vector<PcPair> &pairs = tree.pairs();
  struct Arm {
    size_t pair;
    ExprRef guard;
  };
  std::vector<Arm> returns, errors;
  // The path's facts about the variables the pairs' conditions read: the
  // rest of the path cannot fold them, and a long path's every fact at
  // every call would make composing quadratic in the path.
  std::vector<ExprRef> read;
  {
    std::set<ExprRef> seen;
    for (size_t k = 0; k < pairs.size(); ++k)
      if (cc->pairs[k].fit == PairFit::Consistent)
        for (const ExprRef &v :
             expr::freeVariables(cc->inCaller(ctx_, k, pairs[k].pc)))
          if (seen.insert(v).second)
            read.push_back(v);
  }
  PathFacts facts(ctx_, s.constraints.relevantTo(read).constraints);
  // `e` of pair `k` in the caller's terms, simplified by the path's facts.
  auto inContext = [&](size_t k, const ExprRef &e) {
    return facts.simplify(cc->inCaller(ctx_, k, e));
  };
  for (size_t k = 0; k < pairs.size(); ++k) {
    if (cc->pairs[k].fit != PairFit::Consistent)
      continue;
    const PcPair &p = pairs[k];
    ExprRef g = inContext(k, p.pc);
    if (g->isFalse())
      continue;
    if (p.kind == LeafKind::Frontier)
      return inlineInstead("its isolated run was cut on a path (" +
                           p.detail + ")");
    if (p.internalVariables)
      return inlineInstead("a path's condition depends on values made "
                           "inside the function");
    if (p.kind == LeafKind::Error) {
      std::optional<ErrorKind> kind = errorKindNamed(p.errorKind);
      if (!kind)
        return inlineInstead("an error path of unknown kind");
      // Whether a free is valid depends on what the caller's object is
      // (a heap block, freed or not), which the isolated run's input
      // object does not stand for.
      if (*kind == ErrorKind::InvalidFree || *kind == ErrorKind::DoubleFree)
        return inlineInstead("an error path frees memory it was given");
      errors.push_back({k, g});
      continue;
    }
    if (!p.opaqueEffect.empty())
      return inlineInstead(p.opaqueEffect);
    returns.push_back({k, g});
  }

  // The heap blocks the callee returns with are new objects of the caller
  // (seed 001 footnote 3), one per block, wherever its paths agree on
  // their number and sizes; they go where the caller's next allocations
  // would.
  std::vector<uint64_t> fresh;
  const std::vector<Allocation> *shape =
      returns.empty() ? nullptr : &pairs[returns.front().pair].allocations;
  for (const Arm &a : returns) {
    const std::vector<Allocation> &as = pairs[a.pair].allocations;
    bool same = as.size() == shape->size();
    for (size_t j = 0; same && j < as.size(); ++j)
      same = as[j].size == (*shape)[j].size;
    if (!same)
      return inlineInstead("its paths allocate different blocks");
  }
  if (shape && !placeNewBlocks(x_, s, *shape, fresh))
    return inlineInstead("the address space has no room for the blocks it "
                         "allocates");

  // The callee's effect in the caller's terms. Pointers that stay
  // symbolic would be followed without the lazy initialisation the
  // callee's own loads would have done: those calls run the callee.
  ExprRef result;
  if (!call.getType()->isVoidTy()) {
    std::vector<memory::GuardedValue> arms;
    for (const Arm &a : returns) {
      const PcPair &p = pairs[a.pair];
      ExprRef r = p.resultAddress
                      ? x_.pointer(fresh[p.resultAddress->first] +
                                p.resultAddress->second)
                      : inContext(a.pair, p.result);
      if (!r)
        return inlineInstead("a path returns no value");
      if (call.getType()->isPointerTy() && !r->isConst())
        return inlineInstead("it returns a pointer that is symbolic here");
      arms.push_back({a.guard, r});
    }
    if (!arms.empty())
      result = memory::guardedUnion(ctx_, arms);
  }
  // The callee's effect, by seed 001 section 4 on the caller's concrete
  // addresses: each returning path's writes are a heap sigma_k (values in
  // the caller's terms, new blocks where they will be placed), and the
  // effect is merge(<g_k, sigma_k>) (def. 7), where LI(x) stands for the
  // byte x holds before the call on the paths that leave it alone.
  std::vector<memory::GuardedHeap> paths;
  std::set<uint64_t> pointerWriter; // bytes a path that stores pointers wrote
  for (const Arm &a : returns) {
    const PcPair &p = pairs[a.pair];
    const CallContext::Pair &cp = cc->pairs[a.pair];
    memory::SymbolicHeap sigma(bytes_);
    auto write = [&](uint64_t address, const ExprRef &v, bool isPointer) {
      if (isPointer)
        pointerWriter.insert(address);
      sigma.write(ctx_.bv(64, address), v);
    };
    for (const ByteWrite &w : p.writes) {
      ExprRef v = inContext(a.pair, w.value);
      if (w.pointer && !v->isConst())
        return inlineInstead("it stores a pointer that is symbolic here");
      write(w.object == ByteWrite::kGlobal
                ? w.offset
                : *cp.objectAddress[w.object] + w.offset,
            v, w.pointer);
    }
    // The new blocks' content, then the pointers to them it stored.
    for (size_t j = 0; j < p.allocations.size(); ++j)
      for (uint64_t k = 0; k < p.allocations[j].size; ++k)
        if (const ExprRef &b = p.allocations[j].bytes[k]) {
          ExprRef v = inContext(a.pair, b);
          bool isPointer = p.allocations[j].pointer[k];
          if (isPointer && !v->isConst())
            return inlineInstead("it stores a pointer that is symbolic here");
          write(fresh[j] + k, v, isPointer);
        }
    for (const AddressWrite &w : p.addressWrites) {
      uint64_t at = w.inAllocation ? fresh[w.object] + w.offset
                    : w.object == ByteWrite::kGlobal
                        ? w.offset
                        : *cp.objectAddress[w.object] + w.offset;
      ExprRef v = x_.pointer(fresh[w.target] + w.delta);
      for (unsigned k = 0; k < x_.pointerBits() / 8; ++k)
        write(at + k, ctx_.extract(v, 8 * k + 7, 8 * k), true);
    }
    paths.push_back({a.guard, std::move(sigma)});
  }
  // The caller's memory after the call: its bytes where the callee writes,
  // as a heap, composed with the effect (def. 5; theorem 15, writes at the
  // caller's locations), which refines each LI(x) to the caller's byte.
  memory::SymbolicHeap after(bytes_);
  if (!paths.empty()) {
    memory::SymbolicHeap effect = memory::merge(paths);
    memory::SymbolicHeap before(bytes_);
    for (const ExprRef &x : effect.domain())
      before.write(x, byteAt(ctx_, s, x->bvValue().getZExtValue()));
    after = memory::compose(before, effect);
  }
  // A pointer that differs between the callee's paths (or between a path
  // and the caller's old value) would be a union of addresses in the
  // caller's memory: the next call that follows it could not place its
  // input objects, and every load through it forks anyway. Such calls run
  // the callee, which forks once, here.
  for (uint64_t address : pointerWriter)
    if (!after.lookup(ctx_.bv(64, address))->isConst())
      return inlineInstead("the pointers it stores differ between its paths");
  // The errors the callee reaches from here, and whether it returns.
  std::vector<std::pair<const Arm *, solver::Model>> reached;
  for (const Arm &e : errors) {
    solver::SolverResult r = x_.ask(s, e.guard, /*wantModel=*/true);
    if (r.isUnknown())
      return inlineInstead("the solver could not decide an error path");
    if (r.isSat())
      reached.emplace_back(&e, r.model);
  }
  ExprRef returnsGuard;
  solver::Model returnsModel;
  if (!returns.empty() && reached.empty() && tree.pairsCoverAllInputs()) {
    // The path condition implies one of the pairs (they cover every
    // input) and none of the errors: it implies the returning ones.
    returnsGuard = ctx_.trueE();
  } else if (!returns.empty()) {
    std::vector<ExprRef> gs;
    for (const Arm &a : returns)
      gs.push_back(a.guard);
    returnsGuard = ctx_.orAll(gs);
    solver::SolverResult r = x_.ask(s, returnsGuard, /*wantModel=*/true);
    if (r.isUnknown())
      return inlineInstead("the solver could not decide whether it returns");
    if (r.isUnsat())
      returnsGuard = nullptr;
    else
      returnsModel = r.model;
  }
  if (reached.empty() && !returnsGuard)
    return inlineInstead("no path of the summary is feasible here");

  st.summariesComposed += counted;
  if (info)
    ++info->replayed;
  // Each reachable error ends a path of its own.
  for (const auto &[e, model] : reached) {
    const PcPair &p = pairs[e->pair];
    ExecutionState &c = x_.clone(s);
    x_.addConstraint(c, e->guard, model);
    x_.terminateError(c, *errorKindNamed(p.errorKind), p.detail,
                   calleeErrorStack(x_, p, c, /*calleeFramePushed=*/false),
                   model);
  }
  if (!returnsGuard) { // every path from here ends in the callee
    x_.terminateInfeasible(s);
    return true;
  }
  if (!returnsGuard->isTrue())
    x_.addConstraint(s, returnsGuard, returnsModel);
  for (size_t j = 0; j < fresh.size(); ++j) {
    uint64_t base =
        x_.allocate(s, (*shape)[j].size, memory::ObjectKind::Heap,
                 (*shape)[j].name, ctx_.arrayVar(s.freshName("uninit")));
    assert(base == fresh[j] && "new blocks go where they were placed");
    const summary::Allocation &a = (*shape)[j];
    x_.setAllocationSite(s, base, {a.siteFile, a.siteLine, a.siteFunction});
  }
  for (const auto &[location, v] : after.cells()) {
    uint64_t address = location->bvValue().getZExtValue();
    uint64_t base = s.memory.find(address)->object->address;
    s.memory.writable(base).writeByte(ctx_, address - base, v);
  }
  x_.returnValue(s, call, result);
  return true;
}

} // namespace cosmo::summary
