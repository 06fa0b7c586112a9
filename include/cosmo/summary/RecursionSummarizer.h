//===- cosmo/summary/RecursionSummarizer.h - calls as states ---*- C++ -*-===//
//
// Seed 000 section 2 treats recursion exactly like loops: a call of a
// function of a recursive vertex of the call graph (a cycle of direct
// calls) whose unrolling depends on the inputs becomes the atom
// Sum(f)(args, globals, result, changes) of a relation over f's
// parameters, the integer globals its cycle reads and writes, and its
// result. Sum(f) is closed under recursion: each body of the cycle is
// explored once, in isolation, each call in it of a function of the cycle
// an atom, each return path a Horn clause (RecursionSummarizer.cpp).
//
// The relations live in the LoopRegistry with the loops' (one Horn system
// asks about a path that passed both), and an error past a summarised call
// goes to the CandidateDecider the LoopSummarizer of the same run holds.
// --loops=auto unrolls a recursion until 16 calls of it are active, and
// runs it again summarised from its outermost call when the solver cannot
// decide a path inside the unrolling or the unrolling is no longer cheap
// (RecursionEntry).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_RECURSIONSUMMARIZER_H
#define COSMO_SUMMARY_RECURSIONSUMMARIZER_H

#include "cosmo/summary/LoopSummarizer.h"

#include <set>
#include <string>
#include <tuple>

namespace cosmo::summary {

class CandidateDecider;

class RecursionSummarizer : public engine::ExecutionHooks {
public:
  /// In the program's run only (a loop body's run runs its calls: its
  /// iterations would need the atoms of the calls in them).
  RecursionSummarizer(Executor &x, LoopRegistry &registry,
                      CandidateDecider &candidates);
  ~RecursionSummarizer() override;

  /// A call of a recursive function that unrolling would not end becomes
  /// the atom Sum(f)(args, result).
  bool onCall(ExecutionState &s, const llvm::CallBase &call,
              const llvm::Function &f, std::vector<ExprRef> &args) override;
  void onReturn(ExecutionState &s) override;
  bool onBranchTaken(ExecutionState &s, const llvm::Instruction &site,
                     unsigned choice, bool decided) override;
  /// A path cut inside an unrolled recursion resumes it summarised; an
  /// error on a path past a Sum atom (and no Rec atom: the
  /// LoopSummarizer's) is a candidate.
  bool onPathEnd(ExecutionState &s, const engine::PathEnd &end) override;

private:
  /// Builds the summaries of `f`'s call-graph cycle (f alone when only
  /// it calls itself) through the isolated run of each body; the
  /// summary of f, or null (and `why`) when they cannot be built.
  RecursiveFunction *summarizeComponent(const ExecutionState &s,
                                        const llvm::CallBase &call,
                                        const llvm::Function &f,
                                        std::string &why);
  /// The isolated run of one body of a cycle.
  bool summarizeBody(const ExecutionState &s, const llvm::CallBase &call,
                     RecursiveFunction &fn, std::string &why);
  /// Whether no error path of the bodies of f's cycle is reachable from
  /// `call` (each refuted by Horn clauses; one a run on the call's inputs
  /// reaches is reported and counts as decided). False: run the call
  /// instead.
  bool bodyErrorsDecided(const SummarisedCall &call,
                         const RecursiveFunction &called);
  /// The same for the error paths of one body of the cycle.
  bool bodyErrorsDecided(const SummarisedCall &call,
                         const RecursiveFunction &fn, LoopStats &st);
  /// A path `end` cuts for want of a solver answer inside an unrolled
  /// recursion: its entry's state runs again with the cycle summarised at
  /// once (RecursionEntry). True when the cut is covered by that run.
  bool resumeRecursion(ExecutionState &s, const engine::PathEnd &end);
  /// Ends `s` (unreported) when it is inside a recursion that runs again,
  /// or whose unrolling has taken too long (then it runs again).
  bool endIfCovered(ExecutionState &s);
  /// The entry of the recursion `s` is in; or null.
  RecursionEntry *entryOf(const ExecutionState &s);
  /// Runs the program on from `e` with its cycle summarised (once).
  void resume(RecursionEntry &e);
  /// Before `call` of f is unrolled: when it is the outermost call of f's
  /// cycle on `s`, its RecursionEntry.
  void keepRecursionEntry(ExecutionState &s, const llvm::CallBase &call,
                          const llvm::Function &f);

  Executor &x_;
  LoopRegistry &registry_;
  CandidateDecider &candidates_;
  /// Errors of recursive bodies found by a run: (function, kind, file,
  /// line).
  std::set<std::tuple<size_t, int, std::string, unsigned>>
      reportedBodyErrors_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_RECURSIONSUMMARIZER_H
