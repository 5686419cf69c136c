/**
 * What mercurius does with a document beyond what the GraphQL text says (a sweep of the GraphQL surface, 2026-12-06):
 * a query text that parses as JSON was run as a ready-made document (AST), past every work limit and the budget (a
 * fragment bomb of 4 KB held the gateway's thread for 1.7 s, doubling per level); and a document of several operations
 * was compiled (JIT) for the operation of the run that compiled it, so `A` after a run of `B` answered B's data, kept
 * then for every client. And a page after a deep cursor was priced as a first page (the core skips the rows before it,
 * as for a REST offset, which is priced so).
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway({ graphqlMaxCost: 5000 }); }); // (a cost limit the cursor test can reach with 5 aliases)
afterAll(async () => { await g?.close(); });

type Answer = { data?: Record<string, { code: string } | null> | null; errors?: { message: string; extensions?: { code?: string } }[] };
async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Answer & Answer[] }> {
  const res = await fetch(`${g.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': g.key, ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: JSON.parse(await res.text()) as never };
}

describe('GraphQL documents', () => {
  it('refuses a query given as a parsed document (JSON), before anything runs', async () => {
    const ast = JSON.stringify(parse('{ country(id: "US") { code } }', { noLocation: true }));
    const bomb = JSON.stringify(parse(`{ ...F0 } ${Array.from({ length: 12 }, (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`).join(' ')} fragment F12 on Query { __typename }`, { noLocation: true }));
    for (const query of [ast, bomb, '{}', '[]']) {
      const r = await post({ query });
      expect(r.status, query.slice(0, 40)).toBe(400);
      expect(r.json.errors![0]!.extensions!.code).toBe('PARAM_INVALID');
      expect(r.json.errors![0]!.message).toMatch(/GraphQL source text/);
    }
    const get = await fetch(`${g.url}/graphql?query=${encodeURIComponent(ast)}`, { headers: { 'x-gateway-key': g.key } });
    expect(get.status).toBe(400);
  });

  it('runs the operation each request names, however often the document ran as another', async () => {
    const query = `query A { country(id: "DK") { code } } query B { country(id: "FI") { code } } # ${Date.now()}`;
    const codes: string[] = [];
    for (const op of ['A', 'B', 'A', 'B', 'A', 'B', 'A']) {
      const r = await post({ query, operationName: op, variables: { n: codes.length } });
      expect(r.status).toBe(200);
      codes.push(r.json.data!['country']!.code);
    }
    expect(codes).toEqual(['DK', 'FI', 'DK', 'FI', 'DK', 'FI', 'DK']);
    // in a batch too, and without a name the document is refused as graphql-js refuses it
    const batch = await post([{ query, operationName: 'A' }, { query, operationName: 'B' }, { query, operationName: 'A' }]);
    expect(batch.json.map((a) => a.data!['country']!.code)).toEqual(['DK', 'FI', 'DK']);
    for (let i = 0; i < 3; i++) {
      const none = await post({ query });
      expect(none.json.errors?.[0]?.message, JSON.stringify(none.json)).toMatch(/operation name/i);
    }
  });

  it('refuses an operationName a one-operation document lacks, however often the document ran (compiled) before', async () => {
    const query = `{ country(id: "NO") { code } } # ${Date.now()}`;
    // a batch runs the document twice: mercurius compiles it (JIT), after which a wrong name had been answered with data
    expect((await post([{ query }, { query }])).json.map((a) => a.data!['country']!.code)).toEqual(['NO', 'NO']);
    for (const body of [{ query, operationName: 'nope' }, { query, operationName: 'nope' }]) {
      const r = await post(body);
      expect(r.status).toBe(400);
      expect(r.json.errors![0]!.message).toBe('Unknown operation named "nope".');
    }
    const named = `query Q { country(id: "SE") { code } } # ${Date.now()}`;
    for (let i = 0; i < 3; i++) expect((await post({ query: named, operationName: 'Q' })).json.data!['country']!.code).toBe('SE');
    expect((await post({ query: named, operationName: 'R' })).status).toBe(400);
    expect((await post([{ query: named, operationName: 'R' }])).json[0]!.errors!.length).toBeGreaterThan(0);
  });

  it('prices a page after a cursor as the rows it skips, before the cursor is checked', async () => {
    const aliases = (position: number) => `{ ${Array.from({ length: 5 }, (_, i) => `a${i}: populatedPlaces(first: 10, minPopulation: ${i}, after: "${position.toString(36)}.AAAAAAAAAAAA") { edges { node { id } } }`).join(' ')} }`;
    const deep = await post({ query: aliases(190_000) });
    expect(deep.status).toBe(400);
    expect(deep.json.errors![0]!.message).toMatch(/query cost/);
    // near the start the same query is cheap, and its forged cursors are the resolver's to refuse
    const near = await post({ query: aliases(10) });
    expect(near.json.errors![0]!.extensions!.code).toBe('PARAM_INVALID');
    expect(near.json.errors![0]!.message).toMatch(/not a cursor/);
  });

  it('a batch is answered 200 with each item\'s errors, and its introspections count together', async () => {
    const batch = await post([{ query: '{ country(id: "FR") { code } }' }, { query: 'mutation { x }' }, { query: '{ country(id: "DE") { code } }', operationName: 'Nope' }, { query: '{ oops' }]);
    expect(batch.status).toBe(200);
    expect(batch.json[0]!.data!['country']!.code).toBe('FR');
    for (const item of batch.json.slice(1)) expect(item.errors?.length).toBeGreaterThan(0);
    const introspect = await post(Array.from({ length: 3 }, () => ({ query: '{ __schema { queryType { name } } }' })));
    expect(introspect.status).toBe(400);
    expect(introspect.json.errors![0]!.message).toMatch(/__schema or __type/);
    expect((await post([{ query: '{ __schema { queryType { name } } }' }, { query: '{ __type(name: "Query") { name } }' }])).status).toBe(200);
  });

  it('answers an automatic persisted query (a hash, no document) as Apollo expects, so its link sends the document', async () => {
    const hash = { persistedQuery: { version: 1, sha256Hash: 'ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38' } };
    const viaPost = await post({ extensions: hash });
    const viaGet = await fetch(`${g.url}/graphql?extensions=${encodeURIComponent(JSON.stringify(hash))}`, { headers: { 'x-gateway-key': g.key } });
    // in a batch (Apollo's BatchHttpLink): the same answer, where the body had been refused as malformed
    const viaBatch = await post([{ extensions: hash }, { query: '{ country(id: "FR") { code } }' }]);
    for (const answer of [viaPost.json, JSON.parse(await viaGet.text()) as Answer, viaBatch.json]) {
      expect(answer.errors![0]).toMatchObject({ message: 'PersistedQueryNotSupported', extensions: { code: 'PARAM_INVALID', type: 'PERSISTED_QUERY_NOT_SUPPORTED' } });
    }
    // a GET with the document twice is told so, not that it lacks one
    const twice = JSON.parse(await (await fetch(`${g.url}/graphql?query=a&query=b`, { headers: { 'x-gateway-key': g.key } })).text()) as Answer;
    expect(twice.errors![0]!.message).toBe('query was given 2 times; give it once');
    // one field asked 750 times side by side: graphql-js gives up comparing them ("Validation aborted."); said plainly
    const repeated = await post({ query: `{ country(id: "US") { ${'name '.repeat(750)}} }` });
    expect(repeated.status).toBe(400);
    expect(repeated.json.errors![0]).toMatchObject({ extensions: { code: 'PARAM_INVALID', type: 'QUERY_TOO_COMPLEX' } });
    expect(repeated.json.errors![0]!.message).toMatch(/ask for each field once/);
    // with the document as well, the hash is ignored and the query runs
    expect((await post({ query: '{ country(id: "DK") { code } }', extensions: hash })).json.data).toEqual({ country: { code: 'DK' } });
  });
});
