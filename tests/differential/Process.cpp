//===- Process.cpp - running a command with a time limit ------------------===//
//
// The report layer's runner (its own process group, stdin from /dev/null,
// the group killed at the limit), seen as the campaign needs it.
//
//===----------------------------------------------------------------------===//
#include "Process.h"

#include "cosmo/report/Subprocess.h"

namespace cosmo::differential {

ProcessResult runProcess(const std::vector<std::string> &argv,
                         double timeoutSeconds, bool mergeStderr) {
  report::ProcessRequest request;
  request.argv = argv;
  request.timeout = std::chrono::milliseconds(
      static_cast<long long>(timeoutSeconds * 1000));
  report::ProcessResult p = report::runProcess(request);
  using Ending = report::ProcessResult::Ending;
  ProcessResult r;
  r.started = p.ending != Ending::FailedToStart;
  r.timedOut = p.ending == Ending::TimedOut;
  r.exitCode = p.ending == Ending::Exited ? p.exitCode : -1;
  r.signal = p.ending == Ending::Signaled ? p.signal : 0;
  r.output = mergeStderr ? p.out + p.err : p.out;
  r.seconds = std::chrono::duration<double>(p.elapsed).count();
  return r;
}

} // namespace cosmo::differential
