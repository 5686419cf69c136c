/**
 * Tenants over gRPC against the suite's real core: every RPC that reads or changes a
 * job, result, batch, feed or webhook answers NOT_FOUND to another tenant, lists
 * hold only the caller's own; atomic admission and per-tenant quotas.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { inject } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { sentimentClient } from '../support/grpcClient.js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { eventually } from '../support/gateway.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

type Job = { jobId: string; status: string; resultId?: string };

describe('tenants over gRPC', () => {
  it('answers NOT_FOUND to another tenant on every RPC over owned state', async () => {
    const a = sentimentClient(inject('coreAddress'), { tenant: 'grpc-tenant-a' });
    const b = sentimentClient(inject('coreAddress'), { tenant: 'grpc-tenant-b' });
    const feedId = `grpc-tenant-feed-${Date.now()}`;
    const occurredAt = '2026-11-15T10:00:00Z';
    const sub = await a.call<{ data: Job[]; metadata: { batchId: string } }>('batchAnalyzeTexts', { items: [{ text: 'a fine text', feedId, occurredAt }, { text: 'another fine text', feedId, occurredAt }] });
    const batchId = sub.metadata.batchId;
    let job: Job | undefined;
    await eventually(async () => {
      job = (await a.call<{ data: Job }>('getJob', { id: sub.data[0]!.jobId })).data;
      return job.status === 'SUCCEEDED';
    }, 20_000);
    const hook = (await a.call<{ data: { id: string } }>('createWebhook', { url: 'https://example.com/h', eventTypes: ['job.failed'] })).data;
    const feedReq = { feedId, window: '1h', from: '2026-11-15T00:00:00Z', to: '2026-11-16T00:00:00Z' };
    const calls: [string, Record<string, unknown>][] = [
      ['getJob', { id: job!.jobId }], ['getAnalysis', { id: job!.resultId }], ['getBatch', { id: batchId }],
      ['getFeedTrend', feedReq], ['listFeedAnomalies', feedReq], ['getWebhook', { id: hook.id }], ['listWebhookDeliveries', { id: hook.id }],
      ['cancelJob', { id: job!.jobId }], ['deleteAnalysis', { id: job!.resultId }], ['deleteJobResults', { id: job!.jobId }],
      ['deleteFeed', { feedId }], ['deleteWebhook', { id: hook.id }],
    ];
    for (const [method, req] of calls) {
      expect(await b.fail(method, req), method).toMatchObject({ code: grpc.status.NOT_FOUND, reason: 'ENTITY_NOT_FOUND' });
    }
    // reads still work for the owner (the writes above changed nothing)
    for (const [method, req] of calls.slice(0, 7)) await a.call(method, req);
    expect((await b.call<{ data: Job[] }>('listJobs', { batchId })).data).toEqual([]);
    expect((await a.call<{ data: Job[] }>('listJobs', { batchId })).data).toHaveLength(2);
    expect((await b.call<{ data: unknown[] }>('listWebhooks', {})).data).toEqual([]);
    // a caller naming no tenant is the 'default' tenant, not a wildcard
    const none = sentimentClient(inject('coreAddress'));
    expect(await none.fail('getJob', { id: job!.jobId })).toMatchObject({ code: grpc.status.NOT_FOUND });
    await a.call('deleteWebhook', { id: hook.id });
    for (const c of [a, b, none]) c.close();
  });
});

describe('bounds', () => {
  it('admits exactly up to the queue cap when submissions arrive at once', async () => {
    const sc = await startSentimentCore({ workers: 1, batchSize: 8, queueMax: 500 });
    cleanups.push(sc.close);
    const s = sentimentClient(sc.core.address, { tenant: 'cap' });
    const items = Array.from({ length: 100 }, (_, i) => ({ text: `concurrent filler ${i} with some words` }));
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => s.call('batchAnalyzeTexts', { items }).then(() => 'ok', (e: grpc.ServiceError) => e.code)));
    const accepted = outcomes.filter((o) => o === 'ok').length;
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === grpc.status.RESOURCE_EXHAUSTED)).toBe(true);
    // all 20 are admitted in the same moment, before any text can leave the queue: exactly 5 fit
    expect(accepted).toBe(5);
    s.close();
  });

  it('holds each tenant to its quota without touching the others', async () => {
    const sc = await startSentimentCore({ workers: 1, batchSize: 8, queueMax: 10_000, tenantQueueMax: 300 });
    cleanups.push(sc.close);
    const a = sentimentClient(sc.core.address, { tenant: 'quota-a' });
    const b = sentimentClient(sc.core.address, { tenant: 'quota-b' });
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `quota text ${i}, fairly ordinary` }));
    await a.call('batchAnalyzeTexts', { items: items(300) });
    const refused = await a.fail('batchAnalyzeTexts', { items: items(50) });
    expect(refused).toMatchObject({ code: grpc.status.RESOURCE_EXHAUSTED, reason: 'TENANT_QUOTA' });
    expect(refused.message).toContain('300');
    // a synchronous call of the same key is still answered: its batches fill the quota, not its interactive calls
    expect(await a.call<{ data: { status: string } }>('analyzeText', { text: 'still answered at once', asyncMode: false })).toMatchObject({ data: { status: 'SUCCEEDED' } });
    await b.call('batchAnalyzeTexts', { items: items(100) });
    // once a's texts are done, a may submit again
    await eventually(async () => (await a.call<{ data: Job[] }>('listJobs', { state: 'PENDING', pageSize: 1 })).data.length === 0
      && (await a.call<{ data: Job[] }>('listJobs', { state: 'PROCESSING', pageSize: 1 })).data.length === 0, 60_000, 100);
    await a.call('batchAnalyzeTexts', { items: items(50) });
    a.close();
    b.close();
  });
});

describe('admin scope (store)', () => {
  it('lets an admin scope see every tenant\'s jobs, batches and feeds, and a tenant scope only its own', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { randomUUID } = await import('node:crypto');
    const { DuckDbSentimentStore } = await import('../../src/sentiment/store/duckdbStore.js');
    const dir = mkdtempSync(join(tmpdir(), 'meridian-admin-'));
    const store = await DuckDbSentimentStore.open(dir);
    try {
      const now = Date.now();
      const job = (tenant: string, batchId: string) => ({ id: randomUUID(), tenant, text: `text of ${tenant}`, feedId: 'shared-name', batchId, domain: 'GENERAL' as const, occurredMs: now, createdMs: now });
      const [ba, bb] = [randomUUID(), randomUUID()];
      const a = job('tenant-a', ba);
      const b = job('tenant-b', bb);
      await store.insertPending([a, b], [{ id: ba, tenant: 'tenant-a', createdMs: now, total: 1 }, { id: bb, tenant: 'tenant-b', createdMs: now, total: 1 }]);
      const admin = { tenant: 'ops', admin: true };
      expect((await store.getJob(a.id, admin))?.tenant).toBe('tenant-a');
      expect((await store.getJob(b.id, admin))?.tenant).toBe('tenant-b');
      expect(await store.getJob(b.id, { tenant: 'tenant-a', admin: false })).toBeNull();
      expect((await store.getBatch(bb, admin))?.total).toBe(1);
      expect(await store.getBatch(bb, { tenant: 'tenant-a', admin: false })).toBeNull();
      expect((await store.listJobs({}, admin, null, 10)).jobs.map((j) => j.tenant).sort()).toEqual(['tenant-a', 'tenant-b']);
      expect((await store.listJobs({}, { tenant: 'tenant-a', admin: false }, null, 10)).jobs.map((j) => j.id)).toEqual([a.id]);
      expect((await store.cancel(b.id, now, admin))?.status).toBe('CANCELED');
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
