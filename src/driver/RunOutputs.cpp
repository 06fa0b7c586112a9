//===- RunOutputs.cpp - what a check makes of its runs' results -----------===//

#include "RunOutputs.h"

#include "cosmo/report/ScopedTempDir.h"
#include "cosmo/report/UnitTests.h"
#include "cosmo/report/Witness.h"

#include <llvm/Support/FileSystem.h>

#include <fmt/format.h>

#include <fstream>

namespace cosmo::driver {

std::vector<report::ReplayResult>
confirmErrors(const std::vector<engine::ErrorReport> &errors,
              const std::string &program, const std::string &entry,
              const std::optional<engine::EntrySignature> &signature,
              const report::ReplayOptions &replay) {
  if (errors.empty())
    return {};
  auto workDir = report::ScopedTempDir::create("cosmo-confirm");
  if (!workDir)
    return std::vector<report::ReplayResult>(
        errors.size(), {report::ReplayStatus::NotReplayable,
                        llvm::toString(workDir.takeError())});
  return report::confirmErrors(errors, program, entry, signature, replay,
                               workDir->path());
}

llvm::Expected<std::string> emitUnitTests(const report::OutputDirectory &out,
                                          const report::RunInfo &info,
                                          const std::string &format,
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
  auto kind = format == "gtest" ? report::UnitTestFormat::GTest
                                : report::UnitTestFormat::C;
  std::string dir = outDir + "/unit";
  std::error_code ec = llvm::sys::fs::create_directories(dir);
  if (ec)
    return llvm::createStringError(ec, "cannot create %s", dir.c_str());
  std::string main;
  for (const report::UnitTestFile &f :
       report::unitTestFiles(*call, nativeMain, tests, kind, replay.toolchain,
                             replay.dataModel, replay.sources)) {
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
      kind == report::UnitTestFormat::C ? "make -C " + dir + " check"
                                        : "CMakeLists.txt beside it");
  for (const std::string &s : skipped)
    line += "\n  not a unit test: " + s;
  return line;
}

SvcompOutcome
svcompOutcome(const SvcompProperty &property,
              const summary::AnalysisResult &summary,
              const report::RunInfo &info, const std::string &outDir,
              const std::string &nativeMain,
              const std::optional<report::ReplayOptions> &replay) {
  const engine::ErrorReport *violation = nullptr;
  std::optional<Subproperty> violated;
  for (const engine::ErrorReport &e : summary.errors)
    if ((violated = property.violatedBy(e.kind))) {
      violation = &e;
      break;
    }
  SvcompOutcome outcome;
  // (A path through memory never written may run otherwise natively:
  // SV-COMP takes such memory as any value, as cosmo does. A block lost
  // or not freed is no event of the native run.)
  bool observable = violation && violation->kind != engine::ErrorKind::Leak &&
                    violation->kind != engine::ErrorKind::Cleanup;
  if (observable && replay && !violation->readsUninitialised) {
    std::vector<report::ReplayResult> r = confirmErrors(
        {*violation}, nativeMain, info.entry, info.signature, *replay);
    if (r.size() == 1 && r[0].completedNatively) {
      outcome.answer = "UNKNOWN";
      outcome.withdrawn = "the violation found was not confirmed natively: " +
                          report::describe(r[0]);
      return outcome;
    }
  }
  if (violation)
    outcome.answer = *violated == Subproperty::UnreachCall
                         ? std::string("FALSE")
                         : fmt::format("FALSE({})", subpropertyName(*violated));
  else if (summary.verdict == engine::Verdict::True)
    outcome.answer = "TRUE";
  else {
    outcome.answer = "UNKNOWN";
    return outcome;
  }
  report::WitnessTask task{info.program, info.dataModel, COSMO_VERSION, "",
                           violation ? property.lineOf(*violated)
                                     : property.parts.front().second};
  llvm::Expected<std::string> witness =
      violation ? report::violationWitness(*violation, task)
                : report::correctnessWitness(summary.witnessInvariants, task);
  if (!witness) {
    outcome.witnessError = llvm::toString(witness.takeError());
    return outcome;
  }
  std::string path = outDir + "/witness.yml";
  std::ofstream f(path);
  f << *witness;
  if (!f)
    outcome.witnessError = "cannot write " + path;
  else
    outcome.witnessPath = path;
  return outcome;
}

} // namespace cosmo::driver
