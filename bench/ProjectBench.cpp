//===- ProjectBench.cpp - cosmo-bench --projects ---------------------------===//
//
// `cosmo check --all` on whole libraries (issue 44): for each, the errors
// and latent errors reported, the functions' verdicts, the time with one
// worker and with two, and the largest resident size of a worker. The
// libraries are given on the command line (real ones are fetched at
// benchmark time, never kept in the repository); without any, the
// library of the tests, tests/projects/shelf.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <fstream>

namespace cosmo::bench {

namespace {

/// A library: a name and what follows `cosmo check --all`.
struct Library {
  std::string name;
  std::vector<std::string> inputs;
};

/// `NAME=FILE[,FILE...][,-IDIR...]`, or a build directory (-p).
Library libraryFrom(const std::string &arg) {
  if (auto named = namedArguments(arg))
    return {named->first, named->second};
  return {fs::path(arg).filename().string(), {"-p", arg}};
}

struct ProjectRun {
  bool ok = false;
  std::string failure;
  json report;
  double peakMB = 0; // the largest worker's
};

ProjectRun runProject(const Cosmo &cosmo, const Library &l, unsigned jobs,
                      const fs::path &out) {
  ProjectRun p;
  Run r = runCosmo(cosmo, l.inputs, {"--all", "-j", std::to_string(jobs)}, out);
  std::ifstream in(out / "report.json");
  if (!in) {
    p.failure = r.failure.empty() ? "no report.json" : r.failure;
    return p;
  }
  try {
    p.report = json::parse(in);
    for (const json &f : p.report.at("functions")) {
      Run fr = fromReport(out / f.value("out", "") / "report.json");
      if (fr.ok)
        p.peakMB = std::max(p.peakMB, fr.stat("/peak_memory_kb") / 1024);
    }
    p.ok = true;
  } catch (const json::exception &e) {
    p.failure = e.what();
  }
  return p;
}

} // namespace

int projectBench(const Cosmo &cosmo, const std::vector<std::string> &args) {
  std::vector<Library> libraries;
  for (const std::string &a : args)
    libraries.push_back(libraryFrom(a));
  if (libraries.empty())
    libraries.push_back(
        {"shelf (tests)",
         {"-I", COSMO_PROJECTS_DIR "/shelf/include",
          COSMO_PROJECTS_DIR "/shelf/src/ivec.c",
          COSMO_PROJECTS_DIR "/shelf/src/parse.c",
          COSMO_PROJECTS_DIR "/shelf/src/numeric.c",
          COSMO_PROJECTS_DIR "/shelf/src/list.c"}});
  fs::path work = fs::temp_directory_path() / "cosmo-bench-projects";
  fs::create_directories(work);
  fmt::print("| library | functions | errors | latent | true | false | "
             "unknown | timed out | -j 1 (s) | -j 2 (s) | -j 2 / -j 1 | "
             "peak MB |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
             "---:|---:|\n");
  int failures = 0;
  for (const Library &l : libraries) {
    fs::path out = work / l.name;
    ProjectRun one = runProject(cosmo, l, 1, out.string() + "-j1");
    ProjectRun two = runProject(cosmo, l, 2, out.string() + "-j2");
    if (!one.ok || !two.ok) {
      fmt::print("| {} | failed: {} |\n", l.name,
                 one.ok ? two.failure : one.failure);
      ++failures;
      continue;
    }
    const json &r = two.report;
    size_t verdicts[3] = {0, 0, 0}, timedOut = 0;
    for (const json &f : r["functions"]) {
      std::string v = f["verdict"];
      ++verdicts[v == "true" ? 0 : v == "false" ? 1 : 2];
      timedOut += f["reason"].get<std::string>().find("time limit") !=
                  std::string::npos;
    }
    double t1 = one.report["seconds"], t2 = r["seconds"];
    fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} | {:.1f} | "
               "{:.0f}% | {:.0f} |\n",
               l.name, r["functions"].size(), r["errors"].size(),
               r["latent"].size(), verdicts[0], verdicts[1], verdicts[2],
               timedOut, t1, t2, 100 * t2 / t1,
               std::max(one.peakMB, two.peakMB));
  }
  fmt::print("\nreports in {}/NAME-j1 and NAME-j2\n", work.string());
  return failures ? 1 : 0;
}

} // namespace cosmo::bench
