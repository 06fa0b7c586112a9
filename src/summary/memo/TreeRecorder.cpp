//===- TreeRecorder.cpp - recording a memoization tree --------------------===//
//
// Seed 002 section IV.A: a function's isolated run records its choices at
// conditionals (onBranchTaken) and its paths' pairs (recordLeaf); section
// IV.C: the heap path condition from the lazily initialised input pointers.
// A completed path's effect is recorded in CallEffect.cpp.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/TreeRecorder.h"
#include "cosmo/summary/CallContext.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <algorithm>

namespace cosmo::summary {

using engine::InputRecord;
using engine::SourceLocation;
using memory::ObjectKind;

TreeRecorder::TreeRecorder(Executor &x, MemoTree &tree, unsigned depthBound,
                           uint64_t maxPaths)
    : x_(x), ctx_(x.ctx()), tree_(tree), depthBound_(depthBound),
      maxPaths_(maxPaths) {}

TreeRecorder::PathData *TreeRecorder::dataOf(const ExecutionState &s) {
  return static_cast<PathData *>(
      s.hookStates.get(engine::hookSlot<TreeRecorder>()));
}

void TreeRecorder::PathData::join(const engine::HookState *other) {
  const auto &b = static_cast<const PathData &>(*other);
  storedPointer |= b.storedPointer;
  storedOwnAddress |= b.storedOwnAddress;
  ownAddressSlots.insert(b.ownAddressSlots.begin(), b.ownAddressSlots.end());
  pointerSlots.insert(b.pointerSlots.begin(), b.pointerSlots.end());
  pointerSlotsUnknown |= b.pointerSlotsUnknown;
  if (node)
    node = const_cast<MemoNode *>(commonAncestor(node, b.node));
  depth = std::max(depth, b.depth);
}

void TreeRecorder::start(ExecutionState &s) {
  auto d = std::make_unique<PathData>();
  d->node = tree_.root();
  s.hookStates.set(engine::hookSlot<TreeRecorder>(), std::move(d));
}

void TreeRecorder::onInputMemory(ExecutionState &,
                                 const std::vector<ExprRef> &bytes) {
  callerInputs_.insert(bytes.begin(), bytes.end()); // what the caller has there
}

void TreeRecorder::onPointerStore(ExecutionState &s, uint64_t base,
                                  const ExprRef &offset, bool ownAddress) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  if (!e || (e->object->kind != ObjectKind::Input &&
             e->object->kind != ObjectKind::Global &&
             e->object->kind != ObjectKind::Heap))
    return; // gone when the function returns
  PathData *d = dataOf(s);
  if (!d)
    return;
  d->storedPointer = true;
  if (!offset || !offset->isConst()) {
    d->pointerSlotsUnknown = true;
    d->storedOwnAddress |= ownAddress;
    return;
  }
  std::pair<uint64_t, uint64_t> slot{base, offset->bvValue().getZExtValue()};
  d->pointerSlots.insert(slot);
  if (ownAddress)
    d->ownAddressSlots.insert(slot);
}

bool TreeRecorder::onBranchTaken(ExecutionState &s,
                                 const llvm::Instruction &site,
                                 unsigned choice, bool decided) {
  PathData *d = dataOf(s);
  if (!d || !d->node)
    return true;
  d->node = tree_.extend(d->node, siteOf(&site), choice, decided);
  if (++d->depth > depthBound_) {
    x_.terminateCut(s, fmt::format("summary depth of {} conditionals reached",
                                   depthBound_));
    return false;
  }
  return true;
}

bool TreeRecorder::onPathEnd(ExecutionState &s, const engine::PathEnd &end) {
  if (end.kind == engine::PathEnd::Kind::Infeasible)
    tree_.noteVanishedPath();
  else
    recordLeaf(s, end);
  return true; // an isolated run's paths are its tree's, not the program's
}

void TreeRecorder::recordLeaf(ExecutionState &s, const engine::PathEnd &end) {
  PathData *d = dataOf(s);
  engine::Exploration &run = x_.exploration();
  if (!d || !d->node || run.stopped())
    return;
  if (tree_.pairs().size() >= maxPaths_) {
    run.stop(fmt::format("more than {} paths", maxPaths_));
    return;
  }
  LeafKind kind = end.kind == engine::PathEnd::Kind::Completed ? LeafKind::Completed
                  : end.kind == engine::PathEnd::Kind::Error   ? LeafKind::Error
                                                               : LeafKind::Frontier;
  const std::vector<SourceLocation> &stack = end.stack;
  PcPair p;
  p.kind = kind;
  if (kind == LeafKind::Error)
    p.errorKind = engine::errorKindName(end.error);
  p.detail = end.message;
  if (kind != LeafKind::Completed) {
    std::vector<SourceLocation> here = stack.empty() ? x_.stackOf(s) : stack;
    SourceLocation loc = here.empty() ? SourceLocation{} : here.front();
    p.file = loc.file;
    p.line = loc.line;
  }
  if (kind == LeafKind::Error && end.check) {
    p.checkSite = siteOf(end.check->site);
    p.checkOrdinal = end.check->ordinal;
  }
  if (kind == LeafKind::Error)
    for (const SourceLocation &f : stack.empty() ? x_.stackOf(s) : stack)
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
  for (const summary::GlobalInput &g : tree_.globals())
    inputVars.insert(g.var.get());
  // The heap path condition: the resolved input pointers. Their resolving
  // equalities name isolated addresses; the facts say the same in terms a
  // calling context can check, so the numeric pc leaves them out.
  std::vector<ExprRef> resolutions;
  std::vector<HeapFact> fresh, others;
  for (const auto &[ptr, lp] : s.lazyPointers) {
    if (!lp.target)
      continue;
    resolutions.push_back(ctx_.eq(ptr, x_.pointer(*lp.target)));
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
      run.stop("an input pointer resolved to an object that is not an "
               "input");
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
    recordEffect(s, p, objectAt, inputVars, end.returned);
  tree_.addLeaf(d->node, std::move(p));
}

bool TreeRecorder::mayPointOutside(const ExprRef &address) const {
  std::vector<const expr::Expr *> work{address.get()};
  std::unordered_set<const expr::Expr *> seen;
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (!seen.insert(e).second)
      continue;
    auto constantOperand = [&] {
      for (unsigned k = 0; k < e->numChildren(); ++k)
        if (e->child(k)->isConst())
          return true;
      return false;
    };
    switch (e->kind()) {
    case expr::Kind::BVConst:
      continue;
    case expr::Kind::Add:
    case expr::Kind::Sub:
      for (unsigned k = 0; k < e->numChildren(); ++k)
        work.push_back(e->child(k));
      continue;
    case expr::Kind::Ite: // the condition chooses, the arms are addresses
      work.push_back(e->child(1));
      work.push_back(e->child(2));
      continue;
    case expr::Kind::Mul:
    case expr::Kind::Shl:
      if (constantOperand())
        continue; // an index scaled by an element size
      break;
    case expr::Kind::ZExt:
    case expr::Kind::SExt:
      if (e->child(0)->width() < x_.pointerBits())
        continue; // a narrower index widened: never a whole address
      break;
    default:
      break;
    }
    for (const ExprRef &v : expr::freeVariables(ExprRef(e)))
      if (callerInputs_.count(v))
        return true;
  }
  return false;
}

} // namespace cosmo::summary
