//===- Report.cpp - output directory, JSON formats, terminal summary ------===//

#include "cosmo/report/Report.h"

#include "Bytes.h"
#include "InputText.h"

#include "cosmo/report/Coverage.h"
#include "cosmo/report/Sarif.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

namespace cosmo::report {

using nlohmann::json;

namespace {

llvm::Error ioError(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}



// "3 tests: 1 error, 2 completed paths that ran new code"
std::string testsLine(const summary::AnalysisResult &summary) {
  const engine::RunStats &st = summary.stats;
  size_t errors = summary.errors.size();
  uint64_t total = errors + st.completedTests;
  std::string paths =
      st.testPolicy == "all"
          ? "completed paths"
          : st.testPolicy == "errors"
                ? "completed paths (--tests=errors)"
                : "completed paths that ran new code (--tests=all for every "
                  "path)";
  return fmt::format("{} test{}: {} error{}, {} {}", total,
                     total == 1 ? "" : "s", errors, errors == 1 ? "" : "s",
                     st.completedTests, paths);
}

} // namespace

bool writeJson(const std::string &path, const json &j) {
  std::ofstream out(path);
  out << j.dump(2) << "\n";
  return static_cast<bool>(out);
}

json locationToJson(const engine::SourceLocation &l) {
  json j{{"function", l.function}, {"file", l.file}, {"line", l.line}};
  if (l.column > 0)
    j["column"] = l.column;
  return j;
}

engine::SourceLocation locationFromJson(const json &l) {
  engine::SourceLocation loc;
  if (!l.is_object())
    return loc;
  auto text = [&](const char *key) {
    return l.contains(key) && l.at(key).is_string() ? l.at(key).get<std::string>()
                                                    : std::string();
  };
  auto number = [&](const char *key) {
    return l.contains(key) && l.at(key).is_number_unsigned()
               ? l.at(key).get<unsigned>()
               : 0u;
  };
  loc.file = text("file");
  loc.function = text("function");
  loc.line = number("line");
  loc.column = number("column");
  return loc;
}

json solverStatsToJson(const std::string &options,
                       const solver::PipelineStats &s) {
  return json{
      {"options", options},
      {"queries", s.queries},
      {"seconds", s.seconds},
      {"facts", {{"sat", s.facts.sat}, {"unsat", s.facts.unsat}}},
      {"model_reuse",
       {{"hits", s.modelReuse.hits},
        {"known_bits_hits", s.modelReuse.knownBitsHits},
        {"near_hits", s.modelReuse.nearHits},
        {"fixed_hits", s.modelReuse.fixedHits},
        {"misses", s.modelReuse.misses},
        {"fixing_queries", s.modelReuse.fixingQueries},
        {"fixed", s.modelReuse.fixed}}},
      {"independence",
       {{"queries", s.independence.queries},
        {"answered", s.independence.answered},
        {"constraints_before", s.independence.constraintsBefore},
        {"constraints_after", s.independence.constraintsAfter},
        {"subqueries", s.independence.subqueries}}},
      {"cex_cache",
       {{"exact", s.cexCache.exact},
        {"unsat_subset", s.cexCache.unsatSubset},
        {"superset_model", s.cexCache.supersetModel},
        {"subset_model", s.cexCache.subsetModel},
        {"misses", s.cexCache.misses}}},
      {"z3",
       {{"queries", s.z3.queries},
        {"sat", s.z3.sat},
        {"unsat", s.z3.unsat},
        {"unknown", s.z3.unknown},
        {"seconds", s.z3.seconds},
        {"resets", s.z3.resets}}}};
}

json compositionStatsToJson(const summary::CompositionStats &c) {
  return json{{"functions_summarized", c.functionsSummarized},
              {"functions_not_summarized", c.functionsNotSummarized},
              {"tree_nodes", c.treeNodes},
              {"tree_nodes_compressed", c.treeNodesCompressed},
              {"tree_leaves", c.treeLeaves},
              {"tree_pairs", c.treePairs},
              {"init_queries", c.initQueries},
              {"init_solver_calls", c.initSolverCalls},
              {"init_seconds", c.initSeconds},
              {"invocations", c.invocations},
              {"replayed", c.replayed},
              {"inlined", c.inlined},
              {"pairs_checked", c.pairsChecked},
              {"pairs_infeasible", c.pairsInfeasible},
              {"pairs_solver_free", c.pairsSolverFree},
              {"pair_check_queries", c.pairCheckQueries},
              {"pair_check_solver_calls", c.pairCheckSolverCalls},
              {"pair_check_seconds", c.pairCheckSeconds},
              {"guided_decisions", c.guidedDecisions},
              {"guides_dropped", c.guidesDropped},
              {"errors_short_circuited", c.errorsShortCircuited},
              {"paths_pruned", c.pathsPruned},
              {"summaries_composed", c.summariesComposed},
              {"inlined_concrete", c.inlinedConcrete},
              {"inlined_because", c.inlinedBecause},
              {"not_summarized_because", c.notSummarizedBecause},
              {"summary_terms", c.summaryTerms}};
}

json loopStatsToJson(const summary::LoopStats &l) {
  return json{{"summarized", l.summarized},
              {"not_summarized", l.notSummarized},
              {"not_summarized_because", l.notSummarizedBecause},
              {"body_paths", l.bodyPaths},
              {"recursive_functions", l.recursiveFunctions},
              {"recursive_calls", l.recursiveCalls},
              {"resumed_recursions", l.resumedRecursions},
              {"error_candidates", l.errorCandidates},
              {"at_reported_places", l.atReportedPlaces},
              {"confirmed_by_run", l.confirmedByRun},
              {"proved_by_acceleration", l.provedByAcceleration},
              {"refuted_by_horn", l.refutedByHorn},
              {"proved_by_horn", l.provedByHorn},
              {"refuted_over_cells", l.refutedOverCells},
              {"houdini_steps_reused", l.houdiniStepsReused},
              {"houdini_checks_beside", l.houdiniChecksBeside},
              {"undecided", l.undecided},
              {"unrolled_after", l.unrolledAfter},
              {"asked_longer", l.askedLonger},
              {"runs_not_repeated", l.runsNotRepeated},
              {"horn_queries", l.hornQueries},
              {"horn_seconds", l.hornSeconds},
              {"body_seconds", l.bodySeconds}};
}

json statsToJson(const summary::AnalysisResult &r) {
  const engine::RunStats &s = r.stats;
  return json{{"instructions", s.instructions},
              {"paths_completed", s.pathsCompleted},
              {"paths_errored", s.pathsErrored},
              {"paths_cut", s.pathsCut},
              {"paths_past_assertions", s.pathsPastAssertions},
              {"tests", {{"policy", s.testPolicy},
                         {"completed_paths", s.completedTests}}},
              {"states_forked", s.statesForked},
              {"states_merged", r.composition.statesMerged},
              {"merge", r.merge},
              {"solver", solverStatsToJson(s.solverOptions, s.solver)},
              {"wall_seconds", s.wallSeconds},
              {"peak_memory_kb", s.peakMemoryKB},
              {"peak_states", s.peakStates},
              {"states_dropped", s.statesDropped},
              {"basic_blocks_total", s.basicBlocksTotal},
              {"basic_blocks_covered", s.basicBlocksCovered},
              {"calls", r.calls},
              {"composition", compositionStatsToJson(r.composition)},
              {"loops", r.loops},
              {"loop_summaries", loopStatsToJson(r.loopStats)}};
}

json memoTreeToJson(const summary::MemoTreeInfo &t) {
  json nodes = json::array();
  for (const auto &n : t.nodes) {
    json j{{"id", n.id}};
    if (n.id != n.parent)
      j.update(json{{"parent", n.parent},
                    {"file", n.file},
                    {"line", n.line},
                    {"choice", n.choice},
                    {"via_callee_tree", n.viaCalleeTree}});
    nodes.push_back(std::move(j));
  }
  json pairs = json::array();
  for (const auto &p : t.pairs) {
    json j{{"node", p.node}, {"kind", p.kind}, {"pc", p.pc}, {"heap", p.heap}};
    if (!p.errorKind.empty())
      j["error"] = p.errorKind;
    if (p.line > 0)
      j["location"] = json{{"file", p.file}, {"line", p.line}};
    if (!p.detail.empty())
      j["detail"] = p.detail;
    if (!p.result.empty())
      j["result"] = p.result;
    if (!p.writes.empty())
      j["writes"] = p.writes;
    if (!p.opaqueEffect.empty())
      j["opaque_effect"] = p.opaqueEffect;
    pairs.push_back(std::move(j));
  }
  return json{{"version", 1},
              {"function", t.function},
              {"ir_hash", t.irHash},
              {"depth_bound", t.depthBound},
              {"branches", t.branches},
              {"invocations", t.invocations},
              {"replayed", t.replayed},
              {"summary_terms", t.summaryTerms},
              {"opaque_effect", t.opaqueEffect},
              {"inputs", t.inputs},
              {"nodes_compressed", t.compressedNodes},
              {"nodes", nodes},
              {"pairs", pairs}};
}

/// "type", "type_kind", "element_size" and a struct's "fields" (each
/// with "name", "offset", "size" and its own type) of an input.
void addInputType(json &j, const engine::InputType &type) {
  if (!type.name.empty())
    j["type"] = type.name;
  std::string kind = engine::inputKindName(type);
  if (kind.empty())
    return;
  j["type_kind"] = kind;
  if (type.elementBytes)
    j["element_size"] = type.elementBytes;
  if (type.kind == engine::InputType::Kind::Struct) {
    json fields = json::array();
    for (const engine::InputField &f : type.fields) {
      json field{{"name", f.name}, {"offset", f.offset}, {"size", f.size}};
      addInputType(field, f.type);
      fields.push_back(std::move(field));
    }
    j["fields"] = std::move(fields);
  }
}

json testToJson(const engine::TestVector &t, const RunInfo &info) {
  json inputs = json::array();
  for (const engine::TestInput &in : t.inputs) {
    json j{{"name", in.name},
           {"source", in.source},
           {"size", in.bytes.size()},
           {"hex", hexOf(in.bytes)}};
    if (!in.function.empty())
      j["function"] = in.function;
    if (in.location.line > 0)
      j["location"] = locationToJson(in.location);
    addInputType(j, in.type);
    if (std::optional<std::string> value = cValueOf(in))
      j["value"] = *value;
    inputs.push_back(std::move(j));
  }
  json err = nullptr;
  if (t.errorKind) {
    err = json{{"kind", engine::errorKindName(*t.errorKind)},
               {"file", t.errorLocation.file},
               {"line", t.errorLocation.line},
               {"function", t.errorLocation.function}};
    if (!t.errorCallers.empty()) {
      json callers = json::array();
      for (const engine::SourceLocation &call : t.errorCallers)
        callers.push_back(json{{"file", call.file},
                               {"line", call.line},
                               {"function", call.function}});
      err["callers"] = std::move(callers);
    }
  }
  json out{{"version", 1},        {"program", info.program},
           {"data_model", info.dataModel},
           {"entry", info.entry}, {"outcome", t.outcome},
           {"error", err},        {"inputs", inputs}};
  if (!info.buildFiles.empty())
    out["build"] = json{{"files", info.buildFiles}, {"flags", info.buildFlags}};
  if (info.entry != "main" && info.signature) {
    json params = json::array();
    for (const auto &[name, type] : info.signature->params)
      params.push_back(json{{"name", name}, {"type", type}});
    out["signature"] = json{{"return", info.signature->returnType},
                            {"params", params}};
  }
  if (!t.pointers.empty()) {
    json ptrs = json::array();
    for (const engine::InputPointer &p : t.pointers)
      ptrs.push_back(json{{"in", p.holder},
                          {"offset", p.offset},
                          {"to", p.target.empty() ? json(nullptr)
                                                  : json(p.target)}});
    out["pointers"] = ptrs;
  }
  return out;
}

std::string freshOutputDirectory(const std::string &base) {
  if (!llvm::sys::fs::exists(base))
    return base;
  for (unsigned n = 1;; ++n) {
    std::string d = fmt::format("{}-{}", base, n);
    if (!llvm::sys::fs::exists(d))
      return d;
  }
}

llvm::Expected<std::unique_ptr<OutputDirectory>>
OutputDirectory::create(const std::string &dir, RunInfo info) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir + "/tests"))
    return ioError("cannot create output directory " + dir + ": " +
                   ec.message());
  // Remove what an earlier run left, so the directory describes this run.
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir + "/tests", ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    if (name.startswith("test-") && name.endswith(".json"))
      llvm::sys::fs::remove(it->path());
  }
  for (const char *f : {"report.json", "stats.json", "coverage.json",
                        "report.sarif", "witness.yml"})
    llvm::sys::fs::remove(dir + "/" + f);
  for (llvm::sys::fs::directory_iterator it(dir + "/trees", ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".json")
      llvm::sys::fs::remove(it->path());
  return std::unique_ptr<OutputDirectory>(
      new OutputDirectory(dir, std::move(info)));
}

std::string OutputDirectory::writeTest(const engine::TestVector &test) {
  std::string rel = fmt::format("tests/test-{:06}.json", nextTest_++);
  RunInfo info = info_;
  if (!testEntry_.empty()) {
    info.entry = testEntry_;
    info.signature = testSignature_;
  }
  if (!writeJson(dir_ + "/" + rel, testToJson(test, info)) &&
      writeFailure_.empty())
    writeFailure_ = "cannot write " + dir_ + "/" + rel;
  return rel;
}

void OutputDirectory::onError(const engine::ErrorReport &error) {
  errorTests_.push_back(writeTest(error.test));
}

void OutputDirectory::onCompletedPath(const engine::TestVector &test) {
  std::string file = writeTest(test);
  if (keepCompleted_)
    completed_.emplace_back(std::move(file), test);
}

llvm::Error OutputDirectory::finish(const summary::AnalysisResult &summary,
                                    const std::vector<ReplayResult> &replays) {
  if (!writeFailure_.empty())
    return ioError(writeFailure_);
  json errors = json::array(), latent = json::array();
  for (size_t i = 0; i < summary.errors.size(); ++i) {
    const engine::ErrorReport &e = summary.errors[i];
    json stack = json::array();
    for (const auto &l : e.stack)
      stack.push_back(locationToJson(l));
    json &list = e.latent.empty() ? errors : latent;
    list.push_back(json{{"kind", engine::errorKindName(e.kind)},
                          {"file", e.location.file},
                          {"line", e.location.line},
                          {"function", e.location.function},
                          {"message", e.message},
                          {"stack", stack},
                          {"seconds", e.seconds},
                          {"test", i < errorTests_.size() ? errorTests_[i]
                                                          : ""}});
    if (i < replays.size()) {
      list.back()["replay"] = replayStatusName(replays[i].status);
      list.back()["replay_detail"] = replays[i].detail;
    }
    if (!e.latent.empty()) {
      list.back()["why"] = e.latent;
      list.back()["condition"] = e.latentCondition;
    }
  }
  json stats = statsToJson(summary);
  stats["frontend"] = json{{"c_units", info_.frontend.units},
                           {"units_linked", info_.frontend.unitsLinked},
                           {"cache_hits", info_.frontend.cacheHits},
                           {"cache_misses", info_.frontend.cacheMisses},
                           {"clang_seconds", info_.frontend.clangSeconds}};
  json externals = json::array();
  for (const engine::ExternalFunction &e : summary.externals) {
    json j{{"name", e.name}};
    if (e.firstCall.line > 0)
      j["location"] = locationToJson(e.firstCall);
    externals.push_back(std::move(j));
  }
  json report{{"version", 1},
              {"program", info_.program},
              {"inputs", info_.files.empty()
                             ? std::vector<std::string>{info_.program}
                             : info_.files},
              {"data_model", info_.dataModel},
              {"externals", externals},
              {"entry", info_.entry},
              {"verdict", engine::verdictName(summary.verdict)},
              {"reason", summary.reason},
              {"errors", errors},
              {"latent", latent},
              {"unknown_reasons", summary.unknownReasons},
              {"stats", stats}};
  auto invariantsToJson = [](const std::vector<summary::LoopInvariant> &ls) {
    json out = json::array();
    for (const summary::LoopInvariant &l : ls)
      out.push_back(json{{"location", locationToJson(l.location)},
                         {"function", l.function},
                         {"kind", l.ofFunction ? "recursive_function" : "loop"},
                         {"invariant", l.invariant}});
    return out;
  };
  if (!summary.invariants.empty())
    report["loop_invariants"] = invariantsToJson(summary.invariants);
  if (!summary.contracts.empty()) {
    json contracts = json::array();
    for (const summary::ContractResult &c : summary.contracts)
      contracts.push_back(json{{"function", c.function},
                               {"location", locationToJson(c.location)},
                               {"status", summary::contractStatusName(c.verdict)},
                               {"reason", c.reason},
                               {"seconds", c.seconds}});
    report["contracts"] = std::move(contracts);
  }
  if (!info_.store.location.empty())
    report["store"] = storeUseToJson(info_.store);
  if (!summary.witnessInvariants.empty())
    report["witness_invariants"] = invariantsToJson(summary.witnessInvariants);
  for (const summary::MemoTreeInfo &t : summary.trees) {
    llvm::sys::fs::create_directories(dir_ + "/trees");
    if (!writeJson(dir_ + "/trees/" + t.function + ".json", memoTreeToJson(t)))
      return ioError("cannot write " + dir_ + "/trees/" + t.function + ".json");
  }
  if (!writeJson(dir_ + "/report.json", report) ||
      !writeJson(dir_ + "/stats.json", stats) ||
      !writeJson(dir_ + "/coverage.json", coverageToJson(summary.coverage)))
    return ioError("cannot write the report into " + dir_);
  if (sarif_ && !writeJson(dir_ + "/report.sarif",
                           sarifLog(summary, info_, COSMO_VERSION)))
    return ioError("cannot write " + dir_ + "/report.sarif");
  return llvm::Error::success();
}

namespace {
json storeRunsToJson(const std::vector<StoreUse::Run> &list) {
  json out = json::array();
  for (const StoreUse::Run &r : list) {
    json j{{"function", r.function}, {"status", r.reused ? "reused" : "rebuilt"}};
    if (!r.reused)
      j["why"] = r.why;
    out.push_back(std::move(j));
  }
  return out;
}
size_t reusedIn(const std::vector<StoreUse::Run> &list) {
  return std::count_if(list.begin(), list.end(),
                       [](const StoreUse::Run &r) { return r.reused; });
}
/// "N reused, M rebuilt: f (why), ..."
std::string reuseText(const std::vector<StoreUse::Run> &list) {
  std::vector<std::string> rebuilt;
  for (const StoreUse::Run &r : list)
    if (!r.reused)
      rebuilt.push_back(r.function + " (" + r.why + ")");
  std::string text = fmt::format("{} reused, {} rebuilt", reusedIn(list),
                                 rebuilt.size());
  if (!rebuilt.empty())
    text += ": " + fmt::format("{}", fmt::join(rebuilt, ", "));
  return text;
}
} // namespace

json storeUseToJson(const StoreUse &use) {
  size_t reused = reusedIn(use.runs), treesReused = reusedIn(use.trees);
  return json{{"location", use.location},
              {"reused", reused},
              {"rebuilt", use.runs.size() - reused},
              {"runs", storeRunsToJson(use.runs)},
              {"trees_reused", treesReused},
              {"trees_rebuilt", use.trees.size() - treesReused},
              {"trees", storeRunsToJson(use.trees)},
              {"horn_answers_reused", use.hornReused},
              {"horn_answers_kept", use.hornKept},
              {"warnings", use.warnings}};
}

std::string storeLine(const StoreUse &use) {
  std::string line = "store: " + reuseText(use.runs);
  if (!use.trees.empty())
    line += "; callees' trees: " + reuseText(use.trees);
  if (use.hornReused + use.hornKept > 0)
    line += fmt::format("; Horn answers: {} reused, {} kept", use.hornReused,
                        use.hornKept);
  return line + " (" + use.location + ")";
}

std::string externalsLine(const std::vector<engine::ExternalFunction> &list) {
  std::string line = "external functions (no definition): ";
  for (size_t i = 0; i < list.size(); ++i) {
    const engine::ExternalFunction &e = list[i];
    line += (i ? ", " : "") + e.name;
    if (e.firstCall.line > 0)
      line += fmt::format(" ({}:{})", e.firstCall.file, e.firstCall.line);
  }
  return line;
}

std::string formatSummary(const summary::AnalysisResult &summary,
                          const RunInfo &info, const std::string &outDir,
                          bool color,
                          const std::vector<ReplayResult> &replays) {
  auto paint = [&](const char *code, const std::string &s) {
    return color ? fmt::format("\033[{}m{}\033[0m", code, s) : s;
  };
  auto replayColor = [](ReplayStatus s) {
    return s == ReplayStatus::Confirmed       ? "32"
           : s == ReplayStatus::NotReproduced ? "1;33"
                                              : "33";
  };
  std::string out;
  unsigned replayCounts[3] = {0, 0, 0};
  size_t latentCount = 0, shown = 0, brief = 0;
  for (size_t i = 0; i < summary.errors.size(); ++i) {
    const engine::ErrorReport &e = summary.errors[i];
    if (!e.latent.empty() && (++latentCount, !info.reportLatent))
      continue;
    if (++shown > kBriefErrors && !info.verbose) {
      // Many errors: the rest one line each (their tests are in OUT/tests).
      std::string file =
          e.location.file.empty() ? info.program : e.location.file;
      out += fmt::format("{}:{}: {} {} in {}: {}\n", file, e.location.line,
                         paint("1;31", "error:"), engine::errorKindName(e.kind),
                         e.location.function, e.message);
      if (i < replays.size())
        ++replayCounts[static_cast<int>(replays[i].status)];
      ++brief;
      continue;
    }
    std::string file = e.location.file.empty() ? info.program : e.location.file;
    out += fmt::format("{}:{}: {} {} in {}: {}\n", file, e.location.line,
                       e.latent.empty() ? paint("1;31", "error:")
                                        : paint("1;33", "latent error:"),
                       engine::errorKindName(e.kind), e.location.function,
                       e.message);
    if (!e.latent.empty())
      out += fmt::format("    latent: {}\n    when: {}\n", e.latent,
                         e.latentCondition.empty() ? "-" : e.latentCondition);
    if (i < replays.size()) {
      out += fmt::format("    native replay: {}\n",
                         paint(replayColor(replays[i].status),
                               describe(replays[i])));
      ++replayCounts[static_cast<int>(replays[i].status)];
    }
    out += inputLines(e.test, "    ");
    for (const auto &l : e.stack)
      out += fmt::format("    at {} ({}:{})\n", l.function, l.file, l.line);
  }
  if (brief > 0)
    out += fmt::format("(inputs of the last {} error{} left out: --verbose "
                       "prints them, OUT/tests holds their tests)\n",
                       brief, brief == 1 ? "" : "s");
  if (latentCount > 0 && !info.reportLatent)
    out += fmt::format("{} latent error{} (a caller must pass a NULL, a "
                       "particular struct or a smaller object): listed in "
                       "report.json, printed with --report-latent\n",
                       latentCount, latentCount == 1 ? "" : "s");
  const char *vc = summary.verdict == engine::Verdict::True    ? "1;32"
                   : summary.verdict == engine::Verdict::False ? "1;31"
                                                               : "1;33";
  const auto &st = summary.stats;
  out += fmt::format(
      "verdict: {} ({})\n", paint(vc, engine::verdictName(summary.verdict)),
      summary.reason);
  // Why paths did not reach their end, whatever the verdict (the first
  // reason of an unknown verdict is its reason already).
  constexpr size_t kReasonsShown = 10;
  const std::vector<std::string> &reasons = summary.unknownReasons;
  size_t first = summary.verdict == engine::Verdict::Unknown ? 1 : 0;
  for (size_t i = first; i < reasons.size() && i < first + kReasonsShown; ++i)
    out += fmt::format("  {}: {}\n",
                       first == 0 ? "not explored to the end" : "also",
                       reasons[i]);
  if (reasons.size() > first + kReasonsShown)
    out += fmt::format("  ... and {} more reasons (report.json)\n",
                       reasons.size() - first - kReasonsShown);
  for (const summary::LoopInvariant &l : summary.invariants)
    out += l.ofFunction
               ? fmt::format("  recursive function {} at {}:{}: every return "
                             "satisfies {}\n",
                             l.function, l.location.file, l.location.line,
                             l.invariant)
               : fmt::format("  loop at {}:{} in {}: invariant {}\n",
                             l.location.file, l.location.line, l.function,
                             l.invariant);
  for (const summary::ContractResult &c : summary.contracts)
    out += fmt::format("  contract of {} ({}:{}): {} in {:.2f}s{}\n", c.function,
                       c.location.file, c.location.line,
                       summary::contractStatusName(c.verdict), c.seconds,
                       c.reason.empty() ? "" : " (" + c.reason + ")");
  if (!summary.externals.empty())
    out += externalsLine(summary.externals) + "\n";
  if (const summary::LoopStats &ls = summary.loopStats; ls.recursiveCalls > 0)
    out += fmt::format("recursion: {} recursive functions summarized, {} "
                       "calls of them replaced by their summaries{}\n",
                       ls.recursiveFunctions, ls.recursiveCalls,
                       ls.resumedRecursions
                           ? fmt::format("; {} recursions run again "
                                         "summarised (their unrolling was "
                                         "slow or undecided)",
                                         ls.resumedRecursions)
                           : "");
  if (const summary::LoopStats &ls = summary.loopStats;
      ls.summarized + ls.recursiveCalls > 0)
    out += fmt::format(
        "loops: {} summarized ({} left to unrolling); {} errors past them: "
        "{} confirmed by a run, {} by accelerated iterations, {} refuted and "
        "{} proved by Horn clauses ({:.2f}s{}), {} undecided ({} loops "
        "unrolled for them){}\n",
        ls.summarized, ls.notSummarized, ls.errorCandidates, ls.confirmedByRun,
        ls.provedByAcceleration, ls.refutedByHorn, ls.provedByHorn,
        ls.hornSeconds,
        ls.askedLonger ? fmt::format(", {} questions given more time",
                                     ls.askedLonger)
                       : std::string(),
        ls.undecided, ls.unrolledAfter,
        ls.atReportedPlaces
            ? fmt::format("; {} more at places already reported",
                          ls.atReportedPlaces)
            : std::string());
  out += fmt::format("paths: {} completed{}, {} with errors, {} cut; "
                     "{} instructions; {:.2f}s total; peak memory {} MB\n",
                     st.pathsCompleted,
                     st.pathsPastAssertions
                         ? fmt::format(" ({} where no assertion was ahead)",
                                       st.pathsPastAssertions)
                         : std::string(),
                     st.pathsErrored, st.pathsCut,
                     st.instructions, st.wallSeconds,
                     (st.peakMemoryKB + 1023) / 1024);
  const solver::PipelineStats &ss = st.solver;
  out += fmt::format("solver: {} queries ({:.2f}s, --solver-opts={}): "
                     "{} answered by path facts, {} by model reuse, {} by "
                     "independence, {} by the cex cache; {} reached Z3 "
                     "({:.2f}s)\n",
                     ss.queries, ss.seconds, st.solverOptions,
                     ss.facts.answered(),
                     ss.modelReuse.hits + ss.modelReuse.nearHits +
                         ss.modelReuse.knownBitsHits +
                         ss.modelReuse.fixedHits,
                     ss.independence.answered,
                     ss.cexCache.hits(), ss.z3.queries, ss.z3.seconds);
  if (!replays.empty())
    out += fmt::format("native replay: {} confirmed, {} not reproduced, {} "
                       "not replayable\n",
                       replayCounts[0], replayCounts[1], replayCounts[2]);
  if (!info.store.location.empty())
    out += storeLine(info.store) + "\n";
  out += fmt::format("results in {}/ (report.json, tests/: {})\n", outDir,
                     testsLine(summary));
  return out;
}

} // namespace cosmo::report
