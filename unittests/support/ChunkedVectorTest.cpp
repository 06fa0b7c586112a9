//===- ChunkedVectorTest.cpp - ChunkedVector against std::vector ----------===//

#include "cosmo/support/ChunkedVector.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

using cosmo::support::ChunkedVector;

namespace {

// Copies forked from one another at random, each written at random: every
// copy reads as the std::vector it mirrors (a write never shows in
// another copy, a chunk shared by two copies holds what both read).
TEST(ChunkedVectorTest, CopiesWrittenAtRandomAgreeWithVectors) {
  std::mt19937 random(7);
  constexpr uint64_t kSize = 1000; // not a multiple of the chunk size
  std::vector<ChunkedVector<std::string, 16>> copies{
      ChunkedVector<std::string, 16>(kSize)};
  std::vector<std::vector<std::string>> mirrors{
      std::vector<std::string>(kSize)};
  for (int step = 0; step < 4000; ++step) {
    size_t c = random() % copies.size();
    if (random() % 10 == 0 && copies.size() < 24) {
      copies.push_back(copies[c]);
      mirrors.push_back(mirrors[c]);
      continue;
    }
    uint64_t at = random() % kSize;
    std::string value = std::to_string(step);
    if (random() % 50 == 0) {
      copies[c].clear();
      mirrors[c].assign(kSize, std::string());
    } else {
      copies[c].set(at, value);
      mirrors[c][at] = value;
    }
  }
  for (size_t c = 0; c < copies.size(); ++c) {
    ASSERT_EQ(copies[c].size(), kSize);
    for (uint64_t i = 0; i < kSize; ++i) {
      ASSERT_EQ(copies[c][i], mirrors[c][i]) << "copy " << c << " at " << i;
      if (c > 0 && copies[c].sharesChunkWith(copies[0], i))
        EXPECT_EQ(mirrors[c][i], mirrors[0][i]);
    }
  }
}

TEST(ChunkedVectorTest, ACopySharesEveryChunkUntilItWrites) {
  ChunkedVector<int, 4> a(10);
  for (int i = 0; i < 10; ++i)
    a.set(i, i + 1);
  ChunkedVector<int, 4> b = a;
  for (uint64_t i = 0; i < 10; ++i)
    EXPECT_TRUE(b.sharesChunkWith(a, i));
  b.set(5, 0);
  EXPECT_EQ(a[5], 6);
  EXPECT_EQ(b[5], 0);
  EXPECT_FALSE(b.sharesChunkWith(a, 4)); // the chunk of 4..7 was copied
  EXPECT_TRUE(b.sharesChunkWith(a, 3));
  EXPECT_TRUE(b.sharesChunkWith(a, 8));
  EXPECT_EQ(b[4], 5); // the copied chunk keeps the other elements
}

} // namespace
