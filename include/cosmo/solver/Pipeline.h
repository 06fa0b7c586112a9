//===- cosmo/solver/Pipeline.h - the query pipeline -------------*- C++ -*-===//
//
// Constraint management (seed 004): a chain of decorators in front of Z3,
// each switchable, each counting what it saved. This header builds the
// chain; its options and statistics, plain data that reports read, are in
// PipelineOptions.h.
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
// In front of them all, always: a path under a \forall asks ground
// instances of its quantifiers first (QuantifiedSolver.cpp).
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

#include "cosmo/solver/PipelineOptions.h"
#include "cosmo/solver/Solver.h"

#include <llvm/Support/Error.h>

namespace cosmo::solver {

/// Parses `--solver-opts`: a comma list of facts, independence, cex-cache,
/// model-reuse, incremental; or `all`, or `none`. The layers are set from
/// `text`; everything else is kept from `base`.
llvm::Expected<PipelineOptions> parsePipelineOptions(const std::string &text,
                                                     PipelineOptions base = {});

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

/// In front of the chain: a query whose path condition holds a
/// quantifier (Query::quantified) is asked as its quantifier-free part
/// with the quantifiers' ground instances first, Z3's quantifier reasoning
/// only for a model of the whole path.
std::unique_ptr<Solver> createQuantifiedSolver(std::unique_ptr<Solver> inner,
                                               expr::ExprContext &ctx);

/// The whole chain for `opts`, counting into `stats` (which must outlive
/// it). Terms must come from `ctx`.
std::unique_ptr<Solver> createSolverPipeline(expr::ExprContext &ctx,
                                             const PipelineOptions &opts,
                                             PipelineStats &stats);

} // namespace cosmo::solver

#endif // COSMO_SOLVER_PIPELINE_H
