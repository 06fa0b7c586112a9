// RUN: --entry=apply_or_default
// VERDICT: unknown
// LATENT: null-deref 10
// NO-REPLAY: a harness cannot declare a function pointer parameter (its prototype has no type name)
// Which function a function pointer parameter calls is its caller's
// choice: calling a NULL one needs a caller that passes NULL, so the error
// is latent.
int apply_or_default(int (*f)(int), int x) {
  if (!f)
    return f(x);                      // latent: f == NULL
  return x;
}
