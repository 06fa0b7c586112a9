//===- CallSummary.cpp - formula summaries composed into calls ------------===//
//
// `--calls=summary` and `--calls=smart`. A function's isolated run (the
// same one that builds its memoization tree, SummaryBuilder.cpp) records for
// every completed path its effect over the function's inputs: the result
// r_i and the bytes sigma_i it left changed in input objects and globals
// (recordEffect). Its formula summary is the union of its paths (seed 001
// section 4): the result union(<g_i, r_i>), the heap merge(<g_i, sigma_i>),
// and the guards of its error paths.
//
// At a call, composeSummary refines the summary by the calling context
// (seed 001 def. 4: the inputs become the caller's values, exactly the
// substitution algorithm 3 of seed 002 builds for a tree's pairs) and
// composes it into the caller's state (def. 5: each written byte becomes a
// guarded union over the paths that write it, the caller's value
// otherwise). The caller goes on as one state: no fork per path of the
// callee (seed 000 section 1.4). A callee error whose guard holds in the
// context is an error of the program, reported with inputs from the model.
//
// Why this is exact: the pairs' guards are disjoint (each is one path of
// the callee) and, for a summary with no frontier, cover every input; the
// caller's path condition gains their disjunction over the completed
// paths, which is the set of inputs on which the call returns. A summary
// is used only when that holds and every path's effect is expressible;
// otherwise the call is inlined and the statistics say why.
//
//===----------------------------------------------------------------------===//

#include "CallReplay.h"
#include "ExecutorImpl.h"
#include "cosmo/solver/PathFacts.h"

#include "cosmo/expr/Assignment.h"
#include "cosmo/memory/SymbolicHeap.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace cosmo::engine {

namespace {
/// The largest summary composed (MemoTree::termNodes).
constexpr size_t kMaxComposedTermNodes = 20000;
} // namespace

using solver::PathFacts;
using summary::ByteWrite;
using summary::LeafKind;
using summary::MemoTree;
using summary::PcPair;

void ExecutorImpl::recordEffect(
    ExecutionState &s, PcPair &p, const std::map<uint64_t, size_t> &objectAt,
    const std::unordered_set<const expr::Expr *> &inputVars,
    const std::optional<ExprRef> &returned) {
  if (!returned) {
    p.opaqueEffect = "a path ends the program";
    return;
  }
  p.result = *returned;
  p.storesPointers = s.storedPointer;
  if (s.storedOwnAddress) {
    p.opaqueEffect = "a path copies memory of its own into memory that "
                     "outlives it";
    return;
  }
  unsigned pointerBytes = pointerBits() / 8;
  std::set<uint64_t> pointerAt; // bytes of the pointers it stored
  for (const auto &[base, offset] : s.pointerSlots)
    for (unsigned k = 0; k < pointerBytes; ++k)
      pointerAt.insert(base + offset + k);
  auto isPointerByte = [&](uint64_t address) {
    return s.pointerSlotsUnknown || pointerAt.count(address) > 0;
  };
  // Heap blocks the path allocated and did not free: new objects at every
  // call (an isolated run's heap objects are all its own).
  std::map<uint64_t, size_t> allocationAt;
  for (const auto &[base, entry] : s.memory.objects()) {
    if (entry.object->kind != memory::ObjectKind::Heap || entry.freed)
      continue;
    if (entry.object->symbolicSize) {
      p.opaqueEffect = "a path returns with memory of symbolic size it "
                       "allocated";
      return;
    }
    allocationAt[base] = p.allocations.size();
    summary::Allocation a{entry.object->capacity, entry.object->name, {}, {}};
    for (uint64_t k = 0; k < a.size; ++k) {
      a.bytes.push_back(entry.state->untouched(k, 1)
                            ? ExprRef()
                            : entry.state->read(ctx_, ctx_.bv(64, k), 1));
      a.pointer.push_back(isPointerByte(base + k));
    }
    p.allocations.push_back(std::move(a));
  }
  // The allocation `address` points into (one past its end included).
  auto allocationOf =
      [&](uint64_t address) -> std::optional<std::pair<size_t, uint64_t>> {
    auto it = allocationAt.upper_bound(address);
    if (it == allocationAt.begin())
      return std::nullopt;
    --it;
    uint64_t delta = address - it->first;
    if (delta > p.allocations[it->second].size)
      return std::nullopt;
    return std::pair{it->second, delta};
  };
  auto ownAddress = [&](const ExprRef &e) {
    return e && e->isConst() && e->sort().isBV() &&
           e->width() == pointerBits() &&
           e->bvValue().getZExtValue() >= isolatedRegionStart();
  };
  // Pointers to the path's own objects it stored: into an allocation they
  // become the caller's new object; anything else has no meaning there.
  std::set<uint64_t> addressBytes;
  for (const auto &[base, offset] : s.ownAddressSlots) {
    const memory::ObjectEntry *e = s.memory.findByBase(base);
    if (!e || e->freed)
      continue; // written into memory that is gone
    ExprRef word = e->state->read(ctx_, ctx_.bv(64, offset), pointerBytes);
    if (!ownAddress(word)) {
      if (word->isConst())
        continue; // overwritten since
      p.opaqueEffect = "a path stores an address of its own that depends "
                       "on its inputs";
      return;
    }
    auto target = allocationOf(word->bvValue().getZExtValue());
    if (!target) {
      p.opaqueEffect = "a path stores the address of an object the function "
                       "made";
      return;
    }
    summary::AddressWrite w;
    w.offset = offset;
    w.target = target->first;
    w.delta = target->second;
    if (auto it = objectAt.find(base); it != objectAt.end()) {
      w.object = it->second;
    } else if (auto jt = allocationAt.find(base); jt != allocationAt.end()) {
      w.object = jt->second;
      w.inAllocation = true;
    } else {
      w.object = ByteWrite::kGlobal;
      w.offset = base + offset;
    }
    p.addressWrites.push_back(w);
    for (unsigned k = 0; k < pointerBytes; ++k)
      addressBytes.insert(base + offset + k);
  }
  auto changed = [&](uint64_t address, const ExprRef &initial) -> ExprRef {
    if (addressBytes.count(address))
      return {};
    ExprRef now = byteAt(s, address);
    return now == initial ? ExprRef() : now;
  };
  for (const auto &[address, index] : objectAt) {
    const memory::ObjectEntry *e = s.memory.findByBase(address);
    if (!e || e->freed) {
      p.opaqueEffect = "a path frees an input object";
      return;
    }
    const std::vector<ExprRef> &bytes = p.objects[index].bytes;
    for (size_t k = 0; k < bytes.size(); ++k)
      if (ExprRef v = changed(address + k, bytes[k]))
        p.writes.push_back({index, k, v, isPointerByte(address + k)});
  }
  for (const summary::GlobalInput &g : building_->globals())
    if (ExprRef v = changed(g.address, g.var))
      p.writes.push_back(
          {ByteWrite::kGlobal, g.address, v, isPointerByte(g.address)});
  // The effect must be a function of the inputs alone: values made inside
  // (nondeterministic calls, uninitialised locals, the content of a
  // written-at-a-symbolic-offset object's initial array) have no meaning
  // in a caller.
  auto overInputs = [&](const ExprRef &e) {
    for (const ExprRef &v : expr::freeVariables(e))
      if (!inputVars.count(v.get()))
        return false;
    return true;
  };
  bool ok = !p.result || overInputs(p.result);
  for (const ByteWrite &w : p.writes)
    ok &= overInputs(w.value);
  for (const auto &[base, index] : allocationAt)
    for (uint64_t k = 0; k < p.allocations[index].size; ++k) {
      ExprRef &b = p.allocations[index].bytes[k];
      if (addressBytes.count(base + k))
        b = nullptr; // the address write gives it
      else if (b)
        ok &= overInputs(b);
    }
  if (!ok) {
    p.opaqueEffect = "a path's effect depends on values made inside the "
                     "function";
    return;
  }
  // A result pointing into the isolated run's own objects has meaning in
  // a caller only as its new object.
  if (ownAddress(p.result)) {
    p.resultAddress = allocationOf(p.result->bvValue().getZExtValue());
    if (!p.resultAddress)
      p.opaqueEffect = "a path returns the address of an object the "
                       "function made";
  }
}

bool ExecutorImpl::placeNewBlocks(
    const ExecutionState &s, const std::vector<summary::Allocation> &blocks,
    std::vector<uint64_t> &bases) const {
  uint64_t index = s.nextObjectIndex; // as allocate() goes on from there
  for (const summary::Allocation &a : blocks) {
    std::optional<uint64_t> address = addresses_.place(index, a.size);
    if (!address)
      return false;
    bases.push_back(*address);
    index += addresses_.slotsFor(a.size);
  }
  return true;
}

ExprRef ExecutorImpl::byteAt(const ExecutionState &s, uint64_t address) {
  const memory::ObjectEntry *e = s.memory.find(address);
  if (!e || e->freed)
    return {};
  return e->state->read(ctx_, ctx_.bv(64, address - e->object->address), 1);
}

bool ExecutorImpl::composeSummary(ExecutionState &s, const llvm::CallBase &call,
                                  const MemoTree &tree,
                                  const std::vector<ExprRef> &args) {
  CompositionStats &st = summary_.stats.composition;
  MemoTreeInfo *info = countInvocation(tree);
  // Isolated runs compose too; the statistics describe the program's run.
  bool counted = building_ == nullptr;
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
  std::unique_ptr<CallContext> cc = fitCall(s, tree, args, extentMatters);
  if (!cc)
    return inlineInstead("the calling context's memory is one the summary "
                         "cannot express (objects of other sizes, symbolic "
                         "pointers)");
  if (opts_.calls == CallStrategy::Smart && cc->concrete) {
    st.inlinedConcrete += counted;
    return false;
  }
  const std::vector<PcPair> &pairs = tree.pairs();
  struct Arm {
    size_t pair;
    ExprRef guard;
  };
  std::vector<Arm> returns, errors;
  PathFacts facts(ctx_, s.constraints.list());
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
  const std::vector<summary::Allocation> *shape =
      returns.empty() ? nullptr : &pairs[returns.front().pair].allocations;
  for (const Arm &a : returns) {
    const std::vector<summary::Allocation> &as = pairs[a.pair].allocations;
    bool same = as.size() == shape->size();
    for (size_t j = 0; same && j < as.size(); ++j)
      same = as[j].size == (*shape)[j].size;
    if (!same)
      return inlineInstead("its paths allocate different blocks");
  }
  if (shape && !placeNewBlocks(s, *shape, fresh))
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
                      ? pointer(fresh[p.resultAddress->first] +
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
  // Each written byte: a union over the paths that write it, the caller's
  // value on the others (seed 001 theorem 15: writes at the caller's
  // locations).
  std::map<uint64_t, std::vector<memory::GuardedValue>> written;
  std::set<uint64_t> pointerWriter; // bytes a path that stores pointers wrote
  for (const Arm &a : returns) {
    const PcPair &p = pairs[a.pair];
    const CallContext::Pair &cp = cc->pairs[a.pair];
    for (const ByteWrite &w : p.writes) {
      uint64_t address = w.object == ByteWrite::kGlobal
                             ? w.offset
                             : *cp.objectAddress[w.object] + w.offset;
      ExprRef v = inContext(a.pair, w.value);
      if (w.pointer && !v->isConst())
        return inlineInstead("it stores a pointer that is symbolic here");
      if (w.pointer)
        pointerWriter.insert(address);
      written[address].push_back({a.guard, v});
    }
    // The new blocks' content, then the pointers to them it stored.
    for (size_t j = 0; j < p.allocations.size(); ++j)
      for (uint64_t k = 0; k < p.allocations[j].size; ++k)
        if (const ExprRef &b = p.allocations[j].bytes[k]) {
          ExprRef v = inContext(a.pair, b);
          bool isPointer = p.allocations[j].pointer[k];
          if (isPointer && !v->isConst())
            return inlineInstead("it stores a pointer that is symbolic here");
          if (isPointer)
            pointerWriter.insert(fresh[j] + k);
          written[fresh[j] + k].push_back({a.guard, v});
        }
    for (const summary::AddressWrite &w : p.addressWrites) {
      uint64_t at = w.inAllocation ? fresh[w.object] + w.offset
                    : w.object == ByteWrite::kGlobal
                        ? w.offset
                        : *cp.objectAddress[w.object] + w.offset;
      ExprRef v = pointer(fresh[w.target] + w.delta);
      for (unsigned k = 0; k < pointerBits() / 8; ++k) {
        pointerWriter.insert(at + k);
        written[at + k].push_back({a.guard, ctx_.extract(v, 8 * k + 7, 8 * k)});
      }
    }
  }

  // A pointer that differs between the callee's paths would be a union
  // of addresses in the caller's memory: the next call that follows it
  // could not place its input objects, and every load through it forks
  // anyway. Such calls run the callee, which forks once, here.
  for (const auto &[address, arms] : written) {
    if (!pointerWriter.count(address))
      continue;
    std::set<ExprRef> values;
    for (const memory::GuardedValue &a : arms)
      values.insert(a.value);
    if (arms.size() < returns.size()) // the others keep the old value
      values.insert(byteAt(s, address));
    if (values.size() > 1)
      return inlineInstead("the pointers it stores differ between its paths");
  }
  // The errors the callee reaches from here, and whether it returns.
  std::vector<std::pair<const Arm *, solver::Model>> reached;
  for (const Arm &e : errors) {
    solver::SolverResult r = ask(s, e.guard, /*wantModel=*/true);
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
    solver::SolverResult r = ask(s, returnsGuard, /*wantModel=*/true);
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
    ExecutionState &c = clone(s);
    addConstraint(c, e->guard, model);
    terminateError(c, *errorKindNamed(p.errorKind), p.detail,
                   calleeErrorStack(p, c, /*calleeFramePushed=*/false),
                   model);
  }
  if (!returnsGuard) { // every path from here ends in the callee
    terminateInfeasible(s);
    return true;
  }
  if (!returnsGuard->isTrue())
    addConstraint(s, returnsGuard, returnsModel);
  for (size_t j = 0; j < fresh.size(); ++j) {
    uint64_t base =
        allocate(s, (*shape)[j].size, memory::ObjectKind::Heap,
                 (*shape)[j].name, ctx_.arrayVar(s.freshName("uninit")));
    assert(base == fresh[j] && "new blocks go where they were placed");
    (void)base;
  }
  for (auto &[address, arms] : written) {
    ExprRef v = arms.size() == returns.size()
                    ? memory::guardedUnion(ctx_, arms)
                    : memory::guardedUnion(ctx_, arms, byteAt(s, address));
    uint64_t base = s.memory.find(address)->object->address;
    s.memory.writable(base).writeByte(ctx_, address - base, v);
  }
  returnValue(s, call, result);
  return true;
}

} // namespace cosmo::engine
