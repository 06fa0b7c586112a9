//===- CexCache.h - stored answers, found by subset and superset -*- C++
//-*-===//
//
// Private to the solver layer. Keys are sets of constraints, written as the
// sorted ids of their terms (ids are never reused, so a key never names a
// different set later). The store is a trie over those sorted ids, in the
// manner of an UBTree: the stored sets that are subsets of a query follow
// the query's ids down the trie, and the supersets are reached by skipping
// ids smaller than the next one the query needs. Each node knows whether an
// unsat or a sat answer lies below it, so searches skip barren subtrees;
// every search has a budget of visited nodes (a miss is always safe).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_CEXCACHE_H
#define COSMO_SOLVER_CEXCACHE_H

#include "cosmo/solver/Solver.h"

#include <functional>
#include <map>
#include <optional>

namespace cosmo::solver {

class CexCache {
public:
  using Key = std::vector<uint64_t>; // sorted, no duplicates

  struct Entry {
    bool sat = false;
    Model model; // with sat
  };

  const Entry *find(const Key &key) const;
  void insert(const Key &key, Entry entry);

  /// A stored unsat set contained in `key`.
  bool hasUnsatSubset(const Key &key) const;
  /// A model of a stored sat set containing `key`.
  Model supersetModel(const Key &key) const;
  /// Offers the models of stored sat sets contained in `key` to `accept`
  /// (at most `maxCandidates`); returns the first it accepts.
  Model subsetModel(const Key &key,
                    const std::function<bool(const expr::Assignment &)> &accept,
                    unsigned maxCandidates) const;

  size_t size() const { return entries_; }
  void clear();

  /// Nodes a single search may visit.
  static constexpr size_t kVisitBudget = 20000;

private:
  struct Node {
    std::map<uint64_t, std::unique_ptr<Node>> children;
    std::optional<Entry> entry;
    bool unsatBelow = false, satBelow = false; // in this subtree
  };
  template <class Visit>
  void forEachSubset(const Key &key, bool wantSat, Visit visit) const;

  Node root_;
  size_t entries_ = 0;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_CEXCACHE_H
