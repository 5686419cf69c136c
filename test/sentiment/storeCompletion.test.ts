/**
 * The embedded store's completion of queued jobs (DuckDbSentimentStore.complete), on a
 * real DuckDB file: a result is stored only for a job still PENDING or PROCESSING, its
 * batch counts down and completes, and a job canceled meanwhile or completed before
 * gets nothing. Both ways the store learns which jobs it reached: by the UPDATE's count
 * (no webhook subscribed) and by the rows it returns (a subscriber needs them for events).
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { NewJob, Scope, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

const scope: Scope = { tenant: 'acme', admin: false };

function batchOf(n: number, now: number): { batchId: string; jobs: NewJob[] } {
  const batchId = timeOrderedId(now);
  const jobs = Array.from({ length: n }, (_, i): NewJob => ({
    id: timeOrderedId(now), tenant: 'acme', text: `text ${i}`, feedId: null, batchId, domain: 'GENERAL', occurredMs: now, createdMs: now,
  }));
  return { batchId, jobs };
}

const resultOf = (j: NewJob, now: number): StoredResult => ({
  id: timeOrderedId(now), jobId: j.id, batchId: j.batchId, tenant: j.tenant, feedId: null, domain: 'GENERAL', occurredMs: j.occurredMs, createdMs: now,
  sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: JSON.stringify({ rationale: `result of ${j.id}` }),
});

describe.each([
  ['no webhook subscribed (the UPDATE counts)', false],
  ['a webhook subscribed (the UPDATE returns its rows)', true],
])('completing queued jobs, %s', (_name, subscribed) => {
  let dir: string;
  let store: DuckDbSentimentStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-complete-'));
    store = await DuckDbSentimentStore.open(dir);
    if (subscribed) {
      await store.createWebhook({ id: 'wh_1', tenant: 'acme', url: 'https://example.test/hook', eventTypes: ['job.succeeded', 'batch.completed'], description: '', secret: 's', createdMs: Date.now() });
    }
  });

  afterEach(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a result for every live job and completes the batch', async () => {
    const now = Date.now();
    const { batchId, jobs } = batchOf(40, now);
    await store.insertPending(jobs, [{ id: batchId, tenant: 'acme', createdMs: now, total: jobs.length }]);
    await store.markProcessing(jobs.slice(0, 20).map((j) => j.id), now + 1);
    const results = jobs.map((j) => resultOf(j, now + 2));
    expect(await store.complete(results, now + 2)).toEqual(new Set(jobs.map((j) => j.id)));
    expect(await store.getJob(jobs[7]!.id, scope)).toMatchObject({ status: 'SUCCEEDED', resultId: results[7]!.id });
    expect((await store.getResult(results[39]!.id, scope))?.jobId).toBe(jobs[39]!.id);
    expect(await store.getBatch(batchId, scope)).toMatchObject({ counts: { SUCCEEDED: 40, PENDING: 0, PROCESSING: 0 }, completedMs: now + 2 });
    if (subscribed) {
      // one job.succeeded per job and the batch.completed (the deliverer is handed 16 per endpoint at a time)
      expect(await store.pendingMessages()).toBe(41);
      expect((await store.dueMessages(now + 10, 1000)).every((m) => m.eventType === 'job.succeeded' || m.eventType === 'batch.completed')).toBe(true);
    }
  });

  it('gives nothing to a job canceled meanwhile or completed before, and still completes the batch', async () => {
    const now = Date.now();
    const { batchId, jobs } = batchOf(10, now);
    await store.insertPending(jobs, [{ id: batchId, tenant: 'acme', createdMs: now, total: jobs.length }]);
    const first = resultOf(jobs[5]!, now + 1);
    expect(await store.complete([first], now + 1)).toEqual(new Set([jobs[5]!.id]));
    expect((await store.cancel(jobs[3]!.id, now + 2, scope))?.status).toBe('CANCELED');
    const results = jobs.map((j) => resultOf(j, now + 3));
    const live = await store.complete(results, now + 3);
    expect(live).toEqual(new Set(jobs.filter((_, i) => i !== 3 && i !== 5).map((j) => j.id)));
    expect(await store.getResult(results[3]!.id, scope)).toBeNull();
    expect(await store.getResult(results[5]!.id, scope)).toBeNull();
    expect(await store.getJob(jobs[5]!.id, scope)).toMatchObject({ status: 'SUCCEEDED', resultId: first.id });
    expect(await store.getJob(jobs[3]!.id, scope)).toMatchObject({ status: 'CANCELED' });
    expect(await store.getBatch(batchId, scope)).toMatchObject({ counts: { SUCCEEDED: 9, CANCELED: 1, PENDING: 0, PROCESSING: 0 }, completedMs: now + 3 });
    expect(await store.complete([resultOf(jobs[0]!, now + 4)], now + 4)).toEqual(new Set());
    if (subscribed) {
      // the first completion's job.succeeded, then 8 more and the batch.completed
      expect(await store.pendingMessages()).toBe(10);
    }
  });
});
