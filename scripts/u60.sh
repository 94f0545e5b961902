#!/usr/bin/env bash
# U60 for real: start a throwaway Redis and MariaDB (Debian's MySQL-compatible server) on
# loopback, in a temporary directory, on free ports; run the four scenarios; stop both.
# System services are never touched. `--test` also runs the assertions as a cargo test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
source scripts/env.sh

work=$(mktemp -d /tmp/u60.XXXXXX)
redis_pid="" db_pid=""
cleanup() {
  [[ -n $redis_pid ]] && kill "$redis_pid" 2>/dev/null || true
  [[ -n $db_pid ]] && kill "$db_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 150); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "u60: $what did not start; its log:" >&2; cat "$work"/*.log >&2; exit 1
}

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --appendonly yes --appendfsync always \
  --save "" --daemonize no >"$work/redis.log" 2>&1 &
redis_pid=$!
wait_for "redis-server" redis-cli -p "$redis_port" ping

db_port=$(free_port)
mariadb-install-db --no-defaults --datadir="$work/db" --skip-test-db >"$work/install.log" 2>&1
mariadbd --no-defaults --datadir="$work/db" --socket="$work/db.sock" --port="$db_port" \
  --bind-address=127.0.0.1 --user=root --skip-log-bin >"$work/mariadb.log" 2>&1 &
db_pid=$!
wait_for "mariadbd" mariadb-admin --no-defaults --socket="$work/db.sock" ping
mariadb --no-defaults --socket="$work/db.sock" -uroot -e \
  "CREATE DATABASE u60 CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; CREATE USER 'u60'@'127.0.0.1' IDENTIFIED BY 'u60'; GRANT ALL ON u60.* TO 'u60'@'127.0.0.1';"

export U60_REDIS_URL="redis://127.0.0.1:$redis_port/"
export U60_MYSQL_URL="mysql://u60:u60@127.0.0.1:$db_port/u60"
cargo run -q --release -p u60-lab -- --redis "$U60_REDIS_URL" --mysql "$U60_MYSQL_URL"
if [[ ${1:-} == --test ]]; then
  cargo test -q --release -p u60-lab -- --ignored
fi
