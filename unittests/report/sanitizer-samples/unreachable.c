int pick(int k) {
  if (k > 0) return 1;
  __builtin_unreachable();
}
int main(int argc, char **argv) { return pick(argc - 1); }
