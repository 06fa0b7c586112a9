// ErrorSite: an error kind at a line of the program under test, the unit in
// which expectations, cosmo's reports and native replays are compared.
#pragma once

#include <compare>
#include <string>

namespace cosmo::e2e {

struct ErrorSite {
  std::string kind; // "div-by-zero", "assert", ... (docs/test-programs.md)
  int line = 0;     // 1-based line in the program file; 0 when unknown

  auto operator<=>(const ErrorSite &) const = default;
};

// "div-by-zero at line 14"
inline std::string describe(const ErrorSite &site) {
  return site.kind + " at line " + std::to_string(site.line);
}

} // namespace cosmo::e2e
