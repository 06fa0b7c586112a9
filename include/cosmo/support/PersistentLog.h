//===- cosmo/support/PersistentLog.h - an append-only sequence shared by copies -*- C++ -*-===//
//
// A sequence that only grows at its end, whose copies share their elements:
// a list of immutable nodes from the last element back to the first, each
// node counted by the nodes and logs that reach it. Copying is O(1); an
// append allocates one node and copies nothing, whoever else holds the
// log; indexing is O(log n) through each node's jump pointer to an earlier
// node (Myers' applicative random-access stacks: the jumps skip in
// skew-binary steps). Forward iteration walks the nodes once backwards.
//
// Execution states hold logs -- their inputs, the constraints of their
// path and of its independent sets, the loops and calls it summarised --
// and every fork copies them. A balanced tree of positions cost an append
// the copy of its O(log n) path, several nodes of 64 bytes, on each side
// of every fork: most of a waiting state's memory on list programs.
//
// Not thread-safe: copies must stay on one thread (states do).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUPPORT_PERSISTENTLOG_H
#define COSMO_SUPPORT_PERSISTENTLOG_H

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

namespace cosmo::support {

template <class T> class PersistentLog {
  struct Node {
    Node(T v, Node *prev) : value(std::move(v)), prev(prev) {
      size = prev ? prev->size + 1 : 1;
      // A skew-binary jump: two equal steps behind the parent become one.
      const Node *j = prev ? prev->jump : nullptr;
      const Node *jj = j ? j->jump : nullptr;
      jump = prev && sizeOf(prev) - sizeOf(j) == sizeOf(j) - sizeOf(jj) ? jj
                                                                       : prev;
    }
    T value;
    Node *prev;       ///< counted
    const Node *jump; ///< an earlier node, kept alive through `prev`
    uint32_t size;    ///< position + 1
    uint32_t refs = 1;
  };
  static size_t sizeOf(const Node *n) { return n ? n->size : 0; }
  static void retain(Node *n) {
    if (n)
      ++n->refs;
  }
  /// Frees the nodes no one else reaches, one by one: a recursive release
  /// of a long log would exhaust the stack.
  static void release(Node *n) {
    while (n && --n->refs == 0) {
      Node *prev = n->prev;
      delete n;
      n = prev;
    }
  }
  /// The node at position `k`.
  const Node *nodeAt(size_t k) const {
    assert(k < size() && "index out of range");
    const Node *n = last_;
    while (n->size != k + 1)
      n = n->jump && n->jump->size >= k + 1 ? n->jump : n->prev;
    return n;
  }
  /// The nodes from position `from` on, first to last.
  std::vector<const Node *> nodesFrom(size_t from) const {
    std::vector<const Node *> nodes(size() > from ? size() - from : 0);
    const Node *n = last_;
    for (size_t k = nodes.size(); k-- > 0; n = n->prev)
      nodes[k] = n;
    return nodes;
  }

public:
  PersistentLog() = default;
  PersistentLog(const PersistentLog &o) : last_(o.last_) { retain(last_); }
  PersistentLog(PersistentLog &&o) noexcept : last_(o.last_) {
    o.last_ = nullptr;
  }
  PersistentLog &operator=(PersistentLog o) noexcept {
    std::swap(last_, o.last_);
    return *this;
  }
  ~PersistentLog() { release(last_); }

  void push_back(T value) {
    // The log's reference to its last node passes to the new node.
    last_ = new Node(std::move(value), last_);
  }
  /// Element `k` becomes `value` in this log only (its copies keep theirs):
  /// the nodes from `k` on are made again.
  void replace(size_t k, T value) {
    std::vector<const Node *> later = nodesFrom(k + 1);
    Node *kept = const_cast<Node *>(nodeAt(k))->prev;
    retain(kept);
    PersistentLog out;
    out.last_ = kept;
    out.push_back(std::move(value));
    for (const Node *n : later)
      out.push_back(n->value);
    *this = std::move(out);
  }
  size_t size() const { return sizeOf(last_); }
  bool empty() const { return !last_; }
  const T &operator[](size_t k) const { return nodeAt(k)->value; }
  const T &back() const {
    assert(last_ && "back() of an empty log");
    return last_->value;
  }

  /// Iterates over a snapshot of the nodes, taken at begin().
  class const_iterator {
  public:
    using value_type = T;
    using reference = const T &;
    using pointer = const T *;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    const_iterator() = default;
    reference operator*() const { return (*nodes_)[k_]->value; }
    pointer operator->() const { return &(*nodes_)[k_]->value; }
    const_iterator &operator++() {
      ++k_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator old = *this;
      ++k_;
      return old;
    }
    bool operator==(const const_iterator &o) const { return k_ == o.k_; }
    bool operator!=(const const_iterator &o) const { return k_ != o.k_; }

  private:
    friend class PersistentLog;
    const_iterator(std::shared_ptr<const std::vector<const Node *>> nodes,
                   size_t k)
        : nodes_(std::move(nodes)), k_(k) {}
    std::shared_ptr<const std::vector<const Node *>> nodes_;
    size_t k_ = 0;
  };
  const_iterator begin() const {
    if (!last_)
      return end();
    return const_iterator(
        std::make_shared<const std::vector<const Node *>>(nodesFrom(0)), 0);
  }
  const_iterator end() const { return const_iterator(nullptr, size()); }

  /// The elements in order, as a vector.
  std::vector<T> toVector() const {
    std::vector<T> out;
    appendTo(out);
    return out;
  }
  /// Appends the elements to `out`.
  void appendTo(std::vector<T> &out) const { appendFrom(0, out); }
  /// Appends the elements from position `from` on to `out` (a vector or
  /// another log): what a path added since some earlier point.
  template <class Out> void appendFrom(size_t from, Out &out) const {
    size_t count = size() > from ? size() - from : 0;
    if constexpr (std::is_same_v<Out, std::vector<T>> &&
                  std::is_default_constructible_v<T>) {
      // The nodes lie far apart in memory and a walk waits for each: eight
      // stretches, their ends found through the jumps, are walked back
      // side by side so that their loads overlap.
      size_t base = out.size();
      out.resize(base + count);
      constexpr size_t kWalks = 8;
      size_t stretch = (count + kWalks - 1) / kWalks;
      const Node *at[kWalks] = {};
      size_t next[kWalks] = {}, left[kWalks] = {};
      for (size_t w = 0; w < kWalks; ++w) {
        size_t lo = w * stretch, hi = std::min(count, lo + stretch);
        if (lo >= hi)
          break;
        at[w] = hi == count ? last_ : nodeAt(from + hi - 1);
        next[w] = base + hi - 1;
        left[w] = hi - lo;
      }
      for (size_t round = 0; round < stretch; ++round)
        for (size_t w = 0; w < kWalks; ++w)
          if (left[w]) {
            out[next[w]--] = at[w]->value;
            at[w] = at[w]->prev;
            --left[w];
          }
    } else {
      for (const Node *n : nodesFrom(from))
        out.push_back(n->value);
    }
  }
  /// The same elements in the same order.
  bool operator==(const PersistentLog &o) const {
    if (size() != o.size())
      return false;
    for (const Node *a = last_, *b = o.last_; a != b; a = a->prev, b = b->prev)
      if (!(a->value == b->value))
        return false;
    return true;
  }

private:
  Node *last_ = nullptr;
};

} // namespace cosmo::support

#endif // COSMO_SUPPORT_PERSISTENTLOG_H
