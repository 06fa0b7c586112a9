//===- ContractRuns.cpp - the runs that verify ACSL contracts -------------===//

#include "cosmo/summary/ContractRuns.h"

#include <fmt/format.h>

#include <algorithm>

namespace cosmo::summary {

using frontend::acsl::ContractedFunction;

std::vector<ContractedFunction>
verifiableContracts(const llvm::Module &m,
                    const std::vector<ContractedFunction> &all) {
  std::vector<ContractedFunction> out;
  for (const ContractedFunction &f : all) {
    const llvm::Function *body = m.getFunction(f.name);
    const llvm::Function *verifier = m.getFunction(verifierOf(f));
    if (body && !body->isDeclaration() && verifier &&
        !verifier->isDeclaration())
      out.push_back(f);
  }
  return out;
}

std::string verifierOf(const ContractedFunction &f) {
  return frontend::acsl::kVerifyPrefix + f.name;
}

engine::EngineOptions contractRunOptions(const ContractedFunction &f,
                                         engine::EngineOptions base) {
  base.entry = verifierOf(f);
  base.globalsAsInputs = true;
  // The requires say what the parameters point to.
  base.inputs = engine::InputShapes::Any;
  // Paths under an assumed \forall may go on without a model
  // (Executor::ask): no model reuse in a contract's run.
  base.solver.modelReuse = false;
  return base;
}

void mergeContractRun(AnalysisResult &into, AnalysisResult run,
                      const ContractedFunction &f, const std::string &file,
                      const std::string &entryRan) {
  bool first = entryRan.empty() && into.contracts.empty();
  ContractResult result;
  result.function = f.name;
  result.location = {file, f.line, f.name, 0};
  result.verdict = run.verdict;
  result.seconds = run.stats.wallSeconds;
  if (run.verdict == engine::Verdict::False && !run.errors.empty())
    result.reason = fmt::format("{} at line {}",
                                engine::errorKindName(run.errors[0].kind),
                                run.errors[0].location.line);
  else if (run.verdict == engine::Verdict::Unknown)
    result.reason = run.reason;

  std::vector<ContractResult> contracts = std::move(into.contracts);
  if (first) {
    into = run;
    for (std::string &r : into.unknownReasons)
      r = f.name + "'s contract: " + r;
  } else {
    for (engine::ErrorReport &e : run.errors)
      into.errors.push_back(std::move(e));
    for (const std::string &r : run.unknownReasons)
      into.unknownReasons.push_back(f.name + "'s contract: " + r);
    engine::RunStats &a = into.stats;
    const engine::RunStats &b = run.stats;
    a.instructions += b.instructions;
    a.pathsCompleted += b.pathsCompleted;
    a.pathsErrored += b.pathsErrored;
    a.pathsCut += b.pathsCut;
    a.pathsPastAssertions += b.pathsPastAssertions;
    a.completedTests += b.completedTests;
    a.statesForked += b.statesForked;
    a.solver += b.solver;
    a.wallSeconds += b.wallSeconds;
    a.peakMemoryKB = std::max(a.peakMemoryKB, b.peakMemoryKB);
  }
  contracts.push_back(result);
  into.contracts = std::move(contracts);

  // The program is correct when its run and every contract are.
  size_t errors = into.errors.size();
  bool allTrue = (first || into.verdict == engine::Verdict::True) &&
                 run.verdict == engine::Verdict::True;
  if (errors > 0) {
    into.verdict = engine::Verdict::False;
    into.reason = fmt::format("{} error{} found", errors, errors == 1 ? "" : "s");
  } else if (allTrue) {
    into.verdict = engine::Verdict::True;
    size_t n = into.contracts.size();
    into.reason = fmt::format(
        "{} contract{} verified{}", n, n == 1 ? "" : "s",
        entryRan.empty() ? "" : ", no error reachable from " + entryRan);
  } else {
    into.verdict = engine::Verdict::Unknown;
    if (run.verdict == engine::Verdict::Unknown)
      into.reason = f.name + "'s contract: " + run.reason;
  }
}

void noteTrustedContracts(AnalysisResult &summary,
                          const std::vector<ContractedFunction> &all,
                          const std::vector<ContractedFunction> &verified,
                          const std::string &why) {
  if (summary.verdict != engine::Verdict::True)
    return;
  size_t trusted = std::count_if(
      all.begin(), all.end(), [&](const ContractedFunction &f) {
        return f.usable &&
               std::none_of(verified.begin(), verified.end(),
                            [&](const ContractedFunction &v) {
                              return v.name == f.name;
                            });
      });
  if (trusted == 0)
    return;
  summary.reason += fmt::format(
      "; assuming {} contract{} that {} not verified ({})", trusted,
      trusted == 1 ? "" : "s", trusted == 1 ? "was" : "were", why);
}

} // namespace cosmo::summary
