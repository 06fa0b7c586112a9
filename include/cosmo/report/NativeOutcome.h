//===- cosmo/report/NativeOutcome.h - what a native run did -----*- C++ -*-===//
//
// What a natively replayed program did, read from how it ended and what it
// printed to stderr: a completed run, an error (kind and line, in the
// vocabulary of report.json), or something this classifier does not
// recognise (a timeout, an unknown sanitizer report, ...).
//
// Recognised reports, the first one in stderr wins:
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

namespace cosmo::report {

struct NativeOutcome {
  enum class Category { Completed, Error, Unrecognised };

  Category category = Category::Unrecognised;
  ErrorSite error;      // Category::Error only
  std::string evidence; // the deciding report line, or why unrecognised
};

// `programFileName` is the base name of the program's source ("div.c").
NativeOutcome classifyNativeRun(const ProcessResult &run,
                                std::string_view programFileName);

// Whether the outcome is the expected error, or a completed run when
// `expected` is empty.
bool matchesExpectation(const NativeOutcome &outcome,
                        const std::optional<ErrorSite> &expected);

// "completed", "div-by-zero at line 14", "unrecognised: ..."
std::string describe(const NativeOutcome &outcome);

// The error kind of a UBSan message (the text after "runtime error: ").
std::optional<std::string> kindOfUndefinedBehavior(std::string_view message);
// The error kind of an ASan report (the text after "AddressSanitizer: ").
std::optional<std::string>
kindOfAddressSanitizerReport(std::string_view report);

} // namespace cosmo::report

#endif // COSMO_REPORT_NATIVEOUTCOME_H
