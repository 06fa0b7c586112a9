//===- cosmo/memory/HeapReachability.h - which heap blocks are pointed to -*- C++ -*-===//
//
// SV-COMP's valid-memtrack: a heap block is lost when no pointer to it (or
// one past its end) is left in the program's roots (globals, live stack
// objects and registers, input objects) or in a block they reach.
//
// Addresses are concrete in the engine's memory, so a pointer the program
// holds is a constant into the block, or a term that mentions one (`p + i`,
// `c ? p : q`). The scan is exact where it can be and says so where it
// cannot: a block is
//  - reached when a root the caller vouches for (`sure`) holds a constant
//    address into it, or into a block so reached;
//  - lost when no value met by the scan mentions its address at all;
//  - undecided otherwise: reached only through a symbolic pointer, a stale
//    register, or memory whose content hides its pointers (bytes stored
//    at symbolic offsets), or the scan was too large to finish.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_MEMORY_HEAPREACHABILITY_H
#define COSMO_MEMORY_HEAPREACHABILITY_H

#include "cosmo/memory/ObjectMemory.h"

#include <set>
#include <vector>

namespace cosmo::memory {

class HeapReachability {
public:
  HeapReachability(ExprContext &ctx, const AddressSpace &memory,
                   unsigned pointerBits);

  /// A value the program holds: a register or a returned value. `sure`:
  /// the program certainly still holds it (else it may be stale).
  void addRootValue(const ExprRef &value, bool sure);
  /// Every pointer stored in the object at `base` (a global, a live stack
  /// object, an input object) is held.
  void addRootObject(uint64_t base);

  /// The unfreed heap blocks `value` mentions (by base).
  std::set<uint64_t> blocksMentioned(const ExprRef &value);
  /// The unfreed heap blocks the pointers stored in the object at `base`
  /// (freed or not) mention.
  std::set<uint64_t> blocksStoredIn(uint64_t base);

  struct Outcome {
    std::vector<uint64_t> lost;      // no pointer to them is left
    std::vector<uint64_t> undecided; // the scan cannot tell
  };
  /// After the roots: what became of each of `candidates` (heap bases).
  Outcome classify(const std::vector<uint64_t> &candidates);

private:
  /// The unfreed heap block that `address` points into (one past its end
  /// included), if any.
  const ObjectEntry *blockAt(uint64_t address) const;
  void scanValue(const ExprRef &value, bool sure);
  void scanObject(const ObjectEntry &entry, bool sure);
  /// Calls `onValue(value, whole)` with each pointer-sized slot of the
  /// object (`whole`: read as one value), or its content as one term in
  /// array mode (not whole); false when the scan's budget ran out.
  template <typename OnValue>
  bool forEachStored(const ObjectEntry &entry, OnValue onValue);
  void reach(uint64_t base, bool sure);
  void drain();

  ExprContext &ctx_;
  const AddressSpace &memory_;
  unsigned pointerBits_;
  std::set<uint64_t> sure_, may_;          // blocks reached, by base
  std::vector<std::pair<uint64_t, bool>> work_;
  /// Some memory the scan met may hold pointers it cannot see.
  bool opaque_ = false;
  /// Pointer slots read so far: past kMaxSlots the scan gives up (opaque).
  uint64_t slotsRead_ = 0;
  static constexpr uint64_t kMaxSlots = uint64_t(1) << 21;
  /// Term nodes one value's walk may visit before it gives up (opaque).
  static constexpr size_t kMaxNodes = 4096;
};

} // namespace cosmo::memory

#endif // COSMO_MEMORY_HEAPREACHABILITY_H
