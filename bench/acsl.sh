#!/usr/bin/env bash
# ACSL contracts: cosmo and Frama-C's WP side by side on annotated programs.
#
#   bench/acsl.sh [PROGRAM.c ...]
#
# Default: the contract tests (tests/contracts/*.c, seed 003's insertion
# sort among them).
#
# Per program: cosmo's contracts verified / violated / unknown and its time
# (`cosmo check`, default options), and the goals Frama-C's WP proves with
# Z3 (`frama-c -wp -wp-prover z3`, contract and loop-invariant goals, no
# RTE guards) and its time. Needs build/tools/cosmo/cosmo; Frama-C comes
# from Debian (`apt-get install frama-c-base why3 z3`, then `why3 config
# detect`); without it the Frama-C columns say "not installed".
set -euo pipefail
cd "$(dirname "$0")/.."
cosmo=build/tools/cosmo/cosmo
[ -x "$cosmo" ] || { echo "build cosmo first (cmake --build build)" >&2; exit 2; }
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(tests/contracts/*.c)
have_framac=0
if command -v frama-c >/dev/null && command -v why3 >/dev/null; then
  have_framac=1
  [ -f "$HOME/.why3.conf" ] || why3 config detect >/dev/null 2>&1 || true
fi
timeout_s=${ACSL_BENCH_TIMEOUT:-600}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() { python3 -c "import sys; print(f'{float(sys.argv[1]):.2f}')" "$1"; }

echo "| program | cosmo: verified / violated / unknown | cosmo s | WP goals proved | WP s |"
echo "|---|---|---|---|---|"
for p in "${programs[@]}"; do
  name=$(basename "$p" .c)
  start=$(date +%s.%N)
  timeout "$timeout_s" "$cosmo" check -q --out="$work/$name" "$p" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  if [ -f "$work/$name/report.json" ]; then
    counts=$(python3 - "$work/$name/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c = [x["status"] for x in r.get("contracts", [])]
print(f'{c.count("verified")} / {c.count("violated")} / {c.count("unknown")}')
PY
)
  else
    counts="(no report)"
  fi
  cosmo_s=$(seconds "$(echo "$end - $start" | bc)")
  if [ $have_framac = 1 ]; then
    start=$(date +%s.%N)
    out=$(timeout "$timeout_s" frama-c -wp -wp-prover z3 -wp-timeout 10 "$p" 2>&1 || true)
    end=$(date +%s.%N)
    wp=$(echo "$out" | sed -n 's/.*Proved goals: *\([0-9]* \/ *[0-9]*\).*/\1/p' | tail -1)
    [ -n "$wp" ] || wp="(failed)"
    wp_s=$(seconds "$(echo "$end - $start" | bc)")
  else
    wp="not installed"
    wp_s="-"
  fi
  echo "| $name | $counts | $cosmo_s | $wp | $wp_s |"
done
