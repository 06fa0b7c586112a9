#!/bin/sh
# Regenerates the *.stderr files next to this script: each *.c sample is built
# the way native replay builds programs (include/cosmo/report/NativeBuild.h)
# and run once; its stderr is what NativeOutcomeTest.cpp classifies.
# Samples named overflow/neg/intmin keep the signed-overflow check and
# shift/lshift the shift check, as `--check=overflow` / `--check=shift` would.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
for source in "$here"/*.c; do
  name=$(basename "$source" .c)
  flags="-g -O0 -no-pie -fsanitize=address,undefined -fno-sanitize-recover=all -fno-sanitize=alignment,pointer-overflow -w"
  case $name in
    overflow | neg | intmin | lshift) ;;
    *) flags="$flags -fno-sanitize=signed-integer-overflow -fno-sanitize=shift-base" ;;
  esac
  case $name in
    shift) ;;
    *) flags="$flags -fno-sanitize=shift-exponent" ;;
  esac
  clang-14 $flags "$source" -o "$build/$name"
  status=0
  ASAN_OPTIONS=detect_leaks=0 ASAN_SYMBOLIZER_PATH=$(command -v llvm-symbolizer-14) \
    "$build/$name" >/dev/null 2>"$here/$name.stderr" || status=$?
  echo "$name: exit status $status"
done
