//===- CtypeTest.cpp - libc/ctype.c and ctype_tables.c against glibc ------===//
//
// Every argument a program may pass (EOF, signed and unsigned chars), in
// the C locale the tests run in. The class functions agree in truth (glibc
// returns table bits, the models 0 or 1); tolower, toupper and the tables
// behind glibc's <ctype.h> macros agree exactly.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <ctype.h>

namespace {

struct Class {
  const char *name;
  int (*model)(int);
  int (*native)(int);
};

const Class kClasses[] = {
    {"isalnum", cosmo_libc_isalnum, isalnum},
    {"isalpha", cosmo_libc_isalpha, isalpha},
    {"isblank", cosmo_libc_isblank, isblank},
    {"iscntrl", cosmo_libc_iscntrl, iscntrl},
    {"isdigit", cosmo_libc_isdigit, isdigit},
    {"isgraph", cosmo_libc_isgraph, isgraph},
    {"islower", cosmo_libc_islower, islower},
    {"isprint", cosmo_libc_isprint, isprint},
    {"ispunct", cosmo_libc_ispunct, ispunct},
    {"isspace", cosmo_libc_isspace, isspace},
    {"isupper", cosmo_libc_isupper, isupper},
    {"isxdigit", cosmo_libc_isxdigit, isxdigit},
    {"isascii", cosmo_libc_isascii, isascii},
};

TEST(Ctype, ClassesAgreeInTruth) {
  for (const Class &k : kClasses)
    for (int c = -128; c <= 255; ++c) {
      int r = k.model(c);
      EXPECT_TRUE(r == 0 || r == 1) << k.name << "(" << c << ")";
      EXPECT_EQ(r != 0, k.native(c) != 0) << k.name << "(" << c << ")";
    }
}

TEST(Ctype, ConversionsAgreeExactly) {
  for (int c = -128; c <= 255; ++c) {
    EXPECT_EQ(cosmo_libc_tolower(c), tolower(c)) << c;
    EXPECT_EQ(cosmo_libc_toupper(c), toupper(c)) << c;
    EXPECT_EQ(cosmo_libc_toascii(c), toascii(c)) << c;
  }
  // Outside the tables' range glibc returns the argument.
  for (int c : {-1000, -129, 256, 'A' + 256, 100000}) {
    EXPECT_EQ(cosmo_libc_tolower(c), tolower(c)) << c;
    EXPECT_EQ(cosmo_libc_toupper(c), toupper(c)) << c;
  }
}

// What glibc's macros read: (*__ctype_b_loc())[c] and the case tables.
TEST(Ctype, TablesBehindGlibcMacrosAgreeExactly) {
  const unsigned short *classes = *cosmo_libc___ctype_b_loc();
  const int32_t *lower = *cosmo_libc___ctype_tolower_loc();
  const int32_t *upper = *cosmo_libc___ctype_toupper_loc();
  for (int c = -128; c <= 255; ++c) {
    EXPECT_EQ(classes[c], (*__ctype_b_loc())[c]) << c;
    EXPECT_EQ(lower[c], (*__ctype_tolower_loc())[c]) << c;
    EXPECT_EQ(upper[c], (*__ctype_toupper_loc())[c]) << c;
  }
}

} // namespace
