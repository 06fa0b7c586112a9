//===- MemoTree.cpp - a function's memoization tree -----------------------===//

#include "cosmo/summary/MemoTree.h"

#include <set>

#include <algorithm>
#include <unordered_set>

namespace cosmo::summary {

const char *leafKindName(LeafKind k) {
  switch (k) {
  case LeafKind::Completed: return "completed";
  case LeafKind::Error: return "error";
  case LeafKind::Frontier: return "frontier";
  }
  return "?";
}

const MemoNode *MemoNode::child(Site s,
                                unsigned c) const {
  for (const auto &n : children)
    if (n->site == s && n->choice == c)
      return n.get();
  return nullptr;
}

MemoTree::MemoTree(std::string function, std::string irHash,
                   unsigned depthBound)
    : function_(std::move(function)), irHash_(std::move(irHash)),
      depthBound_(depthBound), rootOwner_(std::make_unique<MemoNode>()),
      root_(rootOwner_.get()) {
  nodes_.push_back(root_);
}

MemoTree::~MemoTree() {
  std::vector<std::unique_ptr<MemoNode>> pending;
  if (rootOwner_)
    pending.push_back(std::move(rootOwner_));
  while (!pending.empty()) {
    std::unique_ptr<MemoNode> n = std::move(pending.back());
    pending.pop_back();
    for (auto &c : n->children)
      pending.push_back(std::move(c));
  }
}

MemoNode *MemoTree::extend(MemoNode *n, Site site,
                           unsigned choice, bool viaCalleeTree) {
  for (auto &c : n->children)
    if (c->site == site && c->choice == choice)
      return c.get();
  auto c = std::make_unique<MemoNode>();
  c->id = static_cast<uint32_t>(nodes_.size());
  c->site = site;
  c->choice = choice;
  c->parent = n;
  c->viaCalleeTree = viaCalleeTree;
  nodes_.push_back(c.get());
  n->children.push_back(std::move(c));
  return n->children.back().get();
}

void MemoTree::addLeaf(MemoNode *n, PcPair pair) {
  n->pairs.push_back(static_cast<uint32_t>(pairs_.size()));
  pairs_.push_back(std::move(pair));
}

namespace {
/// Nodes of the pairs' effects, and with `conditions` of their conditions
/// and heap facts too, each shared node once.
size_t nodesOfPairs(const std::vector<PcPair> &pairs, bool conditions) {
  std::vector<const expr::Expr *> work;
  auto add = [&](const ExprRef &e) {
    if (e)
      work.push_back(e.get());
  };
  for (const PcPair &p : pairs) {
    if (conditions) {
      add(p.pc);
      for (const HeapFact &h : p.heap)
        add(h.pointer);
    }
    add(p.result);
    for (const ByteWrite &w : p.writes)
      add(w.value);
    for (const Allocation &a : p.allocations)
      for (const ExprRef &b : a.bytes)
        add(b);
  }
  std::unordered_set<const expr::Expr *> seen;
  while (!work.empty()) {
    const expr::Expr *e = work.back();
    work.pop_back();
    if (seen.insert(e).second)
      for (unsigned k = 0; k < e->numChildren(); ++k)
        work.push_back(e->child(k));
  }
  return seen.size();
}
} // namespace

size_t MemoTree::termNodes() const {
  if (!termNodes_)
    termNodes_ = nodesOfPairs(pairs_, /*conditions=*/true);
  return *termNodes_;
}

size_t MemoTree::effectNodes() const {
  return nodesOfPairs(pairs_, /*conditions=*/false);
}

size_t MemoTree::leafCount() const {
  size_t n = 0;
  for (const MemoNode *node : nodes_)
    n += !node->pairs.empty();
  return n;
}

size_t MemoTree::compressedNodeCount() const {
  size_t n = 0;
  for (const MemoNode *node : nodes_)
    n += !node->viaCalleeTree || !node->parent->viaCalleeTree;
  return n;
}

bool MemoTree::hasFrontier() const {
  for (const PcPair &p : pairs_)
    if (p.kind == LeafKind::Frontier)
      return true;
  return false;
}

std::vector<uint8_t>
MemoTree::liveBelow(const std::vector<uint8_t> &livePairs) const {
  std::vector<uint8_t> live(nodes_.size(), 0);
  // Children come after their parents: one pass from the back.
  for (size_t k = nodes_.size(); k-- > 0;) {
    const MemoNode *n = nodes_[k];
    for (uint32_t p : n->pairs)
      live[k] |= livePairs[p];
    if (live[k] && n->parent)
      live[n->parent->id] = 1;
  }
  return live;
}

bool MemoTree::pruneToErrors() {
  std::vector<uint8_t> isError(pairs_.size(), 0);
  for (size_t k = 0; k < pairs_.size(); ++k)
    isError[k] = pairs_[k].kind == LeafKind::Error;
  if (std::find(isError.begin(), isError.end(), 1) == isError.end())
    return false;
  if (std::find(isError.begin(), isError.end(), 0) == isError.end())
    return false; // every path is an error path: nothing to drop
  std::vector<uint8_t> keep = liveBelow(isError);
  std::vector<uint32_t> newIndex(pairs_.size(), UINT32_MAX);
  std::vector<PcPair> kept;
  for (size_t k = 0; k < pairs_.size(); ++k)
    if (isError[k]) {
      newIndex[k] = static_cast<uint32_t>(kept.size());
      kept.push_back(std::move(pairs_[k]));
    }
  pairs_ = std::move(kept);
  // Parents come first: a dropped node is never looked at once its parent
  // has erased it.
  for (size_t k = 0; k < nodes_.size(); ++k) {
    if (!keep[k])
      continue;
    MemoNode *n = nodes_[k];
    std::vector<uint32_t> ps;
    for (uint32_t p : n->pairs)
      if (newIndex[p] != UINT32_MAX)
        ps.push_back(newIndex[p]);
    n->pairs = std::move(ps);
    std::erase_if(n->children, [&](const std::unique_ptr<MemoNode> &c) {
      return !keep[c->id];
    });
  }
  // Renumber in preorder: parents keep smaller ids than their children.
  nodes_.clear();
  std::vector<MemoNode *> stack{root_};
  while (!stack.empty()) {
    MemoNode *n = stack.back();
    stack.pop_back();
    n->id = static_cast<uint32_t>(nodes_.size());
    nodes_.push_back(n);
    for (auto it = n->children.rbegin(); it != n->children.rend(); ++it)
      stack.push_back(it->get());
  }
  prunedToErrors_ = true;
  termNodes_.reset();
  return true;
}

const MemoNode *commonAncestor(const MemoNode *a, const MemoNode *b) {
  std::set<const MemoNode *> above;
  for (const MemoNode *n = a; n; n = n->parent)
    above.insert(n);
  for (const MemoNode *n = b; n; n = n->parent)
    if (above.count(n))
      return n;
  return nullptr;
}

} // namespace cosmo::summary
