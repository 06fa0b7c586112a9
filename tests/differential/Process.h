//===- Process.h - running a command with a time limit --------------------===//
//
// The campaign runs clang, the oracle and cosmo as child processes: this
// runs one, collects its standard output (and error, merged, when asked),
// and kills it when it outlives its limit.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_DIFFERENTIAL_PROCESS_H
#define COSMO_DIFFERENTIAL_PROCESS_H

#include <string>
#include <vector>

namespace cosmo::differential {

struct ProcessResult {
  bool started = false;
  bool timedOut = false;
  int exitCode = -1; // -1 when it did not exit normally
  int signal = 0;    // the signal that ended it, 0 when none
  std::string output;
  double seconds = 0;
};

/// Runs argv[0] (looked up in PATH) with `argv`; stderr joins stdout when
/// `mergeStderr`, else it is discarded. Killed after `timeoutSeconds`.
ProcessResult runProcess(const std::vector<std::string> &argv,
                         double timeoutSeconds, bool mergeStderr = false);

} // namespace cosmo::differential

#endif // COSMO_DIFFERENTIAL_PROCESS_H
