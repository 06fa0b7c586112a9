#!/usr/bin/env bash
# Floating point: cosmo on the float test programs (default:
# tests/programs/float/*.c), each with the options of its `// RUN:` line.
#
#   bench/float.sh [PROGRAM.c ...]
#
# Per program: the expected verdict (its `// VERDICT:` line), cosmo's, the
# wall time, the solver's time and how many queries reached Z3, and
# whether --confirm reproduced the error natively. Needs
# build/tools/cosmo/cosmo.
set -euo pipefail
cd "$(dirname "$0")/.."
cosmo=build/tools/cosmo/cosmo
[ -x "$cosmo" ] || { echo "build cosmo first (cmake --build build)" >&2; exit 2; }
programs=("$@")
[ ${#programs[@]} -gt 0 ] || programs=(tests/programs/float/*.c)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| program | expected | cosmo | s | solver s | Z3 queries | native replay |"
echo "|---|---|---|---:|---:|---:|---|"
for p in "${programs[@]}"; do
  name=$(basename "$p" .c)
  expected=$(sed -n 's|^// VERDICT: *||p' "$p" | head -1)
  read -r -a run <<<"$(sed -n 's|^// RUN: *||p' "$p" | head -1)"
  start=$(date +%s.%N)
  timeout 600 "$cosmo" check -q --confirm ${run[@]+"${run[@]}"} \
    --out="$work/$name" "$p" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  python3 - "$work/$name/report.json" "$name" "$expected" "$start" "$end" <<'PY'
import json, sys
path, name, expected, start, end = sys.argv[1:]
try:
    r = json.load(open(path))
except OSError:
    print(f"| {name} | {expected} | (no report) | | | | |")
    sys.exit()
s = r["stats"]
solver = s.get("solver", {})
replays = [e.get("replay", "") for e in r["errors"]]
native = ", ".join(sorted(set(replays))) if replays else "-"
print(f"| {name} | {expected} | {r['verdict']} | {float(end) - float(start):.2f} | "
      f"{solver.get('seconds', 0):.2f} | {solver.get('z3', {}).get('queries', '?')} | {native} |")
PY
done
