//===- cosmo/memory/ObjectMemory.h - byte-addressed memory objects -*- C++ -*-===//
//
// The engine's concrete view of memory: every allocation (stack slot,
// global, heap block, lazily initialised input object, function) is a
// MemoryObject at a concrete address, far from every other object, so that
// any out-of-bounds access within the guard spacing lands in no object and
// is reported instead of silently reading a neighbour. Offsets inside an
// object, sizes of heap blocks and the bytes themselves may be symbolic.
//
// AddressLayout places objects for a pointer width: 64-bit programs (LP64)
// get 16 MiB between objects. 32-bit ones (ILP32) cannot afford that: an
// object is followed by a redzone as large as itself (at least 16 bytes, at
// most 64 KiB), as AddressSanitizer sizes its redzones, so that a hundred
// million small objects fit below 4 GiB while an access past an object's
// end by up to its own size still lands in no object. Addresses below
// 64 KiB (ILP32) or 16 MiB (LP64), the null page included, are never an
// object's. Pointer and offset terms have the pointer width; inside an
// object, offsets of any width up to 64 bits are accepted (the content
// arrays are indexed by BitVec(64): a narrower offset is zero-extended,
// which is exact because the engine checks every access against the
// object's bounds first).
//
// ObjectState holds one object's bytes:
//  - small objects (<= kSmallObjectBytes): a vector of byte terms; unwritten
//    bytes are variables named after the initial array; symbolic offsets
//    become ite chains, so no query needs array theory;
//  - larger objects in byte mode: a vector of byte terms, null meaning "the initial content"
//    (a select from the object's initial array, which is a fresh symbolic
//    array for uninitialised memory and input objects); when every byte
//    of one up to kTableBytes is written (a lookup table such as glibc's
//    ctype tables, set by its initialiser), symbolic offsets become ite
//    chains too: Z3 decides a select from a store chain of that length
//    far more slowly (a 768-byte table read at a symbolic index timed
//    out; its ite chain takes milliseconds);
//  - array mode, entered on the first write at a symbolic offset: the whole
//    content is one array term (stores over the initial array).
// Reads at symbolic offsets build the array term on demand and cache it.
//
// AddressSpace maps addresses to objects and shares ObjectStates between
// forked execution states copy-on-write.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_MEMORY_OBJECTMEMORY_H
#define COSMO_MEMORY_OBJECTMEMORY_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/support/ChunkedVector.h"
#include "cosmo/support/PersistentMap.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::memory {

using expr::ExprContext;
using expr::ExprRef;

enum class ObjectKind { Stack, Global, Heap, Input, Function };
const char *objectKindName(ObjectKind k);

/// Addresses below this are the null page.
constexpr uint64_t kNullPageSize = 4096;
/// How far outside an object the constant part of an address `k + x` may
/// lie and still say which object the address points into (a[i - 5]);
/// further, the executor resolves the address by enumeration.
constexpr uint64_t kNearObject = uint64_t(1) << 20;

/// Where objects go in an address space of `pointerBits`-bit addresses.
/// Space is counted in slots (16 MiB for LP64, 16 bytes for ILP32) from
/// the first object's address; an object takes the slots its bytes and
/// its redzone need, and the next object starts after them.
class AddressLayout {
public:
  /// The engine uses 32 and 64; any width up to 64 places correctly.
  explicit AddressLayout(unsigned pointerBits = 64);

  unsigned pointerBits() const { return pointerBits_; }
  /// Bytes of one slot.
  uint64_t slotBytes() const { return slotBytes_; }
  /// Bytes after an object of `capacity` bytes that no object takes.
  uint64_t redzoneFor(uint64_t capacity) const;
  /// The address of slot `index`, when an object of `capacity` bytes
  /// placed there (with its redzone) still fits in the address space; none
  /// when the space is exhausted.
  std::optional<uint64_t> place(uint64_t index, uint64_t capacity) const;
  /// Slots taken by an object of `capacity` bytes and its redzone.
  uint64_t slotsFor(uint64_t capacity) const;
  /// `value` as a pointer-sized constant.
  ExprRef pointer(ExprContext &ctx, uint64_t value) const {
    return ctx.bv(pointerBits_, value);
  }

private:
  unsigned pointerBits_;
  uint64_t slotBytes_;
  uint64_t firstAddress_;
};

struct MemoryObject {
  uint64_t id = 0;
  uint64_t address = 0;
  /// Bytes reserved; the object's size when `symbolicSize` is null.
  uint64_t capacity = 0;
  /// For allocations of symbolic size: the size term (<= capacity).
  ExprRef symbolicSize;
  ObjectKind kind = ObjectKind::Stack;
  /// What the user calls it: variable name, "malloc at f.c:12", "*p".
  std::string name;
  /// A heap block's allocation: the program's file, line and function
  /// that made it (empty when unknown); where a leak of it is reported.
  std::string siteFile, siteFunction;
  unsigned siteLine = 0;
  bool readOnly = false;
  /// Opaque tag of the allocated type (the engine stores an llvm::Type*),
  /// used to find alias candidates for lazily initialised pointers.
  const void *typeTag = nullptr;
  /// The instruction that allocated a heap block (an llvm::Value*), or null.
  const void *siteTag = nullptr;
  /// A node region: the heap blocks of one allocation site of a summarised
  /// loop as one object of equal cells, allocated one after the other
  /// (seed 001 section 7: a location of Rec(l) as an index). Its size is
  /// cellSize * cells; an access stays inside one cell's block, and the links
  /// (pointer fields of the node type) of every valid cell hold null or
  /// the address of a cell: the executor checks that at every write of a
  /// link and assumes it at every read of one. `symbolicSize` is
  /// cellSize * cells.
  struct NodeRegion {
    /// Bytes of a node (the block the program allocated).
    uint64_t blockSize = 0;
    /// Bytes of a cell: a power of two, the node padded to it (no program
    /// can tell: two blocks' addresses are not ordered by C, and malloc's
    /// are 16 bytes apart at least), so that a cell's index and the offset
    /// in it are bit fields of an address.
    static uint64_t cellSizeFor(uint64_t blockSize);
    uint64_t cellSize() const { return cellSizeFor(blockSize); }
    std::vector<uint64_t> linkOffsets;
    /// Cells allocated, and the first cells whose links were all written
    /// (a cell's links are unset from its allocation to their first
    /// store): pointer-width terms.
    ExprRef cells, validCells;
    /// Objects outside the region whose links are the region's too (a
    /// list's head allocated before the loop that appends to it, a
    /// sentinel on the stack): a link may hold one's address, and theirs
    /// hold null, a cell or an anchor once `anchorsValid` (a Bool term).
    std::vector<uint64_t> anchors;
    ExprRef anchorsValid;
    /// Anchors linked in before their own links were set
    /// (Executor::adoptAnchor: `x->next = malloc(..); x = x->next;
    /// x->next = 0;`): until every link of one holds null or a node, no
    /// read of them assumes it and no write of them is checked.
    std::vector<uint64_t> unsetAnchors;
    bool isUnsetAnchor(uint64_t anchor) const {
      return std::find(unsetAnchors.begin(), unsetAnchors.end(), anchor) !=
             unsetAnchors.end();
    }
    /// While set (from the start of a loop body's isolated run that
    /// carries the region, Executor::boundLinks): a valid cell's link
    /// holds null, an anchor, a cell below `linkBound` (the cells at that
    /// start) or one of `writtenLinks`, the links written since. A cell
    /// allocated since is then reached only through a link written to it,
    /// not through every link (a node linked in after a walk over the
    /// others). Cleared when the valid cells change.
    ExprRef linkBound;
    std::vector<ExprRef> writtenLinks;
  };
  std::shared_ptr<const NodeRegion> region;
  /// An anchor of the node region at this base (NodeRegion::anchors), 0
  /// when none.
  uint64_t anchorOf = 0;

  /// The object's size as a term of `width` bits (the pointer width;
  /// a symbolic size has it already).
  ExprRef sizeExpr(ExprContext &ctx, unsigned width) const {
    return symbolicSize ? symbolicSize : ctx.bv(width, capacity);
  }
};

class ObjectState {
public:
  /// Content initially `initial` (an ArrayVar, or a ConstArray).
  ObjectState(uint64_t capacity, ExprRef initial);
  /// An object of `capacity` bytes whose whole content is the array term
  /// `content`, in array mode from the start whatever its size (a loop's
  /// carried array: its reads and writes stay selects and stores of it).
  static ObjectState wholeArray(uint64_t capacity, ExprRef content);

  /// An object of `capacity` bytes kept only as the array term `content`
  /// (no byte vector): for objects of symbolic size that may be as large as
  /// the address space allows (ACSL's \valid ranges of input arrays).
  static ObjectState unbounded(uint64_t capacity, ExprRef content);

  uint64_t capacity() const { return capacity_; }
  /// `width` bytes at `offset` (a BitVec of at most 64 bits, inside the
  /// object), little-endian, as one BitVec(8*width).
  ExprRef read(ExprContext &ctx, const ExprRef &offset, unsigned width) const;
  /// Write `value` (BitVec of 8*n bits) at `offset` (as for read),
  /// little-endian.
  void write(ExprContext &ctx, const ExprRef &offset, const ExprRef &value);
  /// Write one byte at a concrete offset.
  void writeByte(ExprContext &ctx, uint64_t offset, const ExprRef &byte);
  /// True when bytes [offset, offset+width) were never written (byte mode)
  /// and have no known initial value.
  bool untouched(uint64_t offset, unsigned width) const;
  /// True when bytes [offset, offset+width) hold the initial content
  /// (byte mode, never written): no pointer the program stored.
  bool holdsInitial(uint64_t offset, unsigned width) const;
  /// The content is one array term (written at a symbolic offset).
  bool inArrayMode() const { return array_ != nullptr; }
  /// How many stores an access at a symbolic offset goes through: the
  /// written bytes of a large object in byte mode (its content as a store
  /// chain), the chain of one in array mode; 0 when such an access reads
  /// bytes directly (a small object, a written table).
  size_t symbolicAccessDepth() const;
  /// The initial content is a constant array (a zero-initialised object's):
  /// every byte never written has its value.
  bool initialIsConstant() const {
    return initial_->kind() == expr::Kind::ConstArray;
  }
  /// The object that holds `a`'s bytes where `guard` holds and `b`'s
  /// elsewhere, byte by byte (seed 001 def. 7, the merge of two heaps);
  /// null when one is in array mode or they do not share their size and
  /// initial content.
  static std::shared_ptr<ObjectState> merged(ExprContext &ctx,
                                             const ExprRef &guard,
                                             const ObjectState &a,
                                             const ObjectState &b);
  const ExprRef &initialArray() const { return initial_; }
  /// The whole content as one array term (stores over the initial array).
  ExprRef content(ExprContext &ctx) const { return asArray(ctx); }
  /// In byte mode with more than `threshold` bytes written: its bytes of
  /// symbolic values (the first `keep` of them) stored over `below`, an
  /// over-approximation of content() built without its chain of every
  /// written byte (a zero-initialised global's). Null otherwise.
  ExprRef symbolicBytesOver(ExprContext &ctx, size_t threshold, size_t keep,
                            const ExprRef &below) const;

private:
  ExprRef byteAt(ExprContext &ctx, uint64_t offset) const;
  ExprRef byteAtSymbolic(ExprContext &ctx, const ExprRef &offset) const;
  ExprRef asArray(ExprContext &ctx) const;

  /// Objects up to this size never use array terms: symbolic offsets
  /// become ite chains over their bytes.
  static constexpr uint64_t kSmallObjectBytes = 256;
  /// Fully written objects up to this size are read like small ones.
  static constexpr uint64_t kTableBytes = 4096;
  bool isWrittenTable() const;

  /// Byte mode; null = initial content. In chunks that copies share: a
  /// state forked in a loop that writes a large array copies one chunk.
  support::ChunkedVector<ExprRef, 64> bytes_;
  size_t written_ = 0;         // byte mode: the non-null bytes_
  uint64_t capacity_ = 0;
  ExprRef initial_;            // the initial content: ArrayVar, ConstArray
  ExprRef array_;              // array mode when set
  size_t arrayDepth_ = 0;      // array mode: stores over the initial array
  mutable ExprRef cachedArray_;
  bool small_;
};

/// One entry of the address space.
struct ObjectEntry {
  std::shared_ptr<const MemoryObject> object;
  std::shared_ptr<const ObjectState> state;
  bool freed = false;
};

/// Addresses to objects. Copies share their entries (a persistent map) and
/// object contents (copy-on-write ObjectStates): a fork costs O(1), and a
/// write copies one object's state and O(log n) map nodes.
class AddressSpace {
public:
  using Map = support::PersistentMap<uint64_t, ObjectEntry>;

  void bind(std::shared_ptr<const MemoryObject> object,
            std::shared_ptr<const ObjectState> state);
  /// The object whose reserved range contains `address`, freed or not.
  const ObjectEntry *find(uint64_t address) const;
  const ObjectEntry *findByBase(uint64_t base) const;
  /// The object with the greatest base not above `address`, and the one
  /// with the least base above it (null when none): the neighbours of an
  /// address outside every object.
  const ObjectEntry *below(uint64_t address) const;
  const ObjectEntry *above(uint64_t address) const;
  /// The object whose range contains `address`, else the nearest one when
  /// `address` is less than `within` bytes past its end or before its
  /// base (the object `&a[i - 5]` or `a + n - 16` came from); null otherwise.
  const ObjectEntry *nearby(uint64_t address, uint64_t within) const;
  /// A writable state for the object at `base` (copied if shared).
  ObjectState &writable(uint64_t base);
  void markFreed(uint64_t base);
  void unbind(uint64_t base);
  /// Every object, by base address.
  const Map &objects() const { return objects_; }
  size_t size() const { return objects_.size(); }

private:
  ObjectEntry &entryAt(uint64_t base);
  Map objects_;
};

} // namespace cosmo::memory

#endif // COSMO_MEMORY_OBJECTMEMORY_H
