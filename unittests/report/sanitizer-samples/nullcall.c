typedef int (*handler)(int);
int dispatch(handler h, int x) { return h(x); }
int main(int argc, char **argv) {
  handler h = 0;
  return dispatch(h, argc);
}
