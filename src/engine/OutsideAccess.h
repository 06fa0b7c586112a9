//===- OutsideAccess.h - an access outside every object, described -*- C++
//-*-===//
//
// What to call an access whose address lies in no object (or in the null
// page): the user wants to know which pointer went wrong, not which object
// happens to lie near the address. So the access is told from its
// provenance when the engine knows it, the value of the pointer the
// address was computed from (the base of its chain of GEPs and casts):
//   a base in the null page   null-deref, "NULL - 16" (sdslen(NULL) reads
//                             s[-1]: an address near 2^64, not near 0)
//   a base inside an object   out-of-bounds, "offset -1 of stack object
//                             'abyss' of 4 bytes" (signed, from its start)
// and from the address alone otherwise (an address in the null page is
// a null dereference; one just past an object is named by that object).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_OUTSIDEACCESS_H
#define COSMO_ENGINE_OUTSIDEACCESS_H

#include "cosmo/engine/Results.h"
#include "cosmo/memory/ObjectMemory.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Value;
}

namespace cosmo::engine {

struct OutsideAccess {
  ErrorKind kind;
  std::string message;
};

/// `address` is the first byte of an access of `size` bytes that is in no
/// live object; `base` the value of the pointer it came from, if known.
OutsideAccess describeOutsideAccess(const memory::AddressSpace &memory,
                                    uint64_t address, uint64_t size,
                                    std::optional<uint64_t> base,
                                    unsigned pointerBits);

/// "1 byte", "4 bytes"
std::string bytesText(uint64_t n);

/// The pointer `pointer` was computed from: the first value up its chain
/// of GEPs and pointer casts (instructions or constant expressions) that
/// is neither.
const llvm::Value *provenanceOf(const llvm::Value *pointer);

} // namespace cosmo::engine

#endif // COSMO_ENGINE_OUTSIDEACCESS_H
