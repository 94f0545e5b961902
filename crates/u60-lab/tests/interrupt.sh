#!/usr/bin/env bash
# Ctrl-C in the middle of scripts/u60.sh stops both throwaway servers and removes their
# directory. Run by scripts/test.sh; needs what scripts/u60.sh needs (it bootstraps).
set -euo pipefail
cd "$(dirname "$0")/../../.."
log=$(mktemp /tmp/u60-interrupt.XXXXXX)
trap 'rm -f "$log"' EXIT

# A session of its own, so the interrupt reaches the script's whole process group, as a
# terminal's Ctrl-C does.
setsid scripts/u60.sh >/dev/null 2>"$log" &
leader=$!
for _ in $(seq 1 600); do grep -q '^u60: servers up' "$log" && break; sleep 0.2; done
line=$(grep '^u60: servers up' "$log") || { echo "interrupt test: the servers never came up" >&2; cat "$log" >&2; exit 1; }
work=$(sed -E 's/.* in ([^ ]+) .*/\1/' <<<"$line")
pids=$(grep -oE 'pid [0-9]+' <<<"$line" | cut -d' ' -f2)
kill -INT -- "-$leader"
wait "$leader" && { echo "interrupt test: the script ignored Ctrl-C" >&2; exit 1; }
for pid in $pids; do
  if kill -0 "$pid" 2>/dev/null; then echo "interrupt test: server $pid still runs" >&2; exit 1; fi
done
[[ ! -e $work ]] || { echo "interrupt test: $work was not removed" >&2; exit 1; }
echo "interrupt test: Ctrl-C stopped pids $(echo $pids) and removed $work"
