//===- CheckSession.cpp - one check: load, explore, confirm, write --------===//

#include "cosmo/driver/CheckSession.h"

#include "RunOutputs.h"
#include "StoreClient.h"

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/CompilationDatabase.h"
#include "cosmo/summary/Analysis.h"
#include "cosmo/summary/ContractRuns.h"
#include "cosmo/support/Periodic.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

namespace cosmo::driver {

namespace {

using frontend::acsl::ContractedFunction;

constexpr std::chrono::seconds kConfirmRunTimeout{10};
/// --svcomp's native run of its violation: long enough for a run of a few
/// million iterations, short beside the task's limit.
constexpr std::chrono::seconds kSvcompConfirmTimeout{3};

llvm::Error failure(const std::string &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The output directory, and the observer beside it.
class ObservedOutput final : public engine::RunListener {
public:
  ObservedOutput(engine::RunListener &out, CheckObserver *observer)
      : out_(out), observer_(observer) {}
  void onError(const engine::ErrorReport &e) override {
    out_.onError(e);
    if (observer_)
      observer_->onError(e);
  }
  void onCompletedPath(const engine::TestVector &t) override {
    out_.onCompletedPath(t);
    if (observer_)
      observer_->onCompletedPath(t);
  }
  void onProgress(const engine::Progress &p) override {
    out_.onProgress(p);
    if (observer_)
      observer_->onProgress(p);
  }

private:
  engine::RunListener &out_;
  CheckObserver *observer_;
};

} // namespace

/// The listener an analysis is made with, passing on to one that can
/// change between runs (the store's recorder while a run is kept).
class ListenerSlot final : public engine::RunListener {
public:
  explicit ListenerSlot(engine::RunListener &to) : to_(&to), base_(&to) {}
  void onError(const engine::ErrorReport &e) override { to_->onError(e); }
  void onCompletedPath(const engine::TestVector &t) override {
    to_->onCompletedPath(t);
  }
  void onProgress(const engine::Progress &p) override { to_->onProgress(p); }
  void redirect(engine::RunListener *to) { to_ = to ? to : base_; }
  engine::RunListener &base() { return *base_; }

private:
  engine::RunListener *to_, *base_;
};

namespace {

/// The main file's path for native builds: absolute (units of
/// compile_commands.json are relative to their own directories).
std::string nativePathOf(const frontend::SourceInput &in) {
  std::filesystem::path p(in.path);
  if (p.is_relative() && !in.directory.empty())
    p = std::filesystem::path(in.directory) / p;
  return std::filesystem::absolute(p).lexically_normal().string();
}

/// The program's inputs, and the bitcode cache they compile through.
llvm::Expected<std::vector<frontend::SourceInput>>
programInputs(const CheckOptions &opts, frontend::FrontendOptions &fo) {
  fo.cacheDir = frontend::cacheDirectory(opts.cacheDir, !opts.buildDir.empty());
  if (!opts.buildDir.empty()) {
    auto units = frontend::readCompilationDatabase(opts.buildDir);
    if (!units)
      return units.takeError();
    fo.linkOnlyWhatEntryNeeds = true;
    // Files beside -p come first: a unit of the build to start from (the
    // one whose main to check), or a harness of one's own.
    std::vector<frontend::SourceInput> inputs;
    for (const std::string &f : opts.inputs) {
      std::string path = nativePathOf(frontend::SourceInput{f, {}, {}});
      auto unit = std::find_if(units->begin(), units->end(),
                               [&](const frontend::SourceInput &u) {
                                 return nativePathOf(u) == path;
                               });
      if (unit != units->end()) {
        inputs.push_back(*unit);
        units->erase(unit);
      } else {
        inputs.push_back(frontend::SourceInput{f, {}, {}});
      }
    }
    fo.chosenUnits = inputs.size();
    inputs.insert(inputs.end(), units->begin(), units->end());
    return inputs;
  }
  if (opts.inputs.empty())
    return failure("no input files (give FILE... or -p BUILD_DIR)");
  std::vector<frontend::SourceInput> inputs;
  for (const std::string &f : opts.inputs)
    inputs.push_back(frontend::SourceInput{f, {}, {}});
  return inputs;
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

/// What the options ask that the loaded program cannot give.
std::optional<std::string> mismatch(const CheckOptions &opts,
                                    const frontend::Program &program,
                                    const std::string &dataModel) {
  const engine::EngineOptions &eo = opts.engine;
  if ((opts.m32 && dataModel != "ILP32") || (opts.m64 && dataModel != "LP64"))
    return std::string(opts.m32 ? "-m32" : "-m64") +
           " was given, but the program's bitcode is " + dataModel;
  if (opts.svcomp && eo.entry != "main")
    return "--svcomp analyses main (drop --entry)";
  if (!opts.emitTests.empty() && eo.entry == "main")
    return "--emit-tests writes unit tests of an --entry function; name one "
           "with --entry";
  if (eo.externals == engine::ExternalPolicy::Error) {
    auto missing = engine::externalFunctionsOf(*program.module);
    if (!missing.empty())
      return report::externalsLine(missing) +
             "; define them, model them with --stubs, or choose "
             "--externals=unknown|havoc";
  }
  if (!opts.emitTests.empty())
    for (const frontend::SourceInput &in : program.linked)
      if (llvm::sys::path::extension(in.path) != ".c" &&
          llvm::sys::path::extension(in.path) != ".i")
        return "--emit-tests needs the C source of every input, and " +
               in.path + " is not a .c or .i file";
  return std::nullopt;
}

} // namespace

struct LoadedProgram {
  std::unique_ptr<llvm::LLVMContext> context;
  frontend::Program program;
  frontend::FrontendOptions frontend;
  std::string dataModel;
  /// With a store: the functions' keys, before any run changes the module.
  std::unique_ptr<frontend::FunctionKeys> keys;
  /// What the store's records call the program: its build directory or
  /// its files.
  std::string storeName;
};

CheckSession::CheckSession(CheckOptions options, CheckObserver *observer)
    : opts_(std::move(options)), observer_(observer) {}

CheckSession::CheckSession(CheckOptions options,
                           std::shared_ptr<LoadedProgram> program,
                           CheckObserver *observer)
    : opts_(std::move(options)), program_(std::move(program)),
      observer_(observer) {}

const frontend::Program &CheckSession::programOf(const LoadedProgram &program) {
  return program.program;
}

llvm::Expected<std::shared_ptr<LoadedProgram>>
CheckSession::load(const CheckOptions &opts, bool everyUnit) {
  auto loaded = std::make_shared<LoadedProgram>();
  frontend::FrontendOptions &fo = loaded->frontend;
  fo = opts.installation;
  fo.clangFlags = opts.clangFlags;
  // Whether a left shift's operand is signed is C's, not the IR's: clang's
  // check of it traps where the result does not fit (llvm.ubsantrap).
  if (std::ranges::count(opts.checks, "overflow") ||
      (opts.svcomp && opts.property.has(Subproperty::NoOverflow)))
    for (const char *flag : {"-fsanitize=shift-base",
                             "-fsanitize-trap=shift-base"})
      fo.clangFlags.push_back(flag);
  if (opts.m32)
    fo.clangFlags.push_back("-m32");
  if (opts.m64)
    fo.clangFlags.push_back("-m64");
  fo.entry = everyUnit ? "" : opts.engine.entry;
  fo.annotations = opts.contracts != ContractMode::Ignore;
  for (const std::string &stub : opts.stubs)
    fo.stubs.push_back(frontend::SourceInput{stub, {}, {}});
  auto inputs = programInputs(opts, fo);
  if (!inputs)
    return inputs.takeError();
  if (everyUnit) {
    fo.linkOnlyWhatEntryNeeds = false;
    fo.leaveOutSeveralMains = true;
  }
  loaded->context = std::make_unique<llvm::LLVMContext>();
  auto program = frontend::loadProgram(*inputs, *loaded->context, fo);
  if (!program)
    return program.takeError();
  loaded->program = std::move(*program);
  loaded->dataModel = frontend::dataModelOf(*loaded->program.module);
  if (!opts.store.empty()) {
    loaded->keys =
        std::make_unique<frontend::FunctionKeys>(*loaded->program.module);
    std::vector<std::string> names;
    if (!opts.buildDir.empty())
      names.push_back(std::filesystem::absolute(opts.buildDir).string());
    for (const std::string &f : opts.inputs)
      names.push_back(std::filesystem::absolute(f).string());
    loaded->storeName = llvm::join(names, " ");
  }
  return loaded;
}

CheckSession::~CheckSession() = default;

bool CheckSession::interrupt() {
  interrupted_ = true;
  summary::Analysis *a = running_.load();
  if (!a)
    return false;
  a->interrupt();
  return true;
}

summary::AnalysisResult CheckSession::analyse(summary::Analysis &analysis) {
  running_ = &analysis;
  if (interrupted_) // an interrupt before this run stops it too
    analysis.interrupt();
  summary::AnalysisResult result;
  {
    // Z3 is stopped from a thread, not from a signal handler: a long query
    // (there is none with --solver-timeout=0) must not keep an interrupt
    // waiting.
    support::Periodic interrupter(std::chrono::milliseconds(50), [&] {
      if (interrupted_)
        analysis.interruptSolver();
    });
    result = analysis.run();
  }
  running_ = nullptr;
  if (observer_)
    observer_->onRunFinished();
  return result;
}

llvm::Expected<summary::AnalysisResult>
CheckSession::runOrReuse(summary::Analysis &analysis,
                         const engine::EngineOptions &options,
                         ListenerSlot &slot) {
  if (!store_)
    return analyse(analysis);
  // A rebuilt run takes its callees' trees from the store where it can.
  std::unique_ptr<summary::TreeShelf> trees = store_->treeShelf(options);
  analysis.setTreeShelf(trees.get());
  // Its loops' and recursions' Horn questions take their answers from it.
  std::unique_ptr<solver::HornAnswerShelf> horn = store_->hornShelf();
  analysis.setHornShelf(horn.get());
  std::function<summary::AnalysisResult(engine::RunListener &)> explore;
  if (!opts_.storeOnly)
    explore = [&](engine::RunListener &recorder) {
      slot.redirect(&recorder);
      summary::AnalysisResult r = analyse(analysis);
      slot.redirect(nullptr);
      return r;
    };
  std::optional<summary::AnalysisResult> result =
      store_->run(*program_->program.module, options, slot.base(), explore);
  if (!result)
    return failure("the store has no run of " + options.entry +
                   " with these options (a worker that should have made "
                   "it did not finish)");
  return std::move(*result);
}

llvm::Expected<CheckResult> CheckSession::run() {
  const CheckOptions &opts = opts_;
  engine::EngineOptions eo = opts.engine;
  for (const std::string &c : opts.checks) {
    eo.checkOverflow |= c == "overflow";
    eo.checkShift |= c == "shift";
    eo.checkFloatCast |= c == "float-cast";
    eo.checkLeaks |= c == "leak";
    eo.checkCleanup |= c == "memcleanup";
  }
  if (opts.svcomp) { // the first violation decides the property
    const SvcompProperty &p = opts.property;
    eo.maxErrors = 1;
    eo.countedErrors = p.violations();
    // Reachability tasks have no undefined behaviour; a task of another
    // property may overflow where that does not matter to it.
    eo.assumeNoSignedOverflow = p.reachability();
    eo.assumeMemorySafe = p.reachability();
    eo.endPathsPastAssertions = p.reachability();
    eo.assertionsAbort = !p.reachability();
    eo.checkLeaks |= p.has(Subproperty::ValidMemtrack);
    eo.checkCleanup |= p.has(Subproperty::ValidMemcleanup);
    eo.checkOverflow |= p.has(Subproperty::NoOverflow);
  }
  report::ReplayOptions replay;
  if (opts.confirm || !opts.emitTests.empty()) {
    if (!opts.toolchain)
      return failure(std::string(opts.confirm ? "--confirm" : "--emit-tests") +
                     " needs a native toolchain");
    replay = {*opts.toolchain, opts.checks, kConfirmRunTimeout};
  }

  if (const std::string &dir = opts.summary.hornDumpDir; !dir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      return failure("--dump-horn: cannot create " + dir + ": " +
                     ec.message());

  if (!program_) {
    auto loaded = load(opts);
    if (!loaded)
      return loaded.takeError();
    program_ = std::move(*loaded);
  }
  const frontend::FrontendOptions &fo = program_->frontend;
  frontend::Program *program = &program_->program;
  llvm::Module &module = *program->module;
  const std::string &dataModel = program_->dataModel;
  if (std::optional<std::string> bad = mismatch(opts, *program, dataModel))
    return failure(*bad);
  if (!opts.store.empty()) {
    if (!program_->keys) // loaded without the store in mind
      program_->keys = std::make_unique<frontend::FunctionKeys>(module);
    auto opened = store::openStore(opts.store);
    if (!opened)
      return opened.takeError();
    store_ = std::make_unique<StoreClient>(std::move(*opened), *program_->keys,
                                           program_->storeName, opts);
  }

  CheckResult result;
  report::RunInfo &info = result.info;
  info = {program->linkedFiles.front(), opts.engine.entry};
  std::string nativeMain = nativePathOf(program->linked.front());
  replay.sources = nativeSourcesOf(*program, fo);
  info.files = program->linkedFiles;
  info.buildFlags = replay.sources.flags;
  info.buildFiles.push_back(nativeMain);
  for (const report::NativeSources::Unit &unit : replay.sources.others)
    info.buildFiles.push_back(unit.path);
  info.dataModel = dataModel;
  info.frontend = program->stats;

  result.outDir = opts.outDir.empty()
                      ? report::freshOutputDirectory("cosmo-out")
                      : opts.outDir;
  auto out = report::OutputDirectory::create(result.outDir, info);
  if (!out)
    return out.takeError();
  (*out)->writeSarif(opts.sarif);
  (*out)->keepCompletedTests(!opts.emitTests.empty());
  ObservedOutput observed(**out, observer_);
  ListenerSlot listener(observed);

  const std::vector<ContractedFunction> verifiable =
      summary::verifiableContracts(module, program->contracts);
  // With contracts and no main, the check is the contracts' runs alone.
  std::vector<ContractedFunction> contracts;
  if (opts.contracts == ContractMode::Check)
    contracts = verifiable;
  // --entry=F under F's own contract: F's verify companion is the entry
  // (requires assumed, shaping the inputs; ensures and assigns checked), so
  // that run also verifies F's contract.
  std::optional<ContractedFunction> entryContract;
  if (opts.contracts != ContractMode::Ignore && eo.entry != "main")
    for (const ContractedFunction &f : verifiable)
      if (f.name == eo.entry)
        entryContract = f;
  if (entryContract)
    std::erase_if(contracts, [&](const ContractedFunction &f) {
      return f.name == entryContract->name;
    });
  const llvm::Function *mainFn = module.getFunction(eo.entry);
  bool runEntry = !(eo.entry == "main" && !contracts.empty() &&
                    (!mainFn || mainFn->isDeclaration()));

  summary::AnalysisResult &summary = result.summary;
  if (runEntry) {
    engine::EngineOptions entryOptions =
        entryContract ? summary::contractRunOptions(*entryContract, eo) : eo;
    summary::Analysis analysis(module, entryOptions, opts.summary, listener);
    if (llvm::Error e = analysis.prepare())
      return e;
    info.signature = analysis.entrySignature();
    (*out)->setEntrySignature(info.signature);
    if (entryContract)
      (*out)->setTestEntry(entryOptions.entry, info.signature);
    replay.dataModel = analysis.dataModel();
    auto run = runOrReuse(analysis, entryOptions, listener);
    if (!run)
      return run.takeError();
    summary = std::move(*run);
    if (opts.confirm)
      result.replays = confirmErrors(summary.errors, nativeMain,
                                     entryOptions.entry,
                                     analysis.entrySignature(), replay);
    if (entryContract)
      summary::mergeContractRun(summary, summary, *entryContract,
                                info.program, "");
  }
  for (const ContractedFunction &f : contracts) {
    engine::EngineOptions contractOptions = summary::contractRunOptions(f, eo);
    // Tests for errors only.
    contractOptions.tests = engine::TestPolicy::Errors;
    summary::Analysis verifier(module, contractOptions, opts.summary,
                               listener);
    if (llvm::Error e = verifier.prepare())
      return e;
    (*out)->setTestEntry(contractOptions.entry, verifier.entrySignature());
    auto reused = runOrReuse(verifier, contractOptions, listener);
    if (!reused)
      return reused.takeError();
    summary::AnalysisResult run = std::move(*reused);
    if (opts.confirm) {
      replay.dataModel = verifier.dataModel();
      for (report::ReplayResult &r :
           confirmErrors(run.errors, nativeMain, contractOptions.entry,
                         verifier.entrySignature(), replay))
        result.replays.push_back(std::move(r));
    }
    summary::mergeContractRun(summary, std::move(run), f, info.program,
                              runEntry && !entryContract ? eo.entry : "");
  }

  if (opts.contracts == ContractMode::Check)
    summary::noteTrustedContracts(summary, program->contracts, verifiable,
                                  "no body to verify");
  else if (opts.contracts == ContractMode::Use)
    summary::noteTrustedContracts(summary, program->contracts, {},
                                  "--contracts=use");
  if (store_) {
    info.store = store_->finish(opts.storeMaxMB << 20);
    (*out)->setStoreUse(info.store);
  }
  if (llvm::Error e = (*out)->finish(summary, result.replays))
    return e;
  if (!opts.emitTests.empty()) {
    auto emitted = emitUnitTests(**out, info, opts.emitTests, replay,
                                 nativeMain, result.outDir);
    if (emitted)
      result.unitTests = *emitted;
    else
      result.unitTestsError = llvm::toString(emitted.takeError());
  }
  if (opts.svcomp) {
    // The violation is run natively before it is the answer (a bug of
    // cosmo's must not make a FALSE): a few seconds at most, the program
    // built once.
    std::optional<report::ReplayOptions> confirming;
    if (opts.toolchain && runEntry) {
      confirming = replay;
      confirming->toolchain = *opts.toolchain;
      confirming->checks = opts.checks;
      confirming->timeout = kSvcompConfirmTimeout;
    }
    SvcompOutcome sv = svcompOutcome(opts.property, summary, info,
                                     result.outDir, nativeMain, confirming);
    result.svcompWithdrawn = sv.withdrawn;
    result.svcompAnswer = sv.answer;
    result.witnessPath = sv.witnessPath;
    result.witnessError = sv.witnessError;
  }
  return result;
}

} // namespace cosmo::driver
