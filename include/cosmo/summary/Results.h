//===- cosmo/summary/Results.h - the composition layer's results -*- C++ -*-===//
//
// The engine's results (engine/Results.h) are its own: errors, tests,
// paths, coverage. What the strategies of the composition layer find and
// count is theirs: each keeps its statistics (memoization trees and formula
// summaries in the SummaryStore, loops and recursion in the LoopRegistry)
// and Analysis::run joins them with the engine's into an AnalysisResult,
// what the report layer writes.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_RESULTS_H
#define COSMO_SUMMARY_RESULTS_H

#include "cosmo/engine/Results.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cosmo::summary {

/// What --calls=replay did (seed 002, Table I).
struct CompositionStats {
  // Building the trees (init).
  uint64_t functionsSummarized = 0;
  uint64_t functionsNotSummarized = 0; // eligible but their run was unusable
  /// Why (the bound an isolated run passed, the construct it could not
  /// run), with how often.
  std::map<std::string, uint64_t> notSummarizedBecause;
  uint64_t treeNodes = 0, treeNodesCompressed = 0, treeLeaves = 0,
           treePairs = 0;
  uint64_t initQueries = 0;     // queries the isolated runs asked
  uint64_t initSolverCalls = 0; // of which reached Z3
  double initSeconds = 0;
  // Composing them at calls (comp).
  uint64_t invocations = 0; // calls of a summarised function
  uint64_t replayed = 0;    // of which the tree guided
  uint64_t inlined = 0;     // calling context outside what the tree covers
  uint64_t pairsChecked = 0, pairsInfeasible = 0, pairsSolverFree = 0;
  uint64_t pairCheckQueries = 0;     // queries that checked pairs at calls
  uint64_t pairCheckSolverCalls = 0; // of which reached Z3
  double pairCheckSeconds = 0;       // time spent checking pairs
  uint64_t guidedDecisions = 0; // conditionals the tree decided
  uint64_t guidesDropped = 0;   // replays that went on with the solver
  // --target=errors (seed 002 section IV.E).
  uint64_t errorsShortCircuited = 0; // H1: reported without a replay
  uint64_t pathsPruned = 0; // H2: calls that ended their path unexplored
  // State merging (--merge): joins of two states into one.
  uint64_t statesMerged = 0;
  // Formula summaries (--calls=summary|smart).
  uint64_t summariesComposed = 0; // calls that composed a summary
  uint64_t inlinedConcrete = 0;   // smart: concrete calls run instead
  /// Why calls of summarised functions were inlined instead (summary and
  /// smart), with how often.
  std::map<std::string, uint64_t> inlinedBecause;
  uint64_t summaryTerms = 0; // term nodes of the summaries' effects
};

/// Loops explored as recursive states (--loops=summarize|auto).
struct LoopStats {
  uint64_t summarized = 0;    ///< loop arrivals that became recursive states
  uint64_t notSummarized = 0; ///< arrivals left to unrolling
  /// Why (a pointer carried around the loop, an allocation in it ...).
  std::map<std::string, uint64_t> notSummarizedBecause;
  uint64_t bodyPaths = 0;     ///< one-iteration paths of their bodies
  /// Recursive functions given a summary relation, and the calls of them
  /// replaced by it (recursion as recursive states).
  uint64_t recursiveFunctions = 0, recursiveCalls = 0;
  /// Recursions run again from their outermost call, summarised at once,
  /// because their unrolling was slow or the solver could not decide a
  /// path of it.
  uint64_t resumedRecursions = 0;
  /// Errors reached past or inside a summarised loop, and what decided
  /// each: a run of the program on the inputs of the over-approximation or
  /// of an accelerated path (confirmed), an accelerated path whose every
  /// iteration was checked (too deep to run), the Horn solver (refuted:
  /// unreachable; proved: reachable), or nothing (unknown).
  uint64_t errorCandidates = 0, confirmedByRun = 0, provedByAcceleration = 0,
           refutedByHorn = 0, provedByHorn = 0, undecided = 0;
  /// Errors past a summarised loop at a place the run had reported an
  /// error of their kind at: not decided again (not in errorCandidates).
  uint64_t atReportedPlaces = 0;
  /// Of those refuted, how many over cells (a relation over an array
  /// read one cell at a time: solver/horn/CellIndexed.h).
  uint64_t refutedOverCells = 0;
  /// Houdini steps (a clause preserving its head's candidates) that
  /// earlier questions had shown, taken without a check
  /// (solver::ShownSteps).
  uint64_t houdiniStepsReused = 0;
  /// Houdini checks of slow clauses a child process made beside the
  /// run's own (solver::ShownSteps::checkedBeside).
  uint64_t houdiniChecksBeside = 0;
  /// Loops unrolled after all from their arrival, for undecided errors.
  uint64_t unrolledAfter = 0;
  /// Questions asked with more time than --horn-timeout
  /// (SummaryOptions::nodeLoopHornScale).
  uint64_t askedLonger = 0;
  /// Runs on candidates' models not run, as an earlier run that pinned
  /// the inputs alike did not reach its error (summary::FruitlessRuns).
  uint64_t runsNotRepeated = 0;
  uint64_t hornQueries = 0;
  double hornSeconds = 0;
  double bodySeconds = 0; ///< isolated runs of the bodies
};

/// A loop the Horn solver proved an error unreachable past: the invariant
/// it used, over the C names of the loop-carried values.
struct LoopInvariant {
  engine::SourceLocation location; ///< the loop head
  std::string function;
  std::string invariant;   ///< C operators (`<u`, `<=u`: unsigned order)
  /// A recursive function's summary instead: what holds of its parameters
  /// and its result (`\result`) on every return; `location` is its
  /// definition.
  bool ofFunction = false;
};

/// An ACSL function contract and what its isolated run found (seed 003).
struct ContractResult {
  std::string function;
  engine::SourceLocation location; ///< the contract
  /// True: verified; False: violated.
  engine::Verdict verdict = engine::Verdict::Unknown;
  std::string reason;      ///< why unknown; the first error when violated
  double seconds = 0;
};

/// "verified", "violated" or "unknown".
inline const char *contractStatusName(engine::Verdict v) {
  return v == engine::Verdict::True    ? "verified"
         : v == engine::Verdict::False ? "violated"
                                       : "unknown";
}

/// One memoization tree as written to the output directory.
struct MemoTreeInfo {
  struct Node {
    uint32_t id = 0, parent = 0;
    std::string file;
    unsigned line = 0, choice = 0;
    bool viaCalleeTree = false;
  };
  struct Pair {
    uint32_t node = 0;
    std::string kind, pc, errorKind, file, detail;
    unsigned line = 0;
    std::vector<std::string> heap;
    /// Completed: the effect (formula summaries), as SMT-LIB text; each
    /// write as "<object k|global> +<offset> := <byte>".
    std::string result, opaqueEffect;
    std::vector<std::string> writes;
  };
  std::string function, irHash;
  unsigned depthBound = 0;
  uint64_t compressedNodes = 0;
  unsigned branches = 0; // conditionals in the function and what it calls
  // Calls of the function in the program's run (not in isolated runs), and
  // how many of them its tree guided (replay) or composed its summary.
  uint64_t invocations = 0, replayed = 0;
  /// Formula summaries: term nodes of its paths' results and writes, and
  /// why the summary cannot be composed (empty: it can, where a context
  /// fits).
  uint64_t summaryTerms = 0;
  std::string opaqueEffect;
  std::vector<std::string> inputs;
  std::vector<Node> nodes;
  std::vector<Pair> pairs;
};

/// A run of cosmo on one entry: the engine's results and the composition
/// layer's.
struct AnalysisResult : engine::RunSummary {
  /// The strategies, as the options spell them (--calls, --merge, --loops).
  std::string calls = "inline", merge = "none", loops = "unroll";
  CompositionStats composition;
  LoopStats loopStats;
  /// Invariants of summarised loops, one per loop and invariant text: each
  /// holds at the loop's head from the arrival its recursive state was
  /// made at, on the paths through that arrival.
  std::vector<LoopInvariant> invariants;
  /// Invariants that hold at every visit of their loop's head on every
  /// path, as C expressions over the variables in scope there (casts make
  /// the bit-vector arithmetic exact): for a correctness witness. Only
  /// loops every arrival at whose head became a recursive state at its
  /// first visit, each with an invariant (their disjunction).
  std::vector<LoopInvariant> witnessInvariants;
  /// ACSL contracts checked in isolated runs (--contracts=check).
  std::vector<ContractResult> contracts;
  /// --calls=replay: the memoization trees built, callees first.
  std::vector<MemoTreeInfo> trees;
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_RESULTS_H
