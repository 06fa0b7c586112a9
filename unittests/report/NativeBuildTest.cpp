// The flags of a native build and the one line that says why it failed; the
// builds themselves need clang and run in tests/e2e (NativeReplayTest).
#include "cosmo/report/NativeBuild.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace cosmo::report {
namespace {

bool has(const std::vector<std::string> &flags, const std::string &flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

TEST(NativeBuild, OverflowAndShiftChecksFollowTheCheckOptions) {
  std::vector<std::string> plain = nativeSanitizerFlags({});
  EXPECT_TRUE(has(plain, "-fsanitize=address,undefined"));
  EXPECT_TRUE(has(plain, "-fno-sanitize-recover=all"));
  EXPECT_TRUE(has(plain, "-no-pie"));
  EXPECT_TRUE(has(plain, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_TRUE(has(plain, "-fno-sanitize=shift-base"));
  EXPECT_TRUE(has(plain, "-fno-sanitize=shift-exponent"));

  // A signed left shift whose result does not fit is an overflow.
  std::vector<std::string> overflow = nativeSanitizerFlags({"overflow"});
  EXPECT_FALSE(has(overflow, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_FALSE(has(overflow, "-fno-sanitize=shift-base"));
  EXPECT_TRUE(has(overflow, "-fno-sanitize=shift-exponent"));

  std::vector<std::string> shift = nativeSanitizerFlags({"shift"});
  EXPECT_TRUE(has(shift, "-fno-sanitize=shift-base"));
  EXPECT_FALSE(has(shift, "-fno-sanitize=shift-exponent"));

  std::vector<std::string> both = nativeSanitizerFlags({"shift,overflow"});
  EXPECT_FALSE(has(both, "-fno-sanitize=signed-integer-overflow"));
  EXPECT_FALSE(has(both, "-fno-sanitize=shift-base"));
  EXPECT_FALSE(has(both, "-fno-sanitize=shift-exponent"));
}

TEST(NativeBuild, FirstErrorLinePrefersTheDiagnostic) {
  EXPECT_EQ(firstErrorLine("p.c:1:5: warning: unused\n"
                           "p.c:3:10: error: use of undeclared identifier 'x'\n"
                           "p.c:4:1: error: expected '}'\n"
                           "2 errors generated.\n"),
            "p.c:3:10: error: use of undeclared identifier 'x'");
  EXPECT_EQ(
      firstErrorLine("/usr/bin/ld: /tmp/p-1.o: in function `main':\n"
                     "/w/p.c:2: undefined reference to `mystery'\n"
                     "clang: error: linker command failed with exit code 1\n"),
      "/w/p.c:2: undefined reference to `mystery'");
  EXPECT_EQ(firstErrorLine("ld.lld: error: undefined symbol: mystery\n"
                           ">>> referenced by p.c:2\n"
                           "clang: error: linker command failed with exit "
                           "code 1\n"),
            "ld.lld: error: undefined symbol: mystery");
  EXPECT_EQ(firstErrorLine("clang: error: no such file or directory: 'x.c'\n"),
            "clang: error: no such file or directory: 'x.c'");
  EXPECT_EQ(firstErrorLine("\n  something odd\n"), "something odd");
  EXPECT_EQ(firstErrorLine(""), "");
}

TEST(NativeBuild, BuildErrorsSayWhatAndWhyOnOneLine) {
  llvm::Error e = llvm::make_error<NativeBuildError>(
      "prog.c", "clang-14 prog.c", "prog.c:2:3: error: x\n1 error generated.\n",
      "prog.c:2:3: error: x");
  EXPECT_EQ(llvm::toString(std::move(e)),
            "cannot build prog.c natively: prog.c:2:3: error: x");
}

TEST(NativeBuild, AMissingCompilerIsABuildError) {
  NativeToolchain toolchain{"/nonexistent/clang-14", "/nonexistent/include",
                            "/nonexistent/replay.c", "llvm-symbolizer", ""};
  auto built = buildNativeProgram(toolchain, "prog.c", {}, "/tmp");
  ASSERT_FALSE(bool(built));
  std::string message = llvm::toString(built.takeError());
  EXPECT_NE(message.find("cannot build the replay runtime"), std::string::npos)
      << message;
  EXPECT_NE(message.find("/nonexistent/clang-14"), std::string::npos)
      << message;
}

TEST(NativeBuild, PathFlagsBecomeAbsoluteAgainstTheUnitsDirectory) {
  using Flags = std::vector<std::string>;
  Flags flags = {"-Iinc", "-I", "../other", "-I/abs", "-isystem", "sys",
                 "-include", "config.h", "-DX=inc", "-std=c99"};
  EXPECT_EQ(flagsWithAbsolutePaths(flags, "/build/dir"),
            Flags({"-I/build/dir/inc", "-I", "/build/other", "-I/abs",
                   "-isystem", "/build/dir/sys", "-include",
                   "/build/dir/config.h", "-DX=inc", "-std=c99"}));
  EXPECT_EQ(flagsWithAbsolutePaths(flags, ""), flags);
}

} // namespace
} // namespace cosmo::report
