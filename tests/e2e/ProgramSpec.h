// ProgramSpec: the expectations a test program states in its header
// (docs/test-programs.md):
//
//   // RUN: --entry=find --check=overflow   options for `cosmo check` (optional)
//   // VERDICT: false                       true | false | unknown (required)
//   // ERROR: div-by-zero 14                one line per expected error
//   // NO-REPLAY: reads uninitialised memory  skip the native check (reason)
//   // STATS: loop_summaries.proved_by_horn >= 1   how the verdict is reached
//
// The header is the run of comment and blank lines at the top of the file
// (`//` lines and `/* ... */` blocks). Directives are `// KEY: value` lines in
// it; an all-caps `// KEY:` that is not one of the five above is a typo and
// a directive below the header is misplaced: both are reported as problems.
// RUN options are split at whitespace (no shell quoting).
#pragma once

#include "cosmo/report/ErrorSite.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::e2e {

using report::ErrorSite;

enum class Verdict { True, False, Unknown };

std::string_view toString(Verdict verdict);
std::optional<Verdict> parseVerdict(std::string_view text);
// The exit code of `cosmo check` for the verdict: 0, 1 or 3.
int expectedExitCode(Verdict verdict);

// The error kinds of docs/test-programs.md.
const std::set<std::string, std::less<>> &knownErrorKinds();

// `// STATS: [MODE] KEY OP N`: a number in report.json's "stats" (KEY a
// dotted path into it, e.g. loop_summaries.proved_by_horn) that the run of
// MODE must satisfy (OP: >=, <=, ==, >, <). MODE is a test family: e2e (the
// default), e2e-none, e2e-replay, e2e-summary, e2e-smart or e2e-merge.
struct StatExpectation {
  std::string mode = "e2e";
  std::string key;
  std::string op;
  double value = 0;
  int line = 0;

  bool holdsFor(double actual) const;
  // "loop_summaries.proved_by_horn >= 1 (line 4)"
  std::string describe() const;
};

// The test families a program runs in (tests/e2e/CMakeLists.txt).
const std::set<std::string, std::less<>> &knownTestModes();

struct ProgramSpec {
  std::vector<std::string> runArgs;
  Verdict verdict = Verdict::Unknown;
  std::set<ErrorSite> errors;
  // `// LATENT: <kind> <line>`: latent errors (report.json's "latent"),
  // which do not count in the verdict.
  std::set<ErrorSite> latent;
  std::optional<std::string> noReplayReason;
  std::vector<StatExpectation> stats;
};

// Either a spec or the problems that make the header malformed, each naming
// its line ("line 3: ...").
struct ProgramSpecParse {
  std::optional<ProgramSpec> spec;
  std::vector<std::string> problems;
};

ProgramSpecParse parseProgramSpec(std::string_view source);

// The values of every `OPTION=V` / `OPTION V` among RUN options (`--check`:
// the checks a program's native replay is built with).
std::vector<std::string> optionValues(const std::vector<std::string> &runArgs,
                                      std::string_view option);

} // namespace cosmo::e2e
