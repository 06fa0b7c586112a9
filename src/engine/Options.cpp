//===- Options.cpp - defaults that depend on other options ----------------===//

#include "cosmo/engine/Options.h"

#include <algorithm>
#include <fstream>
#include <unistd.h>

namespace cosmo::engine {

const std::map<std::string, SearchStrategy> &searchStrategyNames() {
  static const auto names = namesOf(
      {SearchStrategy::Interleaved, SearchStrategy::DFS, SearchStrategy::BFS,
       SearchStrategy::RandomPath, SearchStrategy::Coverage},
      searchStrategyName);
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

const std::map<std::string, InputShapes> &inputShapesNames() {
  static const std::map<std::string, InputShapes> names{
      {"shaped", InputShapes::Shaped}, {"any", InputShapes::Any}};
  return names;
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

namespace cosmo::engine {

std::string SymbolicEnvironment::text() const {
  std::string out;
  auto add = [&](const std::string &piece) {
    out += (out.empty() ? "" : " ") + piece;
  };
  for (unsigned n : args)
    add("--sym-arg " + std::to_string(n));
  if (moreArgsMax > 0)
    add("--sym-args " + std::to_string(moreArgsMin) + " " +
        std::to_string(moreArgsMax) + " " + std::to_string(moreArgsLength));
  if (stdinSize >= 0)
    add("--sym-stdin " + std::to_string(stdinSize));
  if (fileCount >= 0)
    add("--sym-files " + std::to_string(fileCount) + " " +
        std::to_string(fileSize));
  if (envLength >= 0)
    add("--sym-env " + std::to_string(envLength));
  return out;
}

} // namespace cosmo::engine
