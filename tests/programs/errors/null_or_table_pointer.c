// VERDICT: false
// ERROR: null-deref 17
// ERROR: div-by-zero 18
// A pointer into a table or null. Merged at the join (the e2e-merge run,
// --merge=always) it is one guarded union, resolved by enumerating what it
// can point to: the null side is a null dereference exactly where p is
// null, and the rest of the enumeration still runs. (It used to end there:
// the error path lost its condition and the table side was dropped with
// the division by zero behind it.)
#include <cosmo.h>
int table[2] = {5, 7};
int main(void) {
  int c;
  cosmo_symbolic(&c, sizeof c, "c");
  int *p = &table[1];
  if (c > 0) p = 0;
  int v = *p;
  return 100 / (v - 7);
}
