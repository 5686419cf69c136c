/**
 * GeoDB Cities compatibility, GraphQL (shared/spec/geodb-compat.md, section 3): the queries real GeoDB clients send,
 * through the real gateway, core and geo database (the REST operations: geodb.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geodbGet, startTestGateway, type GeoDbBody, type TestGateway } from '../support/gateway.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw.close(); });

const LA_COUNTY = 5368381;
const SF = 5391959, LA = 5368361, PARIS = 2988507, VIENNA = 2761369;

type Body = GeoDbBody;
const geodb = (path: string): Promise<Body> => geodbGet(gw, path);

describe('GraphQL (section 3)', () => {
  async function gql(query: string): Promise<Body> {
    const r = await gw.send('POST', '/graphql', { query }, { 'X-RapidAPI-Key': gw.key });
    return r.body;
  }
  async function ok(query: string): Promise<Body> {
    const b = await gql(query);
    expect(b.errors, JSON.stringify(b.errors)).toBeUndefined();
    return b.data;
  }

  it('the nestings GeoDB documents as passing its cost limit pass (§3.1: 10 × 10 × 10; 10 × 100 × 1), totalCount at every level', async () => {
    const nest = (a: number, b: number, c: number) => `{ countries(first: ${a}) { totalCount edges { node { name regions(first: ${b}) { totalCount edges { node { name
      populatedPlaces(first: ${c}) { totalCount edges { node { name population } } } } } } } } } }`;
    const small = await ok(nest(10, 10, 10));
    expect(small.countries.edges).toHaveLength(10);
    const wide = await ok(nest(10, 100, 1));
    // a field of each place that calls the core (its local time) still fits
    expect((await ok(nest(10, 100, 1).replace('name population', 'name population dateTime'))).countries.edges).toHaveLength(10);
    expect(wide.countries.edges.map((e: Body) => e.node.regions.edges.length).reduce((x: number, y: number) => x + y, 0)).toBeGreaterThan(100);
    // one level deeper (10 × 100 × 100) is far past it, and refused with the price named
    const deep = await gql(nest(10, 100, 100));
    expect(deep.errors[0].message).toMatch(/^query cost \d+ is above the maximum of 30000/);
  });

  it('a refused argument is named as the query wrote it, not as the core calls it', async () => {
    for (const [query, name] of [['{ populatedPlace(id: "abc") { id } }', 'id'], ['{ country(id: "USA") { code } }', 'id'],
      ['{ distanceBetween(fromPlaceId: "x", toPlaceId: "5128581") }', 'fromPlaceId']] as const) {
      const b = await gql(query);
      expect(b.errors[0].extensions.code, query).toBe('PARAM_INVALID');
      expect(b.errors[0].message, query).toMatch(new RegExp(`^${name} must be `));
    }
  });

  it('a location search\'s distance(distanceUnit:) answers in the unit asked, MI by default (§3.3), whatever the search\'s own unit', async () => {
    for (const searchUnit of ['MI', 'KM']) {
      const d = await ok(`{ populatedPlaces(location: { latitude: 40.7128, longitude: -74.0060 }, radius: 5, distanceUnit: ${searchUnit}, first: 3) {
        edges { node { searchDistance distance km: distance(distanceUnit: KM) mi: distance(distanceUnit: MI) } } } }`);
      for (const { node } of d.populatedPlaces.edges as { node: { searchDistance: number; distance: number; km: number; mi: number } }[]) {
        expect(node.distance).toBe(node.mi);
        expect(node.km / node.mi).toBeCloseTo(1.609344, 1);
        expect(node.searchDistance).toBe(searchUnit === 'KM' ? node.km : node.mi);
      }
    }
  });

  it('country by WikiData id with flagImageUri, wikiDataId; regions with wikiDataId and fipsCode sort; populatedPlaces with timeZoneIds', async () => {
    const d = await ok(`{ country(id: "Q30") { code wikiDataId flagImageUri callingCode numRegions
      regions(namePrefix: "Cal", namePrefixDefaultLangResults: true, sort: "-fipsCode", first: 1) { edges { node { name isoCode fipsCode wikiDataId containingRegion { name } } } }
      region(code: "CA") { wikiDataId populatedPlaces(namePrefix: "Los", timeZoneIds: ["America__Los_Angeles"], namePrefixDefaultLangResults: true, first: 1) { edges { node { id } } } }
      populatedPlaces(namePrefix: "San Fr", timeZoneIds: ["America/Los_Angeles"], first: 1) { totalCount edges { node { id } } } } }`);
    expect(d.country).toMatchObject({ code: 'US', wikiDataId: 'Q30', callingCode: '+1', numRegions: 51 });
    expect(d.country.flagImageUri).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(d.country.regions.edges[0].node).toEqual({ name: 'California', isoCode: 'CA', fipsCode: '06', wikiDataId: 'Q99', containingRegion: null });
    expect(d.country.region.populatedPlaces.edges[0].node.id).toBe(String(LA));
    expect(d.country.populatedPlaces.edges[0].node.id).toBe(String(SF));
    // the same flag when the country is reached through a place (it was '' there)
    const via = await ok(`{ populatedPlace(id: "${SF}") { country { code flagImageUri } } populatedPlaces(namePrefix: "San Fr", first: 1) { edges { node { country { flagImageUri } } } } }`);
    expect(via.populatedPlace.country.flagImageUri).toBe(d.country.flagImageUri);
    expect(via.populatedPlaces.edges[0].node.country.flagImageUri).toBe(d.country.flagImageUri);
  });

  it('populatedPlace: wikiDataId, placeType enum, distance with and without toPlaceId, locatedIn as a place, nearby with country filters', async () => {
    const d = await ok(`{ populatedPlace(id: "${SF}") { id wikiDataId placeType latitude longitude timezone
      distance(toPlaceId: "${LA}", distanceUnit: KM)
      locatedIn { id placeType name latitude longitude timezone population }
      nearbyPopulatedPlaces(radius: 30, distanceUnit: KM, countryIds: ["US"], excludedCountryIds: [], timeZoneIds: ["America__Los_Angeles"], namePrefixDefaultLangResults: true, minPopulation: 100000, first: 3) {
        totalCount edges { node { id distance searchDistance } } } } }`);
    const p = d.populatedPlace;
    expect(p).toMatchObject({ id: String(SF), wikiDataId: 'Q62', placeType: 'CITY', timezone: 'America/Los_Angeles' });
    const byQ = await ok('{ populatedPlace(id: "Q65") { id wikiDataId name } distanceBetween(fromPlaceId: "Q90", toPlaceId: "Q60", distanceUnit: KM) }');
    expect(byQ.populatedPlace).toEqual({ id: String(LA), wikiDataId: 'Q65', name: 'Los Angeles' });
    expect(byQ.distanceBetween).toBeGreaterThan(5800);
    const lists = await ok('{ populatedPlaces(countryIds: ["FR"], minPopulation: 1000000, first: 1, displayOptions: { language: DE }) { edges { node { id wikiDataId name } } }' +
      ' divisions: populatedPlaces(namePrefix: "Los Angeles", types: ["ADM2"], first: 1) { edges { node { id placeType population } } } }');
    expect(lists.populatedPlaces.edges[0].node).toEqual({ id: String(PARIS), wikiDataId: 'Q90', name: 'Paris' });
    expect(lists.divisions.edges[0].node).toMatchObject({ id: String(LA_COUNTY), placeType: 'ADM2' });
    expect(p.distance).toBeCloseTo(559.1, 0);
    expect(p.locatedIn).toMatchObject({ id: '5391997', placeType: 'ADM2', name: 'City and County of San Francisco', timezone: 'America/Los_Angeles' });
    expect(p.locatedIn.population).toBeGreaterThan(0);
    const n = p.nearbyPopulatedPlaces.edges[0].node;
    expect(n.searchDistance).toBeLessThanOrEqual(30); // in the search's unit (KM)
    expect(n.distance).toBeCloseTo(n.searchDistance / 1.609344, 2); // distance's own unit: MI unless it names one (§3.3)
  });

  it('populatedPlaces: location search with distance, names in PT_BR, GeoDB type names in fragments', async () => {
    const d = await ok(`{ near: populatedPlaces(location: { latitude: 48.8566, longitude: 2.3522 }, radius: 5, distanceUnit: KM, first: 1) { ...page }
      alt: populatedPlaces(namePrefix: "Viena", first: 1, displayOptions: { language: PT_BR }) { ...page }
      distanceBetween(fromPlaceId: "${SF}", toPlaceId: "${LA}", distanceUnit: MI) }
      fragment page on PopulatedPlacesConnection { totalCount edges { node { id name distance country { name } } } pageInfo { hasNextPage } }`);
    expect(d.near.edges[0].node.id).toBe(String(PARIS));
    expect(d.near.edges[0].node.distance).toBeLessThan(1);
    expect(d.alt.edges[0].node).toMatchObject({ id: String(VIENNA), country: { name: 'Áustria' } });
    expect(d.distanceBetween).toBeCloseTo(347.4, 0);
    const typed = await ok(`{ country(id: "DE") { populatedPlaces(first: 1) { ...c } regions(first: 1) { pageInfo { ...pi } } } }
      fragment c on CountryPopulatedPlacesConnection { totalCount } fragment pi on ConnectionPageInfo { hasNextPage }`);
    expect(typed.country.populatedPlaces.totalCount).toBeGreaterThan(1000);
  });

  it('the RapidAPI endpoint at the root path answers like /graphql, with the same key check', async () => {
    const r = await gw.send('POST', '/', { query: '{ country(id: "Q183") { code wikiDataId } }' }, { 'X-RapidAPI-Key': gw.key });
    expect(r.status).toBe(200);
    expect(r.body.data.country).toEqual({ code: 'DE', wikiDataId: 'Q183' });
    // a batch too, as at /graphql (POST / refused it with "the body must be JSON {query, variables}")
    const batch = await gw.send('POST', '/', [{ query: '{ country(id: "DE") { code } }' }, { query: '{ country(id: "FR") { code } }' }], { 'X-RapidAPI-Key': gw.key });
    expect(batch.status).toBe(200);
    expect(batch.body.map((b: { data: { country: { code: string } } }) => b.data.country.code)).toEqual(['DE', 'FR']);
    // request errors (unknown field, syntax, a variable that does not coerce) are 400 with GraphQL errors, as at /graphql
    for (const body of [{ query: '{ states { name } }' }, { query: '{ countries(first: 1) { totalCount ' },
      { query: 'query($n: Int) { countries(first: $n) { totalCount } }', variables: { n: 'x' } }, { query: '{ states { name } x: states { name } }' }]) {
      for (const path of ['/', '/graphql']) {
        const invalid = await gw.send('POST', path, body, { 'X-RapidAPI-Key': gw.key });
        expect(invalid.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(invalid.body.data ?? null).toBeNull();
        expect(invalid.body.errors[0].message).toEqual(expect.any(String));
        expect(invalid.body.errors[0].code).toBeUndefined(); // a GraphQL error, not the REST envelope of an internal error
      }
    }
    // a query that is not a string is refused as such (it was coerced and failed inside mercurius, answered 200)
    for (const query of [5, true, ['{ countries(first: 1) { totalCount } }']]) {
      for (const path of ['/graphql', '/']) {
        const r = await gw.send('POST', path, { query }, { 'X-RapidAPI-Key': gw.key });
        expect(r.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(r.body.errors[0].extensions.code).toBe('PARAM_INVALID');
      }
    }
    // ... after the key check, like every other refusal
    expect((await gw.send('POST', '/graphql', { query: 5 }, { 'X-Gateway-Key': 'mrd_x_y' })).status).toBe(401);
    expect((await gw.send('POST', '/graphql', { query: 5 }, { 'X-Gateway-Key': '' })).status).toBe(401);
    expect((await gw.send('POST', '/', { query: '{ country(id: "DE") { code } }' }, { 'X-Gateway-Key': '' })).status).toBe(401);
  });

  it('TimeZone.rawUtcOffsetHours is GeoDB\'s Int! (whole hours, as REST answers); utcOffsetHours keeps the fraction', async () => {
    const d = await ok(`{ kolkata: timeZone(id: "Asia__Kolkata") { rawUtcOffsetHours utcOffsetHours }
      stJohns: timeZone(id: "America/St_Johns") { rawUtcOffsetHours }
      timeZones(first: 100) { edges { node { id rawUtcOffsetHours } } } }`);
    // a codegen client typed from GeoDB's schema (Int!) cannot read 5.5
    expect(d.kolkata).toEqual({ rawUtcOffsetHours: 5, utcOffsetHours: 5.5 });
    expect(d.stJohns.rawUtcOffsetHours).toBe(-3);
    for (const e of d.timeZones.edges) expect(Number.isInteger(e.node.rawUtcOffsetHours), e.node.id).toBe(true);
    const rest = await geodb('/v1/locale/timezones/America__St_Johns');
    expect(rest.data.rawUtcOffsetHours).toBe(d.stJohns.rawUtcOffsetHours);
    const type = await ok('{ __type(name: "TimeZone") { fields { name type { kind ofType { name } } } } }');
    expect(type.__type.fields.find((f: { name: string }) => f.name === 'rawUtcOffsetHours').type).toEqual({ kind: 'NON_NULL', ofType: { name: 'Int' } });
  });

  it('first and last that meet give their union (GeoDB), apart they keep the Relay reading', async () => {
    const q = (first: number, last: number) => `{ populatedPlaces(countryIds: ["IS"], minPopulation: 5000, first: ${first}, last: ${last}) { totalCount edges { node { id } } pageInfo { hasNextPage hasPreviousPage } } }`;
    const all = (await ok('{ populatedPlaces(countryIds: ["IS"], minPopulation: 5000, first: 100) { totalCount edges { node { id } } } }')).populatedPlaces;
    const total = all.totalCount as number;
    expect(total).toBeGreaterThan(6);
    const meet = (await ok(q(total - 3, 4))).populatedPlaces;
    expect(meet.edges).toEqual(all.edges);
    expect(meet.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
    const apart = (await ok(q(4, 2))).populatedPlaces;
    expect(apart.edges).toEqual(all.edges.slice(2, 4));
  });

  it('queries GeoDB also rejects fail validation; unknown ids and languages are errors, not crashes', async () => {
    for (const q of ['{ countries { code name } }', '{ country(code: "US") { name } }', '{ states { name } }', '{ countries(limit: 5) { totalCount } }']) {
      expect((await gql(q)).errors?.length, q).toBeGreaterThan(0);
    }
    const missing = await gql('{ populatedPlace(id: "Q999999999") { name } }');
    expect(missing.errors[0].extensions.code).toBe('ENTITY_NOT_FOUND');
    const bad = await gql('{ populatedPlace(id: "sixty") { name } }');
    expect(bad.errors[0].extensions.code).toBe('PARAM_INVALID');
  });
});