//===- ReplayCommand.cpp - `cosmo replay`: one vector, natively -----------===//

#include "ReplayCommand.h"

#include "CliSupport.h"

#include "cosmo/report/Replay.h"
#include "cosmo/report/ScopedTempDir.h"
#include "cosmo/report/TestVectorFile.h"

#include <llvm/Support/FileSystem.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>

namespace cosmo::cli {

namespace {

namespace fs = std::filesystem;

std::string fileName(const std::string &path) {
  return fs::path(path).filename().string();
}

// A vector that fits a native run of `program`, or the one-line reason why
// it does not.
llvm::Error checkVectorFits(const report::RecordedTest &vector,
                            const std::string &program) {
  auto fail = [](std::string msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  std::string name = fileName(vector.file);
  if (fileName(vector.program) != fileName(program))
    return fail(fmt::format("{} is a test of {}, not of {}", name,
                            vector.program, program));
  if (auto why =
          report::whyNotReplayable(program, vector.entry, vector.signature))
    return fail(fmt::format("cannot replay {}: {}", name, *why));
  bool harness = report::entryCallFor(vector.entry, vector.signature)
                     .has_value();
  for (const engine::TestInput &input : vector.test.inputs)
    if (!harness && !report::isReplayedInput(input) &&
        !report::isEnvironmentInput(input))
      return fail(fmt::format(
          "cannot replay {}: input '{}' comes from an --entry parameter "
          "({}), but the vector's entry is main",
          name, input.name, input.source));
  return llvm::Error::success();
}

// The checks to build with: the user's, plus the one of the vector's own
// error (an overflow is only seen natively with the overflow check on).
std::vector<std::string> checksFor(const report::RecordedTest &vector,
                                   std::vector<std::string> checks) {
  if (vector.test.errorKind == engine::ErrorKind::Overflow)
    checks.push_back("overflow");
  if (vector.test.errorKind == engine::ErrorKind::Shift)
    checks.push_back("shift");
  if (vector.test.errorKind == engine::ErrorKind::FloatCast)
    checks.push_back("float-cast");
  return checks;
}

void saveText(const fs::path &file, const std::string &text) {
  std::ofstream(file, std::ios::binary) << text;
}

} // namespace

int runReplay(const ReplayCommandOptions &given) {
  auto vector = report::readTestVector(given.vector);
  if (!vector)
    return usageError(llvm::toString(vector.takeError()));
  ReplayCommandOptions opts = given;
  if (opts.program.empty()) {
    if (vector->buildFiles.empty())
      return usageError(fmt::format(
          "{} records no program files (a vector of an older cosmo): give "
          "the program's C files after it",
          fileName(opts.vector)));
    opts.program = vector->buildFiles.front();
    opts.otherFiles.assign(vector->buildFiles.begin() + 1,
                           vector->buildFiles.end());
  }
  // The flags of the run that found the vector, unless the user gives some.
  if (!opts.flagsGiven)
    opts.clangFlags = vector->buildFlags;
  if (!llvm::sys::fs::exists(opts.program))
    return usageError("no such file: " + opts.program);
  if (llvm::Error e = checkVectorFits(*vector, opts.program))
    return usageError(llvm::toString(std::move(e)));
  auto checks = parseChecks(opts.checks);
  if (!checks)
    return usageError(llvm::toString(checks.takeError()));
  auto toolchain = nativeToolchain();
  if (!toolchain)
    return usageError(llvm::toString(toolchain.takeError()));

  auto workDir = report::ScopedTempDir::create("cosmo-replay");
  if (!workDir)
    return usageError(llvm::toString(workDir.takeError()));
  if (opts.keep)
    workDir->keep();

  auto timeout = std::chrono::milliseconds(
      static_cast<long long>(opts.timeoutSeconds * 1000));
  report::ReplayOptions replayOptions{*toolchain, checksFor(*vector, *checks),
                                      timeout};
  replayOptions.dataModel = vector->dataModel;
  replayOptions.sources.flags = opts.clangFlags;
  for (const std::string &f : opts.otherFiles) {
    if (!llvm::sys::fs::exists(f))
      return usageError("no such file: " + f);
    replayOptions.sources.others.push_back({f, {}, {}});
  }
  auto replayer = report::NativeReplayer::build(
      opts.program, replayOptions, workDir->path(),
      report::entryCallFor(vector->entry, vector->signature));
  if (!replayer) {
    std::string message;
    llvm::handleAllErrors(
        replayer.takeError(),
        [&](const report::NativeBuildError &b) {
          message = b.message();
          if (opts.keep)
            saveText(workDir->path() / "build.log",
                     b.command() + "\n" + b.output());
        },
        [&](const llvm::ErrorInfoBase &other) { message = other.message(); });
    if (opts.keep)
      message += " (work files kept in " + workDir->path().string() + ")";
    return usageError(message);
  }

  std::string name = fs::path(opts.vector).stem().string();
  report::ReplayRun run = replayer->replay(vector->test, name);
  if (run.result.status == report::ReplayStatus::NotReplayable)
    return usageError(run.result.detail);
  std::cout << fileName(opts.vector) << ": " << report::describe(run.result)
            << "\n";
  if (opts.keep) {
    saveText(workDir->path() / (name + ".stdout"), run.process.out);
    saveText(workDir->path() / (name + ".stderr"), run.process.err);
    std::string harness =
        run.harnessFile.empty()
            ? ""
            : "COSMO_HARNESS_FILE=" + run.harnessFile.string() + " ";
    std::cout << "work files kept in " << workDir->path().string()
              << "; rerun: " << harness
              << "COSMO_REPLAY_FILE=" << run.replayFile.string()
              << " ASAN_OPTIONS=detect_leaks=0 "
              << replayer->executable().string() << "\n";
  }
  return run.result.status == report::ReplayStatus::Confirmed ? kExitTrue
                                                              : kExitFalse;
}

} // namespace cosmo::cli
