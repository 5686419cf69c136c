/**
 * Compactions are spaced (src/sentiment/store/duckdbStore.ts): a loop of single
 * deletions must not hold the store most of the time, so a reader's reads are mostly
 * fast; a deletion on an idle store is still answered right after its own compaction.
 * Real DuckDB state file of some size (tens of MB).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { COMPACTION_SPACING, DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import type { NewJob, Scope, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

const dir = mkdtempSync(join(tmpdir(), 'meridian-compaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const admin: Scope = { admin: true, tenant: 'a' } as Scope;

describe('compaction spacing', () => {
  it('a loop of deletions leaves the store free most of the time; an idle deletion waits only for its own compaction', { timeout: 120_000 }, async () => {
    const store = await DuckDbSentimentStore.open(dir);
    const resultIds: string[] = [];
    const now = Date.now();
    for (let b = 0; b < 10; b++) {
      const jobs: NewJob[] = [];
      const results: StoredResult[] = [];
      for (let i = 0; i < 2000; i++) {
        const job: NewJob = { id: randomUUID(), tenant: i % 2 ? 'a' : 'b', text: randomBytes(1000).toString('base64'), feedId: null, batchId: null, domain: 'GENERAL', occurredMs: now, createdMs: now };
        const id = randomUUID();
        jobs.push(job);
        results.push({ id, jobId: job.id, batchId: null, tenant: job.tenant, feedId: null, domain: 'GENERAL', occurredMs: now, createdMs: now, sentiment: 'NEUTRAL', score: 0, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: '{}' });
        resultIds.push(id);
      }
      await store.insertCompleted(jobs, results);
    }
    const someJob = (await store.listJobs({}, admin, null, 1)).jobs[0]!.id;

    // deletion on an idle store: answered right after its own compaction
    let t = performance.now();
    await store.deleteAnalysis(resultIds.pop()!, admin);
    const idle = performance.now() - t;
    expect(store.compactionStats.count).toBe(1);
    expect(idle).toBeLessThan(store.compactionStats.lastMs + 1000);

    // a loop of single deletions while a reader reads
    const before = store.compactionStats;
    const latencies: number[] = [];
    let deleting = true;
    const reader = (async () => {
      while (deleting) {
        const r0 = performance.now();
        await store.getJob(someJob, admin);
        latencies.push(performance.now() - r0);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    t = performance.now();
    for (let k = 0; k < 6; k++) await store.deleteAnalysis(resultIds.pop()!, admin);
    const elapsed = performance.now() - t;
    deleting = false;
    await reader;
    const after = store.compactionStats;
    const held = after.heldMs - before.heldMs;
    const mean = held / (after.count - before.count);
    expect(after.count - before.count).toBe(6);
    // held at most ~25 % of the time (k = 3; slack for the first, which starts at once); unspaced, it was ~97 %
    expect(held / elapsed).toBeLessThan(0.4);
    // the reader spent most of the time served, not waiting: few slow reads, and their waiting is a minority of the time
    const sorted = [...latencies].sort((a, b) => a - b);
    const waited = latencies.reduce((x, y) => x + y, 0);
    // unspaced: ~0.95; spaced, 0.61 and 0.62 in two clean-clone CI runs on the 2-core machine and up to 0.75 beside
    // other heavy processes (a read's own time counts as waiting too and grows with the machine's load; the store's
    // held share above is the direct measure)
    expect(waited / elapsed).toBeLessThan(0.75);
    expect(latencies.length).toBeGreaterThan(elapsed / 20); // ~one read every 5-10 ms when the store is free
    expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(mean / 4);

    // idle again (long past the last compaction): no wait
    await new Promise((r) => setTimeout(r, (COMPACTION_SPACING + 1) * store.compactionStats.lastMs));
    t = performance.now();
    await store.deleteAnalysis(resultIds.pop()!, admin);
    expect(performance.now() - t).toBeLessThan(store.compactionStats.lastMs + 1000);
    console.log(`compaction ~${mean.toFixed(0)} ms; held ${(100 * held / elapsed).toFixed(0)} % of ${elapsed.toFixed(0)} ms; reads: ${latencies.length} waiting ${(100 * waited / elapsed).toFixed(0)} % of the time, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)]!.toFixed(1)} ms`);
    await store.close();
  });
});
