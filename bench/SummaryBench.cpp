//===- SummaryBench.cpp - cosmo-bench --summary: formula summaries --------===//
//
// Not a test. Two tables:
//  1. the DART/SMART program (is_positive called in a loop N times, the
//     count of positives checked: reachable `count == 3`, or safe
//     `0 <= count <= N`) for N = 8 ... 128, under --calls=inline (cut by a
//     time limit: it is exponential), summary and smart;
//  2. the memoization-tree subjects (programs/compose) under inline,
//     replay, summary and smart.
// Each row: verdict, paths, solver calls, solver time, total time, peak
// memory, summaries and their size in terms, compositions, states merged
// (--merge: auto under summary and smart). The run fails
// (exit 1) when verdicts that were reached differ between modes.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <fstream>
#include <map>
#include <set>

namespace cosmo::bench {

namespace {

/// The DART/SMART example (Godefroid, POPL 2007), as the issue states it.
std::string dartProgram(unsigned n, bool reachable) {
  return fmt::format(
      "#include <cosmo.h>\n"
      "#define N {}\n"
      "static int sym(void) {{ int v; cosmo_symbolic(&v, sizeof v, \"s\"); "
      "return v; }}\n"
      "int is_positive(int x) {{\n"
      "  if (x > 0)\n"
      "    return 1;\n"
      "  return 0;\n"
      "}}\n"
      "int main(void) {{\n"
      "  int count = 0;\n"
      "  for (int i = 0; i < N; i++)\n"
      "    count = count + is_positive(sym());\n"
      "  cosmo_assert({});\n"
      "  return 0;\n"
      "}}\n",
      n, reachable ? "count != 3" : "0 <= count && count <= N");
}

struct Row {
  std::string subject, calls;
  RunSet set;
};

std::string verdictOf(const RunSet &s) {
  for (const Run &r : s.runs)
    if (r.ok)
      return r.verdict;
  return "failed";
}

double compositions(const RunSet &s, const std::string &calls) {
  return calls == "replay" ? s.stat("/composition/replayed")
                           : s.stat("/composition/summaries_composed");
}

void printRows(const std::vector<Row> &rows) {
  fmt::print("| subject | --calls | verdict | paths | solver calls | solver s "
             "| total s | peak MB | summaries | terms | compositions | merged "
             "|\n");
  fmt::print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Row &r : rows) {
    const RunSet &s = r.set;
    bool summaries = r.calls != "inline";
    fmt::print("| {} | {} | {} | {:.0f} | {:.0f} | {:.2f} | {:.2f} | {:.0f} | "
               "{} | {} | {} | {:.0f} |\n",
               r.subject, r.calls, verdictOf(s),
               s.med([](const Run &x) { return x.paths(); }),
               s.med([](const Run &x) { return x.z3Queries(); }),
               s.med([](const Run &x) { return x.z3Seconds(); }),
               s.med([](const Run &x) { return x.wallSeconds(); }),
               s.stat("/peak_memory_kb") / 1024,
               summaries ? fmt::format("{:.0f}", s.stat("/composition/functions_summarized")) : "-",
               summaries && r.calls != "replay" ? fmt::format("{:.0f}", s.stat("/composition/summary_terms")) : "-",
               summaries ? fmt::format("{:.0f}", compositions(s, r.calls)) : "-",
               s.stat("/states_merged"));
  }
}

} // namespace

int summaryBench(const Cosmo &cosmo, std::vector<fs::path> programs,
                 unsigned runs) {
  if (programs.empty())
    programs = cFilesIn(COSMO_BENCH_COMPOSE_PROGRAMS);
  fs::path work = fs::temp_directory_path() / "cosmo-bench-summary";
  fs::create_directories(work);
  fs::path out = work / "out";
  std::vector<std::string> failures, differ;
  auto measure = [&](const std::string &subject, const fs::path &program,
                     const std::string &calls,
                     std::vector<std::string> args) {
    Row row{subject, calls, {}};
    args.push_back("--calls=" + calls);
    for (unsigned k = 0; k < runs; ++k) {
      Run r = runCosmo(cosmo, program, args, out);
      fmt::print(stderr, "{} --calls={} run {}/{}: {}\n", subject, calls,
                 k + 1, runs,
                 r.ok ? fmt::format("{} in {:.2f}s", r.verdict, r.wallSeconds())
                      : "failed");
      if (!r.ok)
        failures.push_back(fmt::format("{} --calls={}: {}", subject, calls,
                                       r.failure));
      row.set.runs.push_back(std::move(r));
    }
    return row;
  };
  // Verdicts reached (not unknown) must agree across the modes.
  auto compare = [&](const std::vector<Row> &rows, size_t from) {
    std::map<std::string, std::set<std::string>> bySubject;
    for (size_t k = from; k < rows.size(); ++k) {
      std::string v = verdictOf(rows[k].set);
      if (v == "true" || v == "false")
        bySubject[rows[k].subject].insert(v);
    }
    for (const auto &[subject, verdicts] : bySubject)
      if (verdicts.size() > 1)
        differ.push_back(subject);
  };

  // 1. DART/SMART: inline is exponential in N; a time limit cuts it.
  std::vector<Row> dart;
  for (bool reachable : {true, false})
    for (unsigned n : {8u, 16u, 32u, 64u, 128u}) {
      std::string name =
          fmt::format("is_positive {} N={}", reachable ? "count==3" : "safe", n);
      fs::path program =
          work / fmt::format("dart_{}_{}.c", reachable ? "reach" : "safe", n);
      std::ofstream(program) << dartProgram(n, reachable);
      size_t from = dart.size();
      dart.push_back(measure(name, program, "inline", {"--timeout=20"}));
      dart.push_back(measure(name, program, "summary", {}));
      dart.push_back(measure(name, program, "smart", {}));
      compare(dart, from);
    }
  fmt::print("\n### DART/SMART: is_positive in a loop (inline cut at 20 s)\n\n");
  printRows(dart);

  // 2. The memoization-tree subjects.
  std::vector<Row> subjects;
  std::vector<std::pair<std::string, double>> summaryVsReplay;
  for (const fs::path &p : programs) {
    std::string name = p.stem().string();
    std::vector<std::string> own = runLineOptions(p);
    size_t from = subjects.size();
    for (const char *calls : {"inline", "replay", "summary", "smart"})
      subjects.push_back(measure(name, p, calls, own));
    compare(subjects, from);
  }
  fmt::print("\n### Memoization-tree subjects\n\n");
  printRows(subjects);
  fmt::print("\nsolver calls, summary against replay:\n\n");
  fmt::print("| subject | replay | summary | summary <= replay |\n");
  fmt::print("|---|---:|---:|---|\n");
  for (size_t k = 0; k + 3 < subjects.size(); k += 4) {
    double replay = subjects[k + 1].set.med(
        [](const Run &x) { return x.z3Queries(); });
    double summary = subjects[k + 2].set.med(
        [](const Run &x) { return x.z3Queries(); });
    fmt::print("| {} | {:.0f} | {:.0f} | {} |\n", subjects[k].subject, replay,
               summary, summary <= replay ? "yes" : "**no**");
  }
  printFailures(failures);
  if (!differ.empty()) {
    fmt::print("\n**VERDICTS DIFFER** (a bug):\n");
    for (const std::string &d : differ)
      fmt::print("- {}\n", d);
  }
  return failures.empty() && differ.empty() ? 0 : 1;
}

} // namespace cosmo::bench
