//===- LoopSummarizer.cpp - loops as recursive states ---------------------===//
//
// Seed 000 listings 3.1-3.4 (Exec at a recursive vertex: NewJoin makes the
// state at the head a recursive state, its body is explored once, Join
// sends its exits on) and seed 001 section 6 (Body(id) as the heaps of the
// one-iteration paths, Rec(id) left symbolic). See LoopSummarizer.h.
//
//===----------------------------------------------------------------------===//

#include "LoopInstance.h"

#include "cosmo/frontend/Frontend.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cosmo::summary {

using engine::PathEnd;

namespace {

/// Objects larger than this are carried as arrays, smaller ones byte-wise.
constexpr uint64_t kMaxCarriedObject = 64;
/// An array carried into a loop with more bytes written than this enters
/// its relation as any array under kKeptEntryStores of its writes
/// (someStoresOver): its entry clause would be a chain of that many
/// stores (a zero-initialised global's), which Spacer cannot digest. An
/// over-approximation: what is proved holds, a loop that needs the
/// forgotten content is not proved. The writes kept are those of symbolic
/// values, such as what the loop's unrolled iterations stored, which a
/// quantified invariant needs.
constexpr unsigned kMaxEntryStores = 256;
constexpr unsigned kKeptEntryStores = 64;
/// Runs of a body while the objects it writes are being found.
constexpr unsigned kCarryRounds = 3;

/// The stores an array term is built of, below its top.
unsigned storeDepth(const ExprRef &array) {
  unsigned n = 0;
  for (const expr::Expr *e = array.get(); e->kind() == expr::Kind::Store;
       e = e->child(0))
    ++n;
  return n;
}

/// At most `kept` of `array`'s stores over `below` in place of the rest:
/// an over-approximation of `array` (`below` is any array). When every
/// store is at a distinct constant offset (an object's bytes, as memory
/// gives them) they commute, and those of symbolic values are kept (the
/// writes of the loop's unrolled iterations, not a global's zeros);
/// otherwise the top ones, in order.
ExprRef someStoresOver(expr::ExprContext &ctx, const ExprRef &array,
                       unsigned kept, const ExprRef &below) {
  std::vector<const expr::Expr *> stores;
  std::set<uint64_t> offsets;
  bool distinctConstants = true;
  for (const expr::Expr *e = array.get(); e->kind() == expr::Kind::Store;
       e = e->child(0)) {
    stores.push_back(e);
    distinctConstants = distinctConstants && e->child(1)->isConst() &&
                        offsets.insert(e->child(1)->bvValue().getZExtValue())
                            .second;
  }
  std::vector<const expr::Expr *> chosen;
  for (const expr::Expr *e : stores)
    if (chosen.size() < kept && (!distinctConstants || !e->child(2)->isConst()))
      chosen.push_back(e);
  ExprRef out = below;
  for (auto it = chosen.rbegin(); it != chosen.rend(); ++it)
    out = ctx.store(out, ExprRef((*it)->child(1)), ExprRef((*it)->child(2)));
  return out;
}

bool containsPointer(const llvm::Type *t) {
  if (!t)
    return false;
  if (t->isPointerTy())
    return true;
  if (const auto *st = llvm::dyn_cast<llvm::StructType>(t))
    return std::any_of(st->element_begin(), st->element_end(),
                       [](const llvm::Type *e) { return containsPointer(e); });
  if (const auto *at = llvm::dyn_cast<llvm::ArrayType>(t))
    return containsPointer(at->getElementType());
  return false;
}

/// The name of the C variable a phi holds (debug information), else its
/// IR name.
std::string cNameOf(const llvm::PHINode &phi, size_t k) {
  llvm::SmallVector<llvm::DbgValueInst *, 2> uses;
  llvm::findDbgValues(uses, const_cast<llvm::PHINode *>(&phi));
  for (const llvm::DbgValueInst *d : uses)
    if (d->getVariable())
      return d->getVariable()->getName().str();
  if (phi.hasName())
    return phi.getName().str();
  return fmt::format("v{}", k);
}

/// The loop's condition: the first instruction of the head with a line.
engine::SourceLocation headLocation(const llvm::BasicBlock &head) {
  for (const llvm::Instruction &i : head)
    if (i.getDebugLoc() && i.getDebugLoc().getLine() > 0)
      return Executor::locationOf(&i);
  return Executor::locationOf(&*head.getFirstInsertionPt());
}

/// The object a pointer's value points into by its provenance, as the
/// executor resolves it: a constant address in (or one past) an object, or
/// the constant of `k + x`; null when it has none (an input pointer, null).
const memory::ObjectEntry *pointeeOf(const memory::AddressSpace &memory,
                                     const ExprRef &pointer) {
  uint64_t k = 0;
  if (pointer->isConst())
    k = pointer->bvValue().getZExtValue();
  else if (pointer->kind() == expr::Kind::Add &&
           pointer->child(0)->kind() == expr::Kind::BVConst)
    k = pointer->child(0)->bvValue().getZExtValue();
  else
    return nullptr;
  if (k < memory::kNullPageSize)
    return nullptr;
  const memory::ObjectEntry *e = memory.find(k);
  if (!e)
    if (const memory::ObjectEntry *b = memory.below(k);
        b && k == b->object->address + b->object->capacity)
      e = b; // one past its end
  if (!e || e->freed || e->object->kind == memory::ObjectKind::Function)
    return nullptr;
  return e;
}

/// `e / d` as a term when `e` is built of multiples of `d` (constants,
/// products by them, sums), whose product by `d` is `e` modulo 2^width;
/// null otherwise.
ExprRef divideExactly(expr::ExprContext &ctx, const ExprRef &e, uint64_t d) {
  if (d == 1)
    return e;
  unsigned w = e->width();
  auto quotient = [&](const llvm::APInt &c) -> std::optional<llvm::APInt> {
    llvm::APInt divisor(w, d);
    for (const llvm::APInt &q : {c.udiv(divisor), c.sdiv(divisor)})
      if (q * divisor == c)
        return q;
    return std::nullopt;
  };
  switch (e->kind()) {
  case expr::Kind::BVConst:
    if (auto q = quotient(e->bvValue()))
      return ctx.bv(*q);
    return nullptr;
  case expr::Kind::Add:
  case expr::Kind::Sub: {
    ExprRef a = divideExactly(ctx, ExprRef(e->child(0)), d);
    ExprRef b = a ? divideExactly(ctx, ExprRef(e->child(1)), d) : nullptr;
    if (!b)
      return nullptr;
    return e->kind() == expr::Kind::Add ? ctx.add(a, b) : ctx.sub(a, b);
  }
  case expr::Kind::Mul:
    for (unsigned k = 0; k < 2; ++k)
      if (e->child(k)->kind() == expr::Kind::BVConst)
        if (auto q = quotient(e->child(k)->bvValue()))
          return ctx.mul(ctx.bv(*q), ExprRef(e->child(1 - k)));
    return nullptr;
  case expr::Kind::Shl:
    if (e->child(1)->kind() == expr::Kind::BVConst &&
        e->child(1)->bvValue().ult(w))
      if (auto q = quotient(llvm::APInt(w, 1).shl(e->child(1)->bvValue())))
        return ctx.mul(ctx.bv(*q), ExprRef(e->child(0)));
    return nullptr;
  default:
    return nullptr;
  }
}

/// The size of what a pointer of type `t` points to (1 when unsized).
uint64_t pointeeSize(const llvm::DataLayout &layout, const llvm::Type *t) {
  llvm::Type *element = t->getPointerElementType();
  if (!element->isSized())
    return 1;
  return std::max<uint64_t>(1, layout.getTypeAllocSize(element));
}

/// The head's phis at the arrival `s`, carried around the loop; why not, or
/// empty. A pointer is carried as its offset from the object it points
/// into, which must be the same on every path (pointerLeavesItsObject).
std::string carryPhis(const ExecutionState &s, const llvm::BasicBlock &head,
                      expr::ExprContext &ctx, const llvm::DataLayout &layout,
                      std::vector<CarriedValue> &carried) {
  for (const llvm::PHINode &phi : head.phis()) {
    CarriedValue c;
    c.phi = &phi;
    c.name = cNameOf(phi, carried.size());
    if (phi.getType()->isPointerTy()) {
      const engine::RegValue *r = s.stack.back().registers.find(&phi);
      const memory::ObjectEntry *e =
          r ? pointeeOf(s.memory, r->toExpr(ctx)) : nullptr;
      if (!e)
        return "a pointer carried around the loop that points into no "
               "object of the program's (null, or an input's)";
      c.pointee = e->object->address;
      c.stride = pointeeSize(layout, phi.getType());
      if (!c.valueIn(ctx, s))
        c.stride = 1;
      c.name = c.stride == 1 ? fmt::format("(char *){} - (char *){}", c.name,
                                           e->object->name)
                             : fmt::format("{} - {}", c.name, e->object->name);
    } else if (!phi.getType()->isIntegerTy()) {
      return "a value of a type other than an integer or a pointer carried "
             "around the loop";
    }
    carried.push_back(std::move(c));
  }
  return "";
}

/// Why a carried pointer cannot stay an offset into its object: on some
/// iteration it moves into another object (or to null); empty when none.
/// (The body's run reads the pointer as `base + offset`, which the executor
/// resolves into the object at base: only exact when every path keeps it
/// there.)
std::string pointerLeavesItsObject(const LoopBodyRun &body,
                                   const std::vector<CarriedValue> &carried,
                                   expr::ExprContext &ctx) {
  for (const auto &end : body.iterationEnds)
    for (const CarriedValue &c : carried) {
      if (!c.pointee)
        continue;
      const engine::RegValue *r = end->stack.back().registers.find(c.phi);
      const memory::ObjectEntry *e =
          r ? pointeeOf(end->memory, r->toExpr(ctx)) : nullptr;
      if (!e || e->object->address != *c.pointee)
        return fmt::format("a pointer carried around the loop ('{}') that "
                           "moves into another object",
                           cNameOf(*c.phi, 0));
    }
  return "";
}

/// The objects the loop's own stores name (a global, a stack slot of its
/// frame); the others its body's runs find.
std::vector<uint64_t> storedObjects(Executor &x,
                                    const frontend::RecursiveVertex &loop,
                                    const engine::StackFrame &frame) {
  std::vector<uint64_t> objects;
  for (const llvm::BasicBlock *b : loop.body)
    for (const llvm::Instruction &i : *b) {
      const auto *store = llvm::dyn_cast<llvm::StoreInst>(&i);
      if (!store)
        continue;
      const llvm::Value *p = store->getPointerOperand();
      while (const auto *op = llvm::dyn_cast<llvm::Operator>(p))
        if (llvm::isa<llvm::GEPOperator>(op) ||
            llvm::isa<llvm::BitCastOperator>(op))
          p = op->getOperand(0);
        else
          break;
      if (const auto *g = llvm::dyn_cast<llvm::GlobalVariable>(p))
        objects.push_back(x.globalAddress(g));
      else if (llvm::isa<llvm::AllocaInst>(p))
        if (const engine::RegValue *r = frame.registers.find(p))
          if (r->isConcrete())
            objects.push_back(r->bits());
    }
  return objects;
}

/// The object at `base` in `s`, carried (once): an object of at most
/// kMaxCarriedObject bytes as its bytes in chunks of at most 8 (each a
/// bit-vector the Horn clauses see as a number), a larger one or one of
/// symbolic size as its whole content (an array the Horn clauses see as
/// one: its invariants quantify over its elements); why not, or empty.
std::string carryObject(const ExecutionState &s, uint64_t base,
                        std::vector<CarriedValue> &carried) {
  if (std::any_of(carried.begin(), carried.end(), [&](const CarriedValue &c) {
        return !c.phi && c.base == base;
      }))
    return "";
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  if (!e || e->freed)
    return "the loop writes memory it does not own";
  const memory::MemoryObject &o = *e->object;
  if (containsPointer(static_cast<const llvm::Type *>(o.typeTag)))
    return fmt::format("a pointer in '{}' written in the loop", o.name);
  if (o.symbolicSize || o.capacity > kMaxCarriedObject) {
    CarriedValue c;
    c.base = base;
    c.name = o.name;
    carried.push_back(std::move(c));
    return "";
  }
  unsigned chunk = o.capacity <= 8 ? static_cast<unsigned>(o.capacity) : 4;
  for (uint64_t off = 0; off < o.capacity; off += chunk) {
    CarriedValue c;
    c.base = base;
    c.offset = off;
    c.bytes = static_cast<unsigned>(std::min<uint64_t>(chunk, o.capacity - off));
    c.name = o.capacity <= 8 ? o.name
                             : fmt::format("{}[{}..{}]", o.name, off,
                                           off + c.bytes - 1);
    carried.push_back(std::move(c));
  }
  return "";
}

/// The objects some iteration of `body` changed (they must be carried);
/// why the loop cannot be summarised (an object it frees, memory it
/// allocates that outlives an iteration), or empty.
std::string writtenObjects(const LoopBodyRun &body,
                           const memory::AddressSpace &atStart,
                           std::vector<uint64_t> &written) {
  for (const auto &end : body.iterationEnds) {
    for (const auto &[base, was] : atStart.objects()) {
      const memory::ObjectEntry *now = end->memory.findByBase(base);
      if (!now || now->freed != was.freed)
        return "an object freed in the loop";
      if (now->state != was.state)
        written.push_back(base);
    }
    if (end->memory.size() != atStart.size())
      for (const auto &[base, now] : end->memory.objects())
        if (!now.freed && !atStart.findByBase(base))
          return "memory allocated in the loop outlives an iteration";
  }
  return "";
}

} // namespace

ExprRef CarriedValue::valueIn(expr::ExprContext &ctx,
                              const ExecutionState &s) const {
  if (phi) {
    ExprRef v = s.stack.back().registers.find(phi)->toExpr(ctx);
    if (!pointee)
      return v;
    return divideExactly(ctx, ctx.sub(v, ctx.bv(v->width(), *pointee)),
                         stride);
  }
  const memory::ObjectState &o = *s.memory.findByBase(base)->state;
  return wholeObject() ? o.content(ctx)
                       : o.read(ctx, ctx.bv(64, offset), bytes);
}

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

engine::Exploration isolatedExploration(Executor &x,
                                        engine::ExplorationBounds bounds) {
  return engine::Exploration(
      engine::createSearcher(engine::SearchStrategy::DFS, x.options().seed,
                             [](const ExecutionState &) { return false; }),
      std::move(bounds));
}

engine::ExplorationBounds bodyRunBounds(Executor &x, std::string what) {
  engine::ExplorationBounds bounds;
  bounds.what = std::move(what);
  bounds.setDeadline(std::min(kBodySeconds, x.secondsLeft()));
  bounds.maxInstructions = kBodyInstructions;
  bounds.maxStates = kBodyStates;
  return bounds;
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

LoopRegistry::LoopRegistry() = default;
LoopRegistry::~LoopRegistry() = default;

LoopInstance &LoopRegistry::add(LoopInstance instance) {
  instance.id = instances_.size();
  instances_.push_back(std::make_unique<LoopInstance>(std::move(instance)));
  return *instances_.back();
}

LoopSummarizer::LoopSummarizer(Executor &x, LoopRegistry &registry,
                               LoopBodyRun *enclosing)
    : x_(x), registry_(registry), enclosing_(enclosing) {}
LoopSummarizer::~LoopSummarizer() = default;

const FunctionLoops &
LoopSummarizer::loadLoops(const llvm::Function &f) {
  auto &slot = registry_.functionLoops[&f];
  if (!slot) {
    slot = std::make_unique<FunctionLoops>();
    slot->structure = frontend::loopStructureOf(f);
    slot->modelFunction = frontend::isModelFunction(f);
    if (!slot->modelFunction)
      slot->component = registry_.recursiveComponentOf(f);
    if (!slot->component.empty())
      slot->whyNoSummary = whyCycleNotSummarisable(
          slot->component, slot->globals, slot->writtenGlobals);
    for (const frontend::RecursiveVertex &v : slot->structure.vertices) {
      LoopShape &shape = slot->byHead[v.head];
      shape.vertex = &v;
      shape.body.insert(v.body.begin(), v.body.end());
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
  if (LoopPathData *d = LoopPathData::find(s)) {
    std::erase_if(d->activations, [&](const LoopPathData::Activation &a) {
      return a.depth > s.stack.size();
    });
    std::erase_if(d->recursionEntries, [&](size_t id) {
      return registry_.recursionEntry(id).depth >= s.stack.size();
    });
  }
}

bool LoopSummarizer::onBranchTaken(ExecutionState &s,
                                   const llvm::Instruction &site, unsigned,
                                   bool) {
  // Only conditions that are terms get here (concrete ones take the fast
  // path): a loop that leaves through one has an input-dependent trip count.
  if (endIfCovered(s))
    return false;
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
  const FunctionLoops &loops = loopsOf(f);
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
    d->activations.push_back({depth, b, &loop->body, 0, false, false});
    a = d->activations.end() - 1;
  }
  ++a->visits;
  if (a->unrolled)
    return;
  if (x_.options().loops == engine::LoopStrategy::Auto &&
      (a->visits <= kUnrolledArrivals || !a->symbolicExit))
    return;
  engine::LoopStats &st = x_.summary().stats.loopStats;
  std::string why;
  if (!enclosing_ && a->visits > 1)
    registry_.headsLeftToUnrolling.insert(b); // its first visits were
  if (summarize(s, *loop, why)) {
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
  expr::ExprContext &ctx = x_.ctx();
  engine::LoopStats &st = x_.summary().stats.loopStats;
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
  auto pcList = s.constraints.list();
  proto.arrivalPc.assign(pcList.begin(), pcList.end());
  LoopInstance &inst = registry_.add(std::move(proto));
  inst.relation = fmt::format("loop{}_{}_{}", inst.id, inst.function,
                              inst.where.line);
  inst.prefix = fmt::format("{}L{}.", s.namePrefix, inst.id);

  std::vector<CarriedValue> carried;
  if (!(why = carryPhis(s, *head, ctx, x_.layout(), carried)).empty())
    return false;
  for (uint64_t base : storedObjects(x_, *loop.vertex, frame))
    if (!(why = carryObject(s, base, carried)).empty())
      return false;

  for (unsigned round = 0;; ++round) {
    if (round == kCarryRounds)
      return why = "the memory the loop writes was not found in "
                   "three runs of its body",
             false;
    // The body's run starts from the arrival with the carried values fresh.
    std::unique_ptr<ExecutionState> start = x_.copyState(s);
    start->namePrefix = inst.prefix;
    inst.carried = carried;
    inst.entry.clear();
    inst.entryForgets = false;
    for (size_t k = 0; k < inst.carried.size(); ++k) {
      CarriedValue &c = inst.carried[k];
      std::string name = fmt::format(
          "{}{}#{}", inst.prefix,
          c.pointee ? cNameOf(*c.phi, k) + ".offset" : c.name, k);
      if (c.phi) {
        const engine::RegValue *r = start->frame().registers.find(c.phi);
        if (!r)
          return why = "a phi of the loop head without a value", false;
        inst.entry.push_back(c.valueIn(ctx, s));
        c.var = ctx.var(name, inst.entry.back()->sort());
        ExprRef value = c.var;
        if (c.pointee)
          value = ctx.add(ctx.bv(c.var->width(), *c.pointee),
                          ctx.mul(ctx.bv(c.var->width(), c.stride), c.var));
        start->frame().registers.set(c.phi, engine::RegValue::of(value));
      } else {
        const memory::ObjectState &arriving =
            *s.memory.findByBase(c.base)->state;
        ExprRef forgetful =
            c.wholeObject()
                ? arriving.symbolicBytesOver(ctx, kMaxEntryStores,
                                             kKeptEntryStores,
                                             ctx.arrayVar(name + ".entry"))
                : nullptr;
        inst.entry.push_back(forgetful ? forgetful : c.valueIn(ctx, s));
        if (forgetful)
          inst.entryForgets = true;
        if (c.wholeObject()) {
          if (!forgetful && storeDepth(inst.entry.back()) > kMaxEntryStores) {
            inst.entry.back() =
                someStoresOver(ctx, inst.entry.back(), kKeptEntryStores,
                               ctx.arrayVar(name + ".entry"));
            inst.entryForgets = true;
          }
          c.var = ctx.arrayVar(name);
          const memory::ObjectEntry *e = s.memory.findByBase(c.base);
          start->memory.writable(c.base) =
              memory::ObjectState::wholeArray(e->state->capacity(), c.var);
        } else {
          c.var = ctx.var(name, expr::Sort::bv(8 * c.bytes));
          start->memory.writable(c.base).write(ctx, ctx.bv(64, c.offset),
                                               c.var);
        }
      }
    }
    LoopPathData::of(*start).atoms.push_back(inst.id);
    size_t pcAtStart = start->constraints.size();
    size_t atomsAtStart = LoopPathData::of(*start).atoms.size();
    memory::AddressSpace memoryAtStart = start->memory;

    engine::Exploration run = isolatedExploration(
        x_, bodyRunBounds(x_, fmt::format("the isolated run of the loop body "
                                          "at {}:{}",
                                          inst.where.file, inst.where.line)));
    LoopBodyRun body(x_, inst, s.stack.size(), loop.body);
    LoopSummarizer nested(x_, registry_, &body);
    run.hooks = {&body, &nested};
    x_.exploreFrom(run, [&] { return std::move(start); });
    st.bodySeconds += std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - began)
                          .count();
    if (run.stopped())
      return why = run.why(), false;
    if (!body.failure.empty())
      return why = body.failure, false;

    if (!(why = pointerLeavesItsObject(body, inst.carried, ctx)).empty())
      return false;
    std::vector<uint64_t> written;
    if (!(why = writtenObjects(body, memoryAtStart, written)).empty())
      return false;
    size_t before = carried.size();
    for (uint64_t base : written)
      if (!(why = carryObject(s, base, carried)).empty())
        return false;
    if (carried.size() != before)
      continue; // again, with those objects carried too

    // A pointer some iteration moves by a part of its stride: in bytes.
    bool restride = false;
    for (const auto &end : body.iterationEnds)
      for (size_t k = 0; k < carried.size(); ++k)
        if (carried[k].stride != 1 && !carried[k].valueIn(ctx, *end)) {
          carried[k].stride = 1;
          carried[k].name = fmt::format("(char *){} - (char *){}",
                                        cNameOf(*carried[k].phi, k),
                                        s.memory.findByBase(*carried[k].pointee)
                                            ->object->name);
          restride = true;
        }
    if (restride)
      continue;

    // The body is complete: its iterations are the clauses of Rec.
    for (const auto &end : body.iterationEnds) {
      LoopIteration it;
      auto pc = end->constraints.list();
      it.pc.assign(pc.begin() + static_cast<long>(pcAtStart), pc.end());
      const std::vector<size_t> &atoms = LoopPathData::of(*end).atoms;
      it.atoms.assign(atoms.begin() + static_cast<long>(atomsAtStart),
                      atoms.end());
      for (const CarriedValue &c : inst.carried)
        it.next.push_back(c.valueIn(ctx, *end));
      inst.iterations.push_back(std::move(it));
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
      e->nameCounter = s.nameCounter;
      x_.addFork(s, std::move(e));
    }
    s.terminated = true;
    for (LoopCandidate &c : body.candidates)
      decide(std::move(c));
    return true;
  }
}

bool LoopSummarizer::onPathEnd(ExecutionState &s, const PathEnd &end) {
  if (reporting_)
    return false;
  if (end.kind == PathEnd::Kind::Cut && resumeRecursion(s, end))
    return true;
  const LoopPathData *d = LoopPathData::find(s);
  if (!d || (d->atoms.empty() && d->calls.empty()))
    return false;
  switch (end.kind) {
  case PathEnd::Kind::Error:
    decide({x_.copyState(s), end});
    return true;
  case PathEnd::Kind::Completed:
    // A path of the over-approximation: counted, but its test could not be
    // trusted.
    ++x_.summary().stats.pathsCompleted;
    return true;
  case PathEnd::Kind::Infeasible:
    return true;
  case PathEnd::Kind::Cut:
    return false;
  }
  return false;
}

} // namespace cosmo::summary
