/**
 * Job lifecycle over gRPC against real cores (DuckDB state, Piscina pool, ONNX models):
 * every state and transition, cancel races, stream, overload, failure.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { inject } from 'vitest';
import { credentialsFor, sentimentClient } from '../support/grpcClient.js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { eventually } from '../support/gateway.js';
import { clientConstructor } from '../../src/grpc/protos.js';

type Job = { jobId: string; status: string; resultId?: string; errors: { type: string; message: string; details: Record<string, string> }[]; attempts: number };
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('job states and transitions', () => {
  it('goes PENDING → PROCESSING → SUCCEEDED, and PENDING → CANCELED (idempotently), refusing to cancel a finished job', async () => {
    const sc = await startSentimentCore({ workers: 1, batchSize: 50 });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address);
    const items = Array.from({ length: 600 }, (_, i) => ({ text: `Item ${i}: the delivery was quick and the product works well enough for me` }));
    const { data } = await s.call<{ data: { jobId: string; status: string }[] }>('batchAnalyzeTexts', { items });
    expect(data.every((d) => d.status === 'PENDING')).toBe(true);
    const last = data[599]!.jobId;
    // the last job is still queued behind 599 others: cancel it
    const canceled = await s.call<{ data: Job }>('cancelJob', { id: last });
    expect(canceled.data.status).toBe('CANCELED');
    // watch a job pass through PROCESSING: the first one the store lists as PROCESSING
    // (jobs leave PENDING in submission order, 50 at a time), followed to SUCCEEDED
    const batchId = (data[0] as { batchId?: string }).batchId;
    let watched = '';
    await eventually(async () => {
      const processing = (await s.call<{ data: Job[] }>('listJobs', { batchId, state: 'PROCESSING', pageSize: 1 })).data;
      watched = processing[0]?.jobId ?? '';
      return watched !== '';
    }, 60_000, 1);
    const seen = ['PROCESSING'];
    await eventually(async () => {
      const j = (await s.call<{ data: Job }>('getJob', { id: watched })).data;
      if (seen[seen.length - 1] !== j.status) seen.push(j.status);
      return j.status === 'SUCCEEDED';
    }, 60_000, 2);
    expect(seen).toEqual(['PROCESSING', 'SUCCEEDED']);
    expect((await s.call<{ data: Job }>('getJob', { id: watched })).data.attempts).toBe(1);
    await eventually(async () => (await s.call<{ data: Job }>('getJob', { id: data[598]!.jobId })).data.status === 'SUCCEEDED', 60_000);
    const after = (await s.call<{ data: Job }>('getJob', { id: last })).data;
    expect(after.status).toBe('CANCELED');
    expect(after.resultId).toBeUndefined();
    expect((await s.call<{ data: Job }>('cancelJob', { id: last })).data.status).toBe('CANCELED');
    const done = await s.fail('cancelJob', { id: data[0]!.jobId });
    expect(done).toMatchObject({ code: grpc.status.FAILED_PRECONDITION, reason: 'JOB_FINISHED' });
    const ok = (await s.call<{ data: Job }>('getJob', { id: data[0]!.jobId })).data;
    expect(ok).toMatchObject({ status: 'SUCCEEDED', attempts: 1, errors: [] });
    const result = await s.call<{ data: { jobId: string; id: string } }>('getAnalysis', { id: ok.resultId });
    expect(result.data).toMatchObject({ jobId: ok.jobId, id: ok.resultId });
    s.close();
  });

  it('settles cancel races: a job canceled while it runs ends CANCELED without a result, or SUCCEEDED with one, never both', async () => {
    const sc = await startSentimentCore({ workers: 2, batchSize: 64 });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address);
    const items = Array.from({ length: 800 }, (_, i) => ({ text: `Race ${i}: not bad at all, I would buy it again` }));
    const { data } = await s.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items });
    const ids = data.map((d) => d.jobId);
    const outcomes = await Promise.all(ids.filter((_, i) => i % 3 === 0).map(async (id) => {
      try {
        return (await s.call<{ data: Job }>('cancelJob', { id })).data.status;
      } catch (e) {
        return `refused:${(e as grpc.ServiceError).code}`;
      }
    }));
    expect(outcomes.every((o) => o === 'CANCELED' || o === `refused:${grpc.status.FAILED_PRECONDITION}`)).toBe(true);
    await eventually(async () => {
      const js = await Promise.all(ids.slice(-20).map(async (id) => (await s.call<{ data: Job }>('getJob', { id })).data.status));
      return js.every((st) => st === 'SUCCEEDED' || st === 'CANCELED');
    }, 60_000, 50);
    let canceled = 0;
    for (const [i, id] of ids.entries()) {
      const j = (await s.call<{ data: Job }>('getJob', { id })).data;
      expect(['SUCCEEDED', 'CANCELED']).toContain(j.status);
      if (j.status === 'CANCELED') {
        canceled++;
        expect(j.resultId).toBeUndefined();
        expect(i % 3).toBe(0);
      } else {
        const r = await s.call<{ data: { jobId: string } }>('getAnalysis', { id: j.resultId });
        expect(r.data.jobId).toBe(id);
      }
    }
    expect(canceled).toBe(outcomes.filter((o) => o === 'CANCELED').length);
    expect(canceled).toBeGreaterThan(0);
    s.close();
  });

  it('marks a job FAILED with error entries when the models cannot run, and answers UNAVAILABLE synchronously', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'meridian-nomodels-'));
    const sc = await startSentimentCore({ workers: 1, maxAttempts: 2, modelsDir: empty });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address);
    const { data } = await s.call<{ data: { jobId: string } }>('analyzeText', { text: 'hello there' });
    let job: Job | undefined;
    await eventually(async () => {
      job = (await s.call<{ data: Job }>('getJob', { id: data.jobId })).data;
      return job.status === 'FAILED';
    }, 30_000);
    expect(job!.attempts).toBe(2);
    expect(job!.errors).toHaveLength(1);
    expect(job!.errors[0]).toMatchObject({ type: 'ANALYSIS_FAILED', details: { jobId: data.jobId, attempts: '2' } });
    expect(job!.errors[0]!.message).toContain('npm run train');
    expect(job!.resultId).toBeUndefined();
    expect(await s.fail('analyzeText', { text: 'hello', asyncMode: false })).toMatchObject({ code: grpc.status.UNAVAILABLE });
    s.close();
  });
});

describe('limits', () => {
  it('refuses with RESOURCE_EXHAUSTED when the queue is full, storing nothing of the refused batch', async () => {
    const sc = await startSentimentCore({ workers: 1, batchSize: 8, queueMax: 300 });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address);
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `queue filler ${i} with a few more words to read` }));
    await s.call('batchAnalyzeTexts', { items: items(280) });
    const refused = await s.fail('batchAnalyzeTexts', { items: items(100) });
    expect(refused).toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED, reason: 'QUEUE_FULL' });
    expect(refused.message).toContain('retry later');
    s.close();
  });

  it('refuses a text over the limit and a batch over the limit with PAYLOAD_TOO_LARGE', async () => {
    const s = sentimentClient(inject('coreAddress'));
    expect(await s.fail('analyzeText', { text: 'a'.repeat(20_001) })).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, reason: 'PAYLOAD_TOO_LARGE', field: 'text' });
    expect(await s.fail('batchAnalyzeTexts', { items: Array.from({ length: 1001 }, () => ({ text: 'x' })) })).toMatchObject({ reason: 'PAYLOAD_TOO_LARGE', field: 'items' });
    s.close();
  });
});

describe('stream', () => {
  it('analyses texts pushed continuously, answering each ref once (errors included), with results stored', async () => {
    const Ctor = clientConstructor('meridian.sentiment.v1.SentimentService');
    const c = new Ctor(inject('coreAddress'), credentialsFor(inject('coreAddress'))) as unknown as grpc.Client & { streamAnalyses(): grpc.ClientDuplexStream<unknown, { ref: string; analysis?: { id: string; jobId: string; sentiment: string }; error?: { type: string } }> };
    const stream = c.streamAnalyses();
    const got = new Map<string, { analysis?: { id: string; jobId: string; sentiment: string }; error?: { type: string } }>();
    const done = new Promise<void>((resolve, reject) => {
      stream.on('data', (m) => {
        expect(got.has(m.ref)).toBe(false);
        got.set(m.ref, m);
      });
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    const N = 1500;
    for (let i = 0; i < N; i++) {
      const text = i === 7 ? '' : i === 11 ? 'x'.repeat(20_001) : `stream text ${i}: ${i % 2 ? 'awful, broken, never again' : 'lovely, works great'}`;
      stream.write({ ref: `r${i}`, text, feedId: 'stream-feed' });
    }
    stream.end();
    await done;
    expect(got.size).toBe(N);
    expect(got.get('r7')!.error!.type).toBe('TEXT_INVALID');
    expect(got.get('r11')!.error!.type).toBe('PAYLOAD_TOO_LARGE');
    const ok = [...got.values()].filter((m) => m.analysis?.id);
    expect(ok).toHaveLength(N - 2);
    expect(got.get('r2')!.analysis!.sentiment).toMatch(/POSITIVE$/);
    expect(got.get('r3')!.analysis!.sentiment).toMatch(/NEGATIVE$/);
    const s = sentimentClient(inject('coreAddress'));
    const r = await s.call<{ data: { jobId: string } }>('getAnalysis', { id: got.get('r100')!.analysis!.id });
    expect(r.data.jobId).toBe(got.get('r100')!.analysis!.jobId);
    s.close();
    c.close();
  });
});
