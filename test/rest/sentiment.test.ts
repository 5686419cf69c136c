/**
 * The sentiment and certificate routes through the real gateway, against the suite's
 * real core (DuckDB state file, Piscina pool, ONNX models).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startTestGateway, eventually, type TestGateway } from '../support/gateway.js';
import { X509Certificate } from 'node:crypto';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(async () => {
  await gw?.close();
});

/** Job, result and batch ids are time-ordered UUIDs (version 7): their first 48 bits are the creation time, which the store looks rows up by. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const idMs = (id: string): number => parseInt(id.slice(0, 8), 16) * 0x10000 + parseInt(id.slice(9, 13), 16);

async function waitForJob(id: string, until: (status: string) => boolean = (s) => !['PENDING', 'PROCESSING'].includes(s)) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON body
  let job: any;
  await eventually(async () => {
    const r = await gw.get(`/v1/jobs/${id}`);
    job = r.body.data;
    return until(job.status);
  }, 20_000);
  return job;
}

describe('analysis', () => {
  it('is asynchronous by default: 202 with Location and jobId at once, then job status, then the result by id under both paths', async () => {
    const r = await gw.send('POST', '/v1/analyses', { text: 'The support team was wonderful and fixed everything!', feedId: 'rest-feed-1' });
    expect(r.status, r.text).toBe(202);
    expect(r.headers.get('location')).toBe(`/v1/jobs/${r.body.data.jobId}`);
    expect(r.body.errors).toEqual([]);
    expect(r.body.data.jobId).toMatch(UUID);
    expect(['PENDING']).toContain(r.body.data.status);
    expect(r.body.data).not.toHaveProperty('emotionScores'); // a job, not yet a result: no empty result lists
    const job = await waitForJob(r.body.data.jobId);
    expect(job).toMatchObject({ jobId: r.body.data.jobId, status: 'SUCCEEDED', errors: [], feedId: 'rest-feed-1', domain: 'GENERAL', attempts: 1 });
    expect(job.resultId).toMatch(UUID);
    expect(idMs(job.jobId)).toBe(Date.parse(job.createdAt));
    for (const path of [`/analyses/${job.resultId}`, `/v1/analyses/${job.resultId}`]) {
      const res = await gw.get(path);
      expect(res.status, res.text).toBe(200);
      expect(res.body.errors).toEqual([]);
      const d = res.body.data;
      expect(d).toMatchObject({ id: job.resultId, jobId: job.jobId, status: 'SUCCEEDED', feedId: 'rest-feed-1', domain: 'GENERAL' });
      expect(idMs(d.id)).toBe(Date.parse(d.createdAt));
      expect(d.sentiment).toMatch(/POSITIVE$/);
      expect(d.sentimentScore).toBeGreaterThan(0);
      expect(d.emotionScores).toHaveLength(7);
      expect(d.rationale).toContain('"wonderful"');
      expect(d.language).toEqual({ code: 'en', reliable: true, trained: true });
      expect(d.feedAnomaly).toMatchObject({ anomalous: false });
    }
  });

  it('refuses X-Service-Async-Mode: false on the batch route, which is always asynchronous (it was answered 202)', async () => {
    const items = { items: [{ text: 'good' }] };
    const sync = await gw.send('POST', '/v1/analyses:batch', items, { 'X-Service-Async-Mode': 'false' });
    expect(sync.status).toBe(400);
    expect(sync.body.errors[0]).toMatchObject({ code: 'PARAM_INVALID', details: { field: 'asyncMode' } });
    expect(sync.body.errors[0].message).toMatch(/always asynchronous/);
    const async = await gw.send('POST', '/v1/analyses:batch', items, { 'X-Service-Async-Mode': 'true' });
    expect(async.status).toBe(202);
  });

  it('answers synchronously with X-Service-Async-Mode: false, in the same shape as the result endpoint', async () => {
    const r = await gw.send('POST', '/v1/analyses', { text: 'This is the worst service I have ever had.' }, { 'X-Service-Async-Mode': 'false' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toEqual([]);
    const d = r.body.data;
    expect(d.status).toBe('SUCCEEDED');
    expect(d.sentiment).toMatch(/NEGATIVE$/);
    const again = await gw.get(`/analyses/${d.id}`);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(d);
    const job = await gw.get(`/v1/jobs/${d.jobId}`);
    expect(job.body.data).toMatchObject({ status: 'SUCCEEDED', resultId: d.id });
  });

  it('uses the finance model and its output format for FINANCIAL_NEWS', async () => {
    const r = await gw.send('POST', '/analyses', { text: 'Shares plunge after the company cuts its guidance', domain: 'FINANCIAL_NEWS' }, { 'X-Service-Async-Mode': 'false' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ domain: 'FINANCIAL_NEWS', marketDirection: 'BEARISH', emotionScores: [] });
    expect(r.body.data.sentiment).toMatch(/NEGATIVE$/);
  });

  it('refuses a feedId it could not name in a path or a query: dots alone, spaces, other signs, over 128 characters', async () => {
    for (const feedId of ['.', '..', 'bad feed!', 'a/b', 'x'.repeat(129)]) {
      const r = await gw.send('POST', '/v1/analyses', { text: 'fine', feedId });
      expect(r.status, feedId).toBe(400);
      expect(r.body.errors[0].details.field, feedId).toBe('feedId');
    }
    for (const feedId of ['a.b', '...x', 'ticker:AAPL_1', 'x'.repeat(128)]) expect((await gw.send('POST', '/v1/analyses', { text: 'fine', feedId })).status, feedId).toBe(202);
  });

  it('refuses one body field under both its names with different values (feed_id and feedId), as the query does', async () => {
    const r = await gw.send('POST', '/v1/analyses', { text: 'fine', feed_id: 'a', feedId: 'b' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0]).toMatchObject({ code: 'PARAMS_MUTUALLY_EXCLUSIVE', details: { field: 'feedId' } });
    expect((await gw.send('POST', '/v1/analyses', { text: 'fine', feed_id: 'a', feedId: 'a' })).status).toBe(202);
  });

  it('makes a retried submission with the same requestId create nothing new (single texts too)', async () => {
    const requestId = `retry-${Date.now()}`;
    const body = { text: 'The parcel came on time', feedId: `idem-${Date.now()}`, requestId };
    const first = await gw.send('POST', '/v1/analyses', body);
    const again = await gw.send('POST', '/v1/analyses', body);
    expect(first.status, first.text).toBe(202);
    expect(again.status, again.text).toBe(202);
    expect(again.body.data.jobId).toBe(first.body.data.jobId);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const other = await gw.send('POST', '/v1/analyses', { ...body, requestId: `${requestId}-b` });
    expect(other.body.data.jobId).not.toBe(first.body.data.jobId);
    const sync = await gw.send('POST', '/v1/analyses', body, { 'X-Service-Async-Mode': 'false' });
    expect(sync.status).toBe(400);
    expect(sync.body.errors[0].details.field).toBe('requestId');
    // once the job has finished, a retry is still the submission's answer (202, the job in Location), with its state
    let job: { status: string; resultId?: string } = { status: 'PENDING' };
    for (let i = 0; i < 300 && job.status !== 'SUCCEEDED'; i++) {
      job = (await gw.get(`/v1/jobs/${first.body.data.jobId}`)).body.data;
      if (job.status !== 'SUCCEEDED') await new Promise((r) => setTimeout(r, 50));
    }
    const late = await gw.send('POST', '/v1/analyses', body);
    expect(late.status).toBe(202);
    expect(late.headers.get('location')).toBe(first.headers.get('location'));
    expect(late.body.data).toMatchObject({ jobId: first.body.data.jobId, status: 'SUCCEEDED' });
  });

  it('takes a batch: 202 with the batch in Location, one job and one result per text, progress counted per state', async () => {
    const texts = Array.from({ length: 60 }, (_, i) => ({ text: i % 2 ? `I love item ${i}` : `I hate item ${i}`, feedId: 'rest-batch' }));
    const r = await gw.send('POST', '/v1/analyses:batch', { items: texts });
    expect(r.status, r.text).toBe(202);
    const batchId = r.body.metadata.batchId;
    expect(batchId).toMatch(UUID);
    expect(r.body.metadata.total).toBe(60);
    expect(r.headers.get('location')).toBe(`/v1/batches/${batchId}`);
    expect(r.body.data.every((d: { batchId: string }) => d.batchId === batchId)).toBe(true);
    expect(r.body.data).toHaveLength(60);
    const ids = r.body.data.map((d: { jobId: string }) => d.jobId);
    expect(new Set(ids).size).toBe(60);
    const results = new Set<string>();
    for (const [i, id] of ids.entries()) {
      const job = await waitForJob(id);
      expect(job.status).toBe('SUCCEEDED');
      results.add(job.resultId);
      const res = await gw.get(`/v1/analyses/${job.resultId}`);
      expect(res.body.data.jobId).toBe(id);
      expect(res.body.data.sentiment).toMatch(i % 2 ? /POSITIVE$/ : /NEGATIVE$/);
    }
    expect(results.size).toBe(60);
    const b = await gw.get(`/v1/batches/${batchId}`);
    expect(b.status, b.text).toBe(200);
    expect(b.body.data).toMatchObject({ batchId, total: 60, done: true, counts: { PENDING: 0, PROCESSING: 0, SUCCEEDED: 60, FAILED: 0, CANCELED: 0 } });
    expect(Date.parse(b.body.data.createdAt)).toBe(idMs(batchId));
    expect(ids.every((id: string) => idMs(id) === idMs(batchId))).toBe(true);
    expect(Date.parse(b.body.data.completedAt)).toBeGreaterThanOrEqual(Date.parse(b.body.data.createdAt));
    expect((await gw.get('/v1/batches/3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23')).status).toBe(404);
    expect((await gw.get('/v1/batches/nope')).status).toBe(400);
  });

  it('lists jobs newest first with filters and opaque page tokens, with the queue depth', async () => {
    const feedId = `list-${Date.now()}`;
    const r = await gw.send('POST', '/v1/analyses:batch', { items: Array.from({ length: 25 }, (_, i) => ({ text: `list item ${i} is fine`, feedId })) });
    const batchId = r.body.metadata.batchId;
    const ids = new Set<string>(r.body.data.map((d: { jobId: string }) => d.jobId));
    const seen: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const p = await gw.get(`/v1/jobs?batchId=${batchId}&pageSize=10${token ? `&pageToken=${token}` : ''}`);
      expect(p.status, p.text).toBe(200);
      expect(p.body.metadata.queueDepth).toBeGreaterThanOrEqual(0);
      expect(p.body.data.length).toBeLessThanOrEqual(10);
      for (const j of p.body.data) {
        expect(j).toMatchObject({ batchId, feedId });
        seen.push(j.jobId);
      }
      token = p.body.metadata.nextPageToken;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(new Set(seen)).toEqual(ids);
    for (const id of ids) await waitForJob(id);
    const done = await gw.get(`/v1/jobs?feedId=${feedId}&state=SUCCEEDED&pageSize=100`);
    expect(done.body.data).toHaveLength(25);
    expect((await gw.get(`/v1/jobs?feedId=${feedId}&state=PENDING`)).body.data).toEqual([]);
    // the filter under the job's own field name too
    expect((await gw.get(`/v1/jobs?feedId=${feedId}&status=SUCCEEDED&pageSize=100`)).body.data).toHaveLength(25);
    expect((await gw.get(`/v1/jobs?feedId=${feedId}&status=PENDING`)).body.data).toEqual([]);
    const created = Date.parse(done.body.data[0].createdAt);
    expect((await gw.get(`/v1/jobs?feedId=${feedId}&createdAfter=${new Date(created + 60_000).toISOString()}`)).body.data).toEqual([]);
    expect((await gw.get(`/v1/jobs?feedId=${feedId}&createdBefore=${new Date(created + 60_000).toISOString()}&pageSize=100`)).body.data).toHaveLength(25);
    // a token is bound to its filters, and must be one the service issued
    const first = await gw.get(`/v1/jobs?batchId=${batchId}&pageSize=10`);
    const other = await gw.get(`/v1/jobs?feedId=${feedId}&pageSize=10&pageToken=${first.body.metadata.nextPageToken}`);
    expect(other.status).toBe(400);
    expect(other.body.errors[0].details.field).toBe('pageToken');
    for (const q of ['state=DONE', 'pageSize=5000', 'pageToken=garbage', 'createdAfter=yesterday', 'createdAfter=2026-02-31T00:00:00Z', 'batchId=x', 'createdAfter=2030-01-01T00:00:00Z&createdBefore=2020-01-01T00:00:00Z']) {
      expect((await gw.get(`/v1/jobs?${q}`)).status, q).toBe(400);
    }
    // forged tokens of the right shape: JSON null, a fraction, a time beyond int64 reached the store and were 500s
    const digest = (JSON.parse(Buffer.from(first.body.metadata.nextPageToken as string, 'base64url').toString()) as { f: string }).f;
    for (const forged of ['null', '[]', '"x"', `{"c":1.5,"i":"a","f":"${digest}"}`, `{"c":1e300,"i":"a","f":"${digest}"}`, `{"c":-1e300,"i":"a","f":"${digest}"}`]) {
      const r = await gw.get(`/v1/jobs?batchId=${batchId}&pageSize=10&pageToken=${Buffer.from(forged).toString('base64url')}`);
      expect(r.status, forged).toBe(400);
      expect(r.body.errors[0].details.field, forged).toBe('pageToken');
    }
  });
});

describe('errors and limits', () => {
  it.each([
    ['no text', {}, 400, 'TEXT_INVALID', 'text'],
    ['blank text', { text: '   ' }, 400, 'TEXT_INVALID', 'text'],
    ['20,001 characters', { text: 'x'.repeat(20_001) }, 413, 'PAYLOAD_TOO_LARGE', 'text'],
    ['20,001 characters outside the BMP', { text: '\u{1F600}'.repeat(20_001) }, 413, 'PAYLOAD_TOO_LARGE', 'text'],
    ['a bad feedId', { text: 'ok', feedId: 'has spaces' }, 400, 'PARAM_INVALID', 'feedId'],
    ['an unknown domain', { text: 'ok', domain: 'SPORTS' }, 400, 'PARAM_INVALID', 'domain'],
    ['a malformed occurredAt', { text: 'ok', occurredAt: 'yesterday' }, 400, 'PARAM_INVALID', 'occurredAt'],
    ['a future occurredAt', { text: 'ok', occurredAt: '2999-01-01T00:00:00Z' }, 400, 'PARAM_INVALID', 'occurredAt'],
    ['an occurredAt that is no calendar date', { text: 'ok', occurredAt: '2026-02-30T00:00:00Z' }, 400, 'PARAM_INVALID', 'occurredAt'],
    // year 0000 at +14:00 is year -1 in UTC, outside a protobuf Timestamp (it was stored as -000001-12-31T10:00:00Z)
    ['an occurredAt before year 1 once its offset is applied', { text: 'ok', occurredAt: '0000-01-01T00:00:00+14:00' }, 400, 'PARAM_INVALID', 'occurredAt'],
  ])('refuses %s with %s %s naming the field', async (_label, body, status, type, field) => {
    const r = await gw.send('POST', '/v1/analyses', body);
    expect(r.status, r.text).toBe(status);
    expect(r.body.errors[0]).toMatchObject({ type, details: { field } });
    expect(r.body.errors[0].message.length).toBeGreaterThan(10);
  });

  it('counts characters, not UTF-16 units: 20,000 emoji are within the limit', async () => {
    const r = await gw.send('POST', '/v1/analyses', { text: 'great '.repeat(1_000) + '\u{1F600}'.repeat(14_000) });
    expect(r.status, r.text.slice(0, 200)).toBe(202); // 20,000 characters, 34,000 UTF-16 units
  });

  it('accepts U+FFFD as text (issue 14.8); a body whose bytes are not UTF-8 is refused, not read with U+FFFD in their place', async () => {
    const fffd = await gw.send('POST', '/v1/analyses', { text: 'great \uFFFD service' }, { 'X-Service-Async-Mode': 'false' });
    expect(fffd.status, fffd.text).toBe(200);
    expect(fffd.body.data.sentiment).toMatch(/POSITIVE$/);
    const post = (bytes: Buffer) => fetch(`${gw.url}/v1/analyses`, {
      method: 'POST',
      headers: { 'X-Gateway-Key': gw.key, 'content-type': 'application/json', 'X-Service-Async-Mode': 'false' },
      body: bytes,
    });
    // U+FFFD sent as its UTF-8 bytes, unescaped: text like any other
    const raw = await post(Buffer.from('{"text":"great \uFFFD service"}', 'utf8'));
    expect(raw.status).toBe(200);
    // Latin-1 "café", an overlong '/', a lone byte: not UTF-8
    for (const bad of [[0x63, 0x61, 0x66, 0xe9], [0xc0, 0xaf], [0xc3, 0x28, 0xff]]) {
      const res = await post(Buffer.concat([Buffer.from('{"text":"great '), Buffer.from(bad), Buffer.from(' service"}')]));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ code: 'PARAM_INVALID', type: 'INVALID_UTF8' });
    }
  });

  it('refuses malformed JSON, a bad async header, an oversized or empty batch', async () => {
    expect((await gw.send('POST', '/v1/analyses', '{"text": ')).status).toBe(400);
    const h = await gw.send('POST', '/v1/analyses', { text: 'ok' }, { 'X-Service-Async-Mode': 'maybe' });
    expect(h.status).toBe(400);
    expect(h.body.errors[0].message).toContain('X-Service-Async-Mode');
    // an empty header is not set: the default (asynchronous, 202)
    expect((await gw.send('POST', '/v1/analyses', { text: 'ok' }, { 'X-Service-Async-Mode': '' })).status).toBe(202);
    const big = await gw.send('POST', '/v1/analyses:batch', { items: Array.from({ length: 1001 }, () => ({ text: 'a' })) });
    expect(big.status).toBe(413);
    expect(big.body.errors[0]).toMatchObject({ type: 'PAYLOAD_TOO_LARGE', details: { field: 'items' } });
    const bad = await gw.send('POST', '/v1/analyses:batch', { items: [{ text: 'fine' }, { text: '' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].details.field).toBe('items[1].text');
    // every invalid item is named in one answer: the first as the error's field, the others in its message
    const several = await gw.send('POST', '/v1/analyses:batch', { items: [{ text: 'fine' }, { text: '' }, { text: 'ok', feedId: 'bad feed' }, { text: 'ok', occurredAt: '2999-01-01T00:00:00Z' }] });
    expect(several.status).toBe(400);
    expect(several.body.errors[0].details.field).toBe('items[1].text');
    expect(several.body.errors[0].message).toMatch(/also invalid: items\[2\]\.feedId, items\[3\]\.occurredAt$/);
    expect((await gw.send('POST', '/v1/analyses:batch', { items: [] })).status).toBe(400);
  });

  it('answers 413 in the envelope for a body over the gateway limit', async () => {
    const small = await startTestGateway({ bodyLimit: 4096 });
    try {
      const r = await small.send('POST', '/v1/analyses', { text: 'y'.repeat(10_000) });
      expect(r.status).toBe(413);
      expect(r.body.errors[0].code).toBe('PARAM_INVALID');
    } finally {
      await small.close();
    }
  });

  it('tells malformed ids (400) from unknown ones (404)', async () => {
    for (const p of ['/v1/jobs/not-a-uuid', '/analyses/123', '/v1/analyses/zz']) {
      const r = await gw.get(p);
      expect(r.status, p).toBe(400);
      expect(r.body.errors[0].details.field).toBe('id');
    }
    for (const p of ['/v1/jobs/3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23', '/analyses/3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23']) {
      expect((await gw.get(p)).status, p).toBe(404);
    }
    expect((await gw.send('POST', '/v1/jobs/3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23:cancel')).status).toBe(404);
  });

  it('answers 409 when cancelling a finished job, by POST :cancel and by DELETE', async () => {
    const r = await gw.send('POST', '/v1/analyses', { text: 'fine' }, { 'X-Service-Async-Mode': 'false' });
    for (const [m, p] of [['POST', `/v1/jobs/${r.body.data.jobId}:cancel`], ['DELETE', `/v1/jobs/${r.body.data.jobId}`]] as const) {
      const c = await gw.send(m, p);
      expect(c.status, c.text).toBe(409);
      expect(c.body.errors[0]).toMatchObject({ code: 'CONFLICT', type: 'JOB_FINISHED' });
    }
  });

  it('needs the sentiment scopes', async () => {
    expect((await gw.send('POST', '/v1/analyses', { text: 'x' }, { 'X-Gateway-Key': '' })).status).toBe(401);
    const { key } = await gw.gateway.keyStore.create({ name: 'geo-only', scopes: ['geo:read'] });
    await eventually(async () => (await gw.get('/v1/geo/countries?limit=1', { 'X-Gateway-Key': key })).status === 200);
    expect((await gw.send('POST', '/v1/analyses', { text: 'x' }, { 'X-Gateway-Key': key })).status).toBe(403);
    expect((await gw.get('/v1/jobs/3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23', { 'X-Gateway-Key': key })).status).toBe(403);
    expect((await gw.send('POST', '/v1/certificates', {}, { 'X-Gateway-Key': key })).status).toBe(403);
  });
});

describe('feeds', () => {
  it('returns a trend and anomalies for a feed, and refuses bad windows', async () => {
    const base = Date.parse('2026-11-01T00:00:00Z');
    const items = Array.from({ length: 40 }, (_, i) => ({
      text: i % 3 ? 'Lovely weather and a great day' : 'An ordinary day at the office',
      feedId: 'rest-trend',
      occurredAt: new Date(base + i * 15 * 60_000).toISOString(),
    }));
    const r = await gw.send('POST', '/v1/analyses:batch', { items });
    for (const d of r.body.data) await waitForJob(d.jobId);
    const t = await gw.get('/v1/feeds/rest-trend/trend?window=1h&from=2026-11-01T00:00:00Z&to=2026-11-01T10:00:00Z');
    expect(t.status, t.text).toBe(200);
    expect(t.body.data).toMatchObject({ feedId: 'rest-trend', window: '1h', totalCount: 40 });
    expect(t.body.data.windows).toHaveLength(10);
    expect(t.body.data.windows[0]).toMatchObject({ start: '2026-11-01T00:00:00.000Z', end: '2026-11-01T01:00:00.000Z', count: 4 });
    expect(t.body.data.windows[0].sentiments.map((s: { sentiment: string }) => s.sentiment)).toEqual(['VERY_NEGATIVE', 'NEGATIVE', 'NEUTRAL', 'POSITIVE', 'VERY_POSITIVE']);
    expect(t.body.data.windows[0].emotions).toHaveLength(7);
    const a = await gw.get('/v1/feeds/rest-trend/anomalies?window=1h&from=2026-11-01T00:00:00Z&to=2026-11-01T10:00:00Z');
    expect(a.status).toBe(200);
    expect(a.body.data.windows).toEqual([]);
    for (const q of ['window=5x', 'window=10s', 'from=yesterday', 'from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z']) {
      expect((await gw.get(`/v1/feeds/rest-trend/trend?${q}`)).status, q).toBe(400);
    }
    expect((await gw.get('/v1/feeds/bad%20feed/trend')).status).toBe(400);
    // the default range (24 windows before `to`) never starts before year 1, which a protobuf Timestamp cannot say
    const first = await gw.get('/v1/feeds/rest-trend/trend?to=0001-01-01T12:00:00Z');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.windows[0].start).toBe('0001-01-01T00:00:00.000Z');
    // without a range: 24 hours ending with the one in progress, on the hour, the same for two calls
    const [x, y] = [await gw.get('/v1/feeds/rest-trend/trend?window=1h'), await gw.get('/v1/feeds/rest-trend/trend?window=1h')];
    const starts = (r: typeof x) => (r.body.data.windows as { start: string }[]).map((w) => w.start);
    expect(starts(x)).toHaveLength(24);
    expect(starts(x).every((t) => t.endsWith(':00:00.000Z'))).toBe(true);
    const end = Date.parse((x.body.data.windows as { end: string }[]).at(-1)!.end);
    expect(end % 3_600_000).toBe(0);
    expect(end).toBeGreaterThan(Date.now() - 5000); // the hour in progress is in it (read-your-writes)
    expect(end - Date.now()).toBeLessThanOrEqual(3_600_000);
    if (Date.now() % 3_600_000 > 5000) expect(starts(y)).toEqual(starts(x)); // (unless the hour turned between them)
  });
});

describe('tenants', () => {
  it('keeps every job, result, batch, feed and webhook to the key that made it: another key gets 404 on each route', async () => {
    const { key: other } = await gw.gateway.keyStore.create({ name: 'tenant-b', scopes: ['sentiment:read', 'sentiment:write'] });
    await eventually(async () => (await gw.get('/v1/jobs', { 'X-Gateway-Key': other })).status === 200);
    const feedId = `tenant-feed-${Date.now()}`;
    const occurredAt = '2026-11-10T10:00:00Z';
    const mine = await gw.send('POST', '/v1/analyses:batch', { items: [{ text: 'my own text, lovely', feedId, occurredAt }, { text: 'a second text of mine', feedId, occurredAt }] });
    const batchId = mine.body.metadata.batchId;
    const [job, job2] = [await waitForJob(mine.body.data[0].jobId), await waitForJob(mine.body.data[1].jobId)];
    const hook = await gw.send('POST', '/v1/webhooks', { url: 'https://example.com/hooks/meridian', eventTypes: ['job.succeeded'] });
    expect(hook.status, hook.text).toBe(200);
    const hookId = hook.body.data.id;
    const as = { 'X-Gateway-Key': other };
    const feedQ = 'window=1h&from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z';
    const reads = [`/v1/jobs/${job.jobId}`, `/jobs/${job.jobId}`, `/v1/analyses/${job.resultId}`, `/analyses/${job.resultId}`, `/v1/batches/${batchId}`,
      `/v1/feeds/${feedId}/trend?${feedQ}`, `/v1/feeds/${feedId}/anomalies?${feedQ}`, `/v1/webhooks/${hookId}`, `/v1/webhooks/${hookId}/deliveries`];
    for (const p of reads) {
      expect((await gw.get(p)).status, `owner ${p}`).toBe(200);
      const r = await gw.get(p, as);
      expect(r.status, `other ${p}`).toBe(404);
      expect(r.body.errors[0].code).toBe('ENTITY_NOT_FOUND');
    }
    const writes: [string, string][] = [['POST', `/v1/jobs/${job.jobId}:cancel`], ['DELETE', `/v1/jobs/${job.jobId}`], ['DELETE', `/v1/analyses/${job.resultId}`],
      ['DELETE', `/v1/jobs/${job.jobId}/results`], ['DELETE', `/v1/feeds/${feedId}`], ['DELETE', `/v1/webhooks/${hookId}`]];
    for (const [m, p] of writes) expect((await gw.send(m, p, undefined, as)).status, `other ${m} ${p}`).toBe(404);
    // lists hold only the caller's own
    expect((await gw.get(`/v1/jobs?batchId=${batchId}`, as)).body.data).toEqual([]);
    expect((await gw.get(`/v1/jobs?feedId=${feedId}`, as)).body.data).toEqual([]);
    expect((await gw.get('/v1/webhooks', as)).body.data).toEqual([]);
    expect((await gw.get('/v1/webhooks')).body.data.map((w: { id: string }) => w.id)).toContain(hookId);
    // the same feed id is another feed for the other tenant
    const theirs = await gw.send('POST', '/v1/analyses', { text: 'their text in a feed of the same name', feedId, occurredAt }, { ...as, 'X-Service-Async-Mode': 'false' });
    expect(theirs.status).toBe(200);
    // (a synchronous result reaches the feed with its group commit, within 20 ms)
    await eventually(async () => (await gw.get(`/v1/feeds/${feedId}/trend?${feedQ}`, as)).body.data?.totalCount === 1);
    expect((await gw.get(`/v1/feeds/${feedId}/trend?${feedQ}`)).body.data.totalCount).toBe(2);
    expect((await gw.get(`/v1/jobs/${theirs.body.data.jobId}`)).status).toBe(404);
    // everything is still there for its owner
    expect((await gw.get(`/v1/jobs/${job2.jobId}`)).body.data.status).toBe('SUCCEEDED');
    expect((await gw.send('DELETE', `/v1/webhooks/${hookId}`)).status).toBe(200);
  });
});

describe('deletion', () => {
  it('deletes an analysis, a job with its results, and a whole feed; each is 404 afterwards', async () => {
    const feedId = `del-${Date.now()}`;
    const r = await gw.send('POST', '/v1/analyses:batch', { items: Array.from({ length: 4 }, (_, i) => ({ text: `deletable text ${i}`, feedId, occurredAt: '2026-11-12T10:00:00Z' })) });
    const jobs = [];
    for (const d of r.body.data) jobs.push(await waitForJob(d.jobId));
    const a = await gw.send('DELETE', `/v1/analyses/${jobs[0].resultId}`);
    expect(a.status, a.text).toBe(200);
    expect(a.body.data).toEqual({ jobs: 1, results: 1 });
    expect((await gw.get(`/v1/analyses/${jobs[0].resultId}`)).status).toBe(404);
    expect((await gw.get(`/v1/jobs/${jobs[0].jobId}`)).status).toBe(404);
    const j = await gw.send('DELETE', `/v1/jobs/${jobs[1].jobId}/results`);
    expect(j.body.data).toEqual({ jobs: 1, results: 1 });
    expect((await gw.get(`/v1/analyses/${jobs[1].resultId}`)).status).toBe(404);
    expect((await gw.send('DELETE', `/v1/jobs/${jobs[1].jobId}/results`)).status).toBe(404);
    // the batch's counts add up to its total, deleted jobs counted apart (they summed to total - 2)
    const batch = (await gw.get(`/v1/batches/${jobs[2].batchId}`)).body.data;
    expect(batch).toMatchObject({ total: 4, done: true, counts: { SUCCEEDED: 2, DELETED: 2 } });
    const q = 'window=1h&from=2026-11-12T00:00:00Z&to=2026-11-13T00:00:00Z';
    expect((await gw.get(`/v1/feeds/${feedId}/trend?${q}`)).body.data.totalCount).toBe(2);
    const f = await gw.send('DELETE', `/v1/feeds/${feedId}`);
    expect(f.body.data).toEqual({ jobs: 2, results: 2 });
    expect((await gw.get(`/v1/feeds/${feedId}/trend?${q}`)).status).toBe(404);
    expect((await gw.get(`/v1/jobs/${jobs[2].jobId}`)).status).toBe(404);
    expect((await gw.send('DELETE', `/v1/feeds/${feedId}`)).status).toBe(404);
  });
});

describe('webhook endpoints', () => {
  it('keeps a lone surrogate of a JSON body as one U+FFFD, as in a text (encoded for the core it had become three)', async () => {
    const c = await gw.send('POST', '/v1/webhooks', { url: 'https://example.com/lone', eventTypes: ['job.failed'], description: 'a\ud800b' });
    expect(c.status, c.text).toBe(200);
    expect((await gw.get(`/v1/webhooks/${c.body.data.id}`)).body.data.description).toBe('a\ufffdb');
    expect((await gw.send('DELETE', `/v1/webhooks/${c.body.data.id}`)).status).toBe(200);
  });

  it('keeps an endpoint in the form deliveries call: an international name in punycode, the path percent-encoded', async () => {
    const c = await gw.send('POST', '/v1/webhooks', { url: 'https://bücher.example/päd?q=ä', eventTypes: ['job.failed'] });
    expect(c.status, c.text).toBe(200);
    expect((await gw.get(`/v1/webhooks/${c.body.data.id}`)).body.data.url).toBe('https://xn--bcher-kva.example/p%C3%A4d?q=%C3%A4');
    expect((await gw.send('DELETE', `/v1/webhooks/${c.body.data.id}`)).status).toBe(200);
  });

  it('registers, lists, reads and deletes endpoints, shows the secret once, and refuses private targets and unknown events', async () => {
    const c = await gw.send('POST', '/v1/webhooks', { url: 'https://example.com/a', eventTypes: ['job.failed', 'batch.completed'], description: 'ops' });
    expect(c.status, c.text).toBe(200);
    expect(c.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    const g = await gw.get(`/v1/webhooks/${c.body.data.id}`);
    expect(g.body.data).toMatchObject({ id: c.body.data.id, url: 'https://example.com/a', eventTypes: ['job.failed', 'batch.completed'], description: 'ops' });
    expect(g.body.data.secret).toBeUndefined();
    expect((await gw.get(`/v1/webhooks/${c.body.data.id}/deliveries`)).body.data).toEqual([]);
    for (const [body, field] of [
      [{ url: 'http://127.0.0.1:9/x', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'http://10.1.2.3/x', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'http://[::1]/x', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'file:///etc/passwd', eventTypes: ['job.failed'] }, 'url'],
      // the URL parser drops these, so the URL stored would not be the one called
      [{ url: 'https://example.com/x\r\nX-Injected: 1', eventTypes: ['job.failed'] }, 'url'],
      [{ url: ' https://example.com/a ', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'https://example.com/\u0000', eventTypes: ['job.failed'] }, 'url'],
      [{ url: 'https://example.com/a', eventTypes: ['job.exploded'] }, 'eventTypes'],
      [{ url: 'https://example.com/a', eventTypes: [] }, 'eventTypes'],
      // PostgreSQL's text cannot hold a NUL (it was a 500 there): refused in every store alike, as in a text
      [{ url: 'https://example.com/a', eventTypes: ['job.failed'], description: 'a\u0000b' }, 'description'],
    ] as const) {
      const r = await gw.send('POST', '/v1/webhooks', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[0].details.field).toBe(field);
    }
    expect((await gw.send('DELETE', `/v1/webhooks/${c.body.data.id}`)).status).toBe(200);
    expect((await gw.get(`/v1/webhooks/${c.body.data.id}`)).status).toBe(404);
  });
});

describe('metrics', () => {
  it('shows the sentiment figures at the gateway /metrics', async () => {
    await gw.send('POST', '/v1/analyses', { text: 'count me' }, { 'X-Service-Async-Mode': 'false' });
    const m = await fetch(`${gw.url}/metrics`);
    const text = await m.text();
    for (const name of ['meridian_sentiment_queue_depth', 'meridian_sentiment_jobs{state="SUCCEEDED"}', 'meridian_sentiment_job_latency_seconds_bucket',
      'meridian_sentiment_model_seconds_bucket', 'meridian_sentiment_texts_analyzed_total', 'meridian_sentiment_texts_per_second', 'meridian_webhook_outbox_pending', 'meridian_webhook_messages_dropped_total 0', 'meridian_core_metrics_up 1']) {
      expect(text, name).toContain(name);
    }
    expect(Number(/meridian_sentiment_texts_analyzed_total (\d+)/.exec(text)?.[1])).toBeGreaterThan(0);
  });
});

describe('certificates', () => {
  it('issues a client certificate with the documented shape', async () => {
    const r = await gw.send('POST', '/v1/certificates', { commonName: 'rest-client', validityDays: 7 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toEqual([]);
    expect(r.body.data.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(r.body.data.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(r.body.data.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    const days = (Date.parse(r.body.data.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(r.body.metadata.caFingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await gw.send('POST', '/v1/certificates', { validityDays: 1000 })).status).toBe(400);
    expect((await gw.send('POST', '/v1/certificates', { commonName: 'a b' })).status).toBe(400);
  });

  it('binds a certificate issued through an API key to that key (its name, and so its tenant, cannot be another holder\'s)', async () => {
    const r = await gw.send('POST', '/v1/certificates', { commonName: 'billing', validityDays: 1 });
    expect(r.status, r.text).toBe(200);
    const cn = new X509Certificate(r.body.data.certificatePem as string).subject.match(/CN=([^\n]+)/)?.[1];
    expect(cn).toMatch(/^[0-9a-f]+\.billing$/);
    expect(cn).not.toBe('billing');
  });
});

it('serves every sentiment and certificate binding in the annotations (each is exercised above)', () => {
  const tested = ['POST /v1/analyses', 'POST /analyses', 'POST /v1/analyses:batch', 'GET /v1/analyses/{id}', 'GET /analyses/{id}', 'GET /v1/jobs/{id}', 'GET /jobs/{id}',
    'POST /v1/jobs/{id}:cancel', 'DELETE /v1/jobs/{id}', 'GET /v1/feeds/{feed_id}/trend', 'GET /v1/feeds/{feed_id}/anomalies', 'POST /v1/certificates',
    'GET /v1/batches/{id}', 'GET /v1/jobs', 'DELETE /v1/analyses/{id}', 'DELETE /v1/jobs/{id}/results', 'DELETE /v1/feeds/{feed_id}',
    'POST /v1/webhooks', 'GET /v1/webhooks', 'GET /v1/webhooks/{id}', 'DELETE /v1/webhooks/{id}', 'GET /v1/webhooks/{id}/deliveries'];
  const served = gw.gateway.routes.filter((r) => ['sentiment', 'certificates'].includes(r.service.capability)).map((r) => `${r.binding.verb} ${r.binding.template}`);
  expect(served.sort()).toEqual(tested.sort());
});
