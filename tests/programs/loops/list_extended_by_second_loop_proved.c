// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; list_extended_by_second_loop_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.undecided == 0
// A list that one loop starts and a second loop extends, each writing its
// own mark into the node it leaves (the first node, made before both
// loops, when the loop before did nothing), then walked to its last node
// (SV-COMP's list-properties build theirs so). The second loop's head
// node holds its mark or what the first loop left there; every node
// below the last holds one of the two loops' marks.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int mark;
  struct item *after;
};
int main(void) {
  struct item *start = malloc(sizeof *start);
  if (!start)
    return 0;
  struct item *end = start;
  while (__VERIFIER_nondet_int()) {
    end->mark = 5;
    struct item *made = malloc(sizeof *made);
    if (!made)
      return 0;
    end->after = made;
    end = made;
  }
  while (__VERIFIER_nondet_int()) {
    end->mark = 7;
    struct item *made = malloc(sizeof *made);
    if (!made)
      return 0;
    end->after = made;
    end = made;
  }
  end->mark = 0;
  for (struct item *at = start; at->mark != 0; at = at->after)
    if (at->mark != 5 && at->mark != 7)
      reach_error();
  return 0;
}
