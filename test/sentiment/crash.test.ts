/**
 * Crash test: a core in its own process is killed with SIGKILL while it processes a
 * stream of batch submissions; after a restart on the same state folder, every job it
 * acknowledged finishes exactly once (one result per job, checked in the DuckDB file).
 */
import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { sentimentClient } from '../support/grpcClient.js';
import { startCoreProcess } from '../support/coreChild.js';
import { eventually } from '../support/gateway.js';

const startCore = (stateDir: string) => startCoreProcess(stateDir, { MERIDIAN_SENTIMENT_BATCH: '32' });

describe('crash and restart', () => {
  it('finishes every acknowledged job exactly once after a SIGKILL mid-batch', { timeout: 240_000 }, async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'meridian-crash-'));
    try {
      const first = await startCore(stateDir);
      const s1 = sentimentClient(first.address);
      const acked: string[] = [];
      let killedAt = 0;
      let refusedAfterKill = 0;
      for (let b = 0; b < 12; b++) {
        const items = Array.from({ length: 250 }, (_, i) => ({ text: `batch ${b} text ${i}: the product arrived late but support was helpful`, feedId: 'crash-feed' }));
        try {
          const r = await s1.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items });
          acked.push(...r.data.map((d) => d.jobId));
        } catch {
          refusedAfterKill++;
        }
        if (b === 5) {
          // some jobs done, many queued or in a worker: kill now
          await eventually(async () => (await s1.call<{ data: { status: string } }>('getJob', { id: acked[0]! })).data.status === 'SUCCEEDED', 30_000, 5);
          first.child.kill('SIGKILL');
          killedAt = Date.now();
          await new Promise((r) => first.child.once('exit', r));
        }
      }
      s1.close();
      expect(killedAt).toBeGreaterThan(0);
      expect(acked.length).toBe(1500);

      const second = await startCore(stateDir);
      const restartedAt = Date.now();
      const s2 = sentimentClient(second.address);
      // every acknowledged job, one by one (most are long done when their turn comes)
      for (const id of acked) {
        await eventually(async () => (await s2.call<{ data: { status: string } }>('getJob', { id })).data.status === 'SUCCEEDED', 120_000, 50);
      }
      s2.close();
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));

      const db = await (await DuckDBInstance.create(join(stateDir, 'sentiment.duckdb'), { access_mode: 'READ_ONLY' })).connect();
      const rows = (await db.runAndReadAll(`
        SELECT j.id, j.status, j.attempts, j.result_id, count(r.id) AS results, min(r.created_ms) AS created
        FROM jobs j LEFT JOIN results r ON r.job_id = j.id GROUP BY ALL`)).getRowObjectsJS() as { id: string; status: string; attempts: number; result_id: string; results: bigint; created: bigint }[];
      const byId = new Map(rows.map((r) => [r.id, r]));
      let before = 0;
      let rerun = 0;
      for (const id of acked) {
        const r = byId.get(id);
        expect(r, id).toBeDefined();
        expect(r!.status).toBe('SUCCEEDED');
        expect(Number(r!.results)).toBe(1);
        if (Number(r!.created) < restartedAt) before++;
        if (r!.attempts > 1) rerun++;
      }
      const duplicates = rows.filter((r) => Number(r.results) > 1).length;
      expect(duplicates).toBe(0);
      db.closeSync();
      console.log(`crash test: ${acked.length} jobs acknowledged (${refusedAfterKill} batch submissions refused after the kill), ${before} finished before the kill, ${acked.length - before} after the restart (${rerun} of them had started processing before the kill), 0 lost, ${duplicates} duplicate results`);
      expect(before).toBeLessThan(acked.length);
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
