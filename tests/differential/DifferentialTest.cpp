//===- DifferentialTest.cpp - the campaign on a fixed range of seeds ------===//
//
// ctest `differential/Campaign.FixedSeeds`: seeds kFirstSeed ..
// kFirstSeed + kSeeds - 1, each program and its mutant under one mode, the
// modes in turn (Campaign.h), 2 programs at a time. Fails with each disagreeing program's text,
// verdicts and disagreements; their work directories are kept in
// COSMO_DIFF_KEEP_DIR (the message names each).
//
// Environment: COSMO_DIFF_COSMO (the cosmo binary; default the build's),
// COSMO_DIFF_FIRST and COSMO_DIFF_SEEDS (another range), COSMO_DIFF_JOBS,
// COSMO_DIFF_MODES (modes per program; 7 or 0: all),
// COSMO_DIFF_KEEP_ALL=1 (keep every program's work directory).
//
//===----------------------------------------------------------------------===//
#include "Campaign.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <string>
#include <unistd.h>

using namespace cosmo::differential;

namespace {

/// What fits under a minute of the CI on a 2-core machine beside the
/// suite's other tests: 30 seeds, so 60 programs (originals and mutants),
/// each under one mode, every mode in turn (each runs on 8 or 9 programs;
/// the oracle judges every run), with
/// `--horn-timeout=1 --timeout=5`; `cosmo-bench --differential N` runs
/// every mode on every program.
constexpr uint64_t kFirstSeed = 1;
constexpr unsigned kSeeds = 30;
constexpr unsigned kModesPerProgram = 1;

std::string env(const char *name, const std::string &fallback) {
  const char *v = std::getenv(name);
  return v && *v ? v : fallback;
}

/// The CI's options, the environment's overrides applied.
CampaignOptions ciOptions(const std::string &tag) {
  CampaignOptions o;
  o.cosmo = env("COSMO_DIFF_COSMO", COSMO_DIFF_BINARY);
  o.clang = COSMO_DIFF_CLANG;
  o.workDir = fs::temp_directory_path() /
              ("cosmo-differential-" + tag + "-" + std::to_string(getpid()));
  o.keepDir = COSMO_DIFF_KEEP_DIR;
  o.keepAll = env("COSMO_DIFF_KEEP_ALL", "") == "1";
  o.modesPerProgram = std::stoul(env("COSMO_DIFF_MODES", std::to_string(kModesPerProgram)));
  o.jobs = static_cast<unsigned>(std::stoul(env("COSMO_DIFF_JOBS", "2")));
  // A Horn question past a second unrolls the loop instead (both ways are
  // what the campaign tests); a run past 5 s is unknown, always allowed.
  o.timeout = std::stod(env("COSMO_DIFF_TIMEOUT", "5"));
  o.commonArgs = {"--horn-timeout=" + env("COSMO_DIFF_HORN_TIMEOUT", "1")};
  return o;
}

// Seeds whose mutants break a contract that main's run goes past (5104: an
// ensures of a contract without assigns, whose body main runs; 5165: an
// assigns of a used contract): the assert cosmo reports after it is reached
// in C, while the oracle, checking every clause at every call, stops at the
// broken clause first, which cosmo also reports. Every mode, each program.
TEST(Campaign, AVectorPastABrokenContractIsExplainedByIt) {
  CampaignOptions o = ciOptions("broken");
  o.modesPerProgram = 0;
  size_t past = 0;
  for (uint64_t seed : {5104, 5165}) {
    std::vector<ProgramResult> results = runCampaign(o, seed, 1);
    ASSERT_EQ(results.size(), 2u);
    for (const ProgramResult &r : results) {
      EXPECT_TRUE(r.discarded.empty()) << r.discarded;
      EXPECT_TRUE(r.disagreements.empty()) << describe(r);
      for (const ModeRun &m : r.runs)
        past += m.vectorsPastBrokenClause;
    }
  }
  std::error_code ec;
  fs::remove_all(o.workDir, ec);
  EXPECT_GT(past, 0u) << "no vector went past a broken clause: the seeds no "
                         "longer test the rule";
}

TEST(Campaign, FixedSeeds) {
  CampaignOptions o = ciOptions("fixed");
  uint64_t first = std::stoull(env("COSMO_DIFF_FIRST", std::to_string(kFirstSeed)));
  unsigned seeds = static_cast<unsigned>(
      std::stoul(env("COSMO_DIFF_SEEDS", std::to_string(kSeeds))));
  std::vector<ProgramResult> results = runCampaign(o, first, seeds);
  std::error_code ec;
  fs::remove_all(o.workDir, ec);

  std::map<std::string, unsigned> verdicts;
  unsigned judged = 0, buggy = 0;
  for (const ProgramResult &r : results) {
    if (!r.discarded.empty())
      continue;
    ++judged;
    buggy += r.buggy;
    for (const ModeRun &m : r.runs)
      ++verdicts[m.mode + " " + m.verdict];
  }
  std::string summary;
  for (const auto &[k, n] : verdicts)
    summary += "\n  " + k + ": " + std::to_string(n);
  std::printf("%u programs judged (%u buggy per the oracle), %zu generated%s\n",
              judged, buggy, results.size(), summary.c_str());
  EXPECT_GE(judged, results.size() * 9 / 10) << "too many programs discarded";
  for (const ProgramResult &r : results)
    EXPECT_TRUE(r.disagreements.empty()) << describe(r);
}

} // namespace
