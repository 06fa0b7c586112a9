// A contract of a function defined nowhere in the program: calls assume
// it (assigns and ensures), nothing can verify it, so a `true` holds only
// under it and says so.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

/*@ requires 0 <= x <= 100;
    assigns \nothing;
    ensures \result == x + 1; */
int next_level(int x);

int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0 || v > 100)
    return 0;
  if (next_level(v) != v + 1)
    reach_error();
  return 0;
}
