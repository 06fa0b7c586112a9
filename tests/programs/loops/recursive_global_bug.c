// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 28
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// A void recursive function that moves a budget from one global to
// another: past its summarised call, more than 500 units moved is
// reachable (the largest budget main allows), and a run on those inputs
// reports it (10000 calls deep: a short run even on a loaded machine).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int budget, used;
void spend(void) {
  if (budget <= 0)
    return;
  budget--;
  used++;
  spend();
}
int main(void) {
  int b = __VERIFIER_nondet_int();
  if (b < 0 || b > 10000)
    return 0;
  budget = b;
  used = 0;
  spend();
  if (used > 500)
    reach_error(); // BUG: assert
  return 0;
}
