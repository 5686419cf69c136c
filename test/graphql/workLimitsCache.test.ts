/**
 * The work limits keep each document they saw (workLimits.ts): a repeated document must be priced exactly as a
 * fresh one, with each request's own variables, and refused the same way every time. Checked against a second
 * GraphqlWorkLimits that never saw the documents before (the real schema, a real per-key budget).
 */
import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE } from '../../gateway/graphql/plugin.js';
import { GraphqlWorkLimits, LimitRefusal, type WorkLimits } from '../../gateway/graphql/workLimits.js';
import { WorkBudget } from '../../gateway/workPricing.js';

const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
const LIMITS: WorkLimits = { maxBytes: 65_536, maxTokens: 2000, maxAliases: 50, maxDepth: 15, maxFragments: 50, maxOperations: 10, maxCost: 5000, maxPage: 100 };
const limits = (budget = 0, maxCost = LIMITS.maxCost) => new GraphqlWorkLimits(() => schema, { ...LIMITS, maxCost }, new WorkBudget(budget));
/** The cost, or the refusal's type. */
const outcome = (w: GraphqlWorkLimits, payload: unknown): number | string => {
  try { return w.admit(payload, 'key'); } catch (e) { if (e instanceof LimitRefusal) return e.type; throw e; }
};

const NEAR = 'query Near($r: Float!, $n: Int!) { populatedPlaces(location: {latitude: 40.7, longitude: -74}, radius: $r, first: $n) { totalCount edges { node { name } } } }';

describe('the work limits\' document cache', () => {
  it('prices a repeated document with each request\'s variables, as a limits object that never saw it does', () => {
    const kept = limits();
    const cases = [{ r: 10, n: 5 }, { r: 500, n: 5 }, { r: 10, n: 100 }, { r: 20_000, n: 100 }, { r: 10, n: 5 }];
    const seen = cases.map((v) => outcome(kept, { query: NEAR, variables: v }));
    const fresh = cases.map((v) => outcome(limits(), { query: NEAR, variables: v }));
    expect(seen).toEqual(fresh);
    // the variables change the price (a cached first price would have answered them all alike)
    expect(new Set(seen).size).toBe(4);
    expect(Number(seen[3])).toBeGreaterThan(Number(seen[0]));
    // and so whether it is refused: under a maximum between the cheapest and the dearest
    const capped = limits(0, (Number(seen[0]) + Number(seen[3])) / 2);
    const verdicts = cases.map((v) => outcome(capped, { query: NEAR, variables: v }));
    expect(verdicts[0]).toBe(seen[0]);
    expect(verdicts[3]).toBe('QUERY_COST_EXCEEDED');
    expect(verdicts[4]).toBe(seen[0]);
    // GET's variables, as JSON text, the same
    expect(outcome(kept, { query: NEAR, variables: JSON.stringify(cases[1]) })).toBe(seen[1]);
  });

  it('prices a document without variables once and answers its repeats the same, charging the budget every time', () => {
    const query = '{ populatedPlaces(namePrefix: "Spr", first: 20) { totalCount edges { node { name country { name } } } } }';
    const cost = outcome(limits(), { query });
    expect(typeof cost).toBe('number');
    const w = limits(Number(cost) * 3);
    expect([outcome(w, { query }), outcome(w, { query }), outcome(w, { query })]).toEqual([cost, cost, cost]);
    expect(outcome(w, { query })).toBe('TENANT_BUDGET_EXHAUSTED');
  });

  it('refuses a repeated document of a refused shape every time, and per operation name', () => {
    const w = limits();
    const deep = `{ populatedPlace(id: "5128581") { ${'nearbyPopulatedPlaces { edges { node { '.repeat(6)}name${' } } }'.repeat(6)} } }`;
    const aliased = `{ ${Array.from({ length: 60 }, (_, i) => `a${i}: country(id: "US") { name }`).join(' ')} }`;
    const tokens = `{ ${'country(id: "US") { name } '.repeat(400)} }`;
    for (const query of [deep, aliased, tokens]) {
      const first = outcome(limits(), { query });
      expect(typeof first).toBe('string');
      expect([outcome(w, { query }), outcome(w, { query })]).toEqual([first, first]);
    }
    // two operations of one document: each priced on its own, also when asked for again
    const two = 'query A { country(id: "US") { name } } query B { populatedPlaces(first: 50) { edges { node { name } } } }';
    const a = outcome(limits(), { query: two, operationName: 'A' }), b = outcome(limits(), { query: two, operationName: 'B' });
    expect(a).not.toEqual(b);
    expect([outcome(w, { query: two, operationName: 'A' }), outcome(w, { query: two, operationName: 'B' }), outcome(w, { query: two, operationName: 'A' })]).toEqual([a, b, a]);
  });

  it('keeps a bounded number of documents and still prices every one after the oldest went out', () => {
    const w = limits();
    const query = (i: number) => `{ populatedPlaces(namePrefix: "p${i}", first: ${1 + (i % 50)}) { edges { node { name } } } }`;
    const first = Array.from({ length: 1100 }, (_, i) => outcome(w, { query: query(i) }));
    const again = Array.from({ length: 1100 }, (_, i) => outcome(w, { query: query(i) }));
    expect(again).toEqual(first);
    expect(again).toEqual(Array.from({ length: 1100 }, (_, i) => outcome(limits(), { query: query(i) })));
  });
});
