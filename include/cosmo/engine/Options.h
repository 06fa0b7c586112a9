//===- cosmo/engine/Options.h - what the engine can be told -----*- C++ -*-===//
//
// One typed struct, filled by the command line (tools/cosmo) and passed
// down. Defaults are the documented defaults of `cosmo check`. What the
// composition layer's strategies are told (calls, merging, loops, the Horn
// solver, memoization trees) is theirs: summary/Options.h.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_OPTIONS_H
#define COSMO_ENGINE_OPTIONS_H

#include "cosmo/engine/Results.h"
#include "cosmo/solver/PipelineOptions.h"

#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::engine {

/// Which state runs next (src/engine/Searcher.cpp).
enum class SearchStrategy {
  /// coverage-new, random-path and depth-first take turns (the default)
  Interleaved,
  DFS,        ///< depth first
  BFS,        ///< breadth first
  RandomPath, ///< KLEE's random walk down the fork tree
  Coverage,   ///< the newest state at a block no state has run yet
};

/// The --search spelling of a strategy.
inline const char *searchStrategyName(SearchStrategy s) {
  switch (s) {
  case SearchStrategy::Interleaved: return "interleaved";
  case SearchStrategy::DFS: return "dfs";
  case SearchStrategy::BFS: return "bfs";
  case SearchStrategy::RandomPath: return "random-path";
  case SearchStrategy::Coverage: return "coverage";
  }
  return "?";
}
enum class ExternalPolicy { Unknown, Havoc, Error };
/// Which completed paths get a test vector (errors always do).
enum class TestPolicy {
  Errors,      ///< none: only errors
  NewCoverage, ///< a path that ran a block no earlier test's path ran first
  All,         ///< every completed path
};

/// What the exploration is after.
enum class Target {
  All,    ///< every path: every reachable error and a verdict
  Errors, ///< a reachable error: the run stops at the first it finds
};

/// What the pointer parameters of an entry other than `main` point to.
enum class InputShapes {
  /// As a C programmer calls the function (frontend/ParameterShapes.h): a
  /// valid object, a NUL-terminated string, an array as long as its length
  /// parameter; errors that need more of the caller are latent
  Shaped,
  /// Anything: null, an alias of another input, one object of
  /// inputArrayElements elements (seed 002 section IV.C's lazy init)
  Any,
};

/// The program's environment when `main` is the entry, as KLEE's POSIX
/// runtime models it (docs/environment.md). Without any of it, argv is
/// {"prog"}, and reading standard input or opening a file for reading ends
/// the path unknown.
struct SymbolicEnvironment {
  /// --sym-arg N, in order: one argument of up to N characters each.
  std::vector<unsigned> args;
  /// --sym-args MIN MAX N: after those, between MIN and MAX more arguments
  /// of up to N characters each (argc is then an input).
  unsigned moreArgsMin = 0, moreArgsMax = 0, moreArgsLength = 0;
  /// --sym-stdin N: standard input is N symbolic bytes (-1: not symbolic).
  int64_t stdinSize = -1;
  /// --sym-files COUNT N: files named A, B, ... of N symbolic bytes each;
  /// other names are absent (fileCount -1: no file system at all).
  int fileCount = -1;
  unsigned fileSize = 0;
  /// --sym-env N: getenv of any name is a symbolic string of up to N
  /// characters (-1: every variable is absent).
  int envLength = -1;

  bool any() const {
    return !args.empty() || moreArgsMax > 0 || stdinSize >= 0 ||
           fileCount >= 0 || envLength >= 0;
  }
  /// The options' text, for keys and the report ("" when none).
  std::string text() const;
};

/// name -> value for every value of an enum, from its name function.
template <typename E, typename Name>
std::map<std::string, E> namesOf(std::initializer_list<E> values, Name name) {
  std::map<std::string, E> out;
  for (E v : values)
    out.emplace(name(v), v);
  return out;
}

/// The command-line spellings of each enum option, for binding them
/// (`cosmo check --help` lists them in this order).
const std::map<std::string, SearchStrategy> &searchStrategyNames();
const std::map<std::string, TestPolicy> &testPolicyNames();
const std::map<std::string, ExternalPolicy> &externalPolicyNames();
const std::map<std::string, Target> &targetNames();
const std::map<std::string, InputShapes> &inputShapesNames();

/// The default memory limit: a quarter of the machine's memory (or of the
/// cgroup's limit when lower), so that two runs side by side fit.
uint64_t defaultMemoryLimitMB();

struct EngineOptions {
  /// Function to analyse; `main` runs the program, any other function gets
  /// symbolic arguments (pointers: lazily initialised input memory).
  std::string entry = "main";
  /// The globals the program writes and the entry's code uses start with
  /// arbitrary values (inputs of source `global`), those holding pointers
  /// make the verdict unknown: a function's own run, whose result must
  /// hold whatever state a caller leaves.
  bool globalsAsInputs = false;
  SearchStrategy search = SearchStrategy::Interleaved;
  uint64_t seed = 1; // for random-path and interleaved

  // Limits; 0 means none. Hitting one makes the verdict `unknown`.
  double timeoutSeconds = 0;
  /// At this resident size the run drops states to get below it (their
  /// paths end cut: verdict unknown); alone above it, it stops.
  uint64_t maxMemoryMB = defaultMemoryLimitMB();
  uint64_t maxPaths = 0;  // completed + errored paths
  uint64_t maxDepth = 0;  // symbolic branches along one path
  uint64_t maxInstructionsPerPath = 0;
  /// The query pipeline's layers and the per-query solver limit.
  solver::PipelineOptions solver;

  // Optional checks.
  bool checkOverflow = false;
  /// Signed overflow is undefined behaviour, which the program is taken
  /// not to have (SV-COMP's tasks do not): the summaries of loops and
  /// recursion (their bodies' runs, Exploration::assumeNoSignedOverflow)
  /// leave out the iterations and calls in which a signed add, sub or mul
  /// (LLVM's `nsw`) overflows. The program's own paths still wrap, as its
  /// native build does. checkOverflow comes first.
  bool assumeNoSignedOverflow = false;
  /// The program is taken to be memory safe (SV-COMP's reachability tasks
  /// are): a free of a node region's cell, whose blocks are not tracked
  /// one by one, frees nothing, as a freed node is never used again.
  /// Otherwise such a free ends its path cut.
  bool assumeMemorySafe = false;
  /// Only failed assertions matter (SV-COMP's unreach-call): a path of the
  /// program's own run that enters a block from which no assertion can
  /// fail any more, in its function or in its callers' rest
  /// (frontend::AssertionReach), ends there as completed.
  bool endPathsPastAssertions = false;
  bool checkShift = false;
  /// A heap block no pointer is left to (the last one dropped by a return,
  /// or none left when the program ends) is a memory-leak error (SV-COMP's
  /// valid-memtrack; src/engine/LeakCheck.cpp).
  bool checkLeaks = false;
  /// A heap block not freed when the program ends (main returns, exit,
  /// abort) is a memcleanup error (SV-COMP's valid-memcleanup).
  bool checkCleanup = false;
  /// A failed assertion (reach_error, assert) is the program's abort(),
  /// not an error: the run checks another property (SV-COMP's memory
  /// safety or overflow), which abort() ends the program for.
  bool assertionsAbort = false;
  /// A float-to-integer conversion of a NaN or of a value out of the
  /// target's range (undefined in C) is an error.
  bool checkFloatCast = false;

  ExternalPolicy externals = ExternalPolicy::Unknown;
  /// Frames of one function active at once along a path (0: no bound); a
  /// call that would exceed it ends the path (verdict unknown).
  unsigned maxRecursion = 0;
  /// With --calls=replay, Errors uses seed 002's heuristic H1: an error
  /// path of a callee's tree that is feasible at a call is reported at
  /// once, without replaying the callee.
  Target target = Target::All;
  /// The run stops once it has reported `maxErrors` errors (0: never) of
  /// the kinds in `countedErrors` (empty: of every kind). --svcomp stops
  /// at the first failed assertion: its property is decided there.
  uint64_t maxErrors = 0;
  std::vector<ErrorKind> countedErrors;
  /// Which completed paths get a test (a path that gets none is not solved
  /// for a model).
  TestPolicy tests = TestPolicy::NewCoverage;
  /// Elements of the pointee type in each lazily initialised input object.
  unsigned inputArrayElements = 1;
  /// The entry's pointer parameters (entries other than main).
  InputShapes inputs = InputShapes::Shaped;
  /// InputShapes::Shaped: the longest input string (characters before its
  /// NUL), and the most elements of an array sized by a length parameter.
  /// Inputs are bounded, so a run with such a parameter cannot say `true`.
  unsigned maxString = 16;
  /// Upper bound on the size of a heap block of symbolic size.
  uint64_t maxSymbolicAllocation = 4096;
  /// main's arguments, standard input, files and environment variables.
  SymbolicEnvironment environment;

};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_OPTIONS_H
