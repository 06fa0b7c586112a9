//===- StatePool.h - the live states of an exploration ----------*- C++ -*-===//
//
// Owns the states of one exploration. Adding and removing a state cost
// O(1) whatever the number of states (a run can hold tens of thousands):
// a vector with swap-removal and an index from state to slot. Iteration
// order is deterministic (it depends only on the sequence of operations).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_STATEPOOL_H
#define COSMO_ENGINE_STATEPOOL_H

#include "cosmo/engine/ExecutionState.h"

#include <cassert>
#include <memory>
#include <unordered_map>
#include <vector>

namespace cosmo::engine {

class StatePool {
public:
  using Storage = std::vector<std::unique_ptr<ExecutionState>>;

  void push_back(std::unique_ptr<ExecutionState> s) {
    slot_[s.get()] = states_.size();
    states_.push_back(std::move(s));
  }
  /// Destroys `s`, which must be in the pool.
  void erase(ExecutionState *s) {
    auto it = slot_.find(s);
    assert(it != slot_.end() && "erasing a state the pool does not own");
    size_t k = it->second;
    slot_.erase(it);
    if (k + 1 != states_.size()) {
      states_[k] = std::move(states_.back());
      slot_[states_[k].get()] = k;
    }
    states_.pop_back();
  }
  bool contains(const ExecutionState *s) const {
    return slot_.count(const_cast<ExecutionState *>(s)) != 0;
  }
  size_t size() const { return states_.size(); }
  bool empty() const { return states_.empty(); }
  void clear() {
    states_.clear();
    slot_.clear();
  }
  Storage::iterator begin() { return states_.begin(); }
  Storage::iterator end() { return states_.end(); }
  Storage::const_iterator begin() const { return states_.begin(); }
  Storage::const_iterator end() const { return states_.end(); }

private:
  Storage states_;
  std::unordered_map<ExecutionState *, size_t> slot_;
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_STATEPOOL_H
