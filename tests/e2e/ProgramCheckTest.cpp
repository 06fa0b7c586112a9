// The end-to-end test: one test per program under tests/programs. Each runs
// `cosmo check` on the program, compares the exit code and report.json with
// the program's header, then replays every test vector natively (unless the
// header says NO-REPLAY) and compares the native outcome with the vector's.
//
// COSMO_E2E_PROGRAM=<path relative to tests/programs> restricts the run to
// that one program; ctest sets it for each of its `e2e/<path>` tests.
//
// The native build of a program, and native runs on inputs already run, are
// shared by the tests of one suite run through NativeCache (NativeCache.h):
// every mode still replays every vector and judges the native outcome of
// its inputs against what that vector recorded. An e2e-replay test takes
// the inline run it compares with from e2e/<path>, which makes the same run
// (CosmoRunCache.h).
#include "CosmoOutput.h"
#include "CosmoRunCache.h"
#include "NativeCache.h"
#include "NativeToolchain.h"
#include "ProgramFiles.h"
#include "ProgramSpec.h"
#include "TempDir.h"
#include "TextUtil.h"

#include "cosmo/report/NativeBuild.h"
#include "cosmo/report/NativeOutcome.h"
#include "cosmo/report/Replay.h"
#include "cosmo/report/Subprocess.h"
#include "cosmo/report/TestVectorFile.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#if !defined(COSMO_E2E_COSMO) || !defined(COSMO_E2E_PROGRAMS_DIR) ||                    \
    !defined(COSMO_E2E_CACHE_DIR) || !defined(COSMO_E2E_COSMO_CLANG) ||                    \
    !defined(COSMO_E2E_COSMO_INCLUDE_DIR) || !defined(COSMO_E2E_LIBC_DIR)
#error "tests/e2e/CMakeLists.txt defines COSMO_E2E_COSMO and the paths cosmo-e2e uses"
#endif

namespace cosmo::e2e {
namespace {

using namespace cosmo::report;

const std::filesystem::path cosmoBinary = COSMO_E2E_COSMO;
const std::filesystem::path programsDir = COSMO_E2E_PROGRAMS_DIR;
const std::filesystem::path cacheDir = e2eCacheDirectory(COSMO_E2E_CACHE_DIR);
const NativeCache nativeCache(cacheDir.empty() ? cacheDir : cacheDir / "native");
const CosmoRunCache cosmoRuns(cacheDir.empty() ? cacheDir : cacheDir / "cosmo");

/// How long a cosmo run may take: 120 s, or twice the program's own
/// --timeout when that is longer (a loaded machine is slower, and the
/// run's limit is its own to report, not this one's).
std::chrono::seconds cosmoTimeoutFor(const ProgramSpec &spec) {
  double own = 0;
  for (const std::string &v : optionValues(spec.runArgs, "--timeout"))
    own = std::max(own, std::strtod(v.c_str(), nullptr));
  return std::chrono::seconds(std::max<int64_t>(120, static_cast<int64_t>(2 * own)));
}
constexpr std::chrono::seconds nativeRunTimeout{10};
constexpr int maxReplayMismatchesShown = 10;

std::vector<ProgramFile> programsUnderTest() {
  const char *only = std::getenv("COSMO_E2E_PROGRAM");
  return findProgramFiles(programsDir, only ? only : "");
}

std::string describeErrors(const std::set<ErrorSite> &errors) {
  if (errors.empty())
    return "{}";
  std::vector<std::string> items;
  for (const ErrorSite &site : errors)
    items.push_back(fmt::format("{} {}", site.kind, site.line));
  return fmt::format("{{{}}}", fmt::join(items, ", "));
}

std::set<ErrorSite> difference(const std::set<ErrorSite> &a, const std::set<ErrorSite> &b) {
  std::set<ErrorSite> result;
  for (const ErrorSite &site : a)
    if (!b.contains(site))
      result.insert(site);
  return result;
}

std::string processOutput(const ProcessResult &run) {
  std::string text;
  if (!trimWhitespace(run.err).empty())
    text += "  stderr:\n" + indentLines(abbreviate(run.err));
  if (!trimWhitespace(run.out).empty())
    text += "  stdout:\n" + indentLines(abbreviate(run.out, 1500));
  return text.empty() ? "  (no output)\n" : text;
}

// The test family this process runs (tests/e2e/CMakeLists.txt sets its
// environment): e2e, e2e-none, e2e-replay, e2e-summary, e2e-auto or
// e2e-merge.
std::string testMode() {
  if (std::getenv("COSMO_E2E_STORED"))
    return "e2e-stored";
  if (const char *calls = std::getenv("COSMO_E2E_CALLS"))
    return std::string("e2e-") + calls;
  if (std::getenv("COSMO_E2E_MERGE"))
    return "e2e-merge";
  if (std::getenv("COSMO_E2E_SOLVER_OPTS"))
    return "e2e-none";
  return "e2e";
}

class ProgramCheck : public testing::TestWithParam<ProgramFile> {
protected:
  void TearDown() override {
    if (!HasFailure())
      return;
    workDir_.keep();
    std::cout << "[   KEPT   ] " << workDir_.path().string() << "\n";
    RecordProperty("kept_work_dir", workDir_.path().string());
  }

  const std::filesystem::path &workDir() const { return workDir_.path(); }

  // Step 1: the header.
  std::optional<ProgramSpec> readSpec(const ProgramFile &program) {
    std::string source;
    try {
      source = readTextFile(program.path);
    } catch (const std::exception &error) {
      ADD_FAILURE() << error.what();
      return std::nullopt;
    }
    ProgramSpecParse parsed = parseProgramSpec(source);
    if (!parsed.spec)
      ADD_FAILURE() << program.relativePath << ": malformed header (docs/test-programs.md):\n  "
                    << fmt::format("{}", fmt::join(parsed.problems, "\n  "));
    return parsed.spec;
  }

  // The arguments of `cosmo check` but --out and the program.
  static std::vector<std::string> checkArguments(const ProgramSpec &spec,
                                                 const std::string &calls) {
    std::vector<std::string> args;
    // The suite runs once per solver configuration (tests/e2e/CMakeLists).
    if (const char *solverOpts = std::getenv("COSMO_E2E_SOLVER_OPTS"))
      args.push_back(std::string("--solver-opts=") + solverOpts);
    args.push_back("--calls=" + calls);
    // Every completed path's test is replayed natively: the differential
    // check covers them all, not only the default's new-coverage ones.
    args.push_back("--tests=all");
    if (const char *merge = std::getenv("COSMO_E2E_MERGE"))
      args.push_back(std::string("--merge=") + merge);
    args.insert(args.end(), spec.runArgs.begin(), spec.runArgs.end());
    return args;
  }

  static std::string cosmoRunKey(const std::vector<std::string> &args,
                                 const ProgramFile &program) {
    return CosmoRunCache::key({cosmoBinary, COSMO_E2E_COSMO_CLANG, COSMO_E2E_COSMO_INCLUDE_DIR,
                               COSMO_E2E_LIBC_DIR},
                              args, program.path);
  }

  // Step 2: `cosmo check`; false when there is no report to look at.
  bool runCosmo(const ProgramSpec &spec, const ProgramFile &program,
                const std::filesystem::path &outDir, const std::string &calls) {
    std::vector<std::string> args = checkArguments(spec, calls);
    std::vector<std::string> argv = {cosmoBinary.string(), "check"};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.push_back("--out=" + outDir.string());
    argv.push_back(program.path.string());
    ProcessResult run = runProcess({argv, {}, cosmoTimeoutFor(spec), workDir(), {}});
    cosmoOutput_ = processOutput(run);
    std::string command = commandLine(argv);
    if (run.ending != ProcessResult::Ending::Exited) {
      ADD_FAILURE() << "cosmo " << describeEnding(run) << "\n  " << command << "\n" << cosmoOutput_;
      return false;
    }
    cosmoRuns.store(cosmoRunKey(args, program), run.exitCode, outDir,
                    "  " + command + "\n" + cosmoOutput_);
    expectExitCode(spec, run.exitCode, "  " + command + "\n" + cosmoOutput_);
    return true;
  }

  // `cosmo check --calls=<calls>` of the program into `outDir`: the run
  // another test of this ctest run made (`family`<path>, CosmoRunCache.h),
  // copied here where a failing test keeps it, else made now; false when
  // there is no report to look at.
  bool keptOrNewRun(const ProgramSpec &spec, const ProgramFile &program,
                    const std::filesystem::path &outDir, const std::string &calls,
                    const std::string &family, const std::string &property) {
    std::optional<CosmoRunCache::Run> kept =
        cosmoRuns.find(cosmoRunKey(checkArguments(spec, calls), program));
    if (!kept)
      return runCosmo(spec, program, outDir, calls);
    RecordProperty(property, "reused");
    std::cout << "[  KEPT    ] the run of " << family << program.relativePath << "\n";
    expectExitCode(spec, kept->exitCode, kept->output);
    std::filesystem::copy(kept->outDir, outDir, std::filesystem::copy_options::recursive);
    return true;
  }

  static void expectExitCode(const ProgramSpec &spec, int exitCode, const std::string &run) {
    int expectedCode = expectedExitCode(spec.verdict);
    EXPECT_EQ(exitCode, expectedCode) << "cosmo's exit code should be " << expectedCode
                                      << " for verdict " << toString(spec.verdict) << "\n"
                                      << run;
  }

  // Step 3: report.json against the header.
  void checkReport(const ProgramSpec &spec, const std::filesystem::path &outDir) {
    CosmoReport report;
    try {
      report = readCosmoReport(outDir / "report.json");
    } catch (const std::exception &error) {
      ADD_FAILURE() << "no usable report.json: " << error.what() << "\ncosmo's output:\n"
                    << cosmoOutput_;
      return;
    }
    std::string expectedVerdict(toString(spec.verdict));
    if (report.verdict == expectedVerdict && report.errors == spec.errors &&
        report.latent == spec.latent)
      return;
    std::string diff;
    if (report.verdict != expectedVerdict)
      diff += fmt::format("  verdict: expected {}, got {}\n", expectedVerdict, report.verdict);
    if (report.errors != spec.errors) {
      diff += fmt::format("  errors expected: {}\n", describeErrors(spec.errors));
      diff += fmt::format("  errors reported: {}\n", describeErrors(report.errors));
      diff += fmt::format("    missing:    {}\n", describeErrors(difference(spec.errors, report.errors)));
      diff += fmt::format("    unexpected: {}\n", describeErrors(difference(report.errors, spec.errors)));
    }
    if (report.latent != spec.latent) {
      diff += fmt::format("  latent expected: {}\n", describeErrors(spec.latent));
      diff += fmt::format("  latent reported: {}\n", describeErrors(report.latent));
    }
    diff += fmt::format("  reason: \"{}\"\n", report.reason);
    for (const std::string &why : report.unknownReasons)
      diff += fmt::format("  unknown reason: {}\n", why);
    ADD_FAILURE() << "report.json does not match the program's header:\n" << diff;
  }

  // Step 3b: the header's STATS lines of this test family, against
  // report.json's "stats" (how the verdict was reached, not only which).
  void checkStats(const ProgramSpec &spec, const std::filesystem::path &outDir,
                  const std::string &mode) {
    nlohmann::json stats;
    try {
      stats = nlohmann::json::parse(readTextFile(outDir / "report.json"))["stats"];
    } catch (const std::exception &error) {
      return; // checkReport said why
    }
    for (const StatExpectation &e : spec.stats) {
      if (e.mode != mode)
        continue;
      const nlohmann::json *at = &stats;
      std::istringstream parts(e.key);
      for (std::string name; std::getline(parts, name, '.');) {
        if (!at->is_object() || !at->contains(name)) {
          at = nullptr;
          break;
        }
        at = &(*at)[name];
      }
      if (!at || !at->is_number()) {
        ADD_FAILURE() << "STATS " << e.describe() << ": report.json's stats have no number "
                      << e.key;
        continue;
      }
      double actual = at->get<double>();
      EXPECT_TRUE(e.holdsFor(actual))
          << "STATS " << e.describe() << " does not hold in " << mode << ": " << e.key << " is "
          << actual << "\n  reason: " << readCosmoReport(outDir / "report.json").reason;
    }
  }

  // Step 5 (--calls=replay runs): the paths explored are those of inline
  // exploration, in number and in how they ended.
  void checkSamePathsAsInline(const ProgramSpec &spec, const ProgramFile &program,
                              const std::filesystem::path &replayOut) {
    // e2e/<path>'s run, which checked it against the header too.
    std::filesystem::path inlineOut = workDir() / "cosmo-out-inline";
    if (!keptOrNewRun(spec, program, inlineOut, "inline", "e2e/", "inline_run"))
      return;
    auto paths = [](const std::filesystem::path &out) {
      nlohmann::json stats = nlohmann::json::parse(readTextFile(out / "report.json"))["stats"];
      return std::array<uint64_t, 3>{stats["paths_completed"].get<uint64_t>(),
                                     stats["paths_errored"].get<uint64_t>(),
                                     stats["paths_cut"].get<uint64_t>()};
    };
    CosmoReport a = readCosmoReport(inlineOut / "report.json");
    CosmoReport b = readCosmoReport(replayOut / "report.json");
    // Where a query reached the solver's time limit, which paths end cut
    // depends on the load of the machine, in either run: the two are
    // compared by verdict and errors only.
    auto timedOut = [](const CosmoReport &r) {
      return std::any_of(r.unknownReasons.begin(), r.unknownReasons.end(),
                         [](const std::string &why) {
                           return why.find("solver timeout") != std::string::npos;
                         });
    };
    // Under --target=errors both stop at their first error, and which
    // paths ended before it depends on the order the two explore in.
    bool stopsAtFirstError =
        std::find(spec.runArgs.begin(), spec.runArgs.end(),
                  "--target=errors") != spec.runArgs.end();
    // --calls=replay unrolls every loop and recursion; the inline run may
    // have made recursive states of some (--loops=auto), whose paths past
    // them are fewer.
    auto summarisedLoops = [](const std::filesystem::path &out) {
      nlohmann::json stats =
          nlohmann::json::parse(readTextFile(out / "report.json"))["stats"];
      return stats.contains("loop_summaries") &&
             (stats["loop_summaries"].value("summarized", 0) > 0 ||
              stats["loop_summaries"].value("recursive_calls", 0) > 0);
    };
    if (!timedOut(a) && !timedOut(b) && !stopsAtFirstError &&
        !summarisedLoops(inlineOut)) {
      auto inlined = paths(inlineOut), replayed = paths(replayOut);
      EXPECT_EQ(inlined, replayed)
          << "paths (completed, errored, cut) with --calls=inline: " << fmt::format("{}", fmt::join(inlined, ", "))
          << "; with --calls=replay: " << fmt::format("{}", fmt::join(replayed, ", "));
    }
    EXPECT_EQ(a.verdict, b.verdict);
    EXPECT_EQ(a.errors, b.errors) << "inline: " << describeErrors(a.errors)
                                  << "; replay: " << describeErrors(b.errors);
    EXPECT_EQ(a.latent, b.latent) << "inline: " << describeErrors(a.latent)
                                  << "; replay: " << describeErrors(b.latent);
  }

  // Step 4: every test vector replayed natively.
  void checkReplays(const ProgramSpec &spec, const ProgramFile &program,
                    const std::filesystem::path &outDir) {
    std::vector<RecordedTest> vectors;
    try {
      vectors = readTestVectors(outDir / "tests");
    } catch (const std::exception &error) {
      ADD_FAILURE() << "unreadable test vector: " << error.what();
      return;
    }
    if (vectors.empty()) {
      // Only news when all else matched: an unexpected verdict already failed.
      if (spec.verdict != Verdict::Unknown && !HasFailure())
        ADD_FAILURE() << "cosmo wrote no test vectors in " << (outDir / "tests").string()
                      << ", so nothing could be replayed (add `// NO-REPLAY: <reason>` if that is right)";
      return;
    }

    if (vectors.front().dataModel == engine::DataModel::ILP32 && !canRunIlp32Programs())
      GTEST_SKIP() << kNoIlp32Execution;
    report::NativeToolchain toolchain = defaultNativeToolchain();
    std::filesystem::path replayDir = workDir() / "replay";
    std::filesystem::create_directories(replayDir);
    if (vectors.front().entry != "main") {
      checkEntryReplays(spec, program, vectors, toolchain, replayDir);
      return;
    }
    std::vector<std::string> checks = optionValues(spec.runArgs, "--check");
    engine::DataModel dataModel = vectors.front().dataModel;
    std::string key = NativeCache::buildKey(toolchain, program.path, checks, dataModel);
    auto built = nativeCache.build(key, replayDir, [&](const std::filesystem::path &dir) {
      return buildNativeProgram(toolchain, program.path, checks, dir, {}, dataModel);
    });
    if (!built) {
      reportBuildFailure(built.takeError());
      return;
    }
    noteBuild(*built);

    int mismatches = 0;
    for (const RecordedTest &vector : vectors) {
      std::optional<std::string> mismatch =
          replayOne(toolchain, key, built->executable, vector, program, outDir);
      if (mismatch && ++mismatches <= maxReplayMismatchesShown)
        ADD_FAILURE() << *mismatch;
    }
    if (mismatches > maxReplayMismatchesShown)
      ADD_FAILURE() << "... and " << mismatches - maxReplayMismatchesShown
                    << " more test vectors disagree with their native replay";
    noteRuns();
  }

  static void reportBuildFailure(llvm::Error error) {
    handleAllErrors(
        std::move(error),
        [](const NativeBuildError &error) {
          ADD_FAILURE() << error.message() << "\n  " << error.command() << "\n"
                        << indentLines(abbreviate(error.output()));
        },
        [](const llvm::ErrorInfoBase &error) { ADD_FAILURE() << error.message(); });
  }

  void noteBuild(const NativeCache::Build &build) {
    buildReused_ = build.reused;
    RecordProperty("native_build", build.reused ? "reused" : "built");
  }

  // The native run of `executable` (build `key`) on `inputs`: kept by a test
  // of another mode, or run now by `run` (and kept).
  ProcessResult nativeRun(const std::string &key, const std::string &inputs,
                          llvm::function_ref<ProcessResult()> run) {
    ++nativeRuns_;
    lastRunReused_ = false;
    if (std::optional<ProcessResult> kept = nativeCache.findRun(key, inputs)) {
      ++nativeRunsReused_;
      lastRunReused_ = true;
      return *kept;
    }
    ProcessResult result = run();
    nativeCache.storeRun(key, inputs, result);
    return result;
  }

  // Failure messages name the executable in the work directory, which a
  // failing test keeps (a cached one goes with the cache).
  std::filesystem::path keptExecutable(const std::filesystem::path &executable,
                                       const std::filesystem::path &replayDir) {
    std::filesystem::path copy = replayDir / executable.filename();
    if (copy == executable)
      return executable;
    std::error_code ec;
    std::filesystem::copy_file(executable, copy,
                               std::filesystem::copy_options::skip_existing, ec);
    return ec ? executable : copy;
  }

  // --entry programs: each vector through cosmo's generated harness.
  void checkEntryReplays(const ProgramSpec &spec, const ProgramFile &program,
                         const std::vector<RecordedTest> &vectors,
                         const report::NativeToolchain &toolchain,
                         const std::filesystem::path &replayDir) {
    const RecordedTest &first = vectors.front();
    std::optional<report::EntryCall> call =
        report::entryCallFor(first.entry, first.signature);
    ASSERT_TRUE(call.has_value())
        << "the test vectors of --entry=" << first.entry << " carry no signature";
    report::ReplayOptions options{toolchain, optionValues(spec.runArgs, "--check"),
                                  nativeRunTimeout};
    options.dataModel = first.dataModel;
    std::string harness = report::entryHarnessSource(
        *call, program.path.string(),
        std::filesystem::path(toolchain.replayRuntime).parent_path().string());
    std::string key = NativeCache::buildKey(toolchain, program.path, options.checks,
                                            options.dataModel, harness);
    auto built = nativeCache.build(
        key, replayDir, [&](const std::filesystem::path &dir) -> llvm::Expected<std::filesystem::path> {
          auto replayer = report::NativeReplayer::build(program.path, options, dir, call);
          if (!replayer)
            return replayer.takeError();
          return replayer->executable();
        });
    ASSERT_TRUE(static_cast<bool>(built)) << toString(built.takeError());
    noteBuild(*built);
    report::NativeReplayer replayer =
        report::NativeReplayer::prebuilt(program.path, options, replayDir, built->executable, call);
    int mismatches = 0;
    for (const RecordedTest &vector : vectors) {
      std::string name = std::filesystem::path(vector.file).stem().string();
      report::ReplayRun run;
      lastRunReused_ = false;
      // A vector whose harness file cannot be written is judged by replay().
      auto harnessFile = report::harnessFileText(*call, vector.test);
      if (!harnessFile) {
        llvm::consumeError(harnessFile.takeError());
        run = replayer.replay(vector.test, name);
      } else {
        std::string inputs = replayFileText(vector.test) + '\0' + *harnessFile + '\0' +
                             report::processEnvironmentOf(vector.test).text();
        std::optional<std::string> notRun;
        run.process = nativeRun(key, inputs, [&] {
          auto process = replayer.run(vector.test, name);
          if (process)
            return std::move(*process);
          notRun = toString(process.takeError());
          return ProcessResult{};
        });
        run.result = notRun ? report::ReplayResult{report::ReplayStatus::NotReplayable, *notRun}
                            : report::judgeReplay(vector.test, run.process,
                                                  program.path.filename().string(),
                                                  options.timeout);
      }
      if (run.result.status != report::ReplayStatus::Confirmed &&
          ++mismatches <= maxReplayMismatchesShown)
        ADD_FAILURE() << "native replay of " << name << " through the --entry harness: "
                      << report::describe(run.result)
                      << (lastRunReused_ ? " (the kept result of the same inputs' run by another test)"
                                         : "")
                      << "\n"
                      << indentLines(describeInputs(vector.test)) << processOutput(run.process)
                      << "  harness: " << keptExecutable(built->executable, replayDir).string()
                      << "\n";
    }
    noteRuns();
  }

  void noteRuns() {
    RecordProperty("native_runs", nativeRuns_);
    RecordProperty("native_runs_reused", nativeRunsReused_);
    std::cout << "[  NATIVE  ] build " << (buildReused_ ? "reused" : "made") << ", "
              << nativeRuns_ << " runs, " << nativeRunsReused_ << " of them reused\n";
  }

  // The failure message for `vector`, or nothing if the native run agrees.
  std::optional<std::string> replayOne(const report::NativeToolchain &toolchain,
                                       const std::string &key,
                                       const std::filesystem::path &executable,
                                       const RecordedTest &vector, const ProgramFile &program,
                                       const std::filesystem::path &outDir) {
    std::filesystem::path vectorFile = vector.file;
    std::string vectorName = vectorFile.lexically_relative(outDir).generic_string();
    std::filesystem::path replayDir = workDir() / "replay";
    std::filesystem::path replayFile = replayDir / (vectorFile.stem().string() + ".replay");
    if (llvm::Error error = writeReplayFile(vector.test, replayFile.string()))
      return fmt::format("cannot replay {}: {}", vectorName, toString(std::move(error)));
    report::ProcessEnvironment environment = report::processEnvironmentOf(vector.test);
    ProcessResult run = nativeRun(key, replayFileText(vector.test) + '\0' + environment.text(), [&] {
      return runNativeProgram(toolchain, executable, replayFile, nativeRunTimeout, {},
                              environment);
    });
    NativeOutcome outcome = classifyNativeRun(run, program.path.filename().string());
    std::optional<ErrorSite> recorded = recordedError(vector.test);
    if (matchesExpectation(outcome, recorded, recordedCallerLines(vector.test)))
      return std::nullopt;
    return fmt::format(
        "native replay of {} disagrees with cosmo\n"
        "  cosmo:  {}\n"
        "  native: {} ({}{})\n"
        "  inputs:\n{}"
        "  reproduce: COSMO_REPLAY_FILE={} ASAN_OPTIONS=detect_leaks=0 {}\n"
        "{}",
        vectorName, recorded ? describe(*recorded) : "completed", describe(outcome),
        describeEnding(run),
        lastRunReused_ ? "; the kept result of the same inputs' run by another test" : "",
        indentLines(describeInputs(vector.test)), replayFile.string(),
        keptExecutable(executable, replayDir).string(), processOutput(run));
  }

  // Seed 002's trees kept across runs (issue 45): the program with its
  // main edited (its callees as they are) fills a store with the callees'
  // trees; the program then takes them from the store, and reports what a
  // run without the store reports: verdict, errors, paths, tests.
  void checkTreesFromTheStore(const ProgramSpec &spec, const ProgramFile &program,
                              const std::string &calls) {
    std::string text = readTextFile(program.path);
    std::smatch mainDefinition;
    if (!std::regex_search(text, mainDefinition, std::regex(R"(\bmain\s*\([^)]*\)\s*\{)")))
      GTEST_SKIP() << "no main to edit";
    // On main's first line: no other line moves.
    std::string edited = text;
    edited.insert(mainDefinition.position(0) + mainDefinition.length(0),
                  " volatile int cosmo_edit_ = 1; (void)cosmo_edit_;");
    std::filesystem::path dir = workDir() / "stored";
    std::filesystem::create_directories(dir);
    std::filesystem::path source = dir / program.path.filename();
    std::string store = "--store=" + (workDir() / "trees.db").string();
    auto check = [&](const std::string &code, const std::string &out) {
      std::ofstream(source) << code;
      std::vector<std::string> argv = {cosmoBinary.string(), "check"};
      for (const std::string &a : checkArguments(spec, calls))
        argv.push_back(a);
      argv.push_back(store);
      argv.push_back("--out=" + (workDir() / out).string());
      argv.push_back(source.string());
      ProcessResult run = runProcess({argv, {}, cosmoTimeoutFor(spec), workDir(), {}});
      cosmoOutput_ = processOutput(run);
      EXPECT_EQ(run.ending, ProcessResult::Ending::Exited)
          << commandLine(argv) << "\n" << cosmoOutput_;
      return nlohmann::json::parse(readTextFile(workDir() / out / "report.json"));
    };
    nlohmann::json filled = check(edited, "edited");
    nlohmann::json stored = check(text, "stored");
    checkReport(spec, workDir() / "stored");
    // The run without the store: e2e-<calls>/<path>'s.
    std::filesystem::path plainOut = workDir() / "plain";
    if (!keptOrNewRun(spec, program, plainOut, calls, "e2e-" + calls + "/", "plain_run"))
      return;
    nlohmann::json plain = nlohmann::json::parse(readTextFile(plainOut / "report.json"));

    // Every tree the edited run built is taken from the store. A callee
    // whose isolated run met its time limit there (a loaded machine) has no
    // tree to keep, and is new to the second run.
    std::set<std::string> built;
    for (const nlohmann::json &t : filled["store"]["trees"])
      built.insert(t["function"].get<std::string>());
    size_t reused = 0;
    for (const nlohmann::json &t : stored["store"]["trees"]) {
      std::string function = t["function"].get<std::string>();
      if (t["status"] == "reused") {
        ++reused;
        EXPECT_TRUE(built.count(function)) << function << " reused but never built";
      } else {
        EXPECT_FALSE(built.count(function))
            << function << " rebuilt though only main changed:\n" << stored["store"].dump(1);
        EXPECT_EQ(t["why"], "new") << stored["store"].dump(1);
      }
    }
    EXPECT_EQ(reused, built.size()) << stored["store"].dump(1);
    RecordProperty("trees_from_the_store", static_cast<int>(reused));
    std::cout << "[  STORED  ] " << reused << " trees from the store\n";

    CosmoReport a = readCosmoReport(workDir() / "stored" / "report.json");
    CosmoReport b = readCosmoReport(plainOut / "report.json");
    EXPECT_EQ(a.verdict, b.verdict);
    EXPECT_EQ(describeErrors(a.errors), describeErrors(b.errors));
    EXPECT_EQ(describeErrors(a.latent), describeErrors(b.latent));
    // Where a query reached the solver's time limit, which paths end cut
    // depends on the machine's load.
    bool timedOut = std::any_of(b.unknownReasons.begin(), b.unknownReasons.end(),
                                [](const std::string &why) {
                                  return why.find("solver timeout") != std::string::npos;
                                });
    if (timedOut)
      return;
    for (const char *count : {"paths_completed", "paths_errored", "paths_cut"})
      EXPECT_EQ(stored["stats"][count], plain["stats"][count]) << count;
    EXPECT_EQ(readTestVectors(workDir() / "stored" / "tests").size(),
              readTestVectors(plainOut / "tests").size());
  }

private:
  report::ScopedTempDir workDir_ = makeTempDir("cosmo-e2e");
  std::string cosmoOutput_;
  bool buildReused_ = false;
  int nativeRuns_ = 0;
  int nativeRunsReused_ = 0;
  bool lastRunReused_ = false;
};

TEST_P(ProgramCheck, MatchesExpectations) {
  const ProgramFile &program = GetParam();
  RecordProperty("program", program.relativePath);
  ASSERT_TRUE(std::filesystem::is_regular_file(program.path))
      << "no program " << program.relativePath << " under " << programsDir.string();

  std::optional<ProgramSpec> spec = readSpec(program);
  if (!spec)
    return;
  if (const char *stored = std::getenv("COSMO_E2E_STORED"))
    return checkTreesFromTheStore(*spec, program, stored);
  std::filesystem::path outDir = workDir() / "cosmo-out";
  // The suite runs once per call strategy too (tests/e2e/CMakeLists).
  const char *callsEnv = std::getenv("COSMO_E2E_CALLS");
  std::string calls = callsEnv ? callsEnv : "inline";
  if (!runCosmo(*spec, program, outDir, calls))
    return;
  checkReport(*spec, outDir);
  checkStats(*spec, outDir, testMode());
  if (calls == "replay")
    checkSamePathsAsInline(*spec, program, outDir);
  if (spec->noReplayReason)
    return;
  // Plain Z3 (e2e-none) is checked for its verdicts and errors: its
  // models are Z3's own for each query, while the pipeline's (model reuse,
  // the cex cache), whose tests e2e/<path> replays, are the ones at risk.
  // Its replays were two thirds of its time.
  if (testMode() == "e2e-none")
    return;
  checkReplays(*spec, program, outDir);
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ProgramCheck);
INSTANTIATE_TEST_SUITE_P(Programs, ProgramCheck, testing::ValuesIn(programsUnderTest()),
                         [](const testing::TestParamInfo<ProgramFile> &info) {
                           return info.param.testName;
                         });

} // namespace
} // namespace cosmo::e2e
