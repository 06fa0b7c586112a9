//===- CheckCommand.cpp - `cosmo check`: load, explore, report ------------===//

#include "CheckCommand.h"
#include "ContractRuns.h"

#include "cosmo/engine/Executor.h"
#include "cosmo/summary/Analysis.h"
#include "cosmo/frontend/CompilationDatabase.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/report/Report.h"
#include "cosmo/report/UnitTests.h"
#include "cosmo/report/ScopedTempDir.h"
#include "cosmo/report/Witness.h"
#include "cosmo/solver/Pipeline.h"

#include "ProgressLine.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <fmt/format.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <chrono>
#include <thread>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace cosmo::cli {

namespace {

std::atomic<summary::Analysis *> running{nullptr};
std::atomic<bool> signalled{false};

void onInterrupt(int) {
  signalled = true;
  if (summary::Analysis *e = running.load())
    e->interrupt();
}

/// Z3 is stopped from a thread, not from the signal handler: a long query
/// (there is none with --solver-timeout=0) must not keep a SIGINT or
/// SIGTERM waiting.
class SolverInterrupter {
public:
  explicit SolverInterrupter(summary::Analysis &e)
      : thread_([this, &e] {
          std::unique_lock<std::mutex> lock(mutex_);
          while (!done_) {
            if (signalled)
              e.interruptSolver();
            wake_.wait_for(lock, std::chrono::milliseconds(50));
          }
        }) {}
  ~SolverInterrupter() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    wake_.notify_one(); // a run's end is not delayed by the poll
    thread_.join();
  }

private:
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

constexpr std::chrono::seconds kConfirmRunTimeout{10};

// --confirm: the native replay of each error's test (of a run whose entry
// is `entry`), one result per error.
std::vector<report::ReplayResult>
confirmErrors(const engine::RunSummary &summary, const std::string &program,
              const std::string &entry,
              const std::optional<engine::EntrySignature> &signature,
              const report::ReplayOptions &replay) {
  if (summary.errors.empty())
    return {};
  auto workDir = report::ScopedTempDir::create("cosmo-confirm");
  if (!workDir)
    return std::vector<report::ReplayResult>(
        summary.errors.size(),
        {report::ReplayStatus::NotReplayable,
         llvm::toString(workDir.takeError())});
  return report::confirmErrors(summary.errors, program, entry, signature,
                               replay, workDir->path());
}

/// --emit-tests: observe each completed path's call natively (twice, the
/// heap elsewhere the second time) and write the unit tests into
/// `outDir`/unit. Returns the line that says where they are.
llvm::Expected<std::string> emitUnitTests(const report::OutputDirectory &out,
                                          const report::RunInfo &info,
                                          const CheckOptions &opts,
                                          const report::ReplayOptions &replay,
                                          const std::string &nativeMain,
                                          const std::string &outDir) {
  auto call = report::entryCallFor(info.entry, info.signature);
  if (!call)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the C prototype of %s is unknown (no debug information, or a "
        "parameter type without a C name)",
        info.entry.c_str());
  for (const auto &[file, test] : out.completedTests())
    for (const engine::TestInput &in : test.inputs)
      if ((!report::isHarnessInput(in) || in.source == "global") &&
          in.source != "acsl")
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "%s reads input '%s' %s; unit tests can only supply "
            "arguments and the memory they point to",
            info.entry.c_str(), in.name.c_str(),
            in.source == "global"
                ? "(a global its contract's run takes as an input)"
                : ("from " + in.function + "()").c_str());
  auto workDir = report::ScopedTempDir::create("cosmo-unit");
  if (!workDir)
    return workDir.takeError();
  auto harness = report::NativeReplayer::build(nativeMain, replay,
                                               workDir->path(), call);
  if (!harness)
    return harness.takeError();
  std::vector<report::ObservedTest> tests;
  std::vector<std::string> skipped;
  for (const auto &[file, test] : out.completedTests()) {
    auto observed = report::observeTest(*harness, file, test);
    if (!observed)
      skipped.push_back(file + ": " + llvm::toString(observed.takeError()));
    else
      tests.push_back(std::move(*observed));
  }
  auto format = opts.emitTests == "gtest" ? report::UnitTestFormat::GTest
                                          : report::UnitTestFormat::C;
  std::string dir = outDir + "/unit";
  std::error_code ec = llvm::sys::fs::create_directories(dir);
  if (ec)
    return llvm::createStringError(ec, "cannot create %s", dir.c_str());
  std::string main;
  for (const report::UnitTestFile &f :
       report::unitTestFiles(*call, nativeMain, tests, format,
                             replay.toolchain, replay.dataModel,
                             replay.sources)) {
    std::ofstream o(dir + "/" + f.name);
    o << f.text;
    if (!o)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot write %s/%s", dir.c_str(),
                                     f.name.c_str());
    if (main.empty())
      main = f.name;
  }
  std::string line = fmt::format(
      "unit tests: {} in {}/{} ({})", tests.size(), dir, main,
      format == report::UnitTestFormat::C ? "make -C " + dir + " check"
                                          : "CMakeLists.txt beside it");
  for (const std::string &s : skipped)
    line += "\n  not a unit test: " + s;
  return line;
}

/// Writes `witness` to OUT/witness.yml (and says where), or says why not.
void writeWitness(llvm::Expected<std::string> witness,
                  const CheckOptions &opts, const std::string &outDir) {
  std::string path = outDir + "/witness.yml";
  if (!witness) {
    std::cerr << "cosmo: error: " << llvm::toString(witness.takeError())
              << "\n";
    return;
  }
  std::ofstream f(path);
  f << *witness;
  if (!f)
    std::cerr << "cosmo: error: cannot write " << path << "\n";
  else if (!opts.quiet)
    std::cout << "witness: " << path << "\n";
}

/// SV-COMP mode (reachability of reach_error): the verdict as the last
/// line, a violation witness for FALSE, a correctness witness (the loop
/// invariants that proved it) for TRUE. Errors of other kinds say nothing
/// about reach_error, so alone they make the answer UNKNOWN.
int reportSvcomp(const engine::RunSummary &summary, const report::RunInfo &info,
                 const CheckOptions &opts,
                 const std::string &outDir) {
  const engine::ErrorReport *violation = nullptr;
  for (const engine::ErrorReport &e : summary.errors)
    if (e.kind == engine::ErrorKind::Assert) {
      violation = &e;
      break;
    }
  report::WitnessTask task{info.program, info.dataModel, COSMO_VERSION, ""};
  if (violation) {
    writeWitness(report::violationWitness(*violation, task), opts, outDir);
    std::cout << "FALSE\n";
  } else if (summary.verdict == engine::Verdict::True) {
    writeWitness(report::correctnessWitness(summary.witnessInvariants, task), opts,
                 outDir);
    std::cout << "TRUE\n";
  } else {
    std::cout << "UNKNOWN\n";
  }
  return 0;
}

} // namespace

namespace {

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
  if (opts.m32)
    flags.push_back("-m32");
  if (opts.m64)
    flags.push_back("-m64");
  flags.insert(flags.end(), opts.extraClangFlags.begin(),
               opts.extraClangFlags.end());
  return flags;
}

/// The program's inputs and how to compile them, from the command line.
llvm::Expected<std::vector<frontend::SourceInput>>
programInputs(const CheckOptions &opts, frontend::FrontendOptions &fo) {
  auto fail = [](const std::string &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  bool useCache = !opts.buildDir.empty() || !opts.cacheDir.empty();
  if (opts.cacheDir == "none")
    useCache = false;
  if (useCache)
    fo.cacheDir = opts.cacheDir.empty() ? frontend::defaultCacheDirectory()
                                        : opts.cacheDir;
  if (!opts.buildDir.empty()) {
    if (!opts.inputs.empty())
      return fail("give either input files or -p BUILD_DIR, not both");
    fo.linkOnlyWhatEntryNeeds = true;
    return frontend::readCompilationDatabase(opts.buildDir);
  }
  if (opts.inputs.empty())
    return fail("no input files (give FILE... or -p BUILD_DIR)");
  std::vector<frontend::SourceInput> inputs;
  for (const std::string &f : opts.inputs)
    inputs.push_back(frontend::SourceInput{f, {}, {}});
  return inputs;
}

/// The main file's path for native builds: absolute (units of
/// compile_commands.json are relative to their own directories).
std::string nativePathOf(const frontend::SourceInput &in) {
  std::filesystem::path p(in.path);
  if (p.is_relative() && !in.directory.empty())
    p = std::filesystem::path(in.directory) / p;
  return std::filesystem::absolute(p).lexically_normal().string();
}

/// How the linked program compiles natively: its first unit is the main
/// file (the harness includes it for --entry runs), the others are built
/// beside it, each with its own flags.
/// Units compile in their own directory, or in cosmo's (so that relative
/// -I paths of the command line mean the same in an emitted Makefile).
report::NativeSources nativeSourcesOf(const frontend::Program &program,
                                      const frontend::FrontendOptions &fo) {
  auto directoryOf = [](const frontend::SourceInput &in) {
    return in.directory.empty() ? std::filesystem::current_path().string()
                                : in.directory;
  };
  report::NativeSources sources;
  // The command line's flags mean paths relative to where cosmo runs.
  sources.flags = report::flagsWithAbsolutePaths(
      fo.clangFlags, std::filesystem::current_path().string());
  sources.mainFlags = program.linked.front().flags;
  sources.mainDirectory = directoryOf(program.linked.front());
  for (size_t k = 1; k < program.linked.size(); ++k)
    sources.others.push_back({nativePathOf(program.linked[k]),
                              program.linked[k].flags,
                              directoryOf(program.linked[k])});
  return sources;
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

int runCheck(const CheckOptions &opts) {
  auto base = installedFrontendOptions();
  if (!base)
    return usageError(llvm::toString(base.takeError()));
  frontend::FrontendOptions fo = *base;
  fo.clangFlags = clangFlagsOf(opts);
  fo.entry = opts.engine.entry;
  fo.annotations = opts.contracts != "ignore";
  for (const std::string &stub : opts.stubs)
    fo.stubs.push_back(frontend::SourceInput{stub, {}, {}});
  auto inputs = programInputs(opts, fo);
  if (!inputs)
    return usageError(llvm::toString(inputs.takeError()));

  engine::EngineOptions eo = opts.engine;
  auto checks = parseChecks(opts.checks);
  if (!checks)
    return usageError(llvm::toString(checks.takeError()));
  for (const std::string &c : *checks) {
    eo.checkOverflow |= c == "overflow";
    eo.checkShift |= c == "shift";
    eo.checkFloatCast |= c == "float-cast";
  }
  // --confirm and --emit-tests need a compiler: say so before a long run,
  // not after it.
  report::ReplayOptions replay;
  if (opts.confirm || !opts.emitTests.empty()) {
    auto toolchain = nativeToolchain();
    if (!toolchain)
      return usageError(std::string(opts.confirm ? "--confirm" : "--emit-tests") +
                        ": " + llvm::toString(toolchain.takeError()));
    replay = {*toolchain, *checks, kConfirmRunTimeout};
  }

  auto pipeline = solver::parsePipelineOptions(opts.solverOpts, eo.solver);
  if (!pipeline)
    return usageError(llvm::toString(pipeline.takeError()));
  eo.solver = *pipeline;

  llvm::LLVMContext llvmCtx;
  auto program = frontend::loadProgram(*inputs, llvmCtx, fo);
  if (!program)
    return usageError(llvm::toString(program.takeError()));
  llvm::Module &module = *program->module;
  std::string dataModel = frontend::dataModelOf(module);
  if ((opts.m32 && dataModel != "ILP32") || (opts.m64 && dataModel != "LP64"))
    return usageError(std::string(opts.m32 ? "-m32" : "-m64") +
                      " was given, but the program's bitcode is " + dataModel);
  if (opts.svcomp && eo.entry != "main")
    return usageError("--svcomp analyses main (drop --entry)");
  if (!opts.emitTests.empty() && eo.entry == "main")
    return usageError("--emit-tests writes unit tests of an --entry function; "
                      "name one with --entry");

  if (eo.externals == engine::ExternalPolicy::Error) {
    auto missing = engine::externalFunctionsOf(module);
    if (!missing.empty())
      return usageError(report::externalsLine(missing) +
                        "; define them, model them with --stubs, or choose "
                        "--externals=unknown|havoc");
  }

  report::RunInfo info{program->linkedFiles.front(), opts.engine.entry};
  std::string nativeMain = nativePathOf(program->linked.front());
  replay.sources = nativeSourcesOf(*program, fo);
  for (const frontend::SourceInput &in : program->linked)
    if (!opts.emitTests.empty() &&
        llvm::sys::path::extension(in.path) != ".c" &&
        llvm::sys::path::extension(in.path) != ".i")
      return usageError("--emit-tests needs the C source of every input, and " +
                        in.path + " is not a .c or .i file");
  info.files = program->linkedFiles;
  info.buildFlags = replay.sources.flags;
  info.buildFiles.push_back(nativeMain);
  for (const report::NativeSources::Unit &unit : replay.sources.others)
    info.buildFiles.push_back(unit.path);
  info.dataModel = dataModel;
  info.frontend = program->stats;

  std::string outDir = opts.outDir.empty()
                           ? report::freshOutputDirectory("cosmo-out")
                           : opts.outDir;
  auto out = report::OutputDirectory::create(outDir, info);
  if (!out)
    return usageError(llvm::toString(out.takeError()));
  (*out)->writeSarif(opts.format == "sarif");
  (*out)->keepCompletedTests(!opts.emitTests.empty());

  ProgressLine progress(**out, !opts.quiet && isatty(STDERR_FILENO) != 0);
  const std::vector<frontend::acsl::ContractedFunction> verifiable =
      verifiableContracts(module, program->contracts);
  // With contracts and no main, the run is the contracts' runs alone.
  std::vector<frontend::acsl::ContractedFunction> contracts;
  if (opts.contracts == "check")
    contracts = verifiable;
  // --entry=F under F's own contract: F's verify companion is the entry
  // (requires assumed, shaping the inputs; ensures and assigns checked), so
  // that run also verifies F's contract.
  std::optional<frontend::acsl::ContractedFunction> entryContract;
  if (opts.contracts != "ignore" && eo.entry != "main")
    for (const frontend::acsl::ContractedFunction &f : verifiable)
      if (f.name == eo.entry)
        entryContract = f;
  if (entryContract)
    std::erase_if(contracts, [&](const frontend::acsl::ContractedFunction &f) {
      return f.name == entryContract->name;
    });
  const llvm::Function *mainFn = module.getFunction(eo.entry);
  bool runEntry = !(eo.entry == "main" && !contracts.empty() &&
                    (!mainFn || mainFn->isDeclaration()));
  auto runOne = [&](summary::Analysis &analysis) {
    running = &analysis;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    engine::RunSummary result;
    {
      SolverInterrupter interrupter(analysis);
      result = analysis.run();
    }
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    running = nullptr;
    return result;
  };

  engine::RunSummary summary;
  std::vector<report::ReplayResult> replays;
  // Paths under an assumed \forall may go on without a model
  // (Executor::ask): no model reuse in a contract's run.
  auto underContract = [&](const frontend::acsl::ContractedFunction &f) {
    engine::EngineOptions o = eo;
    o.entry = verifierOf(f);
    o.globalsAsInputs = true;
    o.solver.modelReuse = false;
    return o;
  };
  if (runEntry) {
    engine::EngineOptions entryOptions =
        entryContract ? underContract(*entryContract) : eo;
    summary::Analysis executor(module, entryOptions, progress);
    if (llvm::Error e = executor.prepare())
      return usageError(llvm::toString(std::move(e)));
    info.signature = executor.entrySignature();
    (*out)->setEntrySignature(info.signature);
    if (entryContract)
      (*out)->setTestEntry(entryOptions.entry, info.signature);
    replay.dataModel = executor.dataModel();
    summary = runOne(executor);
    progress.clear();
    if (opts.confirm)
      replays = confirmErrors(summary, nativeMain, entryOptions.entry,
                              executor.entrySignature(), replay);
    if (entryContract)
      mergeContractRun(summary, summary, *entryContract, info.program, "");
  }
  for (const frontend::acsl::ContractedFunction &f : contracts) {
    engine::EngineOptions contractOptions = underContract(f);
    // Tests for errors only.
    contractOptions.tests = engine::TestPolicy::Errors;
    summary::Analysis verifier(module, contractOptions, progress);
    if (llvm::Error e = verifier.prepare())
      return usageError(llvm::toString(std::move(e)));
    (*out)->setTestEntry(contractOptions.entry, verifier.entrySignature());
    engine::RunSummary run = runOne(verifier);
    progress.clear();
    if (opts.confirm) {
      replay.dataModel = verifier.dataModel();
      for (report::ReplayResult &r :
           confirmErrors(run, nativeMain, contractOptions.entry,
                         verifier.entrySignature(), replay))
        replays.push_back(std::move(r));
    }
    mergeContractRun(summary, std::move(run), f, info.program,
                     runEntry && !entryContract ? eo.entry : "");
  }

  if (opts.contracts == "check")
    noteTrustedContracts(summary, program->contracts, verifiable,
                         "no body to verify");
  else if (opts.contracts == "use")
    noteTrustedContracts(summary, program->contracts, {}, "--contracts=use");
  if (llvm::Error e = (*out)->finish(summary, replays))
    return usageError(llvm::toString(std::move(e)));
  if (!opts.quiet)
    std::cout << report::formatSummary(summary, info, outDir,
                                       isatty(STDOUT_FILENO) != 0, replays);
  if (!opts.emitTests.empty()) {
    auto emitted = emitUnitTests(**out, info, opts, replay, nativeMain,
                                 outDir);
    if (!emitted)
      return usageError("--emit-tests: " +
                        llvm::toString(emitted.takeError()));
    if (!opts.quiet)
      std::cout << *emitted << "\n";
  }
  if (opts.svcomp)
    return reportSvcomp(summary, info, opts, outDir);
  switch (summary.verdict) {
  case engine::Verdict::True: return kExitTrue;
  case engine::Verdict::False: return kExitFalse;
  case engine::Verdict::Unknown: return kExitUnknown;
  }
  return kExitUnknown;
}

} // namespace cosmo::cli
