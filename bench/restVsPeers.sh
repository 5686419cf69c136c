#!/usr/bin/env bash
# The REST benchmark of issue 6: Meridian (core + gateway, one process, as
# `npm start` runs it) against the peers a user would pick instead, on the same
# GeoNames data, the same seeded workload (40 % radius, 30 % prefix, 30 % by id,
# every answer with its total count) and the same driver, in one run.
#
#   npm run bench:rest            (or: bash bench/restVsPeers.sh)
#
# With GRAPHQL=1 (the default) the GraphQL form of the same workload runs too,
# against Meridian's /graphql and PostGraphile v5 over the same PostGIS table.
#
# Peers and driver come from ../shared/bench-peers (BENCH_PEERS to point
# elsewhere): kdbush (in-memory Fastify, the practical ceiling) and fastify-pg
# (Fastify + pg + PostGIS). They are copied to a scratch folder, installed from
# npm, set up with their own scripts (PostgreSQL 15 + PostGIS from Debian), and
# stopped again at the end. Runs interleave the targets so that background load
# spreads over all of them.
# Env: DURATION (10) CONNECTIONS (32) REPEAT (2) TYPES ("mixed radius prefix byId")
#      WARMUP (2) PEERS ("kdbush fastify-pg") GRAPHQL (1) GRAPHQL_BUDGET (0) OUTDIR (bench/results/rest-<UTC>)
#      BASELINE (a built checkout of an earlier commit, run beside the current tree as meridian-base)
#      SETTLE (60: at most this many seconds of waiting for an idle machine before the first round)
set -euo pipefail
# --help: the comment above, and nothing run
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0; fi
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PEERS_SRC="${BENCH_PEERS:-$ROOT/../shared/bench-peers}"
WORK="${BENCH_WORK:-/tmp/meridian-bench-peers}"
OUTDIR="$(realpath -m "${OUTDIR:-$ROOT/bench/results/rest-$(date -u +%Y%m%dT%H%M%SZ)}")"
DURATION=${DURATION:-10}; CONNECTIONS=${CONNECTIONS:-32}; REPEAT=${REPEAT:-2}; WARMUP=${WARMUP:-2}
TYPES=${TYPES:-"mixed radius prefix byId"}; PEERS=${PEERS:-"kdbush fastify-pg"}; GRAPHQL=${GRAPHQL:-1}
HTTP_PORT=${HTTP_PORT:-18480}; GRPC_PORT=${GRPC_PORT:-18451}
# The bench key has no rate limit, and no work budget either (0 = unlimited): the per-key budget shared by REST and GraphQL
# (gateway/workPricing.ts; before its sizing) refused most of the GraphQL radius and prefix load with 429, so those rows
# measured refusals. GRAPHQL_BUDGET sets another budget (cost units per key per minute).
GRAPHQL_BUDGET=${GRAPHQL_BUDGET:-0}
SETTLE=${SETTLE:-60}
[[ "$SETTLE" =~ ^[0-9]+$ ]] || { echo "SETTLE must be a whole number of seconds, got '$SETTLE'" >&2; exit 2; }
mkdir -p "$OUTDIR"
# the tables read every load-*.json of OUTDIR: an earlier run's would be mixed into this one's
if compgen -G "$OUTDIR/load-*.json" >/dev/null; then echo "OUTDIR $OUTDIR holds an earlier run's results: choose an empty folder" >&2; exit 2; fi
log() { echo "[bench] $*" | tee -a "$OUTDIR/setup.txt"; }

if [ ! -f "$PEERS_SRC/workload/drive.mjs" ]; then
  echo "no bench peers at $PEERS_SRC (set BENCH_PEERS): they hold the driver, the workload and the peers to compare with" >&2
  exit 2
fi

STARTED=()
STATE_DIRS=()
cleanup() {
  set +e
  for pid in "${STARTED[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${STARTED[@]}"; do for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done; kill -9 "$pid" 2>/dev/null; done
  [ "${PG_STARTED_HERE:-0}" = 1 ] && (cd "$WORK" && bash peers/postgis/stop.sh >/dev/null 2>&1)
  for d in "${STATE_DIRS[@]}"; do rm -rf "$d"; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# 1. the peers' harness, in a writable copy, with its npm dependencies
log "peers from $PEERS_SRC, working copy $WORK"
mkdir -p "$WORK"
(cd "$PEERS_SRC" && tar --exclude=node_modules --exclude=results -cf - .) | (cd "$WORK" && tar -xf - && chmod -R u+w .)
cd "$WORK"
if [ ! -d node_modules/autocannon ] || [ ! -d node_modules/geokdbush ]; then
  log "installing the peers' npm dependencies"
  npm install --no-audit --no-fund --loglevel=error >/dev/null
fi
source lib/common.sh
source peers/postgis/env.sh
# The harness's driver is wrk (its run-peers.sh installs Debian's package when missing): autocannon parses every
# answer in JavaScript on the same two cores, so it bills the client's parsing of larger answers to the server's
# throughput (bench/README.md, fourteenth session). Installed the same way here when we may; else autocannon, said so.
TOOL=${TOOL:-wrk}
if [ "$TOOL" = wrk ] && ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing Debian's wrk (the harness's load driver)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null 2>&1 || true
  fi
  if ! command -v wrk >/dev/null; then log "wrk is not installed and could not be: driving with autocannon (more client CPU on the same cores)"; TOOL=autocannon; fi
fi
[ -f workload/workload.json ] || node workload/generate.mjs

# 2. PostGIS (for fastify-pg and PostGraphile)
if [[ " $PEERS " == *" fastify-pg "* ]] || [ "$GRAPHQL" = 1 ]; then
  if ! runuser -u "$PG_OS_USER" -- "$PG_BIN/pg_ctl" -D "$PGDATA_DIR" status >/dev/null 2>&1; then PG_STARTED_HERE=1; fi
  T=$(now); bash peers/postgis/setup.sh 2>&1 | tee -a "$OUTDIR/setup.txt"; log "postgis ready in $(elapsed "$T")s"
  PG_PID=$(head -1 "$PGDATA_DIR/postmaster.pid")
  [ "$GRAPHQL" = 1 ] && psql -X -q -v ON_ERROR_STOP=1 -h "$PG_HOST" -p "$PG_PORT" -U postgres -d "$PG_DB" -f peers/postgraphile/functions.sql 2>/dev/null
fi

# 3. servers: Meridian as npm start runs it, with a bench key (no rate limit) and no per-key work budget
#    (the bench measures the machine, not a client: gateway/README.md, "Limits by work"), and the peers
(cd "$ROOT" && npm run build --silent >/dev/null 2>&1) || { echo "npm run build failed in $ROOT" >&2; exit 1; }
declare -A URL CPU KEY_HEADER
# start_meridian LABEL DIR PORT_OFFSET: a built tree as `npm start` runs it (node dist/bin/meridian.js), its own
# ports and state folder, ready on /healthz; fills URL, CPU and KEY_HEADER (its local key) for LABEL
start_meridian() {
  local label=$1 dir=$2 off=$3 state T
  state=$(mktemp -d "/tmp/meridian-bench-$label-XXXX"); STATE_DIRS+=("$state")
  T=$(now)
  (cd "$dir" && MERIDIAN_STATE_DIR="$state" MERIDIAN_HTTP_ADDR="127.0.0.1:$((HTTP_PORT + off))" MERIDIAN_GRPC_ADDR="127.0.0.1:$((GRPC_PORT + off))" \
    MERIDIAN_LOG_LEVEL=warn MERIDIAN_WORK_BUDGET="$GRAPHQL_BUDGET" exec node dist/bin/meridian.js > "$OUTDIR/$label.log" 2>&1) &
  STARTED+=("$!"); CPU[$label]="$!"; URL[$label]="http://127.0.0.1:$((HTTP_PORT + off))"
  wait_http "${URL[$label]}/healthz" || { cat "$OUTDIR/$label.log"; exit 1; }
  KEY_HEADER[$label]="X-Gateway-Key: $(cat "$state/local-key.txt")"
  log "$label: pid=${CPU[$label]} ready in $(elapsed "$T")s"
}
start_meridian meridian "$ROOT" 0
MPID=${CPU[meridian]}
export BENCH_HEADER="${KEY_HEADER[meridian]}"
# BASELINE=DIR: a built checkout of an earlier commit, run as the target meridian-base in the same run
# (e.g. git worktree add /tmp/meridian-base <commit> && (cd /tmp/meridian-base && npm ci)), so that
# "no slower than before" is a ratio from one run on one machine, not a figure from another day.
TARGETS="meridian"
if [ -n "${BASELINE:-}" ]; then
  [ -f "$BASELINE/dist/bin/meridian.js" ] || { echo "BASELINE=$BASELINE has no dist/bin/meridian.js: check out the commit there and run npm ci (it builds)" >&2; exit 2; }
  start_meridian meridian-base "$BASELINE" 1
  log "meridian-base is $(cd "$BASELINE" && git log -1 --format='%h %cd' --date=short 2>/dev/null || echo "$BASELINE")"
  TARGETS="meridian meridian-base"
fi
for p in $PEERS; do
  case $p in
    kdbush) node peers/kdbush/server.mjs > "$OUTDIR/kdbush.log" 2>&1 & STARTED+=("$!"); URL[kdbush]=http://127.0.0.1:55435; CPU[kdbush]="$!" ;;
    fastify-pg) node peers/fastify-pg/server.mjs > "$OUTDIR/fastify-pg.log" 2>&1 & STARTED+=("$!"); URL[fastify-pg]=http://127.0.0.1:55434; CPU[fastify-pg]="$! $PG_PID" ;;
    *) echo "unknown peer $p (kdbush, fastify-pg)" >&2; exit 2 ;;
  esac
  wait_http "${URL[$p]}/healthz" || { cat "$OUTDIR/$p.log"; exit 1; }
  log "$p: ready"
done

if [ "$GRAPHQL" = 1 ]; then
  node peers/postgraphile/server.mjs > "$OUTDIR/postgraphile.log" 2>&1 & STARTED+=("$!"); GQL_PID=$!
  wait_http http://127.0.0.1:55433/graphql graphql || { cat "$OUTDIR/postgraphile.log"; exit 1; }
  log "postgraphile: ready"
  # Meridian's GraphQL form of the workload, and the driver reading it (the harness's drive.mjs, with
  # the request body taken from the workload item when it has one)
  node "$ROOT/dist/bench/graphqlWorkload.js" --workload workload/workload.json --out "$WORK/workload/workload-meridian-graphql.json" \
    --base "${URL[meridian]}" --key "${BENCH_HEADER#X-Gateway-Key: }" 2>&1 | tail -1 | tee -a "$OUTDIR/setup.txt"
  sed 's/body: graphqlBody(it)/body: it.gqlBody ?? graphqlBody(it)/' workload/drive.mjs > workload/drive-meridian.mjs
  grep -q 'it.gqlBody' workload/drive-meridian.mjs || { echo "could not adapt drive.mjs for Meridian's GraphQL bodies" >&2; exit 1; }
fi

# 4. same answers? (ids, order, totals; namePrefix differs by design: Meridian matches the start of any word)
if [[ " $PEERS " == *" kdbush "* ]]; then
  node workload/check.mjs --rest "kdbush=${URL[kdbush]}" --rest "meridian=${URL[meridian]}" --sample 300 > "$OUTDIR/check.txt" 2>&1 || true
  tail -3 "$OUTDIR/check.txt" | sed 's/^/[bench] check: /'
fi

# 5. a quiet machine before the first round: PostgreSQL writes out what loading and indexing left dirty (else its
#    checkpointer may do so during the first rounds, on the target measured first), then up to SETTLE s until the CPUs
#    are 85 % idle over one second (iowait counts as busy: disk writeback is what this waits out)
idle_pct() {  # the share of CPU time idle (not iowait) over the next second, from /proc/stat
  local a b
  a=$(awk '/^cpu /{print $5, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat); sleep 1
  b=$(awk '/^cpu /{print $5, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat)
  echo "$a $b" | awk '{d = $4 - $2; print (d > 0 ? int(100 * ($3 - $1) / d) : 100)}'
}
T=$(now)
if [ -n "${PG_PID:-}" ]; then
  if psql -X -q -h "$PG_HOST" -p "$PG_PORT" -U postgres -d "$PG_DB" -c CHECKPOINT >/dev/null 2>&1; then log "PostgreSQL CHECKPOINT done"
  else log "PostgreSQL CHECKPOINT failed (measuring anyway)"; fi
fi
IDLE=$(idle_pct)
for _ in $(seq 2 "$SETTLE"); do [ "$IDLE" -ge 85 ] && break; IDLE=$(idle_pct); done
log "before the load: CPUs ${IDLE} % idle after $(elapsed "$T")s of settling"

# 6. load, interleaved
log "load: tool=$TOOL duration=${DURATION}s connections=$CONNECTIONS repeat=$REPEAT types=[$TYPES]"
for rep in $(seq 1 "$REPEAT"); do
  for target in $TARGETS $PEERS; do
    for t in $TYPES; do
      BENCH_HEADER="${KEY_HEADER[$target]:-$BENCH_HEADER}" node workload/drive.mjs --base "${URL[$target]}" --label "$target" --type "$t" --tool "$TOOL" --duration "$DURATION" \
        --connections "$CONNECTIONS" --warmup "$WARMUP" --cpu-pids "${CPU[$target]}" --json "$OUTDIR/load-$target-$t-r$rep.json"
    done
    node lib/mem-cli.mjs "$target after rep $rep" ${CPU[$target]%% *} >> "$OUTDIR/memory.jsonl" 2>/dev/null || true
  done
  if [ "$GRAPHQL" = 1 ]; then
    for t in $TYPES; do
      node workload/drive-meridian.mjs --base "${URL[meridian]}/graphql" --graphql --workload workload/workload-meridian-graphql.json --label meridian-graphql \
        --type "$t" --tool "$TOOL" --duration "$DURATION" --connections "$CONNECTIONS" --warmup "$WARMUP" --cpu-pids "$MPID" --json "$OUTDIR/load-meridian-graphql-$t-r$rep.json"
    done
    for t in $TYPES; do
      node workload/drive.mjs --base http://127.0.0.1:55433/graphql --graphql --label postgraphile --type "$t" --tool "$TOOL" --duration "$DURATION" \
        --connections "$CONNECTIONS" --warmup "$WARMUP" --cpu-pids "$GQL_PID $PG_PID" --json "$OUTDIR/load-postgraphile-$t-r$rep.json"
    done
  fi
done

# 7. tables: the harness's own, then Meridian's ratios against each peer
node workload/summarize.mjs "$OUTDIR" > "$OUTDIR/summary.md"
(cd "$ROOT" && node dist/bench/peerRatios.js "$OUTDIR") | tee -a "$OUTDIR/summary.md"
echo "results in $OUTDIR"
