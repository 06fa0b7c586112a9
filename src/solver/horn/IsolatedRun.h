//===- IsolatedRun.h - a computation in a child process ---------*- C++ -*-===//
//
// Z3 4.8.12's Spacer crashes on some systems over arrays with quantified
// lemmas (a segmentation fault inside Z3_fixedpoint_query, met here on a
// loop that copies one array into another; Z3's own tracker has reports of
// the kind). A crash there must not end cosmo's run: the Horn questions that
// may meet it are asked in a forked copy of the process, whose death is an
// answer (unknown, with the signal). Internal to the solver layer.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_ISOLATEDRUN_H
#define COSMO_SOLVER_ISOLATEDRUN_H

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace cosmo::solver {

struct IsolatedResult {
  /// What `work` returned in the child; none when it did not return (a
  /// crash, a kill at the deadline) or no child could be made.
  std::optional<std::string> output;
  /// No child could be made (fork failed): the caller may run `work`
  /// itself.
  bool notIsolated = false;
  /// Why there is no output.
  std::string failure;
};

/// Runs `work` in a forked child and returns what it returned. The child
/// must end by `deadline` (its own watchdogs see to it): a second past
/// it, it is killed.
IsolatedResult runIsolated(const std::function<std::string()> &work,
                           std::chrono::steady_clock::time_point deadline);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_ISOLATEDRUN_H
