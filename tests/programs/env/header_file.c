// RUN: --sym-arg 1 --sym-files 1 8
// VERDICT: false
// ERROR: out-of-bounds 32
// Reads the header of the file named on the command line: two magic bytes
// "CM", a version and a payload length, then the payload into a buffer of
// two bytes. The length is checked against the file's size, not against
// the buffer.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE\n", argv[0]);
    return 2;
  }
  int fd = open(argv[1], O_RDONLY);
  if (fd < 0) {
    perror(argv[1]);
    return 1;
  }
  unsigned char header[4];
  if (read(fd, header, 4) != 4 || header[0] != 'C' || header[1] != 'M') {
    close(fd);
    return 1;
  }
  unsigned char payload[2];
  unsigned length = header[3];
  if (header[2] == 1 && length <= 2) {
    unsigned char byte;
    for (unsigned k = 0; k < length + 1 && read(fd, &byte, 1) == 1; ++k)
      payload[k] = byte; // BUG: out-of-bounds
  }
  close(fd);
  return payload[0] == 'x';
}
