//===- SearchBench.cpp - cosmo-bench --search: search and speed -----------===//
//
// Not a test. Every subject (default: the end-to-end list programs,
// tests/programs/lists/*.c: lists of nondeterministic length with an error
// behind the loop, an error 100 iterations deep; and programs/search/*.c: a
// long concrete loop) runs under the default search
// (interleaved) and under --search=dfs, with a time limit (--timeout,
// default 30 s). Each row: verdict, seconds to the first error, total
// seconds, instructions per second, peak states, peak memory. Issue 19's
// acceptance: errors within seconds by default, memory bounded.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>

namespace cosmo::bench {

int searchBench(const Cosmo &cosmo0, std::vector<fs::path> programs) {
  Cosmo cosmo = cosmo0;
  if (!cosmo.timeout)
    cosmo.timeout = 30;
  if (programs.empty()) {
    programs = cFilesIn(fs::path(COSMO_TEST_PROGRAMS) / "lists");
    for (fs::path &p : cFilesIn(fs::path(COSMO_BENCH_PROGRAMS) / "search"))
      programs.push_back(std::move(p));
  }
  fs::path work = fs::temp_directory_path() / "cosmo-bench-search";
  fs::create_directories(work);
  std::vector<std::string> failures;
  fmt::print("| program | --search | verdict | first error s | total s | "
             "instructions/s | peak states | peak memory MB |\n"
             "|---|---|---|---:|---:|---:|---:|---:|\n");
  for (const fs::path &p : programs)
    for (const char *search : {"interleaved", "dfs"}) {
      Run r = runCosmo(cosmo, p, {std::string("--search=") + search},
                       work / "out");
      if (!r.ok) {
        failures.push_back(r.failure);
        fmt::print("| {} | {} | failed | | | | | |\n", p.stem().string(),
                   search);
        continue;
      }
      double secs = r.wallSeconds();
      fmt::print("| {} | {} | {} | {} | {:.2f} | {:.1f} M | {:.0f} | {:.0f} "
                 "|\n",
                 p.stem().string(), search, r.verdict,
                 r.firstErrorSeconds < 0
                     ? std::string("-")
                     : fmt::format("{:.2f}", r.firstErrorSeconds),
                 secs,
                 secs > 0 ? r.stat("/instructions") / secs / 1e6 : 0.0,
                 r.stat("/peak_states"), r.stat("/peak_memory_kb") / 1024);
    }
  fs::remove_all(work);
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

} // namespace cosmo::bench
