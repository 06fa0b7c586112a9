//===- BenchRun.cpp - running cosmo for the benchmark tables --------------===//

#include "BenchRun.h"

#include <fmt/format.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cosmo::bench {

double Run::stat(const std::string &ptr) const {
  json::json_pointer p(ptr);
  if (!stats.contains(p) || !stats[p].is_number())
    return 0;
  return stats[p].get<double>();
}

double Run::z3Queries() const {
  return flatSolverStats() ? stat("/solver_queries")
                           : stat("/solver/z3/queries");
}

double Run::z3Seconds() const {
  return flatSolverStats() ? stat("/solver_seconds")
                           : stat("/solver/z3/seconds");
}

double Run::paths() const {
  return stat("/paths_completed") + stat("/paths_errored") +
         stat("/paths_cut");
}

bool RunSet::anyOk() const {
  return std::any_of(runs.begin(), runs.end(),
                     [](const Run &r) { return r.ok; });
}

Run fromReport(const fs::path &file) {
  Run r;
  std::ifstream in(file);
  if (!in) {
    r.failure = fmt::format("no {}", file.string());
    return r;
  }
  try {
    json report = json::parse(in);
    r.verdict = report.value("verdict", "?");
    // A run stopped by --timeout has no verdict to compare, even when it
    // found an error before.
    for (const json &why : report.value("unknown_reasons", json::array()))
      if (why.is_string() &&
          why.get<std::string>().find("time limit") != std::string::npos)
        r.verdict = "timeout";
    r.stats = report.value("stats", json::object());
    // A report from a cosmo that did not time its errors has no seconds.
    for (const json &e : report.value("errors", json::array()))
      if (e.contains("seconds") &&
          (r.firstErrorSeconds < 0 || e["seconds"] < r.firstErrorSeconds))
        r.firstErrorSeconds = e["seconds"];
    r.ok = true;
  } catch (const json::exception &e) {
    r.failure = fmt::format("unreadable {}: {}", file.string(), e.what());
  }
  return r;
}

namespace {
std::string firstLine(const fs::path &file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

} // namespace

Run runCosmo(const Cosmo &cosmo, const fs::path &program,
             const std::vector<std::string> &args, const fs::path &out) {
  return runCosmo(cosmo, std::vector<std::string>{program.string()}, args, out);
}

Run runCosmo(const Cosmo &cosmo, const std::vector<std::string> &inputs,
             const std::vector<std::string> &args, const fs::path &out) {
  fs::remove_all(out);
  fs::path err = out;
  err += ".stderr";
  std::string options, files;
  for (const std::string &a : args)
    options += fmt::format("'{}' ", a);
  for (const std::string &f : inputs)
    files += fmt::format(" '{}'", f);
  std::string cmd = fmt::format(
      "'{}' check -q {}{}--out='{}'{} >/dev/null 2>'{}'", cosmo.binary,
      options,
      cosmo.timeout ? fmt::format("--timeout={} ", cosmo.timeout) : "",
      out.string(), files, err.string());
  int status = std::system(cmd.c_str());
  Run r = fromReport(out / "report.json");
  if (!r.ok) {
    std::string how =
        status == -1              ? "could not start"
        : WIFEXITED(status)       ? fmt::format("exit {}", WEXITSTATUS(status))
        : WIFSIGNALED(status)     ? fmt::format("signal {}", WTERMSIG(status))
                                  : "failed";
    std::string msg = firstLine(err);
    r.failure = fmt::format("{} ({}{}{}): {}", cmd, how,
                            msg.empty() ? "" : ", ", msg, r.failure);
  }
  return r;
}


std::optional<std::pair<std::string, std::vector<std::string>>>
namedArguments(const std::string &arg) {
  size_t eq = arg.find('=');
  if (eq == std::string::npos)
    return std::nullopt;
  std::vector<std::string> args;
  std::string rest = arg.substr(eq + 1);
  for (size_t at = 0; at <= rest.size();) {
    size_t comma = rest.find(',', at);
    if (comma == std::string::npos)
      comma = rest.size();
    if (comma > at)
      args.push_back(rest.substr(at, comma - at));
    at = comma + 1;
  }
  return std::make_pair(arg.substr(0, eq), std::move(args));
}

std::vector<std::string> runLineOptions(const fs::path &program) {
  std::ifstream in(program);
  std::vector<std::string> options;
  std::string line;
  const std::string tag = "// RUN:";
  while (std::getline(in, line)) {
    if (line.rfind(tag, 0) != 0)
      continue;
    std::istringstream words(line.substr(tag.size()));
    for (std::string w; words >> w;)
      options.push_back(w);
  }
  return options;
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

std::vector<fs::path> cFilesIn(const fs::path &dir) {
  std::vector<fs::path> files;
  for (const auto &e : fs::directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".c")
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string percent(double part, double whole) {
  return whole > 0 ? fmt::format("{:.1f}%", 100 * part / whole) : "-";
}

void printFailures(const std::vector<std::string> &failures) {
  if (failures.empty())
    return;
  fmt::print("\nfailed runs:\n");
  for (const std::string &f : failures)
    fmt::print("- {}\n", f);
}

} // namespace cosmo::bench
