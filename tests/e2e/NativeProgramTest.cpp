#include "NativeProgram.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cosmo::e2e {
namespace {

bool has(const std::vector<std::string> &flags, const std::string &flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

TEST(NativeProgram, CheckOptionValues) {
  EXPECT_EQ(checkOptionValues({"--entry=f", "--check=overflow,shift", "--check", "null"}),
            (std::vector<std::string>{"overflow,shift", "null"}));
  EXPECT_TRUE(checkOptionValues({"--checks=overflow"}).empty());
}

TEST(NativeProgram, OverflowAndShiftChecksFollowTheRunOptions) {
  std::vector<std::string> plain = nativeSanitizerFlags({});
  EXPECT_TRUE(has(plain, "-fsanitize=address,undefined"));
  EXPECT_TRUE(has(plain, "-fno-sanitize-recover=all"));
  EXPECT_TRUE(has(plain, "-no-pie"));
  EXPECT_TRUE(has(plain, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_TRUE(has(plain, "-fno-sanitize=shift"));

  std::vector<std::string> overflow = nativeSanitizerFlags({"--check=overflow"});
  EXPECT_FALSE(has(overflow, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_TRUE(has(overflow, "-fno-sanitize=shift"));

  std::vector<std::string> both = nativeSanitizerFlags({"--check=shift,overflow"});
  EXPECT_FALSE(has(both, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_FALSE(has(both, "-fno-sanitize=shift"));
}

} // namespace
} // namespace cosmo::e2e
