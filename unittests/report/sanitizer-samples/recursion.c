int down(int n) { volatile char pad[256]; pad[0] = n; return down(n + 1) + pad[0]; }
int main(int argc, char **argv) { return down(argc); }
