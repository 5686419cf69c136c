#!/usr/bin/env bash
# CPU profile of Meridian's GraphQL path, one request type at a time (issue 39, point 3): Meridian starts as
# `npm start` runs it (node dist/bin/meridian.js) but with --cpu-prof, the GraphQL form of the peers' seeded
# workload (bench/graphqlWorkload.ts) is driven at it with the harness's driver (wrk), Meridian stops, and the
# profiles (gateway thread and core worker) are summarised by bench/cpuProfileSummary.ts. REST runs the same
# requests in the same process before the GraphQL load, so each profile holds both and the ratio is in one run.
#
#   bash bench/graphqlProfile.sh                 (TYPES="byId radius prefix", DURATION=8 s each)
#
# Env: TYPES ("byId radius prefix") DURATION (8) CONNECTIONS (32) REST (0; 1 drives the same type over REST first, in the same process) OUTDIR
#      (bench/results/gqlprof-<UTC>) BENCH_PEERS (../shared/bench-peers) BENCH_WORK (/tmp/meridian-gqlprof-peers)
#      HTTP_PORT (18680) GRPC_PORT (18651) TREE (the built checkout whose Meridian is profiled: this one; e.g. an
#      earlier commit, `git archive C | tar -x -C DIR` with node_modules and data/build beside it, built with tsc)
set -euo pipefail
# --help: the comment above, and nothing run
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEERS_SRC="${BENCH_PEERS:-$ROOT/../shared/bench-peers}"
WORK="${BENCH_WORK:-/tmp/meridian-gqlprof-peers}"
OUTDIR="$(realpath -m "${OUTDIR:-$ROOT/bench/results/gqlprof-$(date -u +%Y%m%dT%H%M%SZ)}")"
TYPES=${TYPES:-"byId radius prefix"}; DURATION=${DURATION:-8}; CONNECTIONS=${CONNECTIONS:-32}; REST=${REST:-0}
HTTP_PORT=${HTTP_PORT:-18680}; GRPC_PORT=${GRPC_PORT:-18651}; TREE="$(realpath "${TREE:-$ROOT}")"
mkdir -p "$OUTDIR"
[ -f "$PEERS_SRC/workload/drive.mjs" ] || { echo "no bench peers at $PEERS_SRC (set BENCH_PEERS)" >&2; exit 2; }
PIDS=(); STATE=""
cleanup() { set +e; for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; [ -n "$STATE" ] && rm -rf "$STATE"; }
trap cleanup EXIT

mkdir -p "$WORK"
(cd "$PEERS_SRC" && tar --exclude=node_modules --exclude=results -cf - .) | (cd "$WORK" && tar -xf - && chmod -R u+w .)
[ -d "$WORK/node_modules/autocannon" ] || (cd "$WORK" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
source "$WORK/lib/common.sh"
[ -f "$WORK/workload/workload.json" ] || (cd "$WORK" && node workload/generate.mjs)
sed 's/body: graphqlBody(it)/body: it.gqlBody ?? graphqlBody(it)/' "$WORK/workload/drive.mjs" > "$WORK/workload/drive-meridian.mjs"

for t in $TYPES; do
  STATE=$(mktemp -d /tmp/meridian-gqlprof-XXXX)
  PROF="$OUTDIR/$t"; mkdir -p "$PROF"
  (cd "$TREE" && MERIDIAN_STATE_DIR="$STATE" MERIDIAN_HTTP_ADDR="127.0.0.1:$HTTP_PORT" MERIDIAN_GRPC_ADDR="127.0.0.1:$GRPC_PORT" \
    MERIDIAN_LOG_LEVEL=warn MERIDIAN_WORK_BUDGET=0 exec node --cpu-prof --cpu-prof-dir="$PROF" dist/bin/meridian.js > "$PROF/meridian.log" 2>&1) &
  PID=$!; PIDS+=("$PID")
  wait_http "http://127.0.0.1:$HTTP_PORT/healthz" || { cat "$PROF/meridian.log"; exit 1; }
  KEY=$(cat "$STATE/local-key.txt")
  node "$ROOT/dist/bench/graphqlWorkload.js" --workload "$WORK/workload/workload.json" --out "$PROF/workload-graphql.json" \
    --base "http://127.0.0.1:$HTTP_PORT" --key "$KEY" 2>&1 | tail -1
  export BENCH_HEADER="X-Gateway-Key: $KEY"
  CLOCK='process.stdout.write(String(process.hrtime.bigint() / 1000n))'
  if [ "$REST" = 1 ]; then
    REST_FROM=$(node -e "$CLOCK")
    node "$WORK/workload/drive.mjs" --base "http://127.0.0.1:$HTTP_PORT" --label meridian-rest --type "$t" --tool wrk --duration "$DURATION" \
      --connections "$CONNECTIONS" --warmup "${WARMUP:-0}" --cpu-pids "$PID" --json "$PROF/load-rest.json" | tee -a "$OUTDIR/load.txt"
  fi
  FROM=$(node -e "$CLOCK")
  node "$WORK/workload/drive-meridian.mjs" --base "http://127.0.0.1:$HTTP_PORT/graphql" --graphql --workload "$PROF/workload-graphql.json" \
    --label meridian-graphql --type "$t" --tool wrk --duration "$DURATION" --connections "$CONNECTIONS" --warmup "${WARMUP:-0}" --cpu-pids "$PID" \
    --json "$PROF/load-graphql.json" | tee -a "$OUTDIR/load.txt"
  TO=$(node -e "$CLOCK")
  echo "$FROM $TO" > "$PROF/window.txt"
  kill -INT "$PID"; wait "$PID" || true
  PIDS=(); rm -rf "$STATE"; STATE=""
  # each load's samples only (its window of the monotonic clock; WARMUP=0 by default, so the window holds only the
  # requests the driver counts); profile thread 0 is the gateway, 1 the core worker, the others sentiment workers
  # (*.txt: the GraphQL load, *.rest.txt: the REST load of the same type before it)
  N=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); console.log(j.requests)' "$PROF/load-graphql.json")
  for f in "$PROF"/*.cpuprofile; do
    node "$ROOT/dist/bench/cpuProfileSummary.js" --profile "$f" --requests "$N" --from "$FROM" --to "$TO" > "${f%.cpuprofile}.txt"
    if [ "$REST" = 1 ]; then
      NR=$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); console.log(j.requests)' "$PROF/load-rest.json")
      node "$ROOT/dist/bench/cpuProfileSummary.js" --profile "$f" --requests "$NR" --from "$REST_FROM" --to "$FROM" > "${f%.cpuprofile}.rest.txt"
    fi
  done
  echo "[gqlprof] $t: profiles and summaries in $PROF"
done
echo "results in $OUTDIR"
