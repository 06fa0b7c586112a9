int main(int argc, char **argv) {
  int *p = (int *)(long)(0x100000 * argc);
  return *p;
}
