/**
 * Time-ordered ids (store/timeOrderedId.ts): version 7 UUIDs whose time is their row's
 * created_ms, and the embedded store's lookups bounded by that time. The store part
 * runs on a real DuckDB file holding more than one row group (122,880 rows) of older
 * jobs, so that a bound that named the wrong time would miss rows; ids without a time
 * (version 4 from older files, version 8 from idempotent submissions) are still found.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { idTime, idTimeRange, timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import { jobKey, legacyJobIds, submissionBatchId, submissionJobIds } from '../../src/sentiment/idempotency.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { seededRandom } from '../../src/seededRandom.js';
import type { NewJob, Scope, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a version 7 UUID carrying its time, for times across the 48-bit range', () => {
    const rand = seededRandom(7);
    const times = [0, 1, 0xffff, 0x10000, Date.UTC(2026, 10, 28), 2 ** 48 - 1, ...Array.from({ length: 200 }, () => Math.floor(rand() * 2 ** 48))];
    for (const ms of times) {
      const id = timeOrderedId(ms);
      expect(id).toMatch(V7);
      expect(idTime(id)).toBe(ms);
    }
  });

  it('sorts by time, and in the order made within one millisecond', () => {
    const ids = [timeOrderedId(1_000), timeOrderedId(1_000), timeOrderedId(1_000), timeOrderedId(1_001), timeOrderedId(70_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 5000 }, () => timeOrderedId(5)))).toHaveProperty('size', 5000);
  });

  it('refuses a time it cannot carry', () => {
    for (const bad of [-1, 2 ** 48, 1.5, Number.NaN]) expect(() => timeOrderedId(bad)).toThrow(RangeError);
  });

  it('finds no time in other ids', () => {
    expect(idTime(randomUUID())).toBeNull();
    expect(idTime(submissionBatchId('t', 'r1'))).toBeNull();
    expect(idTime(timeOrderedId(9).toUpperCase())).toBeNull();
    expect(idTime('not-an-id')).toBeNull();
    expect(idTimeRange([timeOrderedId(5), timeOrderedId(3), timeOrderedId(8)])).toEqual([3, 8]);
    expect(idTimeRange([timeOrderedId(5), randomUUID()])).toBeNull();
    expect(idTimeRange([])).toBeNull();
  });
});

describe('the DuckDB store, looking rows up by the time in their ids', () => {
  const T0 = Date.UTC(2026, 9, 1);
  const scope: Scope = { tenant: 'acme', admin: false };
  let dir: string;
  let store: DuckDbSentimentStore;
  const job = (id: string, createdMs: number, batchId: string | null = null): NewJob =>
    ({ id, tenant: 'acme', text: `text ${id}`, feedId: null, batchId, domain: 'GENERAL', occurredMs: createdMs, createdMs });
  const result = (j: NewJob, createdMs: number, id = timeOrderedId(createdMs)): StoredResult =>
    ({ id, jobId: j.id, batchId: j.batchId, tenant: j.tenant, feedId: null, domain: 'GENERAL', occurredMs: j.occurredMs, createdMs, sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: JSON.stringify({ jobId: j.id }) });
  /** Older jobs, one per millisecond from T0: more than a row group, half with version 4 ids (a file from before). */
  const old: NewJob[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'meridian-ids-'));
    store = await DuckDbSentimentStore.open(dir);
    for (let i = 0; i < 130_000; i++) old.push(job(i % 2 ? randomUUID() : timeOrderedId(T0 + i), T0 + i));
    for (let i = 0; i < old.length; i += 10_000) await store.insertPending(old.slice(i, i + 10_000), []);
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a batch through its life: status reads, PROCESSING, completion, result, batch counts', async () => {
    const now = T0 + 200_000;
    const batchId = timeOrderedId(now);
    const jobs = Array.from({ length: 300 }, () => job(timeOrderedId(now), now, batchId));
    await store.insertPending(jobs, [{ id: batchId, tenant: 'acme', createdMs: now, total: jobs.length }]);
    expect((await store.getJob(jobs[0]!.id, scope))?.status).toBe('PENDING');
    await store.markProcessing(jobs.map((j) => j.id), now + 5);
    expect((await store.getJob(jobs[299]!.id, scope))?.status).toBe('PROCESSING');
    const results = jobs.slice(0, 250).map((j) => result(j, now + 40));
    expect((await store.complete(results, now + 40)).size).toBe(250);
    await store.fail(jobs.slice(250, 260).map((j) => j.id), 'ANALYSIS_FAILED', 'failed here', now + 41);
    expect((await store.cancel(jobs[270]!.id, now + 42, scope))?.status).toBe('CANCELED');
    const done = await store.getJob(jobs[7]!.id, scope);
    expect(done).toMatchObject({ status: 'SUCCEEDED', resultId: results[7]!.id });
    expect(await store.getResult(results[7]!.id, scope)).toMatchObject({ id: results[7]!.id, jobId: jobs[7]!.id, payload: JSON.stringify({ jobId: jobs[7]!.id }) });
    expect((await store.getBatch(batchId, scope))?.counts).toMatchObject({ SUCCEEDED: 250, FAILED: 10, CANCELED: 1, PROCESSING: 39, PENDING: 0 });
    expect(await store.getJob(jobs[0]!.id, { tenant: 'other', admin: false })).toBeNull();
  });

  it('finds jobs with version 4 ids across the whole table, alone and mixed with time-ordered ones', async () => {
    const legacy = [old[1]!, old[60_001]!, old[129_999]!];
    const timed = [old[0]!, old[129_998]!];
    for (const j of [...legacy, ...timed]) expect((await store.getJob(j.id, scope))?.status).toBe('PENDING');
    const both = [...legacy, ...timed];
    await store.markProcessing(both.map((j) => j.id), T0 + 300_000);
    const live = await store.complete(both.map((j) => result(j, T0 + 300_001, randomUUID())), T0 + 300_001);
    expect([...live].sort()).toEqual(both.map((j) => j.id).sort());
    for (const j of both) expect((await store.getJob(j.id, scope))).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    expect((await store.cancel(old[3]!.id, T0 + 300_002, scope))?.status).toBe('CANCELED');
  });

  it('finds the jobs and batch of an idempotent submission among time-ordered ones: its jobs by the batch time, those of a batch stored before (version 8) across the table', async () => {
    const now = T0 + 400_000;
    for (const [requestId, derived] of [['req-1', 'timed'], ['req-2', 'legacy']] as const) {
      const batchId = submissionBatchId('acme', requestId);
      // as SentimentService.submitOnce makes them: every job at the batch's time, which its id carries
      const jobIds = derived === 'timed' ? submissionJobIds(batchId, 3, now) : legacyJobIds(batchId, 3);
      expect(jobIds.map(idTime)).toEqual(jobIds.map(() => (derived === 'timed' ? now : null)));
      const jobs = jobIds.map((id) => job(id, now, batchId));
      await store.insertPending(jobs, [{ id: batchId, tenant: 'acme', createdMs: now, total: 3, fingerprint: 'v1:x' }]);
      await store.markProcessing(jobIds, now + 10);
      expect((await store.complete(jobs.map((j) => result(j, now + 11)), now + 11)).size).toBe(3);
      for (const id of jobIds) expect((await store.getJob(id, scope))?.status).toBe('SUCCEEDED');
      expect((await store.getBatch(batchId, scope))?.counts).toMatchObject({ SUCCEEDED: 3, PENDING: 0, PROCESSING: 0 });
    }
    // a retry's ids are the same, and so are their keys whatever time the batch was made at
    const batchId = submissionBatchId('acme', 'req-1');
    expect(submissionJobIds(batchId, 3, now)).toEqual(submissionJobIds(batchId, 3, now));
    expect(submissionJobIds(batchId, 3, now).map(jobKey)).toEqual(submissionJobIds(batchId, 3, now + 86_400_000).map(jobKey));
  });

  it('says not found for a time-ordered id whose time holds no such row', async () => {
    expect(await store.getJob(timeOrderedId(T0 + 5), scope)).toBeNull();
    expect(await store.getResult(timeOrderedId(T0 + 5), scope)).toBeNull();
    expect(await store.getBatch(timeOrderedId(T0 + 5), scope)).toBeNull();
  });
});
