// Issue 42: a contract without `assigns` is not used at calls (the call runs
// the function), but its `requires` is still checked at every call.
/*@ requires 0 <= pct && pct <= 100;
    ensures \result == pct * 255 / 100; */
int to_byte(int pct) { return pct * 255 / 100; }

int main(void) {
  int p = __VERIFIER_nondet_int();
  if (p < 0 || p > 200)
    return 0;
  return to_byte(p); // BUG: precondition (p > 100)
}
