//===- cosmo/report/NativeOutcome.h - what a native run did -----*- C++ -*-===//
//
// What a natively replayed program did, read from how it ended and what it
// printed to stderr: a completed run, an error (kind and line, in the
// vocabulary of report.json), or something this classifier does not
// recognise (a timeout, an unknown sanitizer report, ...).
//
// Recognised reports, the first one in stderr wins (a signal without one
// is classified by the signal: SIGFPE, SIGSEGV/SIGBUS, SIGABRT):
//   COSMO-REPLAY-ERROR <kind> <file>:<line>   runtime/replay.c
//   <file>:<line>:<col>: runtime error: ...   UndefinedBehaviorSanitizer
//   ==N==ERROR: AddressSanitizer: ...         AddressSanitizer (+ stack)
//   prog: <file>:<line>: <func>: Assertion `...' failed.   glibc assert()
// The line of an error is the first `<file>:<line>` of the report that is in
// the program file (compared by base name), so frames inside libc, the
// sanitizer runtime or the replay runtime are skipped.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_NATIVEOUTCOME_H
#define COSMO_REPORT_NATIVEOUTCOME_H

#include "cosmo/report/ErrorSite.h"
#include "cosmo/report/Subprocess.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::report {

struct NativeOutcome {
  enum class Category { Completed, Error, Unrecognised };

  Category category = Category::Unrecognised;
  /// Category::Error only: the kind, in report.json's vocabulary or one
  /// cosmo does not report ("invalid-access": a fault outside the zero page;
  /// "stack-overflow", "unreachable", ...), and the first program line of
  /// the report's stack (0: none).
  ErrorSite error;
  /// The program lines of the report's stack, innermost first.
  std::vector<int> programLines;
  /// The fault was at pc 0 (a call through a null function pointer), so the
  /// stack lacks the frame of the function that made the call.
  bool callerFrameLost = false;
  std::string evidence; // the deciding report line, or why unrecognised
};

// `programFileName` is the base name of the program's source ("div.c").
NativeOutcome classifyNativeRun(const ProcessResult &run,
                                std::string_view programFileName);

// Whether the outcome is the expected error, or a completed run when
// `expected` is empty or a leak (memory-leak, memcleanup: no event of the
// native run). An error matches when its kind is of the expected
// kind's family (kindFamily) and its line is the expected one, or the
// line of the expected error's caller (`expectedCallers`: the lines of
// the calls on the recorded stack, innermost first) when the native stack
// lost the error's own frame.
bool matchesExpectation(const NativeOutcome &outcome,
                        const std::optional<ErrorSite> &expected,
                        const std::vector<int> &expectedCallers = {});

// Kinds that the same fault can show as natively and in cosmo: "memory"
// for out-of-bounds, null-deref, use-after-free and invalid-access (an
// access through NULL - 16 is a null dereference to cosmo and a fault at
// an unknown address to AddressSanitizer); "free" for double and invalid
// frees; every other kind is its own family.
std::string kindFamily(std::string_view kind);

// "completed", "div-by-zero at line 14", "unrecognised: ..."
std::string describe(const NativeOutcome &outcome);

// The error kind of a UBSan message (the text after "runtime error: ").
std::optional<std::string> kindOfUndefinedBehavior(std::string_view message);
// The error kind of an ASan report (the text after "AddressSanitizer: ").
std::optional<std::string>
kindOfAddressSanitizerReport(std::string_view report);

} // namespace cosmo::report

#endif // COSMO_REPORT_NATIVEOUTCOME_H
