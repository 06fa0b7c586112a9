//===- StringTest.cpp - libc/string.c against glibc -----------------------===//
//
// Every function on every string (or pair of strings) of a table of edge
// cases: empty, one byte, repeats, bytes above 127, embedded NULs for the
// mem* functions. Comparisons agree in sign; pointer results as offsets.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

const std::vector<std::string> kStrings = {
    "",       "a",   "b",           "ab",       "abc",       "abd",
    "aab",    "aaa", "hello world", "hello",    "world",     " \t x",
    "a,b;;c", ";;",  "\x80",        "\xff\x01", "abcabcabd", "bcab"};

// Byte strings with NULs inside, for the mem* functions.
const std::vector<std::string> kBytes = {std::string(),
                                         std::string("\0", 1),
                                         std::string("a\0b", 3),
                                         std::string("a\0c", 3),
                                         std::string("\xff\0\x80", 3),
                                         "abcdefgh",
                                         "abcdefgi"};

int sign(int v) { return (v > 0) - (v < 0); }

// Offset of `p` in `base`, or -1 for NULL.
long offsetIn(const void *p, const void *base) {
  return p ? static_cast<const char *>(p) - static_cast<const char *>(base)
           : -1;
}

TEST(String, Lengths) {
  for (const std::string &s : kStrings) {
    EXPECT_EQ(cosmo_libc_strlen(s.c_str()), strlen(s.c_str())) << s;
    for (size_t max : {0, 1, 2, 5, 100})
      EXPECT_EQ(cosmo_libc_strnlen(s.c_str(), max), strnlen(s.c_str(), max))
          << s << " " << max;
  }
}

TEST(String, Comparisons) {
  for (const std::string &a : kStrings)
    for (const std::string &b : kStrings) {
      const char *x = a.c_str(), *y = b.c_str();
      EXPECT_EQ(sign(cosmo_libc_strcmp(x, y)), sign(strcmp(x, y)))
          << a << "|" << b;
      EXPECT_EQ(sign(cosmo_libc_strcoll(x, y)), sign(strcmp(x, y)))
          << a << "|" << b;
      for (size_t n : {0, 1, 2, 3, 50})
        EXPECT_EQ(sign(cosmo_libc_strncmp(x, y, n)), sign(strncmp(x, y, n)))
            << a << "|" << b << " " << n;
    }
  for (const std::string &a : kBytes)
    for (const std::string &b : kBytes) {
      size_t n = std::min(a.size(), b.size());
      for (size_t k = 0; k <= n; ++k)
        EXPECT_EQ(sign(cosmo_libc_memcmp(a.data(), b.data(), k)),
                  sign(memcmp(a.data(), b.data(), k)));
    }
}

TEST(String, Searches) {
  for (const std::string &s : kStrings) {
    const char *p = s.c_str();
    for (int c : std::initializer_list<int>{0, 'a', 'b', 'c', ' ', ';', 0x80,
                                            0xff, -1, 'a' + 256}) {
      EXPECT_EQ(offsetIn(cosmo_libc_strchr(p, c), p), offsetIn(strchr(p, c), p))
          << s << " " << c;
      EXPECT_EQ(offsetIn(cosmo_libc_strrchr(p, c), p),
                offsetIn(strrchr(p, c), p))
          << s << " " << c;
    }
    for (const std::string &t : kStrings)
      EXPECT_EQ(offsetIn(cosmo_libc_strstr(p, t.c_str()), p),
                offsetIn(strstr(p, t.c_str()), p))
          << s << " in " << t;
    for (const char *set : {"", "a", "ab", " \t", ";,", "\x80\xff", "xyz"}) {
      EXPECT_EQ(cosmo_libc_strspn(p, set), strspn(p, set)) << s << " " << set;
      EXPECT_EQ(cosmo_libc_strcspn(p, set), strcspn(p, set)) << s << " " << set;
      EXPECT_EQ(offsetIn(cosmo_libc_strpbrk(p, set), p),
                offsetIn(strpbrk(p, set), p))
          << s << " " << set;
    }
  }
  for (const std::string &b : kBytes)
    for (int c : std::initializer_list<int>{0, 'a', 'c', 0xff, 0x80, 0x180})
      for (size_t n = 0; n <= b.size(); ++n)
        EXPECT_EQ(offsetIn(cosmo_libc_memchr(b.data(), c, n), b.data()),
                  offsetIn(memchr(b.data(), c, n), b.data()));
}

// Runs `model` and `native` on two copies of a buffer filled with a pattern
// (so bytes they must not touch are checked too) and compares the buffers
// and the returned pointers.
template <typename F, typename G>
void expectSameWrites(F model, G native, const std::string &what) {
  char a[64], b[64];
  for (size_t k = 0; k < sizeof a; ++k)
    a[k] = b[k] = static_cast<char>('A' + k % 26);
  a[10] = b[10] = 0; // a string "ABCDEFGHIJ" to append to
  EXPECT_EQ(offsetIn(model(a), a), offsetIn(native(b), b)) << what;
  EXPECT_EQ(std::string(a, sizeof a), std::string(b, sizeof b)) << what;
}

TEST(String, Copies) {
  for (const std::string &s : kStrings) {
    const char *src = s.c_str();
    expectSameWrites([&](char *d) { return cosmo_libc_strcpy(d + 2, src); },
                     [&](char *d) { return strcpy(d + 2, src); },
                     "strcpy " + s);
    expectSameWrites([&](char *d) { return cosmo_libc_strcat(d, src); },
                     [&](char *d) { return strcat(d, src); }, "strcat " + s);
    for (size_t n : {0, 1, 3, 20}) {
      std::string what = s + " " + std::to_string(n);
      expectSameWrites(
          [&](char *d) { return cosmo_libc_strncpy(d + 1, src, n); },
          [&](char *d) { return strncpy(d + 1, src, n); }, "strncpy " + what);
      expectSameWrites([&](char *d) { return cosmo_libc_strncat(d, src, n); },
                       [&](char *d) { return strncat(d, src, n); },
                       "strncat " + what);
    }
  }
  for (const std::string &b : kBytes) {
    const char *src = b.data();
    size_t n = b.size();
    expectSameWrites([&](char *d) { return cosmo_libc_memcpy(d + 3, src, n); },
                     [&](char *d) { return memcpy(d + 3, src, n); }, "memcpy");
    for (int c : std::initializer_list<int>{0, 'z', 0x1ff})
      expectSameWrites([&](char *d) { return cosmo_libc_memset(d + 1, c, n); },
                       [&](char *d) { return memset(d + 1, c, n); }, "memset");
  }
  // Overlapping moves, both directions.
  for (int from : {0, 5, 10})
    for (int to : {0, 3, 7, 12})
      for (size_t n : {0, 1, 8, 20})
        expectSameWrites(
            [&](char *d) { return cosmo_libc_memmove(d + to, d + from, n); },
            [&](char *d) { return memmove(d + to, d + from, n); },
            "memmove " + std::to_string(from) + "->" + std::to_string(to));
}

TEST(String, Duplicates) {
  for (const std::string &s : kStrings) {
    char *d = cosmo_libc_strdup(s.c_str());
    ASSERT_NE(d, nullptr);
    EXPECT_STREQ(d, s.c_str());
    free(d);
    for (size_t n : {0, 1, 4, 100}) {
      char *m = cosmo_libc_strndup(s.c_str(), n);
      char *g = strndup(s.c_str(), n);
      EXPECT_STREQ(m, g) << s << " " << n;
      free(m);
      free(g);
    }
  }
}

// The sequence of tokens strtok returns, and the string left behind.
template <typename Tok>
std::vector<std::string> tokens(std::string s, const char *delim, Tok tok) {
  std::vector<char> buf(s.begin(), s.end());
  buf.push_back(0);
  std::vector<std::string> out;
  for (char *t = tok(buf.data(), delim); t; t = tok(nullptr, delim))
    out.push_back(std::to_string(t - buf.data()) + ":" + t);
  out.push_back(std::string(buf.data(), buf.size())); // NULs written
  return out;
}

TEST(String, Tokens) {
  for (const std::string &s : kStrings)
    for (const char *delim : {"", ";", ",;", " \t", "a"}) {
      auto native =
          tokens(s, delim, [](char *p, const char *d) { return strtok(p, d); });
      EXPECT_EQ(tokens(s, delim, cosmo_libc_strtok), native)
          << s << " " << delim;
      char *rest = nullptr, *nativeRest = nullptr;
      EXPECT_EQ(tokens(s, delim,
                       [&](char *p, const char *d) {
                         return cosmo_libc_strtok_r(p, d, &rest);
                       }),
                tokens(s, delim,
                       [&](char *p, const char *d) {
                         return strtok_r(p, d, &nativeRest);
                       }))
          << s << " " << delim;
    }
}

} // namespace
