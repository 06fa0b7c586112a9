// The e2e caches: CacheKey; NativeCache's keys, builds made once and
// reused, runs kept only when they ended by themselves, and its file format
// (builds here are fake, a file written by the callback: what is tested is
// the cache, not clang); CosmoRunCache's keys and entries.
#include "CacheKey.h"
#include "CosmoRunCache.h"
#include "NativeCache.h"
#include "NativeToolchain.h"
#include "TempDir.h"
#include "TextUtil.h"

#include <gtest/gtest.h>

namespace cosmo::e2e {
namespace {

namespace fs = std::filesystem;
using report::ProcessResult;

class NativeCacheTest : public testing::Test {
protected:
  fs::path program(std::string_view text, const std::string &name = "prog.c") {
    fs::path file = dir_.path() / name;
    writeTextFile(file, text);
    return file;
  }

  // A fake build: counts its calls and writes `<stem>.native` into `dir`.
  llvm::Expected<fs::path> fakeBuild(const fs::path &dir) {
    ++builds_;
    fs::path executable = dir / "prog.native";
    writeTextFile(executable, "built " + std::to_string(builds_));
    return executable;
  }

  static ProcessResult exited(int code, std::string out, std::string err) {
    ProcessResult run;
    run.ending = ProcessResult::Ending::Exited;
    run.exitCode = code;
    run.out = std::move(out);
    run.err = std::move(err);
    run.elapsed = std::chrono::milliseconds(12);
    return run;
  }

  report::ScopedTempDir dir_ = makeTempDir("cosmo-native-cache-test");
  report::NativeToolchain toolchain_ = defaultNativeToolchain();
  int builds_ = 0;
};

TEST_F(NativeCacheTest, KeysFollowEverythingThatGoesIntoABuild) {
  fs::path p = program("int main(void) { return 0; }\n");
  std::string key = NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::LP64);
  EXPECT_EQ(key, NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::LP64));
  EXPECT_EQ(key.size(), 64u);
  EXPECT_NE(key, NativeCache::buildKey(toolchain_, p, {"overflow"}, engine::DataModel::LP64));
  EXPECT_NE(key, NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::ILP32));
  EXPECT_NE(key, NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::LP64, "harness"));
  report::NativeToolchain otherClang = toolchain_;
  otherClang.clang = "/nonexistent/clang-14";
  EXPECT_NE(key, NativeCache::buildKey(otherClang, p, {}, engine::DataModel::LP64));
  // The same path with other text, and the same text at another path.
  program("int main(void) { return 1; }\n");
  EXPECT_NE(key, NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::LP64));
  program("int main(void) { return 0; }\n");
  EXPECT_EQ(key, NativeCache::buildKey(toolchain_, p, {}, engine::DataModel::LP64));
  fs::path q = program("int main(void) { return 0; }\n", "other.c");
  EXPECT_NE(key, NativeCache::buildKey(toolchain_, q, {}, engine::DataModel::LP64));
}

TEST_F(NativeCacheTest, ABuildIsMadeOnceAndPublishedUnderItsKey) {
  NativeCache cache(dir_.path() / "cache");
  auto build = [&](const fs::path &d) { return fakeBuild(d); };
  auto first = cache.build("k1", dir_.path(), build);
  ASSERT_TRUE(static_cast<bool>(first)) << toString(first.takeError());
  EXPECT_FALSE(first->reused);
  EXPECT_EQ(first->executable, dir_.path() / "cache" / "k1" / "prog.native");
  auto second = cache.build("k1", dir_.path(), build);
  ASSERT_TRUE(static_cast<bool>(second)) << toString(second.takeError());
  EXPECT_TRUE(second->reused);
  EXPECT_EQ(second->executable, first->executable);
  EXPECT_EQ(readTextFile(second->executable), "built 1");
  EXPECT_EQ(builds_, 1);
  auto other = cache.build("k2", dir_.path(), build);
  ASSERT_TRUE(static_cast<bool>(other)) << toString(other.takeError());
  EXPECT_FALSE(other->reused);
  EXPECT_EQ(builds_, 2);
}

TEST_F(NativeCacheTest, AFailedBuildIsNotKept) {
  NativeCache cache(dir_.path() / "cache");
  auto failed = cache.build("k", dir_.path(), [](const fs::path &) -> llvm::Expected<fs::path> {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "no compiler today");
  });
  ASSERT_FALSE(static_cast<bool>(failed));
  EXPECT_EQ(toString(failed.takeError()), "no compiler today");
  EXPECT_FALSE(fs::exists(dir_.path() / "cache" / "k"));
  auto retried = cache.build("k", dir_.path(), [&](const fs::path &d) { return fakeBuild(d); });
  ASSERT_TRUE(static_cast<bool>(retried)) << toString(retried.takeError());
  EXPECT_FALSE(retried->reused);
  EXPECT_EQ(builds_, 1);
}

TEST_F(NativeCacheTest, RunsAreKeptPerBuildAndInputsWhenTheyEndedByThemselves) {
  NativeCache cache(dir_.path() / "cache");
  ASSERT_TRUE(static_cast<bool>(
      cache.build("k", dir_.path(), [&](const fs::path &d) { return fakeBuild(d); })));
  EXPECT_FALSE(cache.findRun("k", "nondet 4 01000000\n").has_value());
  cache.storeRun("k", "nondet 4 01000000\n", exited(77, "out", "COSMO-REPLAY-ERROR assert p.c:3\n"));
  std::optional<ProcessResult> kept = cache.findRun("k", "nondet 4 01000000\n");
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->ending, ProcessResult::Ending::Exited);
  EXPECT_EQ(kept->exitCode, 77);
  EXPECT_EQ(kept->out, "out");
  EXPECT_EQ(kept->err, "COSMO-REPLAY-ERROR assert p.c:3\n");
  // Other inputs, another build: not this run.
  EXPECT_FALSE(cache.findRun("k", "nondet 4 02000000\n").has_value());
  EXPECT_FALSE(cache.findRun("k2", "nondet 4 01000000\n").has_value());

  ProcessResult timedOut = exited(0, "", "");
  timedOut.ending = ProcessResult::Ending::TimedOut;
  cache.storeRun("k", "slow", timedOut);
  EXPECT_FALSE(cache.findRun("k", "slow").has_value());
  ProcessResult notStarted;
  cache.storeRun("k", "not started", notStarted);
  EXPECT_FALSE(cache.findRun("k", "not started").has_value());
  ProcessResult signaled = exited(-1, "", "AddressSanitizer");
  signaled.ending = ProcessResult::Ending::Signaled;
  signaled.signal = 6;
  cache.storeRun("k", "abort", signaled);
  ASSERT_TRUE(cache.findRun("k", "abort").has_value());
  EXPECT_EQ(cache.findRun("k", "abort")->signal, 6);
  // A run of a build that was never published is not kept.
  cache.storeRun("unpublished", "x", exited(0, "", ""));
  EXPECT_FALSE(cache.findRun("unpublished", "x").has_value());
}

TEST_F(NativeCacheTest, WithoutACacheBuildsGoToTheFallbackDirectoryAndNothingIsKept) {
  NativeCache cache{fs::path()};
  EXPECT_FALSE(cache.enabled());
  for (int i = 0; i < 2; ++i) {
    auto built = cache.build("k", dir_.path(), [&](const fs::path &d) { return fakeBuild(d); });
    ASSERT_TRUE(static_cast<bool>(built)) << toString(built.takeError());
    EXPECT_FALSE(built->reused);
    EXPECT_EQ(built->executable, dir_.path() / "prog.native");
  }
  EXPECT_EQ(builds_, 2);
  cache.storeRun("k", "x", exited(0, "", ""));
  EXPECT_FALSE(cache.findRun("k", "x").has_value());
}

TEST(NativeCacheFormat, ProcessResultsRoundTripByteForByte) {
  ProcessResult run;
  run.ending = ProcessResult::Ending::Signaled;
  run.exitCode = -1;
  run.signal = 11;
  run.elapsed = std::chrono::milliseconds(1234);
  run.out = std::string("line\n\0binary\xff", 13);
  run.err = "==1==ERROR: AddressSanitizer: SEGV\n";
  std::optional<ProcessResult> back = parseProcessResult(serializeProcessResult(run));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->ending, run.ending);
  EXPECT_EQ(back->exitCode, run.exitCode);
  EXPECT_EQ(back->signal, run.signal);
  EXPECT_EQ(back->elapsed, run.elapsed);
  EXPECT_EQ(back->out, run.out);
  EXPECT_EQ(back->err, run.err);
}

TEST(NativeCacheFormat, TruncatedOrForeignTextIsNoResult) {
  ProcessResult run;
  run.ending = ProcessResult::Ending::Exited;
  run.exitCode = 0;
  run.out = "hello";
  std::string text = serializeProcessResult(run);
  EXPECT_TRUE(parseProcessResult(text).has_value());
  EXPECT_FALSE(parseProcessResult(text.substr(0, text.size() - 1)).has_value());
  EXPECT_FALSE(parseProcessResult(text + "x").has_value());
  EXPECT_FALSE(parseProcessResult("").has_value());
  EXPECT_FALSE(parseProcessResult("something else\n0 0 0 0 0 0\n").has_value());
}

TEST(CacheKeyTest, PartsAreDelimited) {
  EXPECT_NE(CacheKey().add("ab").add("c").hex(), CacheKey().add("a").add("bc").hex());
  EXPECT_EQ(CacheKey().add("a").add("bc").hex(), CacheKey().add("a").add("bc").hex());
  EXPECT_NE(CacheKey().add("").hex(), CacheKey().hex());
}

class CosmoRunCacheTest : public testing::Test {
protected:
  fs::path write(const std::string &name, std::string_view text) {
    fs::path file = dir_.path() / name;
    fs::create_directories(file.parent_path());
    writeTextFile(file, text);
    return file;
  }
  CosmoRunCache::Tools tools() {
    return {write("bin/cosmo", "binary"), "clang-14", dir_.path() / "include",
            dir_.path() / "libc"};
  }

  report::ScopedTempDir dir_ = makeTempDir("cosmo-run-cache-test");
};

TEST_F(CosmoRunCacheTest, KeysFollowTheCommandTheProgramAndWhatCosmoReads) {
  write("include/cosmo.h", "void cosmo_assert(int);\n");
  write("libc/libc-lp64.bc", "bitcode");
  fs::path program = write("programs/p.c", "int main(void) { return 0; }\n");
  CosmoRunCache::Tools t = tools();
  std::string key = CosmoRunCache::key(t, {"--calls=inline"}, program);
  EXPECT_EQ(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=replay"}, program));
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline", "--check=overflow"}, program));
  write("programs/p.c", "int main(void) { return 1; }\n");
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  write("programs/p.c", "int main(void) { return 0; }\n");
  EXPECT_EQ(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  write("programs/local.h", "#define N 3\n"); // a header next to it
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  key = CosmoRunCache::key(t, {"--calls=inline"}, program);
  write("include/cosmo.h", "void cosmo_assert(int x);\n");
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  key = CosmoRunCache::key(t, {"--calls=inline"}, program);
  write("libc/libc-lp64.bc", "other bitcode");
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
  key = CosmoRunCache::key(t, {"--calls=inline"}, program);
  write("bin/cosmo", "a rebuilt binary");
  EXPECT_NE(key, CosmoRunCache::key(t, {"--calls=inline"}, program));
}

TEST_F(CosmoRunCacheTest, ARunIsKeptWithItsExitCodeReportAndOutputOnce) {
  CosmoRunCache cache(dir_.path() / "cache");
  EXPECT_FALSE(cache.find("k").has_value());
  // No report.json: nothing to keep.
  fs::create_directories(dir_.path() / "empty-out");
  cache.store("k", 1, dir_.path() / "empty-out", "output");
  EXPECT_FALSE(cache.find("k").has_value());

  write("out/report.json", R"({"verdict": "false"})");
  cache.store("k", 1, dir_.path() / "out", "  cosmo check p.c\n  stdout: verdict false\n");
  std::optional<CosmoRunCache::Run> kept = cache.find("k");
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->exitCode, 1);
  EXPECT_EQ(kept->output, "  cosmo check p.c\n  stdout: verdict false\n");
  EXPECT_EQ(readTextFile(kept->outDir / "report.json"), R"({"verdict": "false"})");
  // The first run kept stays.
  write("out/report.json", R"({"verdict": "true"})");
  cache.store("k", 0, dir_.path() / "out", "");
  EXPECT_EQ(cache.find("k")->exitCode, 1);
  EXPECT_FALSE(cache.find("other").has_value());

  CosmoRunCache off{fs::path()};
  off.store("k", 0, dir_.path() / "out", "");
  EXPECT_FALSE(off.find("k").has_value());
}

} // namespace
} // namespace cosmo::e2e
