//===- Pipeline.cpp - building the query pipeline -------------------------===//

#include "pipeline/SolverDecorator.h"

#include "cosmo/solver/Pipeline.h"

#include <chrono>
#include <sstream>

namespace cosmo::solver {

namespace {

struct LayerName {
  const char *name;
  bool PipelineOptions::*flag;
};
constexpr LayerName kLayers[] = {
    {"facts", &PipelineOptions::facts},
    {"independence", &PipelineOptions::independence},
    {"cex-cache", &PipelineOptions::cexCache},
    {"model-reuse", &PipelineOptions::modelReuse},
    {"incremental", &PipelineOptions::incremental},
};

/// The top of the chain: counts the engine's queries and the time they
/// take in the whole pipeline.
class CountingSolver final : public SolverDecorator {
public:
  CountingSolver(std::unique_ptr<Solver> inner, PipelineStats &stats)
      : SolverDecorator(std::move(inner)), stats_(stats) {}

protected:
  SolverResult doCheck(const Query &q) override {
    auto start = std::chrono::steady_clock::now();
    ++stats_.queries;
    SolverResult r = inner().check(q);
    stats_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return r;
  }

private:
  PipelineStats &stats_;
};

} // namespace

void Z3Stats::record(Validity status, double time) {
  ++queries;
  ++(status == Validity::Sat     ? sat
     : status == Validity::Unsat ? unsat
                                 : unknown);
  seconds += time;
}

PipelineStats &PipelineStats::operator+=(const PipelineStats &o) {
  queries += o.queries;
  seconds += o.seconds;
  facts.sat += o.facts.sat;
  facts.unsat += o.facts.unsat;
  modelReuse.hits += o.modelReuse.hits;
  modelReuse.misses += o.modelReuse.misses;
  modelReuse.knownBitsHits += o.modelReuse.knownBitsHits;
  modelReuse.fixedHits += o.modelReuse.fixedHits;
  modelReuse.fixingQueries += o.modelReuse.fixingQueries;
  modelReuse.fixed += o.modelReuse.fixed;
  modelReuse.nearHits += o.modelReuse.nearHits;
  independence.queries += o.independence.queries;
  independence.answered += o.independence.answered;
  independence.constraintsBefore += o.independence.constraintsBefore;
  independence.constraintsAfter += o.independence.constraintsAfter;
  independence.subqueries += o.independence.subqueries;
  cexCache.exact += o.cexCache.exact;
  cexCache.unsatSubset += o.cexCache.unsatSubset;
  cexCache.supersetModel += o.cexCache.supersetModel;
  cexCache.subsetModel += o.cexCache.subsetModel;
  cexCache.misses += o.cexCache.misses;
  z3.queries += o.z3.queries;
  z3.sat += o.z3.sat;
  z3.unsat += o.z3.unsat;
  z3.unknown += o.z3.unknown;
  z3.seconds += o.z3.seconds;
  z3.resets += o.z3.resets;
  return *this;
}

std::string PipelineOptions::str() const {
  std::string out;
  for (const LayerName &l : kLayers)
    if (this->*l.flag) {
      if (!out.empty())
        out += ',';
      out += l.name;
    }
  return out.empty() ? "none" : out;
}

llvm::Expected<PipelineOptions> parsePipelineOptions(const std::string &text,
                                                     PipelineOptions base) {
  PipelineOptions o = base;
  for (const LayerName &l : kLayers)
    o.*l.flag = false;
  std::stringstream in(text);
  std::string item;
  bool any = false;
  while (std::getline(in, item, ',')) {
    any = true;
    if (item == "all") {
      for (const LayerName &l : kLayers)
        o.*l.flag = true;
      continue;
    }
    if (item == "none")
      continue;
    bool known = false;
    for (const LayerName &l : kLayers)
      if (item == l.name) {
        o.*l.flag = true;
        known = true;
      }
    if (!known)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "unknown solver option '%s' (expected a comma list of "
          "independence, cex-cache, model-reuse, incremental; or all, none)",
          item.c_str());
  }
  if (!any)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "empty --solver-opts (use 'none' for no "
                                   "optimisation)");
  return o;
}

std::unique_ptr<Solver> createSolverPipeline(expr::ExprContext &ctx,
                                             const PipelineOptions &opts,
                                             PipelineStats &stats) {
  std::unique_ptr<Solver> s;
  if (opts.incremental)
    s = createIncrementalZ3Solver(ctx, opts, stats);
  else
    s = createZ3Solver(ctx, SolverOptions{opts.timeoutMs}, &stats);
  if (opts.cexCache)
    s = createCexCachingSolver(std::move(s), stats);
  if (opts.independence)
    s = createIndependentSolver(std::move(s), stats, opts.cexCache);
  if (opts.modelReuse)
    s = createModelReusingSolver(std::move(s), ctx, stats);
  if (opts.facts)
    s = createFactsSolver(std::move(s), ctx, stats);
  s = createQuantifiedSolver(std::move(s), ctx);
  return std::make_unique<CountingSolver>(std::move(s), stats);
}

} // namespace cosmo::solver
