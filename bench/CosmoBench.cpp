//===- CosmoBench.cpp - runs cosmo on the benchmark programs --------------===//
//
// Not a test: prints one table row per program with the run's throughput
// and solver figures, read from the stats.json cosmo writes.
//   cosmo-bench [PROGRAM.c ...]   (default: every bench/programs/*.c)
//
//===----------------------------------------------------------------------===//

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace fs = std::filesystem;

int main(int argc, char **argv) {
  std::vector<fs::path> programs;
  for (int i = 1; i < argc; ++i)
    programs.emplace_back(argv[i]);
  if (programs.empty()) {
    for (const auto &e : fs::directory_iterator(COSMO_BENCH_PROGRAMS))
      if (e.path().extension() == ".c")
        programs.push_back(e.path());
    std::sort(programs.begin(), programs.end());
  }
  fs::path out = fs::temp_directory_path() / "cosmo-bench";
  fmt::print("| {:<20} | {:>7} | {:>12} | {:>13} | {:>9} | {:>8} | {:>9} | "
             "{:>8} | {:>8} |\n",
             "program", "verdict", "instructions", "instr/s", "paths",
             "paths/s", "queries", "solver s", "total s");
  fmt::print("|{:-<22}|{:->9}|{:->14}|{:->15}|{:->11}|{:->10}|{:->11}|{:->10}|"
             "{:->10}|\n",
             "", "", "", "", "", "", "", "", "");
  for (const fs::path &p : programs) {
    fs::remove_all(out);
    std::string cmd = fmt::format("'{}' check -q --out='{}' '{}' >/dev/null 2>&1",
                                  COSMO_BINARY, out.string(), p.string());
    std::system(cmd.c_str());
    std::ifstream in(out / "report.json");
    if (!in) {
      fmt::print("| {:<20} | cosmo failed: {}\n", p.filename().string(), cmd);
      continue;
    }
    nlohmann::json r = nlohmann::json::parse(in);
    const auto &st = r["stats"];
    double wall = st["wall_seconds"].get<double>();
    uint64_t instr = st["instructions"], paths = st["paths_completed"].get<uint64_t>() +
                                                 st["paths_errored"].get<uint64_t>();
    fmt::print("| {:<20} | {:>7} | {:>12} | {:>13.0f} | {:>9} | {:>8.1f} | "
               "{:>9} | {:>8.2f} | {:>8.2f} |\n",
               p.stem().string(), r["verdict"].get<std::string>(), instr,
               wall > 0 ? instr / wall : 0.0, paths,
               wall > 0 ? paths / wall : 0.0,
               st["solver_queries"].get<uint64_t>(),
               st["solver_seconds"].get<double>(), wall);
  }
  return 0;
}
