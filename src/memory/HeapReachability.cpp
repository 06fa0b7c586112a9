//===- HeapReachability.cpp - which heap blocks are pointed to ------------===//

#include "cosmo/memory/HeapReachability.h"

#include <unordered_set>

namespace cosmo::memory {

namespace {

using expr::Expr;

/// A nonzero constant byte: maybe one of a pointer's, once split.
bool constantByte(const Expr *e) {
  return e->kind() == expr::Kind::BVConst && e->width() == 8 &&
         !e->bvValue().isZero();
}

/// Calls `onAddress` with every constant of `bits` bits in `value`.
/// False when the walk cannot vouch that it saw every pointer `value` may
/// hold: too many nodes, or a read of memory written at symbolic offsets
/// whose stored bytes include constants (a pointer's bytes are constants
/// once split: a store of one into an array term, or the ite a small
/// object keeps per byte).
template <typename OnAddress>
bool walkAddresses(const Expr *value, unsigned bits, size_t maxNodes,
                   OnAddress onAddress) {
  std::unordered_set<const Expr *> seen;
  std::vector<const Expr *> todo{value};
  while (!todo.empty()) {
    const Expr *e = todo.back();
    todo.pop_back();
    if (!seen.insert(e).second)
      continue;
    if (seen.size() > maxNodes)
      return false;
    switch (e->kind()) {
    case expr::Kind::BVConst:
      if (e->width() == bits)
        onAddress(e->bvValue().getZExtValue());
      continue;
    case expr::Kind::Store:
      if (constantByte(e->child(2)))
        return false;
      break;
    case expr::Kind::Ite:
      if (constantByte(e->child(1)) || constantByte(e->child(2)))
        return false;
      break;
    default:
      break;
    }
    for (unsigned i = 0; i < e->numChildren(); ++i)
      todo.push_back(e->child(i));
  }
  return true;
}

} // namespace

HeapReachability::HeapReachability(ExprContext &ctx,
                                   const AddressSpace &memory,
                                   unsigned pointerBits)
    : ctx_(ctx), memory_(memory), pointerBits_(pointerBits) {}

const ObjectEntry *HeapReachability::blockAt(uint64_t address) const {
  const ObjectEntry *e = memory_.below(address);
  if (!e || e->freed || e->object->kind != ObjectKind::Heap)
    return nullptr;
  // One past the end still tracks the block (SV-COMP's rule since 2024).
  return address - e->object->address <= e->object->capacity ? e : nullptr;
}

void HeapReachability::reach(uint64_t base, bool sure) {
  if (sure ? !sure_.insert(base).second : may_.count(base) != 0)
    return;
  may_.insert(base);
  work_.emplace_back(base, sure);
}

void HeapReachability::scanValue(const ExprRef &value, bool sure) {
  if (!value || !value->sort().isBV())
    return;
  if (value->kind() == expr::Kind::BVConst) {
    if (value->width() == pointerBits_)
      if (const ObjectEntry *e = blockAt(value->bvValue().getZExtValue()))
        reach(e->object->address, sure);
    return;
  }
  bool complete = walkAddresses(value.get(), pointerBits_, kMaxNodes,
                                [&](uint64_t address) {
                                  if (const ObjectEntry *e = blockAt(address))
                                    reach(e->object->address, false);
                                });
  opaque_ |= !complete;
}

template <typename OnValue>
bool HeapReachability::forEachStored(const ObjectEntry &entry,
                                     OnValue onValue) {
  const ObjectState &state = *entry.state;
  if (state.inArrayMode()) {
    // Its stores' bytes: no whole pointer is left to read.
    onValue(state.content(ctx_), false);
    return true;
  }
  unsigned bytes = pointerBits_ / 8;
  uint64_t size = std::min(state.capacity(), entry.object->capacity);
  for (uint64_t k = 0; k + bytes <= size; k += bytes) {
    if (++slotsRead_ > kMaxSlots)
      return false;
    if (!state.holdsInitial(k, bytes))
      onValue(state.read(ctx_, ctx_.bv(64, k), bytes), true);
  }
  return true;
}

void HeapReachability::scanObject(const ObjectEntry &entry, bool sure) {
  bool complete = forEachStored(entry, [&](const ExprRef &v, bool whole) {
    scanValue(v, sure && whole);
  });
  opaque_ |= !complete;
}

std::set<uint64_t> HeapReachability::blocksStoredIn(uint64_t base) {
  std::set<uint64_t> out;
  if (const ObjectEntry *e = memory_.findByBase(base))
    forEachStored(*e, [&](const ExprRef &v, bool) {
      out.merge(blocksMentioned(v));
    });
  return out;
}

void HeapReachability::drain() {
  while (!work_.empty() && !opaque_) {
    auto [base, sure] = work_.back();
    work_.pop_back();
    if (const ObjectEntry *e = memory_.findByBase(base))
      scanObject(*e, sure);
  }
}

void HeapReachability::addRootValue(const ExprRef &value, bool sure) {
  scanValue(value, sure);
  drain();
}

void HeapReachability::addRootObject(uint64_t base) {
  if (const ObjectEntry *e = memory_.findByBase(base))
    scanObject(*e, true);
  drain();
}

std::set<uint64_t> HeapReachability::blocksMentioned(const ExprRef &value) {
  std::set<uint64_t> out;
  if (!value || !value->sort().isBV())
    return out;
  walkAddresses(value.get(), pointerBits_, kMaxNodes, [&](uint64_t address) {
    if (const ObjectEntry *e = blockAt(address))
      out.insert(e->object->address);
  });
  return out;
}

HeapReachability::Outcome
HeapReachability::classify(const std::vector<uint64_t> &candidates) {
  Outcome out;
  for (uint64_t base : candidates) {
    if (sure_.count(base))
      continue;
    if (opaque_ || may_.count(base))
      out.undecided.push_back(base);
    else
      out.lost.push_back(base);
  }
  return out;
}

} // namespace cosmo::memory
