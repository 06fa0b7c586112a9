#include "shelf.h"

int parse_uint(const char *s, unsigned *out) {
  char digits[4];
  int n = 0;
  while (s[n] >= '0' && s[n] <= '9') {
    digits[n] = s[n]; // BUG: five digits or more overflow the buffer
    n++;
  }
  if (n == 0 || s[n] != 0)
    return -1;
  unsigned value = 0;
  for (int i = 0; i < n; i++)
    value = value * 10 + (unsigned)(digits[i] - '0');
  *out = value;
  return 0;
}

int count_char(const char *s, char c) {
  int count = 0;
  for (; *s; s++)
    if (*s == c)
      count++;
  return count;
}

int first_word_length(const char *s) {
  int i = 0;
  while (s[i] == ' ')
    i++;
  int start = i;
  while (s[i] && s[i] != ' ')
    i++;
  return i - start;
}

size_t copy_string(char *dst, const char *src, size_t cap) {
  if (cap == 0)
    return 0;
  size_t i = 0;
  for (; i + 1 < cap && src[i]; i++)
    dst[i] = src[i];
  dst[i] = 0;
  return i;
}
