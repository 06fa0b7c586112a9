// VERDICT: true
// Writing a value with one width and reading its bytes with another.
#include <cosmo.h>
#include <stdint.h>
#include <string.h>

int main(void) {
  uint32_t v;
  cosmo_symbolic(&v, sizeof v, "v");
  const unsigned char *b = (const unsigned char *)&v;
  cosmo_assert(b[0] == (v & 0xff));
  cosmo_assert(b[3] == (v >> 24));

  unsigned char bytes[4] = {0x78, 0x56, 0x34, 0x12};
  uint32_t w;
  memcpy(&w, bytes, 4);
  cosmo_assert(w == 0x12345678u);

  uint16_t halves[2];
  memcpy(halves, &v, sizeof v);
  cosmo_assert(halves[0] == (v & 0xffff) && halves[1] == (v >> 16));

  int x = 0;
  ((unsigned char *)&x)[1] = 0xAB;
  cosmo_assert(x == 0xAB00);

  uint64_t big = 0;
  memcpy((unsigned char *)&big + 4, &v, 4);
  cosmo_assert((big >> 32) == v && (uint32_t)big == 0);
  return 0;
}
