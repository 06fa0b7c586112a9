//===- Exploration.cpp - running explorations -----------------------------===//
//
// The loop that runs one exploration (the program's or an isolated run's)
// until no state is left, a limit of the run or a bound of the exploration
// ends it; the run's limits (time, memory, paths) and the exploration's
// bounds; and the per-path data hooks keep (HookStates).
//
//===----------------------------------------------------------------------===//

#include "cosmo/engine/Executor.h"
#include "cosmo/frontend/Frontend.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

namespace cosmo::engine {

HookState::~HookState() = default;
ExecutionHooks::~ExecutionHooks() = default;

unsigned newHookSlot() {
  static std::atomic<unsigned> next{0};
  return next++;
}

HookStates::HookStates(const HookStates &o) { *this = o; }

HookStates &HookStates::operator=(const HookStates &o) {
  if (this == &o)
    return *this;
  slots_.clear();
  slots_.resize(o.slots_.size());
  for (size_t k = 0; k < o.slots_.size(); ++k)
    if (o.slots_[k])
      slots_[k] = o.slots_[k]->clone();
  return *this;
}

void HookStates::set(unsigned slot, std::unique_ptr<HookState> s) {
  if (slot >= slots_.size())
    slots_.resize(slot + 1);
  slots_[slot] = std::move(s);
}

bool HookStates::joinable(const HookStates &o) const {
  for (size_t k = 0; k < std::max(slots_.size(), o.slots_.size()); ++k) {
    const HookState *a = get(static_cast<unsigned>(k));
    const HookState *b = o.get(static_cast<unsigned>(k));
    if (a ? !a->joinable(b) : b && !b->joinable(nullptr))
      return false;
  }
  return true;
}

void HookStates::join(const HookStates &o) {
  for (size_t k = 0; k < slots_.size(); ++k)
    if (slots_[k])
      slots_[k]->join(o.get(static_cast<unsigned>(k)));
}

//===--- The loop ---------------------------------------------------------===//

uint64_t Executor::currentRssKB() const {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) / 1024);
}

bool Executor::overMemoryLimit() const {
  return opts_.maxMemoryMB > 0 && currentRssKB() / 1024 >= opts_.maxMemoryMB;
}

void Executor::dropStatesForMemory() {
  // Every other state, the newest first in pool order, ends cut: half the
  // states go, and the search goes on with the others (KLEE drops states
  // at its memory cap the same way). Freed memory is handed back to the
  // system so that the resident size reflects it.
  std::string reason = fmt::format(
      "memory limit of {} MB reached: states were dropped", opts_.maxMemoryMB);
  std::vector<ExecutionState *> victims;
  bool take = false;
  for (auto &st : run_->states) {
    if (!st->terminated && !st->waiting && take)
      victims.push_back(st.get());
    take = !take;
  }
  for (ExecutionState *v : victims) {
    terminateCut(*v, reason);
    run_->searcher->remove(v);
    run_->states.erase(v);
  }
  summary_.stats.statesDropped += victims.size();
  malloc_trim(0);
}

bool Executor::limitsReached(std::string &why) {
  if (interrupted_) {
    why = "interrupted";
    return true;
  }
  double elapsed = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start_)
                       .count();
  if (opts_.timeoutSeconds > 0 && elapsed >= opts_.timeoutSeconds) {
    why = timeLimitReason();
    return true;
  }
  // With more states, explore() drops some instead (one read of the
  // resident size per check either way).
  if ((!run_ || run_->states.size() <= 1) && overMemoryLimit()) {
    why = fmt::format("memory limit of {} MB reached", opts_.maxMemoryMB);
    return true;
  }
  if (opts_.maxPaths > 0 && summary_.stats.pathsCompleted +
                                    summary_.stats.pathsErrored >=
                                opts_.maxPaths) {
    why = fmt::format("path limit of {} reached", opts_.maxPaths);
    return true;
  }
  return false;
}

RunSummary Executor::run(std::vector<ExecutionHooks *> hooks,
                             const std::function<void()> &before) {
  start_ = std::chrono::steady_clock::now();
  if (before)
    before();
  Exploration program(createSearcher(opts_.search, opts_.seed,
                                     [this](const ExecutionState &s) {
                                       return !ranBlocks_.count(
                                           s.stack.back().block);
                                     }));
  program.hooks = std::move(hooks);
  Scope scope(*this, program);
  try {
    addState(makeInitialState());
  } catch (const Unsupported &u) {
    noteUnknown(u.reason);
    summary_.verdict = Verdict::Unknown;
    summary_.reason = u.reason;
    return summary_;
  }
  uint64_t blocksTotal = 0;
  for (const llvm::Function &f : module_)
    if (!f.isDeclaration() && !frontend::isModelFunction(f))
      blocksTotal += f.size();
  explore(program, blocksTotal);
  finishRun(blocksTotal);
  return summary_;
}

void Executor::addStandingHooksTo(Exploration &e) {
  for (ExecutionHooks *h : standingHooks_)
    if (std::find(e.hooks.begin(), e.hooks.end(), h) == e.hooks.end())
      e.hooks.push_back(h);
}

void Executor::explore(Exploration &e, uint64_t blocksTotal) {
  Scope scope(*this, e);
  // However the exploration ends (an exception included), the hooks let go
  // of the states they hold.
  struct EndNotice {
    Exploration &e;
    ~EndNotice() {
      for (ExecutionHooks *h : e.hooks)
        h->onExplorationEnd();
    }
  } notice{e};
  e.branchObservers.clear();
  for (ExecutionHooks *h : e.hooks)
    if (h->mayObserveBranches())
      e.branchObservers.push_back(h);
  e.instructionsAtStart = summary_.stats.instructions;
  if (e.bounds.maxGrowthMB)
    e.rssKBAtStart = currentRssKB();
  auto lastProgress = std::chrono::steady_clock::now();
  uint64_t sinceCheck = 0;
  while (!e.searcher->empty() || e.holdsWaitingStates()) {
    if (targetReached_) {
      cutAll(*targetReached_);
      break;
    }
    if (pathLimitReached()) {
      cutAll(fmt::format("path limit of {} reached", opts_.maxPaths));
      break;
    }
    if (++sinceCheck >= 64 || stopping_) {
      sinceCheck = 0;
      std::string why;
      if (limitsReached(why)) {
        cutAll(why);
        break;
      }
      if (e.states.size() > 1 && overMemoryLimit())
        dropStatesForMemory();
      auto now = std::chrono::steady_clock::now();
      if (now - lastProgress >= std::chrono::milliseconds(250)) {
        lastProgress = now;
        listener_.onProgress(progress(blocksTotal));
      }
    }
    bool released = false;
    for (ExecutionHooks *h : e.hooks)
      if ((released = h->releaseStates()))
        break;
    if (released)
      continue;
    ++e.steps;
    ExecutionState *s = e.searcher->select();
    // A state that waits keeps no flat copy of its path condition (memory
    // per waiting state stays O(1) in the path's length).
    if (e.warm && e.warm != s && e.states.contains(e.warm))
      e.warm->constraints.releaseList();
    e.warm = s;
    e.stepping = s;
    ranBlocks_.insert(s->stack.back().block);
    stepState(*s);
    e.stepping = nullptr;
    // Register states forked during the step, then drop ended ones: only
    // the state that ran and its forks can have ended in this step.
    for (ExecutionState *n : e.added)
      e.searcher->forked(s, n);
    if (!s->terminated)
      e.searcher->stepped(s);
    s->forkedThisStep = false;
    if (s->waiting && !s->terminated) {
      e.searcher->remove(s);
      s->ptreeNode = nullptr;
      for (ExecutionHooks *h : e.hooks)
        h->onWaiting(*s);
    }
    summary_.stats.peakStates =
        std::max<uint64_t>(summary_.stats.peakStates, e.states.size());
    e.added.push_back(s);
    for (ExecutionState *n : e.added)
      if (n->terminated) {
        e.searcher->remove(n);
        e.states.erase(n);
      }
    e.added.clear();
    if (!e.stopped())
      explorationOverTime();
    if (e.stopped())
      break; // what it found will not be used: stop it
  }
}

void Executor::exploreFrom(
    Exploration &e,
    const std::function<std::unique_ptr<ExecutionState>()> &start) {
  try {
    Scope scope(*this, e);
    addState(start());
    explore(e);
  } catch (const Unsupported &u) {
    e.stop(u.reason);
  } catch (const std::bad_alloc &) {
    // Isolated runs are bounded well inside the machine; should an
    // allocation fail anyway, their states go with them.
    e.stop(e.bounds.what + " ran out of memory");
  }
  if (!e.stopped() && !e.states.empty())
    e.stop(e.bounds.what + " was stopped");
}

bool Executor::explorationOverTime() {
  const ExplorationBounds &b = run_->bounds;
  if (!b.deadline || std::chrono::steady_clock::now() < *b.deadline)
    return false;
  run_->stop(fmt::format("{} took more than {}s", b.what, b.deadlineSeconds));
  return true;
}

bool Executor::explorationBoundPassed() {
  Exploration &e = *run_;
  const ExplorationBounds &b = e.bounds;
  if (e.stopped() || explorationOverTime())
    return true;
  if (b.maxInstructions &&
      summary_.stats.instructions - e.instructionsAtStart > b.maxInstructions)
    e.stop(fmt::format("{} ran more than {} instructions", b.what,
                       b.maxInstructions));
  else if (b.maxStates && e.states.size() > b.maxStates)
    e.stopAtStates(fmt::format("{} had more than {} paths open at once",
                               b.what, b.maxStates));
  else if (b.maxGrowthMB && ++e.boundChecks % 64 == 0 &&
           currentRssKB() > e.rssKBAtStart + b.maxGrowthMB * 1024)
    e.stop(fmt::format("{} used more than {} MB", b.what, b.maxGrowthMB));
  return e.stopped();
}

void Executor::finishRun(uint64_t blocksTotal) {
  summary_.externals = externalFunctions(module_);
  RunStats &st = summary_.stats;
  st.solverOptions = opts_.solver.str();
  for (const auto &[name, policy] : testPolicyNames())
    if (policy == opts_.tests)
      st.testPolicy = name;
  st.solver = solverStats_;
  st.wallSeconds = std::chrono::duration<double>(
                       std::chrono::steady_clock::now() - start_)
                       .count();
  struct rusage ru {};
  getrusage(RUSAGE_SELF, &ru);
  st.peakMemoryKB = static_cast<uint64_t>(ru.ru_maxrss);
  st.basicBlocksTotal = blocksTotal;
  st.basicBlocksCovered = programBlocksCovered();
  summary_.coverage = lineCoverage();

  // The time limit explains what else went wrong at its deadline (queries
  // interrupted, paths left): it comes first.
  auto &reasons = summary_.unknownReasons;
  if (auto limit = std::find(reasons.begin(), reasons.end(), timeLimitReason());
      limit != reasons.end())
    std::rotate(reasons.begin(), limit, limit + 1);
  // What was left undecided and handed to unrolling says why the run that
  // ended unknown for another reason could not end true.
  if (!reasons.empty())
    for (const std::string &r : pendingUnknown_)
      noteUnknown(r);
  size_t latent = std::count_if(summary_.errors.begin(), summary_.errors.end(),
                                 [](const ErrorReport &e) {
                                   return !e.latent.empty();
                                 });
  if (latent < summary_.errors.size()) {
    summary_.verdict = Verdict::False;
    size_t n = summary_.errors.size() - latent;
    summary_.reason = fmt::format("{} error{} found", n, n == 1 ? "" : "s");
  } else if (latent > 0) {
    // Not false: valid inputs reach none of them. Not true either.
    summary_.verdict = Verdict::Unknown;
    summary_.reason = fmt::format(
        "{} latent error{}: {} on what only a caller passes (report.json's "
        "\"latent\")",
        latent, latent == 1 ? "" : "s", latent == 1 ? "it depends" : "they depend");
  } else if (!summary_.unknownReasons.empty()) {
    summary_.verdict = Verdict::Unknown;
    summary_.reason = summary_.unknownReasons.front();
    if (summary_.unknownReasons.size() > 1)
      summary_.reason += fmt::format(" (and {} more reason{})",
                                     summary_.unknownReasons.size() - 1,
                                     summary_.unknownReasons.size() > 2 ? "s"
                                                                        : "");
  } else {
    summary_.verdict = Verdict::True;
    summary_.reason =
        st.pathsCompleted == 0
            ? std::string("no error reachable, and no path reaches the "
                          "program's end")
            : fmt::format(
                  "all {} paths explored to their end, no error reachable",
                  st.pathsCompleted);
  }
}

void Executor::stepState(ExecutionState &s) {
  // Run until the state ends or forks, so searchers see every fork.
  while (!s.terminated && !s.forkedThisStep && !s.waiting) {
    if (opts_.maxInstructionsPerPath &&
        s.instructions >= opts_.maxInstructionsPerPath) {
      terminateCut(s, fmt::format("instruction limit of {} per path reached",
                                  opts_.maxInstructionsPerPath));
      return;
    }
    const llvm::Instruction &i = *s.frame().pc;
    ++s.frame().pc;
    ++s.instructions;
    ++summary_.stats.instructions;
    try {
      if (!tryConcreteStep(s, i))
        executeInstruction(s, i);
    } catch (const Unsupported &u) {
      // Only the states still at this instruction are cut; forks made by
      // the handler before it gave up were already registered.
      if (!s.terminated)
        terminateCut(s, u.reason);
    }
    if ((summary_.stats.instructions & 0xffff) == 0) {
      std::string why;
      if (limitsReached(why)) {
        stopping_ = true; // the loop in run() ends the exploration
        return;
      }
    }
    // The clock more often (instructions over large terms are slow), and
    // an isolated run's own bounds.
    if ((summary_.stats.instructions & 0x3ff) == 0) {
      if (interrupted_ || timeLimitPassed()) {
        stopping_ = true;
        return;
      }
      if (explorationBoundPassed())
        return; // explore() ends the exploration
    }
  }
}

void Executor::cutAll(const std::string &reason) {
  for (auto &s : run_->states)
    if (!s->terminated)
      terminateCut(*s, reason);
}

} // namespace cosmo::engine
