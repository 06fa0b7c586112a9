// VERDICT: true
// string.h functions on small buffers, one byte symbolic.
#include <cosmo.h>
#include <string.h>

int main(void) {
  char buf[16], dst[8];
  char c;
  cosmo_symbolic(&c, sizeof c, "c");
  cosmo_assume(c >= 'a' && c <= 'z');
  strcpy(buf, "hello");
  cosmo_assert(strlen(buf) == 5);
  buf[0] = c;
  int cmp = strcmp(buf, "hello");
  cosmo_assert((cmp == 0) == (c == 'h'));
  if (c < 'h') cosmo_assert(cmp < 0);
  cosmo_assert(strncmp(buf + 1, "ellx", 3) == 0);

  memset(buf, 'x', 3);
  cosmo_assert(buf[2] == 'x' && buf[3] == 'l');
  memcpy(dst, buf, 6);
  cosmo_assert(memcmp(dst, buf, 6) == 0);
  strncpy(dst, "ab", 5);
  cosmo_assert(dst[1] == 'b' && dst[2] == 0 && dst[4] == 0 && dst[5] == 0);

  const char word[] = "hello";
  const char *l = strchr(word, 'l');
  cosmo_assert(l != NULL && l - word == 2);
  cosmo_assert(strchr(word, 'z') == NULL);
  memmove(buf + 1, buf, 4);
  cosmo_assert(buf[1] == 'x' && buf[4] == 'l' && buf[5] == 0);
  return 0;
}
