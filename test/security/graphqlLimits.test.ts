/**
 * GraphQL limits by work: documents that would keep the core or the gateway
 * busy are refused before anything runs, fast (< 50 ms), with
 * extensions.code and a type naming the limit, and the gateway's event loop
 * stays responsive (lag < 100 ms, measured with monitorEventLoopDelay in this
 * process, where the gateway runs) while such requests keep arriving.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

async function post(gw: TestGateway, body: string | object): Promise<{ status: number; ms: number; json: { data?: unknown; errors?: { message: string; extensions?: { code?: string; type?: string } }[] } }> {
  const started = performance.now();
  const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': gw.key }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, json: JSON.parse(text) as never };
}

const sf = '{ latitude: 37.7749, longitude: -122.4194 }';
const attacks: Record<string, { body: () => string; status: number; type: string }> = {
  '500 aliased radius searches': { body: () => JSON.stringify({ query: `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: populatedPlaces(location: ${sf}, radius: 12000, first: 100) { totalCount }`).join(' ')} }` }), status: 400, type: 'TOO_MANY_TOKENS|TOO_MANY_ALIASES' },
  '40 aliased world-wide radius searches (under the alias cap)': { body: () => JSON.stringify({ query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: populatedPlaces(location: ${sf}, radius: 12000, first: 100) { totalCount edges { node { id } } }`).join(' ')} }` }), status: 400, type: 'QUERY_COST_EXCEEDED' },
  // first and last together: priced as a page of `first` alone (0), four levels ran 83,521 objects for 438 units
  'first: 0 with last: 100, four levels deep': { body: () => JSON.stringify({ query: `{ populatedPlaces(minPopulation: 10000000, first: 0, last: 100) { edges { node { id ${'nearbyPopulatedPlaces(radius: 20000, minPopulation: 10000000, first: 0, last: 100) { edges { node { id '.repeat(3)} name ${'} } } '.repeat(3)} } } } }` }), status: 400, type: 'QUERY_COST_EXCEEDED' },
  // a radius in a variable's default was priced as the default radius (100 miles): 45 world-wide scans for ~1,300 units
  '45 world-wide radius searches with the radius as a variable default': { body: () => JSON.stringify({ query: `query ($r: Float = 20000) { ${Array.from({ length: 45 }, (_, i) => `a${i}: populatedPlaces(location: { latitude: 0, longitude: 0 }, radius: $r, first: 1, sort: "-elevation") { totalCount }`).join(' ')} }` }), status: 400, type: 'QUERY_COST_EXCEEDED' },
  // the flag was free: 100 places × 55 neighbours each with its country's flag (137 KB for Bolivia) made a ~750 MB
  // answer and 2 GB of RSS for 23,311 units
  'a country flag in each of 5,500 nested places': { body: () => JSON.stringify({ query: '{ country(id: "BO") { populatedPlaces(first: 100) { edges { node { nearbyPopulatedPlaces(first: 55, radius: 300, countryIds: ["BO"]) { edges { node { country { flagImageUri } } } } } } } } }' }), status: 400, type: 'QUERY_COST_EXCEEDED' },
  // a field that calls the core for each object was free: 23,433 core calls for 2,465 units
  '44 aliased distances to other places in each of 500 places': { body: () => JSON.stringify({ query: `{ populatedPlaces(minPopulation: 1000000, first: 5) { edges { node { nearbyPopulatedPlaces(first: 100, radius: 500) { edges { node { dateTime time locatedIn { id } ${Array.from({ length: 44 }, (_, i) => `d${i}: distance(toPlaceId: "${5128581 + i}")`).join(' ')} } } } } } } }` }), status: 400, type: 'QUERY_COST_EXCEEDED' },
  'too many tokens': { body: () => JSON.stringify({ query: `{ ${'__typename '.repeat(2001)}}` }), status: 400, type: 'TOO_MANY_TOKENS' },
  'too deep': { body: () => JSON.stringify({ query: `{ country(id: "US") { ${'regions(first: 1) { edges { node { country { '.repeat(6)} code ${'} } } } '.repeat(6)} } }` }), status: 400, type: 'QUERY_TOO_DEEP' },
  // through introspection too (mercurius's own depth check answered it PARAM_INVALID, without a type)
  'introspection nested 16 deep': { body: () => JSON.stringify({ query: `{ __type(name: "Query") { ${'ofType { '.repeat(16)} name ${'} '.repeat(16)} } }` }), status: 400, type: 'QUERY_TOO_DEEP' },
  'too many fragments': { body: () => JSON.stringify({ query: `{ __typename } ${Array.from({ length: 60 }, (_, i) => `fragment f${i} on Query { __typename }`).join(' ')}` }), status: 400, type: 'TOO_MANY_FRAGMENTS' },
  'fragments that expand exponentially': { body: () => JSON.stringify({ query: `{ ...f0 } ${Array.from({ length: 20 }, (_, i) => `fragment f${i} on Query { country(id: "US") { code } ...f${i + 1} ...f${i + 1} }`).join(' ')} fragment f20 on Query { __typename }`.replace(/\.\.\.f(\d+) \.\.\.f\1/g, (_m, n: string) => `a: country(id: "US") { ...c${n} } b: country(id: "US") { ...c${n} }`) }), status: 400, type: '' },
  'three introspection roots (each is the schema, tens of KB)': { body: () => JSON.stringify({ query: `{ ${Array.from({ length: 3 }, (_, i) => `s${i}: __schema { types { name fields { name args { name } } } }`).join(' ')} }` }), status: 400, type: 'TOO_MANY_INTROSPECTIONS' },
  'a batch of 11 operations': { body: () => JSON.stringify(Array.from({ length: 11 }, () => ({ query: '{ __typename }' }))), status: 400, type: 'TOO_MANY_OPERATIONS' },
};

describe('GraphQL limits by work', () => {
  for (const [name, a] of Object.entries(attacks)) {
    if (!a.type) continue;
    it(`refuses ${name} before execution, in < 50 ms, with extensions.code`, async () => {
      const body = a.body();
      const r = await post(g, body);
      expect(r.status, JSON.stringify(r.json).slice(0, 300)).toBe(a.status);
      expect(r.json.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED', type: expect.stringMatching(new RegExp(`^(${a.type})$`)) });
      // the gateway's own time to refuse (in-process inject: no client or socket time), median of five
      // because the machine is shared and one sample can wait for the scheduler
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await g.gateway.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', 'x-gateway-key': g.key }, payload: body });
        times.push(performance.now() - started);
        expect(res.statusCode).toBe(a.status);
      }
      expect(times.sort((x, y) => x - y)[2]).toBeLessThan(50);
    });
  }

  it('refuses a 9.9 MB document by its Content-Length, before reading it, in < 50 ms', async () => {
    const { port } = new URL(g.url);
    const started = performance.now();
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        // headers only: the answer must come without the body being sent
        socket.write(`POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nx-gateway-key: ${g.key}\r\ncontent-length: ${9_900_000}\r\n\r\n{"query":"{ a0: __typename`);
      });
      let got = '';
      socket.on('data', (b: Buffer) => { got += b.toString(); if (got.includes('\r\n\r\n') && got.includes('}')) { socket.destroy(); resolve(got); } });
      socket.on('error', reject);
      socket.on('close', () => resolve(got));
    });
    const ms = performance.now() - started;
    expect(head).toMatch(/^HTTP\/1\.1 413/);
    expect(head).toContain('"type":"DOCUMENT_TOO_LARGE"');
    expect(head).toContain('"code":"ACCESS_DENIED"');
    expect(ms).toBeLessThan(50);
  });

  it('refuses a body found too large only as it is read (gzip, chunked) the same way, on /graphql and on GeoDB\'s POST /', async () => {
    const body = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(200_000) } }); // 200 KB, over the 128 KiB body limit
    for (const path of ['/graphql', '/']) {
      for (const [how, init] of [
        ['gzip', { body: gzipSync(body), headers: { 'content-encoding': 'gzip' } }],
        ['chunked', { body: Readable.toWeb(Readable.from([body.slice(0, 100_000), body.slice(100_000)])), duplex: 'half', headers: {} }],
      ] as const) {
        const res = await fetch(g.url + path, { method: 'POST', ...init, headers: { ...init.headers, 'content-type': 'application/json', 'x-gateway-key': g.key } } as RequestInit);
        const json = (await res.json()) as { data: null; errors: { message: string; extensions: Record<string, string> }[] };
        expect(res.status, `${path} ${how}`).toBe(413);
        expect(json.errors[0]!.extensions, `${path} ${how}`).toEqual({ code: 'ACCESS_DENIED', type: 'DOCUMENT_TOO_LARGE' }); // was PARAM_INVALID "Request body is too large"
        expect(json.errors[0]!.message).toMatch(/over 131072 bytes/);
      }
    }
  });

  it('still answers legitimate queries, priced by their work', async () => {
    const r = await post(g, { query: `{ near: populatedPlaces(location: ${sf}, radius: 50, first: 20) { totalCount edges { node { id } } } pre: populatedPlaces(namePrefix: "San Fr", first: 5) { edges { node { name } } } }` });
    expect(r.status).toBe(200);
    expect(r.json.errors).toBeUndefined();
  });

  it('keeps the event loop lag under 100 ms while over-budget requests keep arriving', { timeout: 60_000 }, async () => {
    // the attackers run on a worker thread, so that this thread's event loop is the gateway's alone
    const bodies = [...Object.values(attacks).filter((a) => a.type).map((a) => a.body()),
      JSON.stringify({ query: `{ ${Array.from({ length: 500_000 }, (_, i) => `a${i}: __typename`).join(' ')} }` })]; // 9.9 MB
    const attacker = new Worker(`
      const { parentPort, workerData } = require('node:worker_threads');
      (async () => {
        const until = Date.now() + 3000; let refused = 0; let other = 0;
        await Promise.all(Array.from({ length: 4 }, async (_, w) => {
          for (let i = w; Date.now() < until; i++) {
            try {
              const res = await fetch(workerData.url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': workerData.key }, body: workerData.bodies[i % workerData.bodies.length] });
              await res.text();
              if (res.status === 400 || res.status === 413) refused++; else other++;
            } catch { refused++; /* the gateway may close a connection whose body it refused unread */ }
          }
        }));
        parentPort.postMessage({ refused, other });
      })();
    `, { eval: true, workerData: { url: g.url, key: g.key, bodies } });
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const result = await new Promise<{ refused: number; other: number }>((resolve, reject) => { attacker.once('message', resolve); attacker.once('error', reject); });
    h.disable();
    await attacker.terminate();
    expect(result.refused).toBeGreaterThan(20);
    expect(result.other).toBe(0);
    // p99, not max: on a shared 2-core machine a single sample can include the OS not scheduling this thread at all
    expect(h.percentile(99) / 1e6, `event-loop lag p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms over ${result.refused} refusals`).toBeLessThan(100);
  });

  it('charges each key its own budget per minute: 429 TENANT_BUDGET_EXHAUSTED with Retry-After', async () => {
    const small = await startTestGateway({ workBudget: 300 });
    try {
      const q = { query: `{ populatedPlaces(location: ${sf}, radius: 300, first: 50) { edges { node { id } } } }` };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await post(small, q)).status);
      expect(statuses[0]).toBe(200);
      expect(statuses).toContain(429);
      const r = await post(small, q);
      expect(r.json.errors?.[0]?.extensions).toMatchObject({ code: 'ACCESS_DENIED', type: 'TENANT_BUDGET_EXHAUSTED' });
      // another gateway key (another tenant) is not affected: the budget is per key, and the first gateway still answers
      expect((await post(g, q)).status).toBe(200);
    } finally { await small.close(); }
  });

  it("answers GraphiQL's own introspection query (15 levels deep, the maximum), and a chain of 40 fragments each spreading the next twice under __schema at once", async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const full = await post(g, { query: getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }) });
    expect(full.status, JSON.stringify(full.json).slice(0, 300)).toBe(200);
    // (the introspection depth walk was exponential in it: 23 fragments held the gateway 34 s)
    const chain = `{ __schema { types { ...t0 } } } ${Array.from({ length: 40 }, (_, i) => `fragment t${i} on __Type { ...t${i + 1} ...t${i + 1} }`).join(' ')} fragment t40 on __Type { name }`;
    const started = performance.now();
    const r = await post(g, { query: chain });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.status).toBe(200);
  });

  it('does not charge a query it refuses for its price: 20 refusals leave the budget whole', async () => {
    const small = await startTestGateway({ workBudget: 300 });
    try {
      const dear = attacks['40 aliased world-wide radius searches (under the alias cap)']!.body();
      for (let i = 0; i < 20; i++) expect((await post(small, dear)).json.errors?.[0]?.extensions?.type).toBe('QUERY_COST_EXCEEDED');
      expect((await post(small, { query: `{ populatedPlaces(location: ${sf}, radius: 300, first: 50) { edges { node { id } } } }` })).status).toBe(200);
    } finally { await small.close(); }
  });
});
