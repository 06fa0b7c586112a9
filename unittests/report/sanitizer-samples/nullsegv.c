struct node { int value; struct node *next; };
int main(int argc, char **argv) {
  struct node *n = (struct node *)(long)(argc - 1);
  n = (struct node *)((long)n + 8);
  return n->value;
}
