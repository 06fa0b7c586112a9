/* Regular expressions (seed 004's regex tests): Kernighan and Pike's
   recursive matcher (literal characters, '.', '*', '^', '$') on a symbolic
   3-character pattern over {a, b, ., *, ^, $} and a symbolic 5-character
   text over {a, b}. Each character is its own input (constrained without
   forking: the assumptions use '|', not '||'), so many branches touch one
   or two variables: many small, largely independent queries. The bomb
   needs an anchored pattern that matches a text of a given shape.
   Verdict false. */
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

#define RE_LEN 3
#define TEXT_LEN 5

static int matchHere(const char *re, const char *text);

/* c* followed by re, at the start of text. */
static int matchStar(int c, const char *re, const char *text) {
  do {
    if (matchHere(re, text))
      return 1;
  } while (*text != '\0' && (*text++ == c || c == '.'));
  return 0;
}

static int matchHere(const char *re, const char *text) {
  if (re[0] == '\0')
    return 1;
  if (re[1] == '*')
    return matchStar(re[0], re + 2, text);
  if (re[0] == '$' && re[1] == '\0')
    return *text == '\0';
  if (*text != '\0' && (re[0] == '.' || re[0] == *text))
    return matchHere(re + 1, text + 1);
  return 0;
}

static int match(const char *re, const char *text) {
  if (re[0] == '^')
    return matchHere(re + 1, text);
  do {
    if (matchHere(re, text))
      return 1;
  } while (*text++ != '\0');
  return 0;
}

int main(void) {
  char re[RE_LEN + 1], text[TEXT_LEN + 1];
  for (int i = 0; i < RE_LEN; ++i) {
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume((c == 'a') | (c == 'b') | (c == '.') | (c == '*') |
                      (c == '^') | (c == '$'));
    re[i] = c;
  }
  re[RE_LEN] = '\0';
  for (int i = 0; i < TEXT_LEN; ++i) {
    char c = __VERIFIER_nondet_char();
    __VERIFIER_assume((c == 'a') | (c == 'b'));
    text[i] = c;
  }
  text[TEXT_LEN] = '\0';
  if (match(re, text) && re[0] == '^' && text[0] == 'b' && text[3] == 'a')
    reach_error();
  return 0;
}
