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
  NativeOutcome outcome;
  outcome.category = Category::Error;
  outcome.error = ErrorSite{std::move(kind), line};
  if (line != 0)
    outcome.programLines = {line};
  outcome.evidence = evidence;
  return outcome;
}

NativeOutcome unrecognised(std::string why) {
  NativeOutcome outcome;
  outcome.evidence = std::move(why);
  return outcome;
}

NativeOutcome completed(std::string how) {
  NativeOutcome outcome;
  outcome.category = Category::Completed;
  outcome.evidence = std::move(how);
  return outcome;
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

bool isStackFrame(std::string_view line) {
  std::size_t at = line.find_first_not_of(" \t");
  return at != std::string_view::npos && at + 1 < line.size() &&
         line[at] == '#' &&
         std::isdigit(static_cast<unsigned char>(line[at + 1]));
}

// The program lines of the report starting at lines[from]: the report line
// itself, then the frames of the first stack that follows it, innermost
// first (a heap report's "allocated by" stack is not the error's).
std::vector<int> programLines(const std::vector<std::string_view> &lines,
                              std::size_t from,
                              std::string_view programFileName) {
  std::vector<int> found;
  bool inStack = false;
  for (std::size_t i = from; i < lines.size(); ++i) {
    bool frame = isStackFrame(lines[i]);
    if (inStack && !frame)
      break;
    inStack = frame;
    if (!frame && i != from)
      continue;
    if (std::optional<int> line = programLineIn(lines[i], programFileName))
      found.push_back(*line);
  }
  return found;
}

NativeOutcome errorWithStack(std::string kind, std::vector<int> stack,
                             std::string_view evidence) {
  int line = stack.empty() ? 0 : stack.front();
  NativeOutcome outcome = errorOutcome(std::move(kind), line, evidence);
  outcome.programLines = std::move(stack);
  return outcome;
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
  // UBSan prints the line first and then, with a stack, the frames.
  return errorWithStack(*kind, programLines(lines, index, programFileName),
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
  NativeOutcome outcome = errorWithStack(
      *kind, programLines(lines, index, programFileName), line);
  // A call through a null function pointer faults at pc 0: the callee's
  // frame is the unknown #0 and the caller's frame was never recorded (its
  // return address is what #1 shows), so the first program frame is the
  // caller's caller.
  outcome.callerFrameLost = contains(line, "(pc 0x000000000000 ");
  return outcome;
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
    return completed(describeEnding(run));
  case ProcessResult::Ending::Signaled:
    if (run.signal == SIGFPE)
      return errorOutcome("div-by-zero", 0,
                          "killed by SIGFPE without a sanitizer report");
    if (run.signal == SIGABRT) // abort() ends a path; it is no error kind
      return completed("aborted without a sanitizer or assertion report");
    // No stack: the kind is known, the line is not, so it matches nothing.
    if (run.signal == SIGSEGV || run.signal == SIGBUS)
      return errorOutcome("invalid-access", 0,
                          describeEnding(run) + " without a sanitizer report");
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
  // INT_MIN / -1 under -fsanitize=signed-integer-overflow (--check=
  // overflow): an overflow; without it the division traps (SIGFPE).
  if (startsWith("division of ") &&
      contains(message, " by -1 cannot be represented"))
    return "overflow";
  if (startsWith("signed integer overflow"))
    return "overflow";
  if (startsWith("negation of ") && contains(message, "cannot be represented"))
    return "overflow";
  if (startsWith("shift exponent"))
    return "shift";
  if (startsWith("left shift of")) // the base: an overflow (--check=overflow)
    return "overflow";
  if (contains(message, "is outside the range of representable values of "
                        "type"))
    return "float-cast";
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
  // Kinds cosmo does not report: recognised, so that a mismatch says what
  // the native run did (the native build leaves the checks of the last
  // two off, NativeBuild.h).
  if (startsWith("load of value ") && contains(message, "not a valid value"))
    return "invalid-value";
  if (startsWith("execution reached an unreachable program point"))
    return "unreachable";
  if (startsWith("variable length array bound"))
    return "vla-bound";
  if (contains(message, "is outside the range of representable values"))
    return "float-cast";
  if (contains(message, "misaligned address"))
    return "misaligned";
  if (startsWith("pointer index expression") ||
      startsWith("addition of unsigned offset") ||
      startsWith("subtraction of unsigned offset") ||
      startsWith("applying non-zero offset") ||
      startsWith("applying zero offset"))
    return "pointer-overflow";
  return std::nullopt;
}

std::optional<std::string>
kindOfAddressSanitizerReport(std::string_view report) {
  static const std::regex unknownAddress(
      R"(^(SEGV|BUS) on unknown address( 0x[0-9a-fA-F]+)?)");
  static const std::regex bufferOverflow(
      R"(^[a-z-]*buffer-(overflow|underflow)\b)");
  std::match_results<std::string_view::const_iterator> match;
  if (std::regex_search(report.begin(), report.end(), match, unknownAddress)) {
    // The zero page: a null pointer plus a small offset, or a call through
    // a null function pointer. Elsewhere: a wild or far out-of-bounds
    // pointer (NULL - 16 too), which cosmo names from where it came. ASan
    // leaves out addresses it calls high ("SEGV on unknown address (pc").
    if (!match[2].matched)
      return "invalid-access";
    std::uint64_t address = std::stoull(match[2].str().substr(1), nullptr, 16);
    return address < 4096 ? "null-deref" : "invalid-access";
  }
  if (report.starts_with("FPE"))
    return "div-by-zero";
  if (std::regex_search(report.begin(), report.end(), bufferOverflow))
    return "out-of-bounds";
  if (report.starts_with("heap-use-after-free") ||
      report.starts_with("stack-use-after-scope") ||
      report.starts_with("stack-use-after-return"))
    return "use-after-free";
  if (report.starts_with("attempting double-free"))
    return "double-free";
  if (report.starts_with(
          "attempting free on address which was not malloc()-ed"))
    return "invalid-free";
  if (report.starts_with("stack-overflow"))
    return "stack-overflow";
  return std::nullopt;
}

std::string kindFamily(std::string_view kind) {
  if (kind == "out-of-bounds" || kind == "null-deref" ||
      kind == "use-after-free" || kind == "invalid-access")
    return "memory";
  if (kind == "double-free" || kind == "invalid-free")
    return "free";
  return std::string(kind);
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
                        const std::optional<ErrorSite> &expected,
                        const std::vector<int> &expectedCallers) {
  // A block lost or not freed is no event of a native run: the program
  // that leaks completes (AddressSanitizer's leak report is off; its
  // conservative stack scan would not say what SV-COMP's rule says).
  if (!expected || expected->kind == "memory-leak" ||
      expected->kind == "memcleanup")
    return outcome.category == Category::Completed;
  if (outcome.category != Category::Error ||
      kindFamily(outcome.error.kind) != kindFamily(expected->kind) ||
      outcome.error.line == 0)
    return false;
  if (outcome.error.line == expected->line)
    return true;
  // The native stack starts one frame further out: the error's own frame
  // was lost (a call through a null function pointer).
  return outcome.callerFrameLost && !expectedCallers.empty() &&
         outcome.error.line == expectedCallers.front();
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
