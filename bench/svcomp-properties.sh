#!/usr/bin/env bash
# SV-COMP's memory-safety, cleanup and overflow properties (issue 48):
# cosmo --svcomp --property on a set of tasks, scored as SV-COMP scores.
#
#   bench/svcomp-properties.sh TASKS_DIR [SECONDS] [JOBS]
#
# TASKS_DIR holds the tasks (public SV-COMP files, not part of this
# repository), a `tasks.csv` with the header
#   id,category,file,property,expected,datamodel
# (property: memsafety | memcleanup | nooverflow; expected: true or
# false(valid-deref), false(valid-free), false(valid-memtrack),
# false(valid-memcleanup), false(no-overflow); datamodel ILP32 | LP64; the
# task is TASKS_DIR/category/file), and `props/` with SV-COMP's
# valid-memsafety.prp, valid-memcleanup.prp and no-overflow.prp.
# Prints one line per task and a table per property. Scoring: +2 a
# correct TRUE, +1 a correct FALSE with the right subproperty, -32 a
# wrong TRUE, -16 a wrong FALSE (the wrong subproperty included).
set -euo pipefail
cd "$(dirname "$0")/.."
tasks=${1:?usage: bench/svcomp-properties.sh TASKS_DIR [SECONDS] [JOBS]}
secs=${2:-20}
jobs=${3:-2}
cosmo=$(realpath build/tools/cosmo/cosmo)
[ -x "$cosmo" ] || { echo "build cosmo first (cmake --build build)" >&2; exit 2; }
tasks=$(realpath "$tasks")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_task() { # id category file property expected datamodel
  local prp model=--32
  case $4 in
    memsafety) prp=valid-memsafety.prp ;;
    memcleanup) prp=valid-memcleanup.prp ;;
    nooverflow) prp=no-overflow.prp ;;
  esac
  [ "$6" = LP64 ] && model=--64
  local start=$(date +%s.%N)
  timeout -k 5 $((secs + 15)) "$cosmo" check --svcomp --property \
    "$tasks/props/$prp" $model --timeout "$secs" --out "$work/$1" \
    "$tasks/$2/$3" > "$work/$1.out" 2>&1 || true
  local end=$(date +%s.%N)
  local got=$(tail -n 1 "$work/$1.out" | tr 'A-Z' 'a-z')
  [[ $got =~ ^(true|false\([a-z-]+\))$ ]] || got=unknown
  printf '%s %s %s %s %s %.1f\n' "$1" "$2/$3" "$4" "$5" "$got" \
    "$(echo "$end - $start" | bc)"
  rm -rf "${work:?}/$1"
}
export -f run_task
export cosmo tasks secs work

tail -n +2 "$tasks/tasks.csv" | tr ',' ' ' |
  xargs -P "$jobs" -n 6 bash -c 'run_task "$@"' _ | sort > "$work/results"
awk '{ printf "%-28s %-12s %-26s %-26s %6ss\n", $1, $3, $4, $5, $6 }' "$work/results"
echo
echo "| property | tasks | correct true | correct false | wrong | unknown | score | task times |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
awk '
  function add(p, expected, got, secs) {
    n[p]++; t[p] += secs
    max[p] += expected == "true" ? 2 : 1
    if (got == "unknown") u[p]++
    else if (got == expected) { if (got == "true") { ct[p]++; s[p] += 2 } else { cf[p]++; s[p] += 1 } }
    else { w[p]++; s[p] -= got == "true" ? 32 : 16 }
  }
  { add($3, $4, $5, $6); add("all", $4, $5, $6) }
  END {
    split("memsafety memcleanup nooverflow all", order, " ")
    for (i = 1; i <= 4; i++) { p = order[i]; if (!n[p]) continue
      printf "| %s | %d | %d | %d | %d | %d | %d of %d | %.0f s |\n", p, n[p], ct[p], cf[p], w[p], u[p], s[p], max[p], t[p] }
  }' "$work/results"
