//===- StoreClient.cpp - a check's runs, looked up and kept ---------------===//

#include "StoreClient.h"

#include "cosmo/report/RunRecord.h"
#include "cosmo/support/Periodic.h"

#include <fmt/format.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <map>
#include <random>
#include <thread>

namespace cosmo::driver {

namespace {

/// The GNU build ID of cosmo's executable: the same for the same build on
/// every machine, different for any change of cosmo (whose semantics a
/// stored result depends on). The version when there is none.
std::string buildIdentity() {
  static const std::string identity = [] {
    std::string id;
    dl_iterate_phdr(
        [](dl_phdr_info *info, size_t, void *out) -> int {
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr) &ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_NOTE)
              continue;
            auto *p = reinterpret_cast<const char *>(info->dlpi_addr +
                                                     ph.p_vaddr);
            const char *end = p + ph.p_memsz;
            while (p + sizeof(ElfW(Nhdr)) <= end) {
              auto *note = reinterpret_cast<const ElfW(Nhdr) *>(p);
              const char *name = p + sizeof(ElfW(Nhdr));
              const char *desc = name + ((note->n_namesz + 3) & ~3u);
              if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
                  std::string(name, 3) == "GNU") {
                auto *s = static_cast<std::string *>(out);
                for (unsigned k = 0; k < note->n_descsz; ++k)
                  *s += fmt::format("{:02x}",
                                    static_cast<unsigned char>(desc[k]));
                return 1;
              }
              p = desc + ((note->n_descsz + 3) & ~3u);
            }
          }
          return 1; // the executable comes first: look no further
        },
        &id);
    return id.empty() ? std::string("version ") + COSMO_VERSION : id;
  }();
  return identity;
}

/// Who holds a lease: this process on this machine.
std::string leaseOwner() {
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  std::random_device random;
  return fmt::format("{}:{}:{:08x}", host, getpid(), random());
}

/// How long a run under `o` waits for what another worker computes:
/// `longest`, and no more than `share` of its time limit when it has one.
std::chrono::steady_clock::duration
waitLimit(const engine::EngineOptions &o,
          std::chrono::steady_clock::duration longest, double share) {
  if (o.timeoutSeconds <= 0)
    return longest;
  auto limit = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(o.timeoutSeconds * share));
  return std::min(longest, limit);
}

/// A reused result made no queries: the work of this run is none.
void asReused(summary::AnalysisResult &r, double seconds) {
  r.stats.solver = {};
  r.stats.wallSeconds = seconds;
  r.stats.peakMemoryKB = 0;
  r.composition.initQueries = r.composition.initSolverCalls = 0;
  r.composition.pairCheckQueries = r.composition.pairCheckSolverCalls = 0;
  r.composition.initSeconds = r.composition.pairCheckSeconds = 0;
  r.loopStats.hornQueries = 0;
  r.loopStats.hornSeconds = r.loopStats.bodySeconds = 0;
}

} // namespace

std::string semanticOptionsHash(const CheckOptions &check,
                                const engine::EngineOptions &e,
                                const std::string &moduleHash) {
  const solver::PipelineOptions &s = e.solver;
  const summary::SummaryOptions &m = check.summary;
  std::string checks;
  for (const std::string &c : check.checks)
    checks += c + ",";
  // What the run looks for (--svcomp's property).
  checks += fmt::format(" leaks {} cleanup {} aborts {} no-overflow {} "
                        "memory-safe {} past-assertions {} counted",
                        e.checkLeaks, e.checkCleanup, e.assertionsAbort,
                        e.assumeNoSignedOverflow, e.assumeMemorySafe,
                        e.endPathsPastAssertions);
  for (engine::ErrorKind k : e.countedErrors)
    checks += std::string(" ") + engine::errorKindName(k);
  std::string text = fmt::format(
      "format {} build {} module {} entry {} globals {} search {} seed {} "
      "paths {} depth {} instructions {} solver {}/{}/{}/{}/{}/{}/{} "
      "overflow {} shift {} float {} externals {} recursion {} target {} "
      "tests {} elements {} inputs {} string {} alloc {} calls {} merge {} "
      "loops {} unroll {}/{} horn {}/{} sdepth {} spaths {} stime {} prune {} "
      "checks {} "
      "contracts {} svcomp {} environment {} errors {}",
      store::kFormatVersion, buildIdentity(), moduleHash, e.entry,
      e.globalsAsInputs, static_cast<int>(e.search), e.seed, e.maxPaths,
      e.maxDepth, e.maxInstructionsPerPath, s.facts, s.independence,
      s.cexCache, s.modelReuse, s.incremental, s.timeoutMs,
      s.incrementalResetFloor, e.checkOverflow, e.checkShift,
      e.checkFloatCast, static_cast<int>(e.externals), e.maxRecursion,
      static_cast<int>(e.target), static_cast<int>(e.tests),
      e.inputArrayElements, static_cast<int>(e.inputs), e.maxString,
      e.maxSymbolicAllocation, static_cast<int>(m.calls),
      static_cast<int>(m.mergeStrategy()), static_cast<int>(m.loops),
      m.unrolledArrivals, m.unrolledCalls,
      m.hornTimeoutSeconds, m.nodeLoopHornScale, m.summaryDepth, m.summaryMaxPaths,
      m.summaryTimeoutSeconds, m.pruneToErrors, checks,
      static_cast<int>(check.contracts), check.svcomp,
      e.environment.text(), e.maxErrors);
  return store::checksumOf(text);
}

RunCut cutOf(const summary::AnalysisResult &result) {
  RunCut cut = RunCut::None;
  auto note = [&](const std::string &why) {
    if (why.find("interrupted") != std::string::npos)
      cut = RunCut::Interrupt;
    else if (cut == RunCut::None &&
             (why.find("time limit of") != std::string::npos ||
              why.find("memory limit of") != std::string::npos))
      cut = RunCut::Limit;
  };
  note(result.reason);
  if (result.stats.statesDropped > 0 && cut == RunCut::None)
    cut = RunCut::Limit;
  for (const std::string &why : result.unknownReasons)
    note(why);
  for (const summary::ContractResult &c : result.contracts)
    note(c.reason);
  return cut;
}

StoreClient::StoreClient(std::unique_ptr<store::Store> store,
                         const frontend::FunctionKeys &keys,
                         std::string program, const CheckOptions &options)
    : store_(std::move(store)), keys_(keys), program_(std::move(program)),
      check_(options), leaseTime_(std::max(3u, options.leaseSeconds)) {
  use_.location = store_->location();
}

std::optional<summary::AnalysisResult> StoreClient::run(
    const llvm::Module &m, const engine::EngineOptions &options,
    engine::RunListener &listener,
    const std::function<summary::AnalysisResult(engine::RunListener &)>
        &explore) {
  const llvm::Function *entry = m.getFunction(options.entry);
  const frontend::FunctionKey *fk = entry ? keys_.of(*entry) : nullptr;
  if (!fk) // nothing to key it by: explored, not kept
    return explore ? std::optional(explore(listener)) : std::nullopt;
  store::KeyParts parts{
      "", fk->own, fk->depends,
      semanticOptionsHash(check_, options, keys_.moduleHash())};
  parts.key = store::checksumOf(fk->key + " " + parts.options);
  // A run a limit cut is kept apart, for runs under the same limits.
  std::string limitedKey = store::checksumOf(
      fmt::format("{} cut at {}s {}MB", parts.key, options.timeoutSeconds,
                  options.maxMemoryMB));

  auto started = std::chrono::steady_clock::now();
  auto reuse = [&]() -> std::optional<summary::AnalysisResult> {
    std::optional<std::string> payload = store_->get(parts.key);
    if (!payload)
      payload = store_->get(limitedKey);
    if (!payload)
      return std::nullopt;
    auto record = report::parseRunRecord(*payload);
    if (!record) {
      use_.warnings.push_back("store " + use_.location + ": an entry of " +
                              options.entry + " could not be read (" +
                              llvm::toString(record.takeError()) +
                              "); computing it again");
      return std::nullopt;
    }
    record->replay(listener);
    asReused(record->result,
             std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           started)
                 .count());
    return std::move(record->result);
  };

  std::optional<store::KeyParts> last = store_->lastKey(program_, options.entry);
  std::string owner = leaseOwner();
  // Another worker's run is waited for while it lives, but with a time
  // limit, no longer than that limit and a lease time (when its run, under
  // the same limit, should have been kept): then this run computes it too.
  auto givingUp = started + leaseTime_ +
                  waitLimit(options, std::chrono::hours(24 * 365), 1);
  // An entry there that cannot be read is computed again, once.
  for (int unreadable = 0; unreadable < 2;) {
    if (auto reused = reuse()) {
      use_.runs.push_back({options.entry, true, ""});
      store_->recordKey(program_, options.entry, parts);
      return std::move(*reused);
    }
    if (!explore) // only what the store has
      return std::nullopt;
    store::Lease lease = store_->tryLease(parts.key, owner, leaseTime_);
    if (lease == store::Lease::Taken)
      break;
    if (lease == store::Lease::Computed)
      ++unreadable;
    else if (std::chrono::steady_clock::now() > givingUp)
      break;
    else // another worker computes it: wait for its entry
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }

  summary::AnalysisResult result;
  {
    // Renewed three times per lease time while this process lives, so
    // that only a dead worker's lease expires.
    support::Periodic renewal(
        std::chrono::duration_cast<std::chrono::milliseconds>(leaseTime_) / 3,
        [&] { store_->tryLease(parts.key, owner, leaseTime_); });
    report::RunRecorder recorder(listener);
    result = explore(recorder);
    recorder.record().result = result;
    RunCut cut = cutOf(result);
    if (cut != RunCut::Interrupt)
      store_->put(cut == RunCut::None ? parts.key : limitedKey, options.entry,
                  report::serializeRunRecord(recorder.record()));
  }
  store_->releaseLease(parts.key, owner);
  std::string why = store::whyRebuilt(last, parts);
  use_.runs.push_back({options.entry, false, why});
  store_->recordKey(program_, options.entry, parts);
  return result;
}

namespace {

/// The trees of one run's callees, kept beside the runs: keyed by the
/// callee's key, the run's options and the layout of the program's
/// globals (TreeArchive.h), which counts with what the callee depends on.
/// A tree missing from the store is leased like a run: a worker about to
/// build it holds its lease until it keeps it (or builds none), and
/// another worker that needs it meanwhile waits for it rather than build
/// it too -- for at most a lease time, after which it builds it itself
/// (two isolated runs of mutually recursive functions, each building a
/// tree the other's run needs, would otherwise wait for each other).
class StoredTrees final : public summary::TreeShelf {
public:
  StoredTrees(store::Store &store, const frontend::FunctionKeys &keys,
              std::string program, std::string options,
              std::chrono::seconds leaseTime,
              std::chrono::steady_clock::duration waitLimit,
              report::StoreUse &use)
      : store_(store), keys_(keys), program_(std::move(program) + " trees"),
        options_(std::move(options)), owner_(leaseOwner()),
        leaseTime_(leaseTime), waitLimit_(waitLimit), use_(use.trees),
        warnings_(use.warnings) {}

  std::optional<std::string> find(const llvm::Function &f,
                                   const std::string &layout) override {
    std::optional<store::KeyParts> parts = partsOf(f, layout);
    if (!parts)
      return std::nullopt;
    std::optional<std::string> tree = store_.get(parts->key);
    auto givingUp = std::chrono::steady_clock::now() + waitLimit_;
    while (!tree) {
      store::Lease lease = store_.tryLease(parts->key, owner_, leaseTime_);
      if (lease == store::Lease::Taken) {
        held_[parts->key] = std::make_unique<support::Periodic>(
            std::chrono::duration_cast<std::chrono::milliseconds>(leaseTime_) / 3,
            [this, key = parts->key] {
              store_.tryLease(key, owner_, leaseTime_);
            });
        break;
      }
      if (lease == store::Lease::Busy) {
        if (std::chrono::steady_clock::now() > givingUp)
          break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
      tree = store_.get(parts->key);
      if (!tree && lease == store::Lease::Computed)
        break; // there, but damaged: built again
    }
    std::string name = f.getName().str();
    if (tree) {
      use_.push_back({name, true, ""});
      store_.recordKey(program_, name, *parts);
    }
    return tree;
  }

  void dropped(const llvm::Function &f, const std::string &layout) override {
    if (std::optional<store::KeyParts> parts = partsOf(f, layout))
      release(parts->key);
  }

  ~StoredTrees() override {
    while (!held_.empty())
      release(held_.begin()->first);
  }

  void keep(const llvm::Function &f, const std::string &layout,
            const std::string &tree) override {
    std::optional<store::KeyParts> parts = partsOf(f, layout);
    if (!parts)
      return;
    std::string name = f.getName().str();
    std::string why = store::whyRebuilt(store_.lastKey(program_, name), *parts);
    store_.put(parts->key, name, tree);
    release(parts->key);
    store_.recordKey(program_, name, *parts);
    use_.push_back({name, false, why});
  }

  void unreadable(const llvm::Function &f, const std::string &why) override {
    warnings_.push_back("store " + store_.location() + ": the tree of " +
                        f.getName().str() + " could not be read (" + why +
                        "); built again");
  }

private:
  void release(const std::string &key) {
    auto it = held_.find(key);
    if (it == held_.end())
      return;
    held_.erase(it); // renewal stopped first
    store_.releaseLease(key, owner_);
  }

  std::optional<store::KeyParts> partsOf(const llvm::Function &f,
                                         const std::string &layout) const {
    const frontend::FunctionKey *fk = keys_.of(f);
    if (!fk)
      return std::nullopt;
    store::KeyParts parts{"", fk->own,
                          store::checksumOf(fk->depends + " layout " + layout),
                          options_};
    parts.key = store::checksumOf("tree " + parts.own + " " + parts.depends +
                                  " " + parts.options);
    return parts;
  }

  store::Store &store_;
  const frontend::FunctionKeys &keys_;
  std::string program_, options_, owner_;
  std::chrono::seconds leaseTime_;
  /// How long a tree another worker builds is waited for.
  std::chrono::steady_clock::duration waitLimit_;
  /// The leases this run holds, each renewed while it is held.
  std::map<std::string, std::unique_ptr<support::Periodic>> held_;
  std::vector<report::StoreUse::Run> &use_;
  std::vector<std::string> &warnings_;
};

/// Horn answers, kept beside the runs under their questions.
class StoredHornAnswers final : public solver::HornAnswerShelf {
public:
  StoredHornAnswers(store::Store &store, report::StoreUse &use)
      : store_(store), use_(use) {}

  std::optional<std::string> find(const std::string &question) override {
    std::optional<std::string> answer = store_.get(keyOf(question));
    use_.hornReused += answer.has_value();
    return answer;
  }

  void keep(const std::string &question, const std::string &answer) override {
    store_.put(keyOf(question), kFunction, answer);
    ++use_.hornKept;
  }

private:
  /// What the store's records name these entries by.
  static constexpr const char *kFunction = "(Horn answers)";

  static std::string keyOf(const std::string &question) {
    return store::checksumOf(fmt::format("horn format {} build {}\n{}",
                                         store::kFormatVersion,
                                         buildIdentity(), question));
  }

  store::Store &store_;
  report::StoreUse &use_;
};

} // namespace

std::unique_ptr<solver::HornAnswerShelf> StoreClient::hornShelf() {
  return std::make_unique<StoredHornAnswers>(*store_, use_);
}

std::unique_ptr<summary::TreeShelf>
StoreClient::treeShelf(const engine::EngineOptions &options) {
  // Not the entry: an isolated run starts at the callee, from inputs of its
  // own (its parameters, the globals it reads), whoever the run's entry is;
  // so the runs of --all share their callees' trees.
  engine::EngineOptions anyEntry = options;
  anyEntry.entry.clear();
  return std::make_unique<StoredTrees>(
      *store_, keys_, program_,
      semanticOptionsHash(check_, anyEntry, keys_.moduleHash()), leaseTime_,
      // A tree is waited for a lease time, but at most a quarter of the
      // run's time limit: the wait is part of the run.
      waitLimit(options, leaseTime_, 0.25), use_);
}

report::StoreUse StoreClient::finish(uint64_t maxBytes) {
  auto rebuilt = [](const report::StoreUse::Run &r) { return !r.reused; };
  if (std::any_of(use_.runs.begin(), use_.runs.end(), rebuilt) ||
      std::any_of(use_.trees.begin(), use_.trees.end(), rebuilt))
    store_->collect(maxBytes);
  for (std::string &w : store_->takeWarnings())
    use_.warnings.push_back(std::move(w));
  return use_;
}

} // namespace cosmo::driver
