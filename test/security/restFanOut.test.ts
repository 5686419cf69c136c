/**
 * Limits by work on REST (issue 14, point 3): a geo request is priced with the
 * model GraphQL uses (gateway/workPricing.ts) by the rows the core may read, a
 * request above the per-request maximum is refused (400 QUERY_COST_EXCEEDED),
 * and every request is charged to its key's work budget, which GraphQL
 * charges too (429 TENANT_BUDGET_EXHAUSTED with Retry-After). Refusals come in
 * the envelope with the cost in `details`, in < 50 ms, and nothing reaches the
 * core.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const WORLD = '/v1/geo/cities?location=%2B37.7749-122.4194&radius=12000&limit=100';
const WORLD_KM = '/v1/geo/locations/%2B37.7749-122.4194/nearbyCities?radius=20000&distanceUnit=KM&limit=100';

type Answer = Awaited<ReturnType<TestGateway['get']>>;
const errorOf = (r: Answer) => r.body?.errors?.[0] as { code: string; type: string; message: string; details: Record<string, string> } | undefined;

/** The gateway's own time to answer (in-process inject, no client or socket time), median of five. */
async function medianInjectMs(g: TestGateway, url: string, status: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await g.gateway.app.inject({ method: 'GET', url, headers: { 'x-gateway-key': g.key } });
    times.push(performance.now() - started);
    expect(res.statusCode).toBe(status);
  }
  return times.sort((a, b) => a - b)[2] as number;
}

describe('REST requests priced by the work they make the core do', () => {
  let probe: TestGateway;
  // every list costs more than 1 here, so each refusal reports its price
  beforeAll(async () => { probe = await startTestGateway({ graphqlMaxCost: 1 }); });
  afterAll(async () => { await probe?.close(); });

  const costOf = async (path: string): Promise<number> => {
    const r = await probe.get(path);
    expect(r.status, r.text.slice(0, 300)).toBe(400);
    expect(errorOf(r)).toMatchObject({ code: 'PARAM_INVALID', type: 'QUERY_COST_EXCEEDED', details: { maxCost: '1' } });
    return Number(errorOf(r)?.details['cost']);
  };

  it('a larger radius, a shorter prefix, no criterion or a deeper offset costs more; a by-id lookup one unit', async () => {
    const near = '/v1/geo/cities?location=%2B48.85%2B002.35&distanceUnit=KM&limit=10&radius=';
    const [r10, r100, r1000, world] = [await costOf(`${near}10`), await costOf(`${near}100`), await costOf(`${near}1000`), await costOf(WORLD)];
    expect(r10).toBeLessThan(r100);
    expect(r100).toBeLessThan(r1000);
    expect(r1000).toBeLessThan(world);
    // the alias names and the location path price the same search
    expect(await costOf('/v1/geo/cities?nearLocation=%2B37.7749-122.4194&nearLocationRadius=12000&limit=100')).toBe(world);
    expect(await costOf(WORLD_KM)).toBe(world);
    // around a place given by id: a radius search too
    expect(await costOf('/v1/geo/cities/5391959/nearbyCities?radius=12000&limit=100')).toBe(world);
    expect(await costOf('/v1/geo/cities?namePrefix=S&limit=10')).toBeGreaterThan(await costOf('/v1/geo/cities?namePrefix=San&limit=10'));
    expect(await costOf('/v1/geo/cities?limit=10')).toBeGreaterThan(await costOf('/v1/geo/cities?countryIds=US&limit=10'));
    expect(await costOf('/v1/geo/cities?limit=10&offset=100000')).toBeGreaterThan(await costOf('/v1/geo/cities?limit=10'));
    expect(await costOf('/v1/geo/cities?limit=100')).toBeGreaterThan(await costOf('/v1/geo/cities?limit=10'));
    // one entity: one unit, within the maximum of 1
    expect((await probe.get('/v1/geo/cities/5391959')).status).toBe(200);
  });
});

describe('the REST fan-out guard', () => {
  let g: TestGateway;
  beforeAll(async () => { g = await startTestGateway(); });
  afterAll(async () => { await g?.close(); });

  it('answers a world-wide radius search with the largest page under the default limits', async () => {
    const r = await g.get(WORLD);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.body.data).toHaveLength(100);
  });

  it('an offset past the end costs what skipping every row costs: the last page under the default limits (as GeoDB answers it)', async () => {
    const deep = '/v1/geo/cities?limit=100&offset=900000';
    const r = await g.get(deep);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    const total = r.body.metadata.totalCount as number;
    expect(r.body.data).toHaveLength(total % 100 || 100); // the last page, aligned to limit
    expect(r.body.metadata.currentOffset).toBe(900000);
  });

  it('refuses a request above the per-request maximum before the core, in < 50 ms, in the envelope', async () => {
    const strict = await startTestGateway({ graphqlMaxCost: 2000 });
    try {
      const deep = '/v1/geo/cities?limit=100&offset=900000'; // 100 + 2 × 400 for the scan and the count + 1,600 for the skip
      const r = await strict.get(deep);
      expect(r.status).toBe(400);
      expect(errorOf(r)).toMatchObject({ code: 'PARAM_INVALID', type: 'QUERY_COST_EXCEEDED', details: { maxCost: '2000', cost: '2500' } });
      expect(await medianInjectMs(strict, deep, 400)).toBeLessThan(50);
      // any offset past the end skips the same rows
      expect(errorOf(await strict.get('/v1/geo/cities?limit=100&offset=2000000000'))?.details['cost']).toBe('2500');
    } finally { await strict.close(); }
  });

  it('charges each request to the key\'s work budget: world-wide searches run out of it with 429 and Retry-After, in < 50 ms', async () => {
    const small = await startTestGateway({ workBudget: 3000 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await small.get(WORLD_KM)).status);
      expect(statuses[0]).toBe(200);
      expect(statuses).toContain(429);
      const r = await small.get(WORLD);
      expect(r.status).toBe(429);
      expect(errorOf(r)).toMatchObject({ code: 'ACCESS_DENIED', type: 'TENANT_BUDGET_EXHAUSTED', details: { budgetPerMinute: '3000' } });
      expect(Number(errorOf(r)?.details['retryAfterSeconds'])).toBeGreaterThan(0);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(r.headers.get('x-ratelimit-limit')).not.toBeNull(); // the rate limit admitted it; the work budget refused it
      expect(await medianInjectMs(small, WORLD, 429)).toBeLessThan(50);
      // the same key, the same budget over GraphQL: a world-wide search there does not fit either
      const gql = await small.send('POST', '/graphql', { query: '{ populatedPlaces(location: { latitude: 37.77, longitude: -122.42 }, radius: 12000, first: 100) { edges { node { id } } } }' });
      expect(gql.status).toBe(429);
      expect(gql.body.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', type: 'TENANT_BUDGET_EXHAUSTED' });
      // the budget is per key: the other gateway's key still gets its world-wide search
      expect((await g.get(WORLD)).status).toBe(200);
    } finally { await small.close(); }
  });

  it('caps the work one key has in progress: a burst past it is refused at once (429 TOO_MANY_IN_PROGRESS), and what it held is given back', async () => {
    const small = await startTestGateway({ workInFlight: 1000 }); // about one world-wide search of 100
    try {
      // different offsets, so no answer is kept and each goes to the core
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => small.get(`${WORLD}&offset=${i * 100}`)));
      const statuses = burst.map((r) => r.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(429);
      const refused = burst.find((r) => r.status === 429)!;
      expect(errorOf(refused)).toMatchObject({ code: 'ACCESS_DENIED', type: 'TOO_MANY_IN_PROGRESS', details: { inProgressMax: '1000' } });
      expect(refused.headers.get('retry-after')).toBe('1');
      // GraphQL counts against the same cap
      const q = (n: number) => ({ query: `{ populatedPlaces(location: { latitude: 37.77, longitude: -122.42 }, radius: 12000, first: 100, after: null, minPopulation: ${n}) { edges { node { id } } } }` });
      const gql = await Promise.all(Array.from({ length: 8 }, (_, i) => small.send('POST', '/graphql', q(1000 + i))));
      expect(gql.map((r) => r.status)).toContain(429);
      expect(gql.find((r) => r.status === 429)!.body.errors[0].extensions).toMatchObject({ code: 'ACCESS_DENIED', type: 'TOO_MANY_IN_PROGRESS' });
      // a kept answer makes no core call and is not held: a repeat (here as JSONP, which skips the fast path) goes
      // while another request holds the key's units
      const kept = '/v1/geo/countries?limit=5&sort=name';
      expect((await small.get(kept)).status).toBe(200);
      const [slow, again] = await Promise.all([small.get(`${WORLD}&offset=4000`), small.get(`${kept}&callback=cb`)]);
      expect(slow.status).toBe(200);
      expect(again.status, again.text.slice(0, 200)).toBe(200);
      expect(again.text).not.toContain('TOO_MANY_IN_PROGRESS');
      // once answered, the units are free again: one at a time always goes
      for (let i = 0; i < 3; i++) expect((await small.get(`${WORLD}&offset=${5000 + i * 100}`)).status).toBe(200);
    } finally { await small.close(); }
  });

  it('a key that spends its budget over GraphQL is refused over REST too', async () => {
    const small = await startTestGateway({ workBudget: 500 });
    try {
      const q = { query: '{ populatedPlaces(location: { latitude: 37.77, longitude: -122.42 }, radius: 150, first: 50) { totalCount edges { node { id } } } }' };
      let gqlStatus = 200;
      for (let i = 0; i < 6 && gqlStatus === 200; i++) gqlStatus = (await small.send('POST', '/graphql', q)).status;
      expect(gqlStatus).toBe(429);
      const r = await small.get(WORLD);
      expect(r.status).toBe(429);
      expect(errorOf(r)?.type).toBe('TENANT_BUDGET_EXHAUSTED');
    } finally { await small.close(); }
  });

  it('lists both refusals in the OpenAPI document', async () => {
    const doc = JSON.stringify((await g.get('/openapi.json')).body);
    expect(doc).toContain('QUERY_COST_EXCEEDED');
    expect(doc).toContain('TENANT_BUDGET_EXHAUSTED');
  });
});
