//===- CosmoBench.cpp - runs cosmo on the benchmark programs --------------===//
//
// Not a test: runs cosmo and prints markdown tables read from the
// report.json each run writes (bench/README.md has the details).
//   cosmo-bench [PROGRAM.c ...]
//       throughput, one row per program (default: bench/programs/*.c)
//   cosmo-bench --solver [--runs=N] [PROGRAM.c ...]
//       seed 004's table 2: each program (default: bench/programs/solver/*.c)
//       under six --solver-opts configurations, medians of N runs (default
//       3); then the share of the engine's queries each solver layer
//       answered under `all`
//   cosmo-bench --compose [--runs=N] [PROGRAM.c ...]
//       seed 002's table I: each program (default: bench/programs/compose)
//       with --calls=inline and replay under --solver-opts=none and all
//       (ComposeBench.cpp)
//   cosmo-bench --summary [--runs=N] [PROGRAM.c ...]
//   cosmo-bench --search [--timeout=S] [PROGRAM.c ...]
//   cosmo-bench --loops [--timeout=S] [PROGRAM.c ...]
//       formula summaries: the DART/SMART is_positive series and each
//       program (default: bench/programs/compose) under inline, replay,
//       summary and smart (SummaryBench.cpp)
//   cosmo-bench --differential N [--seed=S] [--jobs=J]
//       issue 42's differential campaign: N generated programs and their
//       mutants under every mode, against a native oracle
//       (DifferentialBench.cpp, tests/differential)
//   cosmo-bench --from-json=REPORT.json
//       both kinds of row for one report.json (checks the parsing)
// --cosmo=PATH runs another binary; --timeout=S caps every run.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace cosmo::bench;

namespace {

/// The --solver-opts configurations of seed 004's table 2, in its order:
/// no opts, ci, cache, ci + cache, inc, all.
constexpr std::array<const char *, 6> kConfigs = {
    "none",        "independence", "model-reuse", "independence,model-reuse",
    "incremental", "all"};

//===-- throughput table --------------------------------------------------===//

void printThroughputHeader() {
  fmt::print("| {:<24} | {:>7} | {:>12} | {:>13} | {:>9} | {:>8} | {:>9} | "
             "{:>8} | {:>8} |\n",
             "program", "verdict", "instructions", "instr/s", "paths",
             "paths/s", "queries", "solver s", "total s");
  fmt::print("|{:-<26}|{:->9}|{:->14}|{:->15}|{:->11}|{:->10}|{:->11}|{:->10}|"
             "{:->10}|\n",
             "", "", "", "", "", "", "", "", "");
}

/// One row; `queries` and `solver s` are Z3's.
void printThroughputRow(const std::string &name, const Run &r) {
  if (!r.ok) {
    fmt::print("| {:<24} | {:>7} | {:>12} | {:>13} | {:>9} | {:>8} | {:>9} | "
               "{:>8} | {:>8} |\n",
               name, "failed", "-", "-", "-", "-", "-", "-", "-");
    return;
  }
  double wall = r.wallSeconds(), instr = r.stat("/instructions");
  double paths = r.stat("/paths_completed") + r.stat("/paths_errored");
  fmt::print("| {:<24} | {:>7} | {:>12.0f} | {:>13.0f} | {:>9.0f} | {:>8.1f} | "
             "{:>9.0f} | {:>8.2f} | {:>8.2f} |\n",
             name, r.verdict, instr, wall > 0 ? instr / wall : 0.0, paths,
             wall > 0 ? paths / wall : 0.0, r.z3Queries(), r.z3Seconds(), wall);
}

int throughput(const Cosmo &cosmo, std::vector<fs::path> programs) {
  if (programs.empty())
    programs = cFilesIn(COSMO_BENCH_PROGRAMS);
  fs::path out = fs::temp_directory_path() / "cosmo-bench";
  std::vector<std::string> failures;
  printThroughputHeader();
  for (const fs::path &p : programs) {
    Run r = runCosmo(cosmo, p, {}, out);
    printThroughputRow(p.stem().string(), r);
    if (!r.ok)
      failures.push_back(fmt::format("{}: {}", p.stem().string(), r.failure));
  }
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

//===-- solver table --------------------------------------------------------===//

/// The runs of one program under one configuration.
struct Cell : RunSet {
  bool anyTimeout() const {
    return std::any_of(runs.begin(), runs.end(),
                       [](const Run &r) { return r.verdict == "timeout"; });
  }
  /// The verdicts of the runs, "failed" for a run without a report.
  std::set<std::string> verdicts() const {
    std::set<std::string> v;
    for (const Run &r : runs)
      v.insert(r.ok ? r.verdict : "failed");
    return v;
  }
};

std::string join(const std::set<std::string> &s, const char *sep) {
  std::string out;
  for (const std::string &x : s)
    out += (out.empty() ? "" : sep) + x;
  return out;
}

struct ProgramRuns {
  std::string name;
  std::array<Cell, kConfigs.size()> cells;
  const Cell &none() const { return cells.front(); }
  const Cell &all() const { return cells.back(); }
};

/// Column width of configuration `i`.
size_t width(size_t i) { return std::max<size_t>(9, std::strlen(kConfigs[i])); }

void printSolverRow(const std::string &name, const std::string &metric,
                    const std::vector<std::string> &cells,
                    const std::string &last) {
  fmt::print("| {:<22} | {:<12} |", name, metric);
  for (size_t i = 0; i < cells.size(); ++i)
    fmt::print(" {:>{}} |", cells[i], width(i));
  fmt::print(" {:>19} |\n", last);
}

void printSolverTable(const std::vector<ProgramRuns> &all, unsigned runs) {
  fmt::print("Total and solver (Z3) time in seconds and Z3 calls, medians of "
             "{} run{}; columns are --solver-opts values.\n\n",
             runs, runs == 1 ? "" : "s");
  fmt::print("| {:<22} | {:<12} |", "program", "metric");
  for (size_t i = 0; i < kConfigs.size(); ++i)
    fmt::print(" {:>{}} |", kConfigs[i], width(i));
  fmt::print(" {:>19} |\n", "speedup all vs none");
  fmt::print("|{:-<24}|{:-<14}|", "", "");
  for (size_t i = 0; i < kConfigs.size(); ++i)
    fmt::print("{:->{}}|", "", width(i) + 2);
  fmt::print("{:->21}|\n", "");

  for (const ProgramRuns &pr : all) {
    std::vector<std::string> verdicts;
    std::set<std::string> seen;
    for (const Cell &c : pr.cells) {
      std::set<std::string> v = c.verdicts();
      verdicts.push_back(join(v, "/"));
      v.erase("timeout");
      seen.insert(v.begin(), v.end());
    }
    printSolverRow(pr.name, "verdict", verdicts,
                   seen.size() > 1            ? "**VERDICTS DIFFER**"
                   : seen.empty()             ? "timeout"
                   : seen.count("failed") > 0 ? "failed"
                                              : "same");

    auto metricRow = [&](const char *metric, auto f, const char *fmtSpec,
                         bool ratio) {
      std::vector<std::string> cells;
      for (const Cell &c : pr.cells)
        cells.push_back(!c.anyOk() ? "failed"
                        : (c.anyTimeout() ? ">" : "") +
                              fmt::format(fmt::runtime(fmtSpec), c.med(f)));
      std::string last = "-";
      if (pr.none().anyOk() && pr.all().anyOk() && !pr.none().anyTimeout() &&
          !pr.all().anyTimeout()) {
        double none = pr.none().med(f), all = pr.all().med(f);
        if (ratio && all > 0 && none > 0)
          last = none >= all ? fmt::format("{:.2f}x fewer", none / all)
                             : fmt::format("{:.2f}x more", all / none);
        else if (!ratio && none > 0)
          last = fmt::format("{:.0f}%", (1 - all / none) * 100);
      }
      printSolverRow("", metric, cells, last);
    };
    metricRow("total s", [](const Run &r) { return r.wallSeconds(); },
              "{:.2f}", false);
    metricRow("solver s", [](const Run &r) { return r.z3Seconds(); },
              "{:.2f}", false);
    metricRow("solver calls", [](const Run &r) { return r.z3Queries(); },
              "{:.0f}", true);
  }
  fmt::print("\nspeedup: (1 - all/none) * 100 for the times, none/all for "
             "the calls. total s is cosmo's wall_seconds; solver s and solver "
             "calls are Z3's (stats.solver.z3). >: some run hit --timeout "
             "(verdict timeout; its figures are those at the limit).\n");
}

void printLayerTable(const std::vector<ProgramRuns> &all) {
  fmt::print("\nShare of the engine's solver queries answered by each layer "
             "under --solver-opts=all (medians).\n\n");
  fmt::print("| {:<22} | {:>9} | {:>11} | {:>11} | {:>12} | {:>9} | {:>16} "
             "|\n",
             "program", "queries", "path facts", "model reuse",
             "independence", "cex cache", "z3 (calls)");
  fmt::print("|{:-<24}|{:->11}|{:->13}|{:->13}|{:->14}|{:->11}|{:->18}|\n", "",
             "", "", "", "", "", "");
  std::vector<std::string> notes;
  for (const ProgramRuns &pr : all) {
    const Cell &c = pr.all();
    if (!c.anyOk()) {
      fmt::print("| {:<22} | {:>9} | {:>11} | {:>11} | {:>12} | {:>9} | "
                 "{:>16} |\n",
                 pr.name, "failed", "-", "-", "-", "-", "-");
      continue;
    }
    if (c.anyTimeout())
      notes.push_back(fmt::format("{}: a run hit --timeout; figures at the "
                                  "limit",
                                  pr.name));
    double queries = c.stat("/solver/queries");
    double facts = c.med([](const Run &r) {
      return r.stat("/solver/facts/sat") + r.stat("/solver/facts/unsat");
    });
    // Model reuse answers from the model, from known bits, or from fixed
    // values; its searches for fixed values are queries of its own, which
    // the layers below answer too.
    double reuse = c.med([](const Run &r) {
      return r.stat("/solver/model_reuse/hits") +
             r.stat("/solver/model_reuse/known_bits_hits") +
             r.stat("/solver/model_reuse/fixed_hits");
    });
    double searches = c.stat("/solver/model_reuse/fixing_queries");
    double indep = c.stat("/solver/independence/answered");
    double cex = c.med([](const Run &r) {
      return r.stat("/solver/cex_cache/exact") +
             r.stat("/solver/cex_cache/unsat_subset") +
             r.stat("/solver/cex_cache/superset_model") +
             r.stat("/solver/cex_cache/subset_model");
    });
    double z3 = c.stat("/solver/z3/queries");
    fmt::print("| {:<22} | {:>9.0f} | {:>11} | {:>11} | {:>12} | {:>9} | "
               "{:>16} |\n",
               pr.name, queries, percent(facts, queries),
               percent(reuse, queries),
               percent(indep, queries), percent(cex, queries),
               fmt::format("{} ({:.0f})", percent(z3, queries), z3));
    double sum = facts + reuse + indep + cex + z3;
    if (queries > 0 &&
        std::abs(sum - queries - searches) > 0.005 * (queries + searches))
      notes.push_back(fmt::format(
          "{}: the layers account for {:.0f} of {:.0f} queries", pr.name, sum,
          queries + searches));
  }
  if (!notes.empty())
    fmt::print("\n");
  for (const std::string &n : notes)
    fmt::print("note: {}\n", n);
}

int solverBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                unsigned runs) {
  if (programs.empty())
    programs = cFilesIn(COSMO_BENCH_SOLVER_PROGRAMS);
  fs::path out = fs::temp_directory_path() / "cosmo-bench-solver";
  std::vector<ProgramRuns> results;
  std::vector<std::string> failures;
  for (const fs::path &p : programs) {
    ProgramRuns pr;
    pr.name = p.stem().string();
    for (size_t i = 0; i < kConfigs.size(); ++i) {
      for (unsigned k = 0; k < runs; ++k) {
        Run r = runCosmo(
            cosmo, p, {fmt::format("--solver-opts={}", kConfigs[i])}, out);
        fmt::print(stderr, "{} --solver-opts={} run {}/{}: {}\n", pr.name,
                   kConfigs[i], k + 1, runs,
                   r.ok ? fmt::format("{} in {:.2f}s", r.verdict,
                                      r.wallSeconds())
                        : "failed");
        if (!r.ok)
          failures.push_back(fmt::format("{} --solver-opts={}: {}", pr.name,
                                         kConfigs[i], r.failure));
        pr.cells[i].runs.push_back(std::move(r));
      }
    }
    results.push_back(std::move(pr));
  }
  printSolverTable(results, runs);
  printLayerTable(results);
  printFailures(failures);
  bool differ = std::any_of(results.begin(), results.end(), [](auto &pr) {
    std::set<std::string> seen;
    for (const Cell &c : pr.cells)
      for (const std::string &v : c.verdicts())
        if (v != "timeout")
          seen.insert(v);
    return seen.size() > 1;
  });
  return failures.empty() && !differ ? 0 : 1;
}

/// --from-json: the rows of both tables for one report.
int fromJson(const fs::path &file) {
  Run r = fromReport(file);
  if (!r.ok) {
    fmt::print(stderr, "cosmo-bench: {}\n", r.failure);
    return 1;
  }
  printThroughputHeader();
  printThroughputRow(file.string(), r);
  ProgramRuns pr;
  pr.name = file.parent_path().filename().string();
  if (pr.name.empty())
    pr.name = file.string();
  for (Cell &c : pr.cells)
    c.runs.push_back(r);
  fmt::print("\n");
  printSolverTable({pr}, 1);
  printLayerTable({pr});
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"cosmo-bench: runs cosmo on the benchmark programs and prints "
               "markdown tables"};
  bool solver = false, compose = false, summary = false, search = false,
       firstError = false, suite = false, loops = false;
  std::vector<std::string> configs;
  unsigned runs = 3;
  Cosmo cosmo{COSMO_BINARY};
  std::string json;
  std::vector<std::string> programs;
  unsigned differential = 0, jobs = 2, modesPerProgram = 0;
  double hornTimeout = 0;
  uint64_t seed = 1;
  app.add_flag("--solver", solver,
               "seed 004's table: every program under six --solver-opts "
               "configurations (default programs: " COSMO_BENCH_SOLVER_PROGRAMS
               ")");
  app.add_flag("--compose", compose,
               "seed 002's table I: every program with --calls=inline and "
               "replay, under --solver-opts=none and all (default programs: " COSMO_BENCH_COMPOSE_PROGRAMS
               ")")
      ->excludes("--solver");
  app.add_flag("--summary", summary,
               "formula summaries: the DART/SMART is_positive program for "
               "N = 8 ... 128 under --calls=inline, summary and smart, then "
               "every program under inline, replay, summary and smart "
               "(default programs: " COSMO_BENCH_COMPOSE_PROGRAMS ")")
      ->excludes("--solver")
      ->excludes("--compose");
  app.add_flag("--search", search,
               "the default search against --search=dfs: time to first "
               "error, instructions per second, peak states and memory "
               "(default programs: " COSMO_TEST_PROGRAMS "/lists and " COSMO_BENCH_PROGRAMS "/search; "
               "--timeout default 30)")
      ->excludes("--solver")
      ->excludes("--compose")
      ->excludes("--summary");
  app.add_flag("--first-error", firstError,
               "seconds to the first error of every test program that "
               "expects one (// VERDICT: false under tests/programs, with "
               "its // RUN: options and --target=errors; --timeout default "
               "20) under each --with configuration")
      ->excludes("--solver")
      ->excludes("--compose")
      ->excludes("--summary")
      ->excludes("--search");
  app.add_flag("--suite", suite,
               "every test program (tests/programs, with its // RUN: "
               "options; --timeout default 60) under each --with "
               "configuration: verdict against the expected one, and wall "
               "time (default configurations: --calls=inline, summary, "
               "smart); exits 1 on a wrong verdict")
      ->excludes("--solver")
      ->excludes("--compose")
      ->excludes("--summary")
      ->excludes("--search")
      ->excludes("--first-error");
  app.add_flag("--loops", loops,
               "--loops=unroll against --loops=auto: verdicts, seconds, Horn "
               "seconds and invariant size (default programs: " COSMO_BENCH_PROGRAMS
               "/loops, expected verdict in the name; --timeout default 10); "
               "exits 1 on a wrong verdict")
      ->excludes("--solver")
      ->excludes("--compose")
      ->excludes("--summary")
      ->excludes("--search")
      ->excludes("--first-error")
      ->excludes("--suite");
  app.add_option("--differential", differential,
                 "issue 42's differential campaign on N seeds, each a "
                 "generated program and its mutant under every mode "
                 "(--timeout default 10); exits 1 on a disagreement")
      ->excludes("--solver")
      ->excludes("--compose")
      ->excludes("--summary")
      ->excludes("--search")
      ->excludes("--first-error")
      ->excludes("--suite")
      ->excludes("--loops");
  app.add_option("--seed", seed, "--differential: the first seed")
      ->capture_default_str();
  app.add_option("--jobs", jobs, "--differential: programs checked at once")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("--modes", modesPerProgram,
                 "--differential: modes per program, the defaults first and "
                 "the others in turn (0: every mode; 1: one, every mode in "
                 "turn)")
      ->capture_default_str();
  app.add_option("--horn-timeout", hornTimeout,
                 "--differential: cosmo's --horn-timeout (0: its default)")
      ->capture_default_str();
  app.add_option("--with", configs,
                 "--first-error, --suite: a configuration (cosmo options, blank-"
                 "separated; 'defaults' for none), repeatable (default: the "
                 "defaults, --search=dfs, --calls=smart)")
      ->allow_extra_args(false);
  app.add_option("--runs", runs, "runs per program and configuration "
                                 "(--solver, --compose, --summary; medians are "
                                 "reported)")
      ->check(CLI::PositiveNumber);
  app.add_option("--timeout", cosmo.timeout,
                 "cosmo's --timeout (seconds) for every run; a run that hits "
                 "it shows as timeout, not as a differing verdict");
  app.add_option("--cosmo", cosmo.binary, "the cosmo binary to run")
      ->capture_default_str();
  app.add_option("--from-json", json,
                 "print the table rows for one report.json and exit");
  bool store = false;
  std::string postgres;
  if (const char *env = std::getenv("COSMO_TEST_POSTGRES"))
    postgres = env;
  app.add_flag("--store", store,
               "the persistent store: first, unchanged second and edited "
               "runs (main and --all) of each subject, as FILE or "
               "NAME=FILE[,FILE...][,-IDIR] (default: the compose programs "
               "and tests/projects/shelf); 1, 2 and 4 shard workers on the "
               "last one against --pg");
  app.add_option("--pg", postgres,
                 "--store: a PostgreSQL server's URI for the shard workers "
                 "(default: $COSMO_TEST_POSTGRES)");
  bool projects = false;
  app.add_flag("--projects", projects,
               "cosmo check --all on whole libraries, each given as "
               "NAME=FILE[,FILE...][,-I,DIR] or as a build directory with "
               "compile_commands.json (default: tests/projects/shelf): "
               "errors, latent errors, verdicts, -j 1 against -j 2, peak "
               "memory; --timeout is each function's");
  bool env = false;
  std::string envOptions = "--sym-args 0 2 3 --sym-stdin 8 --sym-files 1 8";
  app.add_flag("--env", env,
               "command-line programs with a symbolic environment, 60 s each "
               "(--timeout) with --confirm: lines covered, errors found and "
               "confirmed, seconds to the first (default: programs/env/*.c "
               "with their // RUN: options; NAME=FILE[,FILE...][,-IDIR] "
               "subjects get --env-options)");
  app.add_option("--env-options", envOptions,
                 "--env: the environment of NAME=FILE,... subjects")
      ->capture_default_str();
  app.add_option("programs", programs,
                 "C programs (default: every .c file of " COSMO_BENCH_PROGRAMS
                 ", or of the solver directory with --solver)");
  CLI11_PARSE(app, argc, argv);

  if (!json.empty())
    return fromJson(json);
  std::vector<fs::path> paths(programs.begin(), programs.end());
  if (projects)
    return projectBench(cosmo, programs);
  if (env)
    return envBench(cosmo, programs, envOptions);
  if (store)
    return storeBench(cosmo, programs, postgres);
  if (differential)
    return differentialBench(cosmo, differential, seed, jobs, modesPerProgram,
                             hornTimeout);
  if (compose)
    return composeBench(cosmo, std::move(paths), runs);
  if (summary)
    return summaryBench(cosmo, std::move(paths), runs);
  if (search)
    return searchBench(cosmo, std::move(paths));
  if (firstError)
    return firstErrorBench(cosmo, std::move(paths), std::move(configs));
  if (suite)
    return suiteBench(cosmo, std::move(paths), std::move(configs));
  if (loops)
    return loopBench(cosmo, std::move(paths));
  return solver ? solverBench(cosmo, std::move(paths), runs)
                : throughput(cosmo, std::move(paths));
}
