/**
 * The write-behind of answered results (JobStore.recordAnalysed): a synchronous result is answered before it is
 * stored, so a store that fails meanwhile (a database down for minutes: PostgreSQL's own retries end after 30 s) must
 * not lose it. The store here is the real embedded one, failing its first inserts as a database outage does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { JobStore } from '../../src/sentiment/store/jobStore.js';
import { timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import type { NewJob, Scope, StoredResult } from '../../src/sentiment/store/sentimentStore.js';
import type { AnalysisMessage } from '../../src/sentiment/store/messages.js';

const scope: Scope = { tenant: 'acme', admin: false };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function openStores(): Promise<{ store: DuckDbSentimentStore; jobs: JobStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-write-behind-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const store = await DuckDbSentimentStore.open(dir);
  const jobs = new JobStore(store);
  cleanups.push(() => jobs.close());
  return { store, jobs };
}

/** An answered text and its result, as the runner records them. */
function answered(text: string): { job: NewJob; result: StoredResult; message: AnalysisMessage } {
  const now = Date.now();
  const job: NewJob = { id: timeOrderedId(now), tenant: 'acme', text, feedId: 'wb', batchId: null, domain: 'GENERAL', occurredMs: now, createdMs: now };
  const result: StoredResult = {
    id: timeOrderedId(now), jobId: job.id, batchId: null, tenant: 'acme', feedId: 'wb', domain: 'GENERAL', occurredMs: now, createdMs: now,
    sentiment: 'POSITIVE', score: 0.9, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: JSON.stringify({ rationale: text }),
  };
  return { job, result, message: { id: result.id, jobId: job.id, status: 'SUCCEEDED', sentiment: 'POSITIVE' } as unknown as AnalysisMessage };
}

describe('write-behind of answered results', () => {
  it('stores the others when the store refuses one row for what it holds, not for the connection (it is not tried again)', async () => {
    const { store, jobs } = await openStores();
    const insertCompleted = store.insertCompleted.bind(store);
    let calls = 0;
    store.insertCompleted = (js, rs) => {
      calls++;
      return js.some((j) => j.text === 'bad row') ? Promise.reject(new Error('invalid byte sequence for encoding "UTF8": 0x00')) : insertCompleted(js, rs);
    };
    const rows = ['first', 'bad row', 'third', 'fourth'].map(answered);
    for (const r of rows) jobs.recordAnalysed(r.job, r.result, r.message);
    await jobs.settle();
    const stored = await Promise.all(rows.map((r) => store.getResult(r.result.id, scope)));
    expect(stored.map((r) => r !== null)).toEqual([true, false, true, true]);
    expect(calls).toBeLessThanOrEqual(5); // halves, never the same rows again
    expect(jobs.unstoredFull).toBe(false);
  });

  it('refuses a deletion while the store fails, and gives up at once when it shuts down (a pause of seconds under way)', async () => {
    const { store, jobs } = await openStores();
    store.insertCompleted = () => Promise.reject(new Error('connection terminated unexpectedly'));
    const r = answered('kept in memory');
    jobs.recordAnalysed(r.job, r.result, r.message);
    await new Promise((res) => setTimeout(res, 200)); // the first try failed: trying again
    await expect(jobs.deleteFeed('wb', scope)).rejects.toMatchObject({ reason: 'UNAVAILABLE' });
    expect(await jobs.getAnalysis(r.result.id, scope)).toMatchObject({ id: r.result.id });
    const started = Date.now();
    jobs.stopRetrying();
    await jobs.settle();
    expect(Date.now() - started).toBeLessThan(1000);
    // given up: a deletion is no longer refused for that flush (the store answers it, or fails it, itself)
    expect(await jobs.deleteFeed('wb', scope)).toBeNull();
  });

  it('keeps trying while the store fails, serving the result meanwhile, and stores it once the store answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meridian-write-behind-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = await DuckDbSentimentStore.open(dir);
    let failures = 2;
    const insertCompleted = store.insertCompleted.bind(store);
    store.insertCompleted = (jobs, results) => (failures-- > 0 ? Promise.reject(new Error('connection terminated unexpectedly')) : insertCompleted(jobs, results));
    const jobs = new JobStore(store);
    cleanups.push(() => jobs.close());
    const now = Date.now();
    const job: NewJob = { id: timeOrderedId(now), tenant: 'acme', text: 'lovely', feedId: 'wb', batchId: null, domain: 'GENERAL', occurredMs: now, createdMs: now };
    const result: StoredResult = {
      id: timeOrderedId(now), jobId: job.id, batchId: null, tenant: 'acme', feedId: 'wb', domain: 'GENERAL', occurredMs: now, createdMs: now,
      sentiment: 'POSITIVE', score: 0.9, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: JSON.stringify({ rationale: 'lovely' }),
    };
    jobs.recordAnalysed(job, result, { id: result.id, jobId: job.id, status: 'SUCCEEDED', sentiment: 'POSITIVE' } as unknown as AnalysisMessage);
    // served from memory while the store fails
    expect(await jobs.getAnalysis(result.id, scope)).toMatchObject({ id: result.id });
    expect(await store.getResult(result.id, scope)).toBeNull();
    expect(jobs.unstoredFull).toBe(false);
    // stored once the store answers (tries after 0.5 s and 1 s): before, the first failure dropped it
    await jobs.settle();
    expect(failures).toBeLessThan(0);
    expect(await store.getResult(result.id, scope)).toMatchObject({ id: result.id, jobId: job.id });
  });
});
