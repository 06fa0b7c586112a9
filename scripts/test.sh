#!/usr/bin/env bash
# Builds everything (installing missing packages first) and runs the whole
# test suite: unit tests of every layer and the end-to-end programs with
# their native differential replay, beside a throwaway PostgreSQL cluster
# for the shared-store tests (scripts/postgres.sh). ctest prints the closing
# summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
COSMO_TEST_SERVICES=1 bash scripts/setup.sh
cd build
bash ../scripts/postgres.sh ctest --output-on-failure -j2 --timeout 600
