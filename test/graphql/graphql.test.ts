/**
 * The GraphQL surface through the real gateway and core: every root query
 * and its arguments, nested fields, Relay paging both ways with opaque
 * cursors, display options, cost and depth refusals, keys, error codes, one
 * batched core call per nested level, and agreement with REST.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import type { UnaryMethod } from '../../gateway/coreClient.js';
import { readFileSync } from 'node:fs';
import { buildSchema, isEnumType, isInputObjectType, isObjectType } from 'graphql';
import { SCHEMA_FILE } from '../../gateway/graphql/plugin.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway({ maxLimit: 100, graphqlMaxCost: 5000, graphqlMaxDepth: 15 }); });
afterAll(async () => { await gw.close(); });

interface Gql { status: number; data: any; errors?: { message: string; extensions?: { code?: string } }[] } // eslint-disable-line @typescript-eslint/no-explicit-any
async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = { 'X-Gateway-Key': gw.key }): Promise<Gql> {
  const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data: unknown; errors?: Gql['errors'] };
  return { status: res.status, data: body.data, errors: body.errors };
}
async function ok(query: string, variables: Record<string, unknown> = {}) {
  const r = await gql(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data;
}
const SF = '5391959', LA = '5368361';

describe('the schema', () => {
  it('is one checked-in file with a description on every type, field, argument and enum value', () => {
    const schema = buildSchema(readFileSync(SCHEMA_FILE, 'utf8'));
    const missing: string[] = [];
    for (const t of Object.values(schema.getTypeMap())) {
      if (t.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(t.name)) continue;
      if (!t.description) missing.push(t.name);
      if (isObjectType(t) || isInputObjectType(t)) {
        for (const f of Object.values(t.getFields())) {
          if (!f.description) missing.push(`${t.name}.${f.name}`);
          for (const a of 'args' in f ? f.args : []) if (!a.description) missing.push(`${t.name}.${f.name}(${a.name})`);
        }
      }
      if (isEnumType(t)) for (const v of t.getValues()) if (!v.description) missing.push(`${t.name}.${v.name}`);
    }
    expect(missing).toEqual([]);
    const q = schema.getQueryType()!.getFields();
    expect(Object.keys(q)).toEqual(['country', 'countries', 'currencies', 'distanceBetween', 'locales', 'populatedPlace', 'populatedPlaces', 'timeZone', 'timeZones']);
    expect(q['populatedPlaces']!.args.map((a) => a.name)).toEqual(['location', 'radius', 'distanceUnit', 'countryIds', 'excludedCountryIds', 'namePrefix',
      'namePrefixDefaultLangResults', 'minPopulation', 'maxPopulation', 'timeZoneIds', 'types', 'sort', 'first', 'after', 'last', 'before', 'displayOptions', 'includeDeleted']);
    expect(q['countries']!.args.map((a) => `${a.name}: ${String(a.type)}`)).toEqual(['currencyCode: String', 'namePrefix: String', 'namePrefixDefaultLangResults: Boolean',
      'sort: String', 'first: Int', 'after: String', 'last: Int', 'before: String', 'displayOptions: DisplayOptions']);
  });

  it('GraphiQL is served', async () => {
    const res = await fetch(`${gw.url}/graphiql`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/graphiql/i);
  });
});

describe('root queries and their arguments', () => {
  it('country, with display options', async () => {
    const d = await ok(`{ a: country(id: "us") { id code name capital callingCode currencyCodes flag numRegions wikiDataId }
      b: country(id: "DE", displayOptions: { language: FR }) { name } c: country(id: "DE", displayOptions: { language: RU, asciiMode: true }) { name } }`);
    expect(d.a).toEqual({ id: 'US', code: 'US', name: 'United States', capital: 'Washington D.C.', callingCode: '+1', currencyCodes: ['USD'], flag: '🇺🇸', numRegions: 51, wikiDataId: 'Q30' });
    expect(d.b.name).toBe('Allemagne');
    expect(d.c.name).toMatch(/^[ -~]+$/);
  });

  it('countries: currencyCode, namePrefix in the requested language, namePrefixDefaultLangResults, sort', async () => {
    const d = await ok(`{ eur: countries(currencyCode: "EUR", first: 100) { totalCount edges { node { code } } }
      fr: countries(namePrefix: "Allem", displayOptions: { language: FR }) { edges { node { code name } } }
      en: countries(namePrefix: "Germ", namePrefixDefaultLangResults: false, displayOptions: { language: FR }) { totalCount }
      both: countries(namePrefix: "Germ", namePrefixDefaultLangResults: true, displayOptions: { language: FR }) { edges { node { code } } }
      desc: countries(sort: "-name", first: 3) { edges { node { name } } } }`);
    expect(d.eur.edges.map((e: { node: { code: string } }) => e.node.code)).toEqual(expect.arrayContaining(['FR', 'DE', 'IT']));
    expect(d.fr.edges[0].node).toEqual({ code: 'DE', name: 'Allemagne' });
    expect(d.en.totalCount).toBe(0);
    expect(d.both.edges.map((e: { node: { code: string } }) => e.node.code)).toContain('DE');
    const names = d.desc.edges.map((e: { node: { name: string } }) => e.node.name);
    expect([...names].sort().reverse()).toEqual(names);
  });

  it('currencies, locales, time zones', async () => {
    const d = await ok(`{ cur: currencies(countryId: "CH") { edges { node { code symbol name countryCodes } } }
      loc: locales(first: 3) { totalCount edges { node { code name } } }
      tzs: timeZones(first: 2) { totalCount edges { node { id name rawUtcOffsetHours } } }
      tz: timeZone(id: "Asia__Kolkata") { id name rawUtcOffsetHours dateTime time } }`);
    expect(d.cur.edges.map((e: { node: { code: string } }) => e.node.code)).toContain('CHF');
    expect(d.loc.totalCount).toBeGreaterThan(100);
    expect(d.tzs.edges).toHaveLength(2);
    expect(d.tz).toMatchObject({ id: 'Asia/Kolkata', rawUtcOffsetHours: 5 }); // GeoDB's Int! (whole hours)
    expect(d.tz.dateTime).toMatch(/\+05:30$/);
    expect(d.tz.time).toMatch(/^\d\d:\d\d:\d\d\.\d{3}\+05:30$/);
  });

  it('distanceBetween and populatedPlace', async () => {
    const d = await ok(`{ km: distanceBetween(fromPlaceId: "${SF}", toPlaceId: "${LA}", distanceUnit: KM) mi: distanceBetween(fromPlaceId: "${SF}", toPlaceId: "${LA}")
      p: populatedPlace(id: "${SF}") { id name placeType featureCode latitude longitude elevationMeters population timezone deleted searchDistance } }`);
    expect(d.km).toBeCloseTo(559.1, 0);
    expect(d.mi).toBeCloseTo(347.4, 0);
    expect(d.p).toEqual({ id: SF, name: 'San Francisco', placeType: 'CITY', featureCode: 'PPLA2', latitude: 37.77493, longitude: -122.41942, elevationMeters: 16, population: 864816, timezone: 'America/Los_Angeles', deleted: false, searchDistance: null });
  });

  it('populatedPlaces: location, radius, unit, country filters, prefix, population bounds, zones, types, sort, includeDeleted', async () => {
    const d = await ok(`{
      near: populatedPlaces(location: { latitude: 37.7749, longitude: -122.4194 }, radius: 10, distanceUnit: KM, minPopulation: 50000) { totalCount edges { node { id searchDistance } } }
      us: populatedPlaces(countryIds: ["US"], minPopulation: 1000000, sort: "-population", first: 3) { edges { node { name country { code } } } }
      notUs: populatedPlaces(excludedCountryIds: ["US", "CN"], minPopulation: 5000000, first: 50) { edges { node { country { code } } } }
      pre: populatedPlaces(namePrefix: "los ang", maxPopulation: 5000000, first: 1) { edges { node { id } } }
      tz: populatedPlaces(timeZoneIds: ["Europe/Paris"], types: ["PPLC"]) { edges { node { name } } }
      all: populatedPlaces(includeDeleted: ALL, first: 1) { totalCount }
      none: populatedPlaces(includeDeleted: NONE, first: 1) { totalCount } }`);
    expect(d.near.edges.every((e: { node: { searchDistance: number } }) => e.node.searchDistance <= 10)).toBe(true);
    expect(d.near.edges[0].node.id).toBe(SF);
    expect(d.us.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['New York City', 'Los Angeles', 'Brooklyn']);
    expect(d.notUs.edges.some((e: { node: { country: { code: string } } }) => ['US', 'CN'].includes(e.node.country.code))).toBe(false);
    expect(d.pre.edges[0].node.id).toBe(LA);
    expect(d.tz.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['Paris']);
    expect(d.all.totalCount).toBeGreaterThanOrEqual(d.none.totalCount);
  });
});

describe('countries reached through places and lists', () => {
  it("finds Qatar, whose code QA starts like a WikiData id (its places' country and the country list's fields were null)", async () => {
    const d = await ok(`{ doha: populatedPlaces(namePrefix: "Doha", countryIds: ["QA"], first: 1) { edges { node { name country { code name } } } }
      qs: countries(namePrefix: "Q") { edges { node { code capital callingCode numRegions } } } }`);
    expect(d.doha.edges[0].node.country).toEqual({ code: 'QA', name: 'Qatar' });
    expect(d.qs.edges[0].node).toMatchObject({ code: 'QA', capital: 'Doha', callingCode: '+974' });
    expect(d.qs.edges[0].node.numRegions).toBeGreaterThan(0);
  });
});

describe('nested fields', () => {
  it('a place: country, region, locatedIn, distance, nearby places, dateTime, time', async () => {
    const d = await ok(`{ populatedPlace(id: "${SF}", displayOptions: { language: DE }) {
      country { code name } region { name isoCode fipsCode hascCode capital numPopulatedPlaces country { code } }
      locatedIn { id placeType name latitude longitude timezone population locatedIn { id placeType name population } } distance(toPlaceId: "${LA}", distanceUnit: KM) dateTime time
      nearbyPopulatedPlaces(radius: 15, distanceUnit: KM, minPopulation: 50000, first: 3) { totalCount edges { node { id searchDistance } } } } }`);
    const p = d.populatedPlace;
    expect(p.country).toEqual({ code: 'US', name: 'Vereinigte Staaten' });
    expect(p.region).toMatchObject({ isoCode: 'CA', fipsCode: '06', hascCode: 'US.CA', capital: 'Sacramento', country: { code: 'US' } });
    expect(p.region.numPopulatedPlaces).toBeGreaterThan(1000);
    // the county (ADM2 division whose code the city carries), then its region
    expect(p.locatedIn).toMatchObject({ id: '5391997', placeType: 'ADM2', name: 'City and County of San Francisco', timezone: 'America/Los_Angeles' });
    expect(p.locatedIn.locatedIn).toMatchObject({ id: '5332921', placeType: 'ADM1', name: 'Kalifornien' });
    expect(p.locatedIn.locatedIn.population).toBeGreaterThan(30_000_000);
    expect(p.distance).toBeCloseTo(559.1, 0);
    expect(p.dateTime).toMatch(/-0[78]:00$/);
    expect(p.nearbyPopulatedPlaces.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(SF);
  });

  it("a place's region answered by locatedIn is a place again; one failing field of a loader batch fails only itself", async () => {
    // New York City is in New York State, a first-level region: its id, its time and what is near it are answered
    const d = await ok(`{ populatedPlaces(countryIds: ["US"], first: 5, sort: "-population") { edges { node { name locatedIn { id placeType dateTime distance(toPlaceId: "${SF}") } } } } }`);
    const containers = d.populatedPlaces.edges.map((e: { node: { locatedIn: { id: string; placeType: string; dateTime: string } } }) => e.node.locatedIn);
    expect(containers.every((c: { dateTime: string } | null) => c !== null && /[+-]\d\d:\d\d$/.test(c.dateTime)), JSON.stringify(containers)).toBe(true);
    const region = containers.find((c: { placeType: string }) => c.placeType === 'ADM1');
    expect(region).toBeDefined();
    expect((await ok(`{ populatedPlace(id: "${region.id}") { id placeType } }`)).populatedPlace).toEqual({ id: region.id, placeType: 'ADM1' });
    // an unknown place in one alias: that alias's error, the others answered
    const r = await gql(`{ populatedPlace(id: "${SF}") { toLA: distance(toPlaceId: "${LA}", distanceUnit: KM) bad: distance(toPlaceId: "Q1") } }`);
    expect(r.data.populatedPlace.toLA).toBeCloseTo(559.1, 0);
    expect(r.errors?.map((e) => (e as { path?: string[] }).path?.join('.'))).toEqual(['populatedPlace.bad']);
  });

  it('a country: region by code, regions, populated places; a region: its places', async () => {
    const d = await ok(`{ country(id: "US") { region(code: "NY") { name populatedPlaces(minPopulation: 1000000) { edges { node { name } } } }
      regions(namePrefix: "New", sort: "-name") { totalCount edges { node { name } } }
      populatedPlaces(namePrefix: "Spring", minPopulation: 100000, first: 5) { totalCount edges { node { name country { code } } } } } }`);
    const c = d.country;
    expect(c.region.name).toBe('New York');
    expect(c.region.populatedPlaces.edges.map((e: { node: { name: string } }) => e.node.name)).toContain('New York City');
    expect(c.regions.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['New York', 'New Mexico', 'New Jersey', 'New Hampshire']);
    expect(c.populatedPlaces.edges.every((e: { node: { country: { code: string } } }) => e.node.country.code === 'US')).toBe(true);
  });

  it('a page of places asking for their countries and regions costs one batched call per level', async () => {
    const core = gw.gateway.core;
    const calls: string[] = [];
    const original = core.call.bind(core);
    core.call = (m: UnaryMethod, req: object, md?: never) => { calls.push(m.path.split('/').pop() as string); return original(m, req, md); };
    try {
      const d = await ok(`{ populatedPlaces(minPopulation: 1000000, first: 40) { edges { node { name timezone featureCode elevationMeters country { name capital } } } } }`);
      expect(d.populatedPlaces.edges).toHaveLength(40);
      expect(calls.filter((c) => c === 'ListPlaces')).toHaveLength(1);
      expect(calls.filter((c) => c === 'BatchGetCountries')).toHaveLength(1);
      expect(calls.filter((c) => c === 'BatchGetCities')).toHaveLength(1);
    } finally { core.call = original; }
  });
});

describe('Relay paging', () => {
  const Q = `query($first: Int, $after: String, $last: Int, $before: String) { populatedPlaces(countryIds: ["IS"], first: $first, after: $after, last: $last, before: $before) {
    totalCount edges { cursor node { id } } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }`;
  it('walks forward with first/after and backward with last/before over the same order', async () => {
    const all = (await ok(Q, { first: 100 })).populatedPlaces;
    const ids = all.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(all.totalCount).toBe(ids.length);
    const forward: string[] = [];
    let after: string | null = null;
    for (;;) {
      const p: any = (await ok(Q, { first: 7, after })).populatedPlaces; // eslint-disable-line @typescript-eslint/no-explicit-any
      forward.push(...p.edges.map((e: { node: { id: string } }) => e.node.id));
      expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(forward).toEqual(ids);
    const backward: string[] = [];
    let before: string | null = null;
    for (;;) {
      const p: any = (await ok(Q, { last: 6, before })).populatedPlaces; // eslint-disable-line @typescript-eslint/no-explicit-any
      backward.unshift(...p.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!p.pageInfo.hasPreviousPage) break;
      before = p.pageInfo.startCursor;
    }
    expect(backward).toEqual(ids);
  });

  it('an empty page has cursors too (GeoDB: String!), which page on from where it stands', async () => {
    const all = (await ok(Q, { first: 100 })).populatedPlaces;
    const end = (await ok(Q, { first: 5, after: all.pageInfo.endCursor })).populatedPlaces;
    expect(end.edges).toEqual([]);
    expect(typeof end.pageInfo.startCursor).toBe('string');
    expect((await ok(Q, { first: 5, after: end.pageInfo.endCursor })).populatedPlaces.edges).toEqual([]);
    const back = (await ok(Q, { last: 3, before: end.pageInfo.startCursor })).populatedPlaces;
    expect(back.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(all.edges.slice(-3).map((e: { node: { id: string } }) => e.node.id));
    // first: 0 for the total, then on from its end cursor: from the first item
    const zero = (await ok(Q, { first: 0 })).populatedPlaces;
    expect(zero.edges).toEqual([]);
    const from = (await ok(Q, { first: 3, after: zero.pageInfo.endCursor })).populatedPlaces;
    expect(from.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(all.edges.slice(0, 3).map((e: { node: { id: string } }) => e.node.id));
    expect((await ok(Q, { last: 3, before: zero.pageInfo.endCursor })).populatedPlaces.edges).toEqual([]);
    const none = (await ok('{ populatedPlaces(namePrefix: "Zzqxv") { totalCount pageInfo { startCursor endCursor hasNextPage hasPreviousPage } } }')).populatedPlaces;
    expect(none.totalCount).toBe(0);
    expect(none.pageInfo).toMatchObject({ startCursor: expect.any(String), endCursor: expect.any(String), hasNextPage: false, hasPreviousPage: false });
  });

  it('before alone answers the page just before the cursor, of the default size (it answered every item before it)', async () => {
    const all = (await ok(Q, { first: 100 })).populatedPlaces;
    const cursor = all.edges[30].cursor;
    const p = (await ok(Q, { before: cursor })).populatedPlaces;
    expect(p.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(all.edges.slice(20, 30).map((e: { node: { id: string } }) => e.node.id));
    // with after too, the first ten after it
    const both = (await ok(Q, { after: all.edges[4].cursor, before: cursor })).populatedPlaces;
    expect(both.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(all.edges.slice(5, 15).map((e: { node: { id: string } }) => e.node.id));
  });

  it('cursors are opaque and bound to their query: a cursor of another query, an edited one and a base64 offset are refused', async () => {
    const p = (await ok(Q, { first: 2 })).populatedPlaces;
    const other = (await ok('{ populatedPlaces(countryIds: ["NO"], first: 2) { pageInfo { endCursor } } }')).populatedPlaces.pageInfo.endCursor;
    expect(p.pageInfo.endCursor).not.toBe(Buffer.from('1').toString('base64'));
    for (const bad of [other, p.pageInfo.endCursor.replace(/^1/, '5'), Buffer.from('arrayconnection:1').toString('base64')]) {
      const r = await gql(Q, { first: 2, after: bad });
      expect(r.errors?.[0]?.extensions?.code).toBe('PARAM_INVALID');
      expect(r.data?.populatedPlaces ?? null).toBeNull();
    }
  });

  it('a page size above the maximum is ACCESS_DENIED; a negative one PARAM_INVALID', async () => {
    expect((await gql('{ locales(first: 101) { totalCount } }')).errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    expect((await gql('{ locales(last: -1) { totalCount } }')).errors?.[0]?.extensions?.code).toBe('PARAM_INVALID');
  });
});

describe('limits, keys and errors', () => {
  it('answers a document that does not parse or validate, or a variable that does not coerce, 400 with PARAM_INVALID in extensions.code', async () => {
    for (const [query, variables] of [['{ countries(first: 2) { totalCount }', {}], ['{ noSuchField }', {}], ['query($n: Int!) { countries(first: $n) { totalCount } }', { n: 'two' }]] as const) {
      const r = await gql(query, variables);
      expect(r.status, query).toBe(400);
      expect(r.data ?? null).toBeNull();
      expect(r.errors?.length).toBeGreaterThan(0);
      for (const e of r.errors ?? []) expect(e.extensions?.code, e.message).toBe('PARAM_INVALID');
    }
  });

  it('refuses too deep or too costly queries before running them; introspection stays available', async () => {
    const costly = await gql('{ populatedPlaces(first: 100) { edges { node { nearbyPopulatedPlaces(first: 100) { totalCount } } } } }');
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0]).toMatchObject({ extensions: { code: 'ACCESS_DENIED' }, message: expect.stringMatching(/cost \d+ .*maximum of 5000/) });
    // page sizes in variables count at their values (apps built with Apollo or generated clients pass them so): a
    // small page nests as its literal does, a large one is refused as its literal is (they counted as the maximum
    // page size, and two nested levels at 5 were refused)
    const nested = 'query($n: Int) { countries(first: $n) { edges { node { regions(first: $n) { edges { node { populatedPlaces(first: $n) { totalCount } } } } } } } }';
    const small = await gql(nested, { n: 2 });
    expect(small.errors, JSON.stringify(small.errors)).toBeUndefined();
    expect((small.data as { countries: { edges: unknown[] } }).countries.edges).toHaveLength(2);
    const withDefault = await gql(nested.replace('$n: Int', '$n: Int = 3'));
    expect(withDefault.errors, JSON.stringify(withDefault.errors)).toBeUndefined();
    const large = await gql(nested, { n: 100 });
    expect(large.status).toBe(400);
    expect(large.errors?.[0]?.message).toMatch(/cost/);
    // a nested radius search is priced as one (it was priced as a small table: 30 world-wide searches ran for 4 s)
    const nestedRadius = await gql('{ populatedPlaces(first: 10, minPopulation: 1000000) { edges { node { nearbyPopulatedPlaces(radius: 12000, distanceUnit: KM, first: 1, namePrefix: "a") { totalCount } } } } }');
    expect(nestedRadius.status).toBe(400);
    expect(nestedRadius.errors?.[0]).toMatchObject({ extensions: { type: 'QUERY_COST_EXCEEDED' } });
    let deep = '{ populatedPlace(id: "1") { country { code } } }';
    for (let i = 0; i < 8; i++) deep = deep.replace('country { code }', 'country { region(code: "X") { country { code } } }');
    expect((await gql(deep)).errors?.[0]?.message).toMatch(/depth/);
    const intro = await gql('{ __schema { queryType { name } types { name fields { name } } } }');
    expect(intro.errors).toBeUndefined();
    expect(intro.data.__schema.queryType.name).toBe('Query');
  });

  it('answers a batch (an array of {query, variables}, as apollo-link-batch-http sends) as an array; an item that is no request refuses the batch', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': gw.key }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const batch = await post([
      { query: 'query C($n: Int!) { countries(first: $n) { totalCount } }', variables: { n: 1 } },
      { query: '{ timeZone(id: "UTC") { id } }' },
      { query: '{ nope }' },
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body[0]).toEqual({ data: { countries: { totalCount: 250 } } });
    expect(batch.body[1]).toEqual({ data: { timeZone: { id: 'Etc/UTC' } } });
    expect(batch.body[2].errors[0].extensions.code).toBe('PARAM_INVALID'); // each query answers on its own
    for (const bad of [[{ query: '{ __typename }' }, {}], [{ query: '{ __typename }' }, 5], [[{ query: '{ __typename }' }]]]) {
      const r = await post(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.errors[0].message).toMatch(/^the body must be JSON \{query, variables\}.*or a batch/);
    }
  });

  it('needs a key like REST: 401 without and with a wrong one', async () => {
    const none = await gql('{ locales { totalCount } }', {}, {});
    expect(none.status).toBe(401);
    expect(none.errors?.[0]?.extensions?.code).toBe('ACCESS_DENIED');
    const wrong = await gql('{ locales { totalCount } }', {}, { 'X-Gateway-Key': 'mrd_x_y' });
    expect(wrong.status).toBe(401);
  });

  it('carries the REST codes in extensions.code, with partial data', async () => {
    const r = await gql(`{ ok: populatedPlace(id: "${SF}") { name } missing: populatedPlace(id: "1") { name } bad: populatedPlace(id: "abc") { name }
      both: populatedPlaces(countryIds: ["US"], excludedCountryIds: ["CA"]) { totalCount } sorted: countries(sort: "sideways") { totalCount } }`);
    expect(r.data.ok.name).toBe('San Francisco');
    expect(r.data.missing).toBeNull();
    const byPath = Object.fromEntries((r.errors ?? []).map((e) => [(e as { path?: string[] }).path?.[0], e.extensions?.code]));
    expect(byPath).toEqual({ missing: 'ENTITY_NOT_FOUND', bad: 'PARAM_INVALID', both: 'PARAMS_MUTUALLY_EXCLUSIVE', sorted: 'PARAM_INVALID' });
    // nested lookups by argument say so too (a region asked for by code)
    const nested = await gql('{ country(id: "US") { code known: region(code: "CA") { name } unknown: region(code: "ZZ") { name } } }');
    expect(nested.data.country).toEqual({ code: 'US', known: { name: 'California' }, unknown: null });
    expect(nested.errors?.map((e) => [(e as { path?: string[] }).path?.join('.'), e.extensions?.code])).toEqual([['country.unknown', 'ENTITY_NOT_FOUND']]);
  });
});

describe('GraphQL and REST agree', () => {
  it('on 300 generated radius, prefix and by-id questions', async () => {
    const place = fc.constantFrom('5391959', '2988507', '1850147', '2643743', '3448439', '1275339', '524901', '2147714', '6167865', '3530597');
    const q = fc.oneof(
      fc.record({ kind: fc.constant('radius'), lat: fc.double({ min: -60, max: 70, noNaN: true }), lon: fc.double({ min: -179, max: 179, noNaN: true }), r: fc.integer({ min: 5, max: 200 }), min: fc.constantFrom(0, 1000, 100000), first: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('prefix'), p: fc.constantFrom('sa', 'san', 'new', 'ber', 'mos', 'kyo', 'lon', 'par', 'st', 'al'), min: fc.constantFrom(0, 1000, 10000), first: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ kind: fc.constant('byId'), id: place }),
    );
    await fc.assert(fc.asyncProperty(q, async (x) => {
      if (x.kind === 'byId') {
        const g = (await ok(`{ populatedPlace(id: "${x.id}") { id name population latitude longitude timezone } }`)).populatedPlace;
        const r = (await gw.get(`/v1/geo/places/${x.id}`)).body.data;
        expect(g).toEqual({ id: String(r.id), name: r.name, population: r.population, latitude: r.location.latitude, longitude: r.location.longitude, timezone: r.timezone.replace(/__/g, '/') }); // REST writes zone ids GeoDB's way
        return;
      }
      const args = x.kind === 'radius'
        ? `location: { latitude: ${x.lat}, longitude: ${x.lon} }, radius: ${x.r}, distanceUnit: KM, minPopulation: ${x.min}, first: ${x.first}`
        : `namePrefix: "${x.p}", minPopulation: ${x.min}, first: ${x.first}`;
      const g = (await ok(`{ populatedPlaces(${args}) { totalCount edges { node { id searchDistance } } } }`)).populatedPlaces;
      const f = (v: number, w: number) => `${v < 0 ? '-' : '%2B'}${Math.abs(v).toFixed(6).padStart(w + 7, '0')}`;
      const rest = x.kind === 'radius'
        ? `/v1/geo/places?location=${f(x.lat, 2)}${f(x.lon, 3)}&radius=${x.r}&distanceUnit=KM&minPopulation=${x.min}&limit=${x.first}`
        : `/v1/geo/places?namePrefix=${x.p}&minPopulation=${x.min}&limit=${x.first}`;
      const r = (await gw.get(rest)).body;
      expect(g.totalCount).toBe(r.metadata.totalCount);
      expect(g.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(r.data.map((c: { id: number }) => String(c.id)));
      if (x.kind === 'radius') expect(g.edges.map((e: { node: { searchDistance: number } }) => e.node.searchDistance)).toEqual(r.data.map((c: { distance: number }) => c.distance));
    }), { numRuns: 300, seed: 7 });
  }, 120_000);
});

describe('the per-request batcher (dataloader)', () => {
  it('gathers the keys of one turn into one fetch, and a failed fetch fails its callers without crashing', async () => {
    const { gatherer } = await import('../../gateway/graphql/resolvers.js');
    const fetched: string[][] = [];
    const ok = gatherer<string>(async (keys) => { fetched.push(keys); return new Map(keys.map((k) => [k, k.toUpperCase()])); });
    expect(await Promise.all([ok.load('a'), ok.load('b'), ok.load('a')])).toEqual(['A', 'B', 'A']);
    expect(fetched).toEqual([['a', 'b']]);
    const failing = gatherer<string>(async () => { throw new Error('core unavailable'); });
    await expect(Promise.all([failing.load('x'), failing.load('y')])).rejects.toThrow('core unavailable');
  });
});

describe('bodies and query strings that are not GraphQL requests', () => {
  const post = async (path: string, body: string) => {
    const res = await fetch(`${gw.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-gateway-key': gw.key }, body });
    return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('variables that are not an object, or a null in a batch, are 400 saying what the body must be (POST / answered 500)', async () => {
    for (const path of ['/graphql', '/']) {
      for (const body of ['{"query":"{ __typename }","variables":5}', '{"query":"{ __typename }","variables":"x"}', '{"query":"{ __typename }","variables":[1]}', '[null]', '[{"query":"{ __typename }"},null]']) {
        const r = await post(path, body);
        expect(r.status, `${path} ${body}`).toBe(400);
        expect(r.body.errors[0].message, `${path} ${body}`).toMatch(/^the body must be JSON \{query, variables\}/);
      }
      expect((await post(path, '{"query":"{ __typename }","variables":null}')).body).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('a GET\'s variables must be the JSON text of an object (null is none)', async () => {
    const get = async (qs: string) => {
      const res = await fetch(`${gw.url}/graphql?query=${encodeURIComponent('{ __typename }')}&${qs}`, { headers: { 'x-gateway-key': gw.key } });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    expect((await get('variables=null')).body).toEqual({ data: { __typename: 'Query' } });
    for (const v of ['5', 'true', '%22x%22', '%5B1%5D', '%7Bbroken']) {
      const r = await get(`variables=${v}`);
      expect(r.status, v).toBe(400);
      expect(r.body.errors[0].message, v).toMatch(/^variables must be the JSON text of an object/);
    }
  });

  it('a GET with callback is refused (JSONP is the REST routes\'): an ignored callback had answered plain JSON to a <script>', async () => {
    const res = await fetch(`${gw.url}/graphql?query=${encodeURIComponent('{ __typename }')}&callback=cb`, { headers: { 'x-gateway-key': gw.key } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]).toMatchObject({ extensions: { code: 'PARAM_INVALID' }, message: expect.stringMatching(/^callback \(JSONP\) is served by the REST routes only/) });
  });

  it('a GET whose operationName the document lacks, or with several operations and none named, is 400 in graphql-js\'s words (it was a TypeError\'s message)', async () => {
    const get = async (query: string, qs = '') => {
      const res = await fetch(`${gw.url}/graphql?query=${encodeURIComponent(query)}${qs}`, { headers: { 'x-gateway-key': gw.key } });
      return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const cases: [string, string, string][] = [
      ['{ __typename }', '&operationName=X', 'Unknown operation named "X".'],
      ['{ __typename }', '&operationName=', 'Unknown operation named "".'],
      ['query A { __typename } query B { __typename }', '&operationName=C', 'Unknown operation named "C".'],
      ['query A { __typename } query B { __typename }', '', 'Must provide operation name if query contains multiple operations.'],
    ];
    for (const [query, qs, message] of cases) {
      const r = await get(query, qs);
      expect(r.status, `${query} ${qs}`).toBe(400);
      expect(r.body, `${query} ${qs}`).toEqual({ data: null, errors: [{ message, extensions: { code: 'PARAM_INVALID' } }] });
    }
    expect((await get('query A { __typename } query B { __typename }', '&operationName=B')).body).toEqual({ data: { __typename: 'Query' } });
    expect((await get('query A { __typename }', '&operationName=A')).body).toEqual({ data: { __typename: 'Query' } });
  });
});
