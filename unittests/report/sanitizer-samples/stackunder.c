int main(int argc, char **argv) {
  int a[4] = {0};
  int *p = a;
  int i = -argc;
  return p[i];
}
