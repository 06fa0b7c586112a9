struct pair { int a; int b; };
int main(int argc, char **argv) {
  int *p = 0;
  return p[argc];
}
