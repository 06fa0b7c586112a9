//===- cosmo/summary/Options.h - what the strategies are told --*- C++ -*-===//
//
// The composition layer's options: how calls are explored (memoization
// trees, formula summaries), whether states merge, how loops and recursion
// are explored and what the Horn solver may spend. Filled by the command
// line (tools/cosmo) beside the engine's (engine/Options.h); defaults that
// depend on other options, and the combinations that make no sense, are
// settled in one place, `SummaryOptions::resolve`, which the command line
// calls to report a bad combination and Analysis calls again (so a library
// user gets the same defaults).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_OPTIONS_H
#define COSMO_SUMMARY_OPTIONS_H

#include "cosmo/engine/Options.h"

#include <map>
#include <optional>
#include <string>

namespace cosmo::summary {

/// How a call to a function of the program is explored.
enum class CallStrategy {
  Inline, ///< the callee's paths are explored in every calling context
  /// Functions are explored once, bottom-up, into memoization trees that
  /// each call replays with the solver off (seed 002).
  Replay,
  /// Functions are explored once, bottom-up, into formula summaries (their
  /// paths' conditions, results and writes); a call composes the summary
  /// into the caller's state as guarded unions, without forking
  /// (seed 001 section 4, seed 000 section 1.4).
  Summary,
  /// SmartUnroll (seed 000 section 1.5): a call whose arguments and the
  /// memory it reads are concrete is inlined, any other composes the
  /// summary.
  Smart,
  /// The default (issue 47): formula summaries of the functions whose
  /// isolated run pays (called in a loop or at eight places or more, with no
  /// loop or recursion of their own: calls/WorthSummarising.h), every
  /// other call inline. The program's run does not merge states, so its
  /// loops are summarised as under inline; the isolated runs do.
  Auto,
};

/// The --calls spelling of a strategy.
inline const char *callStrategyName(CallStrategy c) {
  switch (c) {
  case CallStrategy::Inline: return "inline";
  case CallStrategy::Replay: return "replay";
  case CallStrategy::Summary: return "summary";
  case CallStrategy::Smart: return "smart";
  case CallStrategy::Auto: return "auto";
  }
  return "inline";
}

/// Whether calls compose formula summaries (summary, smart, auto).
inline bool composesSummaries(CallStrategy c) {
  return c == CallStrategy::Summary || c == CallStrategy::Smart ||
         c == CallStrategy::Auto;
}

/// State merging (seed 000 sections 1.2-1.3): whether states that reach
/// the same join point of a function with the same stack become one state
/// whose values are guarded unions.
enum class MergeStrategy {
  None,   ///< never (dynamic symbolic execution: one state per path)
  Always, ///< whenever they are compatible (static symbolic execution)
  /// unless a value that later decides a branch or an address would become
  /// a union of more than two constants (query-count estimation)
  Auto,
};

inline const char *mergeStrategyName(MergeStrategy m) {
  switch (m) {
  case MergeStrategy::None: return "none";
  case MergeStrategy::Always: return "always";
  case MergeStrategy::Auto: return "auto";
  }
  return "?";
}


/// How loops and their input-dependent iterations are explored
/// (seed 000 sections 2-3, seed 001 sections 5-7).
enum class LoopStrategy {
  Unroll, ///< every iteration is a path step, as in KLEE
  /// At its first arrival a loop becomes a recursive state: its body is
  /// explored once from loop-carried values made fresh, the paths after
  /// it go on over those values, and an error they reach is decided by
  /// Horn clauses over the body's paths (src/summary/loops/LoopSummarizer.cpp).
  Summarize,
  /// Unroll; summarise a loop once it has iterated a few times on one
  /// path and a branch out of it had a symbolic condition (an
  /// input-dependent trip count). A loop whose exits are concrete (a
  /// constant trip count) is just run.
  Auto,
};

inline const char *loopStrategyName(LoopStrategy l) {
  switch (l) {
  case LoopStrategy::Unroll: return "unroll";
  case LoopStrategy::Summarize: return "summarize";
  case LoopStrategy::Auto: return "auto";
  }
  return "?";
}

/// The command-line spellings of each enum option, for binding them.
const std::map<std::string, CallStrategy> &callStrategyNames();
const std::map<std::string, MergeStrategy> &mergeStrategyNames();
const std::map<std::string, LoopStrategy> &loopStrategyNames();

struct SummaryOptions {
  CallStrategy calls = CallStrategy::Auto;
  /// Applies to the program's run and to the isolated runs of formula
  /// summaries; never to memoization trees (replay follows single paths,
  /// so resolve() refuses any but None with Replay). Unset: Auto with
  /// formula summaries (Summary, Smart), None otherwise (calls=Auto's
  /// isolated runs merge all the same: Analysis.cpp).
  std::optional<MergeStrategy> merge;
  /// How loops are explored. Replay (memoization trees follow single
  /// paths) and state merging keep loops unrolled: resolve() makes Auto
  /// Unroll there and refuses Summarize.
  /// Auto: a loop whose trip count depends on the inputs is unrolled for
  /// 16 visits of its head on a path, then summarised (issue 21).
  LoopStrategy loops = LoopStrategy::Auto;
  /// LoopStrategy::Auto: visits of a loop's head on one path before the
  /// loop may be summarised (once a branch out of it had a symbolic
  /// condition). Fewer leave fewer arrivals to summarise one by one where
  /// the body forks on inputs (loops in sequence multiply them), and fewer
  /// paths with tests; --svcomp, which wants a verdict and no tests, takes
  /// 1 (issue 47).
  unsigned unrolledArrivals = 16;
  /// LoopStrategy::Auto: active calls of a recursive function before a
  /// call of it may be summarised. --svcomp takes 4: shallow recursive
  /// errors are found by the calls run before (measured, issue 47).
  unsigned unrolledCalls = 16;
  /// Seconds the Horn solver may spend on one question about a loop.
  double hornTimeoutSeconds = 3;
  /// The multiple of hornTimeoutSeconds that a question about an error
  /// past a loop that makes nodes gets (1: none); in a run with a time
  /// limit, half the time left at most. The alternative, unrolling such a
  /// loop, never ends, so a proof that needs 10-40 s is worth that time
  /// (seed 001's listing 1: its first question, over a list walk's
  /// pointer's node, takes 5-11 s). The driver sets 16 unless
  /// --horn-timeout is given.
  double nodeLoopHornScale = 1;
  /// Where each Horn question is written, as SMT-LIB in CHC-COMP's format
  /// (horn-N.smt2, N counting the run's questions from 1); empty: nowhere.
  /// The directory exists (the driver makes it).
  std::string hornDumpDir;
  /// Conditionals along one path of a memoization tree; deeper paths end
  /// in a frontier where a replay turns the solver back on.
  unsigned summaryDepth = 64;
  /// A function whose isolated run finds more paths than this is not
  /// summarised: checking that many leaves at every call costs more than
  /// it saves.
  unsigned summaryMaxPaths = 512;
  /// Seconds one function's isolated run may take (0: no limit); a run
  /// that needs more gives no tree and the function is explored inline.
  double summaryTimeoutSeconds = 2;
  /// Heuristic H2 (needs Replay; implies the engine's Target::Errors): a
  /// tree with error paths keeps only those; a call where none is feasible
  /// ends its path. Incomplete: without an error found, the verdict is
  /// unknown.
  bool pruneToErrors = false;

  /// Fills the defaults that depend on other options (merge by calls; the
  /// engine's target by pruneToErrors) and checks the combinations:
  /// returns what is wrong (one line, naming the command-line options), or
  /// nothing. Idempotent.
  std::optional<std::string> resolve(engine::EngineOptions &engine);
  /// The merge strategy in force (after resolve()).
  MergeStrategy mergeStrategy() const {
    return merge.value_or(MergeStrategy::None);
  }
};

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_OPTIONS_H
