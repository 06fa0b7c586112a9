//===- ExecMemory.cpp - addresses, loads, stores, allocation --------------===//
//
// Address resolution. A pointer term is resolved to the object it points
// into, with every invalid case reported as an error on the states where it
// can happen:
//  1. input pointers met for the first time are lazily initialised (seed
//     002 section IV.C): the state forks into null, an alias of each input
//     object of the same type already seen, and a fresh input object;
//  2. a concrete address is looked up directly;
//  3. a symbolic address `k + x` with a constant part `k` has the object
//     around `k` as its provenance: the access must stay inside that
//     object, which is C's rule for pointer arithmetic;
//  4. any other symbolic address is enumerated: the solver proposes a
//     value, the state forks on "inside that object", and the rest goes on
//     until nothing is left or the proposal is no object at all (an error).
// No concretisation loses a path: every fork carries its constraint.
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "OutsideAccess.h"

#include "cosmo/expr/Transform.h"

#include <fmt/format.h>

#include <cassert>

namespace cosmo::engine {

using memory::kNullPageSize;
using memory::ObjectKind;

namespace {
constexpr unsigned kMaxEnumeratedTargets = 16;
}

std::string Executor::addressSpaceExhausted(const ExecutionState &s,
                                                uint64_t capacity) const {
  return fmt::format("no room for an object of {} byte{} in the {}-bit "
                     "address space ({} objects allocated on this path)",
                     capacity, capacity == 1 ? "" : "s", pointerBits(),
                     s.nextObjectId);
}

uint64_t Executor::allocate(ExecutionState &s, uint64_t capacity,
                                ObjectKind kind, const std::string &name,
                                ExprRef initial, ExprRef symbolicSize,
                                const void *typeTag, bool unbounded) {
  std::optional<uint64_t> address =
      addresses_.place(s.nextObjectIndex, capacity);
  if (!address)
    throw Unsupported{addressSpaceExhausted(s, capacity)};
  auto obj = std::make_shared<memory::MemoryObject>();
  obj->id = s.nextObjectId++;
  obj->address = *address;
  s.nextObjectIndex += addresses_.slotsFor(capacity);
  obj->capacity = capacity;
  obj->symbolicSize = std::move(symbolicSize);
  obj->kind = kind;
  obj->name = name;
  obj->typeTag = typeTag;
  uint64_t base = obj->address;
  s.memory.bind(std::move(obj),
                unbounded ? std::make_shared<memory::ObjectState>(
                                memory::ObjectState::unbounded(
                                    capacity, std::move(initial)))
                          : std::make_shared<memory::ObjectState>(
                                capacity, std::move(initial)));
  return base;
}

std::vector<ExprRef> Executor::fillWithInputBytes(ExecutionState &s,
                                                      uint64_t base,
                                                      const std::string &name) {
  memory::ObjectState &os = s.memory.writable(base);
  std::string id = s.freshName(name);
  std::vector<ExprRef> vars;
  for (uint64_t k = 0; k < os.capacity(); ++k) {
    vars.push_back(
        ctx_.var(id + "[" + std::to_string(k) + "]", expr::Sort::bv(8)));
    os.writeByte(ctx_, k, vars.back());
  }
  for (ExecutionHooks *h : run_->hooks)
    h->onInputMemory(s, vars);
  return vars;
}

void Executor::registerLazyPointer(ExecutionState &s, const ExprRef &ptr,
                                       const llvm::Type *pointee,
                                       std::string path, std::string holder,
                                       uint64_t holderOffset) {
  if (ptr->isConst() || s.lazyPointers.count(ptr))
    return;
  s.lazyPointers.emplace(ptr, LazyPointer{pointee, std::move(path), {},
                                          std::move(holder), holderOffset});
}

namespace {
std::string objectNameFor(const std::string &pointerPath) {
  bool simple = pointerPath.find_first_of("+*()") == std::string::npos;
  return simple ? "*" + pointerPath : "*(" + pointerPath + ")";
}
} // namespace

uint64_t Executor::newInputTarget(ExecutionState &s, const ExprRef &lazy,
                                  uint64_t capacity, ExprRef size,
                                  InputRecord::CallerDecides callerDecides,
                                  bool unbounded) {
  LazyPointer &lp = s.lazyPointers.at(lazy);
  assert(!lp.target && "the pointer has its target already");
  std::string name = objectNameFor(lp.path);
  ExprRef content = ctx_.arrayVar(s.freshName("input"));
  uint64_t base = allocate(s, capacity, ObjectKind::Input, name, content,
                           size, lp.pointee, unbounded);
  InputRecord in{name, "input-memory", "", {}, {}, capacity};
  if (unbounded) {
    // Too large for a variable per byte: the content is one array.
    in.array = content;
    in.size = 0;
  } else {
    in.byteVars = fillWithInputBytes(s, base, name);
  }
  in.arraySize = size;
  in.address = base;
  in.callerDecides = callerDecides;
  s.inputs.push_back(std::move(in));
  lp.target = base;
  lp.createdTarget = true;
  return base;
}

namespace {
// An unresolved lazy pointer occurring in `address`, if any.
std::optional<ExprRef> findUnresolvedLazy(const ExecutionState &s,
                                          const ExprRef &address) {
  std::optional<ExprRef> found;
  expr::forEachNode(address, [&](const expr::Expr *e) {
    if (found)
      return;
    auto it = s.lazyPointers.find(ExprRef(e));
    if (it != s.lazyPointers.end() && !it->second.target)
      found = it->first;
  });
  return found;
}

// Bytes of input memory never written: a concatenation of input byte
// variables (see fillWithInputBytes).
bool isInputPointerTerm(const ExprRef &v) {
  bool ok = !v->isConst();
  expr::forEachNode(v, [&](const expr::Expr *e) {
    ok &= e->kind() == expr::Kind::Concat ||
          (e->kind() == expr::Kind::Var && e->width() == 8);
  });
  return ok;
}

// `address` with the input pointers this path resolved replaced by their
// targets.
ExprRef withLazyTargets(Executor &ex, const ExecutionState &s,
                        const ExprRef &address) {
  if (address->isConst() || s.lazyPointers.empty())
    return address;
  expr::Substitution sub;
  expr::forEachNode(address, [&](const expr::Expr *e) {
    auto it = s.lazyPointers.find(ExprRef(e));
    if (it != s.lazyPointers.end() && it->second.target)
      sub.emplace(it->first, ex.pointer(*it->second.target));
  });
  return expr::substitute(ex.ctx(), address, sub);
}

} // namespace

std::vector<ResolvedAccess> Executor::resolve(ExecutionState &s,
                                                  ExprRef address,
                                                  uint64_t size,
                                                  const llvm::Value *source) {
  std::vector<ResolvedAccess> out;
  address = withLazyTargets(*this, s, address);

  // 1. Lazy initialisation of an input pointer met for the first time.
  if (!address->isConst()) {
    if (auto lazy = findUnresolvedLazy(s, address)) {
      const LazyPointer lp = s.lazyPointers.at(*lazy);
      uint64_t elemSize = 1;
      if (lp.pointee && lp.pointee->isSized())
        elemSize = std::max<uint64_t>(
            1, layout_.getTypeAllocSize(const_cast<llvm::Type *>(lp.pointee)));
      uint64_t capacity = elemSize * std::max(1u, opts_.inputArrayElements);
      // Checked before any fork: every child must get its object.
      std::optional<uint64_t> fresh =
          addresses_.place(s.nextObjectIndex, capacity);
      if (!fresh)
        throw Unsupported{addressSpaceExhausted(s, capacity)};
      uint64_t freshAddress = *fresh;
      std::vector<uint64_t> targets{0};
      // Shaped inputs: what a caller's struct points to is its own object
      // (a list is not a cycle); an error that needs two of its pointers to
      // alias is latent anyway, so the verdict says they were not tried.
      bool aliases = !(shapesInputs() && s.namePrefix.empty());
      bool aliasesLeftOut = false;
      for (const auto &[base, entry] : s.memory.objects())
        if (entry.object->kind == ObjectKind::Input &&
            entry.object->typeTag == lp.pointee) {
          if (aliases)
            targets.push_back(base);
          aliasesLeftOut |= !aliases;
        }
      if (aliasesLeftOut)
        noteUnknown("--inputs=shaped: pointers stored in the inputs were not "
                    "tried as aliases of one another");
      targets.push_back(freshAddress);
      std::vector<uint64_t> feasible;
      std::vector<solver::Model> models; // of each feasible choice's path
      for (uint64_t t : targets) {
        solver::SolverResult r = ask(s, ctx_.eq(*lazy, pointer(t)),
                                     opts_.solver.modelReuse);
        if (r.isUnknown()) {
          terminateCut(s, "solver could not decide lazy initialisation: " +
                              r.reason);
          return out;
        }
        if (r.isSat()) {
          feasible.push_back(t);
          models.push_back(r.model);
        }
      }
      std::vector<ExecutionState *> children;
      for (size_t k = 0; k + 1 < feasible.size(); ++k)
        children.push_back(&clone(s));
      children.push_back(&s);
      for (size_t k = 0; k < feasible.size(); ++k) {
        ExecutionState &c = *children[k];
        uint64_t t = feasible[k];
        if (t == freshAddress)
          t = newInputTarget(c, *lazy, capacity, {},
                             InputRecord::CallerDecides::All);
        addConstraint(c, ctx_.eq(*lazy, pointer(feasible[k])), models[k]);
        c.lazyPointers.at(*lazy).target = t;
      }
      if (feasible.empty()) {
        terminateInfeasible(s);
        return out;
      }
      for (ExecutionState *c : children) {
        auto r = resolve(*c, address, size, source);
        out.insert(out.end(), r.begin(), r.end());
      }
      return out;
    }
  }

  // The value of the pointer the address came from, on `st` (under
  // `model` when it is symbolic there).
  auto provenanceValue =
      [&](ExecutionState &st,
          const solver::Model &model) -> std::optional<uint64_t> {
    if (!source)
      return std::nullopt;
    ExprRef base = withLazyTargets(*this, st, eval(st, provenanceOf(source)));
    if (base->isConst())
      return base->bvValue().getZExtValue();
    if (model)
      return expr::evaluate(base, *model)->bits.getZExtValue();
    return std::nullopt;
  };
  auto boundsError = [&](ExecutionState &st, uint64_t value,
                         const solver::Model &model = nullptr) {
    const memory::ObjectEntry *e = st.memory.find(value);
    if (e && e->freed && value >= kNullPageSize) {
      terminateError(st, ErrorKind::UseAfterFree,
                     fmt::format("access to freed {} object '{}'",
                                 memory::objectKindName(e->object->kind),
                                 e->object->name));
      return;
    }
    std::optional<uint64_t> from = provenanceValue(st, model);
    st.accessedObject = from.value_or(0);
    OutsideAccess what =
        describeOutsideAccess(st.memory, value, size, from, pointerBits());
    terminateError(st, what.kind, what.message);
  };

  // Checks the access against object `base` on state `st`.
  auto within = [&](ExecutionState &st, uint64_t base,
                    const ExprRef &offset) -> ExecutionState * {
    const memory::ObjectEntry &e = *st.memory.findByBase(base);
    const memory::MemoryObject &o = *e.object;
    st.accessedObject = base;
    if (e.freed) {
      terminateError(st, ErrorKind::UseAfterFree,
                     fmt::format("access to freed {} object '{}'",
                                 memory::objectKindName(o.kind), o.name));
      return nullptr;
    }
    if (o.kind == ObjectKind::Function) {
      terminateError(st, ErrorKind::OutOfBounds,
                     "data access to function '" + o.name + "'");
      return nullptr;
    }
    ExprRef objSize = o.sizeExpr(ctx_, pointerBits());
    ExprRef fits =
        ctx_.andE(ctx_.uge(objSize, pointer(size)),
                  ctx_.ule(offset, ctx_.sub(objSize, pointer(size))));
    if (o.region) {
      // Inside one cell's block (not its padding), a block of its own,
      // and the one its pointer points into: `q + 1` is not the next node.
      uint64_t bytes = o.region->blockSize;
      ExprRef cell = pointer(o.region->cellSize());
      fits = size > bytes ? ctx_.falseE()
                          : ctx_.andE(fits, ctx_.ule(ctx_.urem(offset, cell),
                                                     pointer(bytes - size)));
      if (source) {
        ExprRef from =
            withLazyTargets(*this, st, eval(st, provenanceOf(source)));
        fits = ctx_.andE(
            fits, ctx_.eq(ctx_.udiv(offset, cell),
                          ctx_.udiv(ctx_.sub(from, pointer(base)), cell)));
      }
    }
    return checkError(
        st, ctx_.notE(fits), ErrorKind::OutOfBounds,
        fmt::format("out-of-bounds access of {} to {} object '{}'{}",
                    bytesText(size), memory::objectKindName(o.kind), o.name,
                    o.symbolicSize ? std::string()
                                   : " of " + bytesText(o.capacity)));
  };

  // 2. Concrete address.
  if (address->isConst()) {
    uint64_t value = address->bvValue().getZExtValue();
    const memory::ObjectEntry *e = s.memory.find(value);
    if (!e || e->object->kind == ObjectKind::Function) {
      boundsError(s, value);
      return out;
    }
    uint64_t base = e->object->address;
    ExprRef offset = pointer(value - base);
    if (ExecutionState *ok = within(s, base, offset))
      out.push_back({ok, base, offset});
    return out;
  }

  // An isolated run cannot tell where an address the caller gave points
  // (ExecutionHooks::mayPointOutside): it does not have the caller's
  // objects.
  bool callers = mayPointOutside(address);

  // 3. Provenance from the constant part of `k + x` (an isolated run's
  // address the caller gave has its own: k is only an offset from it).
  if (address->kind() == expr::Kind::Add &&
      address->child(0)->kind() == expr::Kind::BVConst &&
      !(callers &&
        !s.memory.find(address->child(0)->bvValue().getZExtValue()))) {
    uint64_t k = address->child(0)->bvValue().getZExtValue();
    // Just outside an object (e.g. &a[i - 5]): the nearest one, when it
    // is near (k = -16 of NULL - 16 + x is near no object).
    const memory::ObjectEntry *e = s.memory.nearby(k, memory::kNearObject);
    if (e && e->object->kind != ObjectKind::Function &&
        k >= kNullPageSize) {
      uint64_t base = e->object->address;
      ExprRef offset = ctx_.sub(address, pointer(base));
      if (ExecutionState *ok = within(s, base, offset))
        out.push_back({ok, base, offset});
      return out;
    }
  }

  // The addresses that fail as `value` does (boundsError): the null page,
  // the freed object it is in, or outside every object (with many
  // objects, `value` alone). An error path holds exactly these inputs:
  // an isolated run's error pair is the set of inputs that reach it.
  auto inside = [&](const memory::MemoryObject &o) {
    return ctx_.andE(
        ctx_.uge(address, pointer(o.address)),
        ctx_.ult(address, ctx_.add(pointer(o.address),
                                   o.sizeExpr(ctx_, pointerBits()))));
  };
  auto failingLike = [&](ExecutionState &st, uint64_t value) -> ExprRef {
    if (value < kNullPageSize)
      return ctx_.ult(address, pointer(kNullPageSize));
    const memory::ObjectEntry *e = st.memory.find(value);
    if (e && e->freed && e->object->kind != ObjectKind::Function)
      return inside(*e->object);
    constexpr size_t kMaxObjectsInCondition = 64;
    std::vector<ExprRef> outside{
        ctx_.uge(address, pointer(kNullPageSize))};
    for (const auto &[base, entry] : st.memory.objects()) {
      if (outside.size() > kMaxObjectsInCondition)
        return ctx_.eq(address, pointer(value));
      if (entry.object->kind != ObjectKind::Function)
        outside.push_back(ctx_.notE(inside(*entry.object)));
    }
    return ctx_.andAll(outside);
  };

  // 4. Enumeration of the objects the address can reach.
  ExecutionState *rest = &s;
  for (unsigned n = 0; rest; ++n) {
    if (n == kMaxEnumeratedTargets) {
      terminateCut(*rest, fmt::format("symbolic pointer may reach more than {} "
                                       "objects",
                                       kMaxEnumeratedTargets));
      break;
    }
    solver::SolverResult r = ask(*rest, nullptr, /*wantModel=*/true);
    if (!r.isSat()) {
      terminateCut(*rest, "solver could not resolve a symbolic pointer: " +
                              (r.isUnknown() ? r.reason : "unsat"));
      break;
    }
    uint64_t value =
        expr::evaluate(address, *r.model)->bits.getZExtValue();
    const memory::ObjectEntry *e = rest->memory.find(value);
    if (callers && value >= kNullPageSize) {
      // Only the null page is invalid in every caller.
      terminateCut(*rest, "an address the caller gives may point into the "
                          "caller's objects, which the isolated run does "
                          "not have");
      break;
    }
    if (!e || e->freed || e->object->kind == ObjectKind::Function) {
      Split sp = split(*rest, failingLike(*rest, value), /*isBranch=*/false);
      if (sp.onTrue)
        boundsError(*sp.onTrue, value, r.model);
      rest = sp.onFalse;
      continue;
    }
    uint64_t base = e->object->address;
    Split sp = split(*rest, inside(*e->object));
    if (sp.onTrue) {
      ExprRef offset = ctx_.sub(address, pointer(base));
      // An anchor of a node region (a list's head) is reached by a
      // pointer that holds null, a node or its address: one offset, as
      // such (a store there then writes its bytes, not ites of them).
      if (e->object->anchorOf && !offset->isConst())
        if (std::optional<uint64_t> k = concreteValue(*sp.onTrue, offset))
          if (ask(*sp.onTrue, ctx_.notE(ctx_.eq(offset, pointer(*k))), false)
                  .isUnsat())
            offset = pointer(*k);
      if (ExecutionState *ok = within(*sp.onTrue, base, offset))
        out.push_back({ok, base, offset});
    }
    rest = sp.onFalse;
  }
  return out;
}

ExprRef Executor::readMemory(ExecutionState &s, const ResolvedAccess &a,
                                 unsigned n) {
  const memory::ObjectEntry *e = s.memory.findByBase(a.base);
  return e->state->read(ctx_, contentOffset(*e->object, a.offset), n);
}

void Executor::executeLoad(ExecutionState &s, const llvm::LoadInst &i) {
  const llvm::Type *t = i.getType();
  if (isUncomputedType(t))
    throw Unsupported{fmt::format("long double or vector load at {}:{}",
                                  locationOf(&i).file, locationOf(&i).line)};
  unsigned bytes = storeBits(t) / 8;
  for (ExecutionHooks *h : run_->hooks)
    if (ExprRef bits = h->onLoad(s, i, bytes)) {
      bind(s, &i, decode(bits, t));
      return;
    }
  for (const ResolvedAccess &a : resolve(s, eval(s, i.getPointerOperand()),
                                         bytes, i.getPointerOperand())) {
    if (cutDeepSymbolicAccess(a, i))
      continue;
    ExprRef bits = readMemory(*a.state, a, bytes);
    const memory::ObjectEntry *e = a.state->memory.findByBase(a.base);
    if ((e->object->region || e->object->anchorOf) && t->isPointerTy()) {
      bits = assumeLinkRead(*a.state, a, bytes, bits);
      if (a.state->terminated)
        continue;
      e = a.state->memory.findByBase(a.base);
    }
    ExprRef v = decode(bits, t);
    if (t->isPointerTy() && e->object->kind == ObjectKind::Input &&
        a.offset->isConst()) {
      uint64_t off = a.offset->bvValue().getZExtValue();
      if (isInputPointerTerm(v)) {
        std::string path = e->object->name;
        if (off)
          path += '+' + std::to_string(off);
        registerLazyPointer(*a.state, v, t->getPointerElementType(), path,
                            e->object->name, off);
      }
    }
    bind(*a.state, &i, v);
  }
}

ExprRef Executor::withResolvedLazy(const ExecutionState &s, const ExprRef &e) {
  return withLazyTargets(*this, s, e);
}

ExecutionState *Executor::allowedWrite(const ResolvedAccess &a,
                                       uint64_t bytes, const ExprRef &value) {
  ExecutionState *s = a.state;
  const memory::MemoryObject &o = *a.state->memory.findByBase(a.base)->object;
  if (o.region || o.anchorOf)
    s = checkedNodeWrite(a, bytes, value);
  for (ExecutionHooks *h : run_->hooks)
    if (s)
      s = h->onWrite({s, a.base, a.offset}, bytes, nullptr);
  return s;
}

ExprRef Executor::readFromProvenance(ExecutionState &s, const llvm::Value *ptr,
                                     unsigned bytes) {
  ExprRef address = withLazyTargets(*this, s, eval(s, ptr));
  ExprRef base = withLazyTargets(*this, s, eval(s, provenanceOf(ptr)));
  if (!base->isConst()) {
    if (!findUnresolvedLazy(s, base))
      throw Unsupported{"a logic term reads through a symbolic pointer"};
    return nullptr; // an input pointer no access has resolved yet
  }
  const memory::ObjectEntry *e = s.memory.find(base->bvValue().getZExtValue());
  if (!e || e->object->kind == ObjectKind::Function)
    throw Unsupported{"a logic term reads outside every object"};
  ResolvedAccess a{&s, e->object->address,
                   ctx_.sub(address, pointer(e->object->address))};
  return readMemory(s, a, bytes);
}

void Executor::executeStore(ExecutionState &s, const llvm::StoreInst &i) {
  const llvm::Type *t = i.getValueOperand()->getType();
  if (isUncomputedType(t))
    throw Unsupported{fmt::format("long double or vector store at {}:{}",
                                  locationOf(&i).file, locationOf(&i).line)};
  ExprRef value = encode(eval(s, i.getValueOperand()), t);
  for (const ResolvedAccess &a :
       resolve(s, eval(s, i.getPointerOperand()), value->width() / 8,
               i.getPointerOperand())) {
    // The isolated run's own objects (its stack, its heap blocks, its
    // input objects) are all in the isolated region.
    if (t->isPointerTy())
      for (ExecutionHooks *h : run_->hooks)
        h->onPointerStore(*a.state, a.base, a.offset,
                          value->isConst() &&
                              value->bvValue().getZExtValue() >=
                                  isolatedRegionStart());
    if (cutDeepSymbolicAccess(a, i))
      continue;
    ExecutionState *st = allowedWrite(a, value->width() / 8, value);
    if (!st)
      continue;
    st->memory.writable(a.base).write(
        ctx_,
        contentOffset(*st->memory.findByBase(a.base)->object, a.offset),
        value);
  }
}

bool Executor::cutDeepSymbolicAccess(const ResolvedAccess &a,
                                     const llvm::Instruction &i) {
  if (a.offset->isConst())
    return false;
  const memory::ObjectEntry *e = a.state->memory.findByBase(a.base);
  size_t depth = e->state->symbolicAccessDepth();
  if (depth <= kMaxSymbolicAccessStores)
    return false;
  SourceLocation at = locationOf(&i);
  terminateCut(*a.state,
               fmt::format("an access at a symbolic offset of '{}' at {}:{}, "
                           "whose content is a chain of {} writes (Z3 is "
                           "given at most {})",
                           e->object->name, at.file, at.line, depth,
                           kMaxSymbolicAccessStores));
  return true;
}

void Executor::executeAlloca(ExecutionState &s, const llvm::AllocaInst &i) {
  uint64_t elem = layout_.getTypeAllocSize(i.getAllocatedType());
  ExprRef count = ctx_.zextOrTrunc(asBV(eval(s, i.getArraySize())), 64);
  std::string name = i.hasName() ? i.getName().str()
                                 : fmt::format("alloca at line {}",
                                               locationOf(&i).line);
  // The size in 64 bits: exact for a 32-bit count.
  allocateInFrame(s, ctx_.mul(count, ctx_.bv(64, elem)), name,
                  i.getAllocatedType(), &i);
}

void Executor::allocateInFrame(ExecutionState &s, const ExprRef &size,
                               const std::string &name, const llvm::Type *type,
                               const llvm::Value *result) {
  if (size->isConst()) {
    uint64_t n = size->bvValue().getZExtValue();
    uint64_t base = allocate(s, n, ObjectKind::Stack, name,
                             ctx_.arrayVar(s.freshName("uninit")), {}, type);
    s.frame().allocas.push_back(base);
    bind(s, result, pointer(base));
    return;
  }
  // A variable-length array: at most the bound, so the pointer-sized size
  // term is exact.
  Split sp = split(s, ctx_.ule(size, ctx_.bv(64, opts_.maxSymbolicAllocation)));
  if (sp.onFalse)
    terminateCut(*sp.onFalse,
                 fmt::format("variable-length array may exceed {} bytes",
                             opts_.maxSymbolicAllocation));
  if (!sp.onTrue)
    return;
  ExecutionState &t = *sp.onTrue;
  uint64_t base = allocate(t, opts_.maxSymbolicAllocation, ObjectKind::Stack,
                           name, ctx_.arrayVar(t.freshName("uninit")),
                           ctx_.zextOrTrunc(size, pointerBits()), type);
  t.frame().allocas.push_back(base);
  bind(t, result, pointer(base));
}

void Executor::allocateHeap(ExecutionState &s, const ExprRef &size0,
                                bool zeroed, const llvm::Value *result,
                                const std::string &site) {
  // In 64 bits: calloc's product of two 32-bit sizes does not wrap.
  assert(size0->width() <= 64 && "a size is at most 64 bits");
  ExprRef size = ctx_.zextOrTrunc(size0, 64);
  for (ExecutionHooks *h : run_->hooks)
    if (std::optional<uint64_t> region = h->nodeRegionFor(s, result, size)) {
      allocateNode(s, *region, zeroed, result);
      return;
    }
  if (size->isConst()) {
    uint64_t n = size->bvValue().getZExtValue();
    // An object keeps a term per byte: a larger block would take more
    // memory than the machine can give two runs side by side.
    if (n > kMaxHeapBlock)
      throw Unsupported{fmt::format(
          "heap allocation of {} bytes (cosmo models blocks of up to {} MiB)",
          n, kMaxHeapBlock >> 20)};
    uint64_t base = allocate(s, n, ObjectKind::Heap, site,
                             ctx_.arrayVar(s.freshName("uninit")));
    setAllocationSite(s, base, programLocation(s), result);
    if (zeroed)
      zeroFill(s, base);
    bind(s, result, pointer(base));
    return;
  }
  Split sp = split(s, ctx_.ule(size, ctx_.bv(64, opts_.maxSymbolicAllocation)));
  if (sp.onFalse)
    terminateCut(*sp.onFalse,
                 fmt::format("heap allocation of symbolic size may exceed {} "
                             "bytes (--max-sym-alloc)",
                             opts_.maxSymbolicAllocation));
  if (!sp.onTrue)
    return;
  ExecutionState &t = *sp.onTrue;
  // At most the bound here, so the pointer-sized size is exact.
  uint64_t base = allocate(t, opts_.maxSymbolicAllocation, ObjectKind::Heap,
                           site, ctx_.arrayVar(t.freshName("uninit")),
                           ctx_.zextOrTrunc(size, pointerBits()));
  setAllocationSite(t, base, programLocation(t), result);
  if (zeroed)
    zeroFill(t, base);
  bind(t, result, pointer(base));
}

void Executor::setAllocationSite(ExecutionState &s, uint64_t base,
                                 const SourceLocation &site,
                                 const void *siteTag) {
  const memory::ObjectEntry *e = s.memory.findByBase(base);
  auto object = std::make_shared<memory::MemoryObject>(*e->object);
  object->siteTag = siteTag;
  object->siteFile = site.file;
  object->siteFunction = site.function;
  object->siteLine = site.line;
  s.memory.bind(std::move(object), e->state);
}

void Executor::zeroFill(ExecutionState &s, uint64_t base) {
  const memory::MemoryObject &object = *s.memory.findByBase(base)->object;
  memory::ObjectState &os = s.memory.writable(base);
  if (object.capacity > kZeroContentBytes) {
    os = memory::ObjectState(
        object.capacity,
        ctx_.constArray(ctx_.bv(8, 0), static_cast<unsigned>(object.id)));
    return;
  }
  ExprRef zero = ctx_.bv(8, 0);
  for (uint64_t k = 0; k < object.capacity; ++k)
    os.writeByte(ctx_, k, zero);
}

void Executor::freeAddress(ExecutionState &s, const ExprRef &address) {
  Split sp = split(s, ctx_.eq(address, pointer(0)));
  if (!sp.onFalse)
    return; // free(NULL) does nothing
  ExecutionState *rest = sp.onFalse;
  ExprRef addr = address;
  // Input pointers are resolved like any other first use.
  if (findUnresolvedLazy(*rest, addr)) {
    for (const ResolvedAccess &a : resolve(*rest, addr, 0))
      terminateError(*a.state, ErrorKind::InvalidFree,
                     "free of memory not allocated by malloc (input memory)");
    return;
  }
  if (mayPointOutside(withLazyTargets(*this, *rest, addr))) {
    // Whether it is a heap block is the caller's to say.
    terminateCut(*rest, "an isolated run frees an address the caller gives");
    return;
  }
  if (!(rest = freeNode(*rest, addr)))
    return;
  for (unsigned n = 0; rest; ++n) {
    if (n == kMaxEnumeratedTargets) {
      terminateCut(*rest, "symbolic pointer passed to free may reach too many "
                          "objects");
      return;
    }
    auto value = concreteValue(*rest, addr);
    if (!value) {
      terminateCut(*rest, "solver could not resolve the pointer passed to free");
      return;
    }
    // The path takes the value it is reported or freed with.
    Split at = split(*rest, ctx_.eq(addr, pointer(*value)));
    rest = at.onFalse;
    if (!at.onTrue)
      continue;
    ExecutionState &t = *at.onTrue;
    const memory::ObjectEntry *e = t.memory.find(*value);
    if (e && e->object->region) {
      terminateCut(t, fmt::format("a free of a node of '{}' (a loop's node "
                                  "region: not modelled yet)",
                                  e->object->name));
      continue;
    }
    bool isBase = e && e->object->address == *value;
    t.accessedObject = isBase ? e->object->address : 0;
    if (!e || !isBase || e->object->kind != ObjectKind::Heap)
      terminateError(t, ErrorKind::InvalidFree,
                     fmt::format("free of {} that malloc did not return",
                                 e ? std::string("a pointer into ") +
                                         memory::objectKindName(e->object->kind) +
                                         " object '" + e->object->name + "'"
                                   : std::string("an address")));
    else if (e->freed)
      terminateError(t, ErrorKind::DoubleFree,
                     "double free of heap object '" + e->object->name + "'");
    else
      t.memory.markFreed(*value);
  }
}

void Executor::copyBytes(ExecutionState &s, const ExprRef &dst,
                             const ExprRef &src, uint64_t n) {
  if (n == 0)
    return;
  for (const ResolvedAccess &from : resolve(s, src, n)) {
    ExprRef bytes = readMemory(*from.state, from, static_cast<unsigned>(n));
    for (const ResolvedAccess &to : resolve(*from.state, dst, n)) {
      // Copied bytes may hold pointers (a struct copy): as for a store of
      // one, and bytes from the isolated run's own objects may hold their
      // addresses.
      if (!run_->hooks.empty()) {
        const memory::ObjectEntry *source =
            to.state->memory.findByBase(from.base);
        bool own = source && source->object->kind != ObjectKind::Input &&
                   source->object->kind != ObjectKind::Global;
        for (ExecutionHooks *h : run_->hooks)
          h->onPointerStore(*to.state, to.base, /*offset=*/{}, own);
      }
      if (ExecutionState *st = allowedWrite(to, n))
        st->memory.writable(to.base).write(ctx_, to.offset, bytes);
    }
  }
}

std::string Executor::readCString(ExecutionState &s,
                                      const ExprRef &address) {
  if (!address->isConst())
    return "";
  uint64_t a = address->bvValue().getZExtValue();
  const memory::ObjectEntry *e = s.memory.find(a);
  if (!e)
    return "";
  std::string out;
  for (uint64_t off = a - e->object->address;
       off < e->object->capacity && out.size() < 256; ++off) {
    ExprRef b = e->state->read(ctx_, pointer(off), 1);
    if (!b->isConst() || b->bvValue().isZero())
      break;
    out.push_back(static_cast<char>(b->bvValue().getZExtValue()));
  }
  return out;
}

} // namespace cosmo::engine
