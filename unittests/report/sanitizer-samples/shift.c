int main(int argc, char **argv) {
  int s = 31 + argc;
  return 1 << s;
}
