#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: `pgtest.sh start` prints its URL, `pgtest.sh stop` removes it.
# PostgreSQL refuses to run as root, so as root the server runs as the 'postgres' user.
set -euo pipefail
PORT=${PGTEST_PORT:-55432}
DIR=${PGTEST_DIR:-/tmp/biddesk-pgtest-$PORT}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "${1:-}" in
start)
  if as_pg "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
    echo "postgres://postgres@127.0.0.1:$PORT/biddesk_test?sslmode=disable"; exit 0
  fi
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_pg "$BIN/initdb" -D "$DIR" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR.initdb.log" 2>&1 ||
    as_pg "$BIN/initdb" -D "$DIR" -U postgres -A trust -E UTF8 >"$DIR.initdb.log" 2>&1
  as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w \
    -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
  as_pg "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres biddesk_test
  echo "postgres://postgres@127.0.0.1:$PORT/biddesk_test?sslmode=disable"
  ;;
stop)
  as_pg "$BIN/pg_ctl" -D "$DIR" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR" "$DIR.initdb.log"
  ;;
*) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
