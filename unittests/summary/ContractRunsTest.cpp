//===- ContractRunsTest.cpp - one report from a program's contract runs ---===//
//
// Each verified contract is a run of its own (ContractRuns.h); the report
// adds them up. Their solver work was once left out past the first run:
// insertion_sort.c's report said 1.2 s of Z3 for a 40 s check.
//
//===----------------------------------------------------------------------===//

#include "cosmo/summary/ContractRuns.h"

#include <gtest/gtest.h>

namespace cosmo::summary {
namespace {

AnalysisResult contractRun(uint64_t queries, double z3Seconds) {
  AnalysisResult r;
  r.verdict = engine::Verdict::True;
  r.stats.instructions = 10;
  r.stats.solver.queries = queries;
  r.stats.solver.seconds = z3Seconds + 0.5;
  r.stats.solver.cexCache.exact = queries / 2;
  r.stats.solver.z3.queries = queries / 4;
  r.stats.solver.z3.unsat = queries / 4;
  r.stats.solver.z3.seconds = z3Seconds;
  return r;
}

TEST(ContractRunsTest, TheReportCountsTheSolverWorkOfEveryContractRun) {
  AnalysisResult into;
  frontend::acsl::ContractedFunction first{"first", 3, true, true};
  frontend::acsl::ContractedFunction second{"second", 9, true, true};
  frontend::acsl::ContractedFunction third{"third", 20, true, true};
  mergeContractRun(into, contractRun(8, 1.0), first, "p.c", "");
  mergeContractRun(into, contractRun(40, 20.0), second, "p.c", "");
  mergeContractRun(into, contractRun(100, 17.5), third, "p.c", "");
  EXPECT_EQ(into.verdict, engine::Verdict::True);
  EXPECT_EQ(into.contracts.size(), 3u);
  EXPECT_EQ(into.stats.instructions, 30u);
  const solver::PipelineStats &s = into.stats.solver;
  EXPECT_EQ(s.queries, 148u);
  EXPECT_DOUBLE_EQ(s.seconds, 40.0);
  EXPECT_EQ(s.cexCache.exact, 74u);
  EXPECT_EQ(s.z3.queries, 37u);
  EXPECT_EQ(s.z3.unsat, 37u);
  EXPECT_DOUBLE_EQ(s.z3.seconds, 38.5);
}

} // namespace
} // namespace cosmo::summary
