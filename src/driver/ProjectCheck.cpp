//===- ProjectCheck.cpp - every function of a program ---------------------===//

#include "cosmo/driver/ProjectCheck.h"

#include "cosmo/frontend/CallGraph.h"
#include "cosmo/frontend/Frontend.h"
#include "cosmo/store/Store.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/Support/FileSystem.h>

#include <fmt/format.h>

#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <thread>

#include <csignal>

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace cosmo::driver {

namespace {

llvm::Error failure(const std::string &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

constexpr int kRunFailed = 3; // a worker's exit code: failure.txt says why

/// A worker: checks `function` of the program loaded before the fork and
/// exits (never returns).
[[noreturn]] void checkInWorker(const ProjectOptions &opts,
                                std::shared_ptr<LoadedProgram> program,
                                const std::string &function,
                                const std::string &dir, unsigned jobs,
                                pid_t parent) {
  CheckOptions o = opts.check;
  o.engine.entry = function;
  o.outDir = dir;
  o.sarif = false;
  if (o.engine.timeoutSeconds == 0)
    o.engine.timeoutSeconds = opts.functionTimeout;
  // Every worker under the limit, and all of them under half the machine.
  if (jobs > 2)
    o.engine.maxMemoryMB = std::max<uint64_t>(256, o.engine.maxMemoryMB * 2 / jobs);
  // A worker dies with its project: no orphan holds a lease or the CPU.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) // the project died before the line above
    std::_Exit(kRunFailed);
  int code = 0;
  {
    CheckSession session(std::move(o), std::move(program));
    auto result = session.run();
    if (!result) {
      llvm::sys::fs::create_directories(dir);
      std::ofstream(dir + "/failure.txt") << llvm::toString(result.takeError());
      code = kRunFailed;
    }
  }
  std::cout.flush();
  std::_Exit(code);
}

std::string readFailure(const std::string &dir) {
  std::ifstream in(dir + "/failure.txt");
  std::string line;
  std::getline(in, line);
  return line.empty() ? "the run failed" : line;
}

engine::SourceLocation definitionOf(const llvm::Function &f) {
  engine::SourceLocation l;
  l.function = f.getName().str();
  if (const llvm::DISubprogram *sp = f.getSubprogram()) {
    l.file = sp->getFilename().str();
    l.line = sp->getLine();
  }
  return l;
}

} // namespace

std::vector<const llvm::Function *> projectEntries(const llvm::Module &m) {
  std::vector<const llvm::Function *> out;
  for (const frontend::CallGraphComponent &c : frontend::bottomUpComponents(m))
    for (const llvm::Function *f : c.functions)
      if (!f->isDeclaration() && f->hasExternalLinkage() &&
          !frontend::isModelFunction(*f) && !f->isVarArg() &&
          !f->getName().startswith("__cosmo") &&
          !frontend::isInstrumentationFunction(f->getName()))
        out.push_back(f);
  return out;
}

llvm::Expected<report::ProjectResult> ProjectCheck::run() {
  auto start = std::chrono::steady_clock::now();
  auto loaded = CheckSession::load(opts_.check, /*everyUnit=*/true);
  if (!loaded)
    return loaded.takeError();
  const frontend::Program &program = CheckSession::programOf(**loaded);
  const llvm::Module &m = *program.module;
  std::vector<const llvm::Function *> entries = projectEntries(m);
  if (entries.empty())
    return failure("--all: the program defines no function with external "
                   "linkage to check");

  report::ProjectResult project;
  project.outDir = opts_.check.outDir;
  project.jobs = opts_.jobs ? opts_.jobs
                            : std::max(1u, std::thread::hardware_concurrency());
  if (std::error_code ec =
          llvm::sys::fs::create_directories(project.outDir + "/functions"))
    return failure("cannot create output directory " + project.outDir + ": " +
                   ec.message());
  project.info.program = opts_.check.inputs.empty() ? opts_.check.buildDir
                                                    : opts_.check.inputs.front();
  project.info.files = program.linkedFiles;
  project.leftOut = program.leftOut;
  project.info.dataModel = frontend::dataModelOf(m);
  project.store = store::displayedLocation(opts_.check.store);
  if (opts_.shards > 1)
    project.shard = fmt::format("{}/{}", opts_.shard + 1, opts_.shards);

  // The order runs start in: this shard's slice first, then the others.
  std::vector<size_t> schedule;
  for (size_t k = 0; k < entries.size(); ++k)
    if (k % opts_.shards == opts_.shard)
      schedule.push_back(k);
  for (size_t k = 0; k < entries.size(); ++k)
    if (k % opts_.shards != opts_.shard)
      schedule.push_back(k);

  const pid_t self = getpid();
  // Workers fork from this process: nothing buffered may be written twice.
  std::cout.flush();
  std::cerr.flush();
  std::map<pid_t, size_t> running;
  std::vector<report::FunctionRun> runs(entries.size());
  std::vector<bool> finished(entries.size(), false);
  size_t started = 0, done = 0;
  // Reports join in bottom-up order, whatever order the workers end in.
  size_t joined = 0;
  while (done < entries.size()) {
    while (running.size() < project.jobs && started < entries.size()) {
      size_t next = schedule[started++];
      const llvm::Function &f = *entries[next];
      runs[next].function = f.getName().str();
      runs[next].location = definitionOf(f);
      runs[next].outDir = "functions/" + runs[next].function;
      std::string dir = project.outDir + "/" + runs[next].outDir;
      pid_t pid = fork();
      if (pid < 0)
        return failure("cannot start a worker process");
      if (pid == 0)
        checkInWorker(opts_, *loaded, runs[next].function, dir, project.jobs,
                      self);
      running[pid] = next;
    }
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0)
      return failure("lost the worker processes");
    auto it = running.find(pid);
    if (it == running.end())
      continue;
    size_t k = it->second;
    running.erase(it);
    std::string dir = project.outDir + "/" + runs[k].outDir;
    if (WIFSIGNALED(status))
      runs[k].failure = fmt::format("the run crashed (signal {})",
                                    WTERMSIG(status));
    else if (WEXITSTATUS(status) == kRunFailed)
      runs[k].failure = readFailure(dir);
    finished[k] = true;
    ++done;
    for (; joined < entries.size() && finished[joined]; ++joined) {
      report::FunctionRun r = runs[joined];
      if (r.failure.empty())
        if (llvm::Error e = report::addFunctionRun(project, r, r.outDir)) {
          r.failure = llvm::toString(std::move(e));
          r.failure = r.failure.substr(0, r.failure.find('\n'));
        }
      if (!r.failure.empty())
        project.functions.push_back(r);
      if (onFunctionDone)
        onFunctionDone(project.functions.back(), joined + 1, entries.size());
    }
  }
  project.seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count();
  if (llvm::Error e = report::writeProjectReport(project, COSMO_VERSION))
    return e;
  return project;
}

} // namespace cosmo::driver
