/**
 * The embedded job store as it fills up: what a job's life and a client's reads cost
 * in the DuckDB store with 100k, 500k and 1M jobs already kept (the default retention
 * keeps 30 days of them), for random ids (version 4, what Meridian made before, and
 * what a state file of that time holds) against time-ordered ids (version 7, what it
 * makes now: src/sentiment/store/timeOrderedId.ts), in the same run.
 *
 * DuckDB has no index on the ids; every lookup by id bounds created_ms by the time the
 * id carries, so that only the row groups of that time are read. With random ids the
 * same lookups read the whole table.
 *
 * Per size and id kind, on a fresh state file filled with finished jobs and their
 * results, submitted as batches of 1,000 (a batch's jobs share its creation time, as in
 * the service), one batch every 10 s of simulated time (1M jobs span ~2.8 hours):
 *   - a batch of 4,000 new jobs through their life as the runner drives them: insert
 *     PENDING 1,000 per transaction, PROCESSING and completion 256 per transaction
 *     (µs per job);
 *   - what clients poll: a job's status, a result, a batch's counts (ms per read).
 *
 *   npm run bench:store [-- --sizes 100000,500000,1000000 --reads 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliArgs } from '../lib/cliArgs.js';
import { DuckDbSentimentStore } from '../src/sentiment/store/duckdbStore.js';
import { timeOrderedId } from '../src/sentiment/store/timeOrderedId.js';
import type { NewBatch, NewJob, Scope, StoredResult } from '../src/sentiment/store/sentimentStore.js';
import { positiveWhole } from './benchArgs.js';

const { values: args } = cliArgs({
  name: 'npm run bench:store',
  usage: 'npm run bench:store [-- options]',
  about: 'The embedded job store as it fills up: job life and reads with version 4 and version 7 ids.',
  options: {
    sizes: { arg: 'N,N,…', help: 'jobs already stored, per round', type: 'string', default: '100000,500000,1000000' },
    reads: { arg: 'N', help: 'reads of each kind per size', type: 'string', default: '200' },
  },
});
const SIZES = args.sizes.split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--sizes takes whole numbers separated by commas, got '${args.sizes}'`);
  return n;
}).sort((a, b) => a - b);
const READS = positiveWhole('reads', args.reads);

type Kind = 'random' | 'time-ordered';
const KINDS: Kind[] = ['random', 'time-ordered'];
const T0 = Date.UTC(2026, 9, 1);
/** Simulated time between two stored batches of 1,000. */
const STEP_MS = 10_000;
const scope: Scope = { tenant: 'bench', admin: false };
const PAYLOAD = JSON.stringify({ status: 'SUCCEEDED', sentiment: 'POSITIVE', rationale: 'x'.repeat(240), emotionScores: Array.from({ length: 7 }, (_, i) => ({ emotion: `E${i}`, score: 1 / 7 })) });
const log = (s: string): void => void process.stdout.write(`${s}\n`);
const progress = (s: string): void => void process.stderr.write(`${s}\n`);

const idOf = (kind: Kind, ms: number): string => (kind === 'random' ? randomUUID() : timeOrderedId(ms));
const job = (kind: Kind, ms: number, batchId: string | null): NewJob =>
  ({ id: idOf(kind, ms), tenant: 'bench', text: `a tweet-length text, number ${ms}, about nothing in particular at all`, feedId: null, batchId, domain: 'GENERAL', occurredMs: ms, createdMs: ms });
const result = (kind: Kind, j: NewJob, ms: number): StoredResult =>
  ({ id: idOf(kind, ms), jobId: j.id, batchId: j.batchId, tenant: 'bench', feedId: null, domain: 'GENERAL', occurredMs: j.occurredMs, createdMs: ms, sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: PAYLOAD });

interface Figures { insert: number; processing: number; complete: number; status: number; result: number; batch: number }

/** One store filled size by size; the figures at each size. */
async function run(kind: Kind): Promise<Map<number, Figures>> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-bench-store-scale-'));
  const store = await DuckDbSentimentStore.open(dir);
  const out = new Map<number, Figures>();
  let clock = T0;
  let kept = 0;
  const finished: { job: NewJob; result: StoredResult }[] = [];
  const batches: string[] = [];
  try {
    for (const size of SIZES) {
      while (kept < size) {
        const jobs: NewJob[] = [];
        const made: NewBatch[] = [];
        for (let b = 0; b < 10 && kept + jobs.length < size; b++) {
          const batchId = idOf(kind, clock);
          batches.push(batchId);
          const n = Math.min(1000, size - kept - jobs.length);
          made.push({ id: batchId, tenant: 'bench', createdMs: clock, total: n });
          for (let i = 0; i < n; i++) jobs.push(job(kind, clock, batchId));
          clock += STEP_MS;
        }
        const results = jobs.map((j) => result(kind, j, j.createdMs + 5));
        await store.insertPending(jobs, made);
        await store.complete(results, clock);
        for (let i = 0; i < jobs.length; i += 97) finished.push({ job: jobs[i]!, result: results[i]! });
        kept += jobs.length;
        if (kept % 100_000 === 0 || kept === size) progress(`  ${kind} ids: ${kept.toLocaleString('en')} jobs stored`);
      }
      // a batch of 4,000 through its life, as the runner drives it
      const now = clock;
      const batchId = idOf(kind, now);
      const jobs = Array.from({ length: 4000 }, () => job(kind, now, batchId));
      let t = performance.now();
      for (let i = 0; i < jobs.length; i += 1000) await store.insertPending(jobs.slice(i, i + 1000), i === 0 ? [{ id: batchId, tenant: 'bench', createdMs: now, total: jobs.length }] : []);
      const insert = performance.now() - t;
      let processing = 0;
      let complete = 0;
      for (let i = 0; i < jobs.length; i += 256) {
        const part = jobs.slice(i, i + 256);
        t = performance.now();
        await store.markProcessing(part.map((j) => j.id), now + 1);
        processing += performance.now() - t;
        t = performance.now();
        const live = await store.complete(part.map((j) => result(kind, j, now + 2)), now + 2);
        complete += performance.now() - t;
        if (live.size !== part.length) throw new Error(`completion stored ${live.size} of ${part.length} results`);
      }
      clock += STEP_MS;
      kept += 4000;
      // what clients poll, on jobs spread over the whole table
      const pick = (i: number) => finished[(i * 7919) % finished.length]!;
      t = performance.now();
      for (let i = 0; i < READS; i++) if ((await store.getJob(pick(i).job.id, scope))?.status !== 'SUCCEEDED') throw new Error('a stored job was not found');
      const status = (performance.now() - t) / READS;
      t = performance.now();
      for (let i = 0; i < READS; i++) if ((await store.getResult(pick(i).result.id, scope)) === null) throw new Error('a stored result was not found');
      const resultRead = (performance.now() - t) / READS;
      const batchReads = Math.max(1, Math.floor(READS / 10));
      t = performance.now();
      for (let i = 0; i < batchReads; i++) {
        const b = await store.getBatch(batches[(i * 31) % batches.length]!, scope);
        if (b?.counts.SUCCEEDED !== b?.total || !b) throw new Error('a stored batch was not found whole');
      }
      const batch = (performance.now() - t) / batchReads;
      const us = (ms: number) => (ms * 1000) / jobs.length;
      out.set(size, { insert: us(insert), processing: us(processing), complete: us(complete), status, result: resultRead, batch });
    }
    return out;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  log(`## The embedded job store as it fills: random ids against time-ordered ids (same run, ${new Date().toISOString()})\n`);
  log('A batch of 4,000 jobs through its life (µs per job), and the reads clients poll (ms per read), with this many finished jobs already stored.\n');
  const figures = new Map<Kind, Map<number, Figures>>();
  for (const kind of KINDS) {
    progress(`filling a store with ${kind} ids…`);
    figures.set(kind, await run(kind));
  }
  log('| jobs stored | ids | insert µs | PROCESSING µs | completion µs | job status ms | result ms | batch counts ms |');
  log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const size of SIZES) {
    for (const kind of KINDS) {
      const f = figures.get(kind)!.get(size)!;
      log(`| ${size.toLocaleString('en')} | ${kind} | ${f.insert.toFixed(1)} | ${f.processing.toFixed(1)} | ${f.complete.toFixed(1)} | ${f.status.toFixed(2)} | ${f.result.toFixed(2)} | ${f.batch.toFixed(2)} |`);
    }
    const r = figures.get('random')!.get(size)!;
    const o = figures.get('time-ordered')!.get(size)!;
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    log(`| ${size.toLocaleString('en')} | random ÷ time-ordered | ${x(r.insert, o.insert)} | ${x(r.processing, o.processing)} | ${x(r.complete, o.complete)} | ${x(r.status, o.status)} | ${x(r.result, o.result)} | ${x(r.batch, o.batch)} |`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
