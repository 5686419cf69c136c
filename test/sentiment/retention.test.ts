/**
 * Deletion and retention, checked in the state file itself: a deleted text's bytes
 * are gone from sentiment.duckdb (and its WAL), and the retention purge removes
 * texts, results and finished jobs while the feed keeps its statistics.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { sentimentClient } from '../support/grpcClient.js';
import { editStateFile, startSentimentCore } from '../support/sentimentCore.js';
import { eventually } from '../support/gateway.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

type Job = { jobId: string; status: string; resultId?: string };

/** Whether the bytes of `marker` are anywhere in the state file or its write-ahead log. */
function inStateFile(stateDir: string, marker: string): boolean {
  const file = join(stateDir, 'sentiment.duckdb');
  return [file, `${file}.wal`].some((p) => existsSync(p) && readFileSync(p).includes(Buffer.from(marker)));
}

describe('deletion and retention', () => {
  it('removes a deleted text from the state file, and purges expired texts while the feed keeps its statistics', { timeout: 120_000 }, async () => {
    // plain bytes in the file, so that a text still stored is found by its bytes and a deleted one is not
    const sc = await startSentimentCore({ workers: 1, stateCompression: false });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address, { tenant: 'retention' });
    const markers = Array.from({ length: 6 }, () => `zq${randomBytes(10).toString('hex')}`);
    const feedId = 'retained-feed';
    const occurredAt = '2026-11-20T10:00:00Z';
    const sub = await s.call<{ data: Job[] }>('batchAnalyzeTexts', {
      items: markers.map((m, i) => ({ text: `The parcel ${m} arrived ${i % 2 ? 'broken and late' : 'early and intact'}`, feedId, occurredAt })),
    });
    const jobs: Job[] = [];
    for (const d of sub.data) {
      let j: Job | undefined;
      await eventually(async () => {
        j = (await s.call<{ data: Job }>('getJob', { id: d.jobId })).data;
        return j.status === 'SUCCEEDED';
      }, 30_000);
      jobs.push(j!);
    }
    // the texts are in the file before anything is deleted: the checks below can fail
    for (const m of markers) expect(inStateFile(sc.stateDir, m), m).toBe(true);

    const del = await s.call<{ data: { jobs: number; results: number } }>('deleteAnalysis', { id: jobs[0]!.resultId });
    expect(del.data).toEqual({ jobs: 1, results: 1 });
    expect(inStateFile(sc.stateDir, markers[0]!)).toBe(false);
    for (const m of markers.slice(1)) expect(inStateFile(sc.stateDir, m), m).toBe(true);
    expect(await s.fail('getAnalysis', { id: jobs[0]!.resultId })).toMatchObject({ code: grpc.status.NOT_FOUND });
    const kept = await s.call<{ data: { jobId: string } }>('getAnalysis', { id: jobs[1]!.resultId });
    expect(kept.data.jobId).toBe(jobs[1]!.jobId);

    const feedReq = { feedId, window: '1h', from: '2026-11-20T00:00:00Z', to: '2026-11-21T00:00:00Z' };
    const before = (await s.call<{ data: { totalCount: number; windows: { meanScore: number }[] } }>('getFeedTrend', feedReq)).data;
    expect(before.totalCount).toBe(5);

    // a retention pass as if 31 days had gone by (the default period is 30 days)
    const purged = await sc.core.sentiment.purgeExpired(Date.now() + 31 * 86_400_000);
    expect(purged.jobs).toBe(5);
    for (const m of markers) expect(inStateFile(sc.stateDir, m), m).toBe(false);
    for (const j of jobs.slice(1)) {
      expect(await s.fail('getJob', { id: j.jobId })).toMatchObject({ code: grpc.status.NOT_FOUND });
      expect(await s.fail('getAnalysis', { id: j.resultId })).toMatchObject({ code: grpc.status.NOT_FOUND });
    }
    const after = (await s.call<{ data: { totalCount: number; windows: { meanScore: number }[] } }>('getFeedTrend', feedReq)).data;
    expect(after.totalCount).toBe(5);
    expect(after.windows[0]!.meanScore).toBeCloseTo(before.windows[0]!.meanScore, 12);
    s.close();
  });

  it('refuses a requestId retried after the purge took its batch (its jobs came back SUCCEEDED without results)', { timeout: 120_000 }, async () => {
    const sc = await startSentimentCore({ workers: 1 });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address, { tenant: 'retention-retry' });
    const body = { requestId: 'nightly-2026-11-01', items: [{ text: 'Great parcel service', feedId: 'retry-feed' }, { text: 'Terrible delay', feedId: 'retry-feed' }, { text: 'No feed here' }] };
    const sub = await s.call<{ data: Job[] }>('batchAnalyzeTexts', body);
    for (const d of sub.data) {
      await eventually(async () => (await s.call<{ data: Job }>('getJob', { id: d.jobId })).data.status === 'SUCCEEDED', 30_000);
    }
    await sc.core.sentiment.purgeExpired(Date.now() + 31 * 86_400_000);
    // the feed's two results stay (their scores): the same requestId again is refused, nothing stored
    const e = await s.fail('batchAnalyzeTexts', body);
    expect(e).toMatchObject({ code: grpc.status.ALREADY_EXISTS, reason: 'REQUEST_ID_REUSED', field: 'requestId' });
    expect(e.message).toMatch(/deleted by the retention purge/);
    expect(await s.fail('getJob', { id: sub.data[0]!.jobId })).toMatchObject({ code: grpc.status.NOT_FOUND });
    // a new requestId goes through
    expect((await s.call<{ data: Job[] }>('batchAnalyzeTexts', { ...body, requestId: 'nightly-2026-11-01-again' })).data).toHaveLength(3);
    s.close();
  });

  it('refuses to open a state file written by a newer schema', async () => {
    const sc = await startSentimentCore({ workers: 1 });
    await sc.core.close();
    await editStateFile(sc.stateDir, "INSERT INTO schema_version VALUES (999, 0, 'from the future')");
    const { DuckDbSentimentStore } = await import('../../src/sentiment/store/duckdbStore.js');
    await expect(DuckDbSentimentStore.open(sc.stateDir)).rejects.toThrow(/schema version 999, newer than this Meridian understands \(4\)/);
    await sc.close();
  });

  it('refuses to open a state file whose columns are not in the order the job store appends rows in', async () => {
    // The store writes jobs and results through DuckDB's Appender, which fills columns by position:
    // a file whose results columns moved (here z, dropped and added back at the end) must fail at
    // open with the reason, never store a score in the wrong column.
    const { DuckDbSentimentStore } = await import('../../src/sentiment/store/duckdbStore.js');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'meridian-columns-'));
    try {
      await (await DuckDbSentimentStore.open(dir)).close();
      await editStateFile(dir, 'ALTER TABLE results DROP COLUMN z; ALTER TABLE results ADD COLUMN z DOUBLE');
      await expect(DuckDbSentimentStore.open(dir)).rejects.toThrow(/has the results columns \(.*tenant, z\), not the order this Meridian appends rows in/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
