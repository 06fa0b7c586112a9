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
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
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

// Doubles: the exact value, rounded to nearest with ties to even, in every
// style, against glibc (in its default rounding mode).
const double kDoubles[] = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.1,
                           1.0 / 3,
                           2.5,
                           3.5,
                           0.125,
                           -0.5,
                           0.5,
                           1.5,
                           9.5,
                           0.05,
                           0.95,
                           99.5,
                           999999.5,
                           9.9999995,
                           1e-300,
                           5e-324,
                           2.2250738585072014e-308, // DBL_MIN
                           2.2250738585072009e-308, // largest subnormal
                           1.1125369292536007e-308, // 2^-1023
                           1.9999999999999998,      // %.3a carries: 0x2.000p+0
                           0.99999999999999989,
                           DBL_MAX,
                           -DBL_MAX,
                           123456789.987654321,
                           1e15,
                           1e16,
                           1e21,
                           1e22,
                           1e23,
                           0.0001,
                           0.00001,
                           123456.0,
                           1234567.0,
                           9007199254740993.0,
                           4.35,
                           -273.15,
                           6.02214076e23,
                           HUGE_VAL,
                           -HUGE_VAL,
                           NAN,
                           -NAN};

TEST(Format, Doubles) {
  const char *formats[] = {
      "%f",      "%.0f",   "%.3f",      "%.20f",   "%e",      "%.0e",
      "%.12e",   "%g",     "%.3g",      "%.10g",   "%#g",     "%a",
      "%.3a",    "%A",     "%+f",       "% f",     "%10.3f",  "%-10.3f|",
      "%010.3f", "%F",     "%E",        "%G",      "%.0g",    "%.1g",
      "%.2g",    "%#.0f",  "%#.0e",     "%#.3g",   "%#a",     "%.0a",
      "%.1a",    "%.13a",  "%.20a",     "%#.0a",   "%+e",     "% .3e",
      "%012e",   "%-12g|", "%+012.4g",  "%020a",   "%-20a|",  "%+a",
      "%.17g",   "%.1f",   "%.2f",      "%.4e",    "%.1e",    "%#G",
      "%.30g",   "%08.2f", "%+010.1e",  "% 010g",  "%5.1f",   "%.15g",
      "%.16g",   "%010F",  "%-010.3f|", "%0-12e|", "%+-14a|", "% -9g|"};
  for (const char *f : formats)
    for (double v : kDoubles)
      expectSameFormat(f, v);
}

TEST(Format, DoublesAtLargePrecisions) {
  const char *formats[] = {"%.1074f", "%.1100f", "%.800e", "%.770g",
                           "%#.800g", "%.2000f", "%.40a",  "%.330f"};
  for (const char *f : formats)
    for (double v : kDoubles) {
      static char m[4096], n[4096];
      int rm = cosmo_libc_snprintf(m, sizeof m, f, v);
      int rn = snprintf(n, sizeof n, f, v);
      EXPECT_EQ(rm, rn) << show(f) << " " << n;
      EXPECT_STREQ(m, n) << show(f);
    }
}

TEST(Format, DoublesWithStarsAndMixedArguments) {
  for (int w : {-12, -1, 0, 5, 14})
    for (int p : {-3, 0, 1, 4, 17})
      for (double v : {0.0, -2.5, 0.125, 1e-5, 3.0e10}) {
        expectSameFormat("%*.*f|", w, p, v);
        expectSameFormat("%*.*e|", w, p, v);
        expectSameFormat("%*.*g|", w, p, v);
        expectSameFormat("%*.*a|", w, p, v);
      }
  expectSameFormat("%d %f %s %e %c %g %a|", -3, 2.75, "x", 1e-7, 'q', 1e100,
                   0.1);
}

// Ties: a decimal midway between two printable values rounds to the even
// one; a binary value just above or below a decimal tie rounds by its
// exact value.
TEST(Format, DoubleTies) {
  for (int k = 0; k < 64; ++k) {
    double v = k / 8.0;
    for (const char *f : {"%.0f", "%.1f", "%.2f", "%.0e", "%.1e", "%.1g",
                          "%.2g", "%.0a", "%.1a", "%#.1g", "%#.2g"})
      expectSameFormat(f, v);
  }
  // Rounding that carries into a new digit, which changes %g's style
  // (glibc keeps style f's digit count: "1.e+06" for %#g of 999999.5).
  for (double v : {9.5, 99.5, 999.5, 9999.5, 999999.5, 9999995.0, 999999.4,
                   0.000099999995, 0.00099999995, 99999.95, 9.96, 0.9996})
    for (const char *f : {"%g", "%#g", "%#.1g", "%#.2g", "%#.3g", "%.3g",
                          "%#.5g", "%#.0g", "%#G", "%#10.3g|"})
      expectSameFormat(f, v);
  for (double v : {0.015, 0.025, 0.035, 0.045, 1.005, 1.015, 2.675, 1e-5 / 2})
    for (const char *f : {"%.2f", "%.1e", "%.2g", "%.3f"})
      expectSameFormat(f, v);
}

// Random bit patterns (every exponent, subnormals, NaN payloads) against
// glibc, in the styles with the most digits.
TEST(Format, RandomDoubles) {
  uint64_t state = 0x2545F4914F6CDD1DULL; // xorshift64, fixed seed
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const char *formats[] = {"%.17g", "%f", "%e", "%a", "%.3a", "%.9g"};
  static char m[2048], n[2048];
  for (int k = 0; k < 4000; ++k) {
    uint64_t bits = next();
    if (k % 4 == 1) // small exponents too: values near 1
      bits = (bits & 0x800fffffffffffffULL) | ((uint64_t)(1013 + k % 20) << 52);
    double v;
    memcpy(&v, &bits, sizeof v);
    for (const char *f : formats) {
      int rm = cosmo_libc_snprintf(m, sizeof m, f, v);
      int rn = snprintf(n, sizeof n, f, v);
      ASSERT_EQ(rm, rn) << show(f) << " bits " << std::hex << bits;
      ASSERT_STREQ(m, n) << show(f) << " bits " << std::hex << bits;
    }
  }
}

// Random doubles with random precisions and flags.
TEST(Format, RandomDoublesAndSpecifications) {
  uint64_t state = 0x9E3779B97F4A7C15ULL;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  const char *flagSets[] = {"", "#", "+", " ", "-", "0", "#0", "+#", "- "};
  const char convs[] = "eEfFgGaA";
  static char m[2048], n[2048];
  for (int k = 0; k < 3000; ++k) {
    uint64_t bits = next();
    if (k % 2) // exponents near 0, where %g and %f vary most
      bits = (bits & 0x800fffffffffffffULL) | ((uint64_t)(1003 + k % 40) << 52);
    if (k % 7 == 0) // short mantissas: exact ties in decimal
      bits &= ~((1ULL << (40 + k % 12)) - 1);
    double v;
    memcpy(&v, &bits, sizeof v);
    char fmt[32];
    uint64_t r = next();
    snprintf(fmt, sizeof fmt, "%%%s%d.%d%c|", flagSets[r % 9],
             static_cast<int>((r >> 8) % 30), static_cast<int>((r >> 16) % 25),
             convs[(r >> 24) % 8]);
    int rm = cosmo_libc_snprintf(m, sizeof m, fmt, v);
    int rn = snprintf(n, sizeof n, fmt, v);
    ASSERT_EQ(rm, rn) << show(fmt) << " bits " << std::hex << bits;
    ASSERT_STREQ(m, n) << show(fmt) << " bits " << std::hex << bits;
  }
}

// Precisions near INT_MAX: counted without writing (glibc is not asked:
// it would build the text).
TEST(Format, DoublesAtHugePrecisions) {
  // %g trims the zeros: 1e300's 301 digits.
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%.2147483640g", 1e300), 301);
  // "1." and the zeros of the precision.
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%#.2147483000g", 1.0), 2147483001);
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%.2147483000f|", -0.5),
            2147483004);
  // "4.", the digits (the exact ones, then zeros), "e-324".
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%.2147483000e", 5e-324),
            2147483007);
  *cosmo_libc___errno_location() = 0;
  EXPECT_EQ(cosmo_libc_snprintf(nullptr, 0, "%.2147483647f", 1e300), -1);
  EXPECT_EQ(*cosmo_libc___errno_location(), EOVERFLOW);
}

// A long double is not computed: consumed, nothing printed.
TEST(Format, LongDoublesPrintNothing) {
  char b[32];
  EXPECT_EQ(cosmo_libc_snprintf(b, sizeof b, "[%Lf|%5.2Le|%Lg|%d]",
                                static_cast<long double>(1.5),
                                static_cast<long double>(2),
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
