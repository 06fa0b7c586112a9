//===- CandidateDecider.h - errors past recursive states --------*- C++ -*-===//
//
// An error reached on a path past a summarised loop (a Rec atom) or a
// summarised recursive call (a Sum atom) is a candidate: that path is an
// over-approximation. One decider settles the candidates of a run, whichever
// kind of atom they passed (LoopSummarizer.h, steps 1-2): runs on the
// inputs of models, then the Horn system of the path's atoms (seed 001 §7,
// theorems 18-19), then unrolling from the first arrival on the path.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_CANDIDATEDECIDER_H
#define COSMO_SUMMARY_CANDIDATEDECIDER_H

#include "loops/LoopInstance.h"

namespace cosmo::summary {

class CandidateDecider {
public:
  /// `enclosing`: the isolated run of the loop body the candidates arise
  /// in (null in the program's run).
  CandidateDecider(Executor &x, LoopRegistry &registry,
                   LoopBodyRun *enclosing)
      : x_(x), registry_(registry), enclosing_(enclosing) {}

  /// Ends `s`, a path past atoms: an error is a candidate (decided now);
  /// a completed path is counted but not reported (its test would be the
  /// over-approximation's); an infeasible one ends quietly. False (the
  /// core ends it) for a cut.
  bool takePath(ExecutionState &s, const engine::PathEnd &end);
  /// Decides a candidate: reported when reachable, a note when undecided.
  /// In a body's run, one not refuted goes to the enclosing loop's run,
  /// whose Rec atom may exclude it once that loop's body is complete.
  void decide(LoopCandidate candidate);
  /// The Horn solver's answer to `q` within --horn-timeout times `scale`
  /// and the run's time left (counted).
  solver::HornAnswer solve(const HornQuestion &q, double scale = 1);
  /// Whether `a` refutes `q` (counted; its invariants recorded when `q`
  /// is exact).
  bool refutes(const HornQuestion &q, const solver::HornAnswer &a);
  /// While the decider reports an error itself: the hooks let that path
  /// end as any error does.
  bool reporting() const { return reporting_; }

private:
  /// Whether a run on inputs that make a loop parameter on the
  /// candidate's path as large or as small as its path allows reaches its
  /// error (the first kExtremeParams parameters).
  bool confirmByExtremeParams(LoopCandidate &candidate);
  /// The invariants of a Horn answer that refuted a candidate, into the
  /// run's summary (each loop and text once).
  void recordInvariants(const HornQuestion &q, const solver::HornAnswer &a);
  /// An undecided candidate of the program's run, or a path of it cut past
  /// a loop whose nodes are a region: unrolls the first loop
  /// (else the first summarised call) on its path from its arrival
  /// instead; false when there is none.
  bool unrollInstead(const ExecutionState &s);
  /// Whether `s` is past a summarised loop whose nodes are a region (one
  /// that makes nodes: unrolled, it makes as many as the inputs say).
  bool pastNodeRegion(const ExecutionState &s) const;
  /// Seconds a question asked with `scale` times --horn-timeout gets:
  /// at most the run's time left (half of it when `scale` > 1 in a run
  /// with a time limit).
  double budget(double scale) const;
  /// The answer to `q` about `c`: in the program's run, past a loop that
  /// makes the nodes of a region, asked with
  /// SummaryOptions::nodeLoopHornScale times --horn-timeout.
  solver::HornAnswer ask(const LoopCandidate &c, const HornQuestion &q);
  /// Reports `c`'s error (with `exact` as its model, when given).
  void report(LoopCandidate &c, solver::Model exact = nullptr);

  Executor &x_;
  LoopRegistry &registry_;
  LoopBodyRun *enclosing_;
  bool reporting_ = false;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_CANDIDATEDECIDER_H
