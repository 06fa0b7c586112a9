// A tokenizer-style harness: six symbolic bytes, each classified into one
// of seven character classes, so that every combination is a path
// (7^6 = 117,649 completed paths). Used to measure how many test files a
// run writes under --tests (bench/README.md).
#include <cosmo.h>

enum { OPEN, CLOSE, QUOTE, DIGIT, ALPHA, SPACE, OTHER };

// One branch per class (the range tests are single unsigned comparisons),
// so each byte has exactly seven paths.
static int classOf(char c) {
  if (c == '{')
    return OPEN;
  if (c == '}')
    return CLOSE;
  if (c == '"')
    return QUOTE;
  if ((unsigned char)(c - '0') < 10)
    return DIGIT;
  if ((unsigned char)((c | 32) - 'a') < 26)
    return ALPHA;
  if (c == ' ')
    return SPACE;
  return OTHER;
}

int main(void) {
  char text[6];
  cosmo_symbolic(text, sizeof text, "text");
  int depth = 0, tokens = 0;
  for (int k = 0; k < 6; k++) {
    switch (classOf(text[k])) {
    case OPEN:
      depth++;
      tokens++;
      break;
    case CLOSE:
      depth--;
      tokens++;
      break;
    case QUOTE:
    case DIGIT:
    case ALPHA:
      tokens++;
      break;
    default:
      break;
    }
  }
  return depth + tokens;
}
