//===- SuiteBench.cpp - cosmo-bench --first-error and --suite -------------===//
//
// Not a test. Both run the end-to-end test programs (tests/programs, each
// with its `// RUN:` options) under each configuration (cosmo options;
// default: cosmo's defaults, --search=dfs, --calls=smart).
//
// --first-error (issue 19's measure of the default search): the programs
// that expect an error (`// VERDICT: false`), with --target=errors; the
// table gives the seconds to the first error reported. A report with
// errors[].seconds gives that figure; an older cosmo without it stops at its
// first error under --target=errors, so its wall time is the figure
// (slightly larger: it includes writing the test). `--cosmo=OLD --with=defaults`
// measures an older build the same way ("before").
//
// --suite (which --calls should be the default): every program, run to its
// end; per configuration the verdict against the header's (a definite
// verdict that differs is wrong, the worst bug) and the wall time.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace cosmo::bench {

namespace {

/// The `// VERDICT:` of a test program ("" when it has none).
std::string expectedVerdict(const fs::path &program) {
  std::ifstream in(program);
  const std::string tag = "// VERDICT: ";
  for (std::string line; std::getline(in, line);)
    if (line.rfind(tag, 0) == 0) {
      std::istringstream rest(line.substr(tag.size()));
      std::string v;
      rest >> v;
      return v;
    }
  return "";
}

/// The options of a configuration ("defaults" is none).
std::vector<std::string> splitWords(const std::string &s) {
  std::vector<std::string> out;
  if (s == "defaults")
    return out;
  std::istringstream words(s);
  for (std::string w; words >> w;)
    out.push_back(w);
  return out;
}

std::string configName(const std::string &c) {
  return c.empty() ? "defaults" : c;
}

/// The test programs (all, or those expecting `verdict`), sorted.
std::vector<fs::path> testPrograms(const std::string &verdict) {
  std::vector<fs::path> out;
  for (const auto &e :
       fs::recursive_directory_iterator(fs::path(COSMO_TEST_PROGRAMS)))
    if (e.is_regular_file() && e.path().extension() == ".c") {
      std::string v = expectedVerdict(e.path());
      if (!v.empty() && (verdict.empty() || v == verdict))
        out.push_back(e.path());
    }
  std::sort(out.begin(), out.end());
  return out;
}

std::string displayName(const fs::path &p) {
  fs::path name = fs::absolute(p).lexically_normal().lexically_relative(
      COSMO_TEST_PROGRAMS);
  if (name.empty() || *name.begin() == "..")
    name = p.filename();
  return name.string();
}

/// Runs `program` with its RUN options and `config`; `targetErrors` adds
/// --target=errors unless the RUN line sets a target. An option the RUN
/// line gives is not given twice (cosmo refuses).
Run runTestProgram(const Cosmo &cosmo, const fs::path &program,
                   const std::string &config, bool targetErrors,
                   const fs::path &out) {
  std::vector<std::string> args = runLineOptions(program);
  auto given = [&](const std::string &opt) {
    return std::any_of(args.begin(), args.end(),
                       [&](const std::string &a) { return a.rfind(opt, 0) == 0; });
  };
  Cosmo here = cosmo;
  if (given("--timeout"))
    here.timeout = 0;
  bool hasTarget = given("--target");
  for (std::string &w : splitWords(config))
    args.push_back(std::move(w));
  if (targetErrors && !hasTarget)
    args.push_back("--target=errors");
  return runCosmo(here, program, args, out);
}

/// Seconds to the first error, or a negative number when none was found.
double firstError(const Run &r) {
  if (!r.ok || r.verdict != "false")
    return -1;
  return r.firstErrorSeconds >= 0 ? r.firstErrorSeconds : r.wallSeconds();
}

struct Totals {
  std::vector<double> values;
  unsigned missed = 0, wrong = 0, unknown = 0;
  double seconds = 0;
};

void printHeader(const std::vector<std::string> &configs,
                 const std::string &first) {
  std::string header = "| program |" + first, rule = "|---|";
  if (!first.empty())
    rule += "---|";
  for (const std::string &c : configs) {
    header += fmt::format(" {} |", configName(c));
    rule += "---:|";
  }
  fmt::print("{}\n{}\n", header, rule);
}

} // namespace

int firstErrorBench(const Cosmo &cosmo0, std::vector<fs::path> programs,
                    std::vector<std::string> configs) {
  Cosmo cosmo = cosmo0;
  if (!cosmo.timeout)
    cosmo.timeout = 20;
  if (configs.empty())
    configs = {"", "--search=dfs", "--calls=smart"};
  if (programs.empty())
    programs = testPrograms("false");
  fs::path work = fs::temp_directory_path() / "cosmo-bench-first-error";
  fs::create_directories(work);
  std::vector<std::string> failures;
  std::vector<Totals> totals(configs.size());
  printHeader(configs, "");
  for (const fs::path &p : programs) {
    std::string row = fmt::format("| {} |", displayName(p));
    for (size_t k = 0; k < configs.size(); ++k) {
      Run r = runTestProgram(cosmo, p, configs[k], true, work / "out");
      if (!r.ok)
        failures.push_back(r.failure);
      double s = firstError(r);
      if (s < 0) {
        ++totals[k].missed;
        row += r.ok ? fmt::format(" - ({}) |", r.verdict) : " failed |";
      } else {
        totals[k].values.push_back(s);
        row += fmt::format(" {:.2f} |", s);
      }
    }
    fmt::print("{}\n", row);
    std::fflush(stdout);
  }
  fmt::print("\n| configuration | errors found | missed | median s | mean s "
             "| max s | over 1 s |\n|---|---:|---:|---:|---:|---:|---:|\n");
  for (size_t k = 0; k < configs.size(); ++k) {
    const std::vector<double> &v = totals[k].values;
    double sum = 0, max = 0;
    unsigned slow = 0;
    for (double s : v) {
      sum += s;
      max = std::max(max, s);
      slow += s > 1;
    }
    fmt::print("| {} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {} |\n",
               configName(configs[k]), v.size(), totals[k].missed, median(v),
               v.empty() ? 0.0 : sum / v.size(), max, slow);
  }
  fs::remove_all(work);
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

int suiteBench(const Cosmo &cosmo0, std::vector<fs::path> programs,
               std::vector<std::string> configs) {
  Cosmo cosmo = cosmo0;
  if (!cosmo.timeout)
    cosmo.timeout = 60;
  if (configs.empty())
    configs = {"--calls=inline", "--calls=summary", "--calls=smart"};
  if (programs.empty())
    programs = testPrograms("");
  fs::path work = fs::temp_directory_path() / "cosmo-bench-suite";
  fs::create_directories(work);
  std::vector<std::string> failures;
  std::vector<Totals> totals(configs.size());
  printHeader(configs, " expected |");
  for (const fs::path &p : programs) {
    std::string expected = expectedVerdict(p);
    std::string row = fmt::format("| {} | {} |", displayName(p), expected);
    for (size_t k = 0; k < configs.size(); ++k) {
      Run r = runTestProgram(cosmo, p, configs[k], false, work / "out");
      Totals &t = totals[k];
      if (!r.ok) {
        failures.push_back(r.failure);
        row += " failed |";
        continue;
      }
      double s = r.wallSeconds();
      t.seconds += s;
      bool definite = r.verdict == "true" || r.verdict == "false";
      bool wrong = definite && expected != "unknown" && r.verdict != expected;
      t.wrong += wrong;
      t.unknown += !definite;
      if (!definite && expected != "unknown")
        ++t.missed;
      if (!wrong && r.verdict == expected)
        t.values.push_back(s);
      row += fmt::format(" {}{} {:.2f} |", wrong ? "**WRONG** " : "",
                         r.verdict, s);
    }
    fmt::print("{}\n", row);
    std::fflush(stdout);
  }
  fmt::print("\n| configuration | as expected | wrong | unknown (where a "
             "definite one is expected) | total s |\n"
             "|---|---:|---:|---:|---:|\n");
  bool anyWrong = false;
  for (size_t k = 0; k < configs.size(); ++k) {
    const Totals &t = totals[k];
    anyWrong |= t.wrong > 0;
    fmt::print("| {} | {} | {} | {} | {:.1f} |\n", configName(configs[k]),
               t.values.size(), t.wrong, t.missed, t.seconds);
  }
  fs::remove_all(work);
  printFailures(failures);
  return failures.empty() && !anyWrong ? 0 : 1;
}

} // namespace cosmo::bench
