int g[4];
int main(int argc, char **argv) {
  int *p = g;
  return p[argc + 3];
}
