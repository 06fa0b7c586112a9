// An annotation cosmo does not understand is an error, never ignored.
/*@ requires x > 0;
    behavior pos:
      assumes x > 0;
      ensures \result > 0;
*/
int f(int x) { return x; }
int main(void) { return f(1); }
