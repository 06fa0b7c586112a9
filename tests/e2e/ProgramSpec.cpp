#include "ProgramSpec.h"

#include "TextUtil.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>

namespace cosmo::e2e {

std::string_view toString(Verdict verdict) {
  switch (verdict) {
  case Verdict::True:
    return "true";
  case Verdict::False:
    return "false";
  case Verdict::Unknown:
    return "unknown";
  }
  return "?";
}

std::optional<Verdict> parseVerdict(std::string_view text) {
  for (Verdict verdict : {Verdict::True, Verdict::False, Verdict::Unknown})
    if (text == toString(verdict))
      return verdict;
  return std::nullopt;
}

int expectedExitCode(Verdict verdict) {
  switch (verdict) {
  case Verdict::True:
    return 0;
  case Verdict::False:
    return 1;
  case Verdict::Unknown:
    return 3;
  }
  return -1;
}

const std::set<std::string, std::less<>> &knownErrorKinds() {
  static const std::set<std::string, std::less<>> kinds = {
      "assert",         "div-by-zero", "null-deref",   "out-of-bounds",
      "use-after-free", "double-free", "invalid-free", "overflow",
      "shift",          "float-cast",  "memory-leak",  "memcleanup"};
  return kinds;
}

const std::set<std::string, std::less<>> &knownTestModes() {
  static const std::set<std::string, std::less<>> modes = {
      "e2e", "e2e-none", "e2e-replay", "e2e-summary", "e2e-auto", "e2e-merge"};
  return modes;
}

bool StatExpectation::holdsFor(double actual) const {
  if (op == ">=")
    return actual >= value;
  if (op == "<=")
    return actual <= value;
  if (op == "==")
    return actual == value;
  if (op == ">")
    return actual > value;
  return op == "<" && actual < value;
}

std::string StatExpectation::describe() const {
  return fmt::format("{} {} {} (line {})", key, op, value, line);
}

namespace {

constexpr std::string_view directiveKeys[] = {"RUN", "VERDICT", "ERROR", "LATENT",
                                              "NO-REPLAY", "STATS"};

// `// KEY: value` with KEY all capitals (and '-', '_'): a directive or a
// misspelt one. Free-text comments ("// Note: ...") are not.
struct DirectiveLine {
  std::string_view key;
  std::string_view value;
};

std::optional<DirectiveLine> matchDirective(std::string_view line) {
  line = trimWhitespace(line);
  if (!line.starts_with("//"))
    return std::nullopt;
  line = trimWhitespace(line.substr(2));
  std::size_t colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0)
    return std::nullopt;
  std::string_view key = line.substr(0, colon);
  bool allCapitals = std::all_of(key.begin(), key.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
  if (!allCapitals || !std::isupper(static_cast<unsigned char>(key.front())))
    return std::nullopt;
  return DirectiveLine{key, trimWhitespace(line.substr(colon + 1))};
}

bool isKnownKey(std::string_view key) {
  return std::find(std::begin(directiveKeys), std::end(directiveKeys), key) !=
         std::end(directiveKeys);
}

// Tracks whether a line still belongs to the header comment at the top.
class HeaderScanner {
public:
  bool inHeader(std::string_view line) {
    if (!inHeader_)
      return false;
    std::string_view text = trimWhitespace(line);
    if (inBlockComment_) {
      inBlockComment_ = text.find("*/") == std::string_view::npos;
      return true;
    }
    if (text.empty() || text.starts_with("//"))
      return true;
    if (text.starts_with("/*")) {
      inBlockComment_ = text.find("*/", 2) == std::string_view::npos;
      return true;
    }
    inHeader_ = false;
    return false;
  }

private:
  bool inHeader_ = true;
  bool inBlockComment_ = false;
};

std::optional<int> parsePositiveInt(std::string_view text) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value <= 0)
    return std::nullopt;
  return value;
}

bool mentionsOutDir(const std::vector<std::string> &args) {
  return std::any_of(args.begin(), args.end(), [](const std::string &arg) {
    return arg == "--out" || arg.starts_with("--out=");
  });
}

class SpecBuilder {
public:
  explicit SpecBuilder(int lineCount) : lineCount_(lineCount) {}

  void add(int lineNumber, const DirectiveLine &directive) {
    if (directive.key == "RUN")
      addRun(lineNumber, directive.value);
    else if (directive.key == "VERDICT")
      addVerdict(lineNumber, directive.value);
    else if (directive.key == "ERROR")
      addError(lineNumber, directive.key, directive.value, spec_.errors);
    else if (directive.key == "LATENT")
      addError(lineNumber, directive.key, directive.value, spec_.latent);
    else if (directive.key == "NO-REPLAY")
      addNoReplay(lineNumber, directive.value);
    else if (directive.key == "STATS")
      addStats(lineNumber, directive.value);
  }

  void problem(int lineNumber, std::string message) {
    problems_.push_back(fmt::format("line {}: {}", lineNumber, message));
  }

  ProgramSpecParse finish() {
    checkWholeSpec();
    if (!problems_.empty())
      return {std::nullopt, std::move(problems_)};
    return {std::move(spec_), {}};
  }

private:
  void addRun(int lineNumber, std::string_view value) {
    if (seenRun_)
      return problem(lineNumber, "a second `// RUN:` line; put all options on one");
    seenRun_ = true;
    spec_.runArgs = splitWords(value);
    if (mentionsOutDir(spec_.runArgs))
      problem(lineNumber, "RUN must not set --out: the runner chooses the output directory");
  }

  void addVerdict(int lineNumber, std::string_view value) {
    if (seenVerdict_)
      return problem(lineNumber, "a second `// VERDICT:` line");
    seenVerdict_ = true;
    std::optional<Verdict> verdict = parseVerdict(value);
    if (!verdict)
      return problem(lineNumber, fmt::format("VERDICT must be true, false or unknown, not '{}'", value));
    spec_.verdict = *verdict;
  }

  // ERROR and LATENT: `<kind> <line>` into `into`.
  void addError(int lineNumber, std::string_view key, std::string_view value,
                std::set<ErrorSite> &into) {
    std::vector<std::string> words = splitWords(value);
    if (words.size() != 2)
      return problem(lineNumber, fmt::format("{} needs `<kind> <line>`, got '{}'", key, value));
    if (!knownErrorKinds().contains(words[0]))
      problem(lineNumber, fmt::format("unknown error kind '{}' (known: {})", words[0],
                                      fmt::join(knownErrorKinds(), ", ")));
    std::optional<int> errorLine = parsePositiveInt(words[1]);
    if (!errorLine)
      return problem(lineNumber, fmt::format("{} line must be a positive number, not '{}'", key, words[1]));
    if (*errorLine > lineCount_)
      return problem(lineNumber, fmt::format("{} line {} is past the end of the file ({} lines)",
                                             key, *errorLine, lineCount_));
    ErrorSite site{words[0], *errorLine};
    if (!into.insert(site).second)
      problem(lineNumber, fmt::format("{} {} {} is listed twice", key, site.kind, site.line));
  }

  void addNoReplay(int lineNumber, std::string_view value) {
    if (spec_.noReplayReason)
      return problem(lineNumber, "a second `// NO-REPLAY:` line");
    if (value.empty())
      return problem(lineNumber, "NO-REPLAY needs a reason");
    spec_.noReplayReason = std::string(value);
  }

  void addStats(int lineNumber, std::string_view value) {
    StatExpectation e;
    e.line = lineNumber;
    std::string_view rest = value;
    std::size_t space = rest.find_first_of(" \t");
    if (space != std::string_view::npos &&
        knownTestModes().contains(rest.substr(0, space))) {
      e.mode = std::string(rest.substr(0, space));
      rest = trimWhitespace(rest.substr(space));
    } else if (rest.starts_with("e2e")) {
      return problem(lineNumber, fmt::format("STATS names an unknown test family in '{}' (known: {})",
                                             value, fmt::join(knownTestModes(), ", ")));
    }
    std::size_t opAt = rest.find_first_of("<>=");
    if (opAt == std::string_view::npos || opAt == 0)
      return problem(lineNumber, fmt::format("STATS needs `[MODE] KEY OP N`, got '{}'", value));
    e.key = std::string(trimWhitespace(rest.substr(0, opAt)));
    std::string_view afterKey = rest.substr(opAt);
    for (std::string_view op : {">=", "<=", "==", ">", "<"})
      if (afterKey.starts_with(op)) {
        e.op = std::string(op);
        break;
      }
    bool keyOk = !e.key.empty() &&
                 std::all_of(e.key.begin(), e.key.end(), [](char c) {
                   return std::islower(static_cast<unsigned char>(c)) ||
                          std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '.';
                 });
    std::string_view number = trimWhitespace(afterKey.substr(e.op.size()));
    auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), e.value);
    if (!keyOk || e.op.empty() || number.empty() || error != std::errc() ||
        end != number.data() + number.size())
      return problem(lineNumber, fmt::format("STATS needs `[MODE] KEY OP N` (OP one of >=, <=, ==, >, <), got '{}'",
                                             value));
    spec_.stats.push_back(std::move(e));
  }

  void checkWholeSpec() {
    if (!seenVerdict_) {
      problems_.push_back("missing `// VERDICT: true|false|unknown` in the header");
      return;
    }
    if (spec_.verdict == Verdict::False && spec_.errors.empty())
      problems_.push_back("VERDICT false needs at least one `// ERROR: <kind> <line>`");
    if (spec_.verdict != Verdict::False && !spec_.errors.empty())
      problems_.push_back(fmt::format("VERDICT {} must not have ERROR lines", toString(spec_.verdict)));
  }

  int lineCount_;
  ProgramSpec spec_;
  bool seenRun_ = false;
  bool seenVerdict_ = false;
  std::vector<std::string> problems_;
};

} // namespace

ProgramSpecParse parseProgramSpec(std::string_view source) {
  std::vector<std::string_view> lines = splitLines(source);
  SpecBuilder builder(static_cast<int>(lines.size()));
  HeaderScanner header;
  for (std::size_t index = 0; index < lines.size(); ++index) {
    int lineNumber = static_cast<int>(index) + 1;
    bool inHeader = header.inHeader(lines[index]);
    std::optional<DirectiveLine> directive = matchDirective(lines[index]);
    if (!directive)
      continue;
    bool known = isKnownKey(directive->key);
    if (!inHeader) {
      if (known)
        builder.problem(lineNumber, fmt::format("`// {}:` must be in the header comment at the top of the file",
                                                directive->key));
      continue;
    }
    if (!known) {
      builder.problem(lineNumber, fmt::format("unknown directive `// {}:` (known: RUN, VERDICT, ERROR, LATENT, NO-REPLAY, STATS)",
                                              directive->key));
      continue;
    }
    builder.add(lineNumber, *directive);
  }
  return builder.finish();
}

std::vector<std::string> optionValues(const std::vector<std::string> &runArgs,
                                      std::string_view option) {
  std::vector<std::string> values;
  std::string prefix = std::string(option) + "=";
  for (std::size_t i = 0; i < runArgs.size(); ++i) {
    if (runArgs[i].starts_with(prefix))
      values.push_back(runArgs[i].substr(prefix.size()));
    else if (runArgs[i] == option && i + 1 < runArgs.size())
      values.push_back(runArgs[i + 1]);
  }
  return values;
}

} // namespace cosmo::e2e
