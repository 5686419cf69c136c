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

describe('write-behind of answered results', () => {
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
