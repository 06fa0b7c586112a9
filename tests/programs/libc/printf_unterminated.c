// VERDICT: false
// ERROR: out-of-bounds 14
// printf("%s") reads its string: a name of four symbolic bytes with no NUL
// among them is read past its end, reported at the printf.
#include <cosmo.h>
#include <stdio.h>

int main(void) {
  char name[4];
  int id;
  cosmo_symbolic(name, sizeof name, "name");
  cosmo_symbolic(&id, sizeof id, "id");
  printf("id %d\n", id);
  printf("name %s\n", name);           // BUG: out-of-bounds
  return 0;
}
