//===- PersistentMapTest.cpp - PersistentMap against std::map -------------===//

#include "cosmo/support/PersistentLog.h"
#include "cosmo/support/PersistentMap.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

using cosmo::support::PersistentLog;
using cosmo::support::PersistentMap;

namespace {

template <class K, class V>
void expectSame(const PersistentMap<K, V> &p, const std::map<K, V> &m) {
  ASSERT_EQ(p.size(), m.size());
  auto it = m.begin();
  for (const auto &[k, v] : p) {
    ASSERT_NE(it, m.end());
    EXPECT_EQ(k, it->first);
    EXPECT_EQ(v, it->second);
    ++it;
  }
  EXPECT_EQ(it, m.end());
}

TEST(PersistentMapTest, EmptyMapHasNothing) {
  PersistentMap<int, int> p;
  EXPECT_TRUE(p.empty());
  EXPECT_EQ(p.find(3), nullptr);
  EXPECT_EQ(p.floor(3), nullptr);
  EXPECT_EQ(p.findMutable(3), nullptr);
  EXPECT_EQ(p.begin(), p.end());
}

// Random inserts, replacements and erasures on several versions at once,
// each checked against a std::map that follows the same history: an
// update of one copy never shows in another.
TEST(PersistentMapTest, CopiesEvolveIndependentlyAsStdMap) {
  std::mt19937 rng(7);
  std::vector<PersistentMap<int, std::string>> versions(1);
  std::vector<std::map<int, std::string>> models(1);
  for (int step = 0; step < 20000; ++step) {
    size_t k = rng() % versions.size();
    int key = static_cast<int>(rng() % 300);
    switch (rng() % 6) {
    case 0:
      if (versions.size() < 16) { // fork
        versions.push_back(versions[k]);
        models.push_back(models[k]);
      }
      break;
    case 1:
      versions[k].erase(key);
      models[k].erase(key);
      break;
    case 2:
      if (std::string *v = versions[k].findMutable(key)) {
        *v += "!";
        models[k][key] += "!";
      } else {
        EXPECT_EQ(models[k].count(key), 0u);
      }
      break;
    default: {
      std::string v = std::to_string(step);
      versions[k].set(key, v);
      models[k][key] = v;
    }
    }
  }
  for (size_t k = 0; k < versions.size(); ++k)
    expectSame(versions[k], models[k]);
}

TEST(PersistentMapTest, FloorIsTheGreatestKeyNotAbove) {
  PersistentMap<uint64_t, int> p;
  std::map<uint64_t, int> m;
  std::mt19937_64 rng(3);
  for (int i = 0; i < 500; ++i) {
    uint64_t key = rng() % 100000;
    p.set(key, i);
    m[key] = i;
  }
  for (uint64_t q = 0; q < 100010; q += 37) {
    auto it = m.upper_bound(q);
    const auto *f = p.floor(q);
    if (it == m.begin()) {
      EXPECT_EQ(f, nullptr);
    } else {
      --it;
      ASSERT_NE(f, nullptr);
      EXPECT_EQ(f->first, it->first);
      EXPECT_EQ(f->second, it->second);
    }
  }
}

// The tree stays balanced: a million ascending inserts (the order in which
// allocation addresses grow) finish, and lookups find every key.
TEST(PersistentMapTest, AscendingInsertsStayBalanced) {
  PersistentMap<uint64_t, uint64_t> p;
  for (uint64_t i = 0; i < 1000000; ++i)
    p.set(i * 16, i);
  EXPECT_EQ(p.size(), 1000000u);
  for (uint64_t i = 0; i < 1000000; i += 9973)
    ASSERT_NE(p.find(i * 16), nullptr);
  EXPECT_EQ(*p.find(16 * 999999), 999999u);
}

TEST(PersistentMapTest, WritingThroughOneCopyLeavesTheOtherAlone) {
  PersistentMap<int, int> a;
  for (int i = 0; i < 100; ++i)
    a.set(i, i);
  PersistentMap<int, int> b = a;
  EXPECT_TRUE(a.sharesRootWith(b));
  *b.findMutable(42) = -1;
  EXPECT_EQ(*a.find(42), 42);
  EXPECT_EQ(*b.find(42), -1);
  EXPECT_FALSE(a.sharesRootWith(b));
  // Unshared now: a second write changes b in place.
  int *first = b.findMutable(42);
  EXPECT_EQ(first, b.findMutable(42));
}

TEST(PersistentLogTest, ReplacingAnElementLeavesCopiesAlone) {
  PersistentLog<std::string> a;
  a.push_back("x");
  a.push_back("y");
  PersistentLog<std::string> b = a;
  b.replace(1, "z");
  EXPECT_EQ(a[1], "y");
  EXPECT_EQ(b[1], "z");
  EXPECT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0], "x");
}

TEST(PersistentLogTest, EqualLogsHoldTheSameElementsInOrder) {
  PersistentLog<size_t> a, b;
  EXPECT_TRUE(a == b);
  for (size_t k = 0; k < 100; ++k) {
    a.push_back(k);
    b.push_back(k);
  }
  EXPECT_TRUE(a == b);
  PersistentLog<size_t> c = a;
  c.push_back(100);
  EXPECT_FALSE(a == c); // a prefix is not equal
  PersistentLog<size_t> d = a;
  d.replace(50, 7);
  EXPECT_FALSE(a == d);
  EXPECT_TRUE(a == b);
}

// Logs copied and grown at random agree with vectors copied and grown alike:
// indexing (through the jump pointers), iteration, appendFrom, replace.
TEST(PersistentLogTest, CopiesGrownAtRandomAgreeWithVectors) {
  std::mt19937 rng(7);
  std::vector<PersistentLog<size_t>> logs(1);
  std::vector<std::vector<size_t>> models(1);
  for (int step = 0; step < 4000; ++step) {
    size_t i = rng() % logs.size();
    switch (rng() % 8) {
    case 0:
      if (logs.size() < 24) {
        logs.push_back(logs[i]);
        models.push_back(models[i]);
      }
      break;
    case 1:
      if (!models[i].empty()) {
        size_t k = rng() % models[i].size();
        logs[i].replace(k, step);
        models[i][k] = step;
      }
      break;
    default:
      logs[i].push_back(step);
      models[i].push_back(step);
    }
    const PersistentLog<size_t> &l = logs[i];
    const std::vector<size_t> &m = models[i];
    ASSERT_EQ(l.size(), m.size());
    for (int probe = 0; probe < 4 && !m.empty(); ++probe) {
      size_t k = rng() % m.size();
      ASSERT_EQ(l[k], m[k]) << "step " << step << ", position " << k;
    }
    if (step % 100 == 0) {
      for (size_t j = 0; j < logs.size(); ++j) {
        EXPECT_EQ(logs[j].toVector(), models[j]);
        std::vector<size_t> tail;
        logs[j].appendFrom(models[j].size() / 2, tail);
        EXPECT_TRUE(std::equal(tail.begin(), tail.end(),
                               models[j].begin() + models[j].size() / 2,
                               models[j].end()));
        size_t n = 0;
        for (size_t v : logs[j])
          EXPECT_EQ(v, models[j][n++]);
        EXPECT_EQ(n, models[j].size());
      }
    }
  }
}

// A log of millions of elements is freed node by node: a release through
// the nodes' own destructors would overflow the stack.
TEST(PersistentLogTest, ALongLogIsFreedWithoutExhaustingTheStack) {
  auto log = std::make_unique<PersistentLog<size_t>>();
  for (size_t k = 0; k < 2000000; ++k)
    log->push_back(k);
  PersistentLog<size_t> prefix;
  {
    PersistentLog<size_t> copy = *log;
    log.reset();
    EXPECT_EQ(copy[1234567], 1234567u);
    prefix = copy;
  }
  EXPECT_EQ(prefix.size(), 2000000u);
  EXPECT_EQ(prefix.back(), 1999999u);
}

} // namespace
