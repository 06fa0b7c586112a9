//===- main.cpp - the `cosmo` command -------------------------------------===//
//
// Options live here, in one place, and are documented by `--help` and in
// docs/cli.md. Exit codes of check: 0 verdict true, 1 errors found, 2 bad
// usage or input, 3 unknown; of replay: 0 the native run matches the test
// vector, 1 it does not, 2 bad usage or input.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"
#include "ReplayCommand.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <map>

using namespace cosmo;

int main(int argc, char **argv) {
  CLI::App app{"cosmo: compositional symbolic execution for C programs"};
  app.set_version_flag("--version", std::string("cosmo ") + COSMO_VERSION);
  app.require_subcommand(1);

  cli::CheckOptions opts;
  engine::EngineOptions &eo = opts.engine;
  CLI::App *check = app.add_subcommand(
      "check", "explore a program's paths, report reachable errors with "
               "inputs, and give a verdict");
  check->add_option("file", opts.input,
                    "program to analyse: .c or .i (compiled with clang-14), "
                    ".bc or .ll")
      ->required();
  check->add_option("--entry", eo.entry,
                    "function to analyse; parameters get symbolic values, "
                    "pointer parameters lazily initialised input memory")
      ->capture_default_str();
  check->add_option("--out", opts.outDir,
                    "output directory (report.json, stats.json, "
                    "coverage.json, tests/); default cosmo-out, or "
                    "cosmo-out-N when that exists (a named one is "
                    "overwritten)");
  check->add_option("--format", opts.format,
                    "report formats besides report.json: json (none) or "
                    "sarif (report.sarif, SARIF 2.1.0)")
      ->check(CLI::IsMember({"json", "sarif"}))
      ->capture_default_str();
  check->add_flag("--svcomp", opts.svcomp,
                  "SV-COMP mode: the last line is TRUE, FALSE or UNKNOWN "
                  "(reachability of reach_error), and FALSE writes a "
                  "violation witness (witness.yml, format 2.0)");
  bool lp64 = false;
  check->add_flag("--64", lp64, "the task's data model is LP64 (the default)");
  check->add_flag("--32", opts.ilp32,
                  "the task's data model is ILP32: C is compiled with -m32 "
                  "(32-bit int, long and pointers)");
  check->get_option("--64")->excludes("--32");
  std::map<std::string, engine::SearchStrategy> searches{
      {"dfs", engine::SearchStrategy::DFS},
      {"bfs", engine::SearchStrategy::BFS},
      {"random-path", engine::SearchStrategy::RandomPath},
      {"coverage", engine::SearchStrategy::Coverage}};
  std::string search = "dfs";
  check->add_option("--search", search,
                    "search strategy: dfs, bfs, random-path, coverage")
      ->check(CLI::IsMember({"dfs", "bfs", "random-path", "coverage"}))
      ->capture_default_str();
  check->add_option("--seed", eo.seed, "random seed for random-path")
      ->capture_default_str();
  check->add_option("--timeout", eo.timeoutSeconds,
                    "wall-clock limit in seconds (0: none); verdict unknown "
                    "when hit")
      ->capture_default_str();
  check->add_option("--max-memory", eo.maxMemoryMB,
                    "memory limit in MB (0: none)")
      ->capture_default_str();
  check->add_option("--max-paths", eo.maxPaths,
                    "stop after this many completed or errored paths (0: none)")
      ->capture_default_str();
  check->add_option("--max-depth", eo.maxDepth,
                    "cut paths after this many symbolic branches (0: none)")
      ->capture_default_str();
  check->add_option("--max-instructions", eo.maxInstructionsPerPath,
                    "cut paths after this many instructions (0: none)")
      ->capture_default_str();
  check->add_option("--solver-timeout", eo.solver.timeoutMs,
                    "per-query solver limit in milliseconds (0: none)")
      ->capture_default_str();
  check->add_option("--solver-opts", opts.solverOpts,
                    "constraint management layers in front of Z3, a comma "
                    "list of: independence (ask only the constraints a "
                    "condition depends on), cex-cache (answer from stored "
                    "sets and models), model-reuse (a path's model answers "
                    "one side of each branch), incremental (one Z3 solver "
                    "with assumption literals); or all, or none")
      ->capture_default_str();
  check->add_option("--check", opts.checks,
                    "optional checks: overflow (signed), shift")
      ->delimiter(',');
  std::map<std::string, engine::ExternalPolicy> externals{
      {"unknown", engine::ExternalPolicy::Unknown},
      {"havoc", engine::ExternalPolicy::Havoc}};
  std::string external = "unknown";
  check->add_option("--externals", external,
                    "calls to functions with no definition or model: "
                    "unknown (cut the path, verdict unknown naming them) or "
                    "havoc (return a fresh symbolic value)")
      ->check(CLI::IsMember({"unknown", "havoc"}))
      ->capture_default_str();
  check->add_option("--input-array-size", eo.inputArrayElements,
                    "elements of the pointee type in each lazily initialised "
                    "input object (--entry)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 1u << 20));
  check->add_option("--max-sym-alloc", eo.maxSymbolicAllocation,
                    "largest size in bytes explored for an allocation of "
                    "symbolic size; larger sizes make the verdict unknown")
      ->capture_default_str();
  check->add_flag("--confirm", opts.confirm,
                  "after the run, replay each error's test natively (the "
                  "program built with clang-14, sanitizers and the replay "
                  "runtime) and record in report.json and the summary whether "
                  "the error happens for real");
  check->add_option("--emit-tests", opts.emitTests,
                    "with --entry: write unit tests of the function, one per "
                    "completed path, into OUT/unit: c (a C file and a "
                    "Makefile) or gtest (GoogleTest and a CMakeLists.txt)")
      ->check(CLI::IsMember({"c", "gtest"}));
  check->add_flag("--quiet,-q", opts.quiet,
                  "print nothing on success (no progress line, no summary)");

  std::string showDir, showFile;
  bool showCoverage = false;
  CLI::App *show = app.add_subcommand(
      "show", "print the summary of a finished run again; with --coverage, "
              "a source file annotated with the lines the run executed");
  show->add_option("dir", showDir, "output directory of a run")->required();
  show->add_option("file", showFile, "source file to list (with --coverage)");
  show->add_flag("--coverage", showCoverage,
                 "list FILE with each line of code marked executed (+) or "
                 "not (-)");

  cli::ReplayCommandOptions ropts;
  CLI::App *replay = app.add_subcommand(
      "replay", "run a program natively on the inputs of one test vector and "
                "say whether it does what the vector recorded (exit 0 if so, "
                "1 if not)");
  replay->add_option("test", ropts.vector,
                     "test vector written by `cosmo check` "
                     "(cosmo-out/tests/test-NNNNNN.json)")
      ->required();
  replay->add_option("file", ropts.program,
                     "the program's C source (.c or .i) the vector was "
                     "found on")
      ->required();
  replay->add_option("--check", ropts.checks,
                     "optional checks the vector was found with: overflow "
                     "(signed), shift; the check of the vector's own error "
                     "is always on")
      ->delimiter(',');
  replay->add_option("--timeout", ropts.timeoutSeconds,
                     "wall-clock limit of the native run in seconds; a run "
                     "that does not finish does not reproduce the vector")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string &value) -> std::string {
            char *end = nullptr;
            double seconds = std::strtod(value.c_str(), &end);
            if (end == value.c_str() || *end != '\0' || !(seconds > 0) ||
                seconds > 1e6)
              return "--timeout must be a positive number of seconds, not '" +
                     value + "'";
            return "";
          },
          "SECONDS"));
  replay->add_flag("--keep", ropts.keep,
                   "keep the work directory (native executable, replay "
                   "file, the run's output) and print where it is");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    if (e.get_exit_code() == 0)
      return app.exit(e); // --help, --version
    std::cerr << "cosmo: error: " << e.what() << " (see cosmo --help)\n";
    return cli::kExitUsage;
  }
  if (check->parsed()) {
    eo.search = searches.at(search);
    eo.externals = externals.at(external);
    return cli::runCheck(opts);
  }
  if (show->parsed())
    return cli::runShow(showDir, showCoverage, showFile);
  if (replay->parsed())
    return cli::runReplay(ropts);
  return cli::kExitUsage;
}
