//===- FirstErrorBench.cpp - cosmo-bench --first-error --------------------===//
//
// Not a test. Issue 19's measure of the default search: every end-to-end
// test program that expects an error (`// VERDICT: false` under
// tests/programs, with its `// RUN:` options) runs with --target=errors
// under each configuration (default: cosmo's defaults, --search=dfs,
// --calls=smart), and the table gives the seconds to the first error
// reported. A report with errors[].seconds gives that figure; an older cosmo
// without it stops at its first error under --target=errors, so its wall
// time is the figure (slightly larger: it includes writing the test).
// `--cosmo=OLD --with=''` measures an older build the same way ("before").
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace cosmo::bench {

namespace {

bool expectsError(const fs::path &program) {
  std::ifstream in(program);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("// VERDICT: false", 0) == 0)
      return true;
  return false;
}

std::vector<std::string> splitWords(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream words(s);
  for (std::string w; words >> w;)
    out.push_back(w);
  return out;
}

/// Seconds to the first error, or a negative number when none was found.
double firstError(const Run &r) {
  if (!r.ok || r.verdict != "false")
    return -1;
  return r.firstErrorSeconds >= 0 ? r.firstErrorSeconds : r.wallSeconds();
}

} // namespace

int firstErrorBench(const Cosmo &cosmo0, std::vector<fs::path> programs,
                    std::vector<std::string> configs) {
  Cosmo cosmo = cosmo0;
  if (!cosmo.timeout)
    cosmo.timeout = 20;
  if (configs.empty())
    configs = {"", "--search=dfs", "--calls=smart"};
  if (programs.empty()) {
    fs::path root(COSMO_TEST_PROGRAMS);
    for (const auto &e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && e.path().extension() == ".c" &&
          expectsError(e.path()))
        programs.push_back(e.path());
    std::sort(programs.begin(), programs.end());
  }
  fs::path work = fs::temp_directory_path() / "cosmo-bench-first-error";
  fs::create_directories(work);
  std::vector<std::string> failures;
  std::vector<std::vector<double>> found(configs.size());
  std::vector<unsigned> missed(configs.size());

  std::string header = "| program |", rule = "|---|";
  for (const std::string &c : configs) {
    header += fmt::format(" {} |", c.empty() ? "defaults" : c);
    rule += "---:|";
  }
  fmt::print("{}\n{}\n", header, rule);
  for (const fs::path &p : programs) {
    fs::path name = p.lexically_relative(COSMO_TEST_PROGRAMS);
    if (name.empty() || *name.begin() == "..")
      name = p.filename();
    std::string row = fmt::format("| {} |", name.string());
    for (size_t k = 0; k < configs.size(); ++k) {
      std::vector<std::string> args = runLineOptions(p);
      // An option the RUN line gives is not given twice (cosmo refuses).
      auto given = [&](const std::string &opt) {
        return std::any_of(args.begin(), args.end(), [&](auto &a) {
          return a.rfind(opt, 0) == 0;
        });
      };
      Cosmo here = cosmo;
      if (given("--timeout"))
        here.timeout = 0;
      bool target = given("--target");
      for (std::string &w : splitWords(configs[k]))
        args.push_back(std::move(w));
      if (!target)
        args.push_back("--target=errors");
      Run r = runCosmo(here, p, args, work / "out");
      if (!r.ok)
        failures.push_back(r.failure);
      double s = firstError(r);
      if (s < 0) {
        ++missed[k];
        row += r.ok ? fmt::format(" - ({}) |", r.verdict) : " failed |";
      } else {
        found[k].push_back(s);
        row += fmt::format(" {:.2f} |", s);
      }
    }
    fmt::print("{}\n", row);
    std::fflush(stdout);
  }
  fmt::print("\n| configuration | errors found | missed | median s | mean s "
             "| max s | over 1 s |\n|---|---:|---:|---:|---:|---:|---:|\n");
  for (size_t k = 0; k < configs.size(); ++k) {
    const std::vector<double> &v = found[k];
    double sum = 0, max = 0;
    unsigned slow = 0;
    for (double s : v) {
      sum += s;
      max = std::max(max, s);
      slow += s > 1;
    }
    fmt::print("| {} | {} | {} | {:.2f} | {:.2f} | {:.2f} | {} |\n",
               configs[k].empty() ? "defaults" : configs[k], v.size(),
               missed[k], median(v), v.empty() ? 0.0 : sum / v.size(), max,
               slow);
  }
  fs::remove_all(work);
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

} // namespace cosmo::bench
