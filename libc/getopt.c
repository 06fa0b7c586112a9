/* <unistd.h>, <getopt.h>: getopt, getopt_long and getopt_long_only as
 * glibc's behave, since tests replay against glibc: options may follow
 * operands (argv is permuted so the operands end up last, unless the
 * option string starts with '+'; with '-' each operand is returned as
 * option 1), "--" ends the options, a long option may be abbreviated to
 * any prefix that names one option alone, and a leading ':' in the option
 * string makes a missing argument ':' rather than '?'. Error messages are
 * not printed (output is discarded anyway). POSIXLY_CORRECT is not read. */
#include "internal.h"

char *optarg;
int optind = 1, opterr = 1, optopt = '?';

struct option {
  const char *name;
  int has_arg; /* 0 none, 1 required, 2 optional */
  int *flag;
  int val;
};

enum { PERMUTE, REQUIRE_ORDER, RETURN_IN_ORDER };

/* The scan's position: the rest of the current cluster of short options
 * (NULL: none), and the operands skipped so far, argv[firstOperand] up to
 * argv[lastOperand], which are moved after the options met since. */
static char *nextChar;
static int firstOperand = 1, lastOperand = 1;
static int started;

static int isOperand(char *const *argv, int k) {
  return argv[k][0] != '-' || argv[k][1] == 0;
}

static const char *findChar(const char *s, int c) {
  for (; *s; ++s)
    if (*s == (char)c)
      return s;
  return NULL;
}

/* Moves the skipped operands [firstOperand, lastOperand) after the
 * options [lastOperand, optind), keeping each group's order. */
static void exchange(char **argv) {
  int bottom = firstOperand, middle = lastOperand, top = optind;
  while (top > middle && middle > bottom) {
    if (top - middle > middle - bottom) {
      int len = middle - bottom;
      for (int i = 0; i < len; ++i) {
        char *t = argv[bottom + i];
        argv[bottom + i] = argv[top - len + i];
        argv[top - len + i] = t;
      }
      top -= len;
    } else {
      int len = top - middle;
      for (int i = 0; i < len; ++i) {
        char *t = argv[bottom + i];
        argv[bottom + i] = argv[middle + i];
        argv[middle + i] = t;
      }
      bottom += len;
    }
  }
  firstOperand += optind - lastOperand;
  lastOperand = optind;
}

/* A long option at `name` (after "--", or "-" for getopt_long_only):
 * its value, or -1 when `onlyTry` and no long option matches. */
static int longOption(int argc, char **argv, const char *shorts,
                      const struct option *longs, int *index, char *name,
                      int longOnly, int onlyTry) {
  char *end = name;
  while (*end && *end != '=')
    ++end;
  int length = (int)(end - name);
  const struct option *found = NULL;
  int foundIndex = -1, ambiguous = 0;
  for (int k = 0; longs[k].name; ++k) {
    const char *n = longs[k].name;
    int i = 0;
    while (i < length && n[i] && n[i] == name[i])
      ++i;
    if (i < length)
      continue; /* not a prefix */
    if (n[length] == 0) { /* exact */
      found = &longs[k];
      foundIndex = k;
      ambiguous = 0;
      break;
    }
    if (!found) {
      found = &longs[k];
      foundIndex = k;
    } else if (longOnly || found->has_arg != longs[k].has_arg ||
               found->flag != longs[k].flag || found->val != longs[k].val) {
      ambiguous = 1;
    }
  }
  if (!found && onlyTry)
    return -1;
  if (ambiguous || !found) {
    nextChar = NULL;
    ++optind;
    optopt = 0;
    return '?';
  }
  ++optind;
  nextChar = NULL;
  if (*end == '=') {
    if (found->has_arg == 0) {
      optopt = found->val;
      return '?';
    }
    optarg = end + 1;
  } else if (found->has_arg == 1) {
    if (optind < argc) {
      optarg = argv[optind++];
    } else {
      optopt = found->val;
      return shorts[0] == ':' ? ':' : '?';
    }
  } else {
    optarg = NULL;
  }
  if (index)
    *index = foundIndex;
  if (found->flag) {
    *found->flag = found->val;
    return 0;
  }
  return found->val;
}

static int scan(int argc, char **argv, const char *shorts,
                const struct option *longs, int *index, int longOnly) {
  if (argc < 1)
    return -1;
  optarg = NULL;
  if (optind == 0 || !started) {
    if (optind == 0)
      optind = 1;
    firstOperand = lastOperand = optind;
    nextChar = NULL;
    started = 1;
  }
  int ordering = PERMUTE;
  if (shorts[0] == '+' || shorts[0] == '-') {
    ordering = shorts[0] == '+' ? REQUIRE_ORDER : RETURN_IN_ORDER;
    ++shorts;
  }

  if (!nextChar || !*nextChar) {
    if (lastOperand > optind)
      lastOperand = optind;
    if (firstOperand > optind)
      firstOperand = optind;
    if (ordering == PERMUTE) {
      if (firstOperand != lastOperand && lastOperand != optind)
        exchange(argv);
      else if (lastOperand != optind)
        firstOperand = optind;
      while (optind < argc && isOperand(argv, optind))
        ++optind;
      lastOperand = optind;
    }
    if (optind != argc && __cosmo_strcmp(argv[optind], "--") == 0) {
      ++optind;
      if (firstOperand != lastOperand && lastOperand != optind)
        exchange(argv);
      else if (firstOperand == lastOperand)
        firstOperand = optind;
      lastOperand = argc;
      optind = argc;
    }
    if (optind == argc) {
      if (firstOperand != lastOperand)
        optind = firstOperand;
      return -1;
    }
    if (isOperand(argv, optind)) {
      if (ordering == REQUIRE_ORDER)
        return -1;
      optarg = argv[optind++];
      return 1;
    }
    if (longs) {
      char *arg = argv[optind];
      if (arg[1] == '-')
        return longOption(argc, argv, shorts, longs, index, arg + 2,
                          longOnly, 0);
      /* getopt_long_only: "-name" is long unless it is one short option
       * character not starting a long name. */
      if (longOnly && (arg[2] || !findChar(shorts, arg[1]))) {
        int r = longOption(argc, argv, shorts, longs, index, arg + 1, 1, 1);
        if (r != -1)
          return r;
      }
    }
    nextChar = argv[optind] + 1;
  }

  int c = (unsigned char)*nextChar++;
  const char *spec = findChar(shorts, c);
  if (*nextChar == 0)
    ++optind;
  if (!spec || c == ':' || c == ';') {
    optopt = c;
    return '?';
  }
  if (spec[1] == ':') {
    if (spec[2] == ':') { /* optional argument: only in the same word */
      if (*nextChar) {
        optarg = nextChar;
        ++optind;
      } else {
        optarg = NULL;
      }
      nextChar = NULL;
    } else if (*nextChar) {
      optarg = nextChar;
      ++optind;
      nextChar = NULL;
    } else if (optind == argc) {
      optopt = c;
      c = shorts[0] == ':' ? ':' : '?';
    } else {
      optarg = argv[optind++];
      nextChar = NULL;
    }
  }
  return c;
}

int getopt(int argc, char *const argv[], const char *shorts) {
  return scan(argc, (char **)argv, shorts, NULL, NULL, 0);
}

int getopt_long(int argc, char *const argv[], const char *shorts,
                const struct option *longs, int *index) {
  return scan(argc, (char **)argv, shorts, longs, index, 0);
}

int getopt_long_only(int argc, char *const argv[], const char *shorts,
                     const struct option *longs, int *index) {
  return scan(argc, (char **)argv, shorts, longs, index, 1);
}
