//===- ChunkedVector.h - a vector whose copies share chunks -----*- C++ -*-===//
//
// A fixed-size vector stored as chunks of N elements (the last one of what
// is left) that copies share until one of them writes: a copy costs a
// table of chunk pointers, and a write after it copies one chunk. States forked at every step each keep
// their registers and their objects' bytes this way: a large object
// written after a fork costs one chunk, not the whole object.
//
// Elements never written read as T's default value (a chunk is made at
// its first write). Not thread-safe: copies live on one thread.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUPPORT_CHUNKEDVECTOR_H
#define COSMO_SUPPORT_CHUNKEDVECTOR_H

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

namespace cosmo::support {

template <typename T, size_t N> class ChunkedVector {
public:
  static constexpr size_t kChunk = N;

  ChunkedVector() = default;
  explicit ChunkedVector(uint64_t size)
      : size_(size), chunks_((size + N - 1) / N) {}

  uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  const T &operator[](uint64_t i) const {
    assert(i < size_);
    const T *c = chunks_[i / N].get();
    return c ? c[i % N] : unset();
  }
  void set(uint64_t i, T value) {
    assert(i < size_);
    writable(i / N)[i % N] = std::move(value);
  }
  /// Every element back to T's default value.
  void clear() {
    for (std::shared_ptr<T[]> &c : chunks_)
      c.reset();
  }
  /// Whether element `i`'s chunk is the one `o` has there: then the two
  /// agree on all of that chunk's elements.
  bool sharesChunkWith(const ChunkedVector &o, uint64_t i) const {
    return i / N < o.chunks_.size() &&
           chunks_[i / N] == o.chunks_[i / N];
  }

private:
  static const T &unset() {
    static const T none{};
    return none;
  }
  /// Chunk `c`'s elements: N, but only as many as are left for the last
  /// (a vector smaller than N, a 16-byte object's bytes, takes no more).
  uint64_t lengthOf(uint64_t c) const {
    return std::min<uint64_t>(N, size_ - c * N);
  }
  T *writable(uint64_t c) {
    std::shared_ptr<T[]> &p = chunks_[c];
    if (!p) {
      p = std::make_shared<T[]>(lengthOf(c));
    } else if (p.use_count() > 1) {
      std::shared_ptr<T[]> copy = std::make_shared<T[]>(lengthOf(c));
      std::copy(p.get(), p.get() + lengthOf(c), copy.get());
      p = std::move(copy);
    }
    return p.get();
  }

  uint64_t size_ = 0;
  std::vector<std::shared_ptr<T[]>> chunks_;
};

} // namespace cosmo::support

#endif // COSMO_SUPPORT_CHUNKEDVECTOR_H
