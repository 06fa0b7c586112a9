//===- BenchRun.h - running cosmo for the benchmark tables ------*- C++ -*-===//
//
// What every table of cosmo-bench needs: run cosmo on a program with some
// options, read the report.json it writes, and take medians. Not a test
// harness: a run that fails is shown as failed, never retried.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_BENCH_BENCHRUN_H
#define COSMO_BENCH_BENCHRUN_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::bench {

namespace fs = std::filesystem;
using nlohmann::json;

/// One cosmo run: its report, or why there is none.
struct Run {
  bool ok = false;
  std::string failure; // set when !ok
  std::string verdict;
  json stats;
  /// Seconds to the first error reported, or a negative number.
  double firstErrorSeconds = -1;

  /// The number at JSON pointer `ptr` in the stats, 0 when absent.
  double stat(const std::string &ptr) const;
  // The figures of the tables. A report from a cosmo without the solver
  // pipeline has flat solver_* keys; read those then.
  bool flatSolverStats() const { return !stats.contains("solver"); }
  double wallSeconds() const { return stat("/wall_seconds"); }
  double z3Queries() const;
  double z3Seconds() const;
  /// Completed, errored and cut paths.
  double paths() const;
};

double median(std::vector<double> v);

/// The runs of one program under one configuration, and their medians.
struct RunSet {
  std::vector<Run> runs;

  bool anyOk() const;
  /// Median over the successful runs of `f`.
  template <typename F> double med(F f) const {
    std::vector<double> v;
    for (const Run &r : runs)
      if (r.ok)
        v.push_back(f(r));
    return median(v);
  }
  double stat(const std::string &ptr) const {
    return med([&](const Run &r) { return r.stat(ptr); });
  }
};

/// The run recorded in `file` (a report.json).
Run fromReport(const fs::path &file);

/// How to run cosmo.
struct Cosmo {
  std::string binary;
  unsigned timeout = 0; // cosmo's --timeout; 0: none
};

/// Runs `cosmo check -q ARGS... --out=OUT PROGRAM`.
Run runCosmo(const Cosmo &cosmo, const fs::path &program,
             const std::vector<std::string> &args, const fs::path &out);
/// Runs `cosmo check -q ARGS... --out=OUT INPUTS...` (files, or `-p DIR`).
Run runCosmo(const Cosmo &cosmo, const std::vector<std::string> &inputs,
             const std::vector<std::string> &args, const fs::path &out);

/// The options of a program's `// RUN:` lines (as the end-to-end tests read
/// them), split at blanks.
std::vector<std::string> runLineOptions(const fs::path &program);

/// A subject named on the command line as `NAME=ARG[,ARG...]` (files and
/// flags): its name and arguments; none without a `=`.
std::optional<std::pair<std::string, std::vector<std::string>>>
namedArguments(const std::string &arg);

/// The .c files of `dir`, sorted.
std::vector<fs::path> cFilesIn(const fs::path &dir);
/// "12.5%", or "-" when `whole` is 0.
std::string percent(double part, double whole);
void printFailures(const std::vector<std::string> &failures);

/// cosmo-bench --compose: seed 002's table I for cosmo.
int composeBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                 unsigned runs);
int summaryBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                 unsigned runs);
/// cosmo-bench --search: time to first error, memory and speed per search.
int searchBench(const Cosmo &cosmo, std::vector<fs::path> programs);
/// cosmo-bench --loops: --loops=unroll against auto on loop programs.
int loopBench(const Cosmo &cosmo, std::vector<fs::path> programs);
/// cosmo-bench --first-error: seconds to the first error of every test
/// program that expects one, under each configuration (cosmo options).
int firstErrorBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                    std::vector<std::string> configs);
/// cosmo-bench --suite: every test program under each configuration:
/// verdicts against the expected ones, and wall time.
int suiteBench(const Cosmo &cosmo, std::vector<fs::path> programs,
               std::vector<std::string> configs);

/// cosmo-bench --projects: `cosmo check --all` on each library of `args`
/// (NAME=FILE,... or a build directory), with one worker and with two.
int projectBench(const Cosmo &cosmo, const std::vector<std::string> &args);
/// cosmo-bench --env: command-line programs with a symbolic environment
/// (their `// RUN:` options, or `envOptions` for NAME=FILE,... subjects).
int envBench(const Cosmo &cosmo, const std::vector<std::string> &args,
             const std::string &envOptions);
int storeBench(const Cosmo &cosmo, const std::vector<std::string> &subjects,
               const std::string &postgres);

/// cosmo-bench --differential N: issue 42's campaign on N seeds (program
/// and mutant each) under every mode.
int differentialBench(const Cosmo &cosmo, unsigned seeds, uint64_t first,
                      unsigned jobs, unsigned modesPerProgram,
                      double hornTimeout);

} // namespace cosmo::bench

#endif // COSMO_BENCH_BENCHRUN_H
