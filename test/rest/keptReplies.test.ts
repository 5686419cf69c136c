/**
 * A repeated GET whose answer is kept is answered before Fastify (gateway/rest/keptReplies.ts): the client gets the
 * bytes and headers Fastify's path gives the same request (app.inject goes through Fastify only), the rate limit and
 * the work budget count it once, a key that fails is refused as before, and the metrics count it under its route.
 * The real core and gateway on ephemeral ports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rawRequest, startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

const MUNICH = 2867714;
/** Headers that change from one request to the next, or with the connection (light-my-request has none). */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'x-ratelimit-requests-remaining', 'x-ratelimit-reset', 'age']);
const steady = (h: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(h).filter(([k]) => !VARYING.has(k)));

async function throughFastify(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const r = await g.gateway.app.inject({ method: 'GET', url: path, headers });
  return { status: r.statusCode, headers: r.headers, body: r.body };
}

async function routeCount(route: string, status: number): Promise<number> {
  const text = (await g.get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(`meridian_http_requests_total{route="${route}",method="GET",status="${status}"}`));
  return Number(line?.split(' ').pop() ?? 0);
}

describe('kept answers replied to before Fastify', () => {
  it('carry the bytes and headers Fastify gives the same request', async () => {
    for (const [path, extra] of [
      [`/v1/geo/cities/${MUNICH}`, {}],
      [`/v1/geo/cities/${MUNICH}?languageCode=fr&hateoasMode=false`, {}],
      [`//v1/geo/cities/${MUNICH}?_=123`, {}],
      [`/v1/geo/cities/${MUNICH}`, { 'accept-encoding': 'gzip' }],
      [`/v1/geo/cities/${MUNICH}`, { origin: 'https://app.example' }],
      ['/v1/geo/countries/IS', {}],
      ['/v1/geo/cities?namePrefix=Reykj&limit=3', {}],
    ] as [string, Record<string, string>][]) {
      const headers = { 'x-gateway-key': g.key, ...extra };
      const first = await rawRequest(g.url + path, headers); // computed, and kept
      const again = await rawRequest(g.url + path, headers); // kept: before Fastify
      const fastify = await throughFastify(path, headers); // kept: through Fastify
      expect(first.status, path).toBe(200);
      expect(again.status, path).toBe(200);
      expect(again.body.toString(), path).toBe(first.body.toString());
      expect(fastify.body, path).toBe(first.body.toString());
      expect(steady(again.headers), path).toEqual(steady(fastify.headers));
      expect(Object.keys(again.headers), path).toEqual(Object.keys(first.headers).filter((k) => k !== 'age' || again.headers['age'] !== undefined));
    }
  });

  it('say how old they are (Age) and count in the metrics under their route', async () => {
    const path = `/v1/geo/cities/${MUNICH}?languageCode=de`;
    const headers = { 'x-gateway-key': g.key };
    await rawRequest(g.url + path, headers);
    const before = await routeCount('/v1/geo/cities/{city_id}', 200);
    for (let i = 0; i < 3; i++) await rawRequest(g.url + path, headers);
    expect(await routeCount('/v1/geo/cities/{city_id}', 200)).toBe(before + 3);
    await new Promise((r) => setTimeout(r, 1100));
    const old = await rawRequest(g.url + path, headers);
    expect(Number(old.headers['age'])).toBeGreaterThanOrEqual(1);
  });

  it('count once against the rate limit, and are refused past it as Fastify refuses', async () => {
    const { key } = await g.gateway.keyStore.create({ name: 'three a minute', scopes: ['geo:read'], rateLimit: 3 });
    await eventually(async () => g.gateway.keyRing.check(key).ok);
    const path = `/v1/geo/cities/${MUNICH}?languageCode=it`;
    await rawRequest(g.url + path, { 'x-gateway-key': g.key }); // kept by another key
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await rawRequest(g.url + path, { 'x-gateway-key': key });
      expect(r.status).toBe(200);
      seen.push(String(r.headers['x-ratelimit-remaining']));
    }
    expect(seen).toEqual(['2', '1', '0']);
    const over = await rawRequest(g.url + path, { 'x-gateway-key': key });
    expect(over.status).toBe(429);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(over.body.toString()).errors[0]).toMatchObject({ code: 'ACCESS_DENIED' });
    const viaFastify = await throughFastify(path, { 'x-gateway-key': key });
    expect(viaFastify.status).toBe(429);
    expect(over.body.toString()).toBe(viaFastify.body);
    expect(steady(over.headers)).toEqual(steady(viaFastify.headers));
  });

  it('refuse a missing, unknown or out-of-scope key as Fastify does', async () => {
    const path = `/v1/geo/cities/${MUNICH}?languageCode=es`;
    await rawRequest(g.url + path, { 'x-gateway-key': g.key });
    const { key: sentimentOnly } = await g.gateway.keyStore.create({ name: 'sentiment only', scopes: ['sentiment:read'] });
    await eventually(async () => g.gateway.keyRing.check(sentimentOnly).ok);
    for (const [headers, status] of [[{}, 401], [{ 'x-gateway-key': 'mrd_nope' }, 401], [{ 'x-gateway-key': sentimentOnly }, 403]] as [Record<string, string>, number][]) {
      const r = await rawRequest(g.url + path, headers);
      const viaFastify = await throughFastify(path, headers);
      expect(r.status).toBe(status);
      expect(r.body.toString()).toBe(viaFastify.body);
      expect(steady(r.headers)).toEqual(steady(viaFastify.headers));
    }
  });
});

describe('kept answers and the work budget', () => {
  let b: TestGateway;
  beforeAll(async () => { b = await startTestGateway({ workBudget: 3 }); });
  afterAll(async () => { await b?.close(); });

  it('are charged their price, and refused past the budget with the rate limit counted once', async () => {
    const path = `/v1/geo/cities/${MUNICH}`;
    const statuses: number[] = [];
    const remaining: number[] = [];
    let last!: Awaited<ReturnType<typeof rawRequest>>;
    for (let i = 0; i < 5; i++) {
      last = await rawRequest(b.url + path, { 'x-gateway-key': b.key });
      statuses.push(last.status);
      remaining.push(Number(last.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe((remaining[i - 1] as number) - 1);
    expect(JSON.parse(last.body.toString()).errors[0]).toMatchObject({ type: 'TENANT_BUDGET_EXHAUSTED' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a feed trend and the work budget', () => {
  let b: TestGateway;
  beforeAll(async () => { b = await startTestGateway({ workBudget: 100 }); });
  afterAll(async () => { await b?.close(); });

  it('is priced by its windows (3 units each) against a budget of 100 a minute: 2,000 are refused, 24 pass, a second 24 at once not', async () => {
    const trend = (q: string) => rawRequest(`${b.url}/v1/feeds/priced/trend?${q}`, { 'x-gateway-key': b.key });
    const wide = await trend('window=60s&from=2026-11-01T00:00:00Z&to=2026-11-02T09:20:00Z'); // 2,000 windows: 6,000 units
    expect(wide.status).toBe(429);
    expect(JSON.parse(wide.body.toString()).errors[0]).toMatchObject({ type: 'TENANT_BUDGET_EXHAUSTED' });
    // its anomalies run the same windows: the same price
    expect((await rawRequest(`${b.url}/v1/feeds/priced/anomalies?window=60s&from=2026-11-01T00:00:00Z&to=2026-11-02T09:20:00Z`, { 'x-gateway-key': b.key })).status).toBe(429);
    // more windows than the core answers is priced as its refusal (the default 24: 72 units), not as 6,000
    expect((await trend('window=60s&from=2026-11-01T00:00:00Z&to=2026-11-05T00:00:00Z')).status).toBe(404); // answered (no such feed)
    expect((await trend('window=1h')).status).toBe(429); // 72 more: past the budget
  });
});
