//===- cosmo/support/PersistentMap.h - an ordered map shared by copies -*- C++ -*-===//
//
// An ordered map whose copies share structure: copying is O(1), and an
// update copies only the O(log n) nodes on the path to the key (a
// persistent AVL tree with the height tolerance of two of OCaml's Map).
// Nodes are reference counted; a node only one map reaches is updated in
// place. Execution states are copied at every fork and each holds maps of
// its memory objects, its inputs and its model: with std::map a fork costs
// the size of those maps, with this one it costs nothing until a side
// changes something, and then only a path (seed 004 section 4.2, KLEE's
// ImmutableMap in its AddressSpace).
//
// Not thread-safe: copies must stay on one thread (states do).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUPPORT_PERSISTENTMAP_H
#define COSMO_SUPPORT_PERSISTENTMAP_H

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace cosmo::support {

template <class K, class V, class Less = std::less<K>> class PersistentMap {
  struct Node;

  /// Counted reference to a node.
  class Ref {
  public:
    Ref() = default;
    explicit Ref(Node *n) : n_(n) { retain(); }
    Ref(const Ref &o) : n_(o.n_) { retain(); }
    Ref(Ref &&o) noexcept : n_(o.n_) { o.n_ = nullptr; }
    Ref &operator=(Ref o) noexcept {
      std::swap(n_, o.n_);
      return *this;
    }
    ~Ref() { release(); }
    Node *get() const { return n_; }
    Node *operator->() const { return n_; }
    explicit operator bool() const { return n_ != nullptr; }

  private:
    void retain() const {
      if (n_)
        ++n_->refs;
    }
    void release() {
      if (n_ && --n_->refs == 0)
        delete n_;
      n_ = nullptr;
    }
    Node *n_ = nullptr;
  };

  struct Node {
    Node(std::pair<const K, V> kv, Ref l, Ref r)
        : kv(std::move(kv)), left(std::move(l)), right(std::move(r)) {
      height = 1 + std::max(heightOf(left), heightOf(right));
    }
    std::pair<const K, V> kv;
    Ref left, right;
    uint32_t height = 1;
    uint32_t refs = 0;
    // No count of the subtree: the map keeps its size, and a node is 8
    // bytes smaller (16 in malloc's chunks for a model's or a variable
    // map's node; states hold millions).
  };

public:
  using value_type = std::pair<const K, V>;

  PersistentMap() = default;

  size_t size() const { return size_; }
  bool empty() const { return !root_; }
  void clear() {
    root_ = Ref();
    size_ = 0;
  }

  /// The value at `key`, or null.
  const V *find(const K &key) const {
    const Node *n = root_.get();
    while (n) {
      if (less_(key, n->kv.first))
        n = n->left.get();
      else if (less_(n->kv.first, key))
        n = n->right.get();
      else
        return &n->kv.second;
    }
    return nullptr;
  }
  bool contains(const K &key) const { return find(key) != nullptr; }

  /// The entry with the greatest key not above `key`, or null.
  const value_type *floor(const K &key) const {
    const Node *n = root_.get(), *best = nullptr;
    while (n) {
      if (less_(key, n->kv.first)) {
        n = n->left.get();
      } else {
        best = n;
        n = n->right.get();
      }
    }
    return best ? &best->kv : nullptr;
  }

  /// The entry with the least key above `key`, or null.
  const value_type *above(const K &key) const {
    const Node *n = root_.get(), *best = nullptr;
    while (n) {
      if (less_(key, n->kv.first)) {
        best = n;
        n = n->left.get();
      } else {
        n = n->right.get();
      }
    }
    return best ? &best->kv : nullptr;
  }

  /// Sets `key` to `value` (inserting or replacing).
  void set(const K &key, V value) {
    bool added = false;
    root_ = add(root_, key, std::move(value), added);
    size_ += added;
  }
  /// Removes `key` if present.
  void erase(const K &key) {
    if (contains(key)) {
      root_ = remove(root_, key);
      --size_;
    }
  }
  /// A writable reference to the value at `key` (null when absent): the
  /// nodes on its path that other maps share are copied first.
  V *findMutable(const K &key) { return unshare(root_, key); }

  /// In-order iteration.
  class const_iterator {
  public:
    using value_type = PersistentMap::value_type;
    using reference = const value_type &;
    using pointer = const value_type *;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    const_iterator() = default;
    reference operator*() const { return stack_.back()->kv; }
    pointer operator->() const { return &stack_.back()->kv; }
    const_iterator &operator++() {
      const Node *n = stack_.back();
      stack_.pop_back();
      pushLeftSpine(n->right.get());
      return *this;
    }
    bool operator==(const const_iterator &o) const {
      return stack_.empty() ? o.stack_.empty()
                            : !o.stack_.empty() && stack_.back() == o.stack_.back();
    }
    bool operator!=(const const_iterator &o) const { return !(*this == o); }

  private:
    friend class PersistentMap;
    void pushLeftSpine(const Node *n) {
      for (; n; n = n->left.get())
        stack_.push_back(n);
    }
    std::vector<const Node *> stack_;
  };

  const_iterator begin() const {
    const_iterator it;
    it.pushLeftSpine(root_.get());
    return it;
  }
  const_iterator end() const { return const_iterator(); }

  /// Whether two maps are the same tree (cheap; false does not mean they
  /// differ).
  bool sharesRootWith(const PersistentMap &o) const {
    return root_.get() == o.root_.get();
  }

private:
  static uint32_t heightOf(const Ref &r) { return r ? r->height : 0; }

  static Ref make(const K &k, V v, Ref l, Ref r) {
    return Ref(new Node(value_type(k, std::move(v)), std::move(l),
                        std::move(r)));
  }

  // Rebuilds a node whose subtrees' heights differ by at most three.
  static Ref balance(const K &k, V v, Ref l, Ref r) {
    uint32_t hl = heightOf(l), hr = heightOf(r);
    if (hl > hr + 2) {
      const Node *ln = l.get();
      if (heightOf(ln->left) >= heightOf(ln->right))
        return make(ln->kv.first, ln->kv.second, ln->left,
                    make(k, std::move(v), ln->right, std::move(r)));
      const Node *lr = ln->right.get();
      return make(lr->kv.first, lr->kv.second,
                  make(ln->kv.first, ln->kv.second, ln->left, lr->left),
                  make(k, std::move(v), lr->right, std::move(r)));
    }
    if (hr > hl + 2) {
      const Node *rn = r.get();
      if (heightOf(rn->right) >= heightOf(rn->left))
        return make(rn->kv.first, rn->kv.second,
                    make(k, std::move(v), std::move(l), rn->left), rn->right);
      const Node *rl = rn->left.get();
      return make(rl->kv.first, rl->kv.second,
                  make(k, std::move(v), std::move(l), rl->left),
                  make(rn->kv.first, rn->kv.second, rl->right, rn->right));
    }
    return make(k, std::move(v), std::move(l), std::move(r));
  }

  /// `added`: set when `key` was absent.
  Ref add(const Ref &t, const K &key, V value, bool &added) const {
    if (!t) {
      added = true;
      return make(key, std::move(value), Ref(), Ref());
    }
    const Node *n = t.get();
    if (less_(key, n->kv.first))
      return balance(n->kv.first, n->kv.second,
                     add(n->left, key, std::move(value), added), n->right);
    if (less_(n->kv.first, key))
      return balance(n->kv.first, n->kv.second, n->left,
                     add(n->right, key, std::move(value), added));
    return make(key, std::move(value), n->left, n->right);
  }

  static Ref removeMin(const Ref &t) {
    const Node *n = t.get();
    if (!n->left)
      return n->right;
    return balance(n->kv.first, n->kv.second, removeMin(n->left), n->right);
  }
  static Ref join(const Ref &l, const Ref &r) {
    if (!l)
      return r;
    if (!r)
      return l;
    const Node *m = r.get();
    while (m->left)
      m = m->left.get();
    return balance(m->kv.first, m->kv.second, l, removeMin(r));
  }
  Ref remove(const Ref &t, const K &key) const {
    const Node *n = t.get();
    assert(n && "remove of an absent key");
    if (less_(key, n->kv.first))
      return balance(n->kv.first, n->kv.second, remove(n->left, key),
                     n->right);
    if (less_(n->kv.first, key))
      return balance(n->kv.first, n->kv.second, n->left,
                     remove(n->right, key));
    return join(n->left, n->right);
  }

  V *unshare(Ref &slot, const K &key) {
    for (Ref *at = &slot; *at;) {
      if (at->get()->refs > 1) {
        const Node *n = at->get();
        *at = Ref(new Node(n->kv, n->left, n->right));
      }
      Node *n = at->get();
      if (less_(key, n->kv.first))
        at = &n->left;
      else if (less_(n->kv.first, key))
        at = &n->right;
      else
        return &n->kv.second;
    }
    return nullptr;
  }

  Ref root_;
  size_t size_ = 0;
  [[no_unique_address]] Less less_;
};

} // namespace cosmo::support

#endif // COSMO_SUPPORT_PERSISTENTMAP_H
