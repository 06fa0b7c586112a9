//===- OptionsTest.cpp - defaults that depend on other options ------------===//

#include "cosmo/engine/Options.h"

#include <gtest/gtest.h>

using namespace cosmo::engine;

namespace {

EngineOptions with(CallStrategy calls) {
  EngineOptions o;
  o.calls = calls;
  return o;
}

// Merging defaults to auto where formula summaries compose, none elsewhere;
// a strategy given stays.
TEST(EngineOptions, MergeDefaultFollowsTheCallStrategy) {
  for (CallStrategy c : {CallStrategy::Inline, CallStrategy::Replay,
                         CallStrategy::Summary, CallStrategy::Smart}) {
    EngineOptions o = with(c);
    ASSERT_FALSE(o.resolve()) << callStrategyName(c);
    EXPECT_EQ(o.mergeStrategy(), composesSummaries(c) ? MergeStrategy::Auto
                                                      : MergeStrategy::None)
        << callStrategyName(c);
  }
  EngineOptions given = with(CallStrategy::Summary);
  given.merge = MergeStrategy::None;
  ASSERT_FALSE(given.resolve());
  EXPECT_EQ(given.mergeStrategy(), MergeStrategy::None);
}

// Heuristic H2 implies looking for errors, and needs memoization trees;
// replay follows single paths, so it refuses merging. Resolving twice
// changes nothing.
TEST(EngineOptions, CombinationsAreCheckedOnce) {
  EngineOptions prune = with(CallStrategy::Replay);
  prune.pruneToErrors = true;
  ASSERT_FALSE(prune.resolve());
  EXPECT_EQ(prune.target, Target::Errors);
  EXPECT_EQ(prune.mergeStrategy(), MergeStrategy::None);
  ASSERT_FALSE(prune.resolve());
  EXPECT_EQ(prune.target, Target::Errors);

  EngineOptions pruneInline = with(CallStrategy::Inline);
  pruneInline.pruneToErrors = true;
  std::optional<std::string> bad = pruneInline.resolve();
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("--prune-to-errors needs --calls=replay"),
            std::string::npos)
      << *bad;

  EngineOptions mergeReplay = with(CallStrategy::Replay);
  mergeReplay.merge = MergeStrategy::Auto;
  bad = mergeReplay.resolve();
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->find("--merge=auto cannot be used with --calls=replay"),
            std::string::npos)
      << *bad;
}

// Every value of an enum option has one name, and the names map back.
TEST(EngineOptions, NameTablesAreOneToOne) {
  for (const auto &[name, s] : searchStrategyNames())
    EXPECT_EQ(name, searchStrategyName(s));
  for (const auto &[name, c] : callStrategyNames())
    EXPECT_EQ(name, callStrategyName(c));
  for (const auto &[name, m] : mergeStrategyNames())
    EXPECT_EQ(name, mergeStrategyName(m));
  EXPECT_EQ(searchStrategyNames().size(), 5u);
  EXPECT_EQ(callStrategyNames().size(), 4u);
  EXPECT_EQ(mergeStrategyNames().size(), 3u);
  EXPECT_EQ(targetNames().size(), 2u);
  EXPECT_EQ(externalPolicyNames().size(), 3u);
}

} // namespace
