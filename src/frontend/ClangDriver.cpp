//===- ClangDriver.cpp - running clang-14 on one C unit -------------------===//

#include "ClangDriver.h"

#include <chrono>

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Program.h>

namespace cosmo::frontend {

namespace {

llvm::Error error(const std::string &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

std::string readAndRemove(const std::string &path) {
  std::string text;
  if (auto buf = llvm::MemoryBuffer::getFile(path))
    text = (*buf)->getBuffer().str();
  llvm::sys::fs::remove(path);
  return text;
}

} // namespace

llvm::Expected<ClangDriver> ClangDriver::create(const FrontendOptions &opts) {
  auto clang = llvm::sys::findProgramByName(opts.clang);
  if (!clang)
    return error("cannot find " + opts.clang + " on PATH");
  return ClangDriver(*clang, opts);
}

std::vector<std::string>
ClangDriver::compileFlags(const SourceInput &unit) const {
  // Analysis wants unoptimised IR that keeps names and lines; warnings are
  // the build's business, not cosmo's.
  std::vector<std::string> flags = {"-O0", "-Xclang", "-disable-O0-optnone",
                                    "-g", "-fno-discard-value-names",
                                    "-Wno-everything"};
  for (const auto &d : options_->includeDirs)
    flags.push_back("-I" + d);
  flags.insert(flags.end(), unit.flags.begin(), unit.flags.end());
  flags.insert(flags.end(), options_->clangFlags.begin(),
               options_->clangFlags.end());
  return flags;
}

llvm::Error ClangDriver::run(const SourceInput &unit,
                             std::vector<std::string> args,
                             const std::string &stdoutFile) const {
  llvm::SmallString<128> err;
  if (llvm::sys::fs::createTemporaryFile("cosmo-clang", "log", err))
    return error("cannot create a temporary file");
  args.insert(args.begin(), clang_);
  if (!unit.directory.empty())
    args.insert(args.begin() + 1, "-working-directory=" + unit.directory);
  std::vector<llvm::StringRef> argv(args.begin(), args.end());
  llvm::Optional<llvm::StringRef> redirects[] = {
      llvm::StringRef(""),
      stdoutFile.empty() ? llvm::Optional<llvm::StringRef>(llvm::None)
                         : llvm::StringRef(stdoutFile),
      llvm::StringRef(err)};
  std::string spawnError;
  auto started = std::chrono::steady_clock::now();
  int rc = llvm::sys::ExecuteAndWait(clang_, argv, llvm::None, redirects, 0, 0,
                                     &spawnError);
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            started)
                  .count();
  std::string diags = readAndRemove(std::string(err.str()));
  if (rc == 0)
    return llvm::Error::success();
  while (!diags.empty() && diags.back() == '\n')
    diags.pop_back();
  if (rc < 0)
    diags = spawnError;
  return error("cannot compile " + unit.path + " (clang-14 exit code " +
               std::to_string(rc) + ")\n" + diags);
}

llvm::Expected<std::string>
ClangDriver::preprocess(const SourceInput &unit) const {
  llvm::SmallString<128> out;
  if (llvm::sys::fs::createTemporaryFile("cosmo-pp", "i", out))
    return error("cannot create a temporary file");
  std::vector<std::string> args = compileFlags(unit);
  args.insert(args.end(), {"-E", unit.path});
  if (llvm::Error e = run(unit, args, std::string(out.str()))) {
    llvm::sys::fs::remove(out);
    return e;
  }
  return readAndRemove(std::string(out.str()));
}

llvm::Error ClangDriver::compile(const SourceInput &unit,
                                 const std::string &output) const {
  std::vector<std::string> args = compileFlags(unit);
  args.insert(args.end(), {"-c", "-emit-llvm", unit.path, "-o", output});
  return run(unit, args, "");
}

} // namespace cosmo::frontend
