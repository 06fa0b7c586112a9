//===- Frontend.cpp - C and IR to a prepared module -----------------------===//

#include "cosmo/frontend/Frontend.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <fstream>
#include <sstream>

namespace cosmo::frontend {

namespace {

constexpr const char *kModelSection = "cosmo.model";

llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

std::string readFile(const std::string &path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

llvm::Expected<std::string> compileC(const std::string &path,
                                     const FrontendOptions &opts) {
  auto clang = llvm::sys::findProgramByName(opts.clang);
  if (!clang)
    return error("cannot find " + opts.clang + " on PATH");
  llvm::SmallString<128> out, err;
  if (llvm::sys::fs::createTemporaryFile("cosmo", "bc", out) ||
      llvm::sys::fs::createTemporaryFile("cosmo", "log", err))
    return error("cannot create a temporary file");
  std::vector<std::string> args = {*clang, "-c", "-emit-llvm", "-O0",
                                   "-Xclang", "-disable-O0-optnone", "-g",
                                   "-fno-discard-value-names",
                                   "-Wno-everything"};
  for (const auto &d : opts.includeDirs)
    args.push_back("-I" + d);
  for (const auto &f : opts.clangFlags)
    args.push_back(f);
  args.insert(args.end(), {path, "-o", std::string(out.str())});
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, llvm::None,
                                                llvm::StringRef(err)};
  int rc = llvm::sys::ExecuteAndWait(*clang, argv, llvm::None, redirects);
  std::string diags = readFile(std::string(err.str()));
  llvm::sys::fs::remove(err);
  if (rc != 0) {
    llvm::sys::fs::remove(out);
    while (!diags.empty() && diags.back() == '\n')
      diags.pop_back();
    return error("cannot compile " + path + " (clang-14 exit code " +
                 std::to_string(rc) + ")\n" + diags);
  }
  return std::string(out.str());
}

llvm::Expected<std::unique_ptr<llvm::Module>>
parseIR(const std::string &path, llvm::LLVMContext &ctx) {
  llvm::SMDiagnostic diag;
  auto m = llvm::parseIRFile(path, diag, ctx);
  if (!m) {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << diag.getLineNo() << ":" << diag.getColumnNo() + 1 << ": "
       << diag.getMessage();
    os.flush();
    return error("cannot read " + path + " as LLVM IR: " + msg);
  }
  return std::move(m);
}

llvm::Error linkModels(llvm::Module &m, const FrontendOptions &opts) {
  if (opts.modelsBitcode.empty())
    return llvm::Error::success();
  auto models = parseIR(opts.modelsBitcode, m.getContext());
  if (!models)
    return models.takeError();
  // Mark every model function so that errors inside are attributed to the
  // caller (the user's line), and keep only those the program needs.
  for (llvm::Function &f : **models)
    if (!f.isDeclaration())
      f.setSection(kModelSection);
  (*models)->setDataLayout(m.getDataLayout());
  (*models)->setTargetTriple(m.getTargetTriple());
  if (llvm::Linker::linkModules(m, std::move(*models),
                                llvm::Linker::LinkOnlyNeeded))
    return error("cannot link cosmo's libc models into the program");
  return llvm::Error::success();
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

llvm::Expected<std::unique_ptr<llvm::Module>>
loadProgram(const std::string &path, llvm::LLVMContext &ctx,
            const FrontendOptions &opts) {
  if (!llvm::sys::fs::exists(path))
    return error("no such file: " + path);
  if (llvm::sys::fs::is_directory(path))
    return error(path + " is a directory, not a program");
  llvm::StringRef ext = llvm::sys::path::extension(path);
  std::unique_ptr<llvm::Module> m;
  if (ext == ".c" || ext == ".i") {
    auto bc = compileC(path, opts);
    if (!bc)
      return bc.takeError();
    auto parsed = parseIR(*bc, ctx);
    llvm::sys::fs::remove(*bc);
    if (!parsed)
      return parsed.takeError();
    m = std::move(*parsed);
  } else if (ext == ".bc" || ext == ".ll") {
    auto parsed = parseIR(path, ctx);
    if (!parsed)
      return parsed.takeError();
    m = std::move(*parsed);
  } else {
    return error(path + ": unknown input kind '" + ext.str() +
                 "' (expected .c, .i, .bc or .ll)");
  }
  std::string verifyMsg;
  llvm::raw_string_ostream vs(verifyMsg);
  if (llvm::verifyModule(*m, &vs))
    return error(path + ": invalid LLVM module: " + vs.str());
  if (auto e = linkModels(*m, opts))
    return std::move(e);
  promoteAllocas(*m);
  return std::move(m);
}

} // namespace cosmo::frontend
