//===- Campaign.cpp - cosmo's modes against the oracle, program by program ===//
//
// One seed at a time per job: generate, build the oracle, probe, choose
// the assertions' bounds, tabulate; run cosmo in every mode; judge; the
// same for the mutant, whose assertions keep the original's bounds. Each
// program's work directory is deleted unless it disagreed.
//
//===----------------------------------------------------------------------===//
#include "Campaign.h"

#include "CPrinter.h"
#include "Process.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <set>
#include <thread>

namespace cosmo::differential {

using nlohmann::json;

const std::vector<Mode> &allModes() {
  static const std::vector<Mode> modes = {
      {"default", {}},
      {"loops=unroll", {"--loops=unroll"}},
      {"loops=summarize", {"--loops=summarize"}},
      {"calls=replay", {"--calls=replay"}},
      {"calls=summary", {"--calls=summary"}},
      {"calls=smart", {"--calls=smart"}},
      {"contracts=use", {"--contracts=use"}},
  };
  return modes;
}

namespace {

/// An error cosmo reported and the inputs of its test vector.
struct ReportedError {
  std::string kind;
  int line = 0;
  std::string entry; // "main" or "__cosmo_contract_verify_<f>"
  Tuple inputs;
  /// Globals a contract's isolated run took as inputs: name, hex bytes.
  std::vector<std::pair<std::string, std::string>> globals;
  std::string problem; // why the vector could not be read, if it could not
};

struct CosmoRun {
  ModeRun run;
  std::vector<ReportedError> errors;
  std::string failure; // set when there is no report
};

std::optional<json> readJson(const fs::path &file) {
  std::ifstream in(file);
  if (!in)
    return std::nullopt;
  json j = json::parse(in, nullptr, false);
  if (j.is_discarded())
    return std::nullopt;
  return j;
}

ReportedError readError(const json &e, const fs::path &out) {
  ReportedError r;
  r.kind = e.value("kind", "");
  r.line = e.value("line", 0);
  std::optional<json> vector = readJson(out / e.value("test", ""));
  if (!vector) {
    r.problem = "no readable test vector";
    return r;
  }
  r.entry = vector->value("entry", "");
  for (const json &in : vector->value("inputs", json::array())) {
    std::string source = in.value("source", "");
    if (source == "global")
      r.globals.emplace_back(in.value("name", ""), in.value("hex", ""));
    if (source != "nondet" && source != "argument")
      continue;
    try {
      r.inputs.push_back(std::stol(in.value("value", "")));
    } catch (const std::exception &) {
      r.problem = "an input without a number: " + in.dump();
    }
  }
  return r;
}

/// What a crashed run printed, cut to its first and last lines: the stack
/// trace cosmo prints on a crash (innermost frame first) starts near the
/// end, after whatever the run printed before.
std::string crashOutput(const std::string &output) {
  constexpr size_t kHead = 2000, kTail = 14000;
  if (output.size() <= kHead + kTail)
    return output;
  return output.substr(0, kHead) + "\n[...]\n" +
         output.substr(output.size() - kTail);
}

CosmoRun runCosmo(const CampaignOptions &o, const Mode &mode,
                  const fs::path &program, const fs::path &out,
                  const fs::path &cache) {
  std::vector<std::string> argv = {o.cosmo, "check", "-q",
                                   "--out=" + out.string(),
                                   fmt::format("--timeout={}", o.timeout),
                                   "--cache-dir=" + cache.string()};
  argv.insert(argv.end(), o.commonArgs.begin(), o.commonArgs.end());
  argv.insert(argv.end(), mode.args.begin(), mode.args.end());
  argv.push_back(program.string());
  ProcessResult p = runProcess(argv, o.timeout + 60, true);
  // The binary may be missing for a moment while it is relinked: wait.
  for (int wait = 0; p.exitCode == 127 && !fs::exists(o.cosmo) && wait < 18; ++wait) {
    std::this_thread::sleep_for(std::chrono::seconds(10));
    p = runProcess(argv, o.timeout + 60, true);
  }
  CosmoRun r;
  r.run.mode = mode.name;
  r.run.seconds = p.seconds;
  std::optional<json> report = readJson(out / "report.json");
  if (!report || p.exitCode == 2 || p.signal) {
    r.run.verdict = "failed";
    r.failure = p.timedOut ? "killed after the time limit"
                : p.signal ? fmt::format("killed by signal {}: {}", p.signal,
                                         crashOutput(p.output))
                           : fmt::format("exit code {}: {}", p.exitCode,
                                         p.output.substr(0, 2000));
    return r;
  }
  r.run.verdict = report->value("verdict", "");
  r.run.reason = report->value("reason", "");
  for (const json &e : report->value("errors", json::array()))
    r.errors.push_back(readError(e, out));
  return r;
}

bool isUse(const Mode &m) {
  for (const std::string &a : m.args)
    if (a == "--contracts=use")
      return true;
  return false;
}

/// Every contract holds per the oracle's table: no error in an isolated
/// run (globals at their initial values), and none inside a contracted
/// function (its clauses included) in main's. (A violation that needs
/// other values of the globals, which cosmo's isolated runs take as
/// inputs, is learnt from the vectors: Judge::holds.)
bool contractsHold(const OracleTable &t, const Program &p, const LineMap &lines) {
  if (t.contractError())
    return false;
  for (const auto &[tuple, o] : t.main) {
    if (!o.isError())
      continue;
    for (const Function &f : p.functions)
      if (f.contract)
        for (int line : o.lines)
          if (lines.function.at(f.name).contains(line))
            return false;
  }
  return true;
}

std::string tupleText(const Tuple &t) {
  std::string s;
  for (long v : t)
    s += (s.empty() ? "" : " ") + std::to_string(v);
  return s;
}

class Judge {
public:
  Judge(const OracleTable &t, const Program &p, const LineMap &lines,
        const fs::path &dir, ProgramResult &res)
      : table(t), dir(dir), res(res), holds(contractsHold(t, p, lines)) {}

  void judge(const Mode &mode, CosmoRun &r) {
    ModeRun &run = r.run;
    auto report = [&](const std::string &kind, const std::string &detail) {
      res.disagreements.push_back({kind, mode.name, detail});
    };
    if (run.verdict == "failed") {
      report("cosmo-failed", r.failure);
      return;
    }
    bool use = isUse(mode);
    if (use && !holds) {
      run.judged = false; // trusted contracts the oracle refutes
      return;
    }
    bool buggy = use ? table.mainError() : table.anyError();
    if (run.verdict == "true" && buggy)
      report("wrong-true", "the oracle reaches an error: " + firstFailure(use));
    if (run.verdict != "false")
      return;
    bool confirmed = false; // an error the oracle reproduces
    // The contract clauses this run reports broken: a vector of main that
    // natively stops at one of them first (the oracle checks every clause
    // at every call) is explained by it. cosmo's run of main goes past a
    // broken clause (a contract without assigns runs the body; one with
    // assigns is assumed), and the program is false either way.
    std::set<std::pair<std::string, int>> brokenClauses;
    for (const ReportedError &e : r.errors)
      if (e.kind == "postcondition" || e.kind == "assigns")
        brokenClauses.insert({e.kind, e.line});
    auto pastBrokenClause = [&](const ReportedError &e, const Outcome &o) {
      if (e.entry != "main")
        return false;
      for (int line : o.lines)
        if (brokenClauses.count({o.kind, line}))
          return true;
      return false;
    };
    for (const ReportedError &e : r.errors) {
      std::string where = fmt::format("{} at line {}", e.kind, e.line);
      reported.insert(where);
      if (!e.problem.empty()) {
        report("wrong-false", where + ": " + e.problem);
        continue;
      }
      std::optional<Outcome> o = nativeOutcome(e);
      if (!o) {
        ++run.vectorsUnchecked; // outside the box the oracle enumerated
        continue;
      }
      ++run.vectorsChecked;
      bool same = o->kind == e.kind &&
                  std::find(o->lines.begin(), o->lines.end(), e.line) != o->lines.end();
      confirmed = confirmed || same;
      if (same && e.entry != "main")
        holds = false; // a contract violated natively, with its globals
      if (!same && pastBrokenClause(e, *o)) {
        ++run.vectorsPastBrokenClause;
        continue;
      }
      if (!same)
        report("wrong-false",
               fmt::format("{}: its vector ({} {}{}) natively: {}", where, e.entry,
                           tupleText(e.inputs), e.globals.empty() ? "" : " and globals",
                           o->str()));
    }
    if (!buggy && !confirmed)
      report("wrong-false", "the oracle reaches no error" +
                                std::string(use ? " in main's run" : ""));
  }

  /// Definite verdicts that differ, and what the oracle finds that no
  /// mode reported.
  void finish(const std::vector<CosmoRun> &runs) {
    std::vector<std::string> yes, no;
    for (const CosmoRun &r : runs) {
      if (!r.run.judged)
        continue;
      if (r.run.verdict == "true")
        yes.push_back(r.run.mode);
      if (r.run.verdict == "false")
        no.push_back(r.run.mode);
    }
    if (!yes.empty() && !no.empty()) {
      std::string t, f;
      for (const std::string &m : yes)
        t += " " + m;
      for (const std::string &m : no)
        f += " " + m;
      res.disagreements.push_back(
          {"disagreement", "", "true:" + t + "; false:" + f});
    }
    std::set<std::string> found;
    auto collect = [&](const std::map<Tuple, Outcome> &rows) {
      for (const auto &[tuple, o] : rows)
        if (o.isError())
          for (int line : o.lines)
            found.insert(fmt::format("{} at line {}", o.kind, line));
    };
    collect(table.main);
    for (const auto &[f, rows] : table.contracts)
      collect(rows);
    for (const std::string &w : found)
      if (!reported.count(w))
        res.missed.push_back(w);
  }

private:
  const OracleTable &table;
  fs::path dir;
  ProgramResult &res;
  bool holds;
  std::set<std::string> reported;

  /// What the error's vector does natively: main's tuple or a contract's
  /// arguments in the oracle's table, or, when a contract's run took
  /// globals as inputs, the oracle run on the vector. Nothing when the
  /// vector is outside what the oracle enumerates.
  std::optional<Outcome> nativeOutcome(const ReportedError &e) const {
    const std::string prefix = "__cosmo_contract_verify_";
    if (!e.globals.empty() && e.entry.rfind(prefix, 0) == 0)
      return Oracle::runVector(dir, e.entry.substr(prefix.size()), e.inputs,
                               e.globals);
    const std::map<Tuple, Outcome> *rows = rowsOf(e.entry);
    if (!rows)
      return std::nullopt;
    auto row = rows->find(e.inputs);
    if (row == rows->end())
      return std::nullopt;
    return row->second;
  }

  const std::map<Tuple, Outcome> *rowsOf(const std::string &entry) const {
    if (entry == "main")
      return &table.main;
    const std::string prefix = "__cosmo_contract_verify_";
    if (entry.rfind(prefix, 0) != 0)
      return nullptr;
    auto it = table.contracts.find(entry.substr(prefix.size()));
    return it == table.contracts.end() ? nullptr : &it->second;
  }

  std::string firstFailure(bool mainOnly) const {
    std::vector<std::string> f = table.failingTuples(64);
    for (const std::string &s : f)
      if (!mainOnly || s.rfind("main", 0) == 0)
        return s;
    return "?";
  }
};

class SeedRunner {
public:
  SeedRunner(const CampaignOptions &o) : options(o) {}

  void run(uint64_t seed, ProgramResult &original, ProgramResult &mutant) {
    fs::path dir = options.workDir / fmt::format("seed-{}", seed);
    original.seed = mutant.seed = seed;
    mutant.mutant = true;
    Program p = generateProgram(seed);
    fs::path origDir = dir / "original";
    fs::create_directories(origDir);
    PrintedProgram printed = printProgram(p);
    if (auto err = Oracle::build(options.clang, printed.oracleText, origDir)) {
      original.discarded = mutant.discarded = "the oracle does not build: " + *err;
      keep(original, origDir);
      return;
    }
    std::optional<std::vector<ProbeResult>> probes = Oracle::probe(origDir, p.probes);
    if (!probes) {
      original.discarded = mutant.discarded = "the oracle's probe failed";
      keep(original, origDir);
      return;
    }
    chooseAssertionBounds(p, *probes);
    check(p, origDir, original, false);
    std::optional<Program> m = options.mutants ? mutate(p) : std::nullopt;
    if (!m) {
      mutant.discarded = "no mutation";
    } else {
      mutant.mutation = m->mutation;
      fs::path mutDir = dir / "mutant";
      fs::create_directories(mutDir);
      check(*m, mutDir, mutant, true);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
  }

private:
  const CampaignOptions &options;

  void keep(ProgramResult &res, const fs::path &dir) {
    fs::path to = options.keepDir / fmt::format("seed-{}-{}", res.seed,
                                                res.mutant ? "mutant" : "original");
    std::error_code ec;
    fs::remove_all(to, ec);
    fs::create_directories(to.parent_path(), ec);
    fs::rename(dir, to, ec);
    if (ec) {
      fs::copy(dir, to, fs::copy_options::recursive, ec);
    }
    res.keptDir = to;
    std::ofstream(to / "disagreement.txt") << describe(res);
  }

  /// All modes; one, in turn; or the first and a rotating choice of the
  /// others (CampaignOptions::modesPerProgram).
  std::vector<Mode> modesOf(const ProgramResult &res) const {
    const std::vector<Mode> &all = options.modes;
    if (!options.modesPerProgram || options.modesPerProgram >= all.size())
      return all;
    size_t index = static_cast<size_t>(2 * res.seed + res.mutant);
    if (options.modesPerProgram == 1)
      return {all[index % all.size()]};
    std::vector<Mode> chosen = {all.front()};
    size_t others = all.size() - 1;
    size_t start = index * (options.modesPerProgram - 1);
    for (size_t j = 0; j + 1 < options.modesPerProgram; ++j)
      chosen.push_back(all[1 + (start + j) % others]);
    return chosen;
  }

  void check(const Program &p, const fs::path &dir, ProgramResult &res,
             bool build) {
    PrintedProgram printed = printProgram(p);
    res.cosmoText = printed.cosmoText;
    fs::path program = dir / "prog.c";
    std::ofstream(program) << printed.cosmoText;
    if (build) {
      if (auto err = Oracle::build(options.clang, printed.oracleText, dir)) {
        res.discarded = "the oracle does not build: " + *err;
        keep(res, dir);
        return;
      }
    }
    std::optional<OracleTable> table = Oracle::run(dir, oracleAssertionArgs(p));
    if (!table) {
      res.discarded = "the oracle's run failed (a crash or a time-out)";
      return;
    }
    res.buggy = table->anyError();
    res.oracleErrors = table->failingTuples(6);
    Judge judge(*table, p, printed.lines, dir, res);
    std::vector<Mode> modes = modesOf(res);
    std::vector<CosmoRun> runs;
    for (const Mode &mode : modes) {
      std::string name = mode.name;
      std::replace(name.begin(), name.end(), '=', '-');
      runs.push_back(runCosmo(options, mode, program, dir / ("out-" + name),
                              options.workDir / "cache"));
    }
    // --contracts=use last: whether its trusted contracts hold depends on
    // the contract violations the other modes' vectors showed natively.
    for (bool use : {false, true})
      for (size_t i = 0; i < runs.size(); ++i)
        if (isUse(modes[i]) == use)
          judge.judge(modes[i], runs[i]);
    judge.finish(runs);
    for (CosmoRun &r : runs)
      res.runs.push_back(r.run);
    if (!res.disagreements.empty() || options.keepAll)
      keep(res, dir);
  }
};

} // namespace

std::vector<ProgramResult> runCampaign(const CampaignOptions &options,
                                       uint64_t first, unsigned count) {
  std::vector<ProgramResult> results(2 * static_cast<size_t>(count));
  fs::create_directories(options.workDir / "cache");
  std::atomic<unsigned> next{0};
  auto worker = [&] {
    SeedRunner runner(options);
    for (unsigned i = next++; i < count; i = next++)
      runner.run(first + i, results[2 * i], results[2 * i + 1]);
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < std::max(1u, options.jobs); ++j)
    threads.emplace_back(worker);
  for (std::thread &t : threads)
    t.join();
  if (!options.mutants) {
    std::vector<ProgramResult> originals;
    for (size_t i = 0; i < results.size(); i += 2)
      originals.push_back(std::move(results[i]));
    return originals;
  }
  return results;
}

std::string describe(const ProgramResult &r) {
  std::string s = fmt::format("seed {} ({}){}\n", r.seed,
                              r.mutant ? "mutant" : "original",
                              r.mutation.empty() ? "" : ": " + r.mutation);
  if (!r.discarded.empty())
    s += "discarded: " + r.discarded + "\n";
  for (const Disagreement &d : r.disagreements)
    s += fmt::format("  {}{}: {}\n", d.kind, d.mode.empty() ? "" : " [" + d.mode + "]",
                     d.detail);
  s += "verdicts:";
  for (const ModeRun &m : r.runs)
    s += fmt::format(" {}={}{}", m.mode, m.verdict, m.judged ? "" : "(unjudged)");
  s += "\noracle: " + std::string(r.buggy ? "an error is reachable" : "no error");
  for (const std::string &e : r.oracleErrors)
    s += "\n  " + e;
  if (!r.missed.empty()) {
    s += "\nmissed by every mode:";
    for (const std::string &m : r.missed)
      s += " [" + m + "]";
  }
  if (!r.keptDir.empty())
    s += "\nkept in " + r.keptDir.string();
  s += "\n--- program ---\n" + r.cosmoText;
  return s;
}

} // namespace cosmo::differential
