/**
 * Each tenant's bound on undelivered webhook messages (src/sentiment/store/outboxQuota.ts, MERIDIAN_WEBHOOK_PENDING_MAX),
 * on both stores: past it a tenant's new messages are not written and are counted, another tenant's are, and once its
 * messages leave the outbox the tenant is counted again and writes again. An attack review had one tenant's dead
 * endpoints grow the outbox to 1.6 million messages, which slowed every tenant's deliveries to 1-2 a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { OutboxQuota, RECOUNT_MS } from '../../src/sentiment/store/outboxQuota.js';
import type { NewJob, SentimentStore, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

let postgres: TestPostgres;
let dir: string;
const stores: { name: string; store: SentimentStore; quota: OutboxQuota; clock: { ms: number } }[] = [];

beforeAll(async () => {
  postgres = await startTestPostgres();
  dir = mkdtempSync(join(tmpdir(), 'meridian-outbox-'));
  for (const name of ['duckdb', 'postgres']) {
    const clock = { ms: Date.UTC(2026, 11, 7) };
    const quota = new OutboxQuota(5, () => clock.ms);
    const store = name === 'duckdb'
      ? await DuckDbSentimentStore.open(dir, { outboxQuota: quota })
      : await PostgresSentimentStore.open(await postgres.createDatabase('outbox'), { leaseMs: 5000, outboxQuota: quota });
    stores.push({ name, store, quota, clock });
  }
}, 120_000);

afterAll(async () => {
  for (const s of stores) await s.store.close();
  rmSync(dir, { recursive: true, force: true });
  await postgres?.close();
});

/** n anomalous results of a feed of `tenant`: one feed.anomaly message each for a subscribed tenant. */
async function anomalies(store: SentimentStore, tenant: string, n: number, at: number): Promise<void> {
  const jobs: NewJob[] = [];
  const results: StoredResult[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    jobs.push({ id, tenant, text: `t${i}`, feedId: 'f', batchId: null, domain: 'GENERAL', occurredMs: at, createdMs: at });
    results.push({ id: randomUUID(), jobId: id, batchId: null, tenant, feedId: 'f', domain: 'GENERAL', occurredMs: at, createdMs: at, sentiment: 'NEGATIVE', score: -0.9, emotions: [0.5, 0.1, 0.1, 0.05, 0.1, 0.1, 0.05], anomalous: true, z: -4, payload: '{}' });
  }
  await store.insertCompleted(jobs, results);
}

describe('the bound on a tenant\'s undelivered webhook messages', () => {
  it.each(['duckdb', 'postgres'])('%s: writes up to the bound, drops past it, spares other tenants, and writes again once messages leave', async (name) => {
    const { store, quota, clock } = stores.find((s) => s.name === name)!;
    for (const tenant of ['q', 'r']) {
      expect(await store.createWebhook({ id: randomUUID(), tenant, url: 'https://hooks.example/in', eventTypes: ['feed.anomaly'], description: '', secret: 'whsec_dGVzdA==', createdMs: clock.ms })).toBe(true);
    }
    await anomalies(store, 'q', 8, clock.ms);
    expect(await store.pendingMessages()).toBe(5);
    expect(quota.dropped).toBe(3);
    await anomalies(store, 'q', 2, clock.ms);
    await anomalies(store, 'r', 2, clock.ms);
    expect(await store.pendingMessages()).toBe(7);
    expect(quota.dropped).toBe(5);
    // q's messages are delivered: within RECOUNT_MS its belief still says full; after it, q is counted again
    const due = (await store.dueMessages(Date.now() + 1000, 100)).filter((m) => m.tenant === 'q');
    expect(due).toHaveLength(5);
    await store.recordAttempts(due.map((m) => ({ messageId: m.id, status: 'DELIVERED', nextMs: clock.ms, atMs: clock.ms, statusCode: 204, error: '', durationMs: 1 })));
    await anomalies(store, 'q', 1, clock.ms);
    expect(quota.dropped).toBe(6);
    clock.ms += RECOUNT_MS;
    await anomalies(store, 'q', 3, clock.ms);
    expect(quota.dropped).toBe(6);
    expect(await store.pendingMessages()).toBe(5); // r's 2 and q's 3
  });
});
