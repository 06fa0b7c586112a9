//===- Oracle.cpp - ground truth by running every input tuple natively ----===//
#include "Oracle.h"

#include "Process.h"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace cosmo::differential {

namespace {

/// Seconds the oracle may run: a few thousand tuples of small loops take
/// milliseconds; a mutant whose recursion no longer ends crashes at once.
constexpr double kOracleSeconds = 20;

Outcome parseOutcome(std::istringstream &in) {
  Outcome o;
  in >> o.kind;
  std::string lines;
  if (in >> lines) {
    std::stringstream list(lines);
    std::string item;
    while (std::getline(list, item, ','))
      o.lines.push_back(std::stoi(item));
  }
  return o;
}

} // namespace

std::string Outcome::str() const {
  std::string s = kind;
  for (size_t i = 0; i < lines.size(); ++i)
    s += (i ? "," : " ") + std::to_string(lines[i]);
  return s;
}

bool OracleTable::mainError() const {
  for (const auto &[t, o] : main)
    if (o.isError())
      return true;
  return false;
}

bool OracleTable::contractError() const {
  for (const auto &[f, table] : contracts)
    for (const auto &[t, o] : table)
      if (o.isError())
        return true;
  return false;
}

bool OracleTable::anyError() const { return mainError() || contractError(); }

std::vector<std::string> OracleTable::failingTuples(size_t max) const {
  std::vector<std::string> out;
  auto add = [&](const std::string &label, const std::map<Tuple, Outcome> &t) {
    for (const auto &[tuple, o] : t) {
      if (!o.isError() || out.size() >= max)
        continue;
      std::string s = label;
      for (long v : tuple)
        s += " " + std::to_string(v);
      out.push_back(s + " : " + o.str());
    }
  };
  add("main", main);
  for (const auto &[f, table] : contracts)
    add("contract " + f, table);
  return out;
}

std::optional<std::string> Oracle::build(const std::string &clang,
                                         const std::string &text,
                                         const fs::path &dir) {
  std::ofstream(dir / "oracle.c") << text;
  ProcessResult r = runProcess({clang, "-O0", "-fwrapv", "-w", "-o",
                                (dir / "oracle").string(),
                                (dir / "oracle.c").string()},
                               120, true);
  if (r.exitCode == 0)
    return std::nullopt;
  return r.output.empty() ? std::string("clang did not run") : r.output;
}

std::optional<std::vector<ProbeResult>> Oracle::probe(const fs::path &dir,
                                                      int probes) {
  ProcessResult r = runProcess({(dir / "oracle").string(), "probe"},
                               kOracleSeconds);
  if (r.exitCode != 0)
    return std::nullopt;
  std::vector<ProbeResult> out(static_cast<size_t>(probes));
  std::istringstream in(r.output);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string word;
    int id = 0, reached = 0;
    long lo = 0, hi = 0;
    if (fields >> word >> id >> reached >> lo >> hi && word == "probe" &&
        id >= 0 && id < probes)
      out[static_cast<size_t>(id)] = ProbeResult{reached != 0, lo, hi};
  }
  return out;
}

std::optional<Outcome> Oracle::runVector(
    const fs::path &dir, const std::string &function, const Tuple &args,
    const std::vector<std::pair<std::string, std::string>> &globals) {
  std::vector<std::string> argv = {(dir / "oracle").string(), "vector", function};
  for (long a : args)
    argv.push_back(std::to_string(a));
  argv.push_back("--");
  for (const auto &[name, hex] : globals) {
    argv.push_back(name);
    argv.push_back(hex);
  }
  ProcessResult r = runProcess(argv, kOracleSeconds);
  std::istringstream in(r.output);
  std::string label, colon;
  if (r.exitCode != 0 || !(in >> label >> colon) || colon != ":")
    return std::nullopt;
  return parseOutcome(in);
}

std::optional<OracleTable> Oracle::run(const fs::path &dir,
                                       const std::vector<std::string> &args) {
  std::vector<std::string> argv = {(dir / "oracle").string()};
  argv.insert(argv.end(), args.begin(), args.end());
  ProcessResult r = runProcess(argv, kOracleSeconds);
  if (r.exitCode != 0)
    return std::nullopt;
  std::ofstream(dir / "oracle.table") << r.output;
  OracleTable table;
  std::istringstream in(r.output);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string label, function, word;
    fields >> label;
    if (label == "contract")
      fields >> function;
    Tuple tuple;
    while (fields >> word && word != ":")
      tuple.push_back(std::stol(word));
    Outcome o = parseOutcome(fields);
    if (label == "main")
      table.main[tuple] = o;
    else if (label == "contract")
      table.contracts[function][tuple] = o;
  }
  return table;
}

} // namespace cosmo::differential
