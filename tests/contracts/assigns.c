// assigns clauses are checked: a write to memory the caller had, outside
// the clause, is an error; the function's own locals are its own.
int g, h;

/*@ requires \valid(p);
    ensures *p == \old(*p) + 1;
    assigns *p;
*/
void bump(int *p) {
  *p = *p + 1;
  g = 1; // BUG: g is not in the assigns clause
}

/*@ assigns h; */
void seth(void) {
  int local[2] = {3, 4};
  h = local[1];
}

/*@ requires n > 0 && \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
*/
void fill(int *a, int n) {
  for (int i = 0; i < n; i++) // no invariant: a loop summary
    a[i] = 0;
}
