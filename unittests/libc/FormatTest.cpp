//===- FormatTest.cpp - libc/format.c (the printf family) against glibc ---===//
//
// Each format, on each value of a table, through snprintf with buffers of
// several sizes (the return value and the whole buffer, so truncation and
// bytes that must stay untouched are compared), snprintf(NULL, 0), sprintf
// and printf (which only counts: its result against glibc's count). Formats
// are passed as variables, as printf's own callers may, so the compiler
// checks nothing and every flag combination glibc accepts can be tried.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

// The tests truncate on purpose, which GCC warns about when it can see it.
#pragma GCC diagnostic ignored "-Wformat-truncation"

namespace {

constexpr size_t kBuf = 320;
const size_t kSizes[] = {0, 1, 2, 5, 16, kBuf - 20};

std::string show(const char *fmt) {
  return std::string("format \"") + fmt + "\"";
}

template <typename... A> void expectSameFormat(const char *fmt, A... args) {
  for (size_t size : kSizes) {
    char m[kBuf], n[kBuf];
    memset(m, '#', kBuf);
    memset(n, '#', kBuf);
    int rm = cosmo_libc_snprintf(m, size, fmt, args...);
    int rn = snprintf(n, size, fmt, args...);
    EXPECT_EQ(rm, rn) << show(fmt) << ", size " << size;
    EXPECT_EQ(std::string(m, kBuf), std::string(n, kBuf))
        << show(fmt) << ", size " << size;
  }
  int count = snprintf(nullptr, 0, fmt, args...);
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, fmt, args...), count) << show(fmt);
  EXPECT_EQ(cosmo_libc_printf(fmt, args...), count) << show(fmt);
  EXPECT_EQ(cosmo_libc_fprintf(cosmo_libc_stderr, fmt, args...), count)
      << show(fmt);
  if (count >= 0 && static_cast<size_t>(count) < kBuf) {
    char m[kBuf], n[kBuf];
    memset(m, '#', kBuf);
    memset(n, '#', kBuf);
    EXPECT_EQ(cosmo_libc_sprintf(m, fmt, args...), sprintf(n, fmt, args...));
    EXPECT_EQ(std::string(m, kBuf), std::string(n, kBuf)) << show(fmt);
  }
}

TEST(Format, Ints) {
  const char *formats[] = {
      "%d",     "%i",     "%5d",    "%-5d|", "%05d",    "%+d",    "% d",
      "%+ d",   "%.3d",   "%.0d",   "%8.3d", "%-8.3d|", "%08.3d", "%-+8d|",
      "% 05d",  "%0-5d|", "%hd",    "%hhd",  "%hhi",    "%u",     "%5u",
      "%+u",    "% u",    "%hu",    "%hhu",  "%x",      "%X",     "%#x",
      "%#X",    "%#08x",  "%#-8x|", "%#.5x", "%#.0x",   "%.0x",   "%hx",
      "%hhX",   "%o",     "%#o",    "%#.0o", "%#5o",    "%#.3o",  "%#08o",
      "%.0o",   "%c",     "%5c",    "%-3c|", "%.0c",    "%05c",   "[%d%%]",
      "%%%d%%", "%5%%d"};
  const int values[] = {
      0,  1,   -1,  7,   8,    9,    10,    15,    16,        42,      -42,
      99, 100, 255, 256, -128, -129, 65535, 65536, 123456789, INT_MAX, INT_MIN};
  for (const char *f : formats)
    for (int v : values)
      expectSameFormat(f, v);
}

TEST(Format, WideInts) {
  const char *formats[] = {"%ld",       "%lu",     "%lx",     "%lld", "%llu",
                           "%llx",      "%llX",    "%#llo",   "%lli", "%20lld",
                           "%-+25lld|", "%.20llu", "%020lld", "%jd",  "%ju",
                           "%zd",       "%zu",     "%zx",     "%td",  "%tu",
                           "%qd",       "%Ld",     "% lld",   "%#llx"};
  const long long values[] = {0,
                              -1,
                              LLONG_MAX,
                              LLONG_MIN,
                              1LL << 32,
                              -(1LL << 40),
                              1234567890123456789LL,
                              -999999999999LL};
  for (const char *f : formats)
    for (long long v : values)
      expectSameFormat(f, v);
}

TEST(Format, Strings) {
  const char *formats[] = {"%s",    "%10s",  "%-10s|",  "%.0s", "%.2s",
                           "%.10s", "%5.2s", "%-5.2s|", "%05s", "[%s][%s]"};
  const char *values[] = {"", "a", "hello", "hello world, a longer string",
                          "\x80\xff"};
  for (const char *f : formats)
    for (const char *v : values)
      expectSameFormat(f, v, "second");
  // NULL prints "(null)", or nothing when the precision cuts it.
  for (const char *f : {"%s", "%.3s", "%.5s", "%.6s", "%10s", "%-8.7s|"})
    expectSameFormat(f, static_cast<const char *>(nullptr));
  // The precision bounds the read: no NUL needed within it.
  const char unterminated[3] = {'a', 'b', 'c'};
  expectSameFormat("%.3s|%.2s", unterminated, unterminated);
}

TEST(Format, Pointers) {
  const char *formats[] = {"%p",  "%20p",  "%-20p|", "%+p",     "% p",
                           "%#p", "%.20p", "%020p",  "%-+20p|", "%+020p"};
  void *values[] = {nullptr, reinterpret_cast<void *>(1),
                    reinterpret_cast<void *>(0x10),
                    reinterpret_cast<void *>(0xdeadbeef),
                    reinterpret_cast<void *>(UINTPTR_MAX)};
  for (const char *f : formats)
    for (void *v : values)
      expectSameFormat(f, v);
}

TEST(Format, StarWidthAndPrecision) {
  for (int w : {-10, -1, 0, 3, 12})
    for (int p : {-5, -1, 0, 1, 3, 8})
      for (int v : {0, 42, -42}) {
        expectSameFormat("%*d|", w, v);
        expectSameFormat("%.*d|", p, v);
        expectSameFormat("%*.*x|", w, p, v);
        expectSameFormat("%-*.*s|", w, p, "hello");
      }
}

TEST(Format, TextAndOddSpecifications) {
  for (const char *f : {"", "plain text", "100%% sure", "%5%", "%-5%|", "%5y",
                        "%#-5.3y", "%k%d"})
    expectSameFormat(f, 17);
  expectSameFormat("%d %s %c %u %x %p %%", -3, "str", 'q', 3u, 0xabcu,
                   static_cast<void *>(nullptr));
  expectSameFormat("%c%c%c", 'a', 0, 'b'); // a NUL inside the output
}

// A format ending inside a specification: -1, as glibc.
TEST(Format, FormatEndingInsideASpecificationFails) {
  for (const char *f : {"abc%", "abc%5", "abc%-", "%ll", "%."}) {
    char m[16], n[16];
    EXPECT_EQ(cosmo_libc_snprintf(m, sizeof m, f, 1), -1) << f;
    EXPECT_EQ(snprintf(n, sizeof n, f, 1), -1) << f;
  }
}

TEST(Format, CountsStoredByPercentN) {
  int m = -1, n = -1;
  signed char mc = -1, nc = -1;
  long long ml = -1, nl = -1;
  short ms = -1, ns = -1;
  size_t mz = 1, nz = 1;
  char bm[32], bn[32];
  const char *fmt = "ab%ncde%hhnfg%lln%hn%zn"; // cut after 3 characters
  EXPECT_EQ(cosmo_libc_snprintf(bm, 4, fmt, &m, &mc, &ml, &ms, &mz),
            snprintf(bn, 4, fmt, &n, &nc, &nl, &ns, &nz));
  EXPECT_EQ(m, n);
  EXPECT_EQ(mc, nc);
  EXPECT_EQ(ml, nl);
  EXPECT_EQ(ms, ns);
  EXPECT_EQ(mz, nz);
  EXPECT_EQ(ml, 7);
}

// cosmo does not print floating point (it refuses floating-point arguments
// at the call): the conversions consume their argument and print nothing.
TEST(Format, FloatingPointConversionsPrintNothing) {
  char b[32];
  EXPECT_EQ(cosmo_libc_snprintf(b, sizeof b, "[%f|%5.2e|%Lg|%d]", 1.5, 2.0,
                                static_cast<long double>(3), 7),
            6);
  EXPECT_STREQ(b, "[|||7]");
}

// A count above INT_MAX is -1 with errno EOVERFLOW (glibc's behaviour; not
// compared, glibc would try to allocate the padding).
TEST(Format, CountAboveIntMaxOverflows) {
  *cosmo_libc___errno_location() = 0;
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%*d", INT_MAX, 1), INT_MAX);
  EXPECT_EQ(*cosmo_libc___errno_location(), 0);
  EXPECT_EQ(cosmo_libc_printf("%*d%*d", INT_MAX, 1, INT_MAX, 1), -1);
  EXPECT_EQ(*cosmo_libc___errno_location(), EOVERFLOW);
}

// The v* forms, through va_lists.
int modelV(char *buf, size_t n, const char *fmt, ...) {
  va_list ap, aq, ar, as;
  va_start(ap, fmt);
  va_copy(aq, ap);
  va_copy(ar, ap);
  va_copy(as, ap);
  int bounded = cosmo_libc_vsnprintf(buf, n, fmt, ap);
  char big[kBuf];
  int unbounded = cosmo_libc_vsprintf(big, fmt, aq);
  int counted = cosmo_libc_vprintf(fmt, ar);
  int streamed = cosmo_libc_vfprintf(cosmo_libc_stdout, fmt, as);
  va_end(ap);
  va_end(aq);
  va_end(ar);
  va_end(as);
  EXPECT_EQ(bounded, unbounded);
  EXPECT_EQ(bounded, counted);
  EXPECT_EQ(bounded, streamed);
  return bounded;
}

int nativeV(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

TEST(Format, VariadicListForms) {
  for (size_t size : kSizes) {
    char m[kBuf], n[kBuf];
    memset(m, '#', kBuf);
    memset(n, '#', kBuf);
    const char *fmt = "%s=%-6d|%#llx|%c";
    EXPECT_EQ(modelV(m, size, fmt, "key", -17, 0xfeedULL, 'z'),
              nativeV(n, size, fmt, "key", -17, 0xfeedULL, 'z'));
    EXPECT_EQ(std::string(m, kBuf), std::string(n, kBuf)) << size;
  }
}

} // namespace
