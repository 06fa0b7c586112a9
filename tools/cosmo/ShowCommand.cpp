//===- ShowCommand.cpp - `cosmo show`: a finished run, again --------------===//

#include "CheckCommand.h"
#include "CliSupport.h"

#include "cosmo/frontend/Frontend.h"
#include "cosmo/frontend/LoopStructure.h"
#include "cosmo/report/Coverage.h"
#include "cosmo/report/SummaryReader.h"

#include <llvm/Support/MemoryBuffer.h>

#include <iostream>
#include <unistd.h>

namespace cosmo::cli {

int runShow(const std::string &dir, bool coverage, const std::string &file) {
  bool color = isatty(STDOUT_FILENO) != 0;
  if (coverage && file.empty())
    return usageError("show --coverage needs the source file to list "
                      "(cosmo show --coverage DIR FILE.c)");
  if (!coverage && !file.empty())
    return usageError("a source file is listed only with --coverage");
  if (coverage) {
    auto doc = report::readJsonFile(dir + "/coverage.json");
    if (!doc)
      return usageError(llvm::toString(doc.takeError()));
    auto cov = report::coverageOf(*doc, file);
    if (!cov)
      return usageError(llvm::toString(cov.takeError()));
    auto source = llvm::MemoryBuffer::getFile(file);
    if (!source)
      return usageError("cannot read " + file + ": " +
                        source.getError().message());
    std::cout << report::formatCoverageListing(
        *cov, (*source)->getBuffer().str(), color);
    return 0;
  }
  auto run = report::readRun(dir);
  if (!run)
    return usageError(llvm::toString(run.takeError()));
  std::cout << report::formatSummary(run->summary, run->info, dir, color,
                                     run->replays);
  return 0;
}

int runShowLoops(const std::string &file,
                 const std::vector<std::string> &clangFlags) {
  auto fo = installedFrontendOptions();
  if (!fo)
    return usageError(llvm::toString(fo.takeError()));
  fo->clangFlags = clangFlags;
  llvm::LLVMContext ctx;
  auto module = frontend::loadProgram(file, ctx, *fo);
  if (!module)
    return usageError(llvm::toString(module.takeError()));
  std::cout << frontend::describeLoops(**module);
  return 0;
}

} // namespace cosmo::cli
