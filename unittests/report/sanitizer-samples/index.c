int main(int argc, char **argv) {
  int a[4] = {0};
  int i = argc + 3;
  return a[i];
}
