//===- cosmo/summary/LoopSummarizer.h - loops as recursive states -*- C++ -*-===//
//
// Seed 000 sections 2-3 and seed 001 sections 5-7: a loop head reached with
// an input-dependent continuation becomes a recursive state Rec(l, D).
// Its body Body(l, D) -- the loop's one-iteration paths and its exits -- is
// explored once, in isolation, from the arrival's state with the
// loop-carried values (the head's phis and the bytes of the objects the
// loop writes) made fresh variables. The one-iteration paths become Horn
// clauses over those values; the exits go on in the program's run as
// ordinary states whose path condition lacks Rec, an over-approximation:
// a branch infeasible there is infeasible, one feasible may not be.
//
// An error reached on such a path is a candidate. It is decided exactly:
//  1. the program is run from its entry on the inputs of a model of the
//     over-approximation (a run with every input fixed, loops unrolled);
//     reaching the error there reports it, with that run's test;
//  2. otherwise the candidate's path condition with its Rec atoms is a
//     query of a Horn system (solver/Horn.h): safe means no path reaches
//     the error; unsafe (one does) or unknown unrolls the first loop of
//     the candidate's path after all, from its arrival (kept for that),
//     and that loop is not summarised again: the error is then reported
//     with inputs that reproduce it, and auto never gives up a verdict
//     unrolling would reach.
// A loop the summarizer cannot express (a pointer carried around it, an
// object holding pointers written in it, memory it allocates that outlives
// an iteration, a body whose isolated run passes its bounds) is left to
// unrolling. An array it writes is carried as one array term, whose
// invariants quantify over its elements (solver/Horn.h).
//
// Recursion is treated alike (RecursionSummarizer.h): a call of a
// recursive function becomes an atom of its summary relation Sum(f), whose
// clauses are the return paths of f's body explored once in isolation.
// Both hooks share the LoopRegistry (the relations of one Horn system)
// and a CandidateDecider (loops/CandidateDecider.h).
//
// --loops=summarize summarises every loop at its first arrival; auto (the
// default) unrolls 16 iterations first and summarises only a loop with a
// branch out of it on a symbolic condition, so that a loop with a
// constant or small trip count is just run (the concrete reduction of
// seed 001 section 5.2).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_LOOPSUMMARIZER_H
#define COSMO_SUMMARY_LOOPSUMMARIZER_H

#include "cosmo/engine/Executor.h"
#include "cosmo/engine/Hooks.h"
#include "cosmo/frontend/LoopStructure.h"
#include "cosmo/solver/Horn.h"
#include "cosmo/summary/Options.h"
#include "cosmo/summary/Results.h"
#include "cosmo/support/PersistentLog.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>

#include <map>
#include <set>
#include <tuple>
#include <memory>
#include <unordered_map>
#include <vector>

namespace cosmo::summary {

using engine::ExecutionState;
using engine::Executor;
using expr::ExprRef;
/// A loop's blocks. LLVM's open-addressing set: the membership test runs at
/// every block entry of every path, concrete loops included.
using BlockSet = llvm::DenseSet<const llvm::BasicBlock *>;

/// Ids of the loop instances or summarised calls a path passed, in order.
/// Copies share them: every summarised loop keeps its arrival's, so a path
/// that passes thousands would otherwise hold a quadratic number of ids.
using IdLog = support::PersistentLog<size_t>;

struct LoopInstance;
struct RecursiveFunction;
struct SummarisedCall;
struct RecursionEntry;
class LoopBodyRun;
class FruitlessRuns;

/// A loop of a function: its recursive vertex and its blocks.
struct LoopShape {
  const frontend::RecursiveVertex *vertex = nullptr;
  BlockSet body;
  /// It allocates or walks nodes of a linked struct (a list it builds or
  /// traverses): under --loops=auto it is summarised from its first
  /// arrival, where its pointers are null or nodes of a region, not from
  /// one after unrolled iterations, where they are blocks of their own.
  bool overNodes = false;
};

/// What the summarizers know of a function's loops.
struct FunctionLoops {
  frontend::LoopStructure structure;
  /// Filled once when the function is first seen, never changed after:
  /// paths' loop activations point at its shapes' bodies.
  llvm::DenseMap<const llvm::BasicBlock *, LoopShape> byHead;
  /// What a block is to the loops: the head of one (its shape), the
  /// target of an exit of some (a block outside a loop that one of its
  /// blocks branches to), or both; blocks that are neither are absent.
  struct BlockRole {
    const LoopShape *head = nullptr;
    bool exitTarget = false;
  };
  llvm::DenseMap<const llvm::BasicBlock *, BlockRole> roles;
  bool modelFunction = false; ///< cosmo's libc models: always unrolled
  /// The functions of its cycle in the call graph (itself included; seed
  /// 000 §2: a recursive vertex of the call graph), in the module's order;
  /// empty when it is not recursive.
  std::vector<const llvm::Function *> component;
  /// Recursive: why its cycle cannot have summary relations (empty when
  /// it can), and the integer globals the cycle's bodies read or write by
  /// name, and of them those written (SummarisableCycles.cpp).
  std::string whyNoSummary;
  std::vector<const llvm::GlobalVariable *> globals, writtenGlobals;
};

/// The recursive states of one analysis, shared by the program's run and
/// the isolated runs of loop bodies (nested loops).
class LoopRegistry {
public:
  LoopRegistry();
  ~LoopRegistry();
  LoopInstance &add(LoopInstance instance);
  LoopInstance &at(size_t id) { return *instances_[id]; }
  const LoopInstance &at(size_t id) const { return *instances_[id]; }
  size_t size() const { return instances_.size(); }
  /// Loop heads whose summaries left an error undecided: unrolled from
  /// then on.
  llvm::DenseSet<const llvm::BasicBlock *> unrolledHeads;
  /// Loop heads the program's run unrolled some visit of, for want of a
  /// summary (no witness invariant for them).
  std::set<const llvm::BasicBlock *> headsLeftToUnrolling;
  /// The witness invariants of the program's run (see
  /// AnalysisResult::witnessInvariants), once it has ended.
  std::vector<LoopInvariant> witnessInvariants() const;
  /// What loops and recursion are told (--loops, the Horn solver's time).
  SummaryOptions options;
  /// Where Horn answers are looked up and kept across runs (null: none).
  solver::HornAnswerShelf *hornShelf = nullptr;
  /// What the loop and recursion summaries did, and the invariants of the
  /// loops whose errors the Horn solver refuted (Results.h).
  LoopStats stats;
  std::vector<LoopInvariant> invariants;

  /// Recursive functions (RecursionSummarizer.cpp): f's summary, made on
  /// the first call that needs it; null with `why` when f cannot have one.
  RecursiveFunction *functionFor(const llvm::Function &f) const;
  RecursiveFunction &addFunction(const llvm::Function &f);
  RecursiveFunction &function(size_t id) { return *functions_[id]; }
  const RecursiveFunction &function(size_t id) const {
    return *functions_[id];
  }
  SummarisedCall &addCall(SummarisedCall call);
  size_t addRecursionEntry(std::unique_ptr<RecursionEntry> entry);
  RecursionEntry &recursionEntry(size_t id) { return *entries_[id]; }
  /// Functions summarised at their first call with a symbolic argument
  /// (their unrolling was cut by the solver: see RecursionEntry).
  std::set<const llvm::Function *> eagerFunctions;
  /// The functions of the cycle of direct calls `f` is in (its strongly
  /// connected component, in the module's order), empty when it is in
  /// none; the module's components are computed once.
  const std::vector<const llvm::Function *> &
  recursiveComponentOf(const llvm::Function &f);
  SummarisedCall &call(size_t id) { return *calls_[id]; }
  /// The first of `calls` the program's run made (kept its arrival), or
  /// null.
  SummarisedCall *firstProgramCall(const IdLog &calls);
  const SummarisedCall &call(size_t id) const { return *calls_[id]; }
  /// The loops of each function seen, for every summarizer of the
  /// analysis: a state leaving a body's run keeps pointers into them.
  std::unordered_map<const llvm::Function *, std::unique_ptr<FunctionLoops>>
      functionLoops;
  /// The loops of `f` (and its call-graph cycle), computed at its first
  /// question.
  const FunctionLoops &loopsOf(const llvm::Function &f) {
    return &f == lastFunction_ ? *lastLoops_ : loadLoops(f);
  }
  /// From now on the functions of f's cycle are run, not summarised.
  void unrollCycleOf(const llvm::Function &f);
  /// Functions that have no summary, and why (the first reason).
  std::map<const llvm::Function *, std::string> unsummarisable;
  /// Recursive functions whose summaries left an error undecided: run
  /// from then on.
  std::set<const llvm::Function *> unrolledFunctions;
  /// The ground conjuncts of the invariants Horn answers proved, by
  /// relation name: the first candidates of later questions about the same
  /// loops and functions (HornOptions::earlier).
  std::map<std::string, std::vector<ExprRef>> provedInvariants;
  /// The same over the cells of relations over arrays
  /// (HornOptions::earlierCells).
  std::map<std::string, std::vector<ExprRef>> provedCellInvariants;
  /// The Houdini steps Horn questions have shown (HornOptions::shownSteps).
  solver::ShownSteps shownSteps;
  /// The cell views that decided Horn questions (HornOptions::cellRoutes).
  solver::CellRoutes cellRoutes;
  /// The runs on candidates' models that did not reach their errors
  /// (ConfirmingRun::skippingAlike).
  std::unique_ptr<FruitlessRuns> fruitlessRuns;
  /// The variables (ids) of node regions' counts and contents and of
  /// pointers to their nodes: values of cosmo's own addresses, left out
  /// of the invariants reported over the program's names.
  std::set<uint64_t> nodeValues;

private:
  const FunctionLoops &loadLoops(const llvm::Function &f);
  // The function of the last loopsOf question (blocks of one function
  // follow each other): no map lookup per block entry.
  const llvm::Function *lastFunction_ = nullptr;
  const FunctionLoops *lastLoops_ = nullptr;
  std::vector<std::unique_ptr<LoopInstance>> instances_;
  std::vector<std::unique_ptr<RecursiveFunction>> functions_;
  std::map<const llvm::Function *, size_t> functionIds_;
  std::vector<std::unique_ptr<SummarisedCall>> calls_;
  std::vector<std::unique_ptr<RecursionEntry>> entries_;
  std::map<const llvm::Function *,
           std::shared_ptr<const std::vector<const llvm::Function *>>>
      components_;
  bool componentsComputed_ = false;
};

class CandidateDecider;

/// The loop half of the recursive states (the recursion half is
/// RecursionSummarizer.h): loop heads become Rec atoms, and errors on paths
/// past them candidates for the CandidateDecider.
class LoopSummarizer : public engine::ExecutionHooks {
public:
  /// `enclosing`: the isolated run of the loop body this summarizer works
  /// in (null in the program's run), which gets the candidates this one
  /// cannot decide before the enclosing loop is complete.
  LoopSummarizer(Executor &x, LoopRegistry &registry,
                 LoopBodyRun *enclosing = nullptr);
  ~LoopSummarizer() override;

  void onBlockEntry(ExecutionState &s, const llvm::BasicBlock *b) override;
  void onReturn(ExecutionState &s) override;
  bool onBranchTaken(ExecutionState &s, const llvm::Instruction &site,
                     unsigned choice, bool decided) override;
  /// An error on a path past a Rec atom is a candidate (decided at once);
  /// a completed one is counted but not reported (its test is the
  /// over-approximation's).
  bool onPathEnd(ExecutionState &s, const engine::PathEnd &end) override;

  /// Who decides this run's candidates; the RecursionSummarizer of the
  /// same run shares it (a path may pass both kinds of atoms).
  CandidateDecider &candidates() { return *decider_; }

private:
  /// Makes the loop at `s`'s block a recursive state; false (and `why`)
  /// when it cannot, `s` untouched.
  bool summarize(ExecutionState &s, const LoopShape &loop, std::string &why);
  /// The same from `arrival` (an earlier state of `s`'s path, at the same
  /// head): `s` ends, and the loop's exits go on in its place.
  bool summarizeFrom(ExecutionState &arrival, ExecutionState &s,
                     const LoopShape &loop, std::string &why);

  Executor &x_;
  LoopRegistry &registry_;
  LoopBodyRun *enclosing_;
  std::unique_ptr<CandidateDecider> decider_;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_LOOPSUMMARIZER_H
