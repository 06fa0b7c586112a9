//===- CarriedValues.cpp - what a loop carries around its head ------------===//
//
// The loop-carried values of a recursive state (seed 001 section 6: the
// locations Body(id) reads and writes): the head's phis -- a pointer as its
// offset into the object it points to --, and the objects the loop writes,
// small ones byte-wise and larger ones as arrays. See LoopInstance.h.
//
//===----------------------------------------------------------------------===//

#include "common/LoopWrites.h"
#include "loops/LoopInstance.h"

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/MathExtras.h>

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cosmo::summary {

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
/// A scalar whose value at the arrival is a term of more nodes than this
/// (`j + k + k + ...` after 65,536 unrolled iterations) enters as any
/// value: Z3 takes minutes only to build and free a question over it.
constexpr size_t kMaxEntryNodes = 4096;

/// `entry`, or any value of its sort (`forgets`) when it is too large.
static ExprRef boundedEntry(expr::ExprContext &ctx, ExprRef entry,
                            const std::string &name, bool &forgets) {
  if (expr::dagSizeUpTo(entry, kMaxEntryNodes) <= kMaxEntryNodes)
    return entry;
  forgets = true;
  return ctx.var(name + ".entry", entry->sort());
}

/// The stores an array term is built of, below its top.
static unsigned storeDepth(const ExprRef &array) {
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
static ExprRef someStoresOver(expr::ExprContext &ctx, const ExprRef &array,
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

static bool containsPointer(const llvm::Type *t) {
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

void nameOffset(CarriedValue &c, size_t k, const std::string &object) {
  std::string p = cNameOf(*c.phi, k);
  c.name = c.stride == 1 ? fmt::format("(char *){} - (char *){}", p, object)
                         : fmt::format("{} - {}", p, object);
}

/// The object a pointer's value points into by its provenance, as the
/// executor resolves it: a constant address in (or one past) an object, or
/// the constant of `k + x` (in or near one); null when it has none (an
/// input pointer, null).
static const memory::ObjectEntry *
pointeeOf(const memory::AddressSpace &memory, const ExprRef &pointer) {
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
  const memory::ObjectEntry *e =
      pointer->isConst()
          ? memory.nearby(k, 1) // in it, or one past its end
          : memory.nearby(k, memory::kNearObject);
  if (!e || e->freed || e->object->kind == memory::ObjectKind::Function)
    return nullptr;
  return e;
}

/// Why pointer phi `name`, of value `value` at the arrival, is no
/// carried value: what it points to, as the refusal says it.
static std::string unplacedPointer(const std::string &name,
                                   const memory::AddressSpace &memory,
                                   const ExprRef &value) {
  if (value && !value->isConst())
    return fmt::format("a pointer carried around the loop ('{}') whose "
                       "object at the arrival depends on the inputs (one "
                       "of several, or an input's)",
                       name);
  if (value)
    if (const memory::ObjectEntry *e =
            memory.nearby(value->bvValue().getZExtValue(), 1);
        e && e->freed)
      return fmt::format("a pointer carried around the loop ('{}') that "
                         "points into a freed object at the arrival",
                         name);
  return unplacedPointer(name);
}

std::string unplacedPointer(const std::string &name) {
  return fmt::format("a pointer carried around the loop ('{}') that points "
                     "into no object of the program's (null, or an "
                     "input's)",
                     name);
}

/// `e / d` as a term when `e` is built of multiples of `d` (constants,
/// products by them, sums), whose product by `d` is `e` modulo 2^width;
/// null otherwise.
static ExprRef divideExactly(expr::ExprContext &ctx, const ExprRef &e,
                             uint64_t d) {
  if (d == 1)
    return e;
  unsigned w = e->width();
  auto quotient = [&](const llvm::APInt &c) -> std::optional<llvm::APInt> {
    llvm::APInt divisor(w, d);
    // The signed quotient first: -4 / 4 is -1, not 2^62 - 1 (both exact
    // modulo 2^64, but an iteration that moves by 2^62 - 1 has no
    // invariant Spacer finds).
    for (const llvm::APInt &q : {c.sdiv(divisor), c.udiv(divisor)})
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
  case expr::Kind::SExt:
  case expr::Kind::ZExt: {
    // ext(k * ext(y)) as an address's index (a GEP's): k * ext(y) in the
    // wide width when the narrow product cannot overflow.
    const expr::Expr *m = e->child(0);
    bool sign = e->kind() == expr::Kind::SExt;
    if (m->kind() != expr::Kind::Mul)
      return nullptr;
    for (unsigned k = 0; k < 2; ++k) {
      const expr::Expr *c = m->child(k), *y = m->child(1 - k);
      if (c->kind() != expr::Kind::BVConst ||
          y->kind() != (sign ? expr::Kind::SExt : expr::Kind::ZExt))
        continue;
      const llvm::APInt &factor = c->bvValue();
      // An a-bit and a b-bit number multiply into a + b bits.
      unsigned needed = y->child(0)->width() + (sign ? factor.getMinSignedBits()
                                                     : factor.getActiveBits());
      if (needed > m->width())
        return nullptr;
      llvm::APInt wide = sign ? factor.sext(w) : factor.zext(w);
      auto q = quotient(wide);
      if (!q)
        return nullptr;
      ExprRef inner(y->child(0));
      return ctx.mul(ctx.bv(*q),
                     sign ? ctx.sext(inner, w) : ctx.zext(inner, w));
    }
    return nullptr;
  }
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
static uint64_t pointeeSize(const llvm::DataLayout &layout,
                            const llvm::Type *t) {
  llvm::Type *element = t->getPointerElementType();
  if (!element->isSized())
    return 1;
  return std::max<uint64_t>(1, layout.getTypeAllocSize(element));
}

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
      if (!e) {
        // Null or a node: the address itself, if it is a cell of a node
        // region of its type (one there, or one the loop makes).
        c.raw = true;
        c.node = phi.getType()->getPointerElementType();
        c.holder = cNameOf(phi, 0);
        bindToRegionsIn(c, s.memory);
        if (!c.nodeRegion && !(r && r->isConcrete() && r->bits() == 0))
          return unplacedPointer(c.holder, s.memory,
                                 r ? r->toExpr(ctx) : ExprRef());
        carried.push_back(std::move(c));
        continue;
      }
      c.pointee = e->object->address;
      c.stride = pointeeSize(layout, phi.getType());
      if (!c.valueIn(ctx, s))
        c.stride = 1;
      nameOffset(c, carried.size(), e->object->name);
    } else if (!phi.getType()->isIntegerTy()) {
      return "a value of a type other than an integer or a pointer carried "
             "around the loop";
    }
    carried.push_back(std::move(c));
  }
  return "";
}

bool anchorMovingPointers(Executor &x, const ExecutionState &s,
                          const LoopBodyRun &body,
                          std::vector<CarriedValue> &carried) {
  if (!nodeRegionsPossible(x))
    return false;
  expr::ExprContext &ctx = x.ctx();
  const llvm::DataLayout &layout = x.module().getDataLayout();
  bool any = false;
  for (CarriedValue &c : carried) {
    if (!c.phi || !c.pointee || c.raw)
      continue;
    bool moves = std::any_of(
        body.iterationEnds.begin(), body.iterationEnds.end(),
        [&](const auto &end) {
          const engine::RegValue *r = end->stack.back().registers.find(c.phi);
          const memory::ObjectEntry *e =
              r ? pointeeOf(end->memory, r->toExpr(ctx)) : nullptr;
          return !e || e->object->address != *c.pointee;
        });
    const memory::ObjectEntry *o = s.memory.findByBase(*c.pointee);
    ExprRef at = c.valueIn(ctx, s);
    auto *node = llvm::dyn_cast<llvm::StructType>(
        c.phi->getType()->getPointerElementType());
    if (!moves || !o || o->object->region || o->freed || !at ||
        !at->isConst() || !at->bvValue().isZero() || !node ||
        !node->isSized())
      continue;
    // A whole node at its start, placed as a cell would be (at a multiple
    // of the cell's size: the node's, padded to a power of two).
    uint64_t size = layout.getTypeAllocSize(node);
    uint64_t cell = memory::MemoryObject::NodeRegion::cellSizeFor(size);
    std::optional<std::vector<uint64_t>> links = x.nodeLinks(node);
    if (o->object->capacity != size || o->object->symbolicSize ||
        o->object->address % cell != 0 || !links || links->empty())
      continue;
    c.raw = true;
    c.anchor = o->object->address;
    c.pointee.reset();
    c.stride = 1;
    c.name = c.holder = cNameOf(*c.phi, 0);
    c.node = node;
    bindToRegionsIn(c, s.memory);
    any = true;
  }
  return any;
}

std::string pointerLeavesItsObject(const LoopBodyRun &body,
                                   const std::vector<CarriedValue> &carried,
                                   expr::ExprContext &ctx) {
  for (const auto &end : body.iterationEnds)
    for (const CarriedValue &c : carried) {
      if (!c.pointee || c.raw)
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

std::vector<uint64_t> storedObjects(Executor &x,
                                    const frontend::RecursiveVertex &loop,
                                    const engine::StackFrame &frame) {
  std::vector<uint64_t> objects;
  // The stores only: the body's runs find what else it writes.
  for (const LoopWrite &w : loopWrites(loop)) {
    if (!llvm::isa<llvm::StoreInst>(w.at))
      continue;
    if (const auto *g = llvm::dyn_cast<llvm::GlobalVariable>(w.object))
      objects.push_back(x.globalAddress(g));
    else if (llvm::isa<llvm::AllocaInst>(w.object))
      if (const engine::RegValue *r = frame.registers.find(w.object))
        if (r->isConcrete())
          objects.push_back(r->bits());
  }
  return objects;
}

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
  // (An anchor's pointers are links: the executor keeps them null, a node
  // or an anchor.)
  bool anchor = std::any_of(carried.begin(), carried.end(),
                            [&](const CarriedValue &c) {
                              return c.raw && c.anchor == base;
                            });
  const auto *type = static_cast<const llvm::Type *>(o.typeTag);
  if (!o.region && !anchor && type && type->isPointerTy() &&
      llvm::isa<llvm::StructType>(type->getPointerElementType()) &&
      !o.symbolicSize) {
    // A pointer to a struct alone (`list` of `append(&list, v)`): raw,
    // null or a node of its region as a phi would be (nodesBroken checks
    // it at the arrival and after every iteration).
    CarriedValue c;
    c.base = base;
    c.bytes = static_cast<unsigned>(o.capacity);
    c.raw = true;
    c.node = type->getPointerElementType();
    c.name = c.holder = o.name;
    bindToRegionsIn(c, s.memory);
    carried.push_back(std::move(c));
    return "";
  }
  if (!o.region && !anchor && containsPointer(type))
    return fmt::format("a pointer in '{}' written in the loop", o.name);
  if (o.symbolicSize || o.capacity > kMaxCarriedObject) {
    CarriedValue c;
    c.base = base;
    c.name = o.name;
    carried.push_back(std::move(c));
    return "";
  }
  // (An anchor in 4-byte parts: its fields apart, a 32-bit node's mark
  // and link.)
  unsigned chunk =
      o.capacity <= 8 && !anchor ? static_cast<unsigned>(o.capacity) : 4;
  for (uint64_t off = 0; off < o.capacity; off += chunk) {
    CarriedValue c;
    c.base = base;
    c.offset = off;
    c.bytes = static_cast<unsigned>(std::min<uint64_t>(chunk, o.capacity - off));
    c.name = chunk == o.capacity ? o.name
                                 : fmt::format("{}[{}..{}]", o.name, off,
                                               off + c.bytes - 1);
    carried.push_back(std::move(c));
  }
  return "";
}

std::string writtenObjects(const LoopBodyRun &body,
                           const memory::AddressSpace &atStart,
                           std::vector<uint64_t> &written,
                           std::vector<const memory::MemoryObject *> &outliving) {
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
          outliving.push_back(now.object.get());
  }
  return "";
}

ExprRef CarriedValue::valueIn(expr::ExprContext &ctx,
                              const ExecutionState &s) const {
  if (phi || raw) {
    ExprRef v = addressIn(ctx, s);
    if (!pointee)
      return v;
    ExprRef units =
        divideExactly(ctx, ctx.sub(v, ctx.bv(v->width(), *pointee)), stride);
    // A node's address read from memory: a multiple of the cell
    // (nodesBroken checks it is null or a cell).
    if (!units && raw)
      units = ctx.udiv(v, ctx.bv(v->width(), stride));
    return units;
  }
  const memory::ObjectEntry &e = *s.memory.findByBase(base);
  if (regionCells)
    return e.object->region->cells;
  return wholeObject() ? e.state->content(ctx)
                       : e.state->read(ctx, ctx.bv(64, offset), bytes);
}

ExprRef CarriedValue::addressIn(expr::ExprContext &ctx,
                                const ExecutionState &s) const {
  if (phi) {
    const engine::RegValue *r = s.stack.back().registers.find(phi);
    return r ? r->toExpr(ctx) : nullptr;
  }
  return s.memory.findByBase(base)->state->read(ctx, ctx.bv(64, offset), bytes);
}

ExprRef CarriedValue::makeFresh(expr::ExprContext &ctx,
                                const ExecutionState &arrival,
                                ExecutionState &start,
                                const std::string &prefix, size_t k,
                                bool &forgets) {
  std::string name = fmt::format(
      "{}{}#{}", prefix,
      pointee ? (phi ? cNameOf(*phi, k) : holder) + ".offset" : this->name,
      k);
  forgets = false;
  if (phi || raw) {
    ExprRef entry = valueIn(ctx, arrival);
    var = ctx.var(name, entry->sort());
    ExprRef value = var;
    if (pointee)
      value = ctx.add(ctx.bv(var->width(), *pointee),
                      ctx.mul(ctx.bv(var->width(), stride), var));
    if (phi)
      start.stack.back().registers.set(phi, engine::RegValue::of(value));
    else
      start.memory.writable(base).write(ctx, ctx.bv(64, offset), value);
    return boundedEntry(ctx, entry, name, forgets);
  }
  if (regionCells) {
    // The caller sets the region's cells to it (Executor::setNodeCells).
    const memory::MemoryObject &o = *start.memory.findByBase(base)->object;
    var = ctx.var(name, o.region->cells->sort());
    return bornInLoop ? ctx.bv(var->width(), 0) : valueIn(ctx, arrival);
  }
  if (bornInLoop) {
    // No cell yet at the arrival: any content is the content.
    var = ctx.arrayVar(name);
    start.memory.writable(base) = memory::ObjectState::wholeArray(
        start.memory.findByBase(base)->state->capacity(), var);
    return ctx.arrayVar(name + ".entry");
  }
  if (!wholeObject()) {
    var = ctx.var(name, expr::Sort::bv(8 * bytes));
    start.memory.writable(base).write(ctx, ctx.bv(64, offset), var);
    return boundedEntry(ctx, valueIn(ctx, arrival), name, forgets);
  }
  // An arrival content of too many written bytes: some of them over any
  // array (built without the whole chain when memory can).
  const memory::ObjectState &arriving = *arrival.memory.findByBase(base)->state;
  ExprRef forgotten = ctx.arrayVar(name + ".entry");
  ExprRef entry = arriving.symbolicBytesOver(ctx, kMaxEntryStores,
                                             kKeptEntryStores, forgotten);
  forgets = entry != nullptr;
  if (!entry) {
    entry = valueIn(ctx, arrival);
    forgets = storeDepth(entry) > kMaxEntryStores;
    if (forgets)
      entry = someStoresOver(ctx, entry, kKeptEntryStores, forgotten);
  }
  var = ctx.arrayVar(name);
  start.memory.writable(base) =
      memory::ObjectState::wholeArray(arriving.capacity(), var);
  return entry;
}

} // namespace cosmo::summary
