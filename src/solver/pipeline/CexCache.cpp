//===- CexCache.cpp - the set trie of stored answers ----------------------===//

#include "pipeline/CexCache.h"

#include <algorithm>

namespace cosmo::solver {

const CexCache::Entry *CexCache::find(const Key &key) const {
  const Node *n = &root_;
  for (uint64_t id : key) {
    auto it = n->children.find(id);
    if (it == n->children.end())
      return nullptr;
    n = it->second.get();
  }
  return n->entry ? &*n->entry : nullptr;
}

void CexCache::insert(const Key &key, Entry entry) {
  Node *n = &root_;
  auto mark = [&](Node *m) {
    (entry.sat ? m->satBelow : m->unsatBelow) = true;
  };
  mark(n);
  for (uint64_t id : key) {
    std::unique_ptr<Node> &child = n->children[id];
    if (!child)
      child = std::make_unique<Node>();
    n = child.get();
    mark(n);
  }
  if (!n->entry)
    ++entries_;
  n->entry = std::move(entry);
}

void CexCache::clear() {
  root_.children.clear();
  root_.entry.reset();
  root_.unsatBelow = root_.satBelow = false;
  entries_ = 0;
}

// Visits stored sets contained in `key` whose answer is `wantSat`, until
// `visit` returns true or the budget runs out. A node reached by ids
// key[..] is a subset; from it, only children whose id occurs later in the
// key can continue one.
template <class Visit>
void CexCache::forEachSubset(const Key &key, bool wantSat, Visit visit) const {
  std::vector<std::pair<const Node *, size_t>> todo{{&root_, 0}};
  size_t visited = 0;
  while (!todo.empty() && visited++ < kVisitBudget) {
    auto [n, from] = todo.back();
    todo.pop_back();
    if (!(wantSat ? n->satBelow : n->unsatBelow))
      continue;
    if (n->entry && n->entry->sat == wantSat && visit(*n->entry))
      return;
    if (n->children.size() < key.size() - from) {
      for (const auto &[id, child] : n->children) {
        auto at = std::lower_bound(key.begin() + from, key.end(), id);
        if (at != key.end() && *at == id)
          todo.push_back({child.get(), at - key.begin() + 1});
      }
    } else {
      for (size_t i = from; i < key.size(); ++i)
        if (auto it = n->children.find(key[i]); it != n->children.end())
          todo.push_back({it->second.get(), i + 1});
    }
  }
}

bool CexCache::hasUnsatSubset(const Key &key) const {
  bool found = false;
  forEachSubset(key, /*wantSat=*/false,
                [&](const Entry &) { return found = true; });
  return found;
}

Model CexCache::subsetModel(
    const Key &key, const std::function<bool(const expr::Assignment &)> &accept,
    unsigned maxCandidates) const {
  Model found;
  unsigned tried = 0;
  forEachSubset(key, /*wantSat=*/true, [&](const Entry &e) {
    if (accept(*e.model))
      found = e.model;
    return found || ++tried >= maxCandidates;
  });
  return found;
}

// A stored set contains `key` when following it down the trie meets every
// id of `key` in order; ids between them may be skipped. Once all of `key`
// is met, any sat entry below will do.
Model CexCache::supersetModel(const Key &key) const {
  std::vector<std::pair<const Node *, size_t>> todo{{&root_, 0}};
  size_t visited = 0;
  while (!todo.empty() && visited++ < kVisitBudget) {
    auto [n, matched] = todo.back();
    todo.pop_back();
    if (!n->satBelow)
      continue;
    if (matched == key.size()) {
      // Walk down to a sat entry; satBelow guarantees one.
      while (!(n->entry && n->entry->sat)) {
        auto it =
            std::find_if(n->children.begin(), n->children.end(),
                         [](const auto &c) { return c.second->satBelow; });
        n = it->second.get();
      }
      return n->entry->model;
    }
    uint64_t next = key[matched];
    for (auto it = n->children.begin();
         it != n->children.end() && it->first <= next; ++it)
      todo.push_back({it->second.get(), matched + (it->first == next)});
  }
  return nullptr;
}

} // namespace cosmo::solver
