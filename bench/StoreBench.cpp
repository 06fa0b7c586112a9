//===- StoreBench.cpp - cosmo-bench --store -------------------------------===//
//
// The persistent store (issue 45). For each subject (default: the compose
// programs and the tests' library shelf), on a copy in a temporary
// directory with a fresh SQLite store and bitcode cache: a first run, an
// unchanged second run, and a run after a one-function edit (a statement
// added at the top of the first function of the bottom-up order that the
// report places in the subject's files) -- once with the subject's entry
// (main; subjects without one are skipped) and once with --all. Per run:
// cosmo's wall time (clang is cached from the second run on), the queries
// that reached Z3 (every function's with --all), and what the store
// reused and rebuilt. Then, with --pg=URI (default: $COSMO_TEST_POSTGRES),
// 1, 2 and 4 shard workers of --all on the last subject against a fresh
// PostgreSQL database each, started together: the time until all ended,
// and whether `cosmo report` assembled the report of a single run.
//
//===----------------------------------------------------------------------===//

#include "BenchRun.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cstdlib>
#include <unistd.h>
#include <fstream>
#include <regex>
#include <map>
#include <set>
#include <thread>

namespace cosmo::bench {

namespace {

struct Subject {
  std::string name;
  std::vector<std::string> inputs; // files (copied) and flags
};

/// One cosmo run of the table.
struct StoreRun {
  bool ok = false;
  std::string failure;
  double seconds = 0, z3 = 0;
  double clang = 0; // of `seconds`, in clang (stats.frontend.clang_seconds)
  size_t reused = 0, rebuilt = 0;
  std::vector<std::string> rebuiltNames;
  /// main's run: its callees' memoization trees (--calls=replay|summary).
  size_t treesReused = 0;
  std::vector<std::string> treesRebuilt;
  json report;
};

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
      .count();
}

int shell(const std::string &cmd) {
  int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string shellWord(const std::string &s) { return "'" + s + "'"; }

StoreRun runOnce(const Cosmo &cosmo, const fs::path &work,
                 const std::vector<std::string> &args, const fs::path &out) {
  StoreRun r;
  fs::remove_all(out);
  std::string cmd = "cd " + shellWord(work.string()) + " && " +
                    shellWord(cosmo.binary) + " check -q";
  if (cosmo.timeout)
    cmd += fmt::format(" --timeout={}", cosmo.timeout);
  for (const std::string &a : args)
    cmd += " " + shellWord(a);
  cmd += " --out=" + shellWord(out.string()) + " >/dev/null 2>" +
         shellWord(out.string() + ".stderr");
  auto start = std::chrono::steady_clock::now();
  shell(cmd);
  r.seconds = since(start);
  std::ifstream in(out / "report.json");
  if (!in) {
    std::ifstream err(out.string() + ".stderr");
    std::getline(err, r.failure);
    r.failure = "no report: " + r.failure;
    return r;
  }
  try {
    r.report = json::parse(in);
    const json &store = r.report.at("store");
    r.reused = store.at("reused");
    r.rebuilt = store.at("rebuilt");
    if (r.report.contains("functions")) { // --all
      for (const json &f : r.report["functions"]) {
        Run fr = fromReport(out / f.value("out", "") / "report.json");
        r.z3 += fr.ok ? fr.z3Queries() : 0;
        // The program is loaded once, before the workers.
        r.clang = fr.ok ? fr.stat("/frontend/clang_seconds") : r.clang;
        if (f.value("store", "") == "rebuilt")
          r.rebuiltNames.push_back(f.value("function", "") + " (" +
                                   f.value("why", "") + ")");
      }
    } else {
      Run one = fromReport(out / "report.json");
      r.z3 = one.z3Queries();
      r.clang = one.stat("/frontend/clang_seconds");
      for (const json &t : store.value("trees", json::array())) {
        if (t.value("status", "") == "reused")
          ++r.treesReused;
        else
          r.treesRebuilt.push_back(t.value("function", "") + " (" +
                                   t.value("why", "") + ")");
      }
    }
    r.ok = true;
  } catch (const json::exception &e) {
    r.failure = e.what();
  }
  return r;
}

/// What main's run after an edit rebuilt: the run, and which of its
/// callees' trees.
std::string mainRebuilt(const StoreRun &r) {
  std::string text =
      fmt::format("{} of {} runs", r.rebuilt, r.rebuilt + r.reused);
  size_t trees = r.treesReused + r.treesRebuilt.size();
  if (trees > 0)
    text += fmt::format("; trees: {} of {}{}{}", r.treesRebuilt.size(), trees,
                        r.treesRebuilt.empty() ? "" : ": ",
                        fmt::join(r.treesRebuilt, ", "));
  return text;
}

/// Adds a statement at the top of `function`'s body (defined at `line` of
/// `file`): its IR changes, its meaning does not.
bool editFunction(const fs::path &file, unsigned line) {
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  size_t at = 0;
  for (unsigned l = 1; l < line && at != std::string::npos; ++l)
    at = text.find('\n', at) + 1;
  size_t brace = at == std::string::npos ? at : text.find('{', at);
  if (brace == std::string::npos)
    return false;
  text.insert(brace + 1,
              " { volatile int cosmo_bench_edit = 1; (void)cosmo_bench_edit; }");
  std::ofstream(file) << text;
  return true;
}

/// The function to edit: the first of the bottom-up order defined in one
/// of the subject's files; its name and file.
std::optional<std::pair<std::string, fs::path>>
leafToEdit(const json &report, const fs::path &work) {
  if (!report.is_object() || !report.contains("functions"))
    return std::nullopt;
  for (const json &f : report["functions"]) {
    fs::path file = work / fs::path(f.value("file", "")).filename();
    for (const auto &e : fs::recursive_directory_iterator(work))
      if (e.path().filename() == file.filename() &&
          e.path().string().find("/o-") == std::string::npos &&
          editFunction(e.path(), f.value("line", 0u)))
        return std::make_pair(f.value("function", ""), e.path());
  }
  return std::nullopt;
}

/// "wall s (without clang), Z3 calls".
std::string cell(const StoreRun &r) {
  if (!r.ok)
    return "failed";
  return fmt::format("{:.2f} ({:.2f}) s, {:.0f} Z3", r.seconds,
                     r.seconds - r.clang, r.z3);
}

std::string ratio(double part, double whole) {
  return whole > 0 ? fmt::format("{:.0f}%", 100 * part / whole) : "-";
}

/// What must not depend on the store (as the tests compare).
json comparable(json r) {
  for (const char *k : {"seconds", "store", "jobs"})
    r.erase(k);
  for (json &f : r["functions"])
    for (const char *k : {"seconds", "store", "why"})
      f.erase(k);
  for (const char *list : {"errors", "latent"})
    for (json &e : r[list])
      e.erase("seconds");
  return r;
}

/// What differs between two project reports: the errors reported, or
/// functions' verdicts and paths (a run a time limit cut finds what it
/// found in that time).
std::string differences(const json &a, const json &b) {
  auto errors = [](const json &r) {
    std::set<std::string> out;
    for (const char *list : {"errors", "latent"})
      for (const json &e : r.value(list, json::array()))
        out.insert(fmt::format("{} {}:{} {}", e.value("kind", ""),
                               e.value("file", ""), e.value("line", 0),
                               e.value("entry", "")));
    return out;
  };
  if (errors(a) != errors(b))
    return "**ERRORS DIFFER**";
  std::vector<std::string> fs;
  std::map<std::string, json> other;
  for (const json &f : b["functions"])
    other[f.value("function", "")] = f;
  for (const json &f : a["functions"]) {
    const json &g = other[f.value("function", "")];
    if (f.value("verdict", "") != g.value("verdict", "") ||
        f.value("paths", 0) != g.value("paths", 0))
      fs.push_back(fmt::format("{} ({}, {} paths / {}, {} paths)",
                               f.value("function", ""), f.value("verdict", ""),
                               f.value("paths", 0), g.value("verdict", ""),
                               g.value("paths", 0)));
  }
  return fmt::format("same errors; differs in {}", fmt::join(fs, ", "));
}

void shardTable(const Cosmo &cosmo, const Subject &s, const fs::path &root,
                const std::string &server) {
  fmt::print("\n### Shard workers against PostgreSQL: {}\n\n", s.name);
  fs::path work = root / ("shards-" + s.name);
  fs::create_directories(work);
  std::vector<std::string> args = {"--all", "-j", "1",
                                   "--cache-dir=" + (root / "cache").string()};
  for (const std::string &in : s.inputs)
    args.push_back(in);
  StoreRun single = runOnce(cosmo, work, [&] {
    auto a = args;
    a.push_back("--store=none");
    return a;
  }(), work / "single");
  // The store's key covers the options: a run without the store reports
  // no "store" section, so take it as it is.
  fmt::print("| workers | wall s | functions computed | assembled report |\n"
             "|---:|---:|---:|---|\n");
  fmt::print("| none (no store) | {:.1f} | {} | - |\n", single.seconds,
             single.report.value("functions", json::array()).size());
  for (unsigned n : {1u, 2u, 4u}) {
    std::string db = fmt::format("cosmo_bench_{}_{}", n, ::getpid());
    if (shell("psql " + shellWord(server) + " -qc 'CREATE DATABASE " + db +
              "' >/dev/null") != 0) {
      fmt::print("| {} | cannot create a database on {} | | |\n", n, server);
      continue;
    }
    std::string uri = server;
    size_t slash = uri.find('/', uri.find("://") + 3);
    size_t query = uri.find('?');
    uri = uri.substr(0, slash == std::string::npos ? uri.size() : slash) +
          "/" + db + (query == std::string::npos ? "" : uri.substr(query));
    std::vector<std::thread> workers;
    std::vector<StoreRun> runs(n);
    auto start = std::chrono::steady_clock::now();
    for (unsigned k = 0; k < n; ++k)
      workers.emplace_back([&, k] {
        auto a = args;
        a.push_back("--store=" + uri);
        a.push_back(fmt::format("--shard={}/{}", k + 1, n));
        runs[k] = runOnce(cosmo, work, a, work / fmt::format("w{}-{}", n, k));
      });
    for (std::thread &t : workers)
      t.join();
    double wall = since(start);
    size_t computed = 0;
    for (const StoreRun &r : runs)
      computed += r.rebuilt;
    fs::path assembled = work / fmt::format("report-{}", n);
    fs::remove_all(assembled);
    std::string cmd = "cd " + shellWord(work.string()) + " && " +
                      shellWord(cosmo.binary) + " report -q";
    if (cosmo.timeout) // part of the runs' keys when they were cut by it
      cmd += fmt::format(" --timeout={}", cosmo.timeout);
    for (const std::string &a : args)
      cmd += " " + shellWord(a);
    cmd += " --store=" + shellWord(uri) + " --out=" + shellWord(assembled.string()) +
           " >/dev/null 2>&1";
    shell(cmd);
    std::ifstream in(assembled / "report.json");
    std::string same = "missing";
    if (in) {
      json r = json::parse(in);
      same = comparable(r) == comparable(single.report)
                 ? "same as one run"
                 : differences(r, single.report);
    }
    fmt::print("| {} | {:.1f} | {} | {} |\n", n, wall, computed, same);
    shell("psql " + shellWord(server) + " -qc 'DROP DATABASE " + db +
          "' >/dev/null 2>&1");
  }
}

} // namespace

int storeBench(const Cosmo &cosmo, const std::vector<std::string> &subjects,
               const std::string &postgres) {
  std::vector<Subject> list;
  for (const std::string &a : subjects) {
    Subject s;
    if (auto named = namedArguments(a)) {
      s.name = named->first;
      s.inputs = named->second;
    } else {
      s.name = fs::path(a).stem().string();
      s.inputs = {a};
    }
    list.push_back(std::move(s));
  }
  if (list.empty()) {
    for (const fs::path &p : cFilesIn(COSMO_BENCH_COMPOSE_PROGRAMS))
      list.push_back({p.stem().string(), {p.string()}});
    std::string shelf = COSMO_PROJECTS_DIR "/shelf";
    list.push_back({"shelf",
                    {"-I" + shelf + "/include", shelf + "/src/ivec.c",
                     shelf + "/src/parse.c", shelf + "/src/numeric.c",
                     shelf + "/src/list.c"}});
  }
  fs::path root = fs::temp_directory_path() / "cosmo-bench-store";
  fs::remove_all(root);

  fmt::print("Each cell: cosmo's wall time (and without clang, which "
             "preprocesses each file for the bitcode cache's key), and the "
             "queries that reached Z3.\n\n");
  fmt::print("| subject | mode | first run | unchanged second run | second / "
             "first (time without clang, Z3) | after a one-function edit | "
             "rebuilt after the edit |\n|---|---|---:|---:|---:|---:|---|\n");
  std::vector<std::string> failures;
  // main under the default --calls, under replay (memoization trees), and
  // under replay with no solver layer (seed 002's table I, where building
  // the trees is the work), then --all.
  const std::vector<std::pair<std::string, std::vector<std::string>>> modes = {
      {"main", {}},
      {"main --calls=replay", {"--calls=replay"}},
      {"main --calls=replay --solver-opts=none",
       {"--calls=replay", "--solver-opts=none"}},
      {"--all", {"--all", "-j", "2"}}};
  for (const Subject &s : list) {
    for (const auto &[mode, modeArgs] : modes) {
      bool all = mode == "--all";
      std::string dirName = s.name + "-" + mode;
      for (char &c : dirName)
        if (c == ' ' || c == '=')
          c = '-';
      fs::path work = root / dirName;
      fs::create_directories(work);
      // Copy the subject's files: the edit must not touch the originals.
      std::vector<std::string> args = {
          "--store=" + (work / "store.db").string(),
          "--cache-dir=" + (work / "cache").string()};
      args.insert(args.end(), modeArgs.begin(), modeArgs.end());
      for (const std::string &in : s.inputs)
        if (fs::is_regular_file(in))
          for (const std::string &o : runLineOptions(in))
            args.push_back(o);
      for (const std::string &in : s.inputs) {
        if (in.rfind("-", 0) == 0 || !fs::is_regular_file(in)) {
          args.push_back(in);
          continue;
        }
        fs::path copy = work / "src" / fs::path(in).filename();
        fs::create_directories(copy.parent_path());
        fs::copy_file(in, copy, fs::copy_options::overwrite_existing);
        // The headers beside it, which it may include by "name.h".
        for (const auto &e :
             fs::directory_iterator(fs::absolute(in).parent_path()))
          if (e.path().extension() == ".h")
            fs::copy_file(e.path(), work / "src" / e.path().filename(),
                          fs::copy_options::overwrite_existing);
        args.push_back(copy.string());
      }
      StoreRun first = runOnce(cosmo, work, args, work / "o-first");
      if (!first.ok) {
        if (!all) // a library has no main: its row is --all's
          continue;
        failures.push_back(s.name + ": " + first.failure);
        continue;
      }
      StoreRun second = runOnce(cosmo, work, args, work / "o-second");
      // The leaf to edit comes from --all's bottom-up order; for main's
      // run, from a throwaway --all run's.
      json order = first.report;
      if (!all) {
        std::vector<std::string> a = {"--all", "-j", "2", "--store=none"};
        for (size_t k = 1; k < args.size(); ++k) // not --store nor --calls
          if (args[k] != "--calls=replay" && args[k] != "--solver-opts=none")
            a.push_back(args[k]);
        order = runOnce(cosmo, work, a, work / "o-order").report;
      }
      auto edited = leafToEdit(order, work / "src");
      StoreRun third;
      if (edited)
        third = runOnce(cosmo, work, args, work / "o-edited");
      fmt::print("| {} | {} | {} | {} | {}, {} | {} | {} |\n", s.name, mode,
                 cell(first), cell(second),
                 ratio(second.seconds - second.clang,
                       first.seconds - first.clang),
                 ratio(second.z3, first.z3),
                 edited ? cell(third) + " (" + edited->first + " edited)"
                        : "no function to edit",
                 !edited     ? "-"
                 : !third.ok ? third.failure
                 : all       ? fmt::format("{} of {}: {}", third.rebuilt,
                                           third.rebuilt + third.reused,
                                           fmt::join(third.rebuiltNames, ", "))
                             : mainRebuilt(third));
      if (!second.ok)
        failures.push_back(s.name + " (second run): " + second.failure);
      else if (second.rebuilt > 0)
        failures.push_back(fmt::format(
            "{} ({}): the unchanged second run rebuilt {}{}{}", s.name,
            mode, second.rebuilt,
            second.rebuiltNames.empty() ? "" : ": ",
            fmt::join(second.rebuiltNames, ", ")));
    }
  }
  if (!postgres.empty() && !list.empty())
    shardTable(cosmo, list.back(), root, postgres);
  else
    fmt::print("\n(no --pg and no $COSMO_TEST_POSTGRES: shard workers not "
               "measured)\n");
  printFailures(failures);
  return failures.empty() ? 0 : 1;
}

} // namespace cosmo::bench
