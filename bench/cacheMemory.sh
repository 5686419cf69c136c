#!/usr/bin/env bash
# Memory of the kept answers under load (issue 39, point 4): Meridian as `npm start` runs it (core thread and
# gateway in one process), the peers' seeded mixed workload (bench/restVsPeers.sh's driver, wrk), and the
# process's RSS at start, after a warm-up pass and every 10 s of the run at saturation.
#
#   bash bench/cacheMemory.sh            (npm run bench:memory)
#
# Env: WARMUP_S (20: the warm-up pass, wrk over the 2,000 requests several times) RUN_S (60) CONNECTIONS (32)
#      TYPE (mixed) BENCH_PEERS (../shared/bench-peers) BENCH_WORK (/tmp/meridian-bench-peers, the harness's copy)
#      HTTP_PORT (18580) GRPC_PORT (18551)
# Prints one line per sample: label, RSS MiB, and the growth since the warm-up pass; the goal is < 10 %.
set -euo pipefail
# --help: the comment above, and nothing run
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEERS_SRC="${BENCH_PEERS:-$ROOT/../shared/bench-peers}"
WORK="${BENCH_WORK:-/tmp/meridian-bench-peers}"
WARMUP_S=${WARMUP_S:-20}; RUN_S=${RUN_S:-60}; CONNECTIONS=${CONNECTIONS:-32}; TYPE=${TYPE:-mixed}
HTTP_PORT=${HTTP_PORT:-18580}; GRPC_PORT=${GRPC_PORT:-18551}
if [ ! -d "$WORK/node_modules/autocannon" ]; then
  mkdir -p "$WORK"
  (cd "$PEERS_SRC" && tar --exclude=node_modules --exclude=results -cf - .) | (cd "$WORK" && tar -xf - && chmod -R u+w .)
  (cd "$WORK" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
fi
state=$(mktemp -d /tmp/meridian-memory-XXXX)
PID=
cleanup() { set +e; [ -n "$PID" ] && { kill "$PID" 2>/dev/null; for _ in $(seq 1 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done; kill -9 "$PID" 2>/dev/null; }; rm -rf "$state"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
(cd "$ROOT" && MERIDIAN_STATE_DIR="$state" MERIDIAN_HTTP_ADDR="127.0.0.1:$HTTP_PORT" MERIDIAN_GRPC_ADDR="127.0.0.1:$GRPC_PORT" \
  MERIDIAN_LOG_LEVEL=warn MERIDIAN_WORK_BUDGET=0 exec node dist/bin/meridian.js > "$state/meridian.log" 2>&1) &
PID=$!
for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$HTTP_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fs "http://127.0.0.1:$HTTP_PORT/healthz" >/dev/null || { cat "$state/meridian.log"; exit 1; }
export BENCH_HEADER="X-Gateway-Key: $(cat "$state/local-key.txt")"
rss() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$PID/status"; }
drive() { node "$WORK/workload/drive.mjs" --base "http://127.0.0.1:$HTTP_PORT" --type "$TYPE" --tool wrk --duration "$1" --connections "$CONNECTIONS" --warmup 0 --label "$2"; }
START=$(rss); echo "started: RSS $START MiB"
drive "$WARMUP_S" warm-up
WARM=$(rss); echo "after the warm-up pass (${WARMUP_S} s): RSS $WARM MiB"
for i in $(seq 10 10 "$RUN_S"); do
  drive 10 "run ${i}s" >/dev/null
  R=$(rss); echo "after ${i} s at saturation: RSS $R MiB ($(awk -v a="$R" -v b="$WARM" 'BEGIN { printf "%+.1f", (a - b) * 100 / b }') % since the warm-up)"
done
