#!/usr/bin/env bash
# Builds everything (installing missing packages first) and runs the whole
# test suite: unit tests of every layer and the end-to-end programs with
# their native differential replay. ctest prints the closing summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd build
ctest --output-on-failure -j2 --timeout 600
