//===- IsolatedRunTest.cpp - computations in a child process --------------===//
//
// Horn questions that may crash Z3 are asked in a forked child
// (src/solver/horn/IsolatedRun.h): what it returns comes back, and a crash or an
// overrun is a failure the parent reports, never the parent's own end.
//
//===----------------------------------------------------------------------===//

#include "horn/IsolatedRun.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <stdexcept>
#include <thread>

namespace cosmo::solver {
namespace {

using namespace std::chrono_literals;

auto soon() { return std::chrono::steady_clock::now() + 5s; }

TEST(IsolatedRunTest, WhatTheChildReturnsComesBack) {
  std::string big(100000, 'x'); // more than a pipe holds at once
  IsolatedResult r = runIsolated([&] { return "answer " + big; }, soon());
  ASSERT_TRUE(r.output) << r.failure;
  EXPECT_EQ(*r.output, "answer " + big);
}

TEST(IsolatedRunTest, AChildThatCrashesIsAFailureNotTheParentsEnd) {
  IsolatedResult r = runIsolated(
      []() -> std::string {
        std::raise(SIGSEGV);
        return "unreachable";
      },
      soon());
  EXPECT_FALSE(r.output);
  EXPECT_FALSE(r.notIsolated);
  EXPECT_NE(r.failure.find("crashed"), std::string::npos) << r.failure;
}

/// Throws out of a destructor: std::terminate, as Z3 4.8.12 did out of
/// z3::fixedpoint's (HornEncodings.h).
struct ThrowsWhenDestroyed {
  ~ThrowsWhenDestroyed() noexcept(false) { throw std::runtime_error("late"); }
};

TEST(IsolatedRunTest, AChildThatTerminatesFailsQuietly) {
  // The parent's terminate handler (cosmo's names an internal error) is
  // not the child's: the run goes on, its terminal says nothing.
  std::set_terminate([] {
    std::fputs("parent's handler\n", stderr);
    std::abort();
  });
  ::testing::internal::CaptureStderr();
  IsolatedResult r = runIsolated(
      []() -> std::string {
        try {
          ThrowsWhenDestroyed t;
          throw std::logic_error("first");
        } catch (...) {
        }
        return "unreachable";
      },
      soon());
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_FALSE(r.output);
  EXPECT_EQ(r.failure, "failed");
  EXPECT_EQ(err.find("parent's handler"), std::string::npos) << err;
}

TEST(IsolatedRunTest, AChildPastItsDeadlineIsKilled) {
  auto start = std::chrono::steady_clock::now();
  IsolatedResult r = runIsolated(
      []() -> std::string {
        std::this_thread::sleep_for(60s);
        return "late";
      },
      start + 100ms);
  EXPECT_FALSE(r.output);
  EXPECT_NE(r.failure.find("killed"), std::string::npos) << r.failure;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

TEST(IsolatedRunTest, TheChildWorksOnACopyOfTheParentsMemory) {
  int counter = 1;
  IsolatedResult r = runIsolated(
      [&] {
        counter += 41;
        return std::to_string(counter);
      },
      soon());
  ASSERT_TRUE(r.output) << r.failure;
  EXPECT_EQ(*r.output, "42");
  EXPECT_EQ(counter, 1); // the parent's is untouched
}

// A run read as it goes (Houdini's slow clauses asked beside the parent's
// own, HoudiniChecks.cpp): a part sent comes back while the child works
// on, and a run the parent no longer needs is killed, not waited for.
TEST(IsolatedRunTest, APartSentComesBackBeforeTheChildEnds) {
  auto start = std::chrono::steady_clock::now();
  {
    std::optional<IsolatedRun> run =
        IsolatedRun::start([](const IsolatedRun::Send &send) {
          send("first\n");
          std::this_thread::sleep_for(60s);
          send("second\n");
        });
    ASSERT_TRUE(run);
    EXPECT_TRUE(run->waitFor(
        [](const std::string &s) { return s.find("first\n") != s.npos; },
        soon()));
    EXPECT_EQ(run->received(), "first\n");
  } // destroyed: the child is killed
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

TEST(IsolatedRunTest, WaitingForWhatIsNeverSentEndsWithTheChild) {
  std::optional<IsolatedRun> run =
      IsolatedRun::start([](const IsolatedRun::Send &send) {
        send("a");
        send("b");
      });
  ASSERT_TRUE(run);
  EXPECT_FALSE(run->waitFor(
      [](const std::string &s) { return s.find('c') != s.npos; }, soon()));
  IsolatedResult r = run->finish(soon());
  ASSERT_TRUE(r.output) << r.failure;
  EXPECT_EQ(*r.output, "ab");
}

TEST(IsolatedRunTest, WaitingEndsAtItsDeadline) {
  auto start = std::chrono::steady_clock::now();
  std::optional<IsolatedRun> run = IsolatedRun::start(
      [](const IsolatedRun::Send &) { std::this_thread::sleep_for(60s); });
  ASSERT_TRUE(run);
  EXPECT_FALSE(
      run->waitFor([](const std::string &) { return false; }, start + 100ms));
  IsolatedResult r = run->finish(start + 100ms);
  EXPECT_FALSE(r.output);
  EXPECT_NE(r.failure.find("killed"), std::string::npos) << r.failure;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

} // namespace
} // namespace cosmo::solver
