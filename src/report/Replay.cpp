//===- Replay.cpp - build once, run per test, compare ---------------------===//

#include "cosmo/report/Replay.h"

#include "cosmo/frontend/Acsl.h"
#include "cosmo/frontend/AcslInstrument.h"
#include "cosmo/report/NativeOutcome.h"
#include "cosmo/report/TestVectorFile.h"

#include <llvm/ADT/StringRef.h>

#include <fmt/format.h>

#include <fstream>
#include <iterator>

namespace cosmo::report {

namespace {

using Category = NativeOutcome::Category;

std::string secondsText(std::chrono::milliseconds time) {
  if (time.count() % 1000 == 0)
    return fmt::format("{} s", time.count() / 1000);
  return fmt::format("{:.1f} s", time.count() / 1000.0);
}

std::string expectation(const engine::TestVector &recorded) {
  std::optional<ErrorSite> error = recordedError(recorded);
  return error ? "expected " + describe(*error) : "expected a completed run";
}

std::string nativeRunText(const NativeOutcome &outcome,
                          const ProcessResult &run,
                          std::chrono::milliseconds timeout) {
  switch (run.ending) {
  case ProcessResult::Ending::TimedOut:
    return "the native run did not finish within " + secondsText(timeout);
  case ProcessResult::Ending::FailedToStart:
    return "the native program " + describeEnding(run);
  default:
    break;
  }
  switch (outcome.category) {
  case Category::Completed:
    return "the native run completed";
  case Category::Error:
    if (outcome.error.line == 0)
      return "the native run stopped with " + outcome.error.kind +
             " at an unknown line";
    return "the native run stopped with " + describe(outcome.error);
  case Category::Unrecognised:
    break;
  }
  return "the native run ended without a recognised outcome (" +
         outcome.evidence + ")";
}

// The replay runtime's first warning (an input missing or of another size:
// the vector does not fit the program), as a note for a mismatch.
std::string runtimeWarning(const std::string &stderrText) {
  constexpr llvm::StringLiteral marker = "cosmo-replay: warning: ";
  llvm::SmallVector<llvm::StringRef, 32> lines;
  llvm::StringRef(stderrText).split(lines, '\n');
  for (llvm::StringRef line : lines)
    if (size_t at = line.find(marker); at != llvm::StringRef::npos)
      return line.substr(at + marker.size()).trim().str();
  return "";
}

std::string lowerExtension(const std::filesystem::path &file) {
  return llvm::StringRef(file.extension().string()).lower();
}

llvm::Error cannotWrite(const std::filesystem::path &file) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot write %s", file.string().c_str());
}

/// A C unit with ACSL annotations runs natively from its text instrumented
/// for a native run (AcslInstrument.h), its clauses checked by the replay
/// runtime: the copy, written into `copyDir`, with the flag that finds the
/// original's headers added to `flags`; `path` itself when it has no
/// annotations. `directory`: where a relative `path` is (a compilation
/// database's).
llvm::Expected<std::string> nativeSourceOf(const std::string &path,
                                           const std::string &directory,
                                           const std::filesystem::path &copyDir,
                                           std::vector<std::string> &flags) {
  namespace fs = std::filesystem;
  fs::path original = fs::path(path).is_absolute() || directory.empty()
                          ? fs::path(path)
                          : fs::path(directory) / path;
  std::ifstream in(original, std::ios::binary);
  if (!in)
    return path; // the build says what is wrong
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  if (!frontend::acsl::mayHoldAnnotations(text))
    return path;
  auto instrumented = frontend::acsl::instrumentAnnotations(text, path, true);
  if (!instrumented)
    return instrumented.takeError();
  if (instrumented->functions.empty() && instrumented->loops == 0 &&
      instrumented->assertions == 0)
    return path;
  std::error_code ec;
  fs::create_directories(copyDir, ec);
  fs::path copy = fs::absolute(copyDir / original.filename());
  std::ofstream out(copy, std::ios::binary);
  out << instrumented->text;
  if (!out)
    return cannotWrite(copy);
  flags.push_back("-iquote");
  flags.push_back(fs::absolute(original).parent_path().string());
  return copy.string();
}

/// For a program with annotations: every unit's stores go through the
/// runtime, which checks assigns clauses with them before
/// AddressSanitizer's own check (runtime/replay.c): all of them (-asan-opt=0:
/// also stores to scalar globals, and a store after a load of the same
/// address).
void checkStoresAgainstAssigns(NativeSources &sources) {
  for (const char *f : {"-mllvm", "-asan-instrumentation-with-call-threshold=0",
                        "-mllvm",
                        "-asan-memory-access-callback-prefix=__cosmo_asan_",
                        "-mllvm", "-asan-opt=0"})
    sources.flags.push_back(f);
}

} // namespace

const char *replayStatusName(ReplayStatus status) {
  switch (status) {
  case ReplayStatus::Confirmed:
    return "confirmed";
  case ReplayStatus::NotReproduced:
    return "not reproduced";
  case ReplayStatus::NotReplayable:
    return "not replayable";
  }
  return "?";
}

std::string describe(const ReplayResult &result) {
  if (result.status == ReplayStatus::Confirmed &&
      result.detail == "completed as recorded")
    return result.detail;
  return std::string(replayStatusName(result.status)) + ": " + result.detail;
}

std::optional<EntryCall>
entryCallFor(const std::string &entry,
             const std::optional<engine::EntrySignature> &signature) {
  if (entry.empty() || entry == "main" || !signature)
    return std::nullopt;
  return EntryCall{entry, *signature};
}

std::optional<std::string>
whyNotReplayable(const std::string &program, const std::string &entry,
                 const std::optional<engine::EntrySignature> &signature) {
  if (!entry.empty() && entry != "main" && !signature)
    return "the C prototype of " + entry +
           " is unknown (no debug information, or a parameter type without "
           "a C name), so no harness can call it";
  std::string ext = lowerExtension(program);
  if (ext != ".c" && ext != ".i")
    return "native replay needs the C source, and " +
           std::filesystem::path(program).filename().string() +
           " is not a .c or .i file";
  return std::nullopt;
}

ReplayResult judgeReplay(const engine::TestVector &recorded,
                         const ProcessResult &run,
                         const std::string &programFileName,
                         std::chrono::milliseconds timeout) {
  // An error inside a header is found by the header's name in the report.
  std::string sourceName = programFileName;
  if (recorded.errorKind && !recorded.errorLocation.file.empty())
    sourceName =
        std::filesystem::path(recorded.errorLocation.file).filename().string();
  NativeOutcome outcome = classifyNativeRun(run, sourceName);
  std::optional<ErrorSite> error = recordedError(recorded);
  if (run.ending != ProcessResult::Ending::TimedOut &&
      matchesExpectation(outcome, error, recordedCallerLines(recorded))) {
    if (!error)
      return {ReplayStatus::Confirmed, "completed as recorded"};
    std::string file = recorded.errorLocation.file.empty()
                           ? programFileName
                           : recorded.errorLocation.file;
    std::string detail =
        fmt::format("{} at {}:{}", error->kind, file, error->line);
    if (outcome.category == NativeOutcome::Category::Completed)
      return {ReplayStatus::Confirmed,
              detail + " (natively the run completes: a leak is no event "
                       "of it)"};
    // The same fault seen otherwise natively: say how, so that the match
    // can be checked (an access through NULL - 16 faults at an unknown
    // address; a call through NULL is reported at the caller's call).
    if (outcome.error.kind != error->kind || outcome.error.line != error->line)
      detail += fmt::format(" (natively {} at line {})", outcome.error.kind,
                            outcome.error.line);
    return {ReplayStatus::Confirmed, detail};
  }
  std::string detail =
      expectation(recorded) + ", " + nativeRunText(outcome, run, timeout);
  if (std::string warning = runtimeWarning(run.err); !warning.empty())
    detail += " (replay runtime: " + warning + ")";
  return {ReplayStatus::NotReproduced, detail,
          run.ending == ProcessResult::Ending::Exited &&
              outcome.category == NativeOutcome::Category::Completed};
}

llvm::Expected<NativeReplayer>
NativeReplayer::build(const std::filesystem::path &program,
                      ReplayOptions options,
                      const std::filesystem::path &workDir,
                      std::optional<EntryCall> call) {
  NativeSources &sources = options.sources;
  auto annotated = nativeSourceOf(program.string(), sources.mainDirectory,
                                  workDir / "annotated", sources.mainFlags);
  if (!annotated)
    return annotated.takeError();
  bool anyAnnotated = *annotated != program.string();
  for (size_t k = 0; k < sources.others.size(); ++k) {
    NativeSources::Unit &u = sources.others[k];
    auto unit = nativeSourceOf(u.path, u.directory,
                               workDir / ("annotated-" + std::to_string(k)),
                               u.flags);
    if (!unit)
      return unit.takeError();
    anyAnnotated |= *unit != u.path;
    u.path = *unit;
  }
  if (anyAnnotated)
    checkStoresAgainstAssigns(sources);
  std::filesystem::path source = *annotated;
  if (call) {
    // The harness includes the program, so diagnostics and sanitizer
    // reports still name the program's file and lines.
    source = workDir / "harness.c";
    std::ofstream out(source);
    out << entryHarnessSource(
        *call, *annotated,
        std::filesystem::path(options.toolchain.replayRuntime)
            .parent_path()
            .string());
    if (!out)
      return cannotWrite(source);
  }
  auto executable =
      buildNativeProgram(options.toolchain, source, options.checks, workDir,
                         options.sources, options.dataModel);
  if (!executable)
    return executable.takeError();
  return NativeReplayer(program, std::move(options), workDir, *executable,
                        std::move(call));
}

llvm::Expected<ProcessResult> NativeReplayer::run(
    const engine::TestVector &test, const std::string &name,
    const std::vector<std::pair<std::string, std::string>> &environment)
    const {
  std::filesystem::path replayFile = workDir_ / (name + ".replay");
  if (llvm::Error e = writeReplayFile(test, replayFile.string()))
    return e;
  std::vector<std::pair<std::string, std::string>> env = environment;
  if (call_) {
    auto text = harnessFileText(*call_, test);
    if (!text)
      return text.takeError();
    std::filesystem::path harnessFile =
        std::filesystem::absolute(workDir_ / (name + ".harness"));
    std::ofstream(harnessFile) << *text;
    env.emplace_back("COSMO_HARNESS_FILE", harnessFile.string());
  }
  return runNativeProgram(options_.toolchain, executable_, replayFile,
                          options_.timeout, env, processEnvironmentOf(test));
}

ReplayRun NativeReplayer::replay(const engine::TestVector &test,
                                 const std::string &name) const {
  ReplayRun run;
  run.replayFile = workDir_ / (name + ".replay");
  if (call_)
    run.harnessFile = std::filesystem::absolute(workDir_ / (name + ".harness"));
  auto process = this->run(test, name);
  if (!process) {
    run.result = {ReplayStatus::NotReplayable,
                  llvm::toString(process.takeError())};
    return run;
  }
  run.process = std::move(*process);
  run.result = judgeReplay(test, run.process, program_.filename().string(),
                           options_.timeout);
  return run;
}

std::vector<ReplayResult>
confirmErrors(const std::vector<engine::ErrorReport> &errors,
              const std::string &program, const std::string &entry,
              const std::optional<engine::EntrySignature> &signature,
              const ReplayOptions &options,
              const std::filesystem::path &workDir) {
  if (errors.empty())
    return {};
  if (std::optional<std::string> why =
          whyNotReplayable(program, entry, signature))
    return std::vector<ReplayResult>(
        errors.size(), ReplayResult{ReplayStatus::NotReplayable, *why});
  auto replayer = NativeReplayer::build(program, options, workDir,
                                        entryCallFor(entry, signature));
  if (!replayer)
    return std::vector<ReplayResult>(
        errors.size(), ReplayResult{ReplayStatus::NotReplayable,
                                    llvm::toString(replayer.takeError())});
  std::vector<ReplayResult> results;
  for (size_t i = 0; i < errors.size(); ++i)
    results.push_back(
        replayer->replay(errors[i].test, fmt::format("error-{}", i + 1))
            .result);
  return results;
}

} // namespace cosmo::report
