/**
 * The PostgreSQL store answers as the DuckDB store does: the same results stored in
 * both give the same feed windows (counts, means, robust z-scores: PostgreSQL computes
 * the rolling median/MAD with LATERAL subqueries, DuckDB with window functions), the
 * same anomaly verdicts through feedWindows(), the same recent-score baseline, and the
 * same tenant scoping.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { feedWindows } from '../../src/sentiment/feedAnalytics.js';
import { seededRandom } from '../../src/seededRandom.js';
import type { NewJob, SentimentStore, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

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

  it('completes a batch whose live jobs go with their feed (both stores left it with them as remaining for ever)', async () => {
    const scope = { tenant: 'owner', admin: false };
    for (const store of [duck, pgStore] as SentimentStore[]) {
      const now = Date.now();
      const batchId = randomUUID();
      const jobs: NewJob[] = [0, 1, 2].map((i) => ({ id: randomUUID(), tenant: 'owner', text: `doomed ${i}`, feedId: 'doomed', batchId, domain: 'GENERAL', occurredMs: now, createdMs: now }));
      await store.insertPending(jobs, [{ id: batchId, tenant: 'owner', createdMs: now, total: jobs.length }]);
      expect((await store.getBatch(batchId, scope))!.completedMs).toBeNull();
      // `committed` runs once, when the deletion has committed: the rows are gone for any reader by then (the core
      // forgets the feed's item baseline there, not after the embedded store's compaction)
      let committed = 0;
      let answered = false;
      const deleting = store.deleteFeed('doomed', scope, () => { committed++; expect(answered).toBe(false); });
      expect(await deleting).toEqual({ jobs: 3, results: 0 });
      answered = true;
      expect(committed).toBe(1);
      expect((await store.listJobs({ feedId: 'doomed' }, scope, null, 10)).jobs).toEqual([]);
      expect((await store.getBatch(batchId, scope))!.completedMs).not.toBeNull();
    }
  });
});
