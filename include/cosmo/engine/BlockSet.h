//===- BlockSet.h - a set of basic blocks, cheap to re-insert ---*- C++ -*-===//
//
// Coverage is noted at every block entry, so inserting a block already in
// the set must cost next to nothing: a small direct-mapped cache of blocks
// known to be members answers most inserts without hashing. The set only
// grows; copying or assigning it empties the cache, which is therefore
// never stale.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_BLOCKSET_H
#define COSMO_ENGINE_BLOCKSET_H

#include <llvm/IR/BasicBlock.h>

#include <array>
#include <cstdint>
#include <unordered_set>

namespace cosmo::engine {

class BlockSet {
public:
  using Set = std::unordered_set<const llvm::BasicBlock *>;

  BlockSet() = default;
  BlockSet(const BlockSet &o) : set_(o.set_) {}
  BlockSet(BlockSet &&o) noexcept : set_(std::move(o.set_)) { o.forget(); }
  BlockSet &operator=(const BlockSet &o) {
    set_ = o.set_;
    forget();
    return *this;
  }
  BlockSet &operator=(BlockSet &&o) noexcept {
    set_ = std::move(o.set_);
    forget();
    o.forget();
    return *this;
  }

  /// Whether `b` is new to the set.
  bool insert(const llvm::BasicBlock *b) {
    const llvm::BasicBlock *&known = recent_[slotOf(b)];
    if (known == b)
      return false;
    known = b;
    return set_.insert(b).second;
  }
  size_t count(const llvm::BasicBlock *b) const {
    return recent_[slotOf(b)] == b ? 1 : set_.count(b);
  }
  size_t size() const { return set_.size(); }
  Set::const_iterator begin() const { return set_.begin(); }
  Set::const_iterator end() const { return set_.end(); }

private:
  static size_t slotOf(const llvm::BasicBlock *b) {
    auto p = reinterpret_cast<uintptr_t>(b);
    return (p >> 4 ^ p >> 10) % kCache;
  }
  void forget() { recent_.fill(nullptr); }

  static constexpr size_t kCache = 64;
  Set set_;
  std::array<const llvm::BasicBlock *, kCache> recent_{};
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_BLOCKSET_H
