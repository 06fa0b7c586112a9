#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL cluster: initialised in a
# temporary directory, owned by an unprivileged user (postgres when run as
# root), listening on a Unix socket only, stopped and removed when the
# command ends. The command sees COSMO_TEST_POSTGRES, a postgresql:// URI
# of the cluster's superuser; the store tests use it. Without Debian's
# postgresql, the command runs without it (those tests say they skipped).
#
#   scripts/postgres.sh COMMAND [ARG...]
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: no PostgreSQL server installed; running without one" >&2
  exec "$@"
fi
dir=$(mktemp -d /tmp/cosmo-pg.XXXXXX)
as=()
user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  user=postgres
  chown "$user" "$dir"
  as=(runuser -u "$user" --)
fi
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
"${as[@]}" "$bin/initdb" -D "$dir/data" -U "$user" --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-k $dir -c listen_addresses= -c max_connections=200 -c fsync=off" start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }
export COSMO_TEST_POSTGRES="postgresql:///postgres?host=$dir&user=$user"
echo "postgres.sh: a PostgreSQL cluster in $dir for the tests"
"$@"
