//===- ComposeBench.cpp - seed 002's table I for cosmo --------------------===//
//
// cosmo-bench --compose: every subject (default: programs/compose/*.c) runs
// with --calls=inline and --calls=replay, under --solver-opts=none (the
// compositional effect alone) and all, N times each. Table I gives per
// subject and configuration the solver calls (Z3's), cosmo's time and peak
// memory, inline against replay split into init (building the trees) and
// comp (the program's run on them), the calls of summarised functions in
// the program's run, and the trees' nodes compressed (summary nodes into a
// callee's tree) against plain. A second table checks the issue's
// acceptance: on a subject with a summarised function of at least 10
// conditionals invoked at least 10 times, replay makes at most a third of
// inline's solver calls and takes at most half its time (none), and is
// still faster with every solver layer on (all).
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <set>

namespace cosmo::bench {
namespace {

// `facts` alone decides branches by the path condition's facts, as replay
// decides its trees' pairs under every option: inline and replay on equal
// terms, without the search layers.
constexpr std::array<const char *, 3> kSolverOpts = {"none", "all", "facts"};
constexpr std::array<const char *, 2> kCalls = {"inline", "replay"};

/// A summarised function's figures from its OUT/trees/FUNCTION.json.
struct TreeFigures {
  std::string function;
  double branches = 0, invocations = 0;
};

/// The runs of one subject under one --calls and --solver-opts.
struct Cell : RunSet {
  std::vector<TreeFigures> trees; // of the last run

  bool ok() const {
    return !runs.empty() &&
           std::all_of(runs.begin(), runs.end(),
                       [](const Run &r) { return r.ok; });
  }
  double calls() const { return med([](const Run &r) { return r.z3Queries(); }); }
  double seconds() const {
    return med([](const Run &r) { return r.wallSeconds(); });
  }
  /// The verdicts and path counts of the runs, e.g. "false/12".
  std::set<std::string> outcomes() const {
    std::set<std::string> v;
    for (const Run &r : runs)
      v.insert(r.ok ? fmt::format("{}/{:.0f}", r.verdict, r.paths())
                    : "failed");
    return v;
  }
};

std::vector<TreeFigures> readTrees(const fs::path &dir) {
  std::vector<TreeFigures> trees;
  if (!fs::is_directory(dir))
    return trees;
  for (const auto &e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path());
    try {
      json t = json::parse(in);
      trees.push_back({t.value("function", "?"), t.value("branches", 0.0),
                       t.value("invocations", 0.0)});
    } catch (const json::exception &) {
    }
  }
  return trees;
}

struct Subject {
  std::string name;
  // [solver opts][calls]
  std::array<std::array<Cell, kCalls.size()>, kSolverOpts.size()> cells;
};

std::string ratio(double replay, double inlined) {
  return inlined > 0 ? fmt::format("{:.2f}", replay / inlined) : "-";
}

/// Prints a markdown table, each column as wide as its widest cell.
void printTable(const std::vector<std::string> &header,
                const std::vector<std::vector<std::string>> &rows) {
  std::vector<size_t> w(header.size());
  for (size_t i = 0; i < header.size(); ++i)
    w[i] = header[i].size();
  for (const auto &r : rows)
    for (size_t i = 0; i < r.size() && i < w.size(); ++i)
      w[i] = std::max(w[i], r[i].size());
  auto line = [&](const std::vector<std::string> &r) {
    fmt::print("|");
    for (size_t i = 0; i < w.size(); ++i)
      fmt::print(" {:>{}} |", i < r.size() ? r[i] : "", w[i]);
    fmt::print("\n");
  };
  line(header);
  fmt::print("|");
  for (size_t x : w)
    fmt::print("{:->{}}|", "", x + 2);
  fmt::print("\n");
  for (const auto &r : rows)
    line(r);
}

void printTableI(const std::vector<Subject> &subjects, unsigned runs) {
  fmt::print("Table I for cosmo: Z3 calls, cosmo's time (s, median of {} "
             "run{}) and peak memory (MB), --calls=inline against "
             "--calls=replay (init: building the trees; comp: the program's "
             "run on them).\n\n",
             runs, runs == 1 ? "" : "s");
  std::vector<std::vector<std::string>> rows;
  for (const Subject &s : subjects)
    for (size_t o = 0; o < kSolverOpts.size(); ++o) {
      const Cell &in = s.cells[o][0], &re = s.cells[o][1];
      if (!in.ok() || !re.ok()) {
        rows.push_back({s.name, kSolverOpts[o], "failed"});
        continue;
      }
      double initCalls = re.stat("/composition/init_solver_calls");
      double initSeconds = re.stat("/composition/init_seconds");
      double ctree = re.stat("/composition/tree_nodes_compressed");
      double tree = re.stat("/composition/tree_nodes");
      double invocations = 0;
      for (const TreeFigures &t : re.trees)
        invocations += t.invocations;
      rows.push_back(
          {s.name, kSolverOpts[o], *in.outcomes().begin(),
           fmt::format("{:.0f}", in.calls()), fmt::format("{:.0f}", initCalls),
           fmt::format("{:.0f}", re.calls() - initCalls),
           fmt::format("{:.0f}", re.calls()), ratio(re.calls(), in.calls()),
           fmt::format("{:.2f}", in.seconds()),
           fmt::format("{:.2f}", initSeconds),
           fmt::format("{:.2f}", re.seconds() - initSeconds),
           fmt::format("{:.2f}", re.seconds()),
           ratio(re.seconds(), in.seconds()),
           fmt::format("{:.0f}", in.stat("/peak_memory_kb") / 1024),
           fmt::format("{:.0f}", re.stat("/peak_memory_kb") / 1024),
           fmt::format("{:.0f}", invocations),
           fmt::format("{:.0f} / {:.0f}", ctree, tree)});
    }
  printTable({"subject", "opts", "verdict/paths", "calls inline",
              "replay init", "comp", "total", "ratio", "time inline", "init",
              "comp", "total", "ratio", "mem inline", "replay",
              "invocations", "ctree / tree"},
             rows);
  fmt::print("\nratio: replay / inline. invocations: calls of summarised "
             "functions in the program's run; ctree / tree: the trees' nodes "
             "with summary nodes pointing into callees' trees / without.\n");
}

/// The acceptance check; true when every qualifying subject meets it.
bool printAcceptance(const std::vector<Subject> &subjects) {
  fmt::print("\nAcceptance: a subject qualifies when a summarised function "
             "(with what it calls) has >= 10 conditionals and is invoked >= "
             "10 times in the program's run.\n\n");
  std::vector<std::vector<std::string>> rows;
  bool allMet = true;
  for (const Subject &s : subjects) {
    const Cell &inNone = s.cells[0][0], &reNone = s.cells[0][1];
    const Cell &inAll = s.cells[1][0], &reAll = s.cells[1][1];
    if (!inNone.ok() || !reNone.ok() || !inAll.ok() || !reAll.ok()) {
      rows.push_back({s.name, "failed"});
      allMet = false;
      continue;
    }
    std::string why;
    for (const TreeFigures &t : reNone.trees)
      if (t.branches >= 10 && t.invocations >= 10)
        why += fmt::format("{}{} ({:.0f} conditionals, {:.0f} calls)",
                           why.empty() ? "" : ", ", t.function, t.branches,
                           t.invocations);
    double calls = reNone.calls() / std::max(1.0, inNone.calls());
    // What replay's calls would be if checking pairs cost nothing: the
    // trees' building and the program's own queries stay.
    double floor = (reNone.calls() -
                    reNone.stat("/composition/pair_check_solver_calls")) /
                   std::max(1.0, inNone.calls());
    double time = reNone.seconds() / std::max(1e-9, inNone.seconds());
    bool faster = reAll.seconds() < inAll.seconds();
    bool met = calls <= 1.0 / 3 && time <= 0.5 && faster;
    if (!why.empty() && !met)
      allMet = false;
    rows.push_back({s.name, why.empty() ? "no" : why,
                    fmt::format("{:.2f}{}", calls, calls <= 1.0 / 3 ? "" : " ✗"),
                    fmt::format("{:.2f}", floor),
                    fmt::format("{:.2f}{}", time, time <= 0.5 ? "" : " ✗"),
                    fmt::format("{}", faster ? "yes" : "no ✗"),
                    why.empty() ? "-" : met ? "met" : "**not met**"});
  }
  printTable({"subject", "qualifies", "calls ratio (none) <= 0.33",
              "without pair checks", "time ratio (none) <= 0.5",
              "faster (all)", "acceptance"},
             rows);
  fmt::print("\nwithout pair checks: the calls ratio (none) if checking the "
             "trees' pairs at calls in the program's run cost no query; what "
             "is left is building the trees, the program's own queries "
             "(outside summarised calls: inline makes them too) and those of "
             "calls the trees could not guide to their end.\n");
  return allMet;
}

} // namespace

int composeBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                 unsigned runs) {
  if (programs.empty())
    programs = cFilesIn(COSMO_BENCH_COMPOSE_PROGRAMS);
  fs::path out = fs::temp_directory_path() / "cosmo-bench-compose";
  std::vector<Subject> subjects;
  std::vector<std::string> failures, differ;
  for (const fs::path &p : programs) {
    Subject s;
    s.name = p.stem().string();
    std::vector<std::string> own = runLineOptions(p);
    for (size_t o = 0; o < kSolverOpts.size(); ++o)
      for (size_t c = 0; c < kCalls.size(); ++c) {
        Cell &cell = s.cells[o][c];
        for (unsigned k = 0; k < runs; ++k) {
          std::vector<std::string> args = own;
          args.push_back(fmt::format("--calls={}", kCalls[c]));
          args.push_back(fmt::format("--solver-opts={}", kSolverOpts[o]));
          Run r = runCosmo(cosmo, p, args, out);
          fmt::print(stderr, "{} --calls={} --solver-opts={} run {}/{}: {}\n",
                     s.name, kCalls[c], kSolverOpts[o], k + 1, runs,
                     r.ok ? fmt::format("{} in {:.2f}s", r.verdict,
                                        r.wallSeconds())
                          : "failed");
          if (!r.ok)
            failures.push_back(fmt::format("{} --calls={} --solver-opts={}: {}",
                                           s.name, kCalls[c], kSolverOpts[o],
                                           r.failure));
          cell.runs.push_back(std::move(r));
          cell.trees = readTrees(out / "trees");
        }
      }
    std::set<std::string> outcomes;
    for (const auto &byCalls : s.cells)
      for (const Cell &cell : byCalls)
        for (const std::string &v : cell.outcomes())
          outcomes.insert(v);
    outcomes.erase("failed");
    if (outcomes.size() > 1) {
      std::string all;
      for (const std::string &v : outcomes)
        all += " " + v;
      differ.push_back(fmt::format("{}: verdicts/paths differ:{}", s.name, all));
    }
    subjects.push_back(std::move(s));
  }
  printTableI(subjects, runs);
  bool met = printAcceptance(subjects);
  printFailures(failures);
  if (!differ.empty()) {
    fmt::print("\n**RESULTS DIFFER** (a bug):\n");
    for (const std::string &d : differ)
      fmt::print("- {}\n", d);
  }
  if (!met)
    fmt::print("\nsome qualifying subject does not meet the acceptance "
               "bounds\n");
  return failures.empty() && differ.empty() ? 0 : 1;
}

} // namespace cosmo::bench
