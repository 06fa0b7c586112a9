//===- RunRecord.cpp - a run, as the store keeps it -----------------------===//

#include "cosmo/report/RunRecord.h"

#include <nlohmann/json.hpp>

using nlohmann::json;

// Field lists for nlohmann's conversions, in the namespaces of the types
// (found by argument-dependent lookup). Every field that a report, a test
// or a witness shows is listed; a field added to these structs must be
// added here too (RunRecordTest compares a round trip field by field).
namespace nlohmann {
template <typename T> struct adl_serializer<std::optional<T>> {
  static void to_json(json &j, const std::optional<T> &o) {
    j = o ? json(*o) : json(nullptr);
  }
  static void from_json(const json &j, std::optional<T> &o) {
    o = j.is_null() ? std::nullopt : std::optional<T>(j.get<T>());
  }
};
} // namespace nlohmann

namespace cosmo::engine {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SourceLocation, file, line,
                                                function, column)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ExternalFunction, name,
                                                firstCall)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(InputType, kind, name,
                                                elementBytes, signedChar)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TestInput, name, source,
                                                function, bytes, location, type)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(InputPointer, holder, offset,
                                                target)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TestVector, outcome, errorKind,
                                                errorLocation, errorCallers,
                                                inputs, pointers)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ErrorReport, kind, location,
                                                message, stack, test, seconds,
                                                latent, latentCondition)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FileCoverage, file, lines,
                                                covered)
// The solver's statistics are this run's work, not the result's.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(
    RunStats, instructions, pathsCompleted, pathsErrored, pathsCut,
    pathsPastAssertions,
    completedTests, testPolicy, statesForked, solverOptions, wallSeconds,
    peakMemoryKB, peakStates, statesDropped, basicBlocksTotal,
    basicBlocksCovered)
} // namespace cosmo::engine

namespace cosmo::summary {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(
    CompositionStats, functionsSummarized, functionsNotSummarized,
    notSummarizedBecause, treeNodes, treeNodesCompressed, treeLeaves,
    treePairs, invocations, replayed, inlined, pairsChecked, pairsInfeasible,
    pairsSolverFree, guidedDecisions, guidesDropped, errorsShortCircuited,
    pathsPruned, statesMerged, summariesComposed, inlinedConcrete,
    inlinedBecause, summaryTerms)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(
    LoopStats, summarized, notSummarized, notSummarizedBecause, bodyPaths,
    recursiveFunctions, recursiveCalls, resumedRecursions, errorCandidates,
    confirmedByRun, provedByAcceleration, refutedByHorn, provedByHorn,
    undecided, unrolledAfter, askedLonger, refutedOverCells, atReportedPlaces,
    houdiniStepsReused, runsNotRepeated, houdiniChecksBeside)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(LoopInvariant, location,
                                                function, invariant,
                                                ofFunction)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ContractResult, function,
                                                location, verdict, reason,
                                                seconds)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MemoTreeInfo::Node, id, parent,
                                                file, line, choice,
                                                viaCalleeTree)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(MemoTreeInfo::Pair, node, kind,
                                                pc, errorKind, file, detail,
                                                line, heap, result,
                                                opaqueEffect, writes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(
    MemoTreeInfo, function, irHash, depthBound, compressedNodes, branches,
    invocations, replayed, summaryTerms, opaqueEffect, inputs, nodes, pairs)
} // namespace cosmo::summary

namespace cosmo::report {

namespace {

json resultToJson(const summary::AnalysisResult &r) {
  return json{{"verdict", r.verdict},
              {"reason", r.reason},
              {"errors", r.errors},
              {"unknownReasons", r.unknownReasons},
              {"stats", r.stats},
              {"coverage", r.coverage},
              {"externals", r.externals},
              {"calls", r.calls},
              {"merge", r.merge},
              {"loops", r.loops},
              {"composition", r.composition},
              {"loopStats", r.loopStats},
              {"invariants", r.invariants},
              {"witnessInvariants", r.witnessInvariants},
              {"contracts", r.contracts},
              {"trees", r.trees}};
}

summary::AnalysisResult resultFromJson(const json &j) {
  summary::AnalysisResult r;
  j.at("verdict").get_to(r.verdict);
  j.at("reason").get_to(r.reason);
  j.at("errors").get_to(r.errors);
  j.at("unknownReasons").get_to(r.unknownReasons);
  j.at("stats").get_to(r.stats);
  j.at("coverage").get_to(r.coverage);
  j.at("externals").get_to(r.externals);
  j.at("calls").get_to(r.calls);
  j.at("merge").get_to(r.merge);
  j.at("loops").get_to(r.loops);
  j.at("composition").get_to(r.composition);
  j.at("loopStats").get_to(r.loopStats);
  j.at("invariants").get_to(r.invariants);
  j.at("witnessInvariants").get_to(r.witnessInvariants);
  j.at("contracts").get_to(r.contracts);
  j.at("trees").get_to(r.trees);
  return r;
}

} // namespace

void RunRecord::replay(engine::RunListener &listener) const {
  for (const auto &event : events) {
    if (auto *e = std::get_if<engine::ErrorReport>(&event))
      listener.onError(*e);
    else
      listener.onCompletedPath(std::get<engine::TestVector>(event));
  }
}

void RunRecorder::onError(const engine::ErrorReport &e) {
  record_.events.emplace_back(e);
  next_.onError(e);
}

void RunRecorder::onCompletedPath(const engine::TestVector &t) {
  record_.events.emplace_back(t);
  next_.onCompletedPath(t);
}

std::string serializeRunRecord(const RunRecord &record) {
  json events = json::array();
  for (const auto &event : record.events) {
    if (auto *e = std::get_if<engine::ErrorReport>(&event))
      events.push_back(json{{"error", *e}});
    else
      events.push_back(json{{"test", std::get<engine::TestVector>(event)}});
  }
  json j{{"events", std::move(events)},
         {"result", resultToJson(record.result)}};
  // Text the program gave (names, messages) need not be UTF-8.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

llvm::Expected<RunRecord> parseRunRecord(const std::string &payload) {
  try {
    json j = json::parse(payload);
    RunRecord record;
    for (const json &event : j.at("events")) {
      if (event.contains("error"))
        record.events.emplace_back(
            event.at("error").get<engine::ErrorReport>());
      else
        record.events.emplace_back(event.at("test").get<engine::TestVector>());
    }
    record.result = resultFromJson(j.at("result"));
    return record;
  } catch (const json::exception &e) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   std::string("not a run record: ") +
                                       e.what());
  }
}

} // namespace cosmo::report
