#!/usr/bin/env bash
# Installs what cosmo needs from Debian 12's packages (only what is
# missing), then configures and builds cosmo in ./build (Release).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ clang-14 llvm-14 llvm-14-dev libclang-rt-14-dev
          # LLVM's linker for native replays (faster than GNU ld; optional)
          lld-14
          libz3-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev
          nlohmann-json3-dev libfmt-dev libyaml-cpp-dev
          # the persistent store: SQLite, and PostgreSQL's client library
          libsqlite3-dev libpq-dev
          csmith libcsmith-dev
          # -m32 native builds (ILP32 replays): the i386 libc and libgcc,
          # and gcc-multilib's /usr/include/asm link for <errno.h>
          libc6-dev-i386 lib32gcc-12-dev gcc-multilib)
# scripts/test.sh: a PostgreSQL server for the shared-store tests, and psql.
if [ "${COSMO_TEST_SERVICES:-0}" = 1 ]; then
  packages+=(postgresql postgresql-client)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j2 "$@"
