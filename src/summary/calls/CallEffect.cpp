//===- CallEffect.cpp - what a completed path leaves behind ---------------===//
//
// Seed 001 section 4: the heap sigma_i of one path of a function's isolated
// run, restricted to what outlives the call (input objects, the globals it
// names, heap blocks it allocated and did not free), with its result r_i.
// Effects are over the function's inputs only, so that a caller can refine
// them by its own values (def. 4) and compose them (def. 5,
// SummaryComposer). What cannot be expressed that way makes the effect
// opaque, with the reason (the call is then inlined).
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/CallContext.h"
#include "cosmo/summary/TreeRecorder.h"

#include "cosmo/expr/Transform.h"

#include <set>

namespace cosmo::summary {

void TreeRecorder::recordEffect(
    ExecutionState &s, PcPair &p, const std::map<uint64_t, size_t> &objectAt,
    const std::unordered_set<const expr::Expr *> &inputVars,
    const std::optional<ExprRef> &returned) {
  if (!returned) {
    p.opaqueEffect = "a path ends the program";
    return;
  }
  p.result = *returned;
  const PathData &d = *dataOf(s);
  p.storesPointers = d.storedPointer;
  if (d.storedOwnAddress) {
    p.opaqueEffect = "a path copies memory of its own into memory that "
                     "outlives it";
    return;
  }
  unsigned pointerBytes = x_.pointerBits() / 8;
  std::set<uint64_t> pointerAt; // bytes of the pointers it stored
  for (const auto &[base, offset] : d.pointerSlots)
    for (unsigned k = 0; k < pointerBytes; ++k)
      pointerAt.insert(base + offset + k);
  auto isPointerByte = [&](uint64_t address) {
    return d.pointerSlotsUnknown || pointerAt.count(address) > 0;
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
    Allocation a{entry.object->capacity, entry.object->name,
                 entry.object->siteFile, entry.object->siteFunction,
                 entry.object->siteLine, {}, {}};
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
           e->width() == x_.pointerBits() &&
           e->bvValue().getZExtValue() >= x_.isolatedRegionStart();
  };
  // Pointers to the path's own objects it stored: into an allocation they
  // become the caller's new object; anything else has no meaning there.
  std::set<uint64_t> addressBytes;
  for (const auto &[base, offset] : d.ownAddressSlots) {
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
    AddressWrite w;
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
    ExprRef now = byteAt(ctx_, s, address);
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
  for (const GlobalInput &g : tree_.globals())
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

} // namespace cosmo::summary
