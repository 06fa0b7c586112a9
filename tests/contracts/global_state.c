// Issue 42: a contract holds in every state its requires allow, so its run
// takes the globals the program writes as inputs (main sets offset to -5
// before the call that assumes add_offset's ensures); a global only ever
// read (scale) keeps its initialiser in every state.
extern void reach_error(void);
int offset = 0;
int scale[4] = {1, 2, 3, 4};

/*@ requires x > 0;
    ensures \result > 0;
    assigns \nothing; */
int add_offset(int x) { return x + offset; } // BUG: postcondition (offset <= -x)

/*@ requires x > 0 && offset >= 0 && offset < 1000;
    ensures \result >= 0;
    assigns \nothing; */
int add_bounded(int x) { return (x % 1000) + offset; }

/*@ requires 0 <= k && k < 4;
    ensures \result > 0;
    assigns \nothing; */
int scaled(int k) { return scale[k]; }

int main(void) {
  offset = -5;
  int r = add_offset(1);
  if (r <= 0)
    reach_error(); // natively reached: the violated contract is why
  return scaled(2);
}
