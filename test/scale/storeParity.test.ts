/**
 * The PostgreSQL store answers as the DuckDB store does: the same results stored in
 * both give the same feed windows (counts, means, robust z-scores: PostgreSQL computes
 * the rolling median/MAD with LATERAL subqueries, DuckDB with window functions), the
 * same anomaly verdicts through feedWindows(), the same recent-score baseline, and the
 * same tenant scoping.
 *
 * And one contract suite of the job queue run against both stores (a fresh DuckDB
 * file, a fresh PostgreSQL database each): claims oldest first under a lease, the
 * attempt counted; renewal, release and expiry of a lease; completion, failure and
 * cancellation of queued and claimed jobs, each job finished once.
 */
import { describe, it, expect, beforeAll, afterAll, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { feedWindows } from '../../src/sentiment/feedAnalytics.js';
import { seededRandom } from '../../src/seededRandom.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { JobQueue, NewJob, Scope, SentimentStore, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

let postgres: TestPostgres;
let dir: string;
let duck: DuckDbSentimentStore;
let pgStore: PostgresSentimentStore;

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  postgres = await startTestPostgres();
  dir = mkdtempSync(join(tmpdir(), 'meridian-parity-'));
  duck = await DuckDbSentimentStore.open(dir);
  pgStore = await PostgresSentimentStore.open(await postgres.createDatabase('parity'), { leaseMs: 5000 });
  // 40 hourly windows of a feed, ~15-25 items each, mostly positive; window 30 turns negative.
  const rand = seededRandom(15);
  const jobs: NewJob[] = [];
  const results: StoredResult[] = [];
  for (let w = 0; w < 40; w++) {
    if (w === 12) continue; // an empty window
    const n = 15 + Math.floor(rand() * 10);
    for (let i = 0; i < n; i++) {
      const at = T0 + w * HOUR + Math.floor(rand() * HOUR);
      const shifted = w === 30;
      const score = shifted ? -0.6 - rand() * 0.3 : 0.5 + (rand() - 0.5) * 0.3;
      const emotions = shifted ? [0.5, 0.1, 0.1, 0.05, 0.1, 0.1, 0.05] : [0.02, 0.02, 0.02, 0.6 + rand() * 0.1, 0.2, 0.04, 0.1];
      const tenant = i % 7 === 0 ? 'other' : 'owner';
      const id = randomUUID();
      jobs.push({ id, tenant, text: `t${w}.${i}`, feedId: 'parity', batchId: null, domain: 'GENERAL', occurredMs: at, createdMs: at });
      results.push({ id: randomUUID(), jobId: id, batchId: null, tenant, feedId: 'parity', domain: 'GENERAL', occurredMs: at, createdMs: at + i, sentiment: score > 0 ? 'POSITIVE' : 'NEGATIVE', score, emotions, anomalous: false, z: 0, payload: '{}' });
    }
  }
  for (const s of [duck, pgStore] as SentimentStore[]) await s.insertCompleted(jobs, results);
}, 120_000);

afterAll(async () => {
  await duck?.close();
  await pgStore?.close();
  rmSync(dir, { recursive: true, force: true });
  await postgres?.close();
});

describe('PostgreSQL store parity with the DuckDB store', () => {
  it('computes the same feed windows and finds the same anomalous window', async () => {
    for (const scope of [{ tenant: 'owner', admin: false }, { tenant: 'x', admin: true }]) {
      const a = await feedWindows(duck, scope, 'parity', HOUR, T0, T0 + 40 * HOUR);
      const b = await feedWindows(pgStore, scope, 'parity', HOUR, T0, T0 + 40 * HOUR);
      expect(b.windows.length).toBe(a.windows.length);
      expect(a.windows.length).toBe(40); // the empty window 12 is listed too, with count 0
      expect(a.windows[12]!.count).toBe(0);
      for (let k = 0; k < a.windows.length; k++) {
        const x = a.windows[k]!;
        const y = b.windows[k]!;
        expect([y.start, y.count, y.anomalous, y.sentiments]).toEqual([x.start, x.count, x.anomalous, x.sentiments]);
        expect(y.meanScore).toBeCloseTo(x.meanScore, 9);
        expect(y.scoreZ).toBeCloseTo(x.scoreZ, 6);
        expect(y.emotionShiftZ).toBeCloseTo(x.emotionShiftZ, 6);
        for (let e = 0; e < x.emotions.length; e++) expect(y.emotions[e]!.mean).toBeCloseTo(x.emotions[e]!.mean, 9);
      }
      expect(b.windows.filter((w) => w.anomalous).map((w) => w.start)).toEqual([new Date(T0 + 30 * HOUR).toISOString()]);
      expect(b.slope).toBeCloseTo(a.slope, 9);
      expect(b.total).toBe(a.total);
    }
  });

  it('gives the same item baseline and keeps tenants apart', async () => {
    expect(await pgStore.recentScores('owner', 'parity', 200)).toEqual(await duck.recentScores('owner', 'parity', 200));
    expect(await pgStore.feedExists('parity', { tenant: 'nobody', admin: false })).toBe(false);
    expect(await pgStore.feedExists('parity', { tenant: 'other', admin: false })).toBe(true);
    const mine = await pgStore.listJobs({ feedId: 'parity' }, { tenant: 'other', admin: false }, null, 1000);
    const theirs = await duck.listJobs({ feedId: 'parity' }, { tenant: 'other', admin: false }, null, 1000);
    expect(mine.jobs.map((j) => j.id)).toEqual(theirs.jobs.map((j) => j.id));
    expect(mine.jobs.every((j) => j.tenant === 'other')).toBe(true);
  });
});

// ---- the job queue contract, one suite for both stores ----------------------------------

interface Opened { store: SentimentStore; queue: JobQueue; close: () => Promise<void> }
let databases = 0;
const LEASE_MS = 1000;
const stores: { name: string; open: () => Promise<Opened> }[] = [
  {
    name: 'DuckDB (embedded)',
    open: async () => {
      const d = mkdtempSync(join(tmpdir(), 'meridian-contract-'));
      const s = await DuckDbSentimentStore.open(d, { leaseMs: LEASE_MS });
      return { store: s, queue: s.queue, close: async () => { await s.close(); rmSync(d, { recursive: true, force: true }); } };
    },
  },
  {
    name: 'PostgreSQL (shared)',
    open: async () => {
      const s = await PostgresSentimentStore.open(await postgres.createDatabase(`contract${++databases}`), { leaseMs: LEASE_MS });
      return { store: s, queue: s.queue, close: () => s.close() };
    },
  },
];

const admin: Scope = { tenant: 'x', admin: true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `n` new jobs one millisecond apart (oldest first), with time-ordered ids as the service makes them; a batch's jobs
 * are made in the batch's millisecond (as SentimentService.BatchAnalyzeTexts makes them).
 */
function newJobs(n: number, tenant = 'owner', batch: { id: string; createdMs: number } | null = null): NewJob[] {
  const t0 = batch?.createdMs ?? Date.now() - 10_000;
  const at = (i: number) => (batch ? t0 : t0 + i);
  return Array.from({ length: n }, (_, i) => ({ id: timeOrderedId(at(i)), tenant, text: `job ${i}`, feedId: null, batchId: batch?.id ?? null, domain: 'GENERAL' as const, occurredMs: at(i), createdMs: at(i) }));
}

function resultOf(j: NewJob): StoredResult {
  const now = Date.now();
  return { id: timeOrderedId(now), jobId: j.id, batchId: j.batchId, tenant: j.tenant, feedId: null, domain: j.domain, occurredMs: j.occurredMs, createdMs: now,
    sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 0.5, 0.5, 0, 0], anomalous: false, z: 0, payload: '{}' };
}

describe.each(stores)('job queue contract: $name', ({ open }) => {
  let o: Opened;
  beforeEach(async () => { o = await open(); }, 60_000);
  afterEach(async () => { await o.close(); });

  it('claims the oldest jobs first, each once, PROCESSING under a lease with the attempt counted', async () => {
    const jobs = newJobs(5);
    await o.store.insertPending(jobs, []);
    expect(await o.queue.liveCounts()).toEqual({ total: 5, perTenant: new Map([['owner', 5]]) });
    const first = await o.queue.claim(3, Date.now());
    expect(first.map((j) => [j.id, j.text, j.attempts])).toEqual(jobs.slice(0, 3).map((j) => [j.id, j.text, 1]));
    expect(await o.store.getJob(jobs[0]!.id, admin)).toMatchObject({ status: 'PROCESSING', attempts: 1 });
    expect(await o.store.getJob(jobs[3]!.id, admin)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect((await o.queue.claim(10, Date.now())).map((j) => j.id)).toEqual(jobs.slice(3).map((j) => j.id));
    expect(await o.queue.claim(10, Date.now())).toEqual([]); // all leased
    expect((await o.queue.liveCounts()).total).toBe(5);
  });

  it('gives back released jobs (PENDING, the attempt not counted), to be claimed again', async () => {
    const [a, b] = newJobs(2);
    await o.store.insertPending([a!, b!], []);
    const [claimed] = await o.queue.claim(1, Date.now());
    expect(claimed!.id).toBe(a!.id);
    await o.queue.releaseLeases([a!.id], Date.now());
    expect(await o.store.getJob(a!.id, admin)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect((await o.queue.claim(5, Date.now())).map((j) => [j.id, j.attempts])).toEqual([[a!.id, 1], [b!.id, 1]]);
  });

  it('holds a job while its lease is renewed, and lets it be claimed again once the lease lapsed, its attempt counted', async () => {
    const [a] = newJobs(1);
    await o.store.insertPending([a!], []);
    expect(await o.queue.claim(1, Date.now())).toHaveLength(1);
    for (let k = 0; k < 4; k++) {
      await sleep(LEASE_MS / 3);
      await o.queue.renewLeases([a!.id]);
    }
    // 1.3 lease lengths after the claim, renewed: still held
    expect(await o.queue.claim(1, Date.now())).toEqual([]);
    await sleep(LEASE_MS + 300);
    const again = await o.queue.claim(1, Date.now());
    expect(again.map((j) => [j.id, j.attempts])).toEqual([[a!.id, 2]]);
    expect(await o.store.getJob(a!.id, admin)).toMatchObject({ status: 'PROCESSING', attempts: 2 });
  });

  it('completes a claimed job once: SUCCEEDED with its result, out of the queue, a second completion stores nothing', async () => {
    const jobs = newJobs(2);
    await o.store.insertPending(jobs, []);
    const claimed = await o.queue.claim(2, Date.now());
    const first = resultOf(jobs[0]!);
    expect([...await o.store.complete([first], Date.now())]).toEqual([jobs[0]!.id]);
    expect(await o.store.getJob(jobs[0]!.id, admin)).toMatchObject({ status: 'SUCCEEDED', resultId: first.id });
    expect(await o.store.getResult(first.id, admin)).toMatchObject({ id: first.id, jobId: jobs[0]!.id });
    const second = resultOf(jobs[0]!);
    expect([...await o.store.complete([second], Date.now())]).toEqual([]);
    expect(await o.store.getResult(second.id, admin)).toBeNull();
    expect(claimed).toHaveLength(2);
    expect(await o.queue.liveCounts()).toMatchObject({ total: 1 });
    await sleep(LEASE_MS + 300);
    // the finished job is not claimable even with its lease lapsed; the other one is
    expect((await o.queue.claim(5, Date.now())).map((j) => j.id)).toEqual([jobs[1]!.id]);
  });

  it('cancels a queued and a claimed job: CANCELED, out of the queue, and a later completion stores nothing', async () => {
    const now = Date.now();
    const batch = { id: timeOrderedId(now), tenant: 'owner', createdMs: now, total: 2 };
    const jobs = newJobs(2, 'owner', batch);
    await o.store.insertPending(jobs, [batch]);
    const [claimed] = await o.queue.claim(1, Date.now());
    expect(claimed!.id).toBe(jobs[0]!.id);
    for (const j of jobs) expect(await o.store.cancel(j.id, Date.now(), admin)).toMatchObject({ status: 'CANCELED' });
    // canceling again answers the job as it is
    expect(await o.store.cancel(jobs[1]!.id, Date.now(), admin)).toMatchObject({ status: 'CANCELED' });
    expect(await o.store.cancel(jobs[1]!.id, Date.now(), { tenant: 'other', admin: false })).toBeNull();
    expect([...await o.store.complete([resultOf(jobs[0]!)], Date.now())]).toEqual([]);
    expect(await o.store.getJob(jobs[0]!.id, admin)).toMatchObject({ status: 'CANCELED', resultId: null });
    expect(await o.queue.claim(5, Date.now())).toEqual([]);
    expect((await o.queue.liveCounts()).total).toBe(0);
    expect(await o.store.getBatch(batch.id, admin)).toMatchObject({ counts: { CANCELED: 2 } });
    expect((await o.store.getBatch(batch.id, admin))!.completedMs).not.toBeNull();
  });

  it('fails a claimed job with its error, out of the queue, and counts live jobs per tenant', async () => {
    const mine = newJobs(2, 'owner');
    const theirs = newJobs(1, 'other');
    await o.store.insertPending([...mine, ...theirs], []);
    expect((await o.queue.liveCounts()).perTenant).toEqual(new Map([['owner', 2], ['other', 1]]));
    await o.queue.claim(3, Date.now());
    await o.store.fail([mine[0]!.id], 'ANALYSIS_FAILED', 'the model could not run', Date.now());
    expect(await o.store.getJob(mine[0]!.id, admin)).toMatchObject({ status: 'FAILED', errorType: 'ANALYSIS_FAILED', errorMessage: 'the model could not run' });
    expect([...await o.store.complete([resultOf(mine[0]!)], Date.now())]).toEqual([]);
    expect((await o.queue.liveCounts()).perTenant).toEqual(new Map([['owner', 1], ['other', 1]]));
    await o.store.deleteJob(theirs[0]!.id, admin, Date.now());
    expect(await o.queue.liveCounts()).toEqual({ total: 1, perTenant: new Map([['owner', 1]]) });
  });
});
