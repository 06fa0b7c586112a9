// VERDICT: true
// A whole struct made symbolic; its length field is validated before the
// payload is read.
#include <cosmo.h>

struct msg {
  unsigned char type;
  unsigned char len;
  unsigned char payload[6];
};

static int checksum(const struct msg *m) {
  if (m->len > sizeof m->payload)
    return -1;
  int sum = 0;
  for (int i = 0; i < m->len; i++)
    sum += m->payload[i];
  return sum;
}

int main(void) {
  struct msg m;
  cosmo_symbolic(&m, sizeof m, "m");
  int s = checksum(&m);
  if (s >= 0)
    cosmo_assert(s <= 255 * m.len);
  switch (m.type) {
  case 0: cosmo_assert(s >= -1); break;
  case 1: cosmo_assert(m.type == 1); break;
  default: break;
  }
  return 0;
}
