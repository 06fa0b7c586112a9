/* <ctype.h> in the C locale (classes in ctype_classes.h).
 *
 * Results are 0 or 1 (glibc returns a table bit; both are "nonzero" as C
 * asks). Programs compiled against glibc's <ctype.h> rarely call these:
 * its macros read glibc's tables instead, which ctype_tables.c provides. */
#include "ctype_classes.h"

int isupper(int c) { return UPPER(c); }
int islower(int c) { return LOWER(c); }
int isalpha(int c) { return ALPHA(c); }
int isdigit(int c) { return DIGIT(c); }
int isalnum(int c) { return ALNUM(c); }
int isxdigit(int c) { return XDIGIT(c); }
int isspace(int c) { return SPACE(c); }
int isblank(int c) { return BLANK(c); }
int iscntrl(int c) { return CNTRL(c); }
int isprint(int c) { return PRINT(c); }
int isgraph(int c) { return GRAPH(c); }
int ispunct(int c) { return PUNCT(c); }
int isascii(int c) { return IN(c, 0, 0x80); }
int toascii(int c) { return c & 0x7f; }
int tolower(int c) { return LOWER_OF(c); }
int toupper(int c) { return UPPER_OF(c); }
