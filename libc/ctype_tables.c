/* The tables behind glibc's <ctype.h> macros, for the C locale.
 *
 * In C, glibc's isdigit(c) is a macro reading (*__ctype_b_loc())[c], and
 * tolower/toupper read (*__ctype_tolower_loc())[c] when optimising. Each
 * table is indexed from -128 (signed char) to 255, so the pointer handed
 * out points 128 entries into it. The tables are constant initialisers:
 * building them costs the analysis nothing, and a lookup with a symbolic
 * character is one read at a symbolic offset.
 *
 * A class entry is a 16-bit mask. glibc numbers the classes 0 to 11 (upper,
 * lower, alpha, digit, xdigit, space, print, graph, blank, cntrl, punct,
 * alnum) and, on little-endian machines, stores class k at bit k + 8 for
 * k < 8 and at bit k - 8 otherwise; the masks below are those values. */
#include "ctype_classes.h"
#include "internal.h"

/* glibc's class masks (see above). */
#define CLASSES(c)                                                             \
  (unsigned short)(UPPER(c) * 0x100 | LOWER(c) * 0x200 | ALPHA(c) * 0x400 |    \
                   DIGIT(c) * 0x800 | XDIGIT(c) * 0x1000 | SPACE(c) * 0x2000 | \
                   PRINT(c) * 0x4000 | GRAPH(c) * 0x8000 | BLANK(c) * 0x1 |    \
                   CNTRL(c) * 0x2 | PUNCT(c) * 0x4 | ALNUM(c) * 0x8)

/* Sixteen consecutive entries of a table computed by F. */
#define ROW(F, b)                                                              \
  F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7),  \
      F(b + 8), F(b + 9), F(b + 10), F(b + 11), F(b + 12), F(b + 13),          \
      F(b + 14), F(b + 15)
/* All 384 entries, for c from -128 to 255. */
#define TABLE(F)                                                               \
  ROW(F, -128), ROW(F, -112), ROW(F, -96), ROW(F, -80), ROW(F, -64),           \
      ROW(F, -48), ROW(F, -32), ROW(F, -16), ROW(F, 0), ROW(F, 16),            \
      ROW(F, 32), ROW(F, 48), ROW(F, 64), ROW(F, 80), ROW(F, 96), ROW(F, 112), \
      ROW(F, 128), ROW(F, 144), ROW(F, 160), ROW(F, 176), ROW(F, 192),         \
      ROW(F, 208), ROW(F, 224), ROW(F, 240)

static const unsigned short classTable[384] = {TABLE(CLASSES)};
static const int32_t lowerTable[384] = {TABLE(LOWER_OF)};
static const int32_t upperTable[384] = {TABLE(UPPER_OF)};

static const unsigned short *classes = classTable + 128;
static const int32_t *lower = lowerTable + 128;
static const int32_t *upper = upperTable + 128;

const unsigned short **__ctype_b_loc(void) { return &classes; }
const int32_t **__ctype_tolower_loc(void) { return &lower; }
const int32_t **__ctype_toupper_loc(void) { return &upper; }
