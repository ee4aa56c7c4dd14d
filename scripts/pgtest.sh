#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: `pgtest.sh start` prints its URL, `pgtest.sh stop URL` removes it.
# Each run takes a free port and its own folder (PGTEST_PORT fixes the port), so two runs on one
# machine never stop each other's database. PostgreSQL refuses to run as root, so as root the server
# runs as the 'postgres' user.
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
dir_of() { echo "/tmp/biddesk-pgtest-$1"; }
case "${1:-}" in
start)
  # A start that fails (a port taken between the check and the bind, a slow machine) is tried again on another port;
  # each failure prints the server's own log, which is where PostgreSQL says why.
  for attempt in 1 2 3; do
    PORT=${PGTEST_PORT:-}
    if [ -z "$PORT" ]; then
      for _ in $(seq 1 50); do
        p=$((20000 + RANDOM % 12000)) # below the kernel's ephemeral ports (32768-60999), which outgoing connections take
        if ! port_busy "$p" && [ ! -e "$(dir_of "$p")" ]; then PORT=$p; break; fi
      done
      [ -n "$PORT" ] || { echo "no free port for PostgreSQL" >&2; exit 1; }
    fi
    DIR=$(dir_of "$PORT")
    rm -rf "$DIR"; mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    if ! { as_pg "$BIN/initdb" -D "$DIR" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR.initdb.log" 2>&1 ||
      as_pg "$BIN/initdb" -D "$DIR" -U postgres -A trust -E UTF8 >"$DIR.initdb.log" 2>&1; }; then
      echo "initdb failed (attempt $attempt):" >&2; tail -n 30 "$DIR.initdb.log" >&2
    elif as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 180 \
      -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null &&
      as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres biddesk_test; then
      echo "postgres://postgres@127.0.0.1:$PORT/biddesk_test?sslmode=disable"
      exit 0
    else
      echo "PostgreSQL did not start on port $PORT (attempt $attempt); its log:" >&2
      tail -n 30 "$DIR/server.log" >&2 || true
    fi
    as_pg "$BIN/pg_ctl" -D "$DIR" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR" "$DIR.initdb.log"
    [ -z "${PGTEST_PORT:-}" ] || break
    sleep 2
  done
  exit 1
  ;;
stop)
  # The URL (or port) that start printed.
  arg=${2:-${PGTEST_PORT:-}}
  [ -n "$arg" ] || { echo "usage: $0 stop URL" >&2; exit 2; }
  PORT=$(echo "$arg" | sed -E 's#.*:([0-9]+)/.*#\1#')
  DIR=$(dir_of "$PORT")
  as_pg "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR" "$DIR.initdb.log"
  ;;
*) echo "usage: $0 start | stop URL" >&2; exit 2 ;;
esac
