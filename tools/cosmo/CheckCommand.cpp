//===- CheckCommand.cpp - `cosmo check`: load, explore, report ------------===//

#include "CheckCommand.h"

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/report/Report.h"

#include <llvm/Support/FileSystem.h>

#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace cosmo::cli {

namespace {

std::atomic<engine::Executor *> running{nullptr};

void onInterrupt(int) {
  if (engine::Executor *e = running.load())
    e->interrupt();
}

std::string envOr(const char *name, const char *fallback) {
  const char *v = std::getenv(name);
  return v && *v ? v : fallback;
}

int usageError(const std::string &msg) {
  std::cerr << "cosmo: error: " << msg << "\n";
  return kExitUsage;
}

} // namespace

int runCheck(const CheckOptions &opts) {
  frontend::FrontendOptions fo;
  fo.includeDirs.push_back(envOr("COSMO_INCLUDE_DIR", COSMO_DEFAULT_INCLUDE_DIR));
  fo.modelsBitcode = envOr("COSMO_MODELS", COSMO_DEFAULT_MODELS);
  if (!llvm::sys::fs::exists(fo.modelsBitcode))
    return usageError("cannot find cosmo's libc models at " + fo.modelsBitcode +
                      " (set COSMO_MODELS)");

  engine::EngineOptions eo = opts.engine;
  auto pipeline = solver::parsePipelineOptions(opts.solverOpts, eo.solver);
  if (!pipeline)
    return usageError(llvm::toString(pipeline.takeError()));
  eo.solver = *pipeline;

  llvm::LLVMContext llvmCtx;
  auto module = frontend::loadProgram(opts.input, llvmCtx, fo);
  if (!module)
    return usageError(llvm::toString(module.takeError()));

  report::RunInfo info{opts.input, opts.engine.entry};
  for (const std::string &c : opts.checks) {
    if (c == "overflow")
      eo.checkOverflow = true;
    else if (c == "shift")
      eo.checkShift = true;
    else
      return usageError("unknown check '" + c + "' (expected overflow, shift)");
  }

  auto out = report::OutputDirectory::create(opts.outDir, info);
  if (!out)
    return usageError(llvm::toString(out.takeError()));

  engine::Executor executor(**module, eo, **out);
  if (llvm::Error e = executor.prepare())
    return usageError(llvm::toString(std::move(e)));

  running = &executor;
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
  engine::RunSummary summary = executor.run();
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  running = nullptr;

  if (llvm::Error e = (*out)->finish(summary))
    return usageError(llvm::toString(std::move(e)));
  if (!opts.quiet)
    std::cout << report::formatSummary(summary, info, opts.outDir,
                                       isatty(STDOUT_FILENO) != 0);
  switch (summary.verdict) {
  case engine::Verdict::True: return kExitTrue;
  case engine::Verdict::False: return kExitFalse;
  case engine::Verdict::Unknown: return kExitUnknown;
  }
  return kExitUnknown;
}

} // namespace cosmo::cli
