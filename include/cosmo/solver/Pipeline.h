//===- cosmo/solver/Pipeline.h - the query pipeline -------------*- C++ -*-===//
//
// Constraint management (seed 004): a chain of decorators in front of Z3,
// each switchable, each counting what it saved.
//
//   facts           the path condition decides the condition outright: a
//                   comparison already taken, bounds that settle it
//                   (PathFacts.h)
//   model reuse     a state's model answers one side of every branch (§4.2)
//   independence    ask only the constraints a condition depends on (§3)
//   cex cache       answer from stored sets: unsat subsets, supersets and
//                   subsets with models (§4.1, KLEE's counterexample cache)
//   Z3              incremental with assumption literals (§5.2) or fresh
//
// Order matters: facts cost a walk over the path and no search, so they
// go first; model reuse needs the whole path's model, so it comes next;
// independence then cuts queries into small sets, which is what makes the
// cache hit (KLEE's experience: 40% fewer queries with the cache alone,
// 95% with both).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SOLVER_PIPELINE_H
#define COSMO_SOLVER_PIPELINE_H

#include "cosmo/solver/Solver.h"

#include <llvm/Support/Error.h>

namespace cosmo::solver {

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

/// Parses `--solver-opts`: a comma list of facts, independence, cex-cache,
/// model-reuse, incremental; or `all`, or `none`. The layers are set from
/// `text`; everything else is kept from `base`.
llvm::Expected<PipelineOptions> parsePipelineOptions(const std::string &text,
                                                     PipelineOptions base = {});

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
  void record(Validity status, double time) {
    ++queries;
    ++(status == Validity::Sat     ? sat
       : status == Validity::Unsat ? unsat
                                   : unknown);
    seconds += time;
  }
};
struct PipelineStats {
  uint64_t queries = 0; // asked of the pipeline (by the engine)
  double seconds = 0;   // spent in the pipeline
  FactsStats facts;
  ModelReuseStats modelReuse;
  IndependenceStats independence;
  CexCacheStats cexCache;
  Z3Stats z3;
};

/// Z3 behind one long-lived solver per logic: each constraint c is asserted
/// once as (=> p_c c) and a query is check-sat under its constraints' p_c.
std::unique_ptr<Solver> createIncrementalZ3Solver(expr::ExprContext &ctx,
                                                  const PipelineOptions &opts,
                                                  PipelineStats &stats);
/// `askSetsApart`: the sets a query does not depend on (asked for a model
/// of the whole path) go below one by one, as a cache below wants them;
/// otherwise together.
std::unique_ptr<Solver> createIndependentSolver(std::unique_ptr<Solver> inner,
                                                PipelineStats &stats,
                                                bool askSetsApart = true);
std::unique_ptr<Solver> createCexCachingSolver(std::unique_ptr<Solver> inner,
                                               PipelineStats &stats);
std::unique_ptr<Solver> createFactsSolver(std::unique_ptr<Solver> inner,
                                          expr::ExprContext &ctx,
                                          PipelineStats &stats);
std::unique_ptr<Solver> createModelReusingSolver(std::unique_ptr<Solver> inner,
                                                 expr::ExprContext &ctx,
                                                 PipelineStats &stats);

/// The whole chain for `opts`, counting into `stats` (which must outlive
/// it). Terms must come from `ctx`.
std::unique_ptr<Solver> createSolverPipeline(expr::ExprContext &ctx,
                                             const PipelineOptions &opts,
                                             PipelineStats &stats);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_PIPELINE_H
