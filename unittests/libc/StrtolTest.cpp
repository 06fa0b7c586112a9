//===- StrtolTest.cpp - libc/strtol.c and abs against glibc ---------------===//
//
// Every strto* function on a table of inputs (whitespace, signs, prefixes,
// no digits, digits the base does not have, the limits of each type and one
// past them) in every interesting base, including invalid ones: the value,
// where *endptr points (or that it was left alone) and errno (or that it was
// left alone) agree.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <inttypes.h>
#include <string>
#include <vector>

namespace {

// clang-format off
const std::vector<std::string> kInputs = {
    "", "0", "1", "-1", "+1", "  42", "\t\n\v\f\r 7", "-", "+", " -", "+-1",
    "12abc", "abc", "z", "Z", "zz", "1z", "0x", "0X1f", "0x1g", "-0x10",
    " 0xg", "0x0x1", "010", "08", "0b101", "0.5", "1e3", "  +0", "00000000001",
    "127", "128", "-128", "255", "32767", "-32769", "2147483647", "2147483648",
    "-2147483648", "-2147483649", "4294967295", "4294967296", "-4294967295",
    "-4294967296", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
    "18446744073709551616", "-18446744073709551615", "-18446744073709551616",
    "99999999999999999999999999", "-99999999999999999999999999",
    "7fffffffffffffff", "8000000000000000", "ffffffffffffffff",
    "10000000000000000", "1111111111111111111111111111111111111111111111111111111111111111",
    "11111111111111111111111111111111111111111111111111111111111111111",
    "3w5e11264sgsf", "3w5e11264sgsg", "\x80" "1", "12\xff"};
// clang-format on

const std::vector<int> kBases = {0, 2, 8, 10, 16, 36, 7, 1, 37, -1};

constexpr int kErrnoUntouched = 12345;

// The outcome of one call: value, end offset (-1: *endptr left alone) and
// errno.
template <typename T> struct Outcome {
  T value;
  long end;
  int err;
  bool operator==(const Outcome &o) const {
    return value == o.value && end == o.end && err == o.err;
  }
};

template <typename T>
std::ostream &operator<<(std::ostream &os, const Outcome<T> &o) {
  return os << "{value " << o.value << ", end " << o.end << ", errno " << o.err
            << "}";
}

template <typename T, typename F>
Outcome<T> run(F f, const std::string &s, int base, int &err) {
  char sentinel = 0;
  char *end = &sentinel;
  err = kErrnoUntouched;
  T v = f(s.c_str(), &end, base);
  return {v, end == &sentinel ? -1 : end - s.c_str(), err};
}

template <typename T, typename M, typename N>
void expectSame(const char *name, M model, N native) {
  for (const std::string &s : kInputs)
    for (int base : kBases) {
      Outcome<T> m = run<T>(model, s, base, *cosmo_libc___errno_location());
      Outcome<T> n = run<T>(native, s, base, errno);
      EXPECT_EQ(m, n) << name << "(\"" << s << "\", " << base << ")";
    }
}

TEST(Strtol, EachFunctionAgreesOnEveryInputAndBase) {
  expectSame<long>("strtol", cosmo_libc_strtol, strtol);
  expectSame<long long>("strtoll", cosmo_libc_strtoll, strtoll);
  expectSame<unsigned long>("strtoul", cosmo_libc_strtoul, strtoul);
  expectSame<unsigned long long>("strtoull", cosmo_libc_strtoull, strtoull);
  expectSame<intmax_t>("strtoimax", cosmo_libc_strtoimax, strtoimax);
  expectSame<uintmax_t>("strtoumax", cosmo_libc_strtoumax, strtoumax);
}

// endptr may be NULL.
TEST(Strtol, NullEndPointer) {
  EXPECT_EQ(cosmo_libc_strtol(" -12x", nullptr, 10), -12);
  EXPECT_EQ(cosmo_libc_strtoull("ff", nullptr, 16), 255u);
}

TEST(Strtol, AtoiFamilyAgrees) {
  for (const std::string &s : kInputs) {
    *cosmo_libc___errno_location() = errno = kErrnoUntouched;
    EXPECT_EQ(cosmo_libc_atoi(s.c_str()), atoi(s.c_str())) << s;
    EXPECT_EQ(cosmo_libc_atol(s.c_str()), atol(s.c_str())) << s;
    EXPECT_EQ(cosmo_libc_atoll(s.c_str()), atoll(s.c_str())) << s;
    EXPECT_EQ(*cosmo_libc___errno_location(), errno) << s;
  }
}

TEST(Stdlib, AbsoluteValues) {
  for (int v : {0, 1, -1, 42, -42, INT_MAX, INT_MIN + 1})
    EXPECT_EQ(cosmo_libc_abs(v), abs(v)) << v;
  for (long v : {0L, -5L, LONG_MAX, LONG_MIN + 1})
    EXPECT_EQ(cosmo_libc_labs(v), labs(v)) << v;
  for (long long v : {0LL, -5LL, LLONG_MAX, LLONG_MIN + 1})
    EXPECT_EQ(cosmo_libc_llabs(v), llabs(v)) << v;
  // The minimum has no absolute value; glibc (and the model) return it.
  EXPECT_EQ(cosmo_libc_abs(INT_MIN), INT_MIN);
  EXPECT_EQ(cosmo_libc_labs(LONG_MIN), LONG_MIN);
  EXPECT_EQ(cosmo_libc_llabs(LLONG_MIN), LLONG_MIN);
}

} // namespace
