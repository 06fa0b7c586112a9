//===- Frontend.cpp - C and IR to a prepared module -----------------------===//

#include "cosmo/frontend/Frontend.h"

#include "cosmo/frontend/CompiledCache.h"
#include "ClangDriver.h"
#include "ProgramLinker.h"

#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace cosmo::frontend {

namespace {

constexpr const char *kModelSection = "cosmo.model";

llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

bool isCSource(const std::string &path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".c" || ext == ".i";
}

/// `path` resolved against the unit's working directory.
std::string resolved(const SourceInput &in) {
  if (in.directory.empty() || llvm::sys::path::is_absolute(in.path))
    return in.path;
  llvm::SmallString<256> p(in.directory);
  llvm::sys::path::append(p, in.path);
  return std::string(p.str());
}

llvm::Expected<std::unique_ptr<llvm::Module>>
parseIR(const std::string &path, const std::string &shownAs,
        llvm::LLVMContext &ctx) {
  llvm::SMDiagnostic diag;
  auto m = llvm::parseIRFile(path, diag, ctx);
  if (!m) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << diag.getLineNo() << ":" << diag.getColumnNo() + 1 << ": "
       << diag.getMessage();
    os.flush();
    return error("cannot read " + shownAs + " as LLVM IR: " + msg);
  }
  return m;
}

/// Compiles (or finds in the cache) and parses one input.
class UnitLoader {
public:
  UnitLoader(const ClangDriver *driver, const FrontendOptions &opts,
             llvm::LLVMContext &ctx, FrontendStats &stats)
      : driver_(driver), opts_(opts), ctx_(ctx), stats_(stats) {}

  /// Contracts met in the C units loaded so far.
  std::vector<acsl::ContractedFunction> contracts;

  llvm::Expected<std::unique_ptr<llvm::Module>> load(const SourceInput &in) {
    std::string file = resolved(in);
    if (!llvm::sys::fs::exists(file))
      return error("no such file: " + in.path);
    if (llvm::sys::fs::is_directory(file))
      return error(in.path + " is a directory, not a program");
    llvm::StringRef ext = llvm::sys::path::extension(file);
    std::unique_ptr<llvm::Module> m;
    if (isCSource(file)) {
      auto c = opts_.annotations ? compileAnnotated(in, file) : compile(in);
      if (!c)
        return c.takeError();
      m = std::move(*c);
    } else if (ext == ".bc" || ext == ".ll") {
      auto parsed = parseIR(file, in.path, ctx_);
      if (!parsed)
        return parsed.takeError();
      m = std::move(*parsed);
    } else {
      return error(in.path + ": unknown input kind '" + ext.str() +
                   "' (expected .c, .i, .bc or .ll)");
    }
    std::string verifyMsg;
    llvm::raw_string_ostream vs(verifyMsg);
    if (llvm::verifyModule(*m, &vs))
      return error(in.path + ": invalid LLVM module: " + vs.str());
    return m;
  }

private:
  /// A C unit with ACSL annotations compiles from an instrumented copy
  /// (AcslInstrument.h); one without compiles as it is.
  llvm::Expected<std::unique_ptr<llvm::Module>>
  compileAnnotated(const SourceInput &in, const std::string &file) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer)
      return error("cannot read " + in.path);
    std::string text = (*buffer)->getBuffer().str();
    if (!acsl::mayHoldAnnotations(text))
      return compile(in);
    auto instrumented = acsl::instrumentAnnotations(text, in.path);
    if (!instrumented)
      return instrumented.takeError();
    if (instrumented->functions.empty() && instrumented->loops == 0 &&
        instrumented->assertions == 0)
      return compile(in);
    llvm::SmallString<128> dir;
    if (llvm::sys::fs::createUniqueDirectory("cosmo-acsl", dir))
      return error("cannot create a temporary directory");
    llvm::SmallString<128> copy(dir);
    llvm::sys::path::append(copy, llvm::sys::path::filename(file));
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(copy, ec);
      if (ec)
        return error("cannot write " + std::string(copy.str()));
      os << instrumented->text;
    }
    SourceInput unit = in;
    unit.path = std::string(copy.str());
    // Quoted includes still find the headers beside the original.
    llvm::SmallString<128> original(file);
    llvm::sys::fs::make_absolute(original);
    unit.flags.push_back("-iquote");
    unit.flags.push_back(llvm::sys::path::parent_path(original).str());
    // Debug information names the original's directory, not the copy's
    // fresh one: function keys (FunctionKeys.h) cover the files a
    // function's debug information names, and must not change per run.
    unit.flags.push_back("-fdebug-prefix-map=" + std::string(dir.str()) + "=" +
                         llvm::sys::path::parent_path(original).str());
    auto m = compile(unit, CacheName{in.path, std::string(dir.str())});
    llvm::sys::fs::remove_directories(dir);
    if (m)
      for (const acsl::ContractedFunction &f : instrumented->functions)
        contracts.push_back(f);
    return m;
  }

  /// How a unit compiled from a temporary copy is known to the cache: by
  /// its original path, with the copy's directory (a fresh name each run)
  /// left out of its text.
  struct CacheName {
    std::string path, temporaryDir;
  };

  llvm::Expected<std::unique_ptr<llvm::Module>>
  compile(const SourceInput &in, std::optional<CacheName> as = std::nullopt) {
    ++stats_.units;
    if (opts_.cacheDir.empty()) {
      llvm::SmallString<128> out;
      if (llvm::sys::fs::createTemporaryFile("cosmo", "bc", out))
        return error("cannot create a temporary file");
      std::string bc(out.str());
      llvm::Error e = driver_->compile(in, bc);
      auto m = e ? llvm::Expected<std::unique_ptr<llvm::Module>>(std::move(e))
                 : parseIR(bc, in.path, ctx_);
      llvm::sys::fs::remove(bc);
      return m;
    }
    CompiledCache cache(opts_.cacheDir);
    auto text = driver_->preprocess(in);
    if (!text)
      return text.takeError();
    std::vector<std::string> keyParts = {driver_->clangPath(), COSMO_VERSION,
                                         in.directory, as ? as->path : in.path};
    for (const std::string &f : driver_->compileFlags(in))
      keyParts.push_back(f);
    keyParts.push_back(*text);
    if (as)
      for (std::string &part : keyParts)
        for (size_t at; (at = part.find(as->temporaryDir)) != std::string::npos;)
          part.replace(at, as->temporaryDir.size(), "<copy>");
    std::string key = CompiledCache::keyOf(keyParts);
    if (auto hit = cache.lookup(key)) {
      auto m = parseIR(*hit, in.path, ctx_);
      if (m) {
        ++stats_.cacheHits;
        return m;
      }
      llvm::consumeError(m.takeError()); // a damaged entry: compile again
    }
    ++stats_.cacheMisses;
    auto tmp = cache.temporaryPath();
    if (!tmp)
      return tmp.takeError();
    if (llvm::Error e = driver_->compile(in, *tmp)) {
      llvm::sys::fs::remove(*tmp);
      return e;
    }
    auto stored = cache.store(key, *tmp);
    if (!stored)
      return stored.takeError();
    return parseIR(*stored, in.path, ctx_);
  }

  const ClangDriver *driver_; // null when no C input needs it
  const FrontendOptions &opts_;
  llvm::LLVMContext &ctx_;
  FrontendStats &stats_;
};

/// Links `extra` into `m` for what `m` declares but does not define.
/// `modelSection` marks the linked functions as cosmo's models.
llvm::Error linkForUndefined(llvm::Module &m, std::unique_ptr<llvm::Module> extra,
                             const std::string &what, bool markAsModels) {
  if (markAsModels)
    for (llvm::Function &f : *extra)
      if (!f.isDeclaration())
        f.setSection(kModelSection);
  extra->setDataLayout(m.getDataLayout());
  extra->setTargetTriple(m.getTargetTriple());
  if (llvm::Linker::linkModules(m, std::move(extra),
                                llvm::Linker::LinkOnlyNeeded))
    return error("cannot link " + what + " into the program");
  return llvm::Error::success();
}

llvm::Error linkModels(llvm::Module &m, const FrontendOptions &opts) {
  bool ilp32 = dataModelOf(m) == "ILP32";
  const std::string &bc = ilp32 ? opts.modelsBitcodeILP32 : opts.modelsBitcode;
  if (bc.empty())
    return llvm::Error::success(); // calls into libc stay external
  // Read lazily: the linker materializes only the models the program
  // needs, not the whole libc (most of a small program's load time).
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> models =
      llvm::getLazyIRFileModule(bc, diag, m.getContext());
  if (!models)
    return error("cannot read " + bc + " as LLVM IR: " +
                 diag.getMessage().str());
  // Errors inside a model are attributed to the caller (the user's line).
  return linkForUndefined(m, std::move(models), "cosmo's libc models", true);
}

/// Seed 003: a function with a `use` companion is called through it (its
/// requires checked at every call), except by its `verify` and `use`
/// companions: direct calls go to the companion, and so does every other
/// use of the function's address (a call through a pointer, a table of
/// handlers), as a native run's renaming does.
void callThroughContracts(llvm::Module &m) {
  for (llvm::Function &use : m) {
    llvm::StringRef name = use.getName();
    if (use.isDeclaration() || !name.startswith(acsl::kUsePrefix))
      continue;
    llvm::StringRef target = name.drop_front(std::strlen(acsl::kUsePrefix));
    llvm::Function *f = m.getFunction(target);
    if (!f || f->getFunctionType() != use.getFunctionType())
      continue;
    std::string verifier = std::string(acsl::kVerifyPrefix) + target.str();
    f->replaceUsesWithIf(&use, [&](llvm::Use &u) {
      auto *i = llvm::dyn_cast<llvm::Instruction>(u.getUser());
      return !i || (i->getFunction()->getName() != verifier &&
                    i->getFunction() != &use);
    });
  }
}

void promoteAllocas(llvm::Module &m) {
  llvm::PassBuilder pb;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cam, mam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::PromotePass());
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.run(m, mam);
}

} // namespace

bool isModelFunction(const llvm::Function &f) {
  return f.getSection() == kModelSection;
}

bool isInstrumentationFunction(llvm::StringRef name) {
  return name.startswith("__cosmo_acsl_");
}

std::string dataModelOf(const llvm::Module &m) {
  return m.getDataLayout().getPointerSizeInBits() == 32 ? "ILP32" : "LP64";
}

llvm::Expected<Program> loadProgram(const std::vector<SourceInput> &inputs,
                                    llvm::LLVMContext &ctx,
                                    const FrontendOptions &opts) {
  if (inputs.empty())
    return error("no input files");
  bool needsClang = false;
  for (const SourceInput &in : inputs)
    needsClang |= isCSource(in.path);
  for (const SourceInput &in : opts.stubs)
    needsClang |= isCSource(in.path);
  std::optional<ClangDriver> driver;
  if (needsClang) {
    auto found = ClangDriver::create(opts);
    if (!found)
      return found.takeError();
    driver.emplace(std::move(*found));
  }

  Program program;
  // Every unit compiles before anything links or runs: a compile error in
  // one unit stops the run with nothing analysed half-way.
  std::vector<Unit> units;
  std::vector<SourceInput> unitInputs;
  UnitLoader loader(driver ? &*driver : nullptr, opts, ctx, program.stats);
  for (const SourceInput &in : inputs) {
    auto m = loader.load(in);
    if (!m)
      return m.takeError();
    units.push_back(Unit{in.path, std::move(*m)});
    unitInputs.push_back(in);
  }
  std::vector<size_t> order;
  if (opts.linkOnlyWhatEntryNeeds) {
    auto needed = unitsNeededBy(opts.entry, units, opts.chosenUnits);
    if (!needed)
      return needed.takeError();
    order = std::move(*needed);
  } else {
    std::vector<size_t> mains = definersOf("main", units);
    for (size_t i = 0; i < units.size(); ++i)
      if (opts.leaveOutSeveralMains && mains.size() > 1 &&
          std::count(mains.begin(), mains.end(), i))
        program.leftOut.push_back(unitInputs[i].path);
      else
        order.push_back(i);
    if (order.empty())
      return error("every input defines a main of its own");
    if (std::optional<size_t> d = definerOf(opts.entry, units); d && *d != 0)
      std::rotate(order.begin(), order.begin() + *d, order.begin() + *d + 1);
  }
  std::vector<Unit> chosen;
  for (size_t i : order) {
    chosen.push_back(std::move(units[i]));
    program.linked.push_back(unitInputs[i]);
    program.linkedFiles.push_back(unitInputs[i].path);
  }
  units = std::move(chosen);
  program.stats.unitsLinked = units.size();
  auto linked = linkUnits(std::move(units));
  if (!linked)
    return linked.takeError();
  llvm::Module &m = *linked->module;
  for (const SourceInput &in : opts.stubs) {
    auto stub = loader.load(in);
    if (!stub)
      return stub.takeError();
    if ((*stub)->getDataLayout().getPointerSizeInBits() !=
        m.getDataLayout().getPointerSizeInBits())
      return error("the stubs " + in.path + " are compiled for " +
                   dataModelOf(**stub) + ", the program for " +
                   dataModelOf(m));
    if (llvm::Error e = linkForUndefined(m, std::move(*stub), in.path, false))
      return e;
  }
  if (llvm::Error e = linkModels(m, opts))
    return e;
  if (llvm::Error e = checkVariablesDefined(m, linked->undefinedVariables))
    return e;
  callThroughContracts(m);
  program.contracts = std::move(loader.contracts);
  promoteAllocas(m);
  program.module = std::move(linked->module);
  if (driver)
    program.stats.clangSeconds = driver->seconds();
  return program;
}

llvm::Expected<std::unique_ptr<llvm::Module>>
loadProgram(const std::string &path, llvm::LLVMContext &ctx,
            const FrontendOptions &opts) {
  auto program = loadProgram({SourceInput{path, {}, {}}}, ctx, opts);
  if (!program)
    return program.takeError();
  return std::move(program->module);
}

} // namespace cosmo::frontend
