//===- NativeOutcome.cpp - classify a native run by its stderr ------------===//

#include "cosmo/report/NativeOutcome.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>

#include <fmt/format.h>

#include <cctype>
#include <csignal>
#include <cstdint>
#include <regex>
#include <vector>

namespace cosmo::report {

namespace {

using Category = NativeOutcome::Category;

NativeOutcome errorOutcome(std::string kind, int line,
                           std::string_view evidence) {
  return {Category::Error, ErrorSite{std::move(kind), line},
          std::string(evidence)};
}

NativeOutcome unrecognised(std::string why) {
  return {Category::Unrecognised, {}, std::move(why)};
}

bool isPathBoundary(char c) {
  return c == '/' || c == ' ' || c == '\t' || c == '\'' || c == '`' || c == '(';
}

// The line of the first `<...>/programFileName:<line>` in `text`.
std::optional<int> programLineIn(std::string_view text,
                                 std::string_view programFileName) {
  std::string needle = std::string(programFileName) + ":";
  for (std::size_t at = text.find(needle); at != std::string_view::npos;
       at = text.find(needle, at + 1)) {
    if (at > 0 && !isPathBoundary(text[at - 1]))
      continue;
    std::size_t digits = at + needle.size();
    int line = 0;
    std::size_t end = digits;
    while (end < text.size() &&
           std::isdigit(static_cast<unsigned char>(text[end])))
      line = line * 10 + (text[end++] - '0');
    if (end > digits)
      return line;
  }
  return std::nullopt;
}

// The first program line in lines[from..], 0 if there is none.
int firstProgramLine(const std::vector<std::string_view> &lines,
                     std::size_t from, std::string_view programFileName) {
  for (std::size_t i = from; i < lines.size(); ++i)
    if (std::optional<int> line = programLineIn(lines[i], programFileName))
      return *line;
  return 0;
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

std::optional<NativeOutcome> replayRuntimeReport(std::string_view line) {
  static const std::regex pattern(R"(COSMO-REPLAY-ERROR (\S+) (\S*):(\d+))");
  std::match_results<std::string_view::const_iterator> match;
  if (!std::regex_search(line.begin(), line.end(), match, pattern))
    return std::nullopt;
  return errorOutcome(match[1].str(), std::stoi(match[3].str()), line);
}

std::optional<NativeOutcome>
undefinedBehaviorReport(const std::vector<std::string_view> &lines,
                        std::size_t index, std::string_view programFileName) {
  constexpr std::string_view marker = ": runtime error: ";
  std::string_view line = lines[index];
  std::size_t at = line.find(marker);
  if (at == std::string_view::npos)
    return std::nullopt;
  std::string_view message = line.substr(at + marker.size());
  std::optional<std::string> kind = kindOfUndefinedBehavior(message);
  if (!kind)
    return unrecognised(fmt::format(
        "unrecognised UndefinedBehaviorSanitizer report: {}", line));
  return errorOutcome(*kind, firstProgramLine(lines, index, programFileName),
                      line);
}

std::optional<NativeOutcome>
addressSanitizerReport(const std::vector<std::string_view> &lines,
                       std::size_t index, std::string_view programFileName) {
  constexpr std::string_view marker = "ERROR: AddressSanitizer: ";
  std::string_view line = lines[index];
  std::size_t at = line.find(marker);
  if (at == std::string_view::npos)
    return std::nullopt;
  std::optional<std::string> kind =
      kindOfAddressSanitizerReport(line.substr(at + marker.size()));
  if (!kind)
    return unrecognised(
        fmt::format("unrecognised AddressSanitizer report: {}", line));
  return errorOutcome(
      *kind, firstProgramLine(lines, index + 1, programFileName), line);
}

std::optional<NativeOutcome> failedAssertion(std::string_view line,
                                             std::string_view programFileName) {
  if (!contains(line, ": Assertion `") || !line.ends_with("' failed."))
    return std::nullopt;
  return errorOutcome("assert",
                      programLineIn(line, programFileName).value_or(0), line);
}

std::optional<NativeOutcome> replayRuntimeFailure(std::string_view line) {
  if (!line.starts_with("cosmo-replay: error:"))
    return std::nullopt;
  return unrecognised(fmt::format("the replay runtime failed: {}", line));
}

// The lines of `text`, without their '\n' (and a trailing '\r').
std::vector<std::string_view> splitLines(std::string_view text) {
  llvm::SmallVector<llvm::StringRef, 64> parts;
  llvm::StringRef(text.data(), text.size()).split(parts, '\n');
  if (!parts.empty() && parts.back().empty())
    parts.pop_back();
  std::vector<std::string_view> lines;
  for (llvm::StringRef part : parts) {
    if (part.endswith("\r"))
      part = part.drop_back();
    lines.emplace_back(part.data(), part.size());
  }
  return lines;
}

std::optional<NativeOutcome> firstReport(std::string_view stderrText,
                                         std::string_view programFileName) {
  std::vector<std::string_view> lines = splitLines(stderrText);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (auto outcome = replayRuntimeReport(lines[i]))
      return outcome;
    if (auto outcome = replayRuntimeFailure(lines[i]))
      return outcome;
    if (auto outcome = undefinedBehaviorReport(lines, i, programFileName))
      return outcome;
    if (auto outcome = addressSanitizerReport(lines, i, programFileName))
      return outcome;
    if (auto outcome = failedAssertion(lines[i], programFileName))
      return outcome;
  }
  return std::nullopt;
}

NativeOutcome outcomeWithoutReport(const ProcessResult &run) {
  switch (run.ending) {
  case ProcessResult::Ending::Exited:
    return {Category::Completed, {}, describeEnding(run)};
  case ProcessResult::Ending::Signaled:
    if (run.signal == SIGFPE)
      return errorOutcome("div-by-zero", 0,
                          "killed by SIGFPE without a sanitizer report");
    if (run.signal == SIGABRT) // abort() ends a path; it is no error kind
      return {Category::Completed,
              {},
              "aborted without a sanitizer or assertion report"};
    return unrecognised(describeEnding(run) + " without a sanitizer report");
  case ProcessResult::Ending::TimedOut:
  case ProcessResult::Ending::FailedToStart:
    return unrecognised(describeEnding(run));
  }
  return unrecognised("?");
}

} // namespace

std::optional<std::string> kindOfUndefinedBehavior(std::string_view message) {
  auto startsWith = [&](std::string_view prefix) {
    return message.starts_with(prefix);
  };
  if (startsWith("division by zero"))
    return "div-by-zero";
  if (startsWith("division of ") &&
      contains(message, " by -1 cannot be represented"))
    return "div-by-zero";
  if (startsWith("signed integer overflow"))
    return "overflow";
  if (startsWith("negation of ") && contains(message, "cannot be represented"))
    return "overflow";
  if (startsWith("shift exponent") || startsWith("left shift of"))
    return "shift";
  if (startsWith("load of null pointer") ||
      startsWith("store to null pointer") ||
      startsWith("member access within null pointer"))
    return "null-deref";
  // p[i] / &p->f with p null: the access would be at a small address.
  if (startsWith("applying non-zero offset") &&
      contains(message, "to null pointer"))
    return "null-deref";
  // memset(NULL, ...) and other nonnull library arguments.
  if (startsWith("null pointer passed as argument"))
    return "null-deref";
  if (startsWith("index ") && contains(message, " out of bounds"))
    return "out-of-bounds";
  return std::nullopt;
}

std::optional<std::string>
kindOfAddressSanitizerReport(std::string_view report) {
  static const std::regex segv(R"(^SEGV on unknown address (0x[0-9a-fA-F]+))");
  static const std::regex bufferOverflow(
      R"(^[a-z-]*buffer-(overflow|underflow)\b)");
  std::match_results<std::string_view::const_iterator> match;
  if (std::regex_search(report.begin(), report.end(), match, segv)) {
    std::uint64_t address = std::stoull(match[1].str(), nullptr, 16);
    if (address < 4096)
      return "null-deref";
    return std::nullopt;
  }
  if (report.starts_with("FPE"))
    return "div-by-zero";
  if (std::regex_search(report.begin(), report.end(), bufferOverflow))
    return "out-of-bounds";
  if (report.starts_with("heap-use-after-free"))
    return "use-after-free";
  if (report.starts_with("attempting double-free"))
    return "double-free";
  if (report.starts_with(
          "attempting free on address which was not malloc()-ed"))
    return "invalid-free";
  return std::nullopt;
}

NativeOutcome classifyNativeRun(const ProcessResult &run,
                                std::string_view programFileName) {
  if (run.ending == ProcessResult::Ending::TimedOut ||
      run.ending == ProcessResult::Ending::FailedToStart)
    return outcomeWithoutReport(run);
  if (std::optional<NativeOutcome> report =
          firstReport(run.err, programFileName))
    return *report;
  return outcomeWithoutReport(run);
}

bool matchesExpectation(const NativeOutcome &outcome,
                        const std::optional<ErrorSite> &expected) {
  if (!expected)
    return outcome.category == Category::Completed;
  return outcome.category == Category::Error && outcome.error == *expected;
}

std::string describe(const NativeOutcome &outcome) {
  switch (outcome.category) {
  case Category::Completed:
    return "completed";
  case Category::Error:
    return describe(outcome.error);
  case Category::Unrecognised:
    return "unrecognised: " + outcome.evidence;
  }
  return "?";
}

} // namespace cosmo::report
