//===- MathTest.cpp - libc/math.c against glibc ---------------------------===//
//
// frexp, ldexp, scalbn, modf and their float versions on special values
// (zeros, infinities, NaNs, subnormals, the extremes) and random bits, with
// exponents that overflow, underflow and land among the subnormals (glibc
// sets errno in scalbn as in ldexp: they are one function there): the
// bits of the results, the exponent or integral part, and errno agree.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <bit>
#include <vector>

namespace {

constexpr int kErrnoUntouched = 12345;

uint64_t bits(double v) { return std::bit_cast<uint64_t>(v); }
uint32_t bits(float v) { return std::bit_cast<uint32_t>(v); }
double dbl(uint64_t b) { return std::bit_cast<double>(b); }
float flt(uint32_t b) { return std::bit_cast<float>(b); }

std::vector<double> doubles() {
  std::vector<double> v = {0.0,
                           -0.0,
                           1.0,
                           -1.0,
                           0.5,
                           1.5,
                           -2.75,
                           3.0,
                           1e300,
                           -1e-300,
                           4.5e15,
                           9007199254740993.0,
                           4503599627370495.5,
                           1e16,
                           dbl(0x0000000000000001ull),
                           dbl(0x000fffffffffffffull),
                           dbl(0x0010000000000000ull),
                           dbl(0x8000000000000003ull),
                           dbl(0x7fefffffffffffffull),
                           dbl(0x7ff0000000000000ull),
                           dbl(0xfff0000000000000ull),
                           dbl(0x7ff8000000000000ull),
                           dbl(0xfff8000000000001ull),
                           dbl(0x7ff0000000000001ull)};
  std::mt19937_64 rng(99);
  for (int i = 0; i < 2000; ++i) {
    uint64_t b = rng();
    if (i % 3 == 0)
      b &= 0x800fffffffffffffull | (uint64_t)(rng() % 8) << 52;
    if (i % 3 == 1)
      b = (b & 0x800fffffffffffffull) | (uint64_t)(1023 + rng() % 60) << 52;
    v.push_back(dbl(b));
  }
  return v;
}

std::vector<float> floats() {
  std::vector<float> v = {0.0f,          -0.0f,         1.0f,
                          -1.0f,         0.5f,          2.5f,
                          8388609.0f,    flt(1),        flt(0x007fffff),
                          flt(0x00800000), flt(0x7f7fffff), flt(0x7f800000),
                          flt(0xff800000), flt(0x7fc00000), flt(0x7f800001)};
  std::mt19937 rng(5);
  for (int i = 0; i < 2000; ++i) {
    uint32_t b = rng();
    if (i % 3 == 0)
      b &= 0x807fffffu | (rng() % 8) << 23;
    if (i % 3 == 1)
      b = (b & 0x807fffffu) | (127 + rng() % 30) << 23;
    v.push_back(flt(b));
  }
  return v;
}

const std::vector<int> kExponents = {0,     1,     -1,    2,     -2,    10,
                                     -10,   52,    -52,   60,    -60,   126,
                                     -126,  149,   -149,  150,   -150,  1022,
                                     -1022, 1023,  -1023, 1074,  -1074, 1075,
                                     -1075, 1076,  -1076, 2000,  -2000, 100000,
                                     -100000, INT_MAX, INT_MIN};

TEST(Math, FrexpAgrees) {
  for (double x : doubles()) {
    int em = 77, en = 77;
    double m = cosmo_libc_frexp(x, &em), n = frexp(x, &en);
    EXPECT_EQ(bits(m), bits(n)) << std::hexfloat << x;
    EXPECT_EQ(em, en) << std::hexfloat << x;
  }
  for (float x : floats()) {
    int em = 77, en = 77;
    float m = cosmo_libc_frexpf(x, &em), n = frexpf(x, &en);
    EXPECT_EQ(bits(m), bits(n)) << std::hexfloat << x;
    EXPECT_EQ(em, en) << std::hexfloat << x;
  }
}

TEST(Math, LdexpAndScalbnAgree) {
  int &cerr = *cosmo_libc___errno_location();
  // cosmo's `mine` and glibc's `theirs` give the same bits and errno.
  auto agree = [&](auto x, int e, auto mine, auto theirs) {
    cerr = errno = kErrnoUntouched;
    auto m = mine(x, e), n = theirs(x, e);
    EXPECT_EQ(bits(m), bits(n)) << std::hexfloat << x << " " << e;
    EXPECT_EQ(cerr, errno) << std::hexfloat << x << " " << e;
  };
  for (double x : doubles())
    for (int e : kExponents) {
      agree(x, e, cosmo_libc_ldexp, ::ldexp);
      agree(x, e, cosmo_libc_scalbn, ::scalbn);
    }
  for (float x : floats())
    for (int e : kExponents) {
      agree(x, e, cosmo_libc_ldexpf, ::ldexpf);
      agree(x, e, cosmo_libc_scalbnf, ::scalbnf);
    }
}

TEST(Math, ModfAgrees) {
  for (double x : doubles()) {
    double im = 7, in = 7;
    double m = cosmo_libc_modf(x, &im), n = modf(x, &in);
    EXPECT_EQ(bits(m), bits(n)) << std::hexfloat << x;
    EXPECT_EQ(bits(im), bits(in)) << std::hexfloat << x;
  }
  for (float x : floats()) {
    float im = 7, in = 7;
    float m = cosmo_libc_modff(x, &im), n = modff(x, &in);
    EXPECT_EQ(bits(m), bits(n)) << std::hexfloat << x;
    EXPECT_EQ(bits(im), bits(in)) << std::hexfloat << x;
  }
}

} // namespace
