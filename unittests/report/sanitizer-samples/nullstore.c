int *get(int argc) { return argc > 5 ? &argc : 0; }
int main(int argc, char **argv) {
  int *p = get(argc);
  *p = 3;
  return 0;
}
