int main(int argc, char **argv) {
  int v = -argc;
  return v << 2;
}
