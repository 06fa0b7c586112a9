/* Heap and symbolic indices: build a list from symbolic keys, search it. */
#include <cosmo.h>
#include <stdlib.h>
struct node { int key; struct node *next; };
int main(void) {
  int keys[6], needle;
  cosmo_symbolic(keys, sizeof keys, "keys");
  cosmo_symbolic(&needle, sizeof needle, "needle");
  struct node *head = 0;
  for (int i = 0; i < 6; ++i) {
    struct node *n = malloc(sizeof *n);
    n->key = keys[i];
    n->next = head;
    head = n;
  }
  int pos = 0;
  for (struct node *p = head; p; p = p->next, ++pos)
    if (p->key == needle)
      break;
  cosmo_assert(pos <= 6);
  return 0;
}
