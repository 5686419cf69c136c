/**
 * A repeated GraphQL POST whose answer is kept is answered before Fastify (gateway/graphql/keptPosts.ts), its body
 * read first: the client gets the bytes and headers Fastify's path gives the same request (app.inject goes through
 * Fastify only), without a core call; a body that is not kept, or refused, reaches Fastify whole; the rate limit and
 * the work budget count it once; a key that fails is refused as before. The real core and gateway on ephemeral ports.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreCallsDuring, eventually, startTestGateway, type TestGateway } from '../support/gateway.js';
import { keptCaches } from '../../lib/boundedCache.js';
import { KeptAnswers } from '../../gateway/keptAnswers.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

const BY_ID = 'query ById($id:ID!){ populatedPlace(id:$id){ id name countryCode population } }';
const body = (id: string, query = BY_ID): string => JSON.stringify({ query, variables: { id } });
/** Headers that change from one request to the next, or with the connection (light-my-request has none). */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'x-ratelimit-remaining', 'x-ratelimit-requests-remaining', 'x-ratelimit-reset', 'x-request-id']);
const steady = (h: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(h).filter(([k]) => !VARYING.has(k)));

interface Answer { status: number; headers: Record<string, unknown>; body: string }

/** The test gateway's store of kept answers (the one KeptAnswers this file's process built with its budget). */
function keptStore(): KeptAnswers {
  const stores = keptCaches().map((c) => c.cache).filter((c): c is KeptAnswers => c instanceof KeptAnswers);
  expect(stores).toHaveLength(1);
  return stores[0]!;
}

/** A POST over a real connection (through the gateway's request listener), `payload` sent with its Content-Length. */
function post(base: string, path: string, payload: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const req = request(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes.length), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

async function throughFastify(path: string, payload: string | Buffer, headers: Record<string, string>): Promise<Answer> {
  const r = await g.gateway.app.inject({ method: 'POST', url: path, payload, headers: { 'content-type': 'application/json', ...headers } });
  return { status: r.statusCode, headers: r.headers, body: r.body };
}

describe('kept GraphQL answers replied to before Fastify', () => {
  it('carry the bytes and headers Fastify gives the same request, and call no core method', async () => {
    for (const [path, payload, extra] of [
      ['/graphql', body('2867714'), {}],
      ['/graphql', body('2867714'), { 'content-type': 'application/json; charset=utf-8' }],
      ['/graphql', JSON.stringify({ query: BY_ID, variables: { id: '2867714' }, operationName: 'ById' }), {}],
      ['/', body('3413829'), {}],
      ['/graphql', body('3413829'), { origin: 'https://app.example', 'accept-encoding': 'gzip' }],
      ['/graphql', JSON.stringify({ query: '{ country(id:"IS"){ name currencyCodes } }' }), {}],
    ] as [string, string, Record<string, string>][]) {
      const headers = { 'x-gateway-key': g.key, ...extra };
      const first = await post(g.url, path, payload, headers); // run, and kept
      let again!: Answer;
      let third!: Answer; // the second repeat is found by its body text (keptPosts.ts BODY_KEY)
      let aliased: string | Buffer | undefined;
      const calls = await coreCallsDuring(g, async () => {
        again = await post(g.url, path, payload, headers);
        aliased = keptStore().get(`graphql-body\u0000${payload}`)?.body; // left by the repeat answered here
        third = await post(g.url, path, payload, headers);
      });
      expect(aliased?.toString(), payload).toBe(first.body);
      const fastify = await throughFastify(path, payload, headers);
      expect(first.status, payload).toBe(200);
      expect(JSON.parse(first.body).errors, payload).toBeUndefined();
      expect(calls, payload).toEqual([]);
      expect(again.status, payload).toBe(200);
      expect(again.body, payload).toBe(first.body);
      expect(fastify.body, payload).toBe(first.body);
      expect(steady(again.headers), payload).toEqual(steady(fastify.headers));
      expect(steady(again.headers), payload).toEqual(steady(first.headers));
      expect([third.status, third.body], payload).toEqual([200, first.body]);
      expect(steady(third.headers), payload).toEqual(steady(again.headers));
    }
  });

  it('hand a body that is not kept, or is refused, to Fastify whole', async () => {
    const headers = { 'x-gateway-key': g.key };
    for (const payload of [
      body('2950159'), // not kept yet: run, from the body read before Fastify
      JSON.stringify({ query: '{ populatedPlace(id:"0"){ id } }' }), // an answer with an error is never kept
      '{"query": "{ country(id:\\"IS\\"){ name } }", ', // not JSON
      JSON.stringify({ query: '{ country(id:"IS"){ name } }', variables: 5 }),
      '{"query":"{ country(id:\\"IS\\"){ name } }","__proto__":{"x":1}}',
      Buffer.from([0x7b, 0x22, 0x71, 0xe9, 0x22, 0x3a, 0x31, 0x7d]), // not UTF-8
    ]) {
      const label = payload.toString();
      const sent = await post(g.url, '/graphql', payload, headers);
      const again = await post(g.url, '/graphql', payload, headers);
      const fastify = await throughFastify('/graphql', payload, headers);
      expect(sent.status, label).toBe(fastify.status);
      expect(again.status, label).toBe(fastify.status);
      // (compared as JSON: graphql-jit, which runs a document from its second run on, orders errors before data)
      const parsed = (text: string): unknown => { try { return JSON.parse(text); } catch { return text; } };
      expect(parsed(sent.body), label).toEqual(parsed(fastify.body));
      expect(steady(again.headers), label).toEqual(steady(fastify.headers));
    }
    const ran = JSON.parse((await post(g.url, '/graphql', body('2950159'), headers)).body);
    expect(ran.data.populatedPlace.name).toBe('Berlin');
  });

  it('refuse variables given as JSON text on a POST, as Fastify does, even when the object form is kept', async () => {
    const headers = { 'x-gateway-key': g.key };
    expect((await post(g.url, '/graphql', body('2867714'), headers)).status).toBe(200); // kept
    for (const payload of [JSON.stringify({ query: BY_ID, variables: JSON.stringify({ id: '2867714' }) }), JSON.stringify({ query: '{ country(id:"IS"){ name } }', variables: '' })]) {
      await post(g.url, '/graphql', JSON.stringify({ query: '{ country(id:"IS"){ name } }' }), headers); // kept, no variables
      const sent = await post(g.url, '/graphql', payload, headers);
      const fastify = await throughFastify('/graphql', payload, headers);
      expect(sent.status, payload).toBe(400);
      expect(sent.body, payload).toBe(fastify.body);
    }
  });

  it('count once against the rate limit, and are refused past it as Fastify refuses', async () => {
    const { key } = await g.gateway.keyStore.create({ name: 'three a minute', scopes: ['geo:read'], rateLimit: 3 });
    await eventually(async () => g.gateway.keyRing.check(key).ok);
    const payload = body('2643743');
    await post(g.url, '/graphql', payload, { 'x-gateway-key': g.key }); // kept by another key
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await post(g.url, '/graphql', payload, { 'x-gateway-key': key });
      expect(r.status).toBe(200);
      seen.push(String(r.headers['x-ratelimit-remaining']));
    }
    expect(seen).toEqual(['2', '1', '0']);
    const over = await post(g.url, '/graphql', payload, { 'x-gateway-key': key });
    expect(over.status).toBe(429);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');
    const viaFastify = await throughFastify('/graphql', payload, { 'x-gateway-key': key });
    expect(viaFastify.status).toBe(429);
    expect(over.body).toBe(viaFastify.body);
    expect(steady(over.headers)).toEqual(steady(viaFastify.headers));
  });

  it('refuse a missing, unknown or out-of-scope key as Fastify does', async () => {
    const payload = body('2988507');
    await post(g.url, '/graphql', payload, { 'x-gateway-key': g.key });
    const { key: sentimentOnly } = await g.gateway.keyStore.create({ name: 'sentiment only', scopes: ['sentiment:read'] });
    await eventually(async () => g.gateway.keyRing.check(sentimentOnly).ok);
    for (const [headers, status] of [[{}, 401], [{ 'x-gateway-key': 'mrd_nope' }, 401], [{ 'x-gateway-key': sentimentOnly }, 403]] as [Record<string, string>, number][]) {
      const r = await post(g.url, '/graphql', payload, headers);
      const viaFastify = await throughFastify('/graphql', payload, headers);
      expect(r.status).toBe(status);
      expect(r.body).toBe(viaFastify.body);
      expect(steady(r.headers)).toEqual(steady(viaFastify.headers));
    }
  });
});

describe('kept GraphQL answers and GraphQL\'s body limit', () => {
  let small: TestGateway;
  beforeAll(async () => { small = await startTestGateway({ graphqlMaxBytes: 1024 }); });
  afterAll(async () => { await small?.close(); });

  it('refuse a body over the limit (413) though its query is kept, as Fastify does', async () => {
    const headers = { 'x-gateway-key': small.key };
    expect((await post(small.url, '/graphql', body('2867714'), headers)).status).toBe(200); // kept
    const padded = body('2867714').replace('{', `{${' '.repeat(3000)}`); // the same request, 3 KB over 2 × 1,024 bytes
    const sent = await post(small.url, '/graphql', padded, headers);
    const fastify = await small.gateway.app.inject({ method: 'POST', url: '/graphql', payload: padded, headers: { 'content-type': 'application/json', ...headers } });
    expect(sent.status).toBe(413);
    expect(sent.body).toBe(fastify.body);
  });
});

describe('kept GraphQL answers and the work budget', () => {
  let b: TestGateway;
  beforeAll(async () => { b = await startTestGateway({ workBudget: 3 }); });
  afterAll(async () => { await b?.close(); });

  it('are charged their price, and refused past the budget with the rate limit counted once', async () => {
    const payload = body('2867714');
    const statuses: number[] = [];
    const remaining: number[] = [];
    let last!: Answer;
    for (let i = 0; i < 5; i++) {
      last = await post(b.url, '/graphql', payload, { 'x-gateway-key': b.key });
      statuses.push(last.status);
      remaining.push(Number(last.headers['x-ratelimit-remaining']));
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe((remaining[i - 1] as number) - 1);
    expect(JSON.stringify(JSON.parse(last.body).errors[0])).toContain('TENANT_BUDGET_EXHAUSTED');
  });
});
