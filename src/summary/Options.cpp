//===- Options.cpp - the strategies' defaults that depend on others -------===//

#include "cosmo/summary/Options.h"

#include <fmt/format.h>

namespace cosmo::summary {

using engine::namesOf;

const std::map<std::string, CallStrategy> &callStrategyNames() {
  static const auto names =
      namesOf({CallStrategy::Inline, CallStrategy::Replay,
               CallStrategy::Summary, CallStrategy::Smart, CallStrategy::Auto},
              callStrategyName);
  return names;
}

const std::map<std::string, MergeStrategy> &mergeStrategyNames() {
  static const auto names =
      namesOf({MergeStrategy::None, MergeStrategy::Always, MergeStrategy::Auto},
              mergeStrategyName);
  return names;
}

const std::map<std::string, LoopStrategy> &loopStrategyNames() {
  static const auto names =
      namesOf({LoopStrategy::Unroll, LoopStrategy::Summarize,
               LoopStrategy::Auto},
              loopStrategyName);
  return names;
}

std::optional<std::string>
SummaryOptions::resolve(engine::EngineOptions &engine) {
  if (pruneToErrors && calls != CallStrategy::Replay)
    return std::string("--prune-to-errors needs --calls=replay");
  if (pruneToErrors)
    engine.target = engine::Target::Errors;
  if (!merge)
    merge = calls == CallStrategy::Summary || calls == CallStrategy::Smart
                ? MergeStrategy::Auto
                : MergeStrategy::None;
  if (*merge != MergeStrategy::None && calls == CallStrategy::Replay)
    return fmt::format("--merge={} cannot be used with --calls=replay, which "
                       "explores the same paths as inline",
                       mergeStrategyName(*merge));
  bool loopsUnrolled =
      calls == CallStrategy::Replay || *merge != MergeStrategy::None;
  if (loops == LoopStrategy::Summarize && loopsUnrolled)
    return std::string("--loops=summarize cannot be used with --calls=replay "
                       "or --merge, which follow loops iteration by iteration");
  if (loopsUnrolled)
    loops = LoopStrategy::Unroll;
  return std::nullopt;
}

} // namespace cosmo::summary
