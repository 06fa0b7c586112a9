//===- cosmo/support/PersistentLog.h - an append-only sequence shared by copies -*- C++ -*-===//
//
// A sequence that only grows at its end, whose copies share their elements
// (a PersistentMap from position to element): copying is O(1), appending
// and indexing O(log n). An execution state's inputs are one, and the
// loops and calls its path summarised: every fork copies them, few forks
// add one. Elements are held by shared pointer, so
// the nodes an append copies do not copy elements.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUPPORT_PERSISTENTLOG_H
#define COSMO_SUPPORT_PERSISTENTLOG_H

#include "cosmo/support/PersistentMap.h"

#include <algorithm>
#include <cassert>
#include <memory>
#include <vector>

namespace cosmo::support {

template <class T> class PersistentLog {
  using Map = PersistentMap<size_t, std::shared_ptr<const T>>;

public:
  void push_back(T value) {
    items_.set(items_.size(), std::make_shared<const T>(std::move(value)));
  }
  /// Element `k` becomes `value` in this log only (its copies keep theirs).
  void replace(size_t k, T value) {
    assert(k < size() && "index out of range");
    items_.set(k, std::make_shared<const T>(std::move(value)));
  }
  size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  const T &operator[](size_t k) const {
    const std::shared_ptr<const T> *v = items_.find(k);
    assert(v && "index out of range");
    return **v;
  }
  const T &back() const { return (*this)[size() - 1]; }

  class const_iterator {
  public:
    using value_type = T;
    using reference = const T &;
    using pointer = const T *;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;
    const_iterator() = default;
    explicit const_iterator(typename Map::const_iterator it) : it_(it) {}
    reference operator*() const { return *it_->second; }
    pointer operator->() const { return it_->second.get(); }
    const_iterator &operator++() {
      ++it_;
      return *this;
    }
    bool operator==(const const_iterator &o) const { return it_ == o.it_; }
    bool operator!=(const const_iterator &o) const { return it_ != o.it_; }

  private:
    typename Map::const_iterator it_;
  };
  /// The elements in order, as a vector.
  std::vector<T> toVector() const {
    std::vector<T> out;
    out.reserve(size());
    for (const T &v : *this)
      out.push_back(v);
    return out;
  }
  /// Appends the elements to `out`.
  void appendTo(std::vector<T> &out) const {
    out.reserve(out.size() + size());
    for (const T &v : *this)
      out.push_back(v);
  }

  /// Appends the elements from position `from` on to `out` (a vector or
  /// another log): what a path added since some earlier point.
  template <class Out> void appendFrom(size_t from, Out &out) const {
    size_t k = 0;
    for (const T &v : *this)
      if (k++ >= from)
        out.push_back(v);
  }
  /// The same elements in the same order.
  bool operator==(const PersistentLog &o) const {
    return size() == o.size() && std::equal(begin(), end(), o.begin());
  }

  const_iterator begin() const { return const_iterator(items_.begin()); }
  const_iterator end() const { return const_iterator(items_.end()); }

private:
  Map items_;
};

} // namespace cosmo::support

#endif // COSMO_SUPPORT_PERSISTENTLOG_H
