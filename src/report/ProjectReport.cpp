//===- ProjectReport.cpp - one report for a project -----------------------===//

#include "cosmo/report/ProjectReport.h"

#include "InputText.h"

#include "cosmo/report/Sarif.h"
#include "cosmo/report/SummaryReader.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace cosmo::report {

using nlohmann::json;

namespace {

std::string placeOf(const engine::ErrorReport &e) {
  return fmt::format("{}|{}|{}", engine::errorKindName(e.kind),
                     e.location.file, e.location.line);
}

llvm::Error failure(const std::string &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace

engine::Verdict ProjectResult::verdict() const {
  if (!errors.empty())
    return engine::Verdict::False;
  for (const FunctionRun &f : functions)
    if (f.verdict != engine::Verdict::True)
      return engine::Verdict::Unknown;
  return engine::Verdict::True;
}

llvm::Error addFunctionRun(ProjectResult &project, FunctionRun run,
                           const std::string &dir) {
  auto stored = readRun(project.outDir + "/" + dir);
  if (!stored)
    return stored.takeError();
  auto doc = readJsonFile(project.outDir + "/" + dir + "/report.json");
  if (!doc)
    return doc.takeError();
  // readRun lists the errors, then the latent ones, as report.json does.
  std::vector<json> entries = doc->at("errors");
  for (const json &e : doc->value("latent", json::array()))
    entries.push_back(e);
  const summary::AnalysisResult &s = stored->summary;
  if (entries.size() != s.errors.size())
    return failure(dir + "/report.json: its errors do not match its tests");

  std::set<std::string> manifest;
  for (const ProjectFinding &f : project.errors)
    manifest.insert(placeOf(f.error));
  for (size_t i = 0; i < s.errors.size(); ++i) {
    const engine::ErrorReport &e = s.errors[i];
    json j = entries[i];
    if (std::string test = j.value("test", ""); !test.empty())
      j["test"] = dir + "/" + test;
    j["entry"] = run.function;
    std::string place = placeOf(e);
    if (e.latent.empty()) {
      ++run.errors;
      if (!manifest.insert(place).second)
        continue;
      std::erase_if(project.latent, [&](const ProjectFinding &f) {
        return placeOf(f.error) == place;
      });
      project.errors.push_back({e, run.function, std::move(j)});
    } else {
      ++run.latent;
      bool known = manifest.count(place) > 0;
      for (const ProjectFinding &f : project.latent)
        known |= placeOf(f.error) == place;
      if (!known)
        project.latent.push_back({e, run.function, std::move(j)});
    }
  }
  const StoreUse &use = stored->info.store;
  run.reused = !use.runs.empty();
  for (const StoreUse::Run &r : use.runs)
    if (!r.reused) {
      run.reused = false;
      run.rebuiltBecause = r.why;
      break;
    }
  for (const std::string &w : use.warnings)
    if (std::find(project.storeWarnings.begin(), project.storeWarnings.end(),
                  w) == project.storeWarnings.end())
      project.storeWarnings.push_back(w);
  run.verdict = s.verdict;
  run.reason = s.reason;
  run.paths = s.stats.pathsCompleted + s.stats.pathsErrored + s.stats.pathsCut;
  run.seconds = s.stats.wallSeconds;
  project.functions.push_back(std::move(run));
  return llvm::Error::success();
}

llvm::Error writeProjectReport(const ProjectResult &project,
                               const std::string &toolVersion) {
  json functions = json::array();
  size_t failed = 0;
  for (const FunctionRun &f : project.functions) {
    json j{{"function", f.function},
           {"file", f.location.file},
           {"line", f.location.line},
           {"verdict", engine::verdictName(f.verdict)},
           {"reason", f.reason},
           {"errors", f.errors},
           {"latent", f.latent},
           {"paths", f.paths},
           {"seconds", f.seconds},
           {"out", f.outDir}};
    if (!f.failure.empty()) {
      j["failure"] = f.failure;
      ++failed;
    }
    if (!project.store.empty()) {
      j["store"] = f.reused ? "reused" : "rebuilt";
      if (!f.reused && f.failure.empty())
        j["why"] = f.rebuiltBecause;
    }
    functions.push_back(std::move(j));
  }
  json errors = json::array(), latent = json::array();
  for (const ProjectFinding &f : project.errors)
    errors.push_back(f.json);
  for (const ProjectFinding &f : project.latent)
    latent.push_back(f.json);
  json report{{"version", 1},
              {"mode", "project"},
              {"program", project.info.program},
              {"inputs", project.info.files},
              {"left_out", project.leftOut},
              {"data_model", project.info.dataModel},
              {"verdict", engine::verdictName(project.verdict())},
              {"jobs", project.jobs},
              {"seconds", project.seconds},
              {"functions", functions},
              {"errors", errors},
              {"latent", latent},
              {"counts",
               {{"functions", project.functions.size()},
                {"failed", failed},
                {"errors", project.errors.size()},
                {"latent", project.latent.size()}}}};
  if (!project.store.empty()) {
    size_t reused = std::count_if(project.functions.begin(),
                                  project.functions.end(),
                                  [](const FunctionRun &f) { return f.reused; });
    report["store"] = json{{"location", project.store},
                           {"reused", reused},
                           {"rebuilt", project.functions.size() - reused},
                           {"warnings", project.storeWarnings}};
    if (!project.shard.empty())
      report["store"]["shard"] = project.shard;
  }
  if (!writeJson(project.outDir + "/report.json", report))
    return failure("cannot write " + project.outDir + "/report.json");

  summary::AnalysisResult all;
  all.verdict = project.verdict();
  for (const auto *list : {&project.errors, &project.latent})
    for (const ProjectFinding &f : *list)
      all.errors.push_back(f.error);
  RunInfo info = project.info;
  info.entry = "(every function)";
  if (!writeJson(project.outDir + "/report.sarif",
                 sarifLog(all, info, toolVersion)))
    return failure("cannot write " + project.outDir + "/report.sarif");
  return llvm::Error::success();
}

std::string formatProjectSummary(const ProjectResult &project, bool color,
                                 bool reportLatent) {
  auto paint = [&](const char *code, const std::string &s) {
    return color ? fmt::format("\033[{}m{}\033[0m", code, s) : s;
  };
  std::string out;
  auto finding = [&](const ProjectFinding &f, bool latent) {
    const engine::ErrorReport &e = f.error;
    out += fmt::format("{}:{}: {} {} in {}: {}\n", e.location.file,
                       e.location.line,
                       latent ? paint("1;33", "latent error:")
                              : paint("1;31", "error:"),
                       engine::errorKindName(e.kind), e.location.function,
                       e.message);
    if (latent)
      out += fmt::format("    latent: {}\n    when: {}\n", e.latent,
                         e.latentCondition.empty() ? "-" : e.latentCondition);
    out += inputLines(e.test, "    ");
    for (const auto &l : e.stack)
      out += fmt::format("    at {} ({}:{})\n", l.function, l.file, l.line);
  };
  for (const ProjectFinding &f : project.errors)
    finding(f, false);
  if (reportLatent)
    for (const ProjectFinding &f : project.latent)
      finding(f, true);

  size_t counts[3] = {0, 0, 0}, failed = 0, onlyLatent = 0;
  for (const FunctionRun &f : project.functions) {
    ++counts[static_cast<int>(f.verdict)];
    failed += !f.failure.empty();
    onlyLatent += f.errors == 0 && f.latent > 0;
  }
  engine::Verdict v = project.verdict();
  const char *vc = v == engine::Verdict::True    ? "1;32"
                   : v == engine::Verdict::False ? "1;31"
                                                 : "1;33";
  out += fmt::format(
      "functions: {} checked (-j {}, {:.1f}s): {} true, {} false, {} unknown "
      "({} with latent errors only, {} failed)\n",
      project.functions.size(), project.jobs, project.seconds,
      counts[static_cast<int>(engine::Verdict::True)],
      counts[static_cast<int>(engine::Verdict::False)],
      counts[static_cast<int>(engine::Verdict::Unknown)], onlyLatent, failed);
  for (const FunctionRun &f : project.functions)
    if (!f.failure.empty())
      out += fmt::format("  {}: {}\n", f.function, f.failure);
  if (!project.store.empty()) {
    std::vector<std::string> rebuilt;
    size_t reused = 0;
    for (const FunctionRun &f : project.functions) {
      reused += f.reused;
      if (!f.reused && f.failure.empty())
        rebuilt.push_back(f.function + " (" + f.rebuiltBecause + ")");
    }
    out += fmt::format("store: {} reused, {} rebuilt{}{}{} ({})\n", reused,
                       rebuilt.size(), rebuilt.empty() ? "" : ": ",
                       fmt::join(rebuilt.size() > 8
                                     ? std::vector<std::string>(
                                           rebuilt.begin(), rebuilt.begin() + 8)
                                     : rebuilt,
                                 ", "),
                       rebuilt.size() > 8
                           ? fmt::format(", ... ({} more in report.json)",
                                         rebuilt.size() - 8)
                           : "",
                       project.store);
    for (const std::string &w : project.storeWarnings)
      out += "warning: " + w + "\n";
  }
  if (!project.leftOut.empty())
    out += fmt::format("left out (each defines a main of its own): {}\n",
                       fmt::join(project.leftOut, ", "));
  out += fmt::format("verdict: {} ({} error{}, {} latent error{}{})\n",
                     paint(vc, engine::verdictName(v)), project.errors.size(),
                     project.errors.size() == 1 ? "" : "s",
                     project.latent.size(),
                     project.latent.size() == 1 ? "" : "s",
                     project.latent.empty() || reportLatent
                         ? ""
                         : ": listed in report.json, printed with "
                           "--report-latent");
  out += fmt::format("results in {}/ (report.json, report.sarif, functions/F/ "
                     "for each function F)\n",
                     project.outDir);
  return out;
}

} // namespace cosmo::report
