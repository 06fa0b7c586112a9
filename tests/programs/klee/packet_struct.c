// VERDICT: true
// A symbolic struct constrained with klee_assume on its fields.
#include <klee/klee.h>

struct packet {
  unsigned short len;
  unsigned char type;
  unsigned char flags;
  unsigned payload[4];
};

static unsigned checksum(const struct packet *p) {
  unsigned sum = p->type;
  for (unsigned i = 0; i < p->len; i++)
    sum += p->payload[i];
  return sum;
}

int main(void) {
  struct packet pkt;
  klee_make_symbolic(&pkt, sizeof pkt, "pkt");
  klee_assume(pkt.len <= 4);
  klee_assume(pkt.type < 3);
  unsigned c = checksum(&pkt);
  if (pkt.len == 0)
    klee_assert(c == pkt.type);
  if (pkt.len == 1)
    klee_assert(c - pkt.payload[0] < 3);
  return 0;
}
