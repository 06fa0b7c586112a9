//===- cosmo/report/ErrorSite.h - an error kind at a line -------*- C++ -*-===//
//
// The unit in which a recorded error and a native run are compared: the
// error kind as report.json names it ("div-by-zero", "assert", ...) and the
// 1-based line in the program file (0 when unknown).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_ERRORSITE_H
#define COSMO_REPORT_ERRORSITE_H

#include <compare>
#include <string>

namespace cosmo::report {

struct ErrorSite {
  std::string kind;
  int line = 0;

  auto operator<=>(const ErrorSite &) const = default;
};

/// "div-by-zero at line 14"
inline std::string describe(const ErrorSite &site) {
  return site.kind + " at line " + std::to_string(site.line);
}

} // namespace cosmo::report

#endif // COSMO_REPORT_ERRORSITE_H
