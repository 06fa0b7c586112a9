//===- OutsideAccess.cpp - describe an access from its provenance ---------===//

#include "OutsideAccess.h"

#include <llvm/IR/Operator.h>
#include <llvm/IR/Value.h>

#include <fmt/format.h>

namespace cosmo::engine {

namespace {

// `value` as a signed number of `bits` bits.
int64_t signedOf(uint64_t value, unsigned bits) {
  if (bits < 64 && (value & (uint64_t(1) << (bits - 1))))
    value |= ~uint64_t(0) << bits;
  return static_cast<int64_t>(value);
}

std::string signedOffset(int64_t offset) {
  return offset < 0 ? fmt::format("- {}", -static_cast<uint64_t>(offset))
                    : fmt::format("+ {}", offset);
}

// Only an address this close past an object's end is named by it when the
// provenance is unknown (a pointer walked one element too far); further
// away, it would name whatever object happens to lie below.
constexpr uint64_t kNearPastEnd = 4096;

} // namespace

std::string bytesText(uint64_t n) {
  return n == 1 ? "1 byte" : fmt::format("{} bytes", n);
}

OutsideAccess describeOutsideAccess(const memory::AddressSpace &memory,
                                    uint64_t address, uint64_t size,
                                    std::optional<uint64_t> base,
                                    unsigned pointerBits) {
  using memory::kNullPageSize;
  if (base && *base < kNullPageSize) {
    // NULL, NULL + 8, or NULL - 16 with the address it wrapped around to.
    int64_t offset = signedOf(address, pointerBits);
    std::string where = "NULL";
    if (offset != 0)
      where += " " + signedOffset(offset);
    if (offset < 0)
      where += fmt::format(" (address {:#x})", address);
    return {ErrorKind::NullDeref,
            fmt::format("null pointer dereference: {} at {}", bytesText(size),
                        where)};
  }
  if (base) {
    const memory::ObjectEntry *e = memory.find(*base);
    if (e && e->object->kind != memory::ObjectKind::Function) {
      const memory::MemoryObject &o = *e->object;
      return {ErrorKind::OutOfBounds,
              fmt::format("out-of-bounds access of {} at offset {} of "
                          "{} object '{}' of {}",
                          bytesText(size),
                          signedOf(address - o.address, pointerBits),
                          memory::objectKindName(o.kind), o.name,
                          bytesText(o.capacity))};
    }
  }
  if (address < kNullPageSize)
    return {ErrorKind::NullDeref,
            fmt::format("null pointer dereference (address {:#x})", address)};
  if (const memory::ObjectEntry *near = memory.below(address)) {
    const memory::MemoryObject &o = *near->object;
    uint64_t end = o.address + o.capacity;
    if (o.kind != memory::ObjectKind::Function && address >= end &&
        address - end < kNearPastEnd)
      return {ErrorKind::OutOfBounds,
              fmt::format("out-of-bounds access of {} at offset {} of "
                          "{} object '{}' of {}",
                          bytesText(size), address - o.address,
                          memory::objectKindName(o.kind), o.name,
                          bytesText(o.capacity))};
  }
  return {ErrorKind::OutOfBounds,
          fmt::format("out-of-bounds access of {} at address {:#x} "
                      "outside every object",
                      bytesText(size), address)};
}

const llvm::Value *provenanceOf(const llvm::Value *pointer) {
  while (pointer) {
    if (const auto *gep = llvm::dyn_cast<llvm::GEPOperator>(pointer))
      pointer = gep->getPointerOperand();
    else if (const auto *cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer))
      pointer = cast->getOperand(0);
    else if (const auto *op = llvm::dyn_cast<llvm::Operator>(pointer);
             op && op->getOpcode() == llvm::Instruction::AddrSpaceCast)
      pointer = op->getOperand(0);
    else
      break;
  }
  return pointer;
}

} // namespace cosmo::engine
