//===- ProgressLine.cpp - the progress line of a running check ------------===//

#include "ProgressLine.h"

#include <fmt/format.h>

namespace cosmo::cli {

void ProgressLine::onProgress(const engine::Progress &p) {
  if (!enabled_ || p.elapsedSeconds < 1.0)
    return;
  std::string time =
      p.timeLimitSeconds > 0
          ? fmt::format("{:.0f}/{:.0f}s", p.elapsedSeconds, p.timeLimitSeconds)
          : fmt::format("{:.0f}s", p.elapsedSeconds);
  double coverage = p.blocksTotal ? 100.0 * p.blocksCovered / p.blocksTotal
                                  : 100.0;
  std::string line = fmt::format(
      "cosmo: {} paths ({} error{}), {} pending, {:.0f}% blocks, "
      "{} queries, {}",
      p.pathsDone, p.errors, p.errors == 1 ? "" : "s", p.statesPending,
      coverage, p.solverQueries, time);
  // \r and erase-to-end-of-line: the line is rewritten in place.
  fmt::print(stderr, "\r{}\033[K", line);
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::onError(const engine::ErrorReport &e) {
  if (!enabled_)
    return;
  clear();
  fmt::print(stderr, "cosmo: found {} at {}:{} after {:.2f}s (details at the "
                     "end of the run)\n",
             engine::errorKindName(e.kind), e.location.file, e.location.line,
             e.seconds);
  std::fflush(stderr);
}

void ProgressLine::clear() {
  if (!shown_)
    return;
  fmt::print(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

} // namespace cosmo::cli
