/**
 * A requestId names one submission (AIP-155, src/sentiment/idempotency.ts): an exact
 * retry answers with the batch the first call created and creates nothing; a call that
 * reuses the requestId with other content (texts, count, order, feedId, domain,
 * occurredAt) is refused — gRPC ALREADY_EXISTS with reason REQUEST_ID_REUSED, REST 409
 * CONFLICT — and stores nothing, also when it races the first call. Run through the
 * real core and gateway on the embedded DuckDB store and on PostgreSQL (two cores
 * sharing one database: a race across cores meets at the batch insert), plus the
 * stores' own insert rule and the in-place upgrade of a state from before fingerprints.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import * as grpc from '@grpc/grpc-js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { editStateFile, startSentimentCore } from '../support/sentimentCore.js';
import { eventually, startTestGateway, type TestGateway } from '../support/gateway.js';
import { sentimentClient } from '../support/grpcClient.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { jobKey, legacyJobIds, submissionBatchId, submissionJobIds } from '../../src/sentiment/idempotency.js';
import { idTime, timeOrderedId } from '../../src/sentiment/store/timeOrderedId.js';
import { DuckDbSentimentStore } from '../../src/sentiment/store/duckdbStore.js';
import { PostgresSentimentStore } from '../../src/sentiment/store/postgresStore.js';
import { PG_MIGRATIONS } from '../../src/sentiment/store/postgresMigrations.js';
import type { NewJob, SentimentStore, StoredResult } from '../../src/sentiment/store/sentimentStore.js';

type Started = Awaited<ReturnType<typeof startSentimentCore>>;
interface Submitted { data: { jobId: string; batchId: string; status: string }[]; metadata: { batchId: string; total: number } }

let postgres: TestPostgres | undefined;
async function pgUrl(name: string): Promise<string> {
  postgres ??= await startTestPostgres();
  return postgres.createDatabase(name);
}
afterAll(async () => { await postgres?.close(); });

const items = (feedId: string, n: number, word = 'fine') => Array.from({ length: n }, (_, i) => ({ text: `parcel ${i} arrived and it was ${word}`, feedId }));
/** One analysis thread per core: these tests submit few texts, and a second thread would only add its model loading. */
const ONE_WORKER = { workers: 1 };
let seq = 0;
const fresh = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}`;

describe.each(['duckdb', 'postgresql'] as const)('a requestId reused with other content, on %s', (kind) => {
  const cores: Started[] = [];
  let gw: TestGateway;

  beforeAll(async () => {
    const settings = { ...ONE_WORKER, ...(kind === 'postgresql' ? { databaseUrl: await pgUrl('reqid_service') } : {}) };
    // on PostgreSQL two cores share the database, as replicas do; on DuckDB one core owns its file
    for (let k = 0; k < (kind === 'postgresql' ? 2 : 1); k++) cores.push(await startSentimentCore(settings));
    gw = await startTestGateway({ coreAddress: cores[0]!.core.address });
  });
  afterAll(async () => {
    await gw?.close();
    for (const c of cores) await c.close();
  });

  /** The jobs of a feed, as the tenant of the gateway's key sees them. */
  async function feedJobs(feedId: string): Promise<{ jobId: string; batchId: string }[]> {
    const r = await gw.get(`/v1/jobs?feedId=${feedId}&pageSize=1000`);
    expect(r.status, r.text).toBe(200);
    return r.body.data;
  }

  it('answers an exact retry with the same batch and creates nothing, also when the retry spells defaults out', async () => {
    const feedId = fresh('same');
    const requestId = fresh('order');
    const body = { items: items(feedId, 5), requestId };
    const first = await gw.send('POST', '/v1/analyses:batch', body);
    expect(first.status, first.text).toBe(202);
    const again = await gw.send('POST', '/v1/analyses:batch', body);
    expect(again.status, again.text).toBe(202);
    expect(again.body.metadata).toEqual(first.body.metadata);
    expect(again.body.data.map((d: { jobId: string }) => d.jobId)).toEqual(first.body.data.map((d: { jobId: string }) => d.jobId));
    // the same content with the defaults written out: domain GENERAL is the unset domain
    const spelled = await gw.send('POST', '/v1/analyses:batch', { items: body.items.map((it) => ({ ...it, domain: 'GENERAL' })), requestId });
    expect(spelled.status, spelled.text).toBe(202);
    expect(spelled.body.metadata.batchId).toBe(first.body.metadata.batchId);
    const jobs = await feedJobs(feedId);
    expect(jobs).toHaveLength(5);
    expect(new Set(jobs.map((j) => j.batchId))).toEqual(new Set([first.body.metadata.batchId]));
    const b = await gw.get(`/v1/batches/${first.body.metadata.batchId}`);
    expect(b.body.data.total).toBe(5);
    // the jobs' ids carry the batch's time (the embedded store reads them by it) and sort in the order sent
    const ids: string[] = first.body.data.map((d: { jobId: string }) => d.jobId);
    expect(ids.map(idTime)).toEqual(ids.map(() => Date.parse(b.body.data.createdAt)));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) {
      const job = await gw.get(`/v1/jobs/${id}`);
      expect(job.status, job.text).toBe(200);
      expect(job.body.data.createdAt).toBe(b.body.data.createdAt);
    }
    // an instant in another RFC 3339 form is the same occurredAt
    const timed = fresh('timed');
    const t1 = await gw.send('POST', '/v1/analyses:batch', { items: [{ text: 'on time', occurredAt: '2026-11-20T10:00:00Z' }], requestId: timed });
    const t2 = await gw.send('POST', '/v1/analyses:batch', { items: [{ text: 'on time', occurredAt: '2026-11-20T11:00:00.000+01:00' }], requestId: timed });
    expect([t1.status, t2.status], t2.text).toEqual([202, 202]);
    expect(t2.body.metadata.batchId).toBe(t1.body.metadata.batchId);
  });

  it('refuses other content under a used requestId with 409 CONFLICT (REST) and stores none of it', async () => {
    const feedId = fresh('first');
    const requestId = fresh('order');
    const base = items(feedId, 3);
    const first = await gw.send('POST', '/v1/analyses:batch', { items: base, requestId });
    expect(first.status, first.text).toBe(202);
    const otherFeed = fresh('second');
    const variants: Record<string, unknown[]> = {
      'another text': [{ ...base[0]!, text: 'something else entirely' }, base[1], base[2]],
      'another count': [...base, base[0]],
      'another order': [base[1], base[0], base[2]],
      'another feedId': base.map((it) => ({ ...it, feedId: otherFeed })),
      'another domain': base.map((it) => ({ ...it, domain: 'FINANCIAL_NEWS' })),
      'an occurredAt': base.map((it) => ({ ...it, occurredAt: '2026-11-20T10:00:00Z' })),
    };
    for (const [what, variant] of Object.entries(variants)) {
      const r = await gw.send('POST', '/v1/analyses:batch', { items: variant, requestId });
      expect(r.status, `${what}: ${r.text}`).toBe(409);
      expect(r.body.errors[0]).toMatchObject({ code: 'CONFLICT', type: 'REQUEST_ID_REUSED', details: { field: 'requestId' } });
      expect(r.body.errors[0].message).toContain(`'${requestId}'`);
      expect(r.body.errors[0].message).toContain(first.body.metadata.batchId);
      expect(r.body.errors[0].message).toMatch(/use a new requestId for new content/);
    }
    expect(await feedJobs(feedId)).toHaveLength(3);
    expect(await feedJobs(otherFeed)).toHaveLength(0);
    expect((await gw.get(`/v1/batches/${first.body.metadata.batchId}`)).body.data.total).toBe(3);
    // an exact retry still works after the refusals
    const retry = await gw.send('POST', '/v1/analyses:batch', { items: base, requestId });
    expect(retry.status, retry.text).toBe(202);
    expect(retry.body.metadata.batchId).toBe(first.body.metadata.batchId);

    // asynchronous AnalyzeText: a submission of one under the same rule
    const single = fresh('single');
    const one = await gw.send('POST', '/v1/analyses', { text: 'The parcel came on time', feedId, requestId: single });
    expect(one.status, one.text).toBe(202);
    const other = await gw.send('POST', '/v1/analyses', { text: 'The parcel never came', feedId, requestId: single });
    expect(other.status, other.text).toBe(409);
    expect(other.body.errors[0]).toMatchObject({ code: 'CONFLICT', type: 'REQUEST_ID_REUSED' });
    const same = await gw.send('POST', '/v1/analyses', { text: 'The parcel came on time', feedId, requestId: single });
    expect(same.body.data.jobId).toBe(one.body.data.jobId);
    expect(await feedJobs(feedId)).toHaveLength(4);
  });

  it('refuses a retry once the submission\'s results were deleted, instead of answering jobs nobody will run or find', async () => {
    const requestId = fresh('deleted');
    const body = { text: 'the parcel came a day early', feedId: fresh('del'), requestId };
    const first = await gw.send('POST', '/v1/analyses', body);
    expect(first.status, first.text).toBe(202);
    const jobId = first.body.data.jobId as string;
    let resultId = '';
    await eventually(async () => {
      const job = await gw.get(`/v1/jobs/${jobId}`);
      resultId = job.body.data?.resultId ?? '';
      return job.body.data?.status === 'SUCCEEDED';
    }, 20_000);
    expect((await gw.send('DELETE', `/v1/analyses/${resultId}`)).status).toBe(200);
    expect((await gw.get(`/v1/jobs/${jobId}`)).status).toBe(404);
    const retry = await gw.send('POST', '/v1/analyses', body);
    expect(retry.status, retry.text).toBe(409); // it answered 202 PENDING for the deleted job
    expect(retry.body.errors[0]).toMatchObject({ code: 'CONFLICT', type: 'REQUEST_ID_REUSED', details: { field: 'requestId' } });
    expect(retry.body.errors[0].message).toMatch(/1 of its 1 jobs have since been deleted.*new requestId/);
    expect((await gw.get(`/v1/jobs/${jobId}`)).status).toBe(404); // and nothing was stored
  });

  it('answers ALREADY_EXISTS with reason REQUEST_ID_REUSED over gRPC, on every core', async () => {
    const tenant = fresh('grpc-tenant');
    const clients = cores.map((c) => sentimentClient(c.core.address, { tenant }));
    try {
      const requestId = fresh('order');
      const base = items(fresh('grpc'), 4);
      const first = await clients[0]!.call<Submitted>('batchAnalyzeTexts', { items: base, requestId });
      for (const c of clients) {
        const again = await c.call<Submitted>('batchAnalyzeTexts', { items: base, requestId });
        expect(again.metadata).toEqual(first.metadata);
        const e = await c.fail('batchAnalyzeTexts', { items: base.slice(1), requestId });
        expect(e).toMatchObject({ code: grpc.status.ALREADY_EXISTS, reason: 'REQUEST_ID_REUSED', field: 'requestId' });
        expect(e.message).toContain(`${first.metadata.batchId}: 4 texts; this call has 3`);
      }
      // a single text's errors name its own field, not a batch's items[0]
      for (const text of ['', 'x'.repeat(20_001)]) {
        expect(await clients[0]!.fail('analyzeText', { text, requestId: fresh('single') })).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, field: 'text' });
      }
    } finally {
      for (const c of clients) c.close();
    }
  });

  it('lets one of racing calls with different content win; the others are refused and store nothing', async () => {
    const tenant = fresh('race-tenant');
    const clients = cores.map((c) => sentimentClient(c.core.address, { tenant }));
    try {
      for (let round = 0; round < 3; round++) {
        const requestId = fresh('race');
        // four contents (2-5 texts, each its own feed), each sent twice, spread over the cores
        const contents = [2, 3, 4, 5].map((n) => items(fresh(`race${n}`), n, `good ${n}`));
        const calls = [0, 1, 2, 3, 0, 1, 2, 3].map((k, i) => clients[i % clients.length]!.call<Submitted>('batchAnalyzeTexts', { items: contents[k], requestId })
          .then((r) => ({ k, r, e: undefined }), (e: grpc.ServiceError) => ({ k, r: undefined, e })));
        const answers = await Promise.all(calls);
        const won = answers.filter((a) => a.r);
        expect(new Set(won.map((a) => a.k)).size, JSON.stringify(answers.map((a) => [a.k, a.e?.code]))).toBe(1);
        expect(won).toHaveLength(2);
        const winner = won[0]!.k;
        for (const a of answers.filter((x) => x.e)) {
          expect(a.k).not.toBe(winner);
          expect(a.e!.code).toBe(grpc.status.ALREADY_EXISTS);
        }
        const batchId = submissionBatchId(tenant, requestId);
        for (const a of won) expect(a.r!.metadata).toEqual({ batchId, total: contents[winner]!.length });
        // the batch holds the winner's texts only: no loser's job joined it, none was stored elsewhere
        const batch = await clients[0]!.call<{ data: { total: number; counts: Record<string, number> } }>('getBatch', { id: batchId });
        expect(batch.data.total).toBe(contents[winner]!.length);
        const listed = await clients[0]!.call<{ data: { jobId: string; feedId: string }[] }>('listJobs', { batchId, pageSize: 100 });
        expect(listed.data).toHaveLength(contents[winner]!.length);
        expect(new Set(listed.data.map((j) => j.feedId))).toEqual(new Set([contents[winner]![0]!.feedId]));
        for (const [k, c] of contents.entries()) {
          const inFeed = await clients[0]!.call<{ data: unknown[] }>('listJobs', { feedId: c[0]!.feedId, pageSize: 100 });
          expect(inFeed.data).toHaveLength(k === winner ? c.length : 0);
        }
      }
    } finally {
      for (const c of clients) c.close();
    }
  });
});

/** The store rule the cross-core race meets: a fingerprinted batch stored already is returned and none of its jobs go in. */
describe.each(['duckdb', 'postgresql'] as const)('insertPending of a request id batch stored already, on %s', (kind) => {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-reqid-'));
  const opened: SentimentStore[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The stores of this describe, opened once (its tests share them: the database is created once). */
  let pair: Promise<[SentimentStore, SentimentStore]> | undefined;
  const twoStores = (): Promise<[SentimentStore, SentimentStore]> => (pair ??= (async (): Promise<[SentimentStore, SentimentStore]> => {
    if (kind === 'duckdb') {
      const s = await DuckDbSentimentStore.open(dir);
      opened.push(s);
      return [s, s];
    }
    const url = await pgUrl('reqid_store');
    const a = await PostgresSentimentStore.open(url, { leaseMs: 5000 });
    const b = await PostgresSentimentStore.open(url, { leaseMs: 5000 });
    opened.push(a, b);
    return [a, b];
  })());

  /** A submission's jobs as made at `createdMs` (racing cores make them at their own times, so with other ids). */
  const jobsOf = (batchId: string, n: number, feedId: string, createdMs = 1): NewJob[] => {
    const jobIds = submissionJobIds(batchId, n, createdMs);
    return jobIds.map((id, i) => ({ id, tenant: 't', text: `text ${i}`, feedId, batchId, domain: 'GENERAL', occurredMs: 1, createdMs }));
  };

  it("counts a submission's kept results by their job keys, whatever time the batch was made at (the purge check)", async () => {
    const [a] = await twoStores();
    const scope = { tenant: 't', admin: false };
    const batchId = submissionBatchId('t', fresh('kept'));
    const jobs = jobsOf(batchId, 3, fresh('keptfeed'));
    await a.insertPending(jobs, [{ id: batchId, tenant: 't', createdMs: 1, total: 3, fingerprint: 'v1:kept' }]);
    const results = jobs.slice(0, 2).map((j): StoredResult => ({ id: timeOrderedId(3), jobId: j.id, batchId, tenant: 't', feedId: j.feedId, domain: 'GENERAL', occurredMs: 1, createdMs: 3, sentiment: 'POSITIVE', score: 0.5, emotions: [0, 0, 0, 1, 0, 0, 0], anomalous: false, z: 0, payload: '{}' }));
    await a.complete(results, 3);
    // a retry made the ids at another time: their keys still name the stored results
    expect(await a.keptResults(submissionJobIds(batchId, 3, 86_400_000).map(jobKey), scope)).toBe(2);
    expect(await a.keptResults(submissionJobIds(submissionBatchId('t', fresh('none')), 3, 1).map(jobKey), scope)).toBe(0);
    expect(await a.keptResults(submissionJobIds(batchId, 3, 1).map(jobKey), { tenant: 'other', admin: false })).toBe(0);
    // a batch stored before job ids carried their time (version 8): its keys are found too, and never confused with the new ones
    const legacyBatch = submissionBatchId('t', fresh('legacykept'));
    const legacy = legacyJobIds(legacyBatch, 2).map((id, i): NewJob => ({ id, tenant: 't', text: `old ${i}`, feedId: 'legacyfeed', batchId: legacyBatch, domain: 'GENERAL', occurredMs: 1, createdMs: 1 }));
    await a.insertPending(legacy, [{ id: legacyBatch, tenant: 't', createdMs: 1, total: 2, fingerprint: 'v1:legacy' }]);
    await a.complete(legacy.map((j): StoredResult => ({ id: timeOrderedId(4), jobId: j.id, batchId: legacyBatch, tenant: 't', feedId: j.feedId, domain: 'GENERAL', occurredMs: 1, createdMs: 4, sentiment: 'NEGATIVE', score: -0.5, emotions: [0, 0, 0, 0, 1, 0, 0], anomalous: false, z: 0, payload: '{}' })), 4);
    expect(await a.keptResults(legacyJobIds(legacyBatch, 2).map(jobKey), scope)).toBe(2);
    expect(await a.keptResults(submissionJobIds(legacyBatch, 2, 1).map(jobKey), scope)).toBe(0);
  });

  it('stores the first and skips the second, also when both insert at once', async () => {
    const [a, b] = await twoStores();
    const scope = { tenant: 't', admin: false };
    for (let round = 0; round < 5; round++) {
      const batchId = submissionBatchId('t', fresh('store'));
      const small = jobsOf(batchId, 2, fresh('small'), 1);
      const large = jobsOf(batchId, 6, fresh('large'), 8);
      const [x, y] = await Promise.all([
        a.insertPending(small, [{ id: batchId, tenant: 't', createdMs: 1, total: 2, fingerprint: 'v1:small' }]),
        b.insertPending(large, [{ id: batchId, tenant: 't', createdMs: 8, total: 6, fingerprint: 'v1:large' }]),
      ]);
      expect([...x, ...y]).toEqual([batchId]); // exactly one of the two found it stored
      const stored = (await a.getBatch(batchId, scope))!;
      const jobs = await a.listJobs({ batchId }, scope, null, 100);
      expect(jobs.jobs).toHaveLength(stored.total);
      // the winner's jobs, made at the winner's time: a retry recomputes exactly these from the stored batch
      expect(jobs.jobs.map((j) => j.id).sort()).toEqual(submissionJobIds(batchId, stored.total, stored.createdMs).sort());
      expect(stored.fingerprint).toBe(stored.total === 2 ? 'v1:small' : 'v1:large');
      expect(new Set(jobs.jobs.map((j) => j.feedId))).toEqual(new Set([(stored.total === 2 ? small : large)[0]!.feedId]));
    }
    // a batch without request id has no fingerprint, as has one stored before fingerprints
    const plain = submissionBatchId('t', fresh('plain'));
    expect([...await a.insertPending(jobsOf(plain, 1, fresh('plain')), [{ id: plain, tenant: 't', createdMs: 1, total: 1 }])]).toEqual([]);
    expect((await a.getBatch(plain, scope))!.fingerprint).toBeNull();
  });
});

describe('a state from before request fingerprints', () => {
  it('upgrades in place (DuckDB schema 2 → 4, PostgreSQL sentiment 1 → latest) and its batches answer a reuse as before', async () => {
    // DuckDB: a file as schema 2 left it (no column, version 2), with an idempotent batch in it
    const sc = await startSentimentCore(ONE_WORKER);
    const tenant = 'legacy';
    const client = sentimentClient(sc.core.address, { tenant });
    const requestId = 'legacy-order-1';
    const first = await client.call<Submitted>('batchAnalyzeTexts', { items: items('legacy', 2), requestId });
    client.close();
    await sc.core.close();
    await editStateFile(sc.stateDir, 'ALTER TABLE batches DROP COLUMN request_fingerprint; DELETE FROM schema_version WHERE version >= 3');
    const store = await DuckDbSentimentStore.open(sc.stateDir);
    const batch = await store.getBatch(first.metadata.batchId, { tenant, admin: false });
    expect(batch).toMatchObject({ total: 2, fingerprint: null });
    await store.close();
    rmSync(sc.stateDir, { recursive: true, force: true });

    // PostgreSQL: the same from sentiment schema 1
    const url = await pgUrl('reqid_upgrade');
    const s1 = await PostgresSentimentStore.open(url, { leaseMs: 5000 });
    const batchId = submissionBatchId(tenant, requestId);
    await s1.insertPending(legacyJobIds(batchId, 2).map((id, i) => ({ id, tenant, text: `old ${i}`, feedId: null, batchId, domain: 'GENERAL', occurredMs: 1, createdMs: 1 })),
      [{ id: batchId, tenant, createdMs: 1, total: 2 }]);
    await s1.close();
    const pc = new pg.Client({ connectionString: url });
    await pc.connect();
    // (and without what later migrations made: the database as version 1 left it)
    await pc.query("ALTER TABLE batches DROP COLUMN request_fingerprint; DROP INDEX IF EXISTS jobs_live_tenant; DROP INDEX IF EXISTS results_job_key; DELETE FROM meridian_schema WHERE component = 'sentiment' AND version >= 2");
    await pc.end();
    const core = await startSentimentCore({ ...ONE_WORKER, databaseUrl: url });
    try {
      const pgClient = sentimentClient(core.core.address, { tenant });
      // a batch stored without fingerprint answers any reuse with itself, as every batch did before
      const reuse = await pgClient.call<Submitted>('batchAnalyzeTexts', { items: items('other', 3), requestId });
      pgClient.close();
      expect(reuse.metadata).toEqual({ batchId, total: 2 });
      const pc2 = new pg.Client({ connectionString: url });
      await pc2.connect();
      const v = await pc2.query("SELECT max(version) AS v FROM meridian_schema WHERE component = 'sentiment'");
      const n = await pc2.query('SELECT count(*)::int AS n FROM jobs WHERE batch_id = $1', [batchId]);
      await pc2.end();
      expect(Number(v.rows[0].v)).toBe(PG_MIGRATIONS[PG_MIGRATIONS.length - 1]!.version);
      expect(n.rows[0].n).toBe(2);
    } finally {
      await core.close();
    }
  });
});
