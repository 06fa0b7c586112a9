//===- Searcher.cpp - DFS, BFS, random-path and coverage searchers --------===//

#include "Searcher.h"

#include <algorithm>
#include <deque>

namespace cosmo::engine {

Searcher::~Searcher() = default;

namespace {

// Depth first: the state that forked goes on; its new sibling waits just
// below it, so an unbounded loop cannot starve the paths that leave it.
class DfsSearcher final : public Searcher {
public:
  ExecutionState *select() override { return states_.back(); }
  void forked(ExecutionState *parent, ExecutionState *child) override {
    auto it = std::find(states_.begin(), states_.end(), parent);
    states_.insert(it, child);
  }
  void add(ExecutionState *s) override { states_.push_back(s); }
  void remove(ExecutionState *s) override {
    states_.erase(std::find(states_.begin(), states_.end(), s));
  }
  bool empty() const override { return states_.empty(); }

private:
  std::vector<ExecutionState *> states_;
};

class BfsSearcher final : public Searcher {
public:
  ExecutionState *select() override { return states_.front(); }
  void forked(ExecutionState *, ExecutionState *child) override { add(child); }
  void add(ExecutionState *s) override { states_.push_back(s); }
  void remove(ExecutionState *s) override {
    states_.erase(std::find(states_.begin(), states_.end(), s));
  }
  bool empty() const override { return states_.empty(); }
  // A state that forked goes to the back, behind its siblings.
  void stepped(ExecutionState *s) override {
    if (!s->forkedThisStep || states_.empty() || states_.front() != s)
      return;
    states_.pop_front();
    states_.push_back(s);
  }

private:
  std::deque<ExecutionState *> states_;
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
    // The initial state, or a merged state back from waiting (--merge):
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

// Prefers the state whose next block has been covered least often; ties go
// to the newest state (depth first).
class CoverageSearcher final : public Searcher {
public:
  explicit CoverageSearcher(CoverageQuery q) : coverage_(std::move(q)) {}
  ExecutionState *select() override {
    ExecutionState *best = nullptr;
    uint64_t bestScore = UINT64_MAX;
    for (auto it = states_.rbegin(); it != states_.rend(); ++it) {
      uint64_t score = coverage_(**it);
      if (score < bestScore) {
        best = *it;
        bestScore = score;
      }
    }
    return best;
  }
  void forked(ExecutionState *, ExecutionState *child) override { add(child); }
  void add(ExecutionState *s) override { states_.push_back(s); }
  void remove(ExecutionState *s) override {
    states_.erase(std::find(states_.begin(), states_.end(), s));
  }
  bool empty() const override { return states_.empty(); }

private:
  CoverageQuery coverage_;
  std::vector<ExecutionState *> states_;
};

} // namespace

std::unique_ptr<Searcher> createSearcher(SearchStrategy strategy,
                                         uint64_t seed,
                                         CoverageQuery coverage) {
  switch (strategy) {
  case SearchStrategy::DFS: return std::make_unique<DfsSearcher>();
  case SearchStrategy::BFS: return std::make_unique<BfsSearcher>();
  case SearchStrategy::RandomPath:
    return std::make_unique<RandomPathSearcher>(seed);
  case SearchStrategy::Coverage:
    return std::make_unique<CoverageSearcher>(std::move(coverage));
  }
  return std::make_unique<DfsSearcher>();
}

} // namespace cosmo::engine
