struct node { int v; struct node *next; };
struct node *get(int argc) { return 0; }
int main(int argc, char **argv) {
  struct node *n = get(argc);
  return n->next != 0;
}
