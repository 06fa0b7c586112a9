//===- StrtodTest.cpp - libc/strtod.c against glibc -----------------------===//
//
// strtod, strtof and atof on a table of inputs (signs, white space, no
// digits, hex, inf and nan, overflow, underflow, halfway cases, long digit
// strings) and on thousands of generated ones: random doubles and floats
// printed by glibc (%.17g, %.25e, %a), and the exact midpoints between
// neighbouring doubles and floats, exactly and perturbed. The bits of the
// result, the end offset and errno agree.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr int kErrnoUntouched = 12345;

template <typename T> struct Outcome {
  T value;
  long end;
  int err;
};

template <typename T> uint64_t bitsOf(T v) {
  if constexpr (sizeof(T) == 8)
    return std::bit_cast<uint64_t>(v);
  else
    return std::bit_cast<uint32_t>(v);
}

template <typename T, typename F>
Outcome<T> run(F f, const std::string &s, int &err) {
  char *end = nullptr;
  err = kErrnoUntouched;
  T v = f(s.c_str(), &end);
  return {v, end - s.c_str(), err};
}

// Returns whether they agree (and reports when not).
template <typename T, typename M, typename N>
bool expectSame(const char *name, M model, N native, const std::string &s) {
  Outcome<T> m = run<T>(model, s, *cosmo_libc___errno_location());
  Outcome<T> n = run<T>(native, s, errno);
  bool same = bitsOf(m.value) == bitsOf(n.value) && m.end == n.end &&
              m.err == n.err;
  EXPECT_TRUE(same) << name << "(\"" << s.substr(0, 200) << "\"): cosmo "
                    << std::hex << bitsOf(m.value) << std::dec << " end "
                    << m.end << " errno " << m.err << ", glibc " << std::hex
                    << bitsOf(n.value) << std::dec << " end " << n.end
                    << " errno " << n.err;
  return same;
}

void checkBoth(const std::string &s) {
  expectSame<double>("strtod", cosmo_libc_strtod, strtod, s);
  expectSame<float>("strtof", cosmo_libc_strtof, strtof, s);
}

std::string thousandDigits() {
  std::string s;
  for (int i = 0; i < 1000; ++i)
    s += char('0' + (i * 7 + 3) % 10);
  return s;
}

// clang-format off
const std::vector<std::string> kInputs = {
    "", "0", "-0", "+0", "1", "-1", "0.1", "3.14159", "1e308", "1.8e308",
    "-1.8e308", "1.7976931348623157e308", "1.7976931348623158e308",
    "1.7976931348623159e308", "4.9e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
    "2.2250738585072011e-308", "2.2250738585072012e-308",
    "2.2250738585072014e-308", "2.225073858507201136057409796709131975934819546351645648e-308",
    "2.2250738585072013830902327173324040642192159804623318305e-308",
    "1e-400", "-1e-400", "1e-320", "1e-310", "0e999999999999999999",
    "1e999999999999999999", "1e-999999999999999999", "0x1.8p3", "0x.1p-2",
    "0X1P-1074", "0x1p-1075", "0x1.0000000000001p-1075", "0x1p1024",
    "0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023", "0x1.fffffffffffff7ffffffp1023",
    "0x1.000000000000080000000001p0", "0x1.00000000000008p0",
    "0x1.00000000000018p0", "0x1.fffffep127", "0x1.ffffffp127", "0x1p-149",
    "0x1p-150", "0x1.000001p-150", "-0x1.000001p-150", "0x1.0000008p-150",
    "0x2.000002p-151", "0x1.00000000000008p-1075", "0x1.00000000000018p-1075",
    "0x1.00000000000004p-1075", "0x1.000000000000080000000000001p-1075",
    "0x8.0000000000004p-1078", "0x1p-126", "0x1.fffffep-127", "0x1.ffffffp-127",
    "0x0.0000000000000000000000000001p1", "0x0p99999", "-0x", "0x", "0xg",
    "0x.", "0x.p1", "0xp1", "0x1p", "0x1p+", "0x1P-", "0x1.", "0x1.8",
    "0x123456789abcdef0123p0", "inf", "-Infinity", "INFINITY", "infinit",
    "infx", "in", "nan", "-nan", "NaN", "nan(123)", "nan(0x7f)", "nan(abc)",
    "nan()", "nan(", "nan(1", "nan(_a)", "nan(0xfffffffffffffffff)",
    "nan(-1)", "  +12.5e-1xyz", "\t\n\v\f\r 7", "e5", ".", "-", "+", "-.",
    ".e1", "0x", "1e", "1e+", "1e-", "1E5", "1.e5", ".5", "5.", "00", "00x",
    "0e", "-0.0e-5", "123456789012345678901234567890", "9007199254740993",
    "9007199254740995", "9007199254740993.000000000000000000000000001",
    "9007199254740992.99999999999999999999999", "9007199254740994",
    "16777217", "16777219", "16777217.0000000001", "3.4028235e38",
    "3.4028236e38", "3.40282356779733661637539395458142568448e38",
    "1.40129846e-45", "7.00649232e-46", "7.006492321624085354618e-46",
    "7.0064923216240853546186479164495806564013097093825788587853414194e-46",
    "1.17549435e-38", "1.1754942e-38", "1.17549428e-38",
    "0.000000000000000000000000000000000000000000001", "1e40", "1e-50",
    "1,5", "1..5", "--1", "+-1", " - 1", "12abc", "0.0000001e7",
    "100000000000000000000000000000000000000000000e-44",
    "1" + std::string(400, '0'), "0." + std::string(400, '0') + "1",
    "1" + std::string(900, '0') + "e-900",
    "1" + std::string(900, '0') + "1e-900",
    thousandDigits(), "0." + thousandDigits(), thousandDigits() + "e-1000",
    thousandDigits() + "e-1300", "1e-" + std::string(30, '9'),
    "\x80" "1", "1\xff"};
// clang-format on

TEST(Strtod, TableAgreesWithGlibc) {
  for (const std::string &s : kInputs)
    checkBoth(s);
}

TEST(Strtod, NullEndPointerAndAtof) {
  EXPECT_EQ(cosmo_libc_strtod(" -2.5x", nullptr), -2.5);
  EXPECT_EQ(cosmo_libc_strtof("0.5", nullptr), 0.5f);
  for (const std::string &s : kInputs) {
    *cosmo_libc___errno_location() = errno = kErrnoUntouched;
    EXPECT_EQ(bitsOf(cosmo_libc_atof(s.c_str())), bitsOf(atof(s.c_str())))
        << s.substr(0, 100);
    EXPECT_EQ(*cosmo_libc___errno_location(), errno) << s.substr(0, 100);
  }
}

std::string print(const char *fmt, double v) {
  char buf[1500];
  snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string printLong(const char *fmt, long double v) {
  char buf[1500];
  snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

TEST(Strtod, RandomDoublesRoundTrip) {
  std::mt19937_64 rng(20261126);
  for (int i = 0; i < 3000; ++i) {
    uint64_t b = rng();
    if (i % 4 == 1) // small exponents: subnormals and near them
      b &= 0x803fffffffffffffull;
    double v = std::bit_cast<double>(b);
    for (const char *fmt : {"%.17g", "%.25e", "%a", "%.6g", "%.16e"})
      checkBoth(print(fmt, v));
  }
}

// The exact midpoints between neighbouring doubles (and floats), and the
// same a little below and above: the hard cases of rounding.
TEST(Strtod, MidpointsAgree) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 600; ++i) {
    uint64_t b = rng() & 0x7fffffffffffffffull;
    if (i % 3 == 1)
      b &= 0x003fffffffffffffull;
    if ((b >> 52) == 0x7ff)
      continue;
    double v = std::bit_cast<double>(b);
    double next = nextafter(v, INFINITY);
    long double mid = ((long double)v + (long double)next) / 2;
    std::string exact = printLong("%.800Le", mid);
    // Strip the trailing zeros of the exact text's mantissa.
    size_t e = exact.find('e');
    std::string mant = exact.substr(0, e), ex = exact.substr(e);
    while (mant.back() == '0')
      mant.pop_back();
    checkBoth(mant + ex);
    checkBoth(mant + "0000000000000000000001" + ex);
    checkBoth(printLong("%.40Le", mid));
    checkBoth(printLong("%.18Le", mid));
    float f;
    uint32_t fb = (uint32_t)rng() & 0x7fffffffu;
    if (i % 3 == 1)
      fb &= 0x01ffffffu;
    if ((fb >> 23) == 0xff)
      continue;
    memcpy(&f, &fb, 4);
    double fmid = ((double)f + (double)nextafterf(f, INFINITY)) / 2;
    std::string fexact = print("%.200e", fmid);
    e = fexact.find('e');
    mant = fexact.substr(0, e);
    ex = fexact.substr(e);
    while (mant.back() == '0')
      mant.pop_back();
    checkBoth(mant + ex);
    checkBoth(mant + "000000000001" + ex);
    checkBoth(print("%.12e", fmid));
  }
}

// Random digit strings, points and exponents around both ranges, and
// random hex strings near the subnormals.
TEST(Strtod, RandomTextsAgree) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 20000; ++i) {
    std::string s = rng() % 5 == 0 ? "-" : "";
    bool hex = i % 4 == 3;
    if (hex)
      s += "0x";
    int digits = 1 + (int)(rng() % (i % 10 == 0 ? 120 : 25));
    int point = (int)(rng() % (digits + 2)) - 1;
    for (int d = 0; d < digits; ++d) {
      if (d == point)
        s += '.';
      s += "0123456789abcdef"[rng() % (hex ? 16 : 10)];
    }
    int exp;
    if (hex) // near the doubles' subnormals, or the floats'
      exp = i % 8 == 3 ? -1180 + (int)(rng() % 100) : -200 + (int)(rng() % 80);
    else if (i % 2)
      exp = -360 + (int)(rng() % 700);
    else
      exp = -70 + (int)(rng() % 120);
    s += (hex ? "p" : "e") + std::to_string(exp);
    checkBoth(s);
  }
}

} // namespace
