/**
 * GeoDB Cities compatibility (shared/spec/geodb-compat.md): the requests real
 * GeoDB clients send, operation by operation (section 1.3), through the real
 * gateway, core and geo database, checking the fields those clients read;
 * then bad input, which must get the error envelope. GraphQL (section 3): geodbGraphql.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geodbGet, startTestGateway, type GeoDbBody, type TestGateway } from '../support/gateway.js';
import { openDatabase } from '../../src/db/duckdb.js';
import { loadCoreConfig } from '../../src/config.js';

let gw: TestGateway;
beforeAll(async () => { gw = await startTestGateway(); });
afterAll(async () => { await gw.close(); });

const GREATER_LONDON = 2648110, LA_COUNTY = 5368381, PARIS_DEPT = 2968815;
const NYC = 5128581, SF = 5391959, LA = 5368361, PARIS = 2988507, BERLIN = 2950159, TOKYO = 1850147, MUNICH = 2867714, VIENNA = 2761369, MOSCOW = 524901;

type Body = GeoDbBody;
const geodb = (path: string): Promise<Body> => geodbGet(gw, path);
const ids = (b: Body): number[] => b.data.map((p: { id: number }) => p.id);

/** The fields a client reads from every PlaceSummary. */
function expectPlaceSummary(p: Body, opts: { country?: boolean; region?: boolean } = {}): void {
  expect(typeof p.id).toBe('number');
  expect(p.type).toBe('CITY');
  expect(typeof p.name).toBe('string');
  expect(p.city).toBe(p.name);
  expect(typeof p.latitude).toBe('number');
  expect(typeof p.longitude).toBe('number');
  expect(typeof p.population).toBe('number');
  if (opts.country !== false) { expect(typeof p.country).toBe('string'); expect(p.countryCode).toMatch(/^[A-Z]{2}$/); }
  if (opts.region !== false && p.regionCode !== undefined) expect(typeof p.region).toBe('string');
}

describe('REST: places, cities and admin divisions (#1-#14, #26-#32)', () => {
  it('#6 /geo/cities: namePrefix, countryIds (alpha-2 and WikiData), minPopulation, sort, hateoasMode=false, languageCode', async () => {
    const b = await geodb('/v1/geo/cities?namePrefix=San%20Fr&countryIds=Q30&minPopulation=100000&sort=-population&limit=1&hateoasMode=false&languageCode=de');
    expect(b.links).toBeUndefined();
    expect(ids(b)[0]).toBe(SF);
    expect(b.data[0]).toMatchObject({ name: 'San Francisco', region: 'Kalifornien', regionWdId: 'Q99' });
    const two = await geodb('/v1/geo/cities?countryIds=US,Q183&minPopulation=3000000&limit=10');
    expect(new Set(two.data.map((p: { countryCode: string }) => p.countryCode))).toEqual(new Set(['US', 'DE']));
    for (const p of two.data) expectPlaceSummary(p);
  });

  it('#6 location and radius (the forms clients send), distance in the unit, sorted by distance; a radius beyond half the Earth covers it', async () => {
    for (const loc of ['%2B37.7749-122.4194', '37.7749-122.4194', '+37.7749-122.4194']) {
      const b = await geodb(`/v1/geo/cities?location=${loc}&radius=10&distanceUnit=KM&limit=3`);
      expect(b.data[0].id).toBe(SF);
      expect(b.data[0].distance).toBeLessThan(1);
    }
    const far = await geodb('/v1/geo/cities?location=%2B00.0000%2B000.0000&radius=50000&distanceUnit=KM&minPopulation=5000000&limit=100');
    const all = await geodb('/v1/geo/cities?minPopulation=5000000&limit=100');
    expect(far.metadata.totalCount).toBe(all.metadata.totalCount);
    const d = far.data.map((p: { distance: number }) => p.distance);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });

  it('#6 a radius without a location narrows nothing, as distanceUnit does (forms that always send one, with an empty location)', async () => {
    const all = await geodb('/v1/geo/cities?minPopulation=5000000&limit=5');
    for (const q of ['radius=50', 'location=&radius=100', 'radius=10&distanceUnit=KM']) {
      const b = await geodb(`/v1/geo/cities?minPopulation=5000000&limit=5&${q}`);
      expect(b.metadata.totalCount, q).toBe(all.metadata.totalCount);
      expect(ids(b), q).toEqual(ids(all));
    }
  });

  it('#6 types=ADM2 on a city search finds divisions only; types=CITY,ADM2 merges both in one order; no types: populated places only', async () => {
    const adm2 = await geodb('/v1/geo/cities?types=ADM2&namePrefix=Los%20Angeles&limit=5');
    expect(adm2.data.map((p: { type: string }) => p.type)).toEqual(adm2.data.map(() => 'ADM2'));
    expect(ids(adm2)[0]).toBe(LA_COUNTY);
    const both = await geodb('/v1/geo/cities?types=ADM2,CITY&namePrefix=Los%20Angeles&limit=3');
    expect(ids(both).slice(0, 2)).toEqual([LA_COUNTY, LA]); // -population: the county (10.05M) before the city (3.9M)
    const [cities, divisions] = [await geodb('/v1/geo/cities?namePrefix=Los%20Angeles&limit=1'), await geodb('/v1/geo/cities?types=ADM2&namePrefix=Los%20Angeles&limit=1')];
    expect(both.metadata.totalCount).toBe(cities.metadata.totalCount + divisions.metadata.totalCount);
    expect(ids(cities)).toEqual([LA]);
    // paging through the merged list gives each record once
    const paged = [...ids(await geodb('/v1/geo/cities?types=CITY,ADM2&namePrefix=Los%20Angeles&limit=2&offset=0')), ...ids(await geodb('/v1/geo/cities?types=CITY,ADM2&namePrefix=Los%20Angeles&limit=2&offset=2'))];
    expect(paged.slice(0, 3)).toEqual(ids(both));
    expect((await geodb('/v1/geo/cities?types=ADM2,CITY&namePrefix=Tokyo&limit=1')).data[0].id).toBe(TOKYO);
  });

  it('#6 namePrefix matches the start of a word of the name; with a languageCode, other-language names too', async () => {
    // GeoDB 1.7: the name (English by default); with languageCode, the name in that language
    const san = (await geodb('/v1/geo/cities?namePrefix=San&limit=20')).data as { name: string }[];
    expect(san.length).toBe(20);
    // a word of the name, folded as the keys are (Şanlıurfa's ASCII name Sanliurfa counts)
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const c of san) expect(fold(c.name).split(/[\s-]+/).some((w) => w.startsWith('san')), c.name).toBe(true);
    expect((await geodb('/v1/geo/cities?namePrefix=Wien&limit=5')).data.map((c: { id: number }) => c.id)).not.toContain(VIENNA);
    // with a language, the name in it or the English name matches (geodbNames.test.ts: alternate names only find candidates)
    expect((await geodb('/v1/geo/cities?namePrefix=M%C3%BCnchen&languageCode=de&limit=1')).data[0].id).toBe(MUNICH);
    expect((await geodb('/v1/geo/cities?namePrefix=Wien&languageCode=de&limit=1')).data[0].id).toBe(VIENNA);
    expect((await geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent('Москва')}&languageCode=ru&limit=1`)).data[0].id).toBe(MOSCOW);
    // names in the display language (Natural Earth, then Who's On First) are shown and matched
    const munich = (await geodb('/v1/geo/cities?namePrefix=M%C3%BCnchen&languageCode=de&limit=1')).data[0];
    expect(munich).toMatchObject({ id: MUNICH, name: 'München', city: 'München', wikiDataId: 'Q1726' });
    expect((await geodb(`/v1/geo/cities/${MUNICH}?languageCode=ru`)).data.name).toBe('Мюнхен');
    expect((await geodb(`/v1/geo/cities/${MUNICH}?languageCode=pt_BR`)).data.name).toBe('Munique'); // pt_BR falls back to pt
    expect((await geodb(`/v1/geo/cities/${MUNICH}?languageCode=de&asciiMode=true`)).data.name).toBe('Munchen');
    expect((await geodb(`/v1/geo/cities/${VIENNA}?languageCode=ja`)).data.name).toBe('ウィーン'); // Who's On First (Natural Earth has no Japanese)
    expect((await geodb(`/v1/geo/cities/${MUNICH}?languageCode=it`)).data.name).toBe('Munich'); // no source has it: GeoNames' name
    // a time zone's city without a Natural Earth or Who's On First name: CLDR's exemplar city (America/Mexico_City, in Italian)
    expect((await geodb('/v1/geo/cities/3530597?languageCode=it')).data.name).toBe('Città del Messico');
    // sort=name orders by the names shown: Russian names in Russian order (Эссен after Штутгарт), either way, with
    // population deciding between equal names; mixed with divisions (types=CITY,ADM2) too
    const fold2 = (s: string) => fold(s).replace(/ё/g, 'е');
    for (const [types, q] of [['CITY', 'countryIds=DE&minPopulation=500000'], ['CITY,ADM2', 'countryIds=DE&minPopulation=1000000']] as const) {
      for (const sort of ['name', '-name']) {
        const names = (await geodb(`/v1/geo/cities?${q}&types=${types}&sort=${sort}&languageCode=ru&limit=50`)).data.map((c: { name: string }) => c.name) as string[];
        expect(names.length, types).toBeGreaterThan(3);
        const sorted = [...names].sort((a, b) => (fold2(a) < fold2(b) ? -1 : fold2(a) > fold2(b) ? 1 : 0) * (sort === 'name' ? 1 : -1));
        expect(names, `${types} ${sort}`).toEqual(sorted);
      }
    }
    // in asciiMode by the ASCII names shown (ranked by the Russian ones, the page had looked scrambled)
    const ascii = (await geodb('/v1/geo/cities?countryIds=DE&minPopulation=500000&sort=name&languageCode=ru&asciiMode=true&limit=50')).data.map((c: { name: string }) => c.name) as string[];
    expect(ascii).toEqual([...ascii].sort((a, b) => (fold(a) < fold(b) ? -1 : fold(a) > fold(b) ? 1 : 0)));
    const byNameThenPopulation = (await geodb('/v1/geo/cities?namePrefix=Springfield&countryIds=US&sort=name,-population&languageCode=ru&limit=10')).data as { name: string; population: number }[];
    for (let k = 1; k < byNameThenPopulation.length; k++) {
      const [a, b] = [byNameThenPopulation[k - 1]!, byNameThenPopulation[k]!];
      if (a.name === b.name) expect(a.population).toBeGreaterThanOrEqual(b.population);
    }
    expect((await geodb(`/v1/geo/cities?namePrefix=${encodeURIComponent('Città del')}&languageCode=it&limit=1`)).data[0].id).toBe(3530597);
    expect((await geodb(`/v1/geo/cities/${MUNICH}?languageCode=en`)).data.name).toBe('Munich');
    // no name in that language: GeoNames' name (GeoDB falls back to English)
    expect((await geodb(`/v1/geo/cities/${SF}?languageCode=de`)).data.name).toBe('San Francisco');
    expect((await geodb('/v1/geo/cities?namePrefix=muench&languageCode=de&countryIds=DE&limit=1')).data[0].id).toBe(MUNICH);
    // namePrefixDefaultLangResults=false: only the name shown in that language matches (München, not Munich)
    const onlyShown = (q: string) => geodb(`/v1/geo/cities?${q}&languageCode=de&countryIds=DE&minPopulation=1000000&namePrefixDefaultLangResults=false`);
    expect((await onlyShown('namePrefix=Muni')).data).toEqual([]);
    expect((await onlyShown('namePrefix=M%C3%BCn')).data.map((c: { id: number }) => c.id)).toEqual([MUNICH]);
    expect((await geodb('/v1/geo/cities?namePrefix=Muni&languageCode=de&countryIds=DE&minPopulation=1000000&namePrefixDefaultLangResults=true')).data[0].id).toBe(MUNICH);
    // GraphQL takes the same argument
    const g = await gw.send('POST', '/graphql', { query: '{ populatedPlaces(namePrefix: "Muni", namePrefixDefaultLangResults: false, countryIds: ["DE"], minPopulation: 1000000, displayOptions: { language: DE }) { totalCount } }' }, { 'X-RapidAPI-Key': gw.key });
    expect(g.body.data.populatedPlaces.totalCount).toBe(0);
    expect((await geodb('/v1/geo/cities?namePrefix=Munich&limit=1')).data[0].id).toBe(MUNICH); // the name itself, in any language
  });

  it('#6 an apostrophe is inside a word (GeoDB 1.7: word boundaries are spaces and hyphens): "an" does not find Xi’an, "Xian" and "Xi\'an" do', async () => {
    const XIAN = 1790630, ANKARA = 323786;
    const an = await geodb('/v1/geo/cities?namePrefix=an&minPopulation=1000000&sort=-population&limit=20');
    expect(ids(an)).toContain(ANKARA);
    expect(an.data.filter((c: { name: string }) => /['’]/.test(c.name)).map((c: { name: string }) => c.name)).toEqual([]);
    for (const p of ['Xian', "Xi'an", 'xi%E2%80%99an', 'XI%E2%80%99AN']) expect(ids(await geodb(`/v1/geo/cities?namePrefix=${p}&countryIds=CN&limit=1&sort=-population`)), p).toEqual([XIAN]);
    // an elision before a capital is a word boundary as well: L'Aquila by "Aquila", "L'Aq" and "laq"; Villeneuve-d'Ascq by "Ascq"
    const L_AQUILA = 3175121, VILLENEUVE_D_ASCQ = 6543862;
    for (const p of ['Aquila', "L'Aq", 'laq', 'L%E2%80%99Aquila']) expect(ids(await geodb(`/v1/geo/cities?namePrefix=${p}&countryIds=IT&limit=5&sort=-population`)), p).toContain(L_AQUILA);
    expect(ids(await geodb('/v1/geo/cities?namePrefix=Ascq&countryIds=FR&limit=5'))).toContain(VILLENEUVE_D_ASCQ);
    expect((await geodb('/v1/geo/countries?namePrefix=Ivoire')).data.map((c: { code: string }) => c.code)).toEqual(['CI']);
  });

  it('#6 namePrefix does not run across a word boundary: Baden finds Baden-Baden, not Bad Endbach (GeoDB 1.7: words split at spaces and hyphens)', async () => {
    const BADEN_BADEN = 2953504, BAD_ENDBACH = 2930408, BAD_ENDORF = 2930367;
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const baden = await geodb('/v1/geo/cities?namePrefix=Baden&countryIds=DE&limit=100');
    expect(ids(baden)).toContain(BADEN_BADEN);
    expect(ids(baden)).not.toContain(BAD_ENDBACH);
    for (const c of baden.data) expect(fold(c.name).split(/[^\p{L}\p{N}]+/u).some((w: string) => w.startsWith('baden')), c.name).toBe(true);
    // a prefix that spans words still matches from a word start, whatever the separators the client typed
    for (const p of ['Bad%20End', 'bad-end', 'BAD%20%20END']) expect(ids(await geodb(`/v1/geo/cities?namePrefix=${p}&countryIds=DE&limit=10`)), p).toEqual(expect.arrayContaining([BAD_ENDBACH, BAD_ENDORF]));
    for (const p of ['Baden-Baden', 'baden%20baden', 'Baden-B']) expect(ids(await geodb(`/v1/geo/cities?namePrefix=${p}&countryIds=DE&limit=1`)), p).toEqual([BADEN_BADEN]);
    // the same rule for region and country names
    expect((await geodb('/v1/geo/countries/US/regions?namePrefix=Newy')).data).toEqual([]);
    expect((await geodb('/v1/geo/countries/US/regions?namePrefix=New%20Y')).data.map((r: { isoCode: string }) => r.isoCode)).toEqual(['NY']);
  });

  it('#26 /geo/places with types and every population; #27 details with flat latitude/longitude, timezone, deleted', async () => {
    const b = await geodb('/v1/geo/places?namePrefix=San%20Francisco&types=CITY&limit=5');
    for (const p of b.data) expectPlaceSummary(p);
    const d = (await geodb(`/v1/geo/places/${SF}`)).data;
    expect(d).toMatchObject({ id: SF, type: 'CITY', name: 'San Francisco', countryCode: 'US', regionCode: 'CA', regionWdId: 'Q99', timezone: 'America__Los_Angeles', deleted: false });
    // Clients pass the zone id back as it came and show it with __ replaced by /.
    expect((await geodb(`/v1/locale/timezones/${d.timezone}/time`)).data).toMatch(/^\d\d:\d\d/);
    expect(d.latitude).toBeCloseTo(37.77, 1);
    expect(d.longitude).toBeCloseTo(-122.42, 1);
    expect(d.elevationMeters).toBe(16);
    // GeoNames has no surveyed elevation for Munich: the DEM height at the point (data/README.md)
    expect((await geodb(`/v1/geo/places/${MUNICH}`)).data.elevationMeters).toBe(524);
  });

  it('#7 /geo/cities/{cityId} by GeoNames id and by WikiData id: the same record, with its wikiDataId, in lists too', async () => {
    const known: [number, string, string][] = [[NYC, 'New York City', 'Q60'], [PARIS, 'Paris', 'Q90'], [LA, 'Los Angeles', 'Q65'], [BERLIN, 'Berlin', 'Q64'], [TOKYO, 'Tokyo', 'Q1490'], [SF, 'San Francisco', 'Q62']];
    for (const [id, name, qid] of known) {
      const d = (await geodb(`/v1/geo/cities/${id}`)).data;
      expect(d).toMatchObject({ id, name, wikiDataId: qid });
      for (const path of [`/v1/geo/cities/${qid}`, `/v1/geo/places/${qid}`, `/v1/geo/cities/${qid.toLowerCase()}`]) expect((await geodb(path)).data, path).toEqual(d);
    }
    // lists carry it on every record that has one
    const list = await geodb('/v1/geo/cities?countryIds=GB,FR,DE,JP&minPopulation=1000000&limit=10');
    expect(list.data.length).toBeGreaterThan(3);
    for (const p of list.data) expect(p.wikiDataId, p.name).toMatch(/^Q\d+$/);
    // sub-resources take the Q-id as the path id and as the other place
    expect((await geodb('/v1/geo/places/Q90/distance?toPlaceId=Q60&distanceUnit=KM')).data).toBeCloseTo((await geodb(`/v1/geo/places/${PARIS}/distance?toPlaceId=${NYC}&distanceUnit=KM`)).data, 9);
    expect((await geodb('/v1/geo/places/Q65/locatedIn')).data).toMatchObject({ id: LA_COUNTY, name: 'Los Angeles County', type: 'ADM2' });
    expect(ids(await geodb('/v1/geo/cities/Q62/nearbyCities?radius=20&limit=3'))).not.toContain(SF);
    expect((await geodb('/v1/geo/cities/Q62/time')).data).toMatch(/^\d\d:\d\d/);
  });

  it('#7 a WikiData id that sources put on several places names the most populous of them', async () => {
    // Who's On First hangs a municipality's item on each of its towns: Q-id lookups must name one place, and
    // the build keeps the id on the most populous (then the lowest GeoNames id); the others carry none.
    const r = await gw.send('POST', '/graphql', { query: '{ a: populatedPlace(id: "Q84") { id wikiDataId population } }' }, { 'X-RapidAPI-Key': gw.key });
    expect(r.body.data.a).toMatchObject({ id: '2643743', wikiDataId: 'Q84' }); // London, not Londonderry
    const db = await openDatabase(loadCoreConfig().geoDbPath, { readOnly: true });
    const conn = await db.connect();
    try {
      // ids WOF gives to several places (each place with one WOF row, distinct populations), none of them holding another id
      const shared = (await conn.runAndReadAll(`
        WITH w AS (SELECT TRY_CAST(gn_id AS INTEGER) AS id, any_value(wd_id) AS wd, count(*) AS n
                   FROM read_csv('data/sources/whosonfirst-admin-gn-wd/wof_localities_gn_wd_names.tsv.gz', delim = '\t', quote = '', escape = '', header = true, all_varchar = true)
                   WHERE coalesce(edtf_deprecated, '') = '' AND gn_id IS NOT NULL GROUP BY 1)
        SELECT w.wd, list(p.id ORDER BY p.population DESC, p.id) AS ids
        FROM w JOIN places p ON p.id = w.id WHERE w.n = 1 AND w.wd IS NOT NULL AND (p.wiki_data_id IS NULL OR p.wiki_data_id = w.wd)
        GROUP BY w.wd HAVING count(*) > 1 AND count(DISTINCT p.population) = count(*) AND count(p.wiki_data_id) > 0
        ORDER BY w.wd LIMIT 8`)).getRowObjectsJson() as { wd: string; ids: number[] }[];
      expect(shared.length).toBeGreaterThan(3);
      for (const { wd, ids: candidates } of shared) {
        const d = (await geodb(`/v1/geo/places/${wd}`)).data;
        expect(d, wd).toMatchObject({ id: candidates[0], wikiDataId: wd });
        for (const other of candidates.slice(1)) expect((await geodb(`/v1/geo/places/${other}`)).data.wikiDataId, `${wd} on ${other}`).toBeUndefined();
      }
    } finally { conn.closeSync(); db.closeSync(); }
  });

  it('#8-#10 nearby cities, divisions and places of a city; #28 nearby places of a place; filters around the centre', async () => {
    const cities = await geodb(`/v1/geo/cities/${SF}/nearbyCities?radius=20&distanceUnit=KM&minPopulation=50000&sort=-population&limit=10`);
    expect(ids(cities)).not.toContain(SF);
    for (const p of cities.data) { expectPlaceSummary(p); expect(p.distance).toBeLessThanOrEqual(20); }
    const divisions = await geodb(`/v1/geo/cities/${SF}/nearbyDivisions?radius=30&minPopulation=500000&distanceUnit=KM`);
    expect(divisions.data.length).toBeGreaterThan(0);
    for (const p of divisions.data) { expect(p.type).toBe('ADM2'); expect(p.distance).toBeLessThanOrEqual(30); }
    const places = await geodb(`/v1/geo/cities/${SF}/nearbyPlaces?radius=5&distanceUnit=KM&types=CITY&limit=3`);
    expect(places.data.length).toBe(3);
    const filtered = await geodb(`/v1/geo/places/${SF}/nearbyPlaces?radius=100&countryIds=US&timeZoneIds=America__Los_Angeles&namePrefix=Oak&namePrefixDefaultLangResults=true&limit=3`);
    expect(filtered.data[0].name).toBe('Oakland');
    const sorted = await geodb(`/v1/geo/cities/${SF}/nearbyCities?radius=50&sort=countryId,-population&limit=3`);
    expect(sorted.data.length).toBe(3);
  });

  it('#1-#5 admin divisions: ADM2 records in the list, by id, and nearby searches around them', async () => {
    const list = await geodb('/v1/geo/adminDivisions?namePrefix=Los&limit=5');
    expect(ids(list)[0]).toBe(LA_COUNTY);
    for (const p of list.data) expect(p).toMatchObject({ type: 'ADM2', countryCode: expect.any(String) });
    const county = (await geodb(`/v1/geo/adminDivisions/${LA_COUNTY}`)).data;
    expect(county).toMatchObject({ id: LA_COUNTY, type: 'ADM2', name: 'Los Angeles County', countryCode: 'US', regionCode: 'CA', regionWdId: 'Q99', timezone: 'America__Los_Angeles', deleted: false });
    // population: the sum over its places without PPLX sections (10.05M; the 2020 census counted 10.0M)
    expect(county.population).toBeGreaterThan(9_500_000);
    expect(county.population).toBeLessThan(10_500_000);
    // Greater London: London (8.96M) and its boroughs are all places of GB.ENG.GLA; the boroughs are not counted twice
    const london = (await geodb('/v1/geo/adminDivisions?minPopulation=1000000&namePrefix=Lon')).data;
    expect(ids({ data: london })).toContain(GREATER_LONDON);
    const gl = london.find((p: { id: number }) => p.id === GREATER_LONDON);
    expect(gl.population).toBeGreaterThan(8_000_000);
    expect(gl.population).toBeLessThan(10_000_000);
    expect((await geodb(`/v1/geo/adminDivisions/${PARIS_DEPT}`)).data).toMatchObject({ name: 'Paris', population: 2138551 });
    expect((await geodb(`/v1/geo/adminDivisions/${LA}`)).data.id).toBe(LA); // a place id names the place
    expect((await geodb(`/v1/geo/adminDivisions/${LA_COUNTY}/nearbyCities?radius=10&limit=3`)).data.length).toBe(3);
    const near = await geodb(`/v1/geo/adminDivisions/${LA_COUNTY}/nearbyDivisions?radius=100&limit=10`);
    expect(ids(near)).not.toContain(LA_COUNTY);
    expect(near.data.length).toBeGreaterThan(0);
    for (const p of near.data) expect(p.type).toBe('ADM2');
    const mixed = await geodb(`/v1/geo/adminDivisions/${LA_COUNTY}/nearbyPlaces?radius=100&types=ADM2,CITY&minPopulation=1000000&limit=10`);
    expect(new Set(mixed.data.map((p: { type: string }) => p.type))).toEqual(new Set(['ADM2', 'CITY']));
    // the location search GeoDB clients send: divisions within 100 miles with 100k people or more
    const around = await geodb('/v1/geo/adminDivisions?location=%2B34.0522-118.2437&radius=100&minPopulation=100000&limit=10');
    expect(ids(around)).toContain(LA_COUNTY);
    for (const p of around.data) { expect(p.population).toBeGreaterThanOrEqual(100000); expect(p.distance).toBeLessThanOrEqual(100); }
  });

  it('#11 and #29 distance: toCityId and toPlaceId, in MI by default, not rounded', async () => {
    const mi = (await geodb(`/v1/geo/cities/${SF}/distance?toCityId=${LA}`)).data;
    const km = (await geodb(`/v1/geo/places/${SF}/distance?toPlaceId=${LA}&distanceUnit=KM`)).data;
    expect(mi).toBeCloseTo(347.4, 0);
    expect(km).toBeCloseTo(mi * 1.609344, 6);
    expect(Math.round(km * 100) / 100).not.toBe(km);
  });

  it('#12-#14 and #30-#32 dateTime, time, locatedIn (the containing division as a place: the county, else the region)', async () => {
    expect((await geodb(`/v1/geo/cities/${SF}/dateTime`)).data).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-0[78]:00$/);
    expect((await geodb(`/v1/geo/places/${SF}/time`)).data.substring(0, 5)).toMatch(/^\d\d:\d\d$/);
    // a city: the second-level division whose code it carries (GeoDB: "for example its county")
    for (const path of [`/v1/geo/cities/${SF}/locatedIn`, `/v1/geo/places/${SF}/locatedIn?languageCode=ru`]) {
      const d = (await geodb(path)).data;
      expect(d).toMatchObject({ id: 5391997, name: 'City and County of San Francisco', type: 'ADM2', featureCode: 'ADM2', countryCode: 'US', regionCode: 'CA', timezone: 'America__Los_Angeles', deleted: false });
      expect(d.population).toBeGreaterThan(800000);
    }
    expect((await geodb('/v1/geo/places/Q65/locatedIn')).data).toMatchObject({ name: 'Los Angeles County', type: 'ADM2', regionCode: 'CA' });
    // a division, and a city no division holds (New York City spans five counties): the region
    for (const path of ['/v1/geo/places/5391997/locatedIn', '/v1/geo/cities/Q60/locatedIn']) {
      const d = (await geodb(path)).data;
      expect(d).toMatchObject({ type: 'ADM1', featureCode: 'ADM1', countryCode: 'US', deleted: false });
      expect(typeof d.latitude).toBe('number');
      expect(d.population).toBeGreaterThan(0);
    }
    expect((await geodb('/v1/geo/places/5391997/locatedIn')).data).toMatchObject({ id: 5332921, wikiDataId: 'Q99', timezone: 'America__Los_Angeles' });
    expect((await geodb('/v1/geo/places/5391997/locatedIn?languageCode=ru')).data.name).toBe('Калифорния');
    expect((await geodb('/v1/geo/cities/Q60/locatedIn')).data.wikiDataId).toBe('Q1384');
  });

  it('#23-#25 location searches: cities (population >= 1000), divisions, and places of every population', async () => {
    const cities = await geodb('/v1/geo/locations/%2B48.8566%2B002.3522/nearbyCities?radius=5&distanceUnit=KM&limit=3');
    expect(cities.data[0].id).toBe(PARIS);
    const divisions = await geodb('/v1/geo/locations/+48.8566+002.3522/nearbyDivisions?radius=50');
    expect(ids(divisions)[0]).toBe(PARIS_DEPT);
    const adm2 = await geodb('/v1/geo/places?location=%2B48.8566%2B002.3522&radius=50&types=ADM2&limit=5');
    expect(ids(adm2)).toEqual(ids(divisions).slice(0, adm2.data.length));
    const all = await geodb('/v1/geo/locations/%2B48.8566%2B002.3522/nearbyPlaces?radius=30&distanceUnit=KM&maxPopulation=999&limit=3');
    const citiesOnly = await geodb('/v1/geo/locations/%2B48.8566%2B002.3522/nearbyCities?radius=30&distanceUnit=KM&maxPopulation=999&limit=3');
    expect(all.metadata.totalCount).toBeGreaterThan(0);
    expect(citiesOnly.metadata.totalCount).toBe(0);
  });
});

describe('REST: countries and regions (#15-#22)', () => {
  it('#15 countries: wikiDataId on summaries, namePrefix, currencyCode, sort', async () => {
    const b = await geodb('/v1/geo/countries?namePrefix=Germ&limit=5');
    expect(b.data[0]).toMatchObject({ code: 'DE', wikiDataId: 'Q183', currencyCodes: ['EUR'] });
    const de = await geodb('/v1/geo/countries?namePrefix=Deutsch&languageCode=de&limit=5');
    expect(de.data[0]).toMatchObject({ code: 'DE', name: 'Deutschland' });
    expect((await geodb('/v1/geo/countries?currencyCode=EUR&sort=-name&limit=50')).data.length).toBeGreaterThan(15);
    // GeoDB's names are WikiData's ("United States of America"): its tutorials search "America" and get the USA; ISO's
    // English short names are matched beside CLDR's (the name shown stays CLDR's)
    const america = await geodb('/v1/geo/countries?namePrefix=America&limit=10');
    expect(america.data.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['US', 'AS']));
    expect(america.data.find((c: { code: string }) => c.code === 'US').name).toBe('United States');
    expect((await geodb('/v1/geo/countries?namePrefix=Russian%20Fed&limit=5')).data.map((c: { code: string }) => c.code)).toEqual(['RU']);
    // not in another display language, where ISO's English names are not names
    expect((await geodb('/v1/geo/countries?namePrefix=America&languageCode=de&namePrefixDefaultLangResults=false&limit=10')).data.map((c: { code: string }) => c.code)).not.toContain('US');
  });

  it('#15 and #18 sort=name orders accented names with their letter (Égypte beside Egypte, Île-de-France among the I), as place names are', async () => {
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const sortedFolded = (names: string[]) => names.every((n, i) => i === 0 || fold(names[i - 1]!) <= fold(n));
    const fr: string[] = [];
    for (const offset of [0, 100, 200]) fr.push(...(await geodb(`/v1/geo/countries?sort=name&languageCode=fr&limit=100&offset=${offset}`)).data.map((c: { name: string }) => c.name));
    expect(fr).toHaveLength(250);
    expect(sortedFolded(fr), fr.slice(-5).join(', ')).toBe(true);
    expect(fr.indexOf('Égypte')).toBeLessThan(fr.indexOf('Espagne'));
    const desc = (await geodb('/v1/geo/countries?sort=-name&limit=3')).data.map((c: { name: string }) => c.name);
    expect(desc[0]).toBe('Zimbabwe'); // Åland Islands sorted after Z
    const regions = (await geodb('/v1/geo/countries/FR/regions?sort=name&limit=20')).data.map((r: { name: string }) => r.name);
    expect(sortedFolded(regions), regions.join(', ')).toBe(true);
  });

  it('#16 country details by alpha-2 and by WikiData id: wikiDataId, flagImageUri, callingCode, numRegions', async () => {
    const us = (await geodb('/v1/geo/countries/US')).data;
    const q = (await geodb('/v1/geo/countries/Q30')).data;
    expect(q).toEqual(us);
    expect(us).toMatchObject({ code: 'US', wikiDataId: 'Q30', callingCode: '+1', currencyCodes: ['USD'], numRegions: 51 });
    expect(us.flagImageUri).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await geodb('/v1/geo/countries/FR?languageCode=pt_BR')).data.name).toBe('França');
  });

  it('#17 places of a country leave the country fields out; #18 regions keep countryCode and carry wikiDataId; sort fipsCode', async () => {
    const places = await geodb('/v1/geo/countries/DE/places?namePrefix=Berl&minPopulation=1000000&limit=3');
    expect(places.data[0].id).toBe(BERLIN);
    expect(places.data[0]).not.toHaveProperty('countryCode');
    expectPlaceSummary(places.data[0], { country: false });
    const regions = await geodb('/v1/geo/countries/Q30/regions?namePrefix=Cal&sort=-fipsCode&namePrefixDefaultLangResults=true');
    expect(regions.data[0]).toMatchObject({ countryCode: 'US', name: 'California', isoCode: 'CA', fipsCode: '06', wikiDataId: 'Q99' });
    const byFips = await geodb('/v1/geo/countries/US/regions?sort=fipsCode&limit=2');
    expect(byFips.data.map((r: { fipsCode: string }) => r.fipsCode)).toEqual(['01', '02']);
  });

  it('#18 -> #19: each region a list gives is found again by its isoCode (China, Mexico, Ukraine, Iran, Indonesia had codes of other regions)', async () => {
    const expected: [string, string, string][] = [['CN', 'GX', 'Guangxi'], ['CN', 'XJ', 'Xinjiang'], ['CN', 'JX', 'Jiangxi'], ['MX', 'CMX', 'Mexico City'], ['MX', 'MEX', 'State of Mexico'],
      ['UA', '30', 'Kiev'], ['UA', '32', 'Kiev Oblast'], ['IR', '01', 'Gilan Province'], ['IR', '03', 'East Azerbaijan Province'], ['ID', 'PA', 'Papua'], ['ID', 'PB', 'West Papua']];
    for (const [country, code, name] of expected) expect((await geodb(`/v1/geo/countries/${country}/regions/${code}`)).data.name, `${country}-${code}`).toBe(name);
    for (const country of ['CN', 'MX', 'UA', 'IR', 'ID']) {
      const list = (await geodb(`/v1/geo/countries/${country}/regions?limit=100`)).data as { isoCode?: string; name: string }[];
      for (const r of list.filter((x) => x.isoCode)) {
        expect((await geodb(`/v1/geo/countries/${country}/regions/${r.isoCode}`)).data.name, `${country}-${r.isoCode} ${r.name}`).toBe(r.name);
      }
    }
  });

  it('a place in no region has no region fields, in its details and in lists (§2.3: absent or null)', async () => {
    const MCMURDO = 6696480;
    const d = (await geodb(`/v1/geo/cities/${MCMURDO}`)).data;
    expect(d.countryCode).toBe('AQ');
    expect(d).not.toHaveProperty('region');
    expect(d).not.toHaveProperty('regionCode');
    const list = await geodb('/v1/geo/cities?countryIds=AQ&limit=10');
    expect(list.data.length).toBeGreaterThan(0);
    for (const p of list.data) { expect(p).not.toHaveProperty('region'); expect(p).not.toHaveProperty('regionCode'); }
  });

  it('#19 a region\'s capital is its seat, also where GeoNames marks that seat only as the country\'s capital', async () => {
    for (const [country, region, capital] of [['GB', 'ENG', 'London'], ['FR', 'IDF', 'Paris'], ['RU', 'MOW', 'Moscow'], ['JP', '13', 'Tokyo'],
      ['ES', 'MD', 'Madrid'], ['NL', 'NH', 'Haarlem'], ['CA', 'ON', 'Toronto']] as const) {
      expect((await geodb(`/v1/geo/countries/${country}/regions/${region}`)).data.capital, `${country}-${region}`).toBe(capital);
    }
  });

  it('#19 region details by ISO, FIPS and HASC code; #20-#22 region lists leave country and region fields out', async () => {
    for (const code of ['CA', '06', 'US.CA']) {
      expect((await geodb(`/v1/geo/countries/US/regions/${code}`)).data).toMatchObject({ name: 'California', wikiDataId: 'Q99', hascCode: 'US.CA', capital: 'Sacramento' });
    }
    const cities = await geodb('/v1/geo/countries/US/regions/CA/cities?minPopulation=1000000&timeZoneIds=America__Los_Angeles');
    expect(ids(cities)).toContain(LA);
    const places = await geodb('/v1/geo/countries/US/regions/CA/places?namePrefix=Los%20Ang&limit=1');
    expect(places.data[0].id).toBe(LA);
    for (const p of [...cities.data, ...places.data]) { expect(p).not.toHaveProperty('countryCode'); expect(p).not.toHaveProperty('regionCode'); }
    const counties = await geodb('/v1/geo/countries/US/regions/CA/adminDivisions?limit=5');
    expect(ids(counties)[0]).toBe(LA_COUNTY);
    // California's 58 counties but Alpine County, whose largest town (Markleeville, ~200 people) is below cities500's 500
    expect(counties.metadata.totalCount).toBe(57);
    for (const p of counties.data) { expect(p.type).toBe('ADM2'); expect(p).not.toHaveProperty('countryCode'); expect(p).not.toHaveProperty('regionCode'); }
  });
});

describe('REST: locale (#33-#39)', () => {
  it('#33 currencies: countryId (GeoDB) and countryCode (seed), empty countryId means all, WikiData ids', async () => {
    const byId = await geodb('/v1/locale/currencies?countryId=CH');
    expect(byId.data.map((c: { code: string }) => c.code)).toContain('CHF');
    expect((await geodb('/v1/locale/currencies?countryId=Q39')).data).toEqual(byId.data);
    const all = await geodb('/v1/locale/currencies?countryId=&limit=5');
    expect(all.metadata.totalCount).toBeGreaterThan(100);
    expect(all.data[0]).toHaveProperty('symbol');
  });

  it('#34-#39 languages, locales (en_US), time zones (ids with __, int32 offsets; paths take __ or /)', async () => {
    expect((await geodb('/v1/locale/languages?limit=5')).data[0]).toHaveProperty('name');
    const locales = (await geodb('/v1/locale/locales?limit=100&offset=100')).data.map((l: { code: string }) => l.code);
    expect(locales.some((c: string) => /^[a-z]{2,3}_[A-Z]{2}$/.test(c))).toBe(true);
    expect(locales.some((c: string) => c.includes('-'))).toBe(false);
    const zones = (await geodb('/v1/locale/timezones?limit=100')).data;
    for (const z of zones) { expect(z.id).not.toContain('/'); expect(Number.isInteger(z.rawUtcOffsetHours)).toBe(true); }
    expect(zones.map((z: { id: string }) => z.id)).toContain('Africa__Abidjan');
    expect((await geodb('/v1/locale/timezones/America__Los_Angeles')).data.name).toMatch(/Pacific/);
    expect((await geodb('/v1/locale/timezones/America__Los_Angeles/dateTime')).data).toMatch(/T/);
    expect((await geodb('/v1/locale/timezones/America__Los_Angeles/time')).data).toMatch(/^\d\d:\d\d/);
  });
});

describe('REST: keys, headers and paging', () => {
  it('every keyed answer carries rate-limit headers (our names and the RapidAPI ones), also for a key without a limit', async () => {
    for (const header of ['X-RapidAPI-Key', 'X-Mashape-Key', 'X-Mashape-Authorization', 'X-Gateway-Key']) {
      const r = await gw.get('/v1/geo/countries/US', { [header]: gw.key });
      expect(r.status, header).toBe(200);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-requests-limit', 'x-ratelimit-requests-remaining']) {
        expect(Number(r.headers.get(h)), `${header} ${h}`).toBeGreaterThan(0);
      }
    }
    expect((await gw.get('/v1/geo/countries/US', {})).status).toBe(401);
  });

  it('links appear only when results exceed the limit; nextPageToken pages like the next link', async () => {
    const one = await geodb('/v1/geo/countries/US/regions?namePrefix=California');
    expect(one.links).toBeUndefined();
    expect(one.metadata.nextPageToken).toBeUndefined();
    const first = await geodb('/v1/locale/currencies?limit=5');
    const next = first.links.find((l: { rel: string }) => l.rel === 'next');
    expect(next.href).toBe('/v1/locale/currencies?offset=5&limit=5');
    const byLink = await geodb(next.href);
    const byToken = await geodb(`/v1/locale/currencies?limit=5&pageToken=${encodeURIComponent(first.metadata.nextPageToken)}`);
    expect(byToken.data).toEqual(byLink.data);
  });
});

describe('REST: unknown query parameters', () => {
  it('are left out for GeoDB\'s clients (named in Meridian-Ignored-Parameters) and stay 400 for everyone else, kept answers apart', async () => {
    const stray = '/v1/geo/countries?limit=1&offsett&namePrefix=Fra&cacheBust=42';
    // a native client first: its 400 is not kept, and must not become a GeoDB client's answer (or the reverse)
    const native = await gw.get(stray, { 'X-Gateway-Key': gw.key });
    expect(native.status).toBe(400);
    expect(native.body.errors[0].message).toMatch(/unknown query parameter 'offsett'/);
    for (let i = 0; i < 2; i++) {
      const r = await gw.get(stray, { 'X-RapidAPI-Key': gw.key, 'X-RapidAPI-Host': 'wft-geo-db.p.rapidapi.com' });
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('meridian-ignored-parameters')).toBe('offsett, cacheBust');
      expect(r.body.data[0].code).toBe('FR');
      // paging links repeat what the answer read, not what was ignored
      for (const l of r.body.links ?? []) expect(l.href).not.toMatch(/offsett|cacheBust/);
    }
    expect((await gw.get(stray, { 'X-Gateway-Key': gw.key })).status).toBe(400);
    // a header value cannot be broken by a parameter's name
    const odd = await gw.get('/v1/geo/countries?limit=1&a%0D%0AX-Evil%3A%201=2', { 'X-RapidAPI-Key': gw.key });
    expect(odd.status).toBe(200);
    expect(odd.headers.get('x-evil')).toBeNull();
    expect(odd.headers.get('meridian-ignored-parameters')).toBe('a%0D%0AX-Evil%3A%201');
    // known parameters with bad values, and a field given in the path again, are refused as before
    expect((await gw.get('/v1/geo/countries?limit=abc&offsett', { 'X-RapidAPI-Key': gw.key })).status).toBe(400);
    expect((await gw.get(`/v1/geo/cities/${SF}?cityId=1`, { 'X-RapidAPI-Key': gw.key })).status).toBe(400);
  });
});

describe('REST: bad input gets the error envelope, never a 500', () => {
  it.each([
    ['/v1/geo/cities/abc', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities/Q0x', 400, 'PARAM_INVALID'],
    ['/v1/geo/places/Q999999999', 404, 'ENTITY_NOT_FOUND'],
    [`/v1/geo/places/${SF}/distance?toPlaceId=Q999999999`, 404, 'ENTITY_NOT_FOUND'],
    [`/v1/geo/places/${SF}/distance?toPlaceId=nope`, 400, 'PARAM_INVALID'],
    [`/v1/geo/places/${SF}/distance`, 400, 'PARAM_INVALID'],
    ['/v1/geo/countries/Q1', 404, 'ENTITY_NOT_FOUND'],
    ['/v1/geo/countries/USA', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?countryIds=Q1', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?languageCode=xx', 400, 'PARAM_INVALID'],
    ['/v1/geo/countries/US?languageCode=zz_ZZ', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?location=%2B37.7749-122.4194&radius=-5', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?location=%2B37.7749-122.4194&radius=0', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?radius=-5', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?types=VILLAGE', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?location=%2B37.7749-122.4194&countryIds=US', 400, 'PARAMS_MUTUALLY_EXCLUSIVE'],
    ['/v1/geo/cities?countryIds=US&excludedCountryIds=CA', 400, 'PARAMS_MUTUALLY_EXCLUSIVE'],
    ['/v1/geo/countries/US/regions?sort=capital', 400, 'PARAM_INVALID'],
    ['/v1/geo/countries/US/regions/CA/cities?sort=countryCode', 400, 'PARAM_INVALID'], // SORT-B (1.4): one country's list
    ['/v1/geo/countries/US/places?sort=-countryCode,name', 400, 'PARAM_INVALID'],
    ['/v1/geo/countries/US/regions/ZZ', 404, 'ENTITY_NOT_FOUND'],
    ['/v1/locale/currencies?countryId=Q1', 400, 'PARAM_INVALID'],
    ['/v1/geo/cities?limit=1000', 403, 'ACCESS_DENIED'],
  ])('%s → %i %s', async (path, status, code) => {
    const r = await gw.get(path, { 'X-RapidAPI-Key': gw.key });
    expect(r.status, r.text).toBe(status);
    expect(r.body.errors[0]).toMatchObject({ code });
    expect(typeof r.body.errors[0].message).toBe('string');
  });
});
