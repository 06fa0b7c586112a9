//===- ProgressLine.h - the progress line of a running check ---*- C++ -*-===//
//
// On a terminal, keeps one status line on stderr up to date once a run has
// lasted a second: paths done, errors, states pending, block coverage,
// solver queries, time.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_TOOLS_PROGRESSLINE_H
#define COSMO_TOOLS_PROGRESSLINE_H

#include "cosmo/driver/CheckSession.h"

#include <cstdio>

namespace cosmo::cli {

class ProgressLine final : public driver::CheckObserver {
public:
  /// Shows nothing unless `enabled` (stderr is a terminal, not --quiet).
  explicit ProgressLine(bool enabled) : enabled_(enabled) {}
  ~ProgressLine() override { clear(); }

  /// On a terminal, says at once that an error was found (a run of a
  /// program with unbounded loops may go on long after).
  void onError(const engine::ErrorReport &e) override;
  void onProgress(const engine::Progress &p) override;
  void onRunFinished() override { clear(); }
  /// Erases the line (before the summary is printed).
  void clear();

private:
  bool enabled_;
  bool shown_ = false;
};

} // namespace cosmo::cli

#endif
