#!/usr/bin/env bash
# U60 for real: start a throwaway Redis and MariaDB (Debian's MySQL-compatible server) on
# loopback, in a temporary directory, on free ports; run the U60 scenarios, then the same with
# faults injected (Redis killed mid-scenario, MariaDB restarted between two writes). Then the
# failover lab: a Redis primary and replica watched by three sentinels, and a three-member etcd
# cluster, whose nodes the lab stops, kills and restarts. Every server is stopped and the
# directory removed at the end — also on Ctrl-C. System services are never touched.
#
#   scripts/u60.sh [--json]   run both labs and print their reports (--json: as data, one
#                             JSON document per lab, one per line)
#   scripts/u60.sh --test     run the assertions as cargo tests instead (they print the reports)
#   scripts/u60.sh fault X    (called by the lab while it runs) inject fault X: kill-redis,
#                             restart-mariadb, or pause|resume|kill|start PORT for a failover
#                             lab's node; the servers are found through U60_WORK
set -euo pipefail
cd "$(dirname "$0")/.."

wait_for() { # what, command...
  local what=$1; shift
  for _ in $(seq 1 150); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "u60: $what did not start; its log:" >&2; cat "$work"/*.log >&2; exit 1
}
# Alive and not a zombie: a killed server stays a zombie until its parent reaps it, and
# `kill -0` still finds a zombie.
alive() { [[ $(sed -E 's/.*\) (.).*/\1/' "/proc/$1/stat" 2>/dev/null) =~ ^[^ZX]$ ]]; }
# Each server's pid lives in a file, so a server restarted by a fault is still stopped at the end.
stop() { # pid file; TERM, then KILL if it is still there after 10 s
  local file=$1 pid
  [[ -f $file ]] || return 0
  pid=$(cat "$file")
  kill -CONT "$pid" 2>/dev/null || true # a paused node would hold the TERM until resumed
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do alive "$pid" || break; sleep 0.2; done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$file"
}
start_mariadb() {
  mariadbd --no-defaults --datadir="$work/db" --socket="$work/db.sock" --port="$U60_DB_PORT" \
    --bind-address=127.0.0.1 --user=root --skip-log-bin >>"$work/mariadb.log" 2>&1 &
  echo $! >"$work/db.pid"; disown
  wait_for "mariadbd" mariadb-admin --no-defaults --socket="$work/db.sock" ping
}

# A failover lab's node, named by its port: its command is kept so a fault can start it again.
launch() { # port command...
  local port=$1; shift
  printf '%q ' "$@" >"$work/node-$port.cmd"
  "$@" >>"$work/node-$port.log" 2>&1 &
  echo $! >"$work/node-$port.pid"; disown
}

if [[ ${1:-} == fault ]]; then
  work=${U60_WORK:?the fault command is run by the lab, inside scripts/u60.sh}
  case ${2:-} in
    kill-redis) # no goodbye: the authority simply disappears
      pid=$(cat "$work/redis.pid"); kill -9 "$pid"
      while alive "$pid"; do sleep 0.05; done
      rm -f "$work/redis.pid" ;;
    restart-mariadb) stop "$work/db.pid"; start_mariadb ;;
    pause | resume | kill | start)
      port=${3:?which node: its port}
      pid=$(cat "$work/node-$port.pid" 2>/dev/null || true)
      case $2 in
        pause) kill -STOP "$pid" ;;
        resume) kill -CONT "$pid" ;;
        kill) kill -9 "$pid"; while alive "$pid"; do sleep 0.05; done ;;
        start) alive "$pid" && { echo "u60: node $port still runs" >&2; exit 1; }
          eval "launch $port $(cat "$work/node-$port.cmd")" ;;
      esac ;;
    *) echo "u60: unknown fault '${2:-}' (kill-redis, restart-mariadb, pause|resume|kill|start PORT)" >&2; exit 2 ;;
  esac
  exit 0
fi

scripts/bootstrap.sh
source scripts/env.sh

work=$(mktemp -d /tmp/u60.XXXXXX)
cleanup() {
  for pid in "$work"/*.pid; do stop "$pid"; done
  rm -rf "$work"
}
trap cleanup EXIT
# Ctrl-C or a kill ends the script through its exit trap, which stops the servers.
trap 'exit 130' INT
trap 'exit 143' TERM
# N distinct free ports, chosen below the kernel's ephemeral range: a port the kernel may hand
# to an outgoing connection (a client's, a replica's) can be taken between the choice and the
# server's bind — it happened once in ten runs with ports from bind(0).
free_ports() {
  python3 - "$1" <<'PY'
import random, socket, sys
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
held = []
while len(held) < int(sys.argv[1]):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", random.randrange(10000, low)))
        held.append(s)
    except OSError:
        s.close()
print(*[s.getsockname()[1] for s in held])
PY
}
free_port() { free_ports 1; }

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

# The failover lab: a primary and a replica, three sentinels (quorum 2) with short timeouts,
# and three etcd members with a 50 ms heartbeat and a 500 ms election timeout. A port can still
# be taken between its choice and a node's bind, by anything else on the machine (it happened
# under a parallel build); the node then dies at once, and the lab starts again on other ports.
node_up() { # port command...: 0 once the command answers, 1 once the node's process is gone
  local port=$1 pid; shift
  pid=$(cat "$work/node-$port.pid")
  for _ in $(seq 1 150); do
    # Alive too, and in time: whatever took the port may answer the command, or never.
    timeout 2 "$@" >/dev/null 2>&1 && alive "$pid" && return 0
    alive "$pid" || return 1
    sleep 0.2
  done
  echo "u60: node $port did not start; its log:" >&2; cat "$work"/*.log >&2; exit 1
}
redis_node() { launch "$1" redis-server --port "$1" --bind 127.0.0.1 --dir "$work" --save "" --appendonly no \
  --dbfilename "dump-$1.rdb" --daemonize no "${@:2}"; }
start_failover_lab() {
  read -r primary replica s1 s2 s3 c1 c2 c3 p1 p2 p3 < <(free_ports 11)
  redis_node "$primary"
  redis_node "$replica" --replicaof 127.0.0.1 "$primary"
  for port in $s1 $s2 $s3; do
    # Sentinel rewrites its configuration file: each gets its own, in the temporary directory.
    printf '%s\n' "port $port" "bind 127.0.0.1" "dir $work" "sentinel monitor u60 127.0.0.1 $primary 2" \
      "sentinel down-after-milliseconds u60 500" "sentinel failover-timeout u60 2000" >"$work/sentinel-$port.conf"
    launch "$port" redis-server "$work/sentinel-$port.conf" --sentinel
  done
  cluster=e1=http://127.0.0.1:$p1,e2=http://127.0.0.1:$p2,e3=http://127.0.0.1:$p3
  for i in 1 2 3; do
    client=c$i peer=p$i
    launch "${!client}" etcd --name "e$i" --data-dir "$work/etcd-$i" --log-level error \
      --listen-client-urls "http://127.0.0.1:${!client}" --advertise-client-urls "http://127.0.0.1:${!client}" \
      --listen-peer-urls "http://127.0.0.1:${!peer}" --initial-advertise-peer-urls "http://127.0.0.1:${!peer}" \
      --initial-cluster "$cluster" --initial-cluster-state new --heartbeat-interval 50 --election-timeout 500
  done
  for port in $primary $replica $s1 $s2 $s3; do node_up "$port" redis-cli -p "$port" ping || return 1; done
  for port in $c1 $c2 $c3; do
    node_up "$port" etcdctl --endpoints="http://127.0.0.1:$port" endpoint health || return 1
  done
}
for attempt in 1 2 3; do
  start_failover_lab && break
  echo "u60: a failover node stopped as it started (attempt $attempt of 3); its log:" >&2
  cat "$work"/node-*.log >&2
  [[ $attempt -lt 3 ]] || exit 1
  for f in "$work"/node-*.pid; do stop "$f"; done
  rm -rf "$work"/node-* "$work"/sentinel-* "$work"/etcd-* "$work"/dump-*
done
etcd_urls=http://127.0.0.1:$c1,http://127.0.0.1:$c2,http://127.0.0.1:$c3
pids=$(for f in "$work"/*.pid; do echo -n "pid $(cat "$f"), "; done)
echo "u60: servers up in $work (${pids%, })" >&2

export U60_REDIS_URL="redis://127.0.0.1:$redis_port/"
export U60_MYSQL_URL="mysql://u60:u60@127.0.0.1:$U60_DB_PORT/u60"
export U60_FAULTS="$PWD/scripts/u60.sh"
export U60_SENTINELS=$s1,$s2,$s3 U60_REDIS_NODES="$primary,$replica" U60_ETCD_URLS=$etcd_urls
if [[ ${1:-} == --test ]]; then
  cargo test -q --release -p u60-lab -- --ignored --test-threads=1 --nocapture
else
  cargo run -q --release -p u60-lab -- --redis "$U60_REDIS_URL" --mysql "$U60_MYSQL_URL" --faults "$U60_FAULTS" "$@"
  cargo run -q --release -p u60-lab -- failover --sentinels "$U60_SENTINELS" --redis-nodes "$U60_REDIS_NODES" \
    --etcd "$U60_ETCD_URLS" --mysql "$U60_MYSQL_URL" --faults "$U60_FAULTS" "$@"
fi
