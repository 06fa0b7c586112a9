//===- DifferentialBench.cpp - cosmo-bench --differential N ---------------===//
//
// Issue 42's campaign (tests/differential/Campaign.h) on N seeds, each a
// program and its mutant under every mode, printed as markdown tables:
// the programs and what the oracle says of them, each mode's verdicts and
// seconds, and the disagreements by kind and mode. Disagreeing programs
// are kept (their directories are listed). Exits 1 when any was found.
//
//===----------------------------------------------------------------------===//
#include "BenchRun.h"

#include "Campaign.h"

#include <fmt/format.h>

#include <chrono>
#include <map>

using namespace cosmo::differential;

namespace cosmo::bench {

namespace {

struct ModeTotals {
  unsigned runs = 0, yes = 0, no = 0, unknown = 0, failed = 0, unjudged = 0;
  size_t vectors = 0, unchecked = 0, pastBroken = 0;
  double seconds = 0;
};

} // namespace

int differentialBench(const Cosmo &cosmo, unsigned seeds, uint64_t first,
                      unsigned jobs, unsigned modesPerProgram,
                      double hornTimeout) {
  CampaignOptions o;
  o.cosmo = cosmo.binary;
  o.timeout = cosmo.timeout ? cosmo.timeout : 10;
  o.jobs = jobs;
  o.modesPerProgram = modesPerProgram;
  if (hornTimeout > 0)
    o.commonArgs = {fmt::format("--horn-timeout={}", hornTimeout)};
  fs::path base = fs::temp_directory_path() / "cosmo-bench-differential";
  o.workDir = base / "work";
  o.keepDir = base / "disagreements";
  std::error_code ec;
  fs::remove_all(o.workDir, ec);
  auto begin = std::chrono::steady_clock::now();
  std::vector<ProgramResult> results = runCampaign(o, first, seeds);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  fs::remove_all(o.workDir, ec);

  unsigned originals = 0, mutants = 0, discarded = 0, correct = 0, buggy = 0,
           mutantsBuggy = 0, withMissed = 0;
  std::map<std::string, ModeTotals> modes;
  std::map<std::string, std::map<std::string, unsigned>> kinds; // kind -> mode -> n
  std::vector<const ProgramResult *> disagreeing;
  for (const ProgramResult &r : results) {
    if (!r.discarded.empty()) {
      discarded += r.discarded != "no mutation";
      continue;
    }
    (r.mutant ? mutants : originals)++;
    (r.buggy ? buggy : correct)++;
    mutantsBuggy += r.mutant && r.buggy;
    withMissed += !r.missed.empty();
    for (const ModeRun &m : r.runs) {
      ModeTotals &t = modes[m.mode];
      ++t.runs;
      t.seconds += m.seconds;
      t.vectors += m.vectorsChecked;
      t.unchecked += m.vectorsUnchecked;
      t.pastBroken += m.vectorsPastBrokenClause;
      if (m.verdict == "true") ++t.yes;
      else if (m.verdict == "false") ++t.no;
      else if (m.verdict == "unknown") ++t.unknown;
      else ++t.failed;
      t.unjudged += !m.judged;
    }
    for (const Disagreement &d : r.disagreements)
      ++kinds[d.kind][d.mode.empty() ? "(modes)" : d.mode];
    if (!r.disagreements.empty())
      disagreeing.push_back(&r);
  }

  fmt::print("Differential campaign: seeds {} .. {}, cosmo --timeout={}{}, "
             "{} mode(s) per program, {} job(s), {:.0f} s.\n\n",
             first, first + seeds - 1, o.timeout,
             hornTimeout > 0 ? fmt::format(" --horn-timeout={}", hornTimeout)
                             : "",
             modesPerProgram ? std::to_string(modesPerProgram) : "every",
             jobs, seconds);
  fmt::print("| programs | mutants | discarded | oracle: correct | oracle: "
             "buggy | buggy mutants | modes | cosmo runs | disagreeing "
             "programs | with missed errors | seconds |\n");
  fmt::print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  unsigned runs = 0;
  for (const auto &[name, t] : modes)
    runs += t.runs;
  fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.0f} |\n\n",
             originals, mutants, discarded, correct, buggy, mutantsBuggy,
             modes.size(), runs, disagreeing.size(), withMissed, seconds);

  fmt::print("| mode | runs | true | false | unknown | failed | unjudged "
             "(contracts=use, a contract fails) | vectors checked | of them "
             "natively past a clause reported broken | vectors outside the "
             "oracle's box | mean s |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Mode &m : o.modes) {
    const ModeTotals &t = modes[m.name];
    fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2f} |\n",
               m.name, t.runs, t.yes, t.no, t.unknown, t.failed, t.unjudged,
               t.vectors, t.pastBroken, t.unchecked,
               t.runs ? t.seconds / t.runs : 0.0);
  }
  fmt::print("\n| disagreement | mode | count |\n|---|---|---:|\n");
  if (kinds.empty())
    fmt::print("| none | | 0 |\n");
  for (const auto &[kind, byMode] : kinds)
    for (const auto &[mode, n] : byMode)
      fmt::print("| {} | {} | {} |\n", kind, mode, n);
  if (!disagreeing.empty()) {
    fmt::print("\nDisagreeing programs (kept in {}):\n\n", o.keepDir.string());
    for (const ProgramResult *r : disagreeing)
      fmt::print("- seed {} {}{}: {} {}\n", r->seed,
                 r->mutant ? "mutant" : "original",
                 r->mutation.empty() ? "" : " (" + r->mutation + ")",
                 r->disagreements.front().kind, r->disagreements.front().mode);
  }
  return disagreeing.empty() ? 0 : 1;
}

} // namespace cosmo::bench
