// VERDICT: false
// ERROR: assert 15
// Parsing a big-endian magic number out of symbolic bytes.
#include <klee/klee.h>
#include <stdint.h>

static uint32_t be32(const unsigned char *b) {
  return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

int main(void) {
  unsigned char hdr[4];
  klee_make_symbolic(hdr, sizeof hdr, "hdr");
  uint32_t magic = be32(hdr);
  klee_assert(magic != 0xCAFEBABEu);            // BUG: assert
  return 0;
}
