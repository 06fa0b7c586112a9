// A contract whose function calls one without a contract, and a loop
// without an invariant, under --calls=summary.
static int clamp(int v) { return v < 0 ? 0 : (v > 100 ? 100 : v); }

/*@ requires 0 <= n <= 10;
    ensures 0 <= \result <= 100 * n;
    assigns \nothing;
*/
int total(int n, int seed) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += clamp(seed + i);
  return s;
}

int main(void) { return total(3, 5) > 300; }
