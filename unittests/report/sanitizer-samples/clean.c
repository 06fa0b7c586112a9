int main(int argc, char **argv) { return argc - 1; }
