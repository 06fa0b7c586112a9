//===- CheckCommand.cpp - `cosmo check`: options in, summary out ----------===//
//
// The check itself is the driver's (CheckSession); here the command line's
// options become its options, SIGINT and SIGTERM stop its analysis, and its
// result is printed.
//
//===----------------------------------------------------------------------===//

#include "CheckCommand.h"

#include "cosmo/driver/CheckSession.h"
#include "cosmo/driver/ProjectCheck.h"
#include "cosmo/report/ProjectReport.h"
#include "cosmo/report/Report.h"
#include "cosmo/solver/Pipeline.h"
#include "cosmo/store/Store.h"

#include "ProgressLine.h"

#include <llvm/Support/FileSystem.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <csignal>
#include <iostream>
#include <unistd.h>

namespace cosmo::cli {

namespace {

std::atomic<driver::CheckSession *> running{nullptr};
/// A signal stopped an analysis: no second one starts.
std::atomic<bool> interrupted{false};

/// Stops the analysis that runs; outside one (loading, native replay) the
/// signal does what it does by default.
void onInterrupt(int sig) {
  driver::CheckSession *s = running.load();
  interrupted = true;
  if (s && s->interrupt())
    return;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

std::vector<std::string> clangFlagsOf(const CheckOptions &opts) {
  std::vector<std::string> flags;
  for (const std::string &d : opts.includeDirs)
    flags.push_back("-I" + d);
  for (const std::string &d : opts.defines)
    flags.push_back("-D" + d);
  for (const std::string &u : opts.undefines)
    flags.push_back("-U" + u);
  for (const std::string &f : opts.forcedIncludes)
    flags.insert(flags.end(), {"-include", f});
  if (!opts.cStandard.empty())
    flags.push_back("-std=" + opts.cStandard);
  flags.insert(flags.end(), opts.extraClangFlags.begin(),
               opts.extraClangFlags.end());
  return flags;
}

/// The driver's options from the command line's; an error for a value
/// that does not parse or a tool that is missing.
llvm::Expected<driver::CheckOptions> sessionOptions(const CheckOptions &opts) {
  driver::CheckOptions d;
  auto installed = installedFrontendOptions();
  if (!installed)
    return installed.takeError();
  d.installation = *installed;
  d.inputs = opts.inputs;
  d.buildDir = opts.buildDir;
  d.cacheDir = opts.cacheDir;
  d.store = storeSpec(opts.store, opts.cacheDir, !opts.buildDir.empty());
  d.storeMaxMB = opts.storeMaxMB;
  d.leaseSeconds = opts.storeLease;
  d.storeOnly = opts.storeOnly;
  d.clangFlags = clangFlagsOf(opts);
  d.stubs = opts.stubs;
  d.m32 = opts.m32;
  d.m64 = opts.m64;
  d.outDir = opts.outDir;
  d.sarif = opts.format == "sarif";
  d.svcomp = opts.svcomp;
  if (!opts.property.empty()) {
    if (!opts.svcomp)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--property needs --svcomp");
    auto property = driver::readPropertyFile(opts.property);
    if (!property)
      return property.takeError();
    d.property = *property;
  }
  auto checks = parseChecks(opts.checks);
  if (!checks)
    return checks.takeError();
  d.checks = *checks;
  // A signed overflow natively too: the violation's run is built with
  // the sanitizer that reports it.
  if (opts.svcomp && d.property.has(driver::Subproperty::NoOverflow) &&
      !std::ranges::count(d.checks, "overflow"))
    d.checks.push_back("overflow");
  d.confirm = opts.confirm;
  d.emitTests = opts.emitTests;
  // --confirm and --emit-tests need a compiler: say so before a long run,
  // not after it.
  if (opts.confirm || !opts.emitTests.empty()) {
    auto toolchain = nativeToolchain();
    if (!toolchain)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          std::string(opts.confirm ? "--confirm" : "--emit-tests") + ": " +
              llvm::toString(toolchain.takeError()));
    d.toolchain = *toolchain;
  } else if (opts.svcomp) {
    // --svcomp runs its violation natively where a compiler is found;
    // without one the violation is the answer as found.
    if (auto toolchain = nativeToolchain())
      d.toolchain = *toolchain;
    else
      llvm::consumeError(toolchain.takeError());
  }
  // The compiled replay runtime is kept where the bitcode is.
  if (std::string cache =
          frontend::cacheDirectory(opts.cacheDir, !opts.buildDir.empty());
      d.toolchain && !cache.empty())
    d.toolchain->runtimeCache = cache + "/runtime";
  d.contracts = opts.contracts == "use"      ? driver::ContractMode::Use
                : opts.contracts == "ignore" ? driver::ContractMode::Ignore
                                             : driver::ContractMode::Check;
  d.engine = opts.engine;
  d.summary = opts.summary;
  auto pipeline = solver::parsePipelineOptions(opts.solverOpts, d.engine.solver);
  if (!pipeline)
    return pipeline.takeError();
  d.engine.solver = *pipeline;
  return d;
}

} // namespace

llvm::Expected<frontend::FrontendOptions> installedFrontendOptions() {
  frontend::FrontendOptions fo;
  fo.includeDirs.push_back(envOr("COSMO_INCLUDE_DIR", COSMO_DEFAULT_INCLUDE_DIR));
  // The LP64 build of cosmo's libc; libc-ilp32.bc is for -m32 programs.
  fo.modelsBitcode =
      envOr("COSMO_LIBC_DIR", COSMO_DEFAULT_LIBC_DIR) + "/libc-lp64.bc";
  if (!llvm::sys::fs::exists(fo.modelsBitcode))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot find cosmo's libc at " +
                                       fo.modelsBitcode +
                                       " (set COSMO_LIBC_DIR)");
  fo.modelsBitcodeILP32 =
      envOr("COSMO_LIBC_DIR", COSMO_DEFAULT_LIBC_DIR) + "/libc-ilp32.bc";
  return fo;
}

std::string storeSpec(const std::string &store, const std::string &cache,
                      bool cacheByDefault) {
  if (store == "none")
    return "";
  if (!store.empty())
    return store;
  std::string dir = frontend::cacheDirectory(cache, cacheByDefault);
  return dir.empty() ? "" : store::defaultStorePath(dir);
}

namespace {

/// `cosmo check --all`: every function, one report.
int runProjectCheck(const CheckOptions &opts, driver::CheckOptions options) {
  if (opts.engine.entry != "main")
    return usageError("--all checks every function: drop --entry");
  if (opts.svcomp || !opts.emitTests.empty())
    return usageError(std::string("--all does not combine with ") +
                      (opts.svcomp ? "--svcomp" : "--emit-tests"));
  driver::ProjectOptions po;
  if (!opts.shard.empty()) {
    unsigned k = 0, n = 0;
    char tail = 0;
    if (std::sscanf(opts.shard.c_str(), "%u/%u%c", &k, &n, &tail) != 2 ||
        k < 1 || k > n)
      return usageError("--shard takes K/N with 1 <= K <= N (" + opts.shard +
                        ")");
    if (options.store.empty())
      return usageError("--shard needs a store the workers share "
                        "(--store=postgresql://... or a shared file)");
    po.shard = k - 1;
    po.shards = n;
  }
  po.check = std::move(options);
  if (po.check.outDir.empty())
    po.check.outDir = report::freshOutputDirectory("cosmo-out");
  po.jobs = opts.jobs;
  bool tty = !opts.quiet && isatty(STDERR_FILENO) != 0;
  driver::ProjectCheck project(std::move(po));
  project.onFunctionDone = [&](const report::FunctionRun &f, size_t done,
                               size_t total) {
    if (tty)
      std::cerr << "\r\033[K[" << done << "/" << total << "] " << f.function
                << ": " << engine::verdictName(f.verdict) << std::flush;
  };
  auto result = project.run();
  if (tty)
    std::cerr << "\r\033[K" << std::flush;
  if (!result)
    return usageError(llvm::toString(result.takeError()));
  if (!opts.quiet)
    std::cout << report::formatProjectSummary(
        *result, isatty(STDOUT_FILENO) != 0, opts.reportLatent);
  switch (result->verdict()) {
  case engine::Verdict::True: return kExitTrue;
  case engine::Verdict::False: return kExitFalse;
  case engine::Verdict::Unknown: return kExitUnknown;
  }
  return kExitUnknown;
}

} // namespace

int runCheck(const CheckOptions &opts) {
  auto options = sessionOptions(opts);
  if (!options)
    return usageError(llvm::toString(options.takeError()));
  if (opts.storeOnly && options->store.empty())
    return usageError("report assembles runs from a store: name it with "
                      "--store");
  if (!opts.shard.empty() && !opts.all)
    return usageError("--shard splits the functions of --all");
  if (opts.all || opts.storeOnly)
    return runProjectCheck(opts, std::move(*options));
  ProgressLine progress(!opts.quiet && isatty(STDERR_FILENO) != 0);
  auto check = [&](driver::CheckOptions o) {
    driver::CheckSession session(std::move(o), &progress);
    running = &session;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    auto r = session.run();
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    running = nullptr;
    progress.clear();
    return r;
  };
  auto started = std::chrono::steady_clock::now();
  double limit = options->engine.timeoutSeconds;
  // --svcomp's strategies in turn, each until its share of the limit ends
  // (the last one: the rest), while the answer is UNKNOWN:
  // - unroll first, briefly: a program whose loops the inputs bound only
  //   through assumptions (`len < 5 && nondet()` in a loop of its own)
  //   ends all its paths in a second, where a summary of each loop has to
  //   see through the bound;
  // - the default strategy;
  // - summaries at each loop's first arrival: loops run concretely before
  //   they are summarised (2^16 visits) lose what those iterations wrote
  //   to arrays (its last 64 byte writes are kept), and a proof needs it
  //   (measured: SV-COMP's array tasks).
  struct Phase {
    summary::LoopStrategy loops;
    const char *name;
    double endsAt; // a share of the limit
  };
  std::vector<Phase> phases{{options->summary.loops, "", 1.0}};
  if (opts.svcompSecondStrategy)
    phases = {{summary::LoopStrategy::Unroll, "unroll", 0.1},
              {summary::LoopStrategy::Auto, "auto", 0.55},
              {summary::LoopStrategy::Summarize, "summarize", 1.0}};
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         started)
        .count();
  };
  std::optional<llvm::Expected<driver::CheckResult>> ran;
  const char *lastRan = nullptr;
  for (size_t k = 0; k < phases.size(); ++k) {
    driver::CheckOptions o = *options;
    if (k > 0) {
      llvm::Expected<driver::CheckResult> &result = *ran;
      if (!result || interrupted || result->svcompAnswer != "UNKNOWN" ||
          !result->svcompWithdrawn.empty())
        break;
      double left = limit * phases[k].endsAt - elapsed();
      if (left < 1)
        continue;
      if (!opts.quiet)
        std::cout << "unknown with --loops=" << lastRan << " ("
                  << result->summary.reason << "); again with --loops="
                  << phases[k].name << " for " << static_cast<int>(left)
                  << " s\n";
      o.outDir = result->outDir;
    }
    if (phases.size() > 1) {
      o.engine.timeoutSeconds = limit * phases[k].endsAt - elapsed();
      o.summary.loops = phases[k].loops;
      if (std::optional<std::string> bad = o.summary.resolve(o.engine))
        return usageError(*bad);
    }
    ran.emplace(check(std::move(o)));
    lastRan = phases[k].name;
  }
  llvm::Expected<driver::CheckResult> &result = *ran;
  if (!result)
    return usageError(llvm::toString(result.takeError()));

  const summary::AnalysisResult &summary = result->summary;
  result->info.reportLatent = opts.reportLatent;
  result->info.verbose = opts.verbose;
  for (const std::string &w : result->info.store.warnings)
    std::cerr << "cosmo: warning: " << w << "\n";
  if (!opts.quiet)
    std::cout << report::formatSummary(summary, result->info, result->outDir,
                                       isatty(STDOUT_FILENO) != 0,
                                       result->replays);
  if (!opts.emitTests.empty()) {
    if (!result->unitTestsError.empty())
      return usageError("--emit-tests: " + result->unitTestsError);
    if (!opts.quiet)
      std::cout << result->unitTests << "\n";
  }
  if (opts.svcomp) {
    if (!result->svcompWithdrawn.empty() && !opts.quiet)
      std::cout << "unknown: " << result->svcompWithdrawn << "\n";
    if (!result->witnessError.empty())
      std::cerr << "cosmo: error: " << result->witnessError << "\n";
    else if (!result->witnessPath.empty() && !opts.quiet)
      std::cout << "witness: " << result->witnessPath << "\n";
    std::cout << result->svcompAnswer << "\n";
    return 0;
  }
  switch (summary.verdict) {
  case engine::Verdict::True: return kExitTrue;
  case engine::Verdict::False: return kExitFalse;
  case engine::Verdict::Unknown: return kExitUnknown;
  }
  return kExitUnknown;
}

} // namespace cosmo::cli
