//===- Searcher.cpp - which state runs next -------------------------------===//
//
// DFS, BFS, KLEE's random-path, a coverage-new searcher, and the default
// that interleaves the last two with a depth-first turn. Every operation is
// O(1) or O(log n) in the number of states (a run can hold tens of
// thousands), except random-path's walk, which is O(depth of the fork
// tree).
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Searcher.h"

#include <algorithm>
#include <array>
#include <list>

namespace cosmo::engine {

Searcher::~Searcher() = default;

namespace {

/// States in a list with O(1) insertion before a given state and removal.
class StateList {
public:
  using Iter = std::list<ExecutionState *>::iterator;
  void pushBack(ExecutionState *s) { where_[s] = list_.insert(list_.end(), s); }
  void insertBefore(ExecutionState *pos, ExecutionState *s) {
    auto it = where_.find(pos);
    where_[s] = list_.insert(it == where_.end() ? list_.end() : it->second, s);
  }
  void insertAfter(ExecutionState *pos, ExecutionState *s) {
    auto it = where_.find(pos);
    where_[s] = list_.insert(
        it == where_.end() ? list_.end() : std::next(it->second), s);
  }
  void remove(ExecutionState *s) {
    auto it = where_.find(s);
    if (it == where_.end())
      return;
    list_.erase(it->second);
    where_.erase(it);
  }
  bool contains(ExecutionState *s) const { return where_.count(s) != 0; }
  void moveToBack(ExecutionState *s) {
    auto it = where_.find(s);
    if (it != where_.end())
      list_.splice(list_.end(), list_, it->second);
  }
  bool empty() const { return list_.empty(); }
  ExecutionState *front() const { return list_.front(); }
  ExecutionState *back() const { return list_.back(); }

private:
  std::list<ExecutionState *> list_;
  std::unordered_map<ExecutionState *, Iter> where_;
};

// Depth first, in one of two orders. `SplitSideFirst` (`--search=dfs`, as
// KLEE's): the side a fork split off (a branch's false side, the last of
// several pointer resolutions) runs first and the state that forked waits
// just below it. For `while (nondet())` the loop's exit runs to its end
// before the next iteration starts, so pending states do not pile up one
// per iteration. `ForkerFirst` (the interleaving's diver): the state that
// forked goes on, its new sibling waits below it, so the dive follows
// every branch's true side (a counter bumped under `if (nondet())` grows
// with each iteration). Either way, when the deepest path ends the search
// resumes at the most recent fork.
class DfsSearcher final : public Searcher {
public:
  enum class Order { SplitSideFirst, ForkerFirst };
  explicit DfsSearcher(Order order) : order_(order) {}

  ExecutionState *select() override { return states_.back(); }
  void forked(ExecutionState *parent, ExecutionState *child) override {
    if (order_ == Order::SplitSideFirst)
      states_.insertAfter(parent, child);
    else
      states_.insertBefore(parent, child);
  }
  void add(ExecutionState *s) override { states_.pushBack(s); }
  void remove(ExecutionState *s) override { states_.remove(s); }
  bool empty() const override { return states_.empty(); }

private:
  Order order_;
  StateList states_;
};

class BfsSearcher final : public Searcher {
public:
  ExecutionState *select() override { return states_.front(); }
  void forked(ExecutionState *, ExecutionState *child) override { add(child); }
  void add(ExecutionState *s) override { states_.pushBack(s); }
  void remove(ExecutionState *s) override { states_.remove(s); }
  bool empty() const override { return states_.empty(); }
  // A state that forked goes to the back, behind its siblings.
  void stepped(ExecutionState *s) override {
    if (s->forkedThisStep && !states_.empty() && states_.front() == s)
      states_.moveToBack(s);
  }

private:
  StateList states_;
};

// KLEE's random-path: walk the fork tree from the root, choosing a side
// uniformly at each fork, so that states near the root (few forks) are
// preferred and deep loops cannot starve the rest.
class RandomPathSearcher final : public Searcher {
public:
  explicit RandomPathSearcher(uint64_t seed) : rng_(seed) {}

  ExecutionState *select() override {
    PTreeNode *n = root_.get();
    while (!n->state) {
      if (n->left && n->right)
        n = (rng_() & 1) ? n->left.get() : n->right.get();
      else
        n = n->left ? n->left.get() : n->right.get();
    }
    return n->state;
  }
  void add(ExecutionState *s) override {
    // The initial state, or a state a hook gives back after waiting:
    // it becomes a new side of the root.
    auto leaf = std::make_unique<PTreeNode>();
    leaf->state = s;
    s->ptreeNode = leaf.get();
    ++live_;
    if (!root_ || (!root_->state && !root_->left && !root_->right)) {
      root_ = std::move(leaf);
      return;
    }
    auto top = std::make_unique<PTreeNode>();
    root_->parent = top.get();
    leaf->parent = top.get();
    top->left = std::move(root_);
    top->right = std::move(leaf);
    root_ = std::move(top);
  }
  void forked(ExecutionState *parent, ExecutionState *child) override {
    PTreeNode *n = parent->ptreeNode;
    n->left = std::make_unique<PTreeNode>();
    n->right = std::make_unique<PTreeNode>();
    n->left->parent = n->right->parent = n;
    n->left->state = parent;
    n->right->state = child;
    n->state = nullptr;
    parent->ptreeNode = n->left.get();
    child->ptreeNode = n->right.get();
    ++live_;
  }
  void remove(ExecutionState *s) override {
    PTreeNode *n = s->ptreeNode;
    n->state = nullptr;
    s->ptreeNode = nullptr;
    --live_;
    // Drop empty leaves upwards.
    while (n->parent && !n->state && !n->left && !n->right) {
      PTreeNode *p = n->parent;
      if (p->left.get() == n)
        p->left.reset();
      else
        p->right.reset();
      n = p;
    }
  }
  bool empty() const override { return live_ == 0; }

private:
  std::unique_ptr<PTreeNode> root_;
  std::mt19937_64 rng_;
  uint64_t live_ = 0;
};

// Coverage-new: the newest state standing at a block no state has run yet
// goes next, so new code is entered as soon as some path can reach it (a
// loop's exit, the far side of a check). States are filed when they are
// added or fork or stop; one whose block another state ran in the
// meantime leaves the frontier when the search meets it. With no state at
// new code the searcher has no choice to make (`selectOrNull`), and the
// interleaving asks the next strategy; alone, it then runs the newest
// state.
class CoverageSearcher final : public Searcher {
public:
  explicit CoverageSearcher(CoverageQuery isNew) : isNew_(std::move(isNew)) {}

  ExecutionState *select() override {
    ExecutionState *s = selectOrNull();
    return s ? s : all_.back();
  }
  ExecutionState *selectOrNull() {
    while (!frontier_.empty()) {
      ExecutionState *s = frontier_.back();
      if (onFrontier_.count(s) && isNew_(*s))
        return s;
      frontier_.pop_back();
      onFrontier_.erase(s);
    }
    return nullptr;
  }
  void forked(ExecutionState *parent, ExecutionState *child) override {
    all_.pushBack(child);
    file(parent);
    file(child);
  }
  void add(ExecutionState *s) override {
    all_.pushBack(s);
    file(s);
  }
  void remove(ExecutionState *s) override {
    all_.remove(s);
    onFrontier_.erase(s); // its stale entry in frontier_ is skipped
  }
  bool empty() const override { return all_.empty(); }
  void stepped(ExecutionState *s) override { file(s); }

private:
  void file(ExecutionState *s) {
    if (onFrontier_.count(s) || !isNew_(*s))
      return;
    // A removed state's stale entry may still sit in frontier_ under the
    // same address; onFrontier_ is what counts.
    frontier_.push_back(s);
    onFrontier_.insert(s);
  }

  CoverageQuery isNew_;
  StateList all_;
  std::vector<ExecutionState *> frontier_;
  std::unordered_set<ExecutionState *> onFrontier_;
};

// The default (Interleaved): coverage-new, random-path and depth-first
// take turns choosing, as KLEE's default interleaves random-path with a
// coverage-guided search. Coverage-new enters new code first wherever it
// appears; random-path favours states with few forks behind them, so the
// exits of an unbounded loop and the other sides of early branches run
// soon; depth-first follows one path down, so errors that need many loop
// iterations are reached too. No one path can starve the others: each
// strategy gets every third choice.
class InterleavedSearcher final : public Searcher {
public:
  InterleavedSearcher(uint64_t seed, CoverageQuery isNew)
      : coverage_(std::move(isNew)), random_(seed),
        dfs_(DfsSearcher::Order::ForkerFirst) {}

  ExecutionState *select() override {
    turn_ = (turn_ + 1) % 3;
    if (turn_ == 0)
      if (ExecutionState *s = coverage_.selectOrNull())
        return s;
    if (turn_ == 2)
      return dfs_.select();
    return random_.select();
  }
  void forked(ExecutionState *parent, ExecutionState *child) override {
    for (Searcher *s : all())
      s->forked(parent, child);
  }
  void add(ExecutionState *st) override {
    for (Searcher *s : all())
      s->add(st);
  }
  void remove(ExecutionState *st) override {
    for (Searcher *s : all())
      s->remove(st);
  }
  bool empty() const override { return dfs_.empty(); }
  void stepped(ExecutionState *st) override {
    for (Searcher *s : all())
      s->stepped(st);
  }

private:
  std::array<Searcher *, 3> all() { return {&coverage_, &random_, &dfs_}; }

  CoverageSearcher coverage_;
  RandomPathSearcher random_;
  DfsSearcher dfs_;
  unsigned turn_ = 0;
};

} // namespace

std::unique_ptr<Searcher> createSearcher(SearchStrategy strategy,
                                         uint64_t seed,
                                         CoverageQuery isNew) {
  switch (strategy) {
  case SearchStrategy::Interleaved:
    return std::make_unique<InterleavedSearcher>(seed, std::move(isNew));
  case SearchStrategy::DFS:
    return std::make_unique<DfsSearcher>(DfsSearcher::Order::SplitSideFirst);
  case SearchStrategy::BFS: return std::make_unique<BfsSearcher>();
  case SearchStrategy::RandomPath:
    return std::make_unique<RandomPathSearcher>(seed);
  case SearchStrategy::Coverage:
    return std::make_unique<CoverageSearcher>(std::move(isNew));
  }
  return std::make_unique<DfsSearcher>(DfsSearcher::Order::SplitSideFirst);
}

} // namespace cosmo::engine
