// VERDICT: true
// glibc's <ctype.h> macros read its tables (__ctype_b_loc and friends):
// classes of a symbolic character, and the case mapping.
#include <cosmo.h>
#include <ctype.h>

int main(void) {
  char c;
  cosmo_symbolic(&c, sizeof c, "c");
  if (isdigit(c))
    cosmo_assert(c >= '0' && c <= '9' && isxdigit(c) && isalnum(c));
  if (isupper(c)) {
    cosmo_assert(isalpha(c) && !islower(c));
    cosmo_assert(tolower(c) == c + 32 && toupper(tolower(c)) == c);
  }
  if (isspace(c))
    cosmo_assert(c == ' ' || (c >= '\t' && c <= '\r'));
  if (ispunct(c))
    cosmo_assert(isgraph(c) && !isalnum(c));
  cosmo_assert(!isprint(c) == (c < ' ' || c > '~'));
  return 0;
}
