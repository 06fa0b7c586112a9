//===- SortTest.cpp - libc/stdlib.c's qsort and bsearch against glibc -----===//
//
// Random arrays from a fixed seed, of every length up to 40 and several
// element sizes: qsort sorts exactly as glibc's does (for records whose key
// repeats, both are sorted by key and hold the same records, since neither
// sort is required to be stable); bsearch finds a present key (an element
// equal to it) and reports an absent one, as glibc's does.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

namespace {

int compareInts(const void *a, const void *b) {
  int x = *static_cast<const int *>(a), y = *static_cast<const int *>(b);
  return (x > y) - (x < y);
}

// An odd-sized record whose first byte is the key.
struct Record {
  unsigned char key;
  unsigned char payload[4];
};
static_assert(sizeof(Record) == 5);

int compareRecords(const void *a, const void *b) {
  return static_cast<const Record *>(a)->key -
         static_cast<const Record *>(b)->key;
}

TEST(Sort, IntsSortLikeGlibc) {
  std::mt19937 rng(2024);
  for (size_t n = 0; n <= 40; ++n)
    for (int range : {3, 1000, INT_MAX}) {
      std::uniform_int_distribution<int> d(-range, range);
      std::vector<int> a(n);
      for (int &x : a)
        x = d(rng);
      std::vector<int> b = a;
      cosmo_libc_qsort(a.data(), n, sizeof(int), compareInts);
      qsort(b.data(), n, sizeof(int), compareInts);
      EXPECT_EQ(a, b) << "n=" << n << " range=" << range;
    }
}

TEST(Sort, RecordsWithRepeatedKeysAreSortedPermutations) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> d(0, 255);
  for (size_t n = 0; n <= 40; ++n) {
    std::vector<Record> a(n);
    for (Record &r : a) {
      r.key = static_cast<unsigned char>(d(rng) % 5);
      for (unsigned char &p : r.payload)
        p = static_cast<unsigned char>(d(rng));
    }
    std::vector<Record> b = a;
    cosmo_libc_qsort(a.data(), n, sizeof(Record), compareRecords);
    qsort(b.data(), n, sizeof(Record), compareRecords);
    // The records as a sorted list of numbers (their 5 bytes each).
    auto bytes = [](const std::vector<Record> &v) {
      std::vector<uint64_t> out;
      for (const Record &r : v) {
        uint64_t x = 0;
        memcpy(&x, &r, sizeof r);
        out.push_back(x);
      }
      std::sort(out.begin(), out.end());
      return out;
    };
    for (size_t k = 0; k + 1 < n; ++k)
      ASSERT_LE(a[k].key, a[k + 1].key) << "n=" << n << " at " << k;
    EXPECT_EQ(bytes(a), bytes(b)) << "n=" << n;
    for (size_t k = 0; k < n; ++k)
      EXPECT_EQ(a[k].key, b[k].key) << "n=" << n << " at " << k;
  }
}

TEST(Sort, BsearchFindsLikeGlibc) {
  std::mt19937 rng(99);
  for (size_t n = 0; n <= 40; ++n) {
    std::uniform_int_distribution<int> d(0, 3 * static_cast<int>(n));
    std::vector<int> a(n);
    for (int &x : a)
      x = d(rng);
    std::sort(a.begin(), a.end());
    for (int key = -1; key <= 3 * static_cast<int>(n) + 1; ++key) {
      auto *m = static_cast<const int *>(
          cosmo_libc_bsearch(&key, a.data(), n, sizeof(int), compareInts));
      auto *g = static_cast<const int *>(
          bsearch(&key, a.data(), n, sizeof(int), compareInts));
      ASSERT_EQ(m == nullptr, g == nullptr) << "n=" << n << " key=" << key;
      if (m) {
        EXPECT_EQ(*m, key);
        EXPECT_TRUE(m >= a.data() && m < a.data() + n);
      }
    }
  }
}

} // namespace
