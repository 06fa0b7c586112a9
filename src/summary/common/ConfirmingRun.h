//===- ConfirmingRun.h - an error confirmed by a run on inputs --*- C++ -*-===//
//
// An error found through an over-approximation -- a loop's recursive state
// (seed 001 §5-7), a loop invariant or a callee's contract (seed 003) --
// may not be reachable. Both strategies claim it only when a run shows it:
// the program from its entry, with its inputs pinned to the values of a
// model of the error's path, loops run and calls made. What that run finds
// it reports itself, with its own inputs, as any run does.
//
// The strategies differ in what they pin, so the run is told: scalar
// inputs by name (and, for a loop body's inputs, by a key that is the
// same in every iteration), memory inputs byte by byte, input arrays
// element by element up to a bound.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_COMMON_CONFIRMINGRUN_H
#define COSMO_SUMMARY_COMMON_CONFIRMINGRUN_H

#include "cosmo/engine/Executor.h"

#include <functional>
#include <map>
#include <set>
#include <string>

namespace cosmo::summary {

/// Runs that did not reach their error, each with how it pinned every input
/// it made: a later run that would pin those alike runs the same way, and
/// is not run again (an analysis' error candidates past the same loops
/// mostly get models that pin the same inputs, or none).
class FruitlessRuns {
public:
  struct Run {
    engine::ErrorKind kind;
    engine::SourceLocation where;
    double seconds = 0;
    size_t maxStates = 0;
    bool zeroTheRest = false;
    std::vector<expr::ExprRef> constraints;
    /// Each input the run made, and its pinned value (null: symbolic).
    std::vector<std::pair<expr::ExprRef, expr::ExprRef>> inputs;
    bool forkedPastItsStates = false;
  };
  std::vector<Run> runs;
  uint64_t skipped = 0; ///< runs not run again
};

class ConfirmingRun {
public:
  /// A run named `what` (its bounds' name) of at most `seconds` (and the
  /// analysis' time left) and `maxStates` states.
  ConfirmingRun(engine::Executor &x, std::string what, double seconds,
                size_t maxStates);

  /// Scalar inputs take `model`'s value of the variable of their name
  /// when `pin` says so (every one when it is empty); `key`, when given,
  /// also pins an input whose key (of its name) is that of a model
  /// variable named with a prefix (made in an isolated run: an input a
  /// loop body made, which then takes the same value in every iteration).
  ConfirmingRun &pinScalars(const expr::Assignment &model,
                            const std::function<bool(const expr::ExprRef &)> &pin,
                            std::function<std::string(const std::string &)>
                                key = nullptr);
  /// The byte variables (memory inputs) `pin` says so take `model`'s
  /// values: the run's memory inputs are named alike up to where the
  /// path left the program's run.
  ConfirmingRun &pinBytes(const expr::Assignment &model,
                          const std::function<bool(const expr::ExprRef &)> &pin);
  /// Input arrays named in `names` take `model`'s elements (at most
  /// `maxElements`), then its default at the first `defaultElements`
  /// indices it does not name.
  ConfirmingRun &pinArrays(const expr::Assignment &model,
                           const std::set<std::string> &names,
                           size_t maxElements, uint64_t defaultElements);
  /// The initial state keeps `model` as its model (with model reuse: its
  /// first queries are answered by it).
  ConfirmingRun &startWithModel(solver::Model model);
  /// Paths that do not end in an error end silently (not counted, no
  /// test).
  ConfirmingRun &onlyErrors();
  /// Scalar inputs no pin names are 0 (false), not symbolic: the run
  /// forks only on what the pinned model leaves open in memory.
  ConfirmingRun &zeroTheRest();

  /// A run that pins its inputs as one of `runs` did, for the same error
  /// and bounds, is not run: it does not reach the error. One that does
  /// not reach it (in its whole time) joins them.
  ConfirmingRun &skippingAlike(FruitlessRuns *runs);

  /// Runs the program from its entry with `hooks` after the run's own;
  /// whether it reported a `kind` error at `where`.
  bool reaches(engine::ErrorKind kind, const engine::SourceLocation &where,
               std::vector<engine::ExecutionHooks *> hooks = {});
  /// Whether the last run ended at its bound of paths open at once: it
  /// forked on inputs its pins leave open, so zeroTheRest may get further.
  bool forkedPastItsStates() const { return forkedPastItsStates_; }

private:
  engine::Executor &x_;
  std::string what_;
  double seconds_;
  size_t maxStates_;
  std::map<std::string, expr::ExprRef> byName_, byKey_;
  std::function<std::string(const std::string &)> key_;
  std::vector<expr::ExprRef> constraints_; ///< on the initial state
  solver::Model startModel_;
  bool onlyErrors_ = false;
  bool zeroTheRest_ = false;
  bool forkedPastItsStates_ = false;
  FruitlessRuns *fruitless_ = nullptr;

  /// The value the run gives input `var`: its pin, else 0 (false) with
  /// zeroTheRest, else null (symbolic).
  expr::ExprRef pinOf(const expr::ExprRef &var) const;
  /// A run of `fruitless_` this one would repeat.
  const FruitlessRuns::Run *alike(engine::ErrorKind kind,
                                  const engine::SourceLocation &where) const;
};

/// Where the error of a path end is reported: the first location of its
/// stack, else where `s` is.
engine::SourceLocation errorLocation(engine::Executor &x,
                                     const engine::ExecutionState &s,
                                     const engine::PathEnd &end);

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_COMMON_CONFIRMINGRUN_H
