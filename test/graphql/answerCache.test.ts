/**
 * GraphQL answers kept by their request (gateway/keptAnswers.ts, keyed and timed by gateway/graphql/answerCache.ts),
 * through the real gateway and core: a
 * repeated query over reference data is answered with the same bytes and headers without calling the core, and
 * still pays its rate limit; answers that tell the time, answers with errors, other variables, other operations
 * and batches are run each time. The store's own bounds and lifetimes are checked in test/rest/keptAnswers.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreCallsDuring, startTestGateway, steadyHeaders, type TestGateway } from '../support/gateway.js';
import { AnswerLifetime, graphqlAnswerKey } from '../../gateway/graphql/answerCache.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway({ maxLimit: 100 }); });
afterAll(async () => { await gw.close(); });

interface Answer { status: number; text: string; headers: Headers }
async function post(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Gateway-Key': gw.key, ...headers }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text(), headers: res.headers };
}
const coreCalls = (run: () => Promise<unknown>): Promise<string[]> => coreCallsDuring(gw, run);
const headersOf = steadyHeaders;

describe('the GraphQL answer cache', () => {
  const Q = `query($p: String, $n: Int) { populatedPlaces(namePrefix: $p, first: $n) { totalCount edges { cursor node { id name country { name } region { name } } } } }`;

  it('answers a repeated reference query with the same bytes and headers, without the core, and still counts it against the rate limit', async () => {
    const body = { query: Q, variables: { p: 'Reykj', n: 3 } };
    let first!: Answer, second!: Answer;
    expect((await coreCalls(async () => { first = await post(body); })).length).toBeGreaterThan(0);
    expect(await coreCalls(async () => { second = await post(body); })).toEqual([]);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).data.populatedPlaces.edges.length).toBeGreaterThan(0);
    expect(second.text).toBe(first.text);
    expect(headersOf(second.headers)).toEqual(headersOf(first.headers));
    const remaining = (a: Answer) => Number(a.headers.get('x-ratelimit-remaining'));
    expect(first.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(remaining(second)).toBeLessThan(remaining(first));
    // compressed for a client that asks, from the same kept text
    const gz = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-Gateway-Key': gw.key, 'accept-encoding': 'gzip' }, body: JSON.stringify(body) });
    expect(await gz.text()).toBe(first.text);
  });

  it('keys by variables, operation name and document text', async () => {
    const a = await post({ query: Q, variables: { p: 'Reykj', n: 2 } });
    const b = await post({ query: Q, variables: { p: 'Akur', n: 2 } });
    expect(a.text).not.toBe(b.text);
    const two = `query A { populatedPlaces(namePrefix: "Reykj", first: 1) { totalCount } } query B { populatedPlaces(namePrefix: "New", first: 1) { totalCount } }`;
    const ra = await post({ query: two, operationName: 'A' });
    const rb = await post({ query: two, operationName: 'B' });
    expect(JSON.parse(ra.text).data.populatedPlaces.totalCount).not.toBe(JSON.parse(rb.text).data.populatedPlaces.totalCount);
    expect(await coreCalls(() => post({ query: two, operationName: 'A' }))).toEqual([]);
    expect((await post({ query: two, operationName: 'A' })).text).toBe(ra.text);
  });

  it('runs every time what tells the time, what failed, and batches', async () => {
    const time = { query: `{ populatedPlace(id: "5391959") { name dateTime } }` };
    await post(time);
    expect(await coreCalls(() => post(time))).toContain('GetCityDateTime');
    const deletedSince = { query: `{ populatedPlaces(namePrefix: "Reykj", first: 1, includeDeleted: SINCE_YESTERDAY) { totalCount } }` };
    expect((await post(deletedSince)).status).toBe(200);
    expect((await coreCalls(() => post(deletedSince))).length).toBeGreaterThan(0);
    const missing = { query: `{ populatedPlace(id: "999999999") { name } }` };
    const m1 = await post(missing);
    expect(JSON.parse(m1.text).errors?.[0]?.extensions?.code).toBe('ENTITY_NOT_FOUND');
    expect((await coreCalls(() => post(missing))).length).toBeGreaterThan(0);
    const batch = [{ query: `{ populatedPlaces(namePrefix: "Reykj", first: 1) { totalCount } }` }];
    await post(batch);
    expect((await coreCalls(() => post(batch))).length).toBeGreaterThan(0);
  });

  it('is refused by the key check and work limits as before: no key, no answer', async () => {
    const body = { query: Q, variables: { p: 'Reykj', n: 3 } };
    await post(body);
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(401);
  });
});

describe('the GraphQL key and lifetime', () => {
  it('keys what changes an answer and refuses what is never kept', () => {
    expect(graphqlAnswerKey('POST', [{ query: '{a}' }])).toBeUndefined();
    expect(graphqlAnswerKey('POST', { variables: {} })).toBeUndefined();
    const k = (v: unknown, op?: string) => graphqlAnswerKey('POST', { query: '{a}', variables: v, operationName: op });
    expect(k({ x: 1 })).not.toBe(k({ x: 2 }));
    expect(k({ x: 1 }, 'A')).not.toBe(k({ x: 1 }, 'B'));
    expect(graphqlAnswerKey('GET', { query: '{a}', variables: '{"x":1}' })).not.toBe(k({ x: 1 }));
    // an operation named "" is not a missing name (graphql-js looks for one of that name and refuses the request)
    expect(k({ x: 1 }, '')).not.toBe(k({ x: 1 }));
    expect(graphqlAnswerKey('POST', { query: '{a}', operationName: null })).toBe(graphqlAnswerKey('POST', { query: '{a}' }));
  });

  it('a lifetime is the smallest max-age of its core calls, and none without a call', () => {
    const l = new AnswerLifetime();
    expect(l.keepSeconds).toBe(0);
    l.called(3600); l.called(600);
    expect(l.keepSeconds).toBe(600);
    l.called(undefined);
    expect(l.keepSeconds).toBe(0);
  });
});
