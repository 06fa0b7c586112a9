//===- IsolatedRun.h - the composition layer's own explorations -*- C++ -*-===//
//
// Every strategy of the composition layer runs code apart from the
// program's exploration: a function in isolation (seed 002's trees, seed
// 001's summaries), a loop body once (seed 001 §5), the program on a
// model's inputs to confirm an error. Each is an exploration of its own,
// depth-first (Executor::exploreFrom), within bounds of its own.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_SUMMARY_COMMON_ISOLATEDRUN_H
#define COSMO_SUMMARY_COMMON_ISOLATEDRUN_H

#include "cosmo/engine/Executor.h"

namespace cosmo::summary {

/// An isolated exploration: depth-first, within `bounds`.
engine::Exploration isolatedExploration(engine::Executor &x,
                                        engine::ExplorationBounds bounds);

} // namespace cosmo::summary

#endif // COSMO_SUMMARY_COMMON_ISOLATEDRUN_H
