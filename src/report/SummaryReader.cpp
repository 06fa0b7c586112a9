//===- SummaryReader.cpp - a finished run, read back ----------------------===//

#include "cosmo/report/SummaryReader.h"

#include "cosmo/report/TestVectorFile.h"

#include <llvm/Support/FileSystem.h>

#include <fstream>

namespace cosmo::report {

using nlohmann::json;

namespace {

llvm::Error failure(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                 msg.c_str());
}

engine::Verdict verdictNamed(const std::string &v) {
  if (v == "true")
    return engine::Verdict::True;
  if (v == "false")
    return engine::Verdict::False;
  return engine::Verdict::Unknown;
}

void readStats(const json &s, summary::AnalysisResult &r) {
  engine::RunStats &st = r.stats;
  st.instructions = s.value("instructions", uint64_t{0});
  st.pathsCompleted = s.value("paths_completed", uint64_t{0});
  st.pathsErrored = s.value("paths_errored", uint64_t{0});
  st.pathsCut = s.value("paths_cut", uint64_t{0});
  st.pathsPastAssertions = s.value("paths_past_assertions", uint64_t{0});
  if (s.contains("tests") && s["tests"].is_object()) {
    st.testPolicy = s["tests"].value("policy", "all");
    st.completedTests = s["tests"].value("completed_paths", uint64_t{0});
  }
  st.statesForked = s.value("states_forked", uint64_t{0});
  r.composition.statesMerged = s.value("states_merged", uint64_t{0});
  r.merge = s.value("merge", "none");
  r.loops = s.value("loops", "unroll");
  if (s.contains("loop_summaries")) {
    const json &l = s["loop_summaries"];
    summary::LoopStats &ls = r.loopStats;
    ls.summarized = l.value("summarized", uint64_t{0});
    ls.notSummarized = l.value("not_summarized", uint64_t{0});
    ls.bodyPaths = l.value("body_paths", uint64_t{0});
    ls.recursiveFunctions = l.value("recursive_functions", uint64_t{0});
    ls.recursiveCalls = l.value("recursive_calls", uint64_t{0});
    ls.resumedRecursions = l.value("resumed_recursions", uint64_t{0});
    ls.errorCandidates = l.value("error_candidates", uint64_t{0});
    ls.atReportedPlaces = l.value("at_reported_places", uint64_t{0});
    ls.confirmedByRun = l.value("confirmed_by_run", uint64_t{0});
    ls.provedByAcceleration = l.value("proved_by_acceleration", uint64_t{0});
    ls.refutedByHorn = l.value("refuted_by_horn", uint64_t{0});
    ls.provedByHorn = l.value("proved_by_horn", uint64_t{0});
    ls.refutedOverCells = l.value("refuted_over_cells", uint64_t{0});
    ls.houdiniStepsReused = l.value("houdini_steps_reused", uint64_t{0});
    ls.houdiniChecksBeside = l.value("houdini_checks_beside", uint64_t{0});
    ls.undecided = l.value("undecided", uint64_t{0});
    ls.unrolledAfter = l.value("unrolled_after", uint64_t{0});
    ls.askedLonger = l.value("asked_longer", uint64_t{0});
    ls.runsNotRepeated = l.value("runs_not_repeated", uint64_t{0});
    ls.hornQueries = l.value("horn_queries", uint64_t{0});
    ls.hornSeconds = l.value("horn_seconds", 0.0);
    ls.bodySeconds = l.value("body_seconds", 0.0);
  }
  st.wallSeconds = s.value("wall_seconds", 0.0);
  st.peakMemoryKB = s.value("peak_memory_kb", uint64_t{0});
  st.peakStates = s.value("peak_states", uint64_t{0});
  st.statesDropped = s.value("states_dropped", uint64_t{0});
  st.basicBlocksTotal = s.value("basic_blocks_total", uint64_t{0});
  st.basicBlocksCovered = s.value("basic_blocks_covered", uint64_t{0});
  if (!s.contains("solver"))
    return;
  const json &sv = s["solver"];
  solver::PipelineStats &p = st.solver;
  st.solverOptions = sv.value("options", "");
  p.queries = sv.value("queries", uint64_t{0});
  p.seconds = sv.value("seconds", 0.0);
  json none = json::object();
  const json &facts = sv.contains("facts") ? sv["facts"] : none;
  p.facts.sat = facts.value("sat", uint64_t{0});
  p.facts.unsat = facts.value("unsat", uint64_t{0});
  const json &mr = sv.contains("model_reuse") ? sv["model_reuse"] : none;
  p.modelReuse.hits = mr.value("hits", uint64_t{0});
  p.modelReuse.knownBitsHits = mr.value("known_bits_hits", uint64_t{0});
  p.modelReuse.nearHits = mr.value("near_hits", uint64_t{0});
  p.modelReuse.fixedHits = mr.value("fixed_hits", uint64_t{0});
  const json &ind = sv.contains("independence") ? sv["independence"] : none;
  p.independence.answered = ind.value("answered", uint64_t{0});
  const json &cex = sv.contains("cex_cache") ? sv["cex_cache"] : none;
  p.cexCache.exact = cex.value("exact", uint64_t{0});
  p.cexCache.unsatSubset = cex.value("unsat_subset", uint64_t{0});
  p.cexCache.supersetModel = cex.value("superset_model", uint64_t{0});
  p.cexCache.subsetModel = cex.value("subset_model", uint64_t{0});
  const json &z3 = sv.contains("z3") ? sv["z3"] : none;
  p.z3.queries = z3.value("queries", uint64_t{0});
  p.z3.seconds = z3.value("seconds", 0.0);
}

} // namespace

llvm::Expected<json> readJsonFile(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return failure("cannot read " + path);
  json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return failure(path + " is not valid JSON");
  return j;
}

llvm::Expected<StoredRun> readRun(const std::string &dir) {
  std::string path = dir + "/report.json";
  if (!llvm::sys::fs::exists(path))
    return failure(dir + " holds no report.json (not a cosmo output "
                         "directory, or its run did not finish)");
  auto doc = readJsonFile(path);
  if (!doc)
    return doc.takeError();
  const json &r = *doc;
  try {
    StoredRun run;
    run.info.program = r.at("program").get<std::string>();
    run.info.entry = r.value("entry", "main");
    run.summary.verdict = verdictNamed(r.at("verdict").get<std::string>());
    run.summary.reason = r.value("reason", "");
    for (const json &u : r.value("unknown_reasons", json::array()))
      run.summary.unknownReasons.push_back(u.get<std::string>());
    std::vector<json> errors = r.at("errors");
    for (const json &e : r.value("latent", json::array()))
      errors.push_back(e);
    for (const json &e : errors) {
      engine::ErrorReport er;
      er.latent = e.value("why", "");
      er.latentCondition = e.value("condition", "");
      std::string kind = e.at("kind").get<std::string>();
      auto k = engine::errorKindNamed(kind);
      if (!k)
        return failure(path + ": unknown error kind '" + kind + "'");
      er.kind = *k;
      er.location = locationFromJson(e);
      er.message = e.value("message", "");
      er.seconds = e.value("seconds", 0.0);
      for (const json &f : e.value("stack", json::array()))
        er.stack.push_back(locationFromJson(f));
      std::string test = e.value("test", "");
      if (!test.empty()) {
        auto t = readTestVector(dir + "/" + test);
        if (!t)
          return t.takeError();
        er.test = std::move(t->test);
      }
      run.summary.errors.push_back(std::move(er));
      if (e.contains("replay")) {
        std::string status = e["replay"].get<std::string>();
        ReplayResult rr;
        rr.detail = e.value("replay_detail", "");
        bool known = false;
        for (ReplayStatus s :
             {ReplayStatus::Confirmed, ReplayStatus::NotReproduced,
              ReplayStatus::NotReplayable})
          if (status == replayStatusName(s)) {
            rr.status = s;
            known = true;
          }
        if (!known)
          return failure(path + ": unknown replay status '" + status + "'");
        run.replays.push_back(std::move(rr));
      }
    }
    if (r.contains("stats"))
      readStats(r["stats"], run.summary);
    if (r.contains("store")) {
      const json &st = r["store"];
      run.info.store.location = st.value("location", "");
      for (const json &u : st.value("runs", json::array()))
        run.info.store.runs.push_back({u.value("function", ""),
                                       u.value("status", "") == "reused",
                                       u.value("why", "")});
      for (const json &u : st.value("trees", json::array()))
        run.info.store.trees.push_back({u.value("function", ""),
                                        u.value("status", "") == "reused",
                                        u.value("why", "")});
      run.info.store.hornReused = st.value("horn_answers_reused", uint64_t{0});
      run.info.store.hornKept = st.value("horn_answers_kept", uint64_t{0});
      for (const json &w : st.value("warnings", json::array()))
        run.info.store.warnings.push_back(w.get<std::string>());
    }
    for (const json &l : r.value("loop_invariants", json::array())) {
      summary::LoopInvariant li;
      li.location = locationFromJson(l.at("location"));
      li.function = l.value("function", "");
      li.invariant = l.value("invariant", "");
      li.ofFunction = l.value("kind", "loop") == "recursive_function";
      run.summary.invariants.push_back(std::move(li));
    }
    return run;
  } catch (const json::exception &e) {
    return failure(path + " is malformed: " + e.what());
  } catch (const std::exception &e) {
    return failure(path + " is malformed: " + e.what());
  }
}

} // namespace cosmo::report
