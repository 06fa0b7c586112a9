// RUN: --entry=push
// VERDICT: unknown
// LATENT: out-of-bounds 12
// The stack's count is the invariant of the functions that build it: only
// a caller that passes a full or corrupted stack overflows it. Latent, not
// an error of push.
struct stack {
  int items[4];
  int count;
};
void push(struct stack *st, int v) {
  st->items[st->count] = v;          // latent: st->count >= 4
  st->count++;
}
