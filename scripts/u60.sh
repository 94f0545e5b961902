#!/usr/bin/env bash
# U60 for real: start a throwaway Redis and MariaDB (Debian's MySQL-compatible server) on
# loopback, in a temporary directory, on free ports; run the U60 scenarios, then the same with
# faults injected (Redis killed mid-scenario, MariaDB restarted between two writes); stop both
# and remove the directory — also on Ctrl-C. System services are never touched.
#
#   scripts/u60.sh            run the lab and print its report
#   scripts/u60.sh --test     also run the assertions as a cargo test
#   scripts/u60.sh fault X    (called by the lab while it runs) inject fault X: kill-redis,
#                             restart-mariadb; the servers are found through U60_WORK
set -euo pipefail
cd "$(dirname "$0")/.."

wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 150); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "u60: $what did not start; its log:" >&2; cat "$work"/*.log >&2; exit 1
}
# Each server's pid lives in a file, so a server restarted by a fault is still stopped at the end.
stop() { # pid file; TERM, then KILL if it is still there after 10 s
  local file=$1 pid
  [[ -f $file ]] || return 0
  pid=$(cat "$file")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$file"
}
start_mariadb() {
  mariadbd --no-defaults --datadir="$work/db" --socket="$work/db.sock" --port="$U60_DB_PORT" \
    --bind-address=127.0.0.1 --user=root --skip-log-bin >>"$work/mariadb.log" 2>&1 &
  echo $! >"$work/db.pid"; disown
  wait_for "mariadbd" mariadb-admin --no-defaults --socket="$work/db.sock" ping
}

if [[ ${1:-} == fault ]]; then
  work=${U60_WORK:?the fault command is run by the lab, inside scripts/u60.sh}
  case ${2:-} in
    kill-redis) # no goodbye: the authority simply disappears
      pid=$(cat "$work/redis.pid"); kill -9 "$pid"
      while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
      rm -f "$work/redis.pid" ;;
    restart-mariadb) stop "$work/db.pid"; start_mariadb ;;
    *) echo "u60: unknown fault '${2:-}' (kill-redis, restart-mariadb)" >&2; exit 2 ;;
  esac
  exit 0
fi

scripts/bootstrap.sh
source scripts/env.sh

work=$(mktemp -d /tmp/u60.XXXXXX)
cleanup() {
  stop "$work/redis.pid"
  stop "$work/db.pid"
  rm -rf "$work"
}
trap cleanup EXIT
# Ctrl-C or a kill ends the script through its exit trap, which stops the servers.
trap 'exit 130' INT
trap 'exit 143' TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --appendonly yes --appendfsync always \
  --save "" --daemonize no >"$work/redis.log" 2>&1 &
echo $! >"$work/redis.pid"; disown
wait_for "redis-server" redis-cli -p "$redis_port" ping

export U60_WORK=$work U60_DB_PORT=$(free_port)
mariadb-install-db --no-defaults --datadir="$work/db" --skip-test-db >"$work/install.log" 2>&1
start_mariadb
mariadb --no-defaults --socket="$work/db.sock" -uroot -e \
  "CREATE DATABASE u60 CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; CREATE USER 'u60'@'127.0.0.1' IDENTIFIED BY 'u60'; GRANT ALL ON u60.* TO 'u60'@'127.0.0.1';"
echo "u60: servers up in $work (redis pid $(cat "$work/redis.pid"), mariadbd pid $(cat "$work/db.pid"))" >&2

export U60_REDIS_URL="redis://127.0.0.1:$redis_port/"
export U60_MYSQL_URL="mysql://u60:u60@127.0.0.1:$U60_DB_PORT/u60"
export U60_FAULTS="$PWD/scripts/u60.sh"
cargo run -q --release -p u60-lab -- --redis "$U60_REDIS_URL" --mysql "$U60_MYSQL_URL" --faults "$U60_FAULTS"
if [[ ${1:-} == --test ]]; then
  # The lab above killed Redis: the test starts from a fresh one on the same port.
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$work" --appendonly no \
    --save "" --daemonize no >>"$work/redis.log" 2>&1 &
  echo $! >"$work/redis.pid"; disown
  wait_for "redis-server" redis-cli -p "$redis_port" ping
  cargo test -q --release -p u60-lab -- --ignored --test-threads=1
fi
