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
// Sets are shared copy-on-write between copies, so forking a state does not
// copy them; the first constraint added to a shared set after a fork does.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_CONSTRAINTSET_H
#define COSMO_SOLVER_CONSTRAINTSET_H

#include "cosmo/expr/ExprContext.h"

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

  /// Adds `c` (a Bool term). `true` is dropped.
  void add(const ExprRef &c);

  std::span<const ExprRef> list() const { return list_; }
  size_t size() const { return list_.size(); }
  bool empty() const { return list_.empty(); }
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
  using Group = IndependentSet;
  using GroupRef = std::shared_ptr<Group>;

  Group &mutableGroup(uint32_t slot);
  /// Everything as one set (tracking off).
  IndependentSet whole() const;
  std::vector<uint32_t> slotsOf(std::span<const ExprRef> vars) const;

  bool track_;
  std::vector<ExprRef> list_;
  std::vector<GroupRef> groups_; // null: slot merged away, reusable
  std::vector<uint32_t> freeSlots_;
  std::unordered_map<const expr::Expr *, uint32_t> slotOf_; // var -> group
  // Sorted; shared between copies, replaced (not changed) when one grows.
  mutable std::shared_ptr<const std::vector<const expr::Expr *>> fixed_;
  mutable FixingSchedule schedule_;
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_CONSTRAINTSET_H
