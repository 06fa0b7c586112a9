//===- ObjectMemoryTest.cpp - object placement and offsets per data model -===//
//
// AddressLayout: where objects go for 64-bit (LP64) and 32-bit (ILP32)
// pointers, that every address fits the pointer width, and that the space
// runs out cleanly. ObjectState: reads and writes at 32-bit symbolic offsets
// mean what the same offsets mean concretely.
//
//===----------------------------------------------------------------------===//

#include "cosmo/expr/Assignment.h"
#include "cosmo/memory/ObjectMemory.h"

#include <gtest/gtest.h>

#include <random>

namespace cosmo::memory {
namespace {

using expr::ExprContext;
using expr::ExprRef;

constexpr uint64_t k4GiB = uint64_t(1) << 32;

TEST(AddressLayoutTest, Lp64PlacesObjects16MiBApart) {
  AddressLayout l(64);
  EXPECT_EQ(l.pointerBits(), 64u);
  EXPECT_EQ(l.slotBytes(), uint64_t(1) << 24);
  EXPECT_EQ(l.place(0, 16), uint64_t(1) << 24);
  EXPECT_EQ(l.place(1, 16), uint64_t(2) << 24);
  EXPECT_EQ(l.slotsFor(0), 1u);
  EXPECT_EQ(l.slotsFor((uint64_t(1) << 24) - 1), 1u);
  EXPECT_EQ(l.slotsFor(uint64_t(1) << 24), 2u);
  EXPECT_EQ(l.redzoneFor(16), (uint64_t(1) << 24) - 16);
  // Far beyond 4 GiB is fine for 64-bit pointers.
  EXPECT_EQ(l.place(1000000, 8), uint64_t(1000001) << 24);
}

TEST(AddressLayoutTest, Ilp32RedzonesAreSizedToTheObject) {
  AddressLayout l(32);
  EXPECT_EQ(l.pointerBits(), 32u);
  EXPECT_EQ(l.slotBytes(), 16u);
  ASSERT_TRUE(l.place(0, 1));
  EXPECT_EQ(*l.place(0, 1), 0x10000u);
  EXPECT_GE(*l.place(0, 1), kNullPageSize);
  // At least 16 bytes, as large as the object, at most 64 KiB.
  EXPECT_EQ(l.redzoneFor(1), 16u);
  EXPECT_EQ(l.redzoneFor(100), 100u);
  EXPECT_EQ(l.redzoneFor(uint64_t(1) << 20), uint64_t(1) << 16);
  EXPECT_EQ(l.slotsFor(4), 2u);    // 4 + 16 bytes
  EXPECT_EQ(l.slotsFor(16), 2u);   // 16 + 16
  EXPECT_EQ(l.slotsFor(100), 13u); // 200 bytes
  // A large object must fit as a whole, with its redzone.
  EXPECT_TRUE(l.place(0, uint64_t(1) << 31));
  EXPECT_FALSE(l.place(0, k4GiB - 1));
  uint64_t lastSlot = (k4GiB - 0x10000) / 16;
  EXPECT_FALSE(l.place(lastSlot - 1, 1));
  EXPECT_TRUE(l.place(lastSlot - 2, 1));
}

// Whatever the allocation sequence, a placed object lies inside the 32-bit
// space with its redzone, above the null page, and after the previous
// object's redzone.
TEST(AddressLayoutTest, Ilp32PlacementNeverLeavesThe32BitSpace) {
  AddressLayout l(32);
  std::mt19937_64 rng(7);
  for (int run = 0; run < 50; ++run) {
    uint64_t index = 0, previousEnd = 0;
    for (int k = 0; k < 100000; ++k) {
      uint64_t capacity = rng() % 4 == 0 ? rng() % (uint64_t(1) << 28)
                                         : rng() % 5000;
      std::optional<uint64_t> at = l.place(index, capacity);
      if (!at)
        break;
      EXPECT_GE(*at, kNullPageSize);
      EXPECT_GE(*at, previousEnd);
      EXPECT_LE(*at + capacity + l.redzoneFor(capacity), k4GiB);
      previousEnd = *at + capacity + l.redzoneFor(capacity);
      index += l.slotsFor(capacity);
    }
    EXPECT_GT(index, 0u);
  }
}

// Issue 19: a program that allocates in a loop stopped at 65,529 objects.
// A million small objects fit, each with its own redzone, and every one is
// found at its address and not one byte past its redzone.
TEST(AddressLayoutTest, Ilp32HoldsAMillionSmallObjects) {
  ExprContext ctx; // outlives the terms the address space holds
  AddressLayout l(32);
  AddressSpace space;
  auto state = std::make_shared<const ObjectState>(8, ctx.arrayVar("init"));
  uint64_t index = 0;
  std::vector<uint64_t> bases;
  for (uint64_t k = 0; k < 1000000; ++k) {
    std::optional<uint64_t> at = l.place(index, 8);
    ASSERT_TRUE(at) << "object " << k;
    auto o = std::make_shared<MemoryObject>();
    o->address = *at;
    o->capacity = 8;
    space.bind(o, state);
    index += l.slotsFor(8);
    if (k % 9973 == 0)
      bases.push_back(*at);
  }
  EXPECT_EQ(space.size(), 1000000u);
  for (uint64_t base : bases) {
    ASSERT_NE(space.find(base + 7), nullptr);
    EXPECT_EQ(space.find(base + 7)->object->address, base);
    EXPECT_EQ(space.find(base + 8), nullptr); // in the redzone
    EXPECT_EQ(space.find(base + 8 + l.redzoneFor(8) - 1), nullptr);
  }
}

TEST(AddressLayoutTest, PointerConstantsAndSizesHaveThePointerWidth) {
  ExprContext ctx;
  EXPECT_EQ(AddressLayout(32).pointer(ctx, 0x10000)->width(), 32u);
  EXPECT_EQ(AddressLayout(64).pointer(ctx, 0x10000)->width(), 64u);
  MemoryObject o;
  o.capacity = 12;
  EXPECT_EQ(o.sizeExpr(ctx, 32), ctx.bv(32, 12));
  EXPECT_EQ(o.sizeExpr(ctx, 64), ctx.bv(64, 12));
}

class ObjectStateOffsetTest : public ::testing::TestWithParam<uint64_t> {
protected:
  ExprContext ctx;
  ExprRef off32 = ctx.var("off", expr::Sort::bv(32));

  ExprRef byteAtConst(const ObjectState &os, uint64_t k) {
    return os.read(ctx, ctx.bv(32, k), 1);
  }
  uint64_t valueAt(const ExprRef &e, uint64_t offset) {
    expr::Assignment a;
    a.set(off32, expr::Value::ofBits(llvm::APInt(32, offset)));
    auto v = expr::evaluate(e, a);
    EXPECT_TRUE(v);
    return v ? v->bits.getZExtValue() : ~uint64_t(0);
  }
};

// Reads at a 32-bit symbolic offset give, for each value of the offset,
// the bytes a concrete read there gives (small objects: ite chains; large
// ones: array terms indexed by the zero-extended offset).
TEST_P(ObjectStateOffsetTest, SymbolicThirtyTwoBitReadsMatchConcreteReads) {
  uint64_t size = GetParam();
  ObjectState os(size, ctx.arrayVar("content"));
  for (uint64_t k = 0; k < size; ++k)
    os.writeByte(ctx, k, ctx.bv(8, (k * 37 + 11) & 0xff));
  ExprRef word = os.read(ctx, off32, 4);
  ASSERT_EQ(word->width(), 32u);
  for (uint64_t k : {uint64_t(0), uint64_t(1), size / 2, size - 4}) {
    uint64_t expected = 0;
    for (unsigned i = 0; i < 4; ++i)
      expected |= (((k + i) * 37 + 11) & 0xff) << (8 * i);
    EXPECT_EQ(valueAt(word, k), expected) << "offset " << k;
  }
}

// A write at a 32-bit symbolic offset changes exactly the bytes at that
// offset's value.
TEST_P(ObjectStateOffsetTest, SymbolicThirtyTwoBitWritesHitTheirBytes) {
  uint64_t size = GetParam();
  ObjectState os(size, ctx.arrayVar("content"));
  for (uint64_t k = 0; k < size; ++k)
    os.writeByte(ctx, k, ctx.bv(8, 0));
  os.write(ctx, off32, ctx.bv(16, 0xbeef));
  for (uint64_t at : {uint64_t(0), size - 2}) {
    for (uint64_t k : {uint64_t(0), uint64_t(1), uint64_t(2), size - 2,
                       size - 1}) {
      uint64_t expected = k == at ? 0xef : k == at + 1 ? 0xbe : 0;
      EXPECT_EQ(valueAt(byteAtConst(os, k), at), expected)
          << "write at " << at << ", byte " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(SmallAndLargeObjects, ObjectStateOffsetTest,
                         ::testing::Values(uint64_t(16), uint64_t(1024)));

} // namespace
} // namespace cosmo::memory
