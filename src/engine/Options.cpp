//===- Options.cpp - defaults that depend on other options ----------------===//

#include "cosmo/engine/Options.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <unistd.h>

namespace cosmo::engine {

namespace {
/// name -> value for every value of an enum, from its name function.
template <typename E, typename Name>
std::map<std::string, E> namesOf(std::initializer_list<E> values, Name name) {
  std::map<std::string, E> out;
  for (E v : values)
    out.emplace(name(v), v);
  return out;
}
} // namespace

const std::map<std::string, SearchStrategy> &searchStrategyNames() {
  static const auto names = namesOf(
      {SearchStrategy::Interleaved, SearchStrategy::DFS, SearchStrategy::BFS,
       SearchStrategy::RandomPath, SearchStrategy::Coverage},
      searchStrategyName);
  return names;
}

const std::map<std::string, CallStrategy> &callStrategyNames() {
  static const auto names =
      namesOf({CallStrategy::Inline, CallStrategy::Replay,
               CallStrategy::Summary, CallStrategy::Smart},
              callStrategyName);
  return names;
}

const std::map<std::string, MergeStrategy> &mergeStrategyNames() {
  static const auto names =
      namesOf({MergeStrategy::None, MergeStrategy::Always, MergeStrategy::Auto},
              mergeStrategyName);
  return names;
}

const std::map<std::string, LoopStrategy> &loopStrategyNames() {
  static const auto names =
      namesOf({LoopStrategy::Unroll, LoopStrategy::Summarize,
               LoopStrategy::Auto},
              loopStrategyName);
  return names;
}

const std::map<std::string, ExternalPolicy> &externalPolicyNames() {
  static const std::map<std::string, ExternalPolicy> names{
      {"unknown", ExternalPolicy::Unknown},
      {"havoc", ExternalPolicy::Havoc},
      {"error", ExternalPolicy::Error}};
  return names;
}

const std::map<std::string, TestPolicy> &testPolicyNames() {
  static const std::map<std::string, TestPolicy> names{
      {"errors", TestPolicy::Errors},
      {"new-coverage", TestPolicy::NewCoverage},
      {"all", TestPolicy::All}};
  return names;
}

const std::map<std::string, Target> &targetNames() {
  static const std::map<std::string, Target> names{{"all", Target::All},
                                                   {"errors", Target::Errors}};
  return names;
}

std::optional<std::string> EngineOptions::resolve() {
  if (pruneToErrors && calls != CallStrategy::Replay)
    return std::string("--prune-to-errors needs --calls=replay");
  if (pruneToErrors)
    target = Target::Errors;
  if (!merge)
    merge =
        composesSummaries(calls) ? MergeStrategy::Auto : MergeStrategy::None;
  if (*merge != MergeStrategy::None && calls == CallStrategy::Replay)
    return fmt::format("--merge={} cannot be used with --calls=replay, which "
                       "explores the same paths as inline",
                       mergeStrategyName(*merge));
  bool loopsUnrolled =
      calls == CallStrategy::Replay || *merge != MergeStrategy::None;
  if (loops == LoopStrategy::Summarize && loopsUnrolled)
    return std::string("--loops=summarize cannot be used with --calls=replay "
                       "or --merge, which follow loops iteration by iteration");
  if (loopsUnrolled)
    loops = LoopStrategy::Unroll;
  return std::nullopt;
}

uint64_t defaultMemoryLimitMB() {
  uint64_t total = static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) *
                   static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  std::ifstream cgroup("/sys/fs/cgroup/memory.max");
  uint64_t limit = 0;
  if (cgroup >> limit && limit > 0)
    total = std::min(total, limit);
  return std::max<uint64_t>(total / 4 >> 20, 256);
}

} // namespace cosmo::engine
