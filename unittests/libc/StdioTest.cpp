//===- StdioTest.cpp - libc/stdio.c's output functions against glibc ------===//
//
// The models write nothing; what they return must be what glibc's return.
// glibc's are called on /dev/null, or with stdout sent there for puts and
// putchar.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <unistd.h>

namespace {

// Runs `f` with file descriptor 1 on /dev/null.
template <typename F> auto withStdoutSilenced(F f) {
  fflush(stdout);
  int saved = dup(1);
  FILE *null = fopen("/dev/null", "w");
  dup2(fileno(null), 1);
  auto r = f();
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  fclose(null);
  return r;
}

class Stdio : public ::testing::Test {
protected:
  void SetUp() override { null_ = fopen("/dev/null", "w"); }
  void TearDown() override { fclose(null_); }
  FILE *null_ = nullptr;
};

TEST_F(Stdio, StreamsAreDistinct) {
  EXPECT_NE(cosmo_libc_stdin, nullptr);
  EXPECT_NE(cosmo_libc_stdout, nullptr);
  EXPECT_NE(cosmo_libc_stderr, nullptr);
  EXPECT_NE(cosmo_libc_stdin, cosmo_libc_stdout);
  EXPECT_NE(cosmo_libc_stdout, cosmo_libc_stderr);
}

TEST_F(Stdio, StringOutputReturnsAsGlibc) {
  for (const char *s : {"", "a", "hello world"}) {
    EXPECT_EQ(cosmo_libc_puts(s), withStdoutSilenced([&] { return puts(s); }))
        << s;
    EXPECT_EQ(cosmo_libc_fputs(s, cosmo_libc_stderr), fputs(s, null_)) << s;
  }
}

TEST_F(Stdio, CharacterOutputReturnsAsGlibc) {
  for (int c :
       std::initializer_list<int>{0, 'a', 127, 128, 255, 256 + 'b', -1, -100}) {
    EXPECT_EQ(cosmo_libc_putchar(c),
              withStdoutSilenced([&] { return putchar(c); }))
        << c;
    EXPECT_EQ(cosmo_libc_fputc(c, cosmo_libc_stdout), fputc(c, null_)) << c;
    EXPECT_EQ(cosmo_libc_putc(c, cosmo_libc_stdout), putc(c, null_)) << c;
  }
}

TEST_F(Stdio, FwriteAndFflushReturnAsGlibc) {
  const char data[] = "0123456789";
  for (size_t size : {0, 1, 2, 5})
    for (size_t n : {0, 1, 2}) {
      EXPECT_EQ(cosmo_libc_fwrite(data, size, n, cosmo_libc_stdout),
                fwrite(data, size, n, null_))
          << size << " x " << n;
    }
  EXPECT_EQ(cosmo_libc_fflush(cosmo_libc_stdout), fflush(null_));
  cosmo_libc_perror(nullptr); // reads nothing, writes nothing
  cosmo_libc_perror("message");
}

} // namespace
