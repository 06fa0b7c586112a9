// RUN: --entry=apply
// VERDICT: unknown
// LATENT: null-deref 8
// LATENT: out-of-bounds 8
// Which function a function pointer parameter calls is its caller's
// choice: calling NULL or no function at all needs a caller that passes
// one, so both are latent.
int apply(int (*f)(int), int x) { return f(x); }
