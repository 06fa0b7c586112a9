#!/usr/bin/env bash
# The margin of the Horn proofs the tests rely on: every `VERDICT: true`
# program under tests/programs (or those given) run with its `// RUN:`
# options but a DIVISOR-th of its --horn-timeout (its own, else the default:
# 3 s, 6 s with --svcomp) and --timeout=120, two at a time. A question's
# time is split between routes in proportion, so a proof that needs less
# than its limit can still be lost on a machine a few times slower: the
# programs listed lost theirs here, and should state a larger limit
# (docs/test-programs.md).
#
#   bench/horn-margin.sh [DIVISOR] [PROGRAM.c ...]     (DIVISOR: 3)
#
# Per program that asked a Horn question: its limit, the one tried, the
# verdict, the questions and their seconds. Needs build/tools/cosmo/cosmo.
set -euo pipefail
cd "$(dirname "$0")/.."
cosmo=$PWD/build/tools/cosmo/cosmo
[ -x "$cosmo" ] || { echo "build cosmo first (cmake --build build)" >&2; exit 2; }
divisor=${1:-3}
shift || true
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
  mapfile -t programs < <(grep -rl '^// VERDICT: true' tests/programs | sort)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

one() {
  local p=$1 divisor=$2 work=$3 cosmo=$4
  local run limit tried name
  run=$(sed -n 's|^// RUN: *||p' "$p" | head -1)
  limit=3
  [[ " $run " == *" --svcomp "* ]] && limit=6
  if [[ "$run" =~ --horn-timeout=([0-9.]+) ]]; then limit=${BASH_REMATCH[1]}; fi
  tried=$(python3 -c "print(round($limit / $divisor, 2))")
  run=$(sed -E 's/--(horn-)?timeout=[0-9.]+//g' <<<"$run")
  name=$(tr '/' '_' <<<"$p")
  # (RUN's paths are relative to tests/programs.)
  (cd tests/programs && read -r -a args <<<"$run" &&
    timeout 300 "$cosmo" check -q ${args[@]+"${args[@]}"} --timeout=120 \
      --horn-timeout="$tried" --out="$work/$name" "${p#tests/programs/}" \
      >/dev/null 2>&1) || true
  python3 - "$work/$name/report.json" "$p" "$limit" "$tried" <<'PY'
import json, sys
path, program, limit, tried = sys.argv[1:]
try:
    r = json.load(open(path))
except (OSError, ValueError):
    print(f"| {program} | {limit} | {tried} | no report | | |")
    sys.exit()
l = r.get("stats", {}).get("loop_summaries", {})
if l.get("horn_queries", 0):
    print(f"| {program} | {limit} | {tried} | {r['verdict']} | "
          f"{l['horn_queries']} | {l['horn_seconds']:.1f} |")
PY
}
export -f one

echo "| program | --horn-timeout | tried | verdict | Horn questions | Horn s |"
echo "|---|---:|---:|---|---:|---:|"
printf '%s\n' "${programs[@]}" |
  xargs -P2 -I{} bash -c 'one "$@"' _ {} "$divisor" "$work" "$cosmo" | sort
