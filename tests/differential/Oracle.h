//===- Oracle.h - ground truth by running every input tuple natively ------===//
//
// The oracle text (CPrinter.h) is compiled once per program with
// `clang-14 -O0 -fwrapv` (no sanitizers: every check is explicit) and run
// twice: `probe` reports the range of values each assertion sees, then a
// run with the assertions' comparisons and bounds prints one line per
// tuple of main's box and of each contract's widened `requires` box:
//
//   main 3 -1 : ok
//   main 4 -1 : assert 31
//   contract quot4 2 0 : skip            (the tuple breaks `requires`)
//   contract quot4 2 1 : postcondition 12,13
//
// Several lines are listed when several clauses fail at one check (the
// `ensures` of one return, the invariants of one arrival).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_ORACLE_H
#define COSMO_DIFFERENTIAL_ORACLE_H

#include "ProgramGenerator.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cosmo::differential {

namespace fs = std::filesystem;

/// What one tuple did natively.
struct Outcome {
  std::string kind; // "ok", "skip" (outside `requires`), "assume" (outside
                    // the box: none are enumerated), or an error kind
  std::vector<int> lines;
  bool isError() const {
    return kind != "ok" && kind != "skip" && kind != "assume";
  }
  std::string str() const;
};

using Tuple = std::vector<long>;

struct OracleTable {
  std::map<Tuple, Outcome> main;
  std::map<std::string, std::map<Tuple, Outcome>> contracts;

  bool anyError() const;
  bool mainError() const;
  bool contractError() const;
  /// The first few tuples that fail, as "main 3 4 : assert 31".
  std::vector<std::string> failingTuples(size_t max) const;
};

class Oracle {
public:
  /// Writes `text` to dir/oracle.c and builds dir/oracle. Returns the
  /// compiler's output when it fails.
  static std::optional<std::string> build(const std::string &clang,
                                          const std::string &text,
                                          const fs::path &dir);
  /// The probe run: per assertion what its left side took, or nothing
  /// when the run failed (a crash, a time-out).
  static std::optional<std::vector<ProbeResult>> probe(const fs::path &dir,
                                                       int probes);
  /// One contract test vector of `function` whose globals are inputs
  /// (name and little-endian hex bytes), run natively; nothing when the
  /// run failed.
  static std::optional<Outcome>
  runVector(const fs::path &dir, const std::string &function,
            const Tuple &args,
            const std::vector<std::pair<std::string, std::string>> &globals);
  /// The checking run, or nothing when it failed.
  static std::optional<OracleTable> run(const fs::path &dir,
                                        const std::vector<std::string> &args);
};

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_ORACLE_H
