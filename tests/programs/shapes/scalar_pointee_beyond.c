// RUN: --entry=next_of
// VERDICT: unknown
// LATENT: out-of-bounds 6
// A pointer with no length points to one object: reading past it needs a
// caller that passes an array, so the error is latent.
int next_of(const int *p) { return p[1]; }
