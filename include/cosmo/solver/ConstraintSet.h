//===- cosmo/solver/ConstraintSet.h - a path condition ----------*- C++ -*-===//
//
// The constraints of one path, in the order they were added, partitioned
// into independent sets (seed 004 section 3): two constraints are in one set
// when they share a variable, directly or through other constraints. The
// partition is a union-find over variables kept up to date by `add` (as in
// EXE and V#), never recomputed from scratch, so asking which constraints
// matter for a new condition costs the size of the answer.
//
// Memory that may overlap is one variable: an object's bytes behind a
// symbolic offset are one array term (or an ite over all its byte
// variables), and seed 001's LI cells read one lane array per byte. So two
// reads through possibly aliased locations always share a variable and
// land in one set (seed 004 section 3.2), while distinct allocations, which
// never alias, stay apart.
//
// Copies share everything (persistent maps and logs): forking a state
// costs O(1), and a constraint added to one copy costs O(log n) new nodes,
// whatever the number of constraints and variables (a path through an
// unbounded loop gathers thousands). `list()` is a flat copy made on
// demand and extended while the set grows; a copy starts without one, and
// `releaseList()` drops it from a state that waits.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_CONSTRAINTSET_H
#define COSMO_SOLVER_CONSTRAINTSET_H

#include "cosmo/expr/ExprContext.h"
#include "cosmo/support/PersistentLog.h"
#include "cosmo/support/PersistentMap.h"

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

namespace cosmo::solver {

using expr::ExprRef;

class ConstraintSet {
public:
  /// Constraints and the variables they mention.
  struct IndependentSet {
    std::vector<ExprRef> constraints;
    std::vector<ExprRef> vars;
  };

  /// Without `trackIndependence` the set is a plain list (the partition is
  /// not maintained; `relevantTo` returns everything).
  explicit ConstraintSet(bool trackIndependence = true)
      : track_(trackIndependence) {}
  ConstraintSet(const ConstraintSet &o);
  ConstraintSet &operator=(const ConstraintSet &o);
  ConstraintSet(ConstraintSet &&) noexcept = default;
  ConstraintSet &operator=(ConstraintSet &&) noexcept = default;

  /// Adds `c` (a Bool term). `true` is dropped.
  void add(const ExprRef &c);

  /// The constraints in the order they were added (valid until the next
  /// add or releaseList).
  std::span<const ExprRef> list() const;
  /// Frees the flat copy `list()` keeps (it is rebuilt when asked for).
  void releaseList() const { flat_.reset(); }
  size_t size() const { return log_.size(); }
  bool empty() const { return log_.empty(); }
  bool tracksIndependence() const { return track_; }

  /// The union of the sets that contain one of `vars`: the only
  /// constraints a new condition over `vars` depends on.
  IndependentSet relevantTo(std::span<const ExprRef> vars) const;

  /// The independent sets, leaving out those that contain one of
  /// `skipVars` (with tracking off: one set holding everything, or nothing
  /// if it contains one of `skipVars`).
  std::vector<IndependentSet>
  independentSets(std::span<const ExprRef> skipVars = {}) const;
  size_t numIndependentSets() const;

  /// Variables these constraints fix to one value: every model of the set
  /// agrees on them (seed 004 section 4.2, SCSE's state concretization; the
  /// model-reuse layer finds them). A recorded fact is implied by the
  /// constraints rather than added to them, so recording is const; it
  /// stays true as constraints are added, and copies keep what was found
  /// before they were made.
  bool fixesAll(std::span<const ExprRef> vars) const;
  void recordFixed(std::span<const ExprRef> vars) const;
  /// When to look for fixed variables (ModelReusingSolver): the forced
  /// branches seen since the set last grew, and the size at which a search
  /// last failed (it fails again until the set grows).
  struct FixingSchedule {
    size_t size = 0;
    unsigned forced = 0;
    size_t failedAt = SIZE_MAX;
  };
  FixingSchedule &fixingSchedule() const { return schedule_; }

private:
  /// One independent set, sharing its lists with copies.
  struct Group {
    support::PersistentLog<ExprRef> constraints;
    support::PersistentLog<ExprRef> vars;
  };
  /// Everything as one set (tracking off).
  IndependentSet whole() const;
  IndependentSet flatten(const Group &g) const;
  std::vector<uint32_t> slotsOf(std::span<const ExprRef> vars) const;

  bool track_;
  support::PersistentLog<ExprRef> log_;
  // Groups by slot; slots are never reused.
  support::PersistentMap<uint32_t, Group> groups_;
  uint32_t nextSlot_ = 0;
  support::PersistentMap<const expr::Expr *, uint32_t> slotOf_; // var -> group
  mutable std::unique_ptr<std::vector<ExprRef>> flat_; // list(), not copied
  // Sorted; shared between copies, replaced (not changed) when one grows.
  mutable std::shared_ptr<const std::vector<const expr::Expr *>> fixed_;
  mutable FixingSchedule schedule_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_CONSTRAINTSET_H
