/**
 * A GraphQL document whose argument values nest lists or objects about a thousand deep can overflow graphql-js's
 * recursive parser before its maxTokens stops it (how deep depends on how warm the parser's code is). The gateway's
 * pricing parse caught the RangeError as "a syntax error", handed the document to mercurius, whose own parse
 * overflowed too, and the client got 400 "Maximum call stack size exceeded" with code PARAM_INVALID: the runtime's
 * words, not a limit. It is now refused as a limit, like the other documents over one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

let g: TestGateway;
beforeAll(async () => { g = await startTestGateway(); });
afterAll(async () => { await g?.close(); });

interface GraphqlAnswer { data?: unknown; errors?: { message: string; extensions?: { code?: string; type?: string } }[] }

async function post(query: string): Promise<{ status: number; json: GraphqlAnswer }> {
  const res = await fetch(`${g.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': g.key }, body: JSON.stringify({ query }) });
  return { status: res.status, json: (await res.json()) as GraphqlAnswer };
}

describe('GraphQL documents nesting values deeper than the parser can follow', () => {
  it('are refused as a limit (400 ACCESS_DENIED), never with the runtime\'s "Maximum call stack size exceeded"', async () => {
    const documents: string[] = [];
    // cold first: the parser's unoptimised frames are the largest, so its stack runs out soonest
    for (const n of [5000, 8000, 12_000, 3000, 2000, 1500, 1000]) {
      documents.push(`{ country(id: ${'['.repeat(n)}${']'.repeat(n)}) { name } }`);
      documents.push(`{ populatedPlaces(location: ${'{l:'.repeat(n)}1${'}'.repeat(n)}, first: 1) { totalCount } }`);
    }
    for (const query of documents) {
      const r = await post(query);
      const what = `${query.slice(0, 40)}… (${query.length} chars): ${JSON.stringify(r.json).slice(0, 200)}`;
      expect(r.status, what).toBe(400);
      expect(r.json.errors?.[0]?.message, what).not.toMatch(/call stack/i);
      expect(r.json.errors?.[0]?.extensions, what).toMatchObject({ code: 'ACCESS_DENIED', type: expect.stringMatching(/^(TOO_MANY_TOKENS|QUERY_TOO_DEEP)$/) });
    }
    // and the gateway still answers
    const ok = await post('{ country(id: "US") { code } }');
    expect(ok.status).toBe(200);
    expect(ok.json.data).toEqual({ country: { code: 'US' } });
  });
});
