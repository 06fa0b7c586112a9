//===- Sarif.cpp - SARIF 2.1.0 --------------------------------------------===//

#include "cosmo/report/Sarif.h"

#include "Bytes.h"

#include <fmt/format.h>

#include <map>

namespace cosmo::report {

using nlohmann::json;

namespace {

constexpr const char *kSchema =
    "https://json.schemastore.org/sarif-2.1.0.json";

json physicalLocation(const engine::SourceLocation &l,
                      const std::string &fallbackFile) {
  json region{{"startLine", std::max(1u, l.line)}};
  if (l.column > 0)
    region["startColumn"] = l.column;
  return json{{"artifactLocation",
               {{"uri", l.file.empty() ? fallbackFile : l.file}}},
              {"region", region}};
}

json location(const engine::SourceLocation &l, const std::string &fallbackFile,
              const std::string &message) {
  json j{{"physicalLocation", physicalLocation(l, fallbackFile)}};
  if (!l.function.empty())
    j["logicalLocations"] = json::array(
        {json{{"name", l.function}, {"kind", "function"}}});
  if (!message.empty())
    j["message"] = json{{"text", message}};
  return j;
}

std::string valueText(const engine::TestInput &in) {
  if (in.bytes.empty() || in.bytes.size() > 8 || in.source == "symbolic" ||
      in.source == "acsl" ||
      in.source == "input-memory")
    return "bytes 0x" + hexOf(in.bytes);
  return std::to_string(signedValue(in.bytes));
}

json codeFlow(const engine::ErrorReport &e, const std::string &program) {
  json steps = json::array();
  for (const engine::TestInput &in : e.test.inputs) {
    if (in.location.line == 0)
      continue;
    std::string what = in.function.empty() ? in.name : in.function + "()";
    steps.push_back(json{
        {"location", location(in.location, program,
                              fmt::format("{} returns {}", what,
                                          valueText(in)))},
        {"kinds", json::array({"call", "return"})}});
  }
  // The stack, outermost call first, ending at the error.
  for (size_t k = e.stack.size(); k-- > 0;) {
    bool last = k == 0;
    steps.push_back(json{
        {"location",
         location(e.stack[k], program,
                  last ? std::string(engine::errorKindName(e.kind)) + ": " +
                             e.message
                       : "call from " + e.stack[k].function)},
        {"nestingLevel", e.stack.size() - 1 - k},
        {"importance", last ? "essential" : "important"}});
  }
  return json{{"threadFlows", json::array({json{{"locations", steps}}})}};
}

} // namespace

json sarifLog(const summary::AnalysisResult &summary, const RunInfo &info,
              const std::string &toolVersion) {
  json rules = json::array();
  std::vector<std::string> ruleIds;
  auto ruleIndex = [&](engine::ErrorKind k) {
    std::string id = engine::errorKindName(k);
    for (size_t i = 0; i < ruleIds.size(); ++i)
      if (ruleIds[i] == id)
        return i;
    ruleIds.push_back(id);
    return ruleIds.size() - 1;
  };
  json results = json::array();
  for (const engine::ErrorReport &e : summary.errors) {
    size_t rule = ruleIndex(e.kind);
    results.push_back(json{
        {"ruleId", ruleIds[rule]},
        {"ruleIndex", rule},
        {"level", e.latent.empty() ? "error" : "note"},
        {"message",
         {{"text",
           fmt::format("{}{} in {}: {}{}", e.latent.empty() ? "" : "latent ",
                       engine::errorKindName(e.kind), e.location.function,
                       e.message,
                       e.latent.empty() ? "" : " (latent: " + e.latent + ")")}}},
        {"locations",
         json::array({location(e.location, info.program, "")})},
        {"codeFlows", json::array({codeFlow(e, info.program)})}});
  }
  static const std::map<std::string, std::string> descriptions = {
#define X(id, name, msg) {name, msg},
      COSMO_ERROR_KINDS(X)
#undef X
  };
  for (const std::string &id : ruleIds)
    rules.push_back(json{{"id", id},
                         {"shortDescription", {{"text", descriptions.at(id)}}},
                         {"defaultConfiguration", {{"level", "error"}}}});
  json driver{{"name", "cosmo"}, {"version", toolVersion}, {"rules", rules}};
  json invocation{{"executionSuccessful", true},
                  {"properties",
                   {{"verdict", engine::verdictName(summary.verdict)},
                    {"reason", summary.reason},
                    {"entry", info.entry}}}};
  json artifact{{"location", {{"uri", info.program}}}};
  json run{{"tool", {{"driver", driver}}},
           {"results", results},
           {"invocations", json::array({invocation})},
           {"artifacts", json::array({artifact})}};
  return json{{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", json::array({run})}};
}

} // namespace cosmo::report
