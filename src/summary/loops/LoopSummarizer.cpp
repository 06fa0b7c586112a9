//===- LoopSummarizer.cpp - loops as recursive states ---------------------===//
//
// Seed 000 listings 3.1-3.4 (Exec at a recursive vertex: NewJoin makes the
// state at the head a recursive state, its body is explored once, Join
// sends its exits on) and seed 001 section 6 (Body(id) as the heaps of the
// one-iteration paths, Rec(id) left symbolic). See LoopSummarizer.h.
//
//===----------------------------------------------------------------------===//

#include "loops/CandidateDecider.h"
#include "recursion/RecursiveFunction.h"

#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/CFG.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cosmo::summary {

using engine::PathEnd;

namespace {

/// Arrivals at the head of a loop over nodes (LoopShape::overNodes) run
/// before it is summarised from its first arrival.
constexpr unsigned kNodeLoopArrivals = 4;
/// ... unless its exit comparisons predict it ends within this many
/// arrivals (`while (len < 5 && nondet())`): a bounded list is built by
/// running its loop, which keeps its nodes apart and exact.
constexpr unsigned kNodeLoopRunsOut = 32;
/// Arrivals of a loop over nodes, its exits concrete so far, any of which
/// its summary may start from (the latest).
constexpr unsigned kConcretePrefixArrivals = 64;

/// Runs of a body while the objects it writes are being found (an append
/// to a list's head takes six: its pointer leaves the head, the nodes
/// become a region, the head is written, the last node's link is pending).
constexpr unsigned kCarryRounds = 8;

/// The loop's condition: the first instruction of the head with a line.
engine::SourceLocation headLocation(const llvm::BasicBlock &head) {
  for (const llvm::Instruction &i : head)
    if (i.getDebugLoc() && i.getDebugLoc().getLine() > 0)
      return Executor::locationOf(&i);
  return Executor::locationOf(&*head.getFirstInsertionPt());
}

/// Whether taking `succ` from `from` leaves `loop`: directly, or through
/// blocks that only pass a constant condition on to their own branch (the
/// `a && b` of a loop's condition: a false `a` reaches the block that
/// branches on the phi `[false, a's block], [b, b's block]`).
bool leavesLoop(const LoopShape &loop, const llvm::BasicBlock *from,
                const llvm::BasicBlock *succ) {
  for (unsigned step = 0; step < 4; ++step) {
    if (!loop.body.count(succ))
      return true;
    const auto *br = llvm::dyn_cast<llvm::BranchInst>(succ->getTerminator());
    if (!br)
      return false;
    const llvm::BasicBlock *next;
    if (!br->isConditional()) {
      next = br->getSuccessor(0);
    } else {
      const auto *phi = llvm::dyn_cast<llvm::PHINode>(br->getCondition());
      if (!phi || phi->getParent() != succ)
        return false;
      const auto *c = llvm::dyn_cast<llvm::ConstantInt>(
          phi->getIncomingValueForBlock(from));
      if (!c)
        return false;
      next = br->getSuccessor(c->isZero() ? 1 : 0);
    }
    if (succ == loop.vertex->head)
      return false;
    from = succ;
    succ = next;
  }
  return false;
}

/// How far apart the operands of each concrete comparison that can leave
/// `loop` are, in `s` at the loop's head (their values of the last
/// iteration); the first four such comparisons, 0 for the rest.
std::array<uint64_t, 4> exitDistances(const ExecutionState &s,
                                      const LoopShape &loop) {
  std::array<uint64_t, 4> out{};
  size_t n = 0;
  auto valueOf = [&](const llvm::Value *v,
                     bool isSigned) -> std::optional<__int128> {
    uint64_t bits;
    unsigned width;
    if (const auto *c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
      if (c->getBitWidth() > 64)
        return std::nullopt;
      bits = c->getZExtValue();
      width = c->getBitWidth();
    } else if (const engine::RegValue *r = s.stack.back().registers.find(v);
               r && r->isConcrete() && !r->isBool()) {
      bits = r->bits();
      width = r->width();
    } else {
      return std::nullopt;
    }
    if (isSigned && width < 64 && (bits >> (width - 1)) & 1)
      return static_cast<__int128>(bits) - (static_cast<__int128>(1) << width);
    return static_cast<__int128>(bits);
  };
  for (const llvm::BasicBlock *b : loop.body) {
    const auto *br = llvm::dyn_cast<llvm::BranchInst>(b->getTerminator());
    if (!br || !br->isConditional() || n == out.size() ||
        (!leavesLoop(loop, b, br->getSuccessor(0)) &&
         !leavesLoop(loop, b, br->getSuccessor(1))))
      continue;
    const auto *cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
    if (!cmp || !cmp->getOperand(0)->getType()->isIntegerTy())
      continue;
    std::optional<__int128> l = valueOf(cmp->getOperand(0), cmp->isSigned()),
                            r = valueOf(cmp->getOperand(1), cmp->isSigned());
    if (l && r)
      out[n++] = static_cast<uint64_t>(*l > *r ? *l - *r : *r - *l);
  }
  return out;
}

/// A struct with a pointer field to its own type (a node).
bool isNodeType(const llvm::Type *t) {
  const auto *st = llvm::dyn_cast<llvm::StructType>(t);
  return st && std::any_of(st->element_begin(), st->element_end(),
                           [&](const llvm::Type *e) {
                             return e->isPointerTy() &&
                                    e->getPointerElementType() == st;
                           });
}

/// Calls deep a node allocation is looked for below a loop's body: a
/// helper that appends (`push(&list, key)`), or one that a helper calls.
constexpr unsigned kAllocationCallDepth = 2;

/// Whether `i` is an allocation cast to a node, or (`depth` calls deep at
/// most) a call of a defined function with one in its body.
bool allocatesNode(const llvm::Instruction &i, unsigned depth,
                   std::set<const llvm::Function *> &seen) {
  if (const auto *cast = llvm::dyn_cast<llvm::BitCastInst>(&i))
    return llvm::isa<llvm::CallBase>(cast->getOperand(0)) &&
           cast->getType()->isPointerTy() &&
           isNodeType(cast->getType()->getPointerElementType());
  const auto *call = llvm::dyn_cast<llvm::CallBase>(&i);
  const llvm::Function *f = call ? call->getCalledFunction() : nullptr;
  if (!f || f->isDeclaration() || depth == 0 || !seen.insert(f).second)
    return false;
  for (const llvm::BasicBlock &b : *f)
    for (const llvm::Instruction &j : b)
      if (allocatesNode(j, depth - 1, seen))
        return true;
  return false;
}

/// LoopShape::overNodes: a pointer to a node at its head, or an
/// allocation in its body cast to one (also in a function it calls: the
/// list's head then is in memory, `push(&list, key)`, not a phi).
bool allocatesOrWalksNodes(const LoopShape &loop) {
  for (const llvm::PHINode &phi : loop.vertex->head->phis())
    if (phi.getType()->isPointerTy() &&
        isNodeType(phi.getType()->getPointerElementType()))
      return true;
  std::set<const llvm::Function *> seen;
  for (const llvm::BasicBlock *b : loop.body)
    for (const llvm::Instruction &i : *b)
      if (allocatesNode(i, kAllocationCallDepth, seen))
        return true;
  return false;
}

} // namespace

//===--- Per-path data ----------------------------------------------------===//

bool LoopPathData::joinable(const engine::HookState *other) const {
  const auto *o = static_cast<const LoopPathData *>(other);
  if (!o)
    return activations.empty() && atoms.empty() && calls.empty() &&
           recursionEntries.empty();
  return activations == o->activations && atoms == o->atoms &&
         calls == o->calls && recursionEntries == o->recursionEntries;
}

LoopPathData &LoopPathData::of(ExecutionState &s) {
  if (LoopPathData *d = find(s))
    return *d;
  s.hookStates.set(engine::hookSlot<LoopPathData>(),
                   std::make_unique<LoopPathData>());
  return *find(s);
}

LoopPathData *LoopPathData::find(ExecutionState &s) {
  return static_cast<LoopPathData *>(
      s.hookStates.get(engine::hookSlot<LoopPathData>()));
}

const LoopPathData *LoopPathData::find(const ExecutionState &s) {
  return find(const_cast<ExecutionState &>(s));
}

//===--- The body's isolated run ------------------------------------------===//

engine::Exploration bodyRun(Executor &x, std::string what) {
  engine::ExplorationBounds bounds;
  bounds.what = std::move(what);
  bounds.setDeadline(std::min(kBodySeconds, x.secondsLeft()));
  bounds.maxInstructions = kBodyInstructions;
  bounds.maxStates = kBodyStates;
  engine::Exploration run = isolatedExploration(x, std::move(bounds));
  run.assumeNoSignedOverflow = x.options().assumeNoSignedOverflow;
  return run;
}

void LoopBodyRun::onBlockEntry(ExecutionState &s, const llvm::BasicBlock *b) {
  if (s.terminated || s.stack.size() != depth_)
    return;
  if (b == instance_.head) {
    // One iteration: its state at the head is kept for its clause.
    iterationEnds.push_back(x_.copyState(s));
    s.terminated = true;
    return;
  }
  if (!body_.count(b))
    leave(s);
}

void LoopBodyRun::onReturn(ExecutionState &s) {
  if (!s.terminated && !s.stack.empty() && s.stack.size() < depth_)
    leave(s);
}

void LoopBodyRun::leave(ExecutionState &s) {
  exits.push_back(x_.copyState(s));
  s.terminated = true;
}

bool LoopBodyRun::onPathEnd(ExecutionState &s, const PathEnd &end) {
  switch (end.kind) {
  case PathEnd::Kind::Error:
    candidates.push_back({x_.copyState(s), end});
    break;
  case PathEnd::Kind::Cut:
    if (failure.empty())
      failure = "a path of its body was cut: " + end.message;
    break;
  case PathEnd::Kind::Completed: // exit() in the loop: no error there
  case PathEnd::Kind::Infeasible:
    break;
  }
  return true;
}

//===--- The summarizer ---------------------------------------------------===//

LoopRegistry::LoopRegistry()
    : fruitlessRuns(std::make_unique<FruitlessRuns>()) {}
LoopRegistry::~LoopRegistry() = default;

LoopInstance &LoopRegistry::add(LoopInstance instance) {
  instance.id = instances_.size();
  instances_.push_back(std::make_unique<LoopInstance>(std::move(instance)));
  return *instances_.back();
}

LoopSummarizer::LoopSummarizer(Executor &x, LoopRegistry &registry,
                               LoopBodyRun *enclosing)
    : x_(x), registry_(registry), enclosing_(enclosing),
      decider_(std::make_unique<CandidateDecider>(x, registry, enclosing)) {}
LoopSummarizer::~LoopSummarizer() = default;

const FunctionLoops &LoopRegistry::loadLoops(const llvm::Function &f) {
  auto &slot = functionLoops[&f];
  if (!slot) {
    slot = std::make_unique<FunctionLoops>();
    slot->structure = frontend::loopStructureOf(f);
    slot->modelFunction = frontend::isModelFunction(f);
    if (!slot->modelFunction)
      slot->component = recursiveComponentOf(f);
    if (!slot->component.empty())
      slot->whyNoSummary = whyCycleNotSummarisable(
          slot->component, slot->globals, slot->writtenGlobals);
    for (const frontend::RecursiveVertex &v : slot->structure.vertices) {
      LoopShape &shape = slot->byHead[v.head];
      shape.vertex = &v;
      shape.body.insert(v.body.begin(), v.body.end());
      shape.overNodes = allocatesOrWalksNodes(shape);
    }
    for (const auto &[head, shape] : slot->byHead) {
      slot->roles[head].head = &shape;
      for (const llvm::BasicBlock *b : shape.body)
        for (const llvm::BasicBlock *succ : llvm::successors(b))
          if (!shape.body.contains(succ))
            slot->roles[succ].exitTarget = true;
    }
  }
  lastFunction_ = &f;
  lastLoops_ = slot.get();
  return *slot;
}

void LoopSummarizer::onReturn(ExecutionState &s) {
  if (LoopPathData *d = LoopPathData::find(s))
    std::erase_if(d->activations, [&](const LoopPathData::Activation &a) {
      return a.depth > s.stack.size();
    });
}

bool LoopSummarizer::onBranchTaken(ExecutionState &s,
                                   const llvm::Instruction &site, unsigned,
                                   bool) {
  // Only conditions that are terms get here (concrete ones take the fast
  // path): a loop that leaves through one has an input-dependent trip count.
  LoopPathData *d = LoopPathData::find(s);
  if (!d || d->activations.empty() || s.terminated)
    return true;
  const llvm::BasicBlock *from = site.getParent();
  for (LoopPathData::Activation &a : d->activations) {
    if (a.depth != s.stack.size() || a.symbolicExit || !a.body->count(from))
      continue;
    for (unsigned k = 0; k < site.getNumSuccessors(); ++k)
      if (!a.body->count(site.getSuccessor(k)))
        a.symbolicExit = true;
  }
  return true;
}

void LoopSummarizer::onBlockEntry(ExecutionState &s,
                                  const llvm::BasicBlock *b) {
  if (s.terminated)
    return;
  const llvm::Function &f = *s.frame().function;
  const FunctionLoops &loops = registry_.loopsOf(f);
  // One lookup for the blocks that matter (most blocks do not).
  auto role = loops.roles.find(b);
  if (role == loops.roles.end())
    return;
  size_t depth = s.stack.size();
  LoopPathData *d = LoopPathData::find(s);
  // A path leaves a loop only by entering one of its exits' targets.
  if (d && !d->activations.empty() && role->second.exitTarget)
    std::erase_if(d->activations, [&](const LoopPathData::Activation &a) {
      if (a.depth != depth)
        return a.depth > depth;
      return !a.body->count(b);
    });
  const LoopShape *loop = role->second.head;
  if (!loop || loops.modelFunction || registry_.unrolledHeads.count(b))
    return;
  if (!d)
    d = &LoopPathData::of(s);
  auto a = std::find_if(d->activations.begin(), d->activations.end(),
                        [&](const LoopPathData::Activation &a) {
                          return a.depth == depth && a.head == b;
                        });
  if (a == d->activations.end()) {
    LoopPathData::Activation fresh;
    fresh.depth = depth;
    fresh.head = b;
    fresh.body = &loop->body;
    d->activations.push_back(std::move(fresh));
    a = d->activations.end() - 1;
    if (loop->overNodes && registry_.options.loops == LoopStrategy::Auto &&
        nodeRegionsPossible(x_)) {
      // Its first iterations run before any summary: with the links a
      // summary's arrival would take as set (a builder's last node's, set
      // after it), as the reads there take them.
      validateNodes(x_, s);
      // The copy first: its own activation must not hold the copy (a cycle
      // of shared pointers, never freed).
      auto first = std::make_shared<LoopPathData::Activation::FirstArrival>();
      first->state = x_.copyState(s);
      a->first = std::move(first);
    }
  }
  ++a->visits;
  if (a->unrolled)
    return;
  // While its exits have all been concrete, a loop over nodes is summarised
  // from its latest arrival rather than its first: a list of at least ten
  // nodes (`while (n < 10 || nondet())`) keeps those ten apart, exact, and
  // a walk over nodes the program made one by one reaches its summary with
  // what it found on them. Only on a path of its own since the first
  // arrival: paths that forked since share that arrival's summary.
  if (a->first && !a->symbolicExit && a->visits > 1 &&
      a->visits <= kConcretePrefixArrivals && a->first.use_count() == 1 &&
      a->first->status == LoopPathData::Activation::FirstArrival::Status::Pending) {
    std::unique_ptr<ExecutionState> latest = x_.copyState(s);
    // As at a first arrival: no activation of the loop yet (nor a cycle of
    // shared pointers through its own copy).
    std::erase_if(LoopPathData::of(*latest).activations,
                  [&](const LoopPathData::Activation &o) {
                    return o.depth == depth && o.head == b;
                  });
    a->first->state = std::move(latest);
  }
  if (registry_.options.loops == LoopStrategy::Auto) {
    // Two samples of the exit distances, one arrival apart: an exit whose
    // distance shrinks by d each iteration is reached in distance / d.
    auto predictEnd = [&](unsigned at, uint64_t within) {
      if (a->visits == at) {
        a->exitDistances = exitDistances(s, *loop);
      } else if (a->visits == at + 1) {
        std::array<uint64_t, 4> now = exitDistances(s, *loop);
        uint64_t soonest = UINT64_MAX;
        for (size_t k = 0; k < now.size(); ++k)
          if (a->exitDistances[k] > now[k])
            soonest =
                std::min(soonest, now[k] / (a->exitDistances[k] - now[k]));
        if (soonest <= within)
          a->runsOutAt = a->visits + static_cast<unsigned>(soonest) + 1;
      }
    };
    // A loop over nodes is sampled at its first arrivals: one that runs
    // out soon is run (its other exits may be the inputs'), unless it is
    // inside another loop, whose iterations would multiply its paths.
    if (a->first && d->activations.size() == 1 && a->visits <= 2)
      predictEnd(1, kNodeLoopRunsOut);
    else if (!a->symbolicExit)
      predictEnd(kConcreteArrivals, kPredictedArrivals);
  }
  // A loop over nodes whose trip count is an input's is summarised from
  // its first arrival once that is known: its unrolled iterations would
  // make blocks of their own, which no region holds, and each error on
  // them a Horn question of its own.
  // Its first few arrivals are still run: a short list's error is found
  // by a run. Not past a summary (a list another loop's summary made):
  // there each arrival's error would be a Horn question of its own, each
  // over one more node.
  bool fromFirst =
      a->first && a->symbolicExit && !a->runsOutAt &&
      a->first->status != LoopPathData::Activation::FirstArrival::Status::Failed;
  auto arrivalsRun = [&]() -> unsigned {
    if (fromFirst)
      return d->atoms.empty() ? std::min(kNodeLoopArrivals,
                                         registry_.options.unrolledArrivals)
                              : 1u;
    if (a->first && a->symbolicExit && a->runsOutAt)
      return a->runsOutAt;
    if (a->symbolicExit)
      return registry_.options.unrolledArrivals;
    return std::max(kConcreteArrivals, a->runsOutAt);
  };
  if (registry_.options.loops == LoopStrategy::Auto &&
      a->visits <= arrivalsRun())
    return;
  LoopStats &st = registry_.stats;
  std::string why;
  if (!enclosing_ && a->visits > 1)
    registry_.headsLeftToUnrolling.insert(b); // its first visits were
  using FirstStatus = LoopPathData::Activation::FirstArrival::Status;
  if (a->first && a->first->status == FirstStatus::Summarized) {
    s.terminated = true; // the summary from its first arrival covers it
    return;
  }
  bool made;
  if (a->first && a->first->status == FirstStatus::Pending) {
    made = summarizeFrom(*a->first->state, s, *loop, why);
    a->first->status = made ? FirstStatus::Summarized : FirstStatus::Failed;
    a->first->state.reset();
  } else {
    made = summarize(s, *loop, why);
  }
  if (made) {
    ++st.summarized;
    return;
  }
  // The state stays as it was; this activation of the loop is unrolled.
  a->unrolled = true;
  if (!enclosing_)
    registry_.headsLeftToUnrolling.insert(b);
  ++st.notSummarized;
  ++st.notSummarizedBecause[why];
}

bool LoopSummarizer::summarize(ExecutionState &s, const LoopShape &loop,
                               std::string &why) {
  return summarizeFrom(s, s, loop, why);
}

bool LoopSummarizer::summarizeFrom(ExecutionState &s,
                                   ExecutionState &running,
                                   const LoopShape &loop, std::string &why) {
  expr::ExprContext &ctx = x_.ctx();
  LoopStats &st = registry_.stats;
  const llvm::BasicBlock *head = loop.vertex->head;
  const engine::StackFrame &frame = s.frame();
  auto began = std::chrono::steady_clock::now();

  LoopInstance proto;
  proto.head = head;
  proto.function = frame.function->getName().str();
  proto.where = headLocation(*head);
  if (const LoopPathData *d = LoopPathData::find(s)) {
    proto.arrivalAtoms = d->atoms;
    proto.arrivalCalls = d->calls;
  }
  proto.arrivalPc = s.constraints;
  LoopInstance &inst = registry_.add(std::move(proto));
  inst.relation = fmt::format("loop{}_{}_{}", inst.id, inst.function,
                              inst.where.line);
  inst.prefix = fmt::format("{}L{}.", s.namePrefix, inst.id);

  validateNodes(x_, s);
  for (const auto &[base, entry] : s.memory.objects())
    if (entry.object->region && !entry.freed)
      inst.arrivalRegions.push_back(base);
  std::vector<CarriedValue> carried;
  if (!(why = carryPhis(s, *head, ctx, x_.module().getDataLayout(), carried)).empty())
    return false;
  for (uint64_t base : storedObjects(x_, *loop.vertex, frame))
    if (!(why = carryObject(s, base, carried)).empty())
      return false;

  for (unsigned round = 0;; ++round) {
    if (round == kCarryRounds)
      return why = fmt::format("the memory the loop writes was not found "
                               "in {} runs of its body",
                               kCarryRounds),
             false;
    // The body's run starts from the arrival with the carried values fresh.
    std::unique_ptr<ExecutionState> start = x_.copyState(s);
    start->namePrefix = inst.prefix;
    makeNodeRegions(x_, *start, inst.nodeSites);
    inst.carried = carried;
    inst.entry.clear();
    inst.entryForgets = false;
    for (size_t k = 0; k < inst.carried.size(); ++k) {
      CarriedValue &c = inst.carried[k];
      if (c.phi && !start->frame().registers.find(c.phi))
        return why = "a phi of the loop head without a value", false;
      bool forgets = false;
      inst.entry.push_back(
          c.makeFresh(ctx, s, *start, inst.prefix, k, forgets));
      inst.entryForgets |= forgets;
      // All valid at the head but the last `pending` (nodesBroken checks
      // it).
      if (c.regionCells)
        x_.setNodeCells(
            *start, c.base, c.var,
            c.pending ? ctx.ite(ctx.uge(c.var, x_.pointer(c.pending)),
                                ctx.sub(c.var, x_.pointer(c.pending)),
                                x_.pointer(0))
                      : c.var);
    }
    // Region `base`'s anchors are valid from its count's `anchorPending`
    // cells on.
    auto anchorsValid = [&](uint64_t base) {
      ExprRef valid = ctx.trueE();
      for (const CarriedValue &n : inst.carried)
        if (n.regionCells && n.base == base && n.anchorPending)
          valid = ctx.uge(n.var, x_.pointer(n.anchorPending));
      return valid;
    };
    // An anchor's links are valid from the cells that set them on (with
    // none pending: at the arrival already; nodesBroken checks it).
    for (const CarriedValue &c : inst.carried)
      if (c.raw && c.anchor && c.nodeRegion) {
        x_.addNodeAnchor(*start, c.nodeRegion, c.anchor,
                         anchorsValid(c.nodeRegion));
      }
    // The nodes of the arrival an iteration links into a region
    // (LoopInstance::linkedAnchors), valid as the carried pointers' are.
    for (const auto &[region, list] : inst.linkedAnchors) {
      // (nodesBroken takes them as known: the head must have them.)
      if (!start->memory.findByBase(region))
        return why = "a node linked into a region the loop's head does "
                     "not have",
               false;
      for (uint64_t a : list)
        x_.addNodeAnchor(*start, region, a, anchorsValid(region));
      assumeAnchorLinks(x_, *start, region);
    }
    // A pending last cell's links that are not pending hold null or a
    // node at the head (nodesBroken checks them at the arrival and at
    // every iteration's end).
    for (const CarriedValue &c : inst.carried) {
      if (!c.regionCells || !c.pending)
        continue;
      const memory::ObjectEntry &e = *start->memory.findByBase(c.base);
      const memory::MemoryObject::NodeRegion &r = *e.object->region;
      // (The last cell's offset, `cells * size - size`.)
      ExprRef size = x_.pointer(r.cellSize());
      std::vector<ExprRef> values =
          x_.linksAt(e, r, ctx.sub(ctx.mul(c.var, size), size));
      for (size_t k = 0; k < values.size(); ++k)
        if (std::find(c.pendingLinks.begin(), c.pendingLinks.end(),
                      r.linkOffsets[k]) == c.pendingLinks.end())
          x_.assume(*start,
                    ctx.implies(ctx.uge(c.var, x_.pointer(1)),
                                x_.isNodeOf(*e.object, values[k])));
    }
    // A region whose content or cells the loop carries: its valid links
    // hold null or a cell of the head (what the arrival and every
    // iteration's end check), until one is written. One it does not
    // carry keeps the bound of the run it is in: its links are as that
    // run left them.
    for (const CarriedValue &c : inst.carried)
      if (c.ofObject())
        x_.boundLinks(*start, c.base);
    LoopPathData::of(*start).atoms.push_back(inst.id);
    size_t pcAtStart = start->constraints.size();
    // A raw pointer is null or a node at the head (nodesBroken checks it):
    // every iteration's clause says so.
    for (const CarriedValue &c : inst.carried)
      if (c.regionCells) // as every allocation assumes (allocateNode)
        x_.assume(*start,
                  x_.ctx().ule(c.var,
                               x_.pointer(Executor::maxNodes(
                                   *start->memory.findByBase(c.base)->object))));
    // A raw pointer no region holds yet is null (or its anchor) in this
    // run: it only finds the allocation sites and the objects written (the
    // region its nodes will be in does not exist yet), and is never the
    // last (nodesBroken refuses a raw pointer without a region).
    for (const CarriedValue &c : inst.carried)
      if (c.raw && !c.nodeRegion)
        x_.assume(*start,
                  ctx.orE(ctx.eq(c.var, ctx.bv(c.var->width(), 0)),
                          c.anchor ? ctx.eq(c.var, x_.pointer(c.anchor))
                                   : ctx.falseE()));
    for (const CarriedValue &c : inst.carried)
      if (c.raw && c.nodeRegion) {
        const memory::MemoryObject &o =
            *start->memory.findByBase(c.nodeRegion)->object;
        ExprRef p = c.addressIn(ctx, *start);
        x_.assume(*start, x_.isLinkTarget(o, p));
        x_.assume(*start, awayFromLinkedAnchors(x_, inst, c, p));
        if (c.tail) {
          // In units of a cell, the last one's index (Z3 then solves the
          // pointer away; the same fact as an address takes it seconds).
          ExprRef tail = isTailOf(x_, &o, c.anchor, p);
          const memory::MemoryObject::NodeRegion &r = *o.region;
          if (c.stride == r.cellSize())
            tail = ctx.andE(
                tail,
                ctx.implies(ctx.uge(r.cells, x_.pointer(1)),
                            ctx.eq(c.var,
                                   ctx.add(x_.pointer(o.address / r.cellSize()),
                                           ctx.sub(r.cells, x_.pointer(1))))));
          x_.assume(*start, tail);
        }
        if (c.anchor)
          assumeAnchorLinks(x_, *start, c.nodeRegion);
      }
    size_t atomsAtStart = LoopPathData::of(*start).atoms.size();
    memory::AddressSpace memoryAtStart = start->memory;

    engine::Exploration run =
        bodyRun(x_, fmt::format("the isolated run of the loop body at {}:{}",
                                inst.where.file, inst.where.line));
    LoopBodyRun body(x_, inst, s.stack.size(), loop.body);
    LoopSummarizer nested(x_, registry_, &body);
    run.hooks = {&body, &nested};
    x_.exploreFrom(run, [&] { return std::move(start); });
    st.bodySeconds += std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - began)
                          .count();
    if (run.stopped())
      return why = run.why(), false;
    // A pointer that leaves the node it started at (a list's head made
    // before the loop) is raw from now on, even where this run failed: as
    // an offset into that node, its value written into a link is no node
    // (a reversal's `x->next = prev` past the head), which cut the path.
    if (anchorMovingPointers(x_, s, body, carried))
      continue; // again, with those pointers raw
    if (!body.failure.empty())
      return why = body.failure, false;
    if (!(why = pointerLeavesItsObject(body, inst.carried, ctx)).empty())
      return false;
    std::vector<uint64_t> written;
    std::vector<const memory::MemoryObject *> outliving;
    if (!(why = writtenObjects(body, memoryAtStart, written, outliving)).empty())
      return false;
    if (!outliving.empty()) {
      // Its nodes become a region's cells, and the body runs again.
      if (!(why = addNodeSites(x_, s, outliving, inst.nodeSites, carried))
               .empty())
        return false;
      continue;
    }
    size_t before = carried.size();
    for (uint64_t base : written)
      if (!(why = carryObject(s, base, carried)).empty())
        return false;
    countSharedRegions(inst.nodeSites, carried);
    // A pointer in memory found now: of the region of its nodes the loop
    // makes.
    bindToSites(carried, inst.nodeSites);
    if (carried.size() != before)
      continue; // again, with those objects carried too
    bool again = false;
    if (!(why = nodesBroken(x_, s, inst, body.iterationEnds, carried, again))
             .empty())
      return false;
    if (again)
      continue; // with the last cell's links pending

    // The body is complete: its iterations are the clauses of Rec. (A
    // pointer some iteration moves by a part of its stride is carried in
    // bytes instead, and the body runs again.)
    std::vector<LoopIteration> iterations;
    bool restride = false;
    for (const auto &end : body.iterationEnds) {
      LoopIteration it;
      auto pc = end->constraints.list();
      it.pc.assign(pc.begin() + static_cast<long>(pcAtStart), pc.end());
      LoopPathData::of(*end).atoms.appendFrom(atomsAtStart, it.atoms);
      for (size_t k = 0; k < inst.carried.size(); ++k) {
        it.next.push_back(inst.carried[k].valueIn(ctx, *end));
        if (!it.next.back()) {
          carried[k].stride = 1;
          nameOffset(carried[k], k,
                     s.memory.findByBase(*carried[k].pointee)->object->name);
          restride = true;
        }
      }
      iterations.push_back(std::move(it));
    }
    if (restride)
      continue;
    inst.iterations = std::move(iterations);
    for (const CarriedValue &c : inst.carried) {
      const memory::ObjectEntry *o =
          c.phi ? nullptr : s.memory.findByBase(c.base);
      if (c.raw || c.bornInLoop || (o && o->object->region))
        registry_.nodeValues.insert(c.var->id());
    }
    st.bodyPaths += inst.iterations.size();
    inst.complete = true;
    finishInstance(inst, registry_);
    if (!enclosing_) {
      inst.arrival = x_.copyState(s);
      for (LoopPathData::Activation &act : LoopPathData::of(*inst.arrival).activations)
        if (act.depth == s.stack.size() && act.head == head)
          act.unrolled = true;
    }

    // The exits go on in the running exploration, in place of `s`.
    for (std::unique_ptr<ExecutionState> &e : body.exits) {
      e->namePrefix = s.namePrefix;
      e->nameCounter = std::max(s.nameCounter, running.nameCounter);
      x_.addFork(running, std::move(e));
    }
    running.terminated = true;
    for (LoopCandidate &c : body.candidates)
      decider_->decide(std::move(c));
    return true;
  }
}

bool LoopSummarizer::onPathEnd(ExecutionState &s, const PathEnd &end) {
  if (decider_->reporting())
    return false;
  const LoopPathData *d = LoopPathData::find(s);
  if (!d || d->atoms.empty())
    return false;
  return decider_->takePath(s, end);
}

} // namespace cosmo::summary
