//===- OptionsTest.cpp - defaults that depend on other options ------------===//

#include "cosmo/summary/Options.h"

#include <gtest/gtest.h>

using namespace cosmo::summary;
using cosmo::engine::EngineOptions;
using cosmo::engine::Target;

namespace {

SummaryOptions with(CallStrategy calls) {
  SummaryOptions o;
  o.calls = calls;
  return o;
}

// Merging defaults to auto where every call composes a formula summary,
// none elsewhere (--calls=auto's program run keeps its loops summarised,
// which merging would unroll); a strategy given stays.
TEST(SummaryOptions, MergeDefaultFollowsTheCallStrategy) {
  EXPECT_EQ(SummaryOptions().calls, CallStrategy::Auto);
  for (CallStrategy c : {CallStrategy::Inline, CallStrategy::Replay,
                         CallStrategy::Summary, CallStrategy::Smart,
                         CallStrategy::Auto}) {
    SummaryOptions o = with(c);
    EngineOptions e;
    ASSERT_FALSE(o.resolve(e)) << callStrategyName(c);
    bool merges = c == CallStrategy::Summary || c == CallStrategy::Smart;
    EXPECT_EQ(o.mergeStrategy(),
              merges ? MergeStrategy::Auto : MergeStrategy::None)
        << callStrategyName(c);
    EXPECT_EQ(o.loops, c == CallStrategy::Auto || c == CallStrategy::Inline
                           ? LoopStrategy::Auto
                           : LoopStrategy::Unroll)
        << callStrategyName(c);
  }
  SummaryOptions given = with(CallStrategy::Summary);
  given.merge = MergeStrategy::None;
  EngineOptions e;
  ASSERT_FALSE(given.resolve(e));
  EXPECT_EQ(given.mergeStrategy(), MergeStrategy::None);
}

// Heuristic H2 implies looking for errors, and needs memoization trees;
// replay follows single paths, so it refuses merging. Resolving twice
// changes nothing.
TEST(SummaryOptions, CombinationsAreCheckedOnce) {
  SummaryOptions prune = with(CallStrategy::Replay);
  prune.pruneToErrors = true;
  EngineOptions engine;
  ASSERT_FALSE(prune.resolve(engine));
  EXPECT_EQ(engine.target, Target::Errors);
  EXPECT_EQ(prune.mergeStrategy(), MergeStrategy::None);
  ASSERT_FALSE(prune.resolve(engine));
  EXPECT_EQ(engine.target, Target::Errors);

  SummaryOptions pruneInline = with(CallStrategy::Inline);
  pruneInline.pruneToErrors = true;
  std::optional<std::string> bad = pruneInline.resolve(engine);
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("--prune-to-errors needs --calls=replay"),
            std::string::npos)
      << *bad;

  SummaryOptions mergeReplay = with(CallStrategy::Replay);
  mergeReplay.merge = MergeStrategy::Auto;
  bad = mergeReplay.resolve(engine);
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("--merge=auto cannot be used with --calls=replay"),
            std::string::npos)
      << *bad;
}

// Every value of an enum option has one name, and the names map back.
TEST(SummaryOptions, NameTablesAreOneToOne) {
  for (const auto &[name, s] : cosmo::engine::searchStrategyNames())
    EXPECT_EQ(name, cosmo::engine::searchStrategyName(s));
  for (const auto &[name, c] : callStrategyNames())
    EXPECT_EQ(name, callStrategyName(c));
  for (const auto &[name, m] : mergeStrategyNames())
    EXPECT_EQ(name, mergeStrategyName(m));
  EXPECT_EQ(cosmo::engine::searchStrategyNames().size(), 5u);
  EXPECT_EQ(callStrategyNames().size(), 5u);
  EXPECT_EQ(mergeStrategyNames().size(), 3u);
  EXPECT_EQ(loopStrategyNames().size(), 3u);
  EXPECT_EQ(cosmo::engine::targetNames().size(), 2u);
  EXPECT_EQ(cosmo::engine::externalPolicyNames().size(), 3u);
}

} // namespace
