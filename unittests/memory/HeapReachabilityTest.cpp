//===- HeapReachabilityTest.cpp - which heap blocks are pointed to --------===//
//
// Lost, reached and undecided blocks (SV-COMP's valid-memtrack): pointers
// held by roots and by reached blocks, one past the end, pointers a stale
// register or a symbolic term holds, and memory whose pointers are hidden.
//
//===----------------------------------------------------------------------===//

#include "cosmo/memory/HeapReachability.h"

#include <gtest/gtest.h>

namespace cosmo::memory {
namespace {

using expr::ExprContext;
using expr::ExprRef;

class HeapReachabilityTest : public ::testing::Test {
protected:
  /// A new object of `size` bytes and `kind`, its bytes initially
  /// unwritten; its base.
  uint64_t object(ObjectKind kind, uint64_t size) {
    auto o = std::make_shared<MemoryObject>();
    o->address = *layout_.place(next_, size);
    next_ += layout_.slotsFor(size);
    o->capacity = size;
    o->kind = kind;
    uint64_t base = o->address;
    space_.bind(o, std::make_shared<ObjectState>(
                       size, ctx_.arrayVar("init" + std::to_string(base))));
    return base;
  }
  /// Stores `value` (64 bits) at `offset` of the object at `base`.
  void store(uint64_t base, uint64_t offset, const ExprRef &value) {
    space_.writable(base).write(ctx_, ctx_.bv(64, offset), value);
  }
  ExprRef pointer(uint64_t address) { return ctx_.bv(64, address); }
  HeapReachability::Outcome classify(HeapReachability &h,
                                     std::vector<uint64_t> candidates) {
    return h.classify(candidates);
  }

  ExprContext ctx_;
  AddressLayout layout_{64};
  AddressSpace space_;
  uint64_t next_ = 0;
};

TEST_F(HeapReachabilityTest, BlocksReachedThroughRootsAndBlocksAreNotLost) {
  uint64_t global = object(ObjectKind::Global, 16);
  uint64_t a = object(ObjectKind::Heap, 16), b = object(ObjectKind::Heap, 8),
           c = object(ObjectKind::Heap, 8), d = object(ObjectKind::Heap, 4);
  store(global, 8, pointer(a)); // global -> a -> b
  store(a, 0, pointer(b));
  store(c, 0, pointer(d)); // c -> d, nothing -> c
  HeapReachability h(ctx_, space_, 64);
  h.addRootObject(global);
  HeapReachability::Outcome o = classify(h, {a, b, c, d});
  EXPECT_EQ(o.lost, (std::vector<uint64_t>{c, d}));
  EXPECT_TRUE(o.undecided.empty());
}

TEST_F(HeapReachabilityTest, OnePastTheEndTracksABlockAndFurtherDoesNot) {
  uint64_t a = object(ObjectKind::Heap, 16), b = object(ObjectKind::Heap, 16);
  HeapReachability h(ctx_, space_, 64);
  h.addRootValue(pointer(a + 16), true);
  h.addRootValue(pointer(b + 17), true);
  HeapReachability::Outcome o = classify(h, {a, b});
  EXPECT_EQ(o.lost, (std::vector<uint64_t>{b}));
}

TEST_F(HeapReachabilityTest, FreedBlocksHoldNothing) {
  uint64_t a = object(ObjectKind::Heap, 8), b = object(ObjectKind::Heap, 8);
  store(a, 0, pointer(b));
  space_.markFreed(a);
  HeapReachability h(ctx_, space_, 64);
  h.addRootValue(pointer(a), true);
  EXPECT_EQ(classify(h, {b}).lost, (std::vector<uint64_t>{b}));
}

TEST_F(HeapReachabilityTest, AStaleOrSymbolicPointerLeavesItUndecided) {
  uint64_t a = object(ObjectKind::Heap, 8), b = object(ObjectKind::Heap, 8),
           c = object(ObjectKind::Heap, 8);
  ExprRef choice = ctx_.var("c", expr::Sort::boolean());
  HeapReachability h(ctx_, space_, 64);
  h.addRootValue(pointer(a), false); // a register no longer used
  h.addRootValue(ctx_.ite(choice, pointer(b), ctx_.bv(64, 0)), true);
  HeapReachability::Outcome o = classify(h, {a, b, c});
  EXPECT_EQ(o.lost, (std::vector<uint64_t>{c}));
  EXPECT_EQ(o.undecided, (std::vector<uint64_t>{a, b}));
}

TEST_F(HeapReachabilityTest, MemoryWithHiddenPointersDecidesNothing) {
  uint64_t global = object(ObjectKind::Global, 64);
  uint64_t a = object(ObjectKind::Heap, 8);
  // A byte written at a symbolic offset: the content is one array term,
  // and a constant byte stored in it may be a pointer's.
  space_.writable(global).write(ctx_, ctx_.var("i", expr::Sort::bv(64)),
                                ctx_.bv(8, 0x42));
  HeapReachability h(ctx_, space_, 64);
  h.addRootObject(global);
  HeapReachability::Outcome o = classify(h, {a});
  EXPECT_TRUE(o.lost.empty());
  EXPECT_EQ(o.undecided, (std::vector<uint64_t>{a}));
}

TEST_F(HeapReachabilityTest, SymbolicDataIsNoPointer) {
  uint64_t global = object(ObjectKind::Global, 16);
  uint64_t a = object(ObjectKind::Heap, 8);
  store(global, 0, ctx_.var("x", expr::Sort::bv(64)));
  HeapReachability h(ctx_, space_, 64);
  h.addRootObject(global);
  EXPECT_EQ(h.blocksMentioned(pointer(a + 3)), (std::set<uint64_t>{a}));
  EXPECT_EQ(classify(h, {a}).lost, (std::vector<uint64_t>{a}));
}

} // namespace
} // namespace cosmo::memory
