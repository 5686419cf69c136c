/**
 * Webhooks against a real local HTTP receiver: the four event types, Standard
 * Webhooks signatures checked as a receiver would, retries with backoff, and a core
 * killed (SIGKILL) in the middle of retries whose successor delivers the same
 * message (same webhook-id) from the durable outbox; the delivery log shows it all.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { EventEmitter, once } from 'node:events';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sentimentClient } from '../support/grpcClient.js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { eventually } from '../support/gateway.js';
import { verify } from '../../src/sentiment/webhooks/signature.js';
import { DEFAULT_RETRY_SCHEDULE, parseSchedule } from '../../src/sentiment/webhooks/deliverer.js';
import { startCoreProcess } from '../support/coreChild.js';
import { startTestPostgres } from '../support/postgres.js';

interface Delivery { headers: IncomingHttpHeaders; body: string; answered: number; at: number }

/** A receiver that answers `status` (changeable) and emits 'delivery' for each request. */
async function receiver(): Promise<{ url: string; got: Delivery[]; events: EventEmitter; setStatus: (s: number) => void; close: () => Promise<void> }> {
  const got: Delivery[] = [];
  const events = new EventEmitter();
  let status = 204;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: status, at: Date.now() };
      got.push(d);
      res.writeHead(status).end();
      events.emit('delivery', d);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`, got, events, setStatus: (s) => { status = s; },
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** A receiver that accepts connections and never answers (closed by the cleanups); `open()` is how many it holds now, `maxOpen()` at most. */
async function blackHole(): Promise<{ port: number; open: () => number; maxOpen: () => number }> {
  const open = new Set<Socket>();
  let maxOpen = 0;
  const hole = createTcpServer((sock) => {
    open.add(sock);
    maxOpen = Math.max(maxOpen, open.size);
    sock.on('close', () => open.delete(sock));
    sock.on('error', () => undefined);
  });
  hole.listen(0, '127.0.0.1');
  await once(hole, 'listening');
  cleanups.push(() => new Promise((res) => { for (const sk of open) sk.destroy(); hole.close(() => res()); }));
  return { port: (hole.address() as { port: number }).port, open: () => open.size, maxOpen: () => maxOpen };
}

/** Resolves once `n` deliveries matching `pred` have arrived (counting those already there). */
function deliveries(r: Awaited<ReturnType<typeof receiver>>, n: number, pred: (d: Delivery) => boolean = () => true, ms = 30_000): Promise<Delivery[]> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = r.got.filter(pred);
      if (m.length >= n) {
        r.events.off('delivery', check);
        clearTimeout(t);
        resolve(m);
      }
    };
    const t = setTimeout(() => { r.events.off('delivery', check); reject(new Error(`only ${r.got.filter(pred).length} of ${n} deliveries within ${ms} ms`)); }, ms);
    r.events.on('delivery', check);
    check();
  });
}

const typeOf = (d: Delivery) => (JSON.parse(d.body) as { type: string }).type;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/**
 * Servers shared by tests that need no fresh state (each test has its own tenants, endpoints and receivers), started
 * by the first test that asks: a core starts in ~10 s and a PostgreSQL cluster in ~4 s on a busy 2-core machine.
 */
function shared<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= start());
}
/** A core delivering to 127.0.0.1, retrying 2 s then 4 s after a failure, and timing an attempt out after 15 s (the default). */
const sharedCore = shared(async () => {
  const sc = await startSentimentCore({ webhookAllowHosts: ['127.0.0.1'], webhookTimeoutMs: 15_000, webhookRetrySchedule: '2s,4s' });
  cleanups.push(sc.close);
  return sc;
});
/** One PostgreSQL cluster, and a core on its database `webhooks` (default settings, delivering to 127.0.0.1). */
const postgresCore = shared(async () => {
  const postgres = await startTestPostgres();
  cleanups.push(() => postgres.close());
  const url = await postgres.createDatabase('webhooks');
  const sc = await startSentimentCore({ webhookAllowHosts: ['127.0.0.1'], databaseUrl: url });
  cleanups.push(sc.close);
  return { url, sc };
});

/**
 * Tenant A registers `endpoints` black-hole endpoints and submits `texts` texts; once `stuck` of its attempts hang,
 * tenant B (one working endpoint) sends one text. Resolves with how long B's delivery took and the most attempts the
 * black hole held at once.
 */
async function starvedTenant(sc: Awaited<ReturnType<typeof startSentimentCore>>, tag: string, endpoints: number, texts: number, stuck: number): Promise<{ waitedMs: number; maxOpen: number }> {
  const hole = await blackHole();
  const r = await receiver();
  cleanups.push(r.close);
  const a = sentimentClient(sc.core.address, { tenant: `${tag}-a` });
  const b = sentimentClient(sc.core.address, { tenant: `${tag}-b` });
  try {
    for (let i = 0; i < endpoints; i++) await a.call('createWebhook', { url: `http://127.0.0.1:${hole.port}/dead-${i}`, eventTypes: ['job.succeeded'] });
    await b.call('createWebhook', { url: r.url, eventTypes: ['job.succeeded'] });
    await a.call('batchAnalyzeTexts', { items: Array.from({ length: texts }, (_, i) => ({ text: `tenant A text ${i}, a fine day` })) });
    await eventually(async () => hole.open() >= stuck, 30_000); // A's attempts are stuck in the black hole
    const sent = Date.now();
    await b.call('analyzeText', { text: 'tenant B: deliver me now' });
    const got = await deliveries(r, 1, () => true, 14_000);
    return { waitedMs: got[0]!.at - sent, maxOpen: hole.maxOpen() };
  } finally {
    a.close();
    b.close();
  }
}

describe('webhooks', () => {
  it('retries for more than 24 hours by default (Standard Webhooks schedule)', () => {
    const total = parseSchedule(DEFAULT_RETRY_SCHEDULE).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });

  it('delivers job.succeeded, batch.completed, feed.anomaly and job.failed, signed as Standard Webhooks describes', { timeout: 120_000 }, async () => {
    const r = await receiver();
    cleanups.push(r.close);
    const sc = await sharedCore();
    const s = sentimentClient(sc.core.address, { tenant: 'hooks' });
    const hook = (await s.call<{ data: { id: string; secret: string } }>('createWebhook', { url: r.url, eventTypes: ['job.succeeded', 'batch.completed', 'feed.anomaly', 'job.failed'] })).data;
    const other = sentimentClient(sc.core.address, { tenant: 'not-subscribed' });
    await other.call('batchAnalyzeTexts', { items: [{ text: 'another tenant: nothing is sent for this' }] });

    const positive = Array.from({ length: 25 }, (_, i) => ({ text: `Wonderful service, I love it, thank you (${i})`, feedId: 'hook-feed' }));
    const sub = await s.call<{ data: { jobId: string }[]; metadata: { batchId: string } }>('batchAnalyzeTexts', {
      items: [...positive, { text: 'This is the worst, most awful, broken, hateful experience ever', feedId: 'hook-feed' }],
    });
    const batchDone = await deliveries(r, 1, (d) => typeOf(d) === 'batch.completed');
    const succeeded = await deliveries(r, 26, (d) => typeOf(d) === 'job.succeeded');
    const anomaly = await deliveries(r, 1, (d) => typeOf(d) === 'feed.anomaly');

    for (const d of r.got) {
      expect(d.headers['content-type']).toBe('application/json');
      expect(d.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
      expect(verify(hook.secret, { id: String(d.headers['webhook-id']), timestamp: String(d.headers['webhook-timestamp']), signature: String(d.headers['webhook-signature']) }, d.body)).toBe(true);
      // a receiver with another secret, or a changed body, rejects it
      expect(verify('whsec_' + Buffer.alloc(32, 1).toString('base64'), { id: String(d.headers['webhook-id']), timestamp: String(d.headers['webhook-timestamp']), signature: String(d.headers['webhook-signature']) }, d.body)).toBe(false);
      expect(verify(hook.secret, { id: String(d.headers['webhook-id']), timestamp: String(d.headers['webhook-timestamp']), signature: String(d.headers['webhook-signature']) }, d.body + ' ')).toBe(false);
    }
    const ids = new Set(succeeded.map((d) => (JSON.parse(d.body) as { data: { jobId: string } }).data.jobId));
    expect(ids).toEqual(new Set(sub.data.map((d) => d.jobId)));
    // each job.succeeded carries its analysis, as GET /v1/analyses/{resultId} answers it: no read per job
    for (const d of succeeded) {
      const data = (JSON.parse(d.body) as { data: { jobId: string; resultId: string; analysis: { id: string; jobId: string; sentiment: string; emotionScores: unknown[]; rationale: string } } }).data;
      expect(data.analysis).toMatchObject({ id: data.resultId, jobId: data.jobId });
      expect(data.analysis.sentiment).toMatch(/POSITIVE|NEGATIVE|NEUTRAL/);
      expect(data.analysis.emotionScores).toHaveLength(7);
      expect(data.analysis.rationale.length).toBeGreaterThan(0);
    }
    const b = JSON.parse(batchDone[0]!.body) as { data: { batchId: string; done: boolean; counts: Record<string, number> } };
    expect(b.data).toMatchObject({ batchId: sub.metadata.batchId, done: true, counts: { SUCCEEDED: 26, PENDING: 0, PROCESSING: 0 } });
    const a = JSON.parse(anomaly[0]!.body) as { data: { feedId: string; jobId: string; feedAnomaly: { anomalous: boolean; zScore: number } } };
    expect(a.data).toMatchObject({ feedId: 'hook-feed', jobId: sub.data[25]!.jobId, feedAnomaly: { anomalous: true } });
    expect(a.data.feedAnomaly.zScore).toBeLessThan(-3.5);

    // job.failed, from a core whose models cannot run
    const empty = mkdtempSync(join(tmpdir(), 'meridian-nomodels-'));
    const broken = await startSentimentCore({ webhookAllowHosts: ['127.0.0.1'], modelsDir: empty, maxAttempts: 1, workers: 1 });
    cleanups.push(async () => { await broken.close(); rmSync(empty, { recursive: true, force: true }); });
    const bs = sentimentClient(broken.core.address, { tenant: 'hooks' });
    const bhook = (await bs.call<{ data: { secret: string } }>('createWebhook', { url: r.url, eventTypes: ['job.failed'] })).data;
    const failedJob = (await bs.call<{ data: { jobId: string } }>('analyzeText', { text: 'this cannot be analysed here' })).data.jobId;
    const failed = await deliveries(r, 1, (d) => typeOf(d) === 'job.failed');
    const f = JSON.parse(failed[0]!.body) as { data: { jobId: string; status: string; errors: { type: string }[] } };
    expect(f.data).toMatchObject({ jobId: failedJob, status: 'FAILED', errors: [{ type: 'ANALYSIS_FAILED' }] });
    expect(verify(bhook.secret, { id: String(failed[0]!.headers['webhook-id']), timestamp: String(failed[0]!.headers['webhook-timestamp']), signature: String(failed[0]!.headers['webhook-signature']) }, failed[0]!.body)).toBe(true);

    // the delivery log (each attempt is recorded right after the receiver answered)
    type Log = { messageId: string; status: string; eventType: string; attempts: { statusCode: number }[] }[];
    let log: Log = [];
    await eventually(async () => {
      log = (await s.call<{ data: Log }>('listWebhookDeliveries', { id: hook.id, pageSize: 100 })).data;
      return log.length === 28 && log.every((l) => l.status === 'DELIVERED');
    }, 10_000);
    expect(log).toHaveLength(28);
    expect(log.every((l) => l.status === 'DELIVERED' && l.attempts.length === 1 && l.attempts[0]!.statusCode === 204)).toBe(true);
    for (const c of [s, other, bs]) c.close();
  });

  it('retries with backoff, and a core killed in the middle of retries leaves the message to its successor (same webhook-id)', { timeout: 180_000 }, async () => {
    const r = await receiver();
    cleanups.push(r.close);
    r.setStatus(500);
    const stateDir = mkdtempSync(join(tmpdir(), 'meridian-hooks-'));
    cleanups.push(async () => rmSync(stateDir, { recursive: true, force: true }));
    const env = { MERIDIAN_WEBHOOK_ALLOW_HOSTS: '127.0.0.1', MERIDIAN_WEBHOOK_RETRY_SCHEDULE: '300ms,600ms,1200ms,2400ms,4800ms,9600ms' };
    const first = await startCoreProcess(stateDir, env);
    const s1 = sentimentClient(first.address, { tenant: 'restart' });
    const hook = (await s1.call<{ data: { id: string; secret: string } }>('createWebhook', { url: r.url, eventTypes: ['job.succeeded'] })).data;
    const job = (await s1.call<{ data: { jobId: string } }>('analyzeText', { text: 'deliver me eventually' })).data.jobId;
    const failedTwice = await deliveries(r, 2);
    // backoff: the second attempt came at least the first delay (300 ms) after the first
    expect(failedTwice[1]!.at - failedTwice[0]!.at).toBeGreaterThanOrEqual(290);
    s1.close();
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const beforeRestart = r.got.length;
    r.setStatus(204);

    const second = await startCoreProcess(stateDir, env);
    cleanups.push(async () => { second.child.kill('SIGTERM'); await once(second.child, 'exit'); });
    const ok = await deliveries(r, 1, (d) => d.answered === 204, 60_000);
    expect(r.got.length).toBeGreaterThan(beforeRestart);
    // one message, the same id on every attempt, the body about our job, signed
    expect(new Set(r.got.map((d) => d.headers['webhook-id'])).size).toBe(1);
    const body = JSON.parse(ok[0]!.body) as { type: string; data: { jobId: string } };
    expect(body).toMatchObject({ type: 'job.succeeded', data: { jobId: job } });
    expect(verify(hook.secret, { id: String(ok[0]!.headers['webhook-id']), timestamp: String(ok[0]!.headers['webhook-timestamp']), signature: String(ok[0]!.headers['webhook-signature']) }, ok[0]!.body)).toBe(true);

    const s2 = sentimentClient(second.address, { tenant: 'restart' });
    type Log = { messageId: string; status: string; attempts: { statusCode: number; error: string }[] }[];
    let log: Log = [];
    // the receiver has answered; the core records the attempt right after
    await eventually(async () => {
      log = (await s2.call<{ data: Log }>('listWebhookDeliveries', { id: hook.id })).data;
      return log[0]?.status === 'DELIVERED';
    }, 10_000);
    expect(log).toHaveLength(1);
    expect(log[0]!.messageId).toBe(ok[0]!.headers['webhook-id']);
    expect(log[0]!.status).toBe('DELIVERED');
    const codes = log[0]!.attempts.map((a) => a.statusCode);
    expect(codes[codes.length - 1]).toBe(204);
    expect(codes.slice(0, -1).every((c) => c === 500)).toBe(true);
    // at least the first failure was recorded before the kill (an attempt cut short by it is made again: at least once)
    expect(codes.length).toBeGreaterThanOrEqual(2);
    expect(codes.length).toBeLessThanOrEqual(r.got.length);
    expect(log[0]!.attempts[0]!.error).toContain('HTTP 500');
    s2.close();
  });
  it('on PostgreSQL, delivers every message of a batch at once: claimed messages it could not attempt yet are given back, not leased for 5 minutes', { timeout: 120_000 }, async () => {
    const { sc } = await postgresCore();
    const r = await receiver();
    cleanups.push(r.close);
    const s = sentimentClient(sc.core.address, { tenant: 'pg-hooks' });
    await s.call('createWebhook', { url: r.url, eventTypes: ['job.succeeded', 'batch.completed'] });
    await s.call('batchAnalyzeTexts', { items: Array.from({ length: 10 }, (_, i) => ({ text: `a calm day number ${i}` })) });
    // at most 4 attempts per endpoint at a time: before, the other claimed messages waited out a 5-minute lease
    const got = await deliveries(r, 11, () => true, 30_000);
    expect(got.filter((d) => typeOf(d) === 'job.succeeded')).toHaveLength(10);
    expect(got.filter((d) => typeOf(d) === 'batch.completed')).toHaveLength(1);
    s.close();
  });

  it('retries on schedule while another endpoint\'s attempts hang until the timeout', { timeout: 120_000 }, async () => {
    const hole = await blackHole();
    const r = await receiver();
    r.setStatus(500);
    cleanups.push(r.close);
    const sc = await sharedCore();
    const s = sentimentClient(sc.core.address, { tenant: 'slow-neighbour' });
    await s.call('createWebhook', { url: `http://127.0.0.1:${hole.port}/x`, eventTypes: ['job.succeeded'] });
    await s.call('createWebhook', { url: r.url, eventTypes: ['job.succeeded'] });
    await s.call('analyzeText', { text: 'a retry should not wait for the slow endpoint' });
    const got = await deliveries(r, 3, () => true, 30_000);
    // 2 s and 4 s (+ up to 10 % jitter, + up to a second's look): before, the retries waited for the hanging attempt (~15 s)
    expect(got[1]!.at - got[0]!.at).toBeLessThan(4500);
    expect(got[2]!.at - got[1]!.at).toBeLessThan(6500);
    s.close();
  });

  it('holds a tenant to 20 endpoints when two cores on one PostgreSQL take the last place at once', { timeout: 120_000 }, async () => {
    // the shared core on PostgreSQL and a second one with the same settings on the same database
    const { url, sc } = await postgresCore();
    const second = await startSentimentCore({ webhookAllowHosts: ['127.0.0.1'], databaseUrl: url });
    cleanups.push(second.close);
    const cores = [sc, second];
    const [a, b] = cores.map((c) => sentimentClient(c.core.address, { tenant: 'pg-race' }));
    for (let i = 0; i < 19; i++) await a!.call('createWebhook', { url: `http://127.0.0.1:9/base${i}`, eventTypes: ['job.succeeded'] });
    // each round: 19 endpoints, one create per core at the same moment; each core's own lock let both through
    // before (the count and the insert were two steps on the database)
    for (let round = 0; round < 15; round++) {
      await Promise.allSettled([a!, b!].map((c, k) => c.call('createWebhook', { url: `http://127.0.0.1:9/r${round}-${k}`, eventTypes: ['job.succeeded'] })));
      const list = (await a!.call<{ data: { id: string }[] }>('listWebhooks')).data;
      expect(list.length, `round ${round}`).toBe(20);
      await a!.call('deleteWebhook', { id: list[19]!.id });
    }
    a!.close();
    b!.close();
  });

  it('holds a tenant to 20 endpoints when 40 creates race', { timeout: 60_000 }, async () => {
    const sc = await sharedCore();
    const s = sentimentClient(sc.core.address, { tenant: 'hook-race' });
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => s.call('createWebhook', { url: `http://127.0.0.1:9/hook${i}`, eventTypes: ['job.succeeded'] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: number }).code).toBe(9); // FAILED_PRECONDITION: a standing limit, not a rate
    expect((await s.call<{ data: unknown[] }>('listWebhooks')).data).toHaveLength(20);
    s.close();
  });

  it('delivers another tenant\'s message at once while a black-hole receiver holds a backlog (pool, at most 4 attempts per endpoint)', { timeout: 120_000 }, async () => {
    // attempts time out after 15 s: A's hang that long; before the pool, B waited for whole slices of A's 15 s timeouts (44 s in the attacker's run)
    const { waitedMs, maxOpen } = await starvedTenant(await sharedCore(), 'hole', 1, 24, 4);
    expect(waitedMs).toBeLessThan(5000);
    expect(maxOpen).toBeLessThanOrEqual(4);
  });

  it("delivers another tenant's message at once while one tenant's five dead endpoints have a backlog (a tenant leaves 2 of the 8 slots)", { timeout: 120_000 }, async () => {
    // a core of its own: the shared one's other black hole holds slots of another tenant
    const sc = await startSentimentCore({ webhookAllowHosts: ['127.0.0.1'], webhookTimeoutMs: 15_000, webhookRetrySchedule: '2s,4s' }); // 8 slots
    cleanups.push(sc.close);
    // five endpoints at 2 attempts each had taken all 8 slots: B waited for A's 15 s timeouts (42-263 s in a sweep)
    const { waitedMs, maxOpen } = await starvedTenant(sc, 'holes', 5, 30, 6);
    expect(waitedMs).toBeLessThan(5000);
    expect(maxOpen).toBeLessThanOrEqual(6);
  });
});
