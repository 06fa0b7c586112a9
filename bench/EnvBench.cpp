//===- EnvBench.cpp - cosmo-bench --env ------------------------------------===//
//
// Command-line programs with a symbolic environment (issue 46): each runs
// for at most 60 s (--timeout) with --confirm and its environment options
// (--sym-arg, --sym-args, --sym-stdin, --sym-files, --sym-env); the table
// gives the lines of the program covered, the errors found and confirmed
// natively, the seconds to the first, and the verdict. Programs are
// bench/programs/env/*.c (options from their `// RUN:` line) or real ones
// given as NAME=FILE[,FILE...][,-IDIR] (fetched at benchmark time, never
// kept here), run with --env-options.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace cosmo::bench {

namespace {

struct EnvSubject {
  std::string name;
  std::vector<std::string> inputs;
  std::vector<std::string> options;
};

std::string joined(const std::vector<std::string> &words) {
  std::string out;
  for (const std::string &w : words)
    out += (out.empty() ? "" : " ") + w;
  return out;
}

/// Lines covered and lines in all of the program's files.
std::pair<double, double> coverageOf(const fs::path &out) {
  std::ifstream in(out / "coverage.json");
  if (!in)
    return {0, 0};
  try {
    json c = json::parse(in);
    return {c.value("lines_covered", 0.0), c.value("lines_total", 0.0)};
  } catch (const json::exception &) {
    return {0, 0};
  }
}

} // namespace

int envBench(const Cosmo &cosmo, const std::vector<std::string> &args,
             const std::string &envOptions) {
  std::vector<EnvSubject> subjects;
  std::vector<std::string> defaults;
  std::istringstream words(envOptions);
  for (std::string w; words >> w;)
    defaults.push_back(w);
  for (const std::string &a : args) {
    if (auto named = namedArguments(a))
      subjects.push_back({named->first, named->second, defaults});
    else
      subjects.push_back({fs::path(a).filename().string(), {a},
                          runLineOptions(a)});
  }
  if (args.empty())
    for (const fs::path &p : cFilesIn(COSMO_BENCH_PROGRAMS "/env"))
      subjects.push_back(
          {p.filename().string(), {p.string()}, runLineOptions(p)});

  Cosmo limited = cosmo;
  if (limited.timeout == 0)
    limited.timeout = 60;
  fs::path work = fs::temp_directory_path() / "cosmo-bench-env";
  fs::create_directories(work);
  fmt::print("| program | environment | lines covered | errors | confirmed | "
             "first error (s) | verdict | time (s) |\n"
             "|---|---|---:|---:|---:|---:|---|---:|\n");
  std::vector<std::string> failures;
  for (const EnvSubject &s : subjects) {
    fs::path out = work / s.name;
    std::vector<std::string> options = s.options;
    options.push_back("--confirm");
    Run r = runCosmo(limited, s.inputs, options, out);
    if (!r.ok) {
      failures.push_back(s.name + ": " + r.failure);
      fmt::print("| {} | {} | failed | | | | | |\n", s.name, joined(s.options));
      continue;
    }
    auto [covered, total] = coverageOf(out);
    size_t errors = 0, confirmed = 0;
    std::ifstream in(out / "report.json");
    json report = json::parse(in, nullptr, false);
    // cosmo's verdict (false stays false when the time limit came after).
    std::string verdict = r.verdict;
    if (report.is_object()) {
      for (const json &e : report.value("errors", json::array())) {
        ++errors;
        confirmed += e.value("replay", "") == "confirmed";
      }
      verdict = report.value("verdict", "?");
      if (r.verdict == "timeout")
        verdict += " (time limit)";
    }
    fmt::print("| {} | `{}` | {:.0f}/{:.0f} ({}) | {} | {} | {} | {} | {:.1f} "
               "|\n",
               s.name, joined(s.options), covered, total,
               percent(covered, total), errors, confirmed,
               r.firstErrorSeconds < 0
                   ? std::string("-")
                   : fmt::format("{:.2f}", r.firstErrorSeconds),
               verdict, r.wallSeconds());
  }
  fmt::print("\nreports in {}/NAME\n", work.string());
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

} // namespace cosmo::bench
