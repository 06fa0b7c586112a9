//===- cosmo/solver/PipelineOptions.h - the pipeline's options and figures -*- C++ -*-===//
//
// Plain data about the query pipeline (Pipeline.h builds it): which layers
// run, and what each did. Engine options and run results carry them, so
// this header depends on nothing but the standard library.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_PIPELINEOPTIONS_H
#define COSMO_SOLVER_PIPELINEOPTIONS_H

#include <cstdint>
#include <string>

namespace cosmo::solver {

enum class Validity; // Solver.h

struct PipelineOptions {
  bool facts = true;
  bool independence = true;
  bool cexCache = true;
  bool modelReuse = true;
  bool incremental = true;
  unsigned timeoutMs = 10000; // per query; 0 means none
  /// The incremental solver starts afresh after a query when it holds more
  /// than max(this, 2 × the query's constraints) assumption literals. Every
  /// constraint ever asserted stays in Z3 as clauses its SAT core must still
  /// satisfy (with the literal false) on each later check, so the cost of a
  /// query grows with everything asked before; the lemmas worth keeping are
  /// those about the path being explored, which a search asks about again
  /// and again. Measured on bench/programs/solver/collatz1.c (all layers):
  /// resetting at 4096 literals 106 s, at 256 17 s, at max(16, 2 × query)
  /// 5 s; the same bound is never worse on the other bench programs.
  unsigned incrementalResetFloor = 16;

  /// The comma list of enabled layers, as `--solver-opts` spells it.
  std::string str() const;
};

/// What each layer did. Times in seconds.
struct FactsStats {
  uint64_t sat = 0, unsat = 0; // conditions the path made true / false
  uint64_t answered() const { return sat + unsat; }
};
struct ModelReuseStats {
  uint64_t hits = 0, misses = 0;
  /// Sides proved unsat by the bits the path's constraints fix, or because
  /// the path fixes the condition's variables; searches for fixed
  /// variables (each one query below) and their finds.
  uint64_t knownBitsHits = 0, fixedHits = 0, fixingQueries = 0, fixed = 0;
  /// Sides satisfied by a model next to the path's (a condition variable
  /// set to one of the condition's constants or a neighbour).
  uint64_t nearHits = 0;
};
struct IndependenceStats {
  uint64_t queries = 0;  // queries it handled
  uint64_t answered = 0; // without asking further (constant conditions)
  uint64_t constraintsBefore = 0, constraintsAfter = 0;
  uint64_t subqueries = 0; // asked further
};
struct CexCacheStats {
  uint64_t exact = 0, unsatSubset = 0, supersetModel = 0, subsetModel = 0;
  uint64_t misses = 0;
  uint64_t hits() const {
    return exact + unsatSubset + supersetModel + subsetModel;
  }
};
struct Z3Stats {
  uint64_t queries = 0, sat = 0, unsat = 0, unknown = 0;
  double seconds = 0;
  uint64_t resets = 0; // incremental solver restarts

  /// Counts one query Z3 answered with `status` in `time` seconds.
  void record(Validity status, double time);
};
struct PipelineStats {
  uint64_t queries = 0; // asked of the pipeline (by the engine)
  double seconds = 0;   // spent in the pipeline
  FactsStats facts;
  ModelReuseStats modelReuse;
  IndependenceStats independence;
  CexCacheStats cexCache;
  Z3Stats z3;

  /// Adds the counts of another run's pipeline (a contract's run).
  PipelineStats &operator+=(const PipelineStats &o);
};

} // namespace cosmo::solver

#endif // COSMO_SOLVER_PIPELINEOPTIONS_H
