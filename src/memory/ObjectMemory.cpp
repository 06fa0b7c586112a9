//===- ObjectMemory.cpp - byte-addressed memory objects -------------------===//

#include "cosmo/memory/ObjectMemory.h"
#include "cosmo/memory/SymbolicHeap.h"

#include <llvm/Support/MathExtras.h>

#include <algorithm>
#include <cassert>

namespace cosmo::memory {

uint64_t MemoryObject::NodeRegion::cellSizeFor(uint64_t blockSize) {
  return llvm::PowerOf2Ceil(blockSize);
}

namespace {
// Content arrays are indexed by BitVec(64); offsets inside an object are
// at most its size, so zero-extending a narrower one keeps its value.
ExprRef index64(ExprContext &ctx, const ExprRef &offset) {
  assert(offset->sort().isBitVec() && offset->width() <= 64 &&
         "an offset is a BitVec of at most 64 bits");
  return offset->width() == 64 ? offset : ctx.zext(offset, 64);
}
} // namespace

const char *objectKindName(ObjectKind k) {
  switch (k) {
  case ObjectKind::Stack: return "stack";
  case ObjectKind::Global: return "global";
  case ObjectKind::Heap: return "heap";
  case ObjectKind::Input: return "input";
  case ObjectKind::Function: return "function";
  }
  return "?";
}

ObjectState::ObjectState(uint64_t capacity, ExprRef initial)
    : bytes_(capacity), capacity_(capacity), initial_(std::move(initial)),
      small_(capacity <= kSmallObjectBytes) {
  assert(initial_ && initial_->sort().isArray());
}

ObjectState ObjectState::wholeArray(uint64_t capacity, ExprRef content) {
  return unbounded(capacity, std::move(content));
}

ObjectState ObjectState::unbounded(uint64_t capacity, ExprRef content) {
  ObjectState o(0, content);
  o.capacity_ = capacity;
  o.small_ = false;
  o.array_ = std::move(content);
  return o;
}

std::shared_ptr<ObjectState> ObjectState::merged(ExprContext &ctx,
                                                 const ExprRef &guard,
                                                 const ObjectState &a,
                                                 const ObjectState &b) {
  if (a.array_ || b.array_ || a.initial_ != b.initial_ ||
      a.bytes_.size() != b.bytes_.size())
    return nullptr;
  // The bytes that differ, as two heaps over the object's offsets, merged
  // by definition 7: merge(<g, a>, <!g, b>)(k) = ite(g, a(k), b(k)).
  LICells offsets(ctx, 8, "merge");
  SymbolicHeap differA(offsets), differB(offsets);
  for (uint64_t k = 0; k < a.bytes_.size(); ++k) {
    if (a.bytes_.sharesChunkWith(b.bytes_, k)) {
      constexpr uint64_t chunk = decltype(a.bytes_)::kChunk;
      k = (k / chunk + 1) * chunk - 1; // the chunk's bytes agree
      continue;
    }
    if (a.bytes_[k] == b.bytes_[k])
      continue; // both written alike, or both initial
    differA.write(ctx.bv(64, k), a.byteAt(ctx, k));
    differB.write(ctx.bv(64, k), b.byteAt(ctx, k));
  }
  auto m = std::make_shared<ObjectState>(a);
  m->cachedArray_ = nullptr;
  GuardedHeap arms[] = {{guard, std::move(differA)},
                        {ctx.notE(guard), std::move(differB)}};
  SymbolicHeap joined = merge(arms);
  for (const auto &[offset, value] : joined.cells()) {
    uint64_t k = offset->bvValue().getZExtValue();
    m->written_ += m->bytes_[k] ? 0 : 1;
    m->bytes_.set(k, value);
  }
  return m;
}

ExprRef ObjectState::byteAt(ExprContext &ctx, uint64_t offset) const {
  if (array_)
    return ctx.select(array_, ctx.bv(64, offset));
  if (offset < bytes_.size() && bytes_[offset])
    return bytes_[offset];
  // Small objects name each initial byte by a variable, so that queries
  // about them need no array theory; large ones read the initial array
  // (a constant array's read is its byte).
  if (small_ && !initialIsConstant())
    return ctx.var(initial_->name() + "[" + std::to_string(offset) + "]",
                   expr::Sort::bv(8));
  return ctx.select(initial_, ctx.bv(64, offset));
}

ExprRef ObjectState::byteAtSymbolic(ExprContext &ctx,
                                    const ExprRef &offset) const {
  ExprRef r = byteAt(ctx, bytes_.size() - 1);
  for (uint64_t k = bytes_.size() - 1; k-- > 0;)
    r = ctx.ite(ctx.eq(offset, ctx.bv(64, k)), byteAt(ctx, k), r);
  return r;
}

bool ObjectState::isWrittenTable() const {
  if (array_ || bytes_.size() > kTableBytes)
    return false;
  // Every byte is known: written, or of a constant initial content.
  return initialIsConstant() || written_ == bytes_.size();
}

ExprRef ObjectState::asArray(ExprContext &ctx) const {
  if (array_)
    return array_;
  if (!cachedArray_) {
    ExprRef a = initial_;
    for (uint64_t i = 0; i < bytes_.size(); ++i)
      if (bytes_[i])
        a = ctx.store(a, ctx.bv(64, i), bytes_[i]);
    cachedArray_ = a;
  }
  return cachedArray_;
}

ExprRef ObjectState::read(ExprContext &ctx, const ExprRef &offset0,
                          unsigned width) const {
  ExprRef result;
  if (offset0->kind() == expr::Kind::BVConst) {
    uint64_t base = offset0->bvValue().getZExtValue();
    for (unsigned i = 0; i < width; ++i) {
      ExprRef b = byteAt(ctx, base + i);
      result = result ? ctx.concat(b, result) : b;
    }
    return result;
  }
  ExprRef offset = index64(ctx, offset0);
  if ((small_ || isWrittenTable()) && !bytes_.empty()) {
    for (unsigned i = 0; i < width; ++i) {
      ExprRef b = byteAtSymbolic(ctx, ctx.add(offset, ctx.bv(64, i)));
      result = result ? ctx.concat(b, result) : b;
    }
    return result;
  }
  ExprRef arr = asArray(ctx);
  for (unsigned i = 0; i < width; ++i) {
    ExprRef b = ctx.select(arr, ctx.add(offset, ctx.bv(64, i)));
    result = result ? ctx.concat(b, result) : b;
  }
  return result;
}

void ObjectState::writeByte(ExprContext &ctx, uint64_t offset,
                            const ExprRef &byte) {
  if (array_) {
    array_ = ctx.store(array_, ctx.bv(64, offset), byte);
    ++arrayDepth_;
    return;
  }
  assert(offset < bytes_.size());
  written_ += bytes_[offset] ? 0 : 1;
  bytes_.set(offset, byte);
  cachedArray_ = ExprRef();
}

void ObjectState::write(ExprContext &ctx, const ExprRef &offset0,
                        const ExprRef &value) {
  assert(value->width() % 8 == 0);
  unsigned width = value->width() / 8;
  if (offset0->kind() == expr::Kind::BVConst) {
    uint64_t base = offset0->bvValue().getZExtValue();
    for (unsigned i = 0; i < width; ++i)
      writeByte(ctx, base + i, ctx.extract(value, 8 * i + 7, 8 * i));
    return;
  }
  ExprRef offset = index64(ctx, offset0);
  if (small_) {
    // Every byte becomes "the new value if the write hit it".
    support::ChunkedVector<ExprRef, 64> updated(bytes_.size());
    for (uint64_t k = 0; k < bytes_.size(); ++k) {
      ExprRef b = byteAt(ctx, k);
      for (unsigned i = 0; i < width; ++i)
        b = ctx.ite(ctx.eq(ctx.add(offset, ctx.bv(64, i)), ctx.bv(64, k)),
                    ctx.extract(value, 8 * i + 7, 8 * i), b);
      updated.set(k, b);
    }
    bytes_ = std::move(updated);
    written_ = bytes_.size();
    cachedArray_ = ExprRef();
    return;
  }
  if (!array_) {
    arrayDepth_ = written_; // the stores asArray makes
    array_ = asArray(ctx);
    bytes_.clear();
    written_ = 0;
    cachedArray_ = ExprRef();
  }
  for (unsigned i = 0; i < width; ++i)
    array_ = ctx.store(array_, ctx.add(offset, ctx.bv(64, i)),
                       ctx.extract(value, 8 * i + 7, 8 * i));
  arrayDepth_ += width;
}

size_t ObjectState::symbolicAccessDepth() const {
  if (array_)
    return arrayDepth_;
  if ((small_ || isWrittenTable()) && !bytes_.empty())
    return 0;
  return written_;
}

ExprRef ObjectState::symbolicBytesOver(ExprContext &ctx, size_t threshold,
                                       size_t keep,
                                       const ExprRef &below) const {
  if (array_)
    return nullptr;
  if (written_ <= threshold)
    return nullptr;
  ExprRef a = below;
  size_t kept = 0;
  for (uint64_t i = 0; i < bytes_.size() && kept < keep; ++i)
    if (bytes_[i] && !bytes_[i]->isConst()) {
      a = ctx.store(a, ctx.bv(64, i), bytes_[i]);
      ++kept;
    }
  return a;
}

bool ObjectState::holdsInitial(uint64_t offset, unsigned width) const {
  if (array_)
    return false;
  for (unsigned i = 0; i < width; ++i)
    if (offset + i < bytes_.size() && bytes_[offset + i])
      return false;
  return true;
}

bool ObjectState::untouched(uint64_t offset, unsigned width) const {
  if (array_ || initialIsConstant())
    return false;
  for (unsigned i = 0; i < width; ++i)
    if (offset + i >= bytes_.size() || bytes_[offset + i])
      return false;
  return true;
}

AddressLayout::AddressLayout(unsigned pointerBits)
    : pointerBits_(pointerBits),
      slotBytes_(pointerBits >= 64 ? uint64_t(1) << 24 : 16),
      firstAddress_(pointerBits >= 64 ? uint64_t(1) << 24 : uint64_t(1) << 16) {
}

uint64_t AddressLayout::redzoneFor(uint64_t capacity) const {
  if (pointerBits_ >= 64) // the rest of the object's last 16 MiB slot
    return slotsFor(capacity) * slotBytes_ - capacity;
  return std::clamp<uint64_t>(capacity, 16, uint64_t(1) << 16);
}

uint64_t AddressLayout::slotsFor(uint64_t capacity) const {
  if (pointerBits_ >= 64)
    return capacity / slotBytes_ + 1;
  using Wide = unsigned __int128;
  Wide bytes = Wide(capacity) + redzoneFor(capacity);
  Wide slots = (bytes + slotBytes_ - 1) / slotBytes_;
  return slots > ~uint64_t(0) ? ~uint64_t(0) : static_cast<uint64_t>(slots);
}

std::optional<uint64_t> AddressLayout::place(uint64_t index,
                                             uint64_t capacity) const {
  using Wide = unsigned __int128;
  Wide start = firstAddress_ + Wide(index) * slotBytes_;
  Wide end = start + Wide(slotsFor(capacity)) * slotBytes_;
  if (end > (Wide(1) << std::min(pointerBits_, 64u)))
    return std::nullopt;
  return static_cast<uint64_t>(start);
}

void AddressSpace::bind(std::shared_ptr<const MemoryObject> object,
                        std::shared_ptr<const ObjectState> state) {
  uint64_t base = object->address;
  objects_.set(base, ObjectEntry{std::move(object), std::move(state), false});
}

const ObjectEntry *AddressSpace::find(uint64_t address) const {
  const ObjectEntry *e = below(address);
  if (!e)
    return nullptr;
  const MemoryObject &o = *e->object;
  if (address - o.address < std::max<uint64_t>(o.capacity, 1))
    return e;
  return nullptr;
}

const ObjectEntry *AddressSpace::findByBase(uint64_t base) const {
  return objects_.find(base);
}

const ObjectEntry *AddressSpace::below(uint64_t address) const {
  const auto *kv = objects_.floor(address);
  return kv ? &kv->second : nullptr;
}

const ObjectEntry *AddressSpace::above(uint64_t address) const {
  const auto *kv = objects_.above(address);
  return kv ? &kv->second : nullptr;
}

const ObjectEntry *AddressSpace::nearby(uint64_t address,
                                        uint64_t within) const {
  if (const ObjectEntry *e = find(address))
    return e;
  const ObjectEntry *b = below(address);
  const ObjectEntry *a = above(address);
  uint64_t pastBelow =
      b ? address - (b->object->address + b->object->capacity) : UINT64_MAX;
  uint64_t beforeAbove = a ? a->object->address - address : UINT64_MAX;
  if (std::min(pastBelow, beforeAbove) >= within)
    return nullptr;
  return pastBelow < beforeAbove ? b : a;
}

ObjectEntry &AddressSpace::entryAt(uint64_t base) {
  ObjectEntry *e = objects_.findMutable(base);
  assert(e && "no object at this base");
  return *e;
}

ObjectState &AddressSpace::writable(uint64_t base) {
  // entryAt unshares the map's path to the entry, so the entry's own
  // reference count says whether another address space holds the state.
  ObjectEntry &e = entryAt(base);
  if (e.state.use_count() > 1)
    e.state = std::make_shared<ObjectState>(*e.state);
  return const_cast<ObjectState &>(*e.state);
}

void AddressSpace::markFreed(uint64_t base) { entryAt(base).freed = true; }

void AddressSpace::unbind(uint64_t base) { objects_.erase(base); }

} // namespace cosmo::memory
