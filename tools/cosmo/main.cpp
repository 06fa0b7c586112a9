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
#include <llvm/Support/Signals.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <pthread.h>

using namespace cosmo;

namespace {

/// `cosmo check`: its options, bound to CheckOptions, and what is settled
/// after parsing (the defaults that depend on other options).
struct CheckCommand {
  cli::CheckOptions opts;
  summary::MergeStrategy merge = summary::MergeStrategy::None;
  CLI::Option *mergeOption = nullptr;
  CLI::Option *testsOption = nullptr;
  CLI::Option *loopsOption = nullptr;
  CLI::Option *loopUnrollOption = nullptr;
  CLI::Option *recursionUnrollOption = nullptr;
  CLI::Option *hornTimeoutOption = nullptr;
  /// --sym-args MIN MAX N and --sym-files COUNT N, checked after parsing.
  std::vector<unsigned> symArgs, symFiles;
  CLI::App *app = nullptr;

  /// `cosmo check`, or with `fromStore` `cosmo report` (the same options:
  /// they are part of what the store's runs are keyed by).
  void add(CLI::App &parent, bool fromStore = false) {
    engine::EngineOptions &eo = opts.engine;
    summary::SummaryOptions &so = opts.summary;
    opts.storeOnly = fromStore;
    CLI::App *check =
        fromStore
            ? parent.add_subcommand(
                  "report",
                  "assemble the report of `check --all` from the runs a "
                  "store holds (those of --shard workers), exploring "
                  "nothing: give the options the workers were given")
            : parent.add_subcommand(
                  "check", "explore a program's paths, report reachable "
                           "errors with inputs, and give a verdict");
    check->add_option("files", opts.inputs,
                      "the program: .c and .i files (compiled with clang-14), "
                      ".bc and .ll files, linked into one module; flags for "
                      "clang may follow a `--`");
    check
        ->add_option("-p", opts.buildDir,
                     "analyse the build in BUILD_DIR: read its "
                     "compile_commands.json, compile (through the cache) and "
                     "link the unit defining --entry and the units it needs, "
                     "each with its recorded flags (with --all: every unit). "
                     "Files given beside -p come first: the unit of the build "
                     "whose --entry to take when several define it (a build "
                     "with several mains), or a harness of your own")
        ->option_text("BUILD_DIR");
    check->add_option(
        "--cache-dir", opts.cacheDir,
        "bitcode cache of compiled units, keyed by their "
        "preprocessed text and flags, and of the replay runtime that "
        "--confirm, --emit-tests and --svcomp build natively (default: "
        "$XDG_CACHE_HOME/cosmo or ~/.cache/cosmo with -p, no cache "
        "otherwise; none: no cache)");
    check
        ->add_option(
            "--store", opts.store,
            "persistent store of runs (SQLite file, or postgresql://URI "
            "shared by machines): a run whose entry, callees, globals and "
            "options are unchanged is reused, not explored; others are kept, "
            "and take their callees' unchanged memoization trees "
            "(--calls=replay|summary|smart) and the answers of Horn "
            "questions asked before (--loops=summarize|auto) from it "
            "(default: store.db in the cache directory with -p or "
            "--cache-dir, none otherwise; none: no store)")
        ->option_text("PATH|URI|none");
    check
        ->add_option("--store-max-mb", opts.storeMaxMB,
                     "bound of the store's size: the least recently used "
                     "runs beyond it are removed")
        ->capture_default_str();
    check->add_option("-I", opts.includeDirs, "clang: add an include directory")
        ->option_text("DIR")
        ->allow_extra_args(false);
    check
        ->add_option("-D", opts.defines, "clang: define a macro (NAME[=VALUE])")
        ->option_text("MACRO")
        ->allow_extra_args(false);
    check->add_option("-U", opts.undefines, "clang: undefine a macro")
        ->option_text("NAME")
        ->allow_extra_args(false);
    check
        ->add_option("--include", opts.forcedIncludes,
                     "clang: include FILE before each C input")
        ->option_text("FILE")
        ->allow_extra_args(false);
    check
        ->add_option("--std", opts.cStandard,
                     "clang: the C standard (-std=c99, gnu11, ...)")
        ->option_text("STD");
    CLI::Option *m32 =
        check->add_flag("--m32,--32", opts.m32,
                        "ILP32 data model: 32-bit int, long and pointers, "
                        "everywhere in the analysis (i386 target; -m32 and "
                        "SV-COMP's --32 are the same)");
    check
        ->add_flag("--m64,--64", opts.m64,
                   "LP64 data model (the default): 64-bit long and pointers "
                   "(-m64 and SV-COMP's --64 are the same)")
        ->excludes(m32);
    check
        ->add_option("--stubs", opts.stubs,
                     "your own models: C (or .bc/.ll) files defining functions "
                     "the program calls but does not define; linked before "
                     "cosmo's libc models")
        ->option_text("FILE")
        ->allow_extra_args(false);
    check
        ->add_option("--entry", eo.entry,
                     "function to analyse; parameters get symbolic values, "
                     "pointer parameters lazily initialised input memory")
        ->capture_default_str();
    check->add_option("--out", opts.outDir,
                      "output directory (report.json, stats.json, "
                      "coverage.json, tests/); default cosmo-out, or "
                      "cosmo-out-N when that exists (a named one is "
                      "overwritten)");
    check
        ->add_option("--format", opts.format,
                     "report formats besides report.json: json (none) or "
                     "sarif (report.sarif, SARIF 2.1.0)")
        ->check(CLI::IsMember({"json", "sarif"}))
        ->capture_default_str();
    check->add_flag("--svcomp", opts.svcomp,
                    "SV-COMP mode: the last line is TRUE, FALSE or UNKNOWN "
                    "(reachability of reach_error, or --property's "
                    "property: FALSE(valid-deref) and the like), and FALSE "
                    "writes a violation witness (witness.yml, format 2.0); a "
                    "violation whose inputs run natively to completion "
                    "without it is UNKNOWN; with --timeout and without "
                    "--loops, --loops=unroll for a tenth of the time, then "
                    "--loops=auto up to 55 % of it, then --loops=summarize "
                    "in the rest, while the answer is UNKNOWN; "
                    "for reachability, loop and recursion summaries take "
                    "signed overflow as undefined (left out) "
                    "(docs/svcomp.md)");
    check->add_option("--property", opts.property,
                      "--svcomp: SV-COMP's property file (.prp) of the task: "
                      "unreach-call (the default), valid-memsafety "
                      "(valid-free, valid-deref, valid-memtrack), "
                      "valid-memcleanup or no-overflow; failed assertions "
                      "then end the program as abort() does")
        ->check(CLI::ExistingFile);
    // Enum options bind to their values through the engine's name tables.
    using cli::addEnumOption;
    addEnumOption(*check, "--search", eo.search, engine::searchStrategyNames(),
                  "search strategy: interleaved (coverage-new, random-path "
                  "and depth-first take turns), dfs, bfs, random-path, "
                  "coverage (new code first)");
    check
        ->add_option("--seed", eo.seed,
                     "random seed for random-path and interleaved")
        ->capture_default_str();
    check
        ->add_option("--timeout", eo.timeoutSeconds,
                     "wall-clock limit in seconds (0: none); verdict unknown "
                     "when hit")
        ->capture_default_str();
    check
        ->add_option("--max-memory", eo.maxMemoryMB,
                     "memory limit in MB (0: none; default: a quarter of the "
                     "machine's memory): above it the run drops half of its "
                     "states, whose paths end cut (verdict unknown), and "
                     "stops when one state is left")
        ->capture_default_str();
    check
        ->add_option(
            "--max-paths", eo.maxPaths,
            "stop after this many completed or errored paths (0: none)")
        ->capture_default_str();
    check
        ->add_option("--max-errors", eo.maxErrors,
                     "stop after reporting this many errors (0: every "
                     "reachable error); --svcomp stops at the first "
                     "reach_error")
        ->capture_default_str();
    check
        ->add_option("--max-depth", eo.maxDepth,
                     "cut paths after this many symbolic branches (0: none)")
        ->capture_default_str();
    check
        ->add_option("--max-instructions", eo.maxInstructionsPerPath,
                     "cut paths after this many instructions (0: none)")
        ->capture_default_str();
    check
        ->add_option("--solver-timeout", eo.solver.timeoutMs,
                     "per-query solver limit in milliseconds (0: none)")
        ->capture_default_str();
    check
        ->add_option("--solver-opts", opts.solverOpts,
                     "constraint management layers in front of Z3, a comma "
                     "list of: facts (the path condition decides a condition "
                     "outright: a comparison already taken, bounds that "
                     "settle it), independence (ask only the constraints a "
                     "condition depends on), cex-cache (answer from stored "
                     "sets and models), model-reuse (a path's model answers "
                     "one side of each branch), incremental (one Z3 solver "
                     "with assumption literals); or all, or none")
        ->capture_default_str();
    check
        ->add_option("--check", opts.checks,
                     "optional checks: overflow (signed + - * /, unary -, "
                     "and << of a signed value whose result does not fit), "
                     "shift (amount out of range), float-cast (a float "
                     "converted to an integer type that cannot hold it, or a "
                     "NaN), leak (a heap block no pointer is left to: "
                     "memory-leak), memcleanup (a heap block not freed when "
                     "the program ends)")
        ->delimiter(',')
        ->allow_extra_args(false);
    addEnumOption(*check, "--externals", eo.externals,
                  engine::externalPolicyNames(),
                  "calls to functions with no definition, model or stub "
                  "(listed by every run): unknown (a path that calls one "
                  "ends there, verdict unknown naming it), havoc (the call "
                  "returns a fresh symbolic value; memory is unchanged) or "
                  "error (refuse to analyse a program that has any)");
    addEnumOption(*check, "--calls", so.calls, summary::callStrategyNames(),
                  "how calls of the program's functions are explored: "
                  "auto (summary for each function called in a loop or at "
                  "eight places or more that has no loop or recursion "
                  "itself, inline for the others; the program's run does "
                  "not merge states); "
                  "inline (every call explores the callee's paths again); "
                  "replay (each function that branches is explored "
                  "once, callees first, into a memoization tree; a call "
                  "checks the tree's path conditions in its context and "
                  "replays the feasible paths with the solver off; trees "
                  "are written to OUT/trees; the same paths as inline); "
                  "summary (the same isolated runs give each function a "
                  "formula summary: its paths' conditions, results and "
                  "writes; a call composes it into the caller as guarded "
                  "unions, without forking, and reports the callee's "
                  "errors it can reach; calls the summary cannot express "
                  "are inlined, counted in stats.composition); smart "
                  "(summary, but a call whose arguments and the memory it "
                  "reads are concrete is inlined). Verdicts and errors are "
                  "the same in every mode");
    // Its default depends on --calls (SummaryOptions::resolve).
    mergeOption =
        addEnumOption(*check, "--merge", merge, summary::mergeStrategyNames(),
                      "state merging: states that reach the same join point "
                      "of a function with the same call stack become one, "
                      "their values guarded unions (paths then count merged "
                      "states). none; always; auto (merge unless a value that "
                      "later decides a branch would become a union of more "
                      "than two constants, a value used as an address a union "
                      "of constants, or memory differs). Default: auto with "
                      "--calls=summary|smart (their isolated runs and the "
                      "program's run), none otherwise; --calls=replay allows "
                      "only none",
                      /*showDefault=*/false);
    loopsOption = addEnumOption(
        *check, "--loops", so.loops, summary::loopStrategyNames(),
                  "loops and recursion: unroll (every iteration and every "
                  "recursive call a step of its path, as KLEE does); "
                  "summarize (a loop becomes a recursive state at its first "
                  "arrival: its body is explored once from fresh "
                  "loop-carried values and the paths after it go on over "
                  "them; a call of a recursive function on non-constant "
                  "arguments becomes an atom of its summary relation, its "
                  "body explored once; an error they reach is confirmed by "
                  "running the program on a model's inputs, else decided by "
                  "Horn clauses (Z3's Spacer), and what neither decides "
                  "unrolls the loop or the recursion after all); auto (the "
                  "default: unroll, and summarize a loop once its head has "
                  "been visited 16 times on one path and a branch out of it "
                  "had a symbolic condition (a loop that allocates or walks "
                  "the nodes of a linked struct, also in the functions it "
                  "calls: 4 times, summarized from "
                  "its first arrival, its nodes as the cells of one "
                  "region, unless a counter bounds it to 32 iterations and "
                  "it is in no other loop: then it is run), or 65536 times "
                  "whatever its "
                  "exits, a recursive call once its "
                  "function has 16 active calls, so that short loops and "
                  "recursions are just run). --calls=replay and --merge keep "
                  "loops and recursion unrolled");
    loopUnrollOption =
        check
            ->add_option("--loop-unroll", so.unrolledArrivals,
                         "--loops=auto: visits of a loop's head on one path "
                         "before the loop may be summarised (default 16; 1 "
                         "with --svcomp, which wants a verdict and writes no "
                         "tests)")
            ->check(CLI::Range(1u, 1u << 16));
    recursionUnrollOption =
        check
            ->add_option("--recursion-unroll", so.unrolledCalls,
                         "--loops=auto: active calls of a recursive function "
                         "on one path before a call of it may be summarised "
                         "(default 16; 4 with --svcomp)")
            ->check(CLI::Range(1u, 1u << 16));
    hornTimeoutOption =
        check
            ->add_option("--horn-timeout", so.hornTimeoutSeconds,
                         "seconds the Horn solver may spend on one question "
                         "about a summarized loop; past it the question is "
                         "unknown (default 3; 6 with --svcomp, whose verdict "
                         "waits on the proof). Without this option, a question "
                         "past a loop that allocates nodes gets 16 times as "
                         "long (with --timeout: half the time left at most): "
                         "the alternative, unrolling that loop, would not end")
            ->check(CLI::PositiveNumber);
    check
        ->add_option("--dump-horn", so.hornDumpDir,
                     "write each Horn question of the loop and recursion "
                     "summaries into DIR as horn-N.smt2, SMT-LIB in "
                     "CHC-COMP's format (z3 fp.engine=spacer reads it)")
        ->option_text("DIR");
    check
        ->add_option("--max-recursion", eo.maxRecursion,
                     "active calls of one function along a path (0: no "
                     "bound); a call beyond it ends its path and the verdict "
                     "is unknown. Recursive functions are always inlined")
        ->capture_default_str();
    check
        ->add_option(
            "--summary-depth", so.summaryDepth,
            "--calls=replay|summary|smart: conditionals along one path of a "
            "memoization tree (recursion and loops in isolation stop "
            "there; a call that gets that deep goes on with the "
            "solver)")
        ->capture_default_str()
        ->check(CLI::Range(1u, 1u << 20));
    check
        ->add_option("--summary-timeout", so.summaryTimeoutSeconds,
                     "--calls=replay|summary|smart: seconds one function's "
                     "isolated run may "
                     "take (0: none); a function whose run takes longer gets "
                     "no tree and is explored inline")
        ->capture_default_str();
    addEnumOption(*check, "--target", eo.target, engine::targetNames(),
                  "what the run looks for: all (every path, every "
                  "reachable error, a verdict) or errors (the run stops "
                  "at the first error it finds; with --calls=replay, an "
                  "error path of a callee's tree that is feasible at a "
                  "call is reported at once, without replaying the callee: "
                  "seed 002's heuristic H1)");
    testsOption = addEnumOption(
        *check, "--tests", eo.tests, engine::testPolicyNames(),
        "which completed paths get a test vector in OUT/tests (errors "
        "always do): new-coverage (a path that was the first to run some "
        "block; paths that get none are not solved for inputs), errors "
        "(none) or all (every completed path; the default with "
        "--emit-tests)");
    check->add_flag("--prune-to-errors", so.pruneToErrors,
                    "--calls=replay, implies --target=errors: trees with error "
                    "paths keep only those (seed 002's heuristic H2), so a "
                    "call where none is feasible ends its path. Incomplete: "
                    "when no error is found the verdict is unknown");
    addEnumOption(*check, "--inputs", eo.inputs, engine::inputShapesNames(),
                     "what the pointer parameters of an --entry other than "
                     "main point to: shaped (as a C programmer calls it: a "
                     "valid object, never NULL; a char pointer with no length "
                     "a NUL-terminated string of up to --max-string "
                     "characters; a pointer with an integer parameter that "
                     "bounds its indices, or is named like a length, an array "
                     "of that many elements; errors that need a NULL or a "
                     "value inside a struct the caller passes, or an object "
                     "larger than one element, are latent: listed, not "
                     "counted) or any (NULL, aliases, or --input-array-size "
                     "elements)");
    check
        ->add_option("--max-string", eo.maxString,
                     "--inputs=shaped: the longest input string, and the most "
                     "elements of an array sized by a length parameter (the "
                     "inputs are bounded, so such an entry cannot be proved)")
        ->capture_default_str()
        ->check(CLI::Range(1u, 4096u));
    check
        ->add_option("--input-array-size", eo.inputArrayElements,
                     "elements of the pointee type in each lazily initialised "
                     "input object (--entry), and in the object a shaped "
                     "pointer with no length points to")
        ->capture_default_str()
        ->check(CLI::Range(1u, 1u << 20));
    check
        ->add_option("--max-sym-alloc", eo.maxSymbolicAllocation,
                     "largest size in bytes explored for an allocation of "
                     "symbolic size; larger sizes make the verdict unknown")
        ->capture_default_str();
    check
        ->add_option("--sym-arg", eo.environment.args,
                     "main gets one more argument of up to N symbolic "
                     "characters (repeatable; KLEE's option)")
        ->option_text("N")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::Range(1u, 4096u))
        ->group("Environment (main)");
    check
        ->add_option("--sym-args", symArgs,
                     "after the --sym-arg ones, between MIN and MAX more "
                     "arguments of up to N symbolic characters each (argc is "
                     "an input)")
        ->option_text("MIN MAX N")
        ->expected(3)
        ->allow_extra_args(false)
        ->check(CLI::Range(0u, 4096u))
        ->group("Environment (main)");
    check
        ->add_option("--sym-stdin", eo.environment.stdinSize,
                     "standard input is N symbolic bytes (without it, a path "
                     "that reads standard input ends unknown)")
        ->option_text("N")
        ->check(CLI::Range(int64_t{0}, int64_t{1} << 20))
        ->group("Environment (main)");
    check
        ->add_option("--sym-files", symFiles,
                     "COUNT files named A, B, ... of N symbolic bytes each, "
                     "for fopen and open; other names do not exist (without "
                     "it, a path that opens a file for reading ends unknown)")
        ->option_text("COUNT N")
        ->expected(2)
        ->allow_extra_args(false)
        ->check(CLI::Range(0u, 1u << 20))
        ->group("Environment (main)");
    check
        ->add_option("--sym-env", eo.environment.envLength,
                     "getenv of any name returns a symbolic string of up to N "
                     "characters, the same for the whole path (without it, "
                     "every variable is absent)")
        ->option_text("N")
        ->check(CLI::Range(0, 4096))
        ->group("Environment (main)");
    check->add_flag(
        "--confirm", opts.confirm,
        "after the run, replay each error's test natively (the "
        "program built with clang-14, sanitizers and the replay "
        "runtime) and record in report.json and the summary whether "
        "the error happens for real");
    check
        ->add_option("--emit-tests", opts.emitTests,
                     "with --entry: write unit tests of the function, one per "
                     "completed path, into OUT/unit: c (a C file and a "
                     "Makefile) or gtest (GoogleTest and a CMakeLists.txt)")
        ->check(CLI::IsMember({"c", "gtest"}));
    check
        ->add_option("--contracts", opts.contracts,
                     "ACSL annotations (/*@ requires ...; ensures ...; assigns "
                     "...; */, loop invariant, assert): check (verify each "
                     "contract in an isolated run of its function and use it "
                     "at every call; the default), use (use contracts at calls "
                     "without verifying them) or ignore (annotations are "
                     "comments)")
        ->check(CLI::IsMember({"check", "use", "ignore"}));
    check->add_flag(
        "--all", opts.all,
        "check every function with external linkage of the program (the "
        "input files, or every unit of -p's build) as an entry with "
        "--inputs=shaped, each in a run of its own (OUT/functions/F, "
        "--timeout each, 30 s when none is given), callees first; one "
        "report for the project: OUT/report.json (every error once, the "
        "latent ones no function makes manifest, a table of the functions) "
        "and OUT/report.sarif");
    check
        ->add_option("-j,--jobs", opts.jobs,
                     "--all: functions checked at once, each in a worker "
                     "process (default: the machine's cores)")
        ->check(CLI::Range(1u, 256u));
    check
        ->add_option("--shard", opts.shard,
                     "--all with a store the workers share: this worker checks "
                     "the K-th of N slices of the functions first, then those "
                     "of other slices no worker has computed (waiting for a "
                     "run another worker holds, taking over a dead worker's); "
                     "`cosmo report` assembles the report")
        ->option_text("K/N");
    check
        ->add_option("--store-lease", opts.storeLease,
                     "seconds a run another worker computes is waited for "
                     "before it is taken over (the worker renews its lease "
                     "three times as often while it lives); with --timeout, "
                     "a run waits for another's at most that long and a "
                     "lease time, for a callee's tree at most a quarter of "
                     "--timeout")
        ->check(CLI::Range(3u, 86400u))
        ->capture_default_str();
    check->add_flag("--report-latent", opts.reportLatent,
                    "--inputs=shaped: print each latent error (one that needs "
                    "a caller to pass a NULL, particular struct fields or a "
                    "smaller object) with its condition, not only their count");
    check->add_flag("--verbose,-v", opts.verbose,
                    "print the inputs of every error (without it, errors past "
                    "the tenth get one line each)");
    check->add_flag("--quiet,-q", opts.quiet,
                    "print nothing on success (no progress line, no summary)");
    app = check;
  }

  int run(std::vector<std::string> clangTail) {
    engine::EngineOptions &eo = opts.engine;
    opts.extraClangFlags = std::move(clangTail);
    engine::SymbolicEnvironment &env = eo.environment;
    if (symArgs.size() == 3) {
      if (symArgs[0] > symArgs[1] || symArgs[1] == 0 || symArgs[2] == 0) {
        std::cerr << "cosmo: error: --sym-args MIN MAX N needs MIN <= MAX, "
                     "MAX >= 1 and N >= 1\n";
        return cli::kExitUsage;
      }
      env.moreArgsMin = symArgs[0];
      env.moreArgsMax = symArgs[1];
      env.moreArgsLength = symArgs[2];
    }
    if (symFiles.size() == 2) {
      if (symFiles[0] > 26) {
        std::cerr << "cosmo: error: --sym-files: at most 26 files (A to Z)\n";
        return cli::kExitUsage;
      }
      env.fileCount = static_cast<int>(symFiles[0]);
      env.fileSize = symFiles[1];
    }
    if (env.any() && eo.entry != "main") {
      std::cerr << "cosmo: error: --sym-arg, --sym-args, --sym-stdin, "
                   "--sym-files and --sym-env describe main's environment; "
                   "they do not go with --entry=" << eo.entry << "\n";
      return cli::kExitUsage;
    }
    if (mergeOption->count())
      opts.summary.merge = merge;
    // Measured on the SV-COMP development set: bench/README, issue 47.
    if (!loopUnrollOption->count() && opts.svcomp)
      opts.summary.unrolledArrivals = 1;
    if (!recursionUnrollOption->count() && opts.svcomp)
      opts.summary.unrolledCalls = 4;
    // A list walk's question over cells takes 2-3 s under a load of two
    // runs per core (heap-data's min_max): past the default 3 s share.
    if (!hornTimeoutOption->count() && opts.svcomp)
      opts.summary.hornTimeoutSeconds = 6;
    // (Half the time left at most in a run with one: SummaryOptions.)
    if (!hornTimeoutOption->count())
      opts.summary.nodeLoopHornScale = 16;
    opts.svcompSecondStrategy = opts.svcomp && !loopsOption->count() &&
                                opts.summary.loops ==
                                    summary::LoopStrategy::Auto &&
                                eo.timeoutSeconds > 0;
    if (!testsOption->count() && !opts.emitTests.empty())
      eo.tests = engine::TestPolicy::All; // a unit test per path

    if (std::optional<std::string> bad = opts.summary.resolve(eo)) {
      std::cerr << "cosmo: error: " << *bad << " (see cosmo --help)\n";
      return cli::kExitUsage;
    }
    return cli::runCheck(opts);
  }
};

/// `cosmo show`.
struct ShowCommand {
  std::string dir, file;
  bool coverage = false, loops = false;
  CLI::App *app = nullptr;

  void add(CLI::App &parent) {
    CLI::App *show = parent.add_subcommand(
        "show", "print the summary of a finished run again; with --coverage, "
                "a source file annotated with the lines the run executed; "
                "with --loops, the loops and recursive functions of a C "
                "file");
    show->add_option("dir", dir,
                     "output directory of a run (with --loops: the C file)")
        ->required();
    show->add_option("file", file, "source file to list (with --coverage)");
    auto *cov = show->add_flag("--coverage", coverage,
                               "list FILE with each line of code marked "
                               "executed (+) or not (-)");
    show->add_flag("--loops", loops,
                   "print each function's recursive vertices (loop heads: "
                   "targets of back edges of a depth-first traversal, seed "
                   "000 def. 3) with their back edges, and the recursive "
                   "functions; clang flags may follow a `--`")
        ->excludes(cov);
    app = show;
  }
  int run(std::vector<std::string> clangTail) {
    if (loops) {
      if (!file.empty())
        return cli::usageError("show --loops takes one C file");
      return cli::runShowLoops(dir, clangTail);
    }
    if (!clangTail.empty())
      return cli::usageError("clang flags after `--` go with show --loops");
    return cli::runShow(dir, coverage, file);
  }
};

/// `cosmo store`.
struct StoreCommand {
  std::string action = "stats", store;
  uint64_t maxMB = 1024;
  CLI::App *app = nullptr;

  void add(CLI::App &parent) {
    app = parent.add_subcommand(
        "store", "the persistent store of runs: stats (what it holds), "
                 "clear (empty it), gc (remove the least recently used runs "
                 "beyond --store-max-mb)");
    app->add_option("action", action, "stats, clear or gc")
        ->check(CLI::IsMember({"stats", "clear", "gc"}))
        ->capture_default_str();
    app->add_option("--store", store,
                    "the store: a SQLite file or a postgresql:// URI "
                    "(default: store.db in the cache directory)")
        ->option_text("PATH|URI");
    app->add_option("--store-max-mb", maxMB, "gc: the size bound")
        ->capture_default_str();
  }
  int run() { return cli::runStore(action, store, maxMB); }
};

/// `cosmo replay`.
struct ReplayCommand {
  cli::ReplayCommandOptions opts;
  std::vector<std::string> files;
  std::vector<std::string> includeDirs, defines, undefines, forcedIncludes;
  std::string cStandard;
  CLI::App *app = nullptr;

  void add(CLI::App &parent) {
    CLI::App *replay = parent.add_subcommand(
        "replay", "run a program natively on the inputs of one test vector and "
                  "say whether it does what the vector recorded (exit 0 if so, "
                  "1 if not)");
    replay
        ->add_option("test", opts.vector,
                     "test vector written by `cosmo check` "
                     "(cosmo-out/tests/test-NNNNNN.json)")
        ->required();
    replay
        ->add_option("files", files,
                     "the program's C sources (.c or .i) the vector was "
                     "found on: the file given first to `cosmo check` (for "
                     "--entry vectors, the one defining the function), then "
                     "the others; clang flags may follow a `--`. Default: "
                     "the files the vector recorded");
    replay->add_option("-I", includeDirs, "clang: add an include directory")
        ->option_text("DIR")
        ->allow_extra_args(false);
    replay->add_option("-D", defines, "clang: define a macro (NAME[=VALUE])")
        ->option_text("MACRO")
        ->allow_extra_args(false);
    replay->add_option("-U", undefines, "clang: undefine a macro")
        ->option_text("NAME")
        ->allow_extra_args(false);
    replay
        ->add_option("--include", forcedIncludes,
                     "clang: include FILE before each C input")
        ->option_text("FILE")
        ->allow_extra_args(false);
    replay->add_option("--std", cStandard, "clang: the C standard")
        ->option_text("STD");
    replay
        ->add_option("--check", opts.checks,
                     "optional checks the vector was found with: overflow "
                     "(signed), shift, float-cast; the check of the "
                     "vector's own error is always on")
        ->delimiter(',')
        ->allow_extra_args(false);
    replay
        ->add_option("--timeout", opts.timeoutSeconds,
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
    replay->add_flag("--keep", opts.keep,
                     "keep the work directory (native executable, replay "
                     "file, the run's output) and print where it is");
    app = replay;
  }
  int run(std::vector<std::string> clangTail) {
    if (!files.empty()) {
      opts.program = files.front();
      opts.otherFiles.assign(files.begin() + 1, files.end());
    }
    // Written as `cosmo check` takes them; none at all: the recorded ones.
    for (const std::string &d : includeDirs)
      opts.clangFlags.push_back("-I" + d);
    for (const std::string &d : defines)
      opts.clangFlags.push_back("-D" + d);
    for (const std::string &u : undefines)
      opts.clangFlags.push_back("-U" + u);
    for (const std::string &f : forcedIncludes)
      opts.clangFlags.insert(opts.clangFlags.end(), {"-include", f});
    if (!cStandard.empty())
      opts.clangFlags.push_back("-std=" + cStandard);
    opts.flagsGiven = !opts.clangFlags.empty() || !clangTail.empty();
    opts.clangFlags.insert(opts.clangFlags.end(), clangTail.begin(),
                           clangTail.end());
    return cli::runReplay(opts);
  }
};

/// The arguments for CLI11 (back to front, as it takes them) and clang's
/// flags after `--`.
void splitArguments(int argc, char **argv, std::vector<std::string> &args,
                    std::vector<std::string> &clangTail) {
  // Clang's spellings (-include, -std=, -m32) are single-dash words CLI11
  // does not parse; `--` ends cosmo's options and starts clang's.
  bool inCheck = false, afterDashes = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (afterDashes) {
      clangTail.push_back(a);
      continue;
    }
    if (!inCheck && (a == "check" || a == "replay" || a == "show"))
      inCheck = true;
    else if (inCheck && a == "--")
      afterDashes = true;
    else if (inCheck && (a == "-include" || a == "-m32" || a == "-m64" ||
                         a.rfind("-std=", 0) == 0))
      a = "-" + a;
    if (!afterDashes)
      args.push_back(a);
  }
  std::reverse(args.begin(), args.end()); // CLI11 takes them back to front
}

} // namespace

static int cosmoMain(int argc, char **argv) {
  CLI::App app{"cosmo: compositional symbolic execution for C programs"};
  app.set_version_flag("--version", std::string("cosmo ") + COSMO_VERSION);
  app.require_subcommand(1);
  CheckCommand check, report;
  ShowCommand show;
  ReplayCommand replay;
  check.add(app);
  report.add(app, /*fromStore=*/true);
  show.add(app);
  replay.add(app);
  StoreCommand storeCommand;
  storeCommand.add(app);

  std::vector<std::string> args, clangTail;
  splitArguments(argc, argv, args, clangTail);
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    if (e.get_exit_code() == 0)
      return app.exit(e); // --help, --version
    std::cerr << "cosmo: error: " << e.what() << " (see cosmo --help)\n";
    return cli::kExitUsage;
  }
  if (check.app->parsed())
    return check.run(std::move(clangTail));
  if (report.app->parsed())
    return report.run(std::move(clangTail));
  if (show.app->parsed())
    return show.run(std::move(clangTail));
  if (replay.app->parsed())
    return replay.run(std::move(clangTail));
  if (storeCommand.app->parsed())
    return storeCommand.run();
  return cli::kExitUsage;
}

namespace {
/// The stack of the thread cosmo runs on. Z3 recurses over the depth of a
/// term: a select from an array written 100,000 times by a concrete loop
/// is a chain of 400,000 stores, and Z3 overflowed the main thread's 8 MB
/// (a crash) where it needs a few hundred. Only the pages used are memory.
constexpr size_t kStackBytes = size_t(1) << 30;

struct MainCall {
  int argc;
  char **argv;
  int result = 0;
};

void *runMain(void *p) {
  auto *call = static_cast<MainCall *>(p);
  call->result = cosmoMain(call->argc, call->argv);
  return nullptr;
}

/// An exception nothing caught is a bug of cosmo: say which before the
/// abort (whose stack LLVM's handler prints), not just "Aborted".
[[noreturn]] void onUncaughtException() {
  if (std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception &x) {
      std::fprintf(stderr, "cosmo: internal error: uncaught exception: %s\n",
                   x.what());
    } catch (...) {
      std::fprintf(stderr, "cosmo: internal error: uncaught exception\n");
    }
  }
  std::abort();
}

} // namespace

int main(int argc, char **argv) {
  llvm::sys::PrintStackTraceOnErrorSignal(argv[0]);
  std::set_terminate(onUncaughtException);
  MainCall call{argc, argv};
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0 &&
      pthread_attr_setstacksize(&attr, kStackBytes) == 0 &&
      pthread_create(&thread, &attr, runMain, &call) == 0) {
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    return call.result;
  }
  return cosmoMain(argc, argv); // no such thread: the main one
}
