//===- CPrinter.h - a generated program as cosmo's input and as oracle ----===//
//
// One Program, two C texts:
//  - the cosmo text: plain C with SV-COMP inputs (`__VERIFIER_nondet_int`,
//    `__VERIFIER_assume`, `reach_error`) and ACSL annotations, one
//    statement per line;
//  - the oracle text: the same program as C that runs natively. Every
//    error cosmo would report is an explicit check that records its kind
//    and the line of the cosmo text where cosmo reports it, then
//    `longjmp`s out: assert, out-of-bounds (every array's size is known),
//    div-by-zero, null-deref (list nodes), precondition (at the call),
//    postcondition (at the `ensures` clause), invariant-established and
//    invariant-preserved (at the `loop invariant` clause), assigns (at
//    the store). Its own `main` enumerates every input tuple of main's
//    box and of each contract's `requires` box (the isolated runs of
//    `cosmo check`, whose globals hold their initial values) and prints
//    one line per tuple (Oracle.h reads them).
//
// The assertions' comparisons and bounds are not in the oracle text: the
// oracle reads them from its command line, so that one build both probes
// the values an assertion sees (`oracle probe`) and checks them.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_CPRINTER_H
#define COSMO_DIFFERENTIAL_CPRINTER_H

#include "ProgramAst.h"

#include <map>
#include <string>

namespace cosmo::differential {

/// Lines of the cosmo text.
struct LineMap {
  std::map<const Stmt *, int> stmt;
  std::map<const Expr *, int> clause; // requires, ensures, loop invariant
  /// Each function's first line (its contract's comment) and last line.
  std::map<std::string, Range> function;
};

struct PrintedProgram {
  std::string cosmoText;
  std::string oracleText;
  LineMap lines;
};

PrintedProgram printProgram(const Program &p);

/// The oracle's command line for `p`'s assertions: "CMP BOUND" per probe.
std::vector<std::string> oracleAssertionArgs(const Program &p);

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_CPRINTER_H
