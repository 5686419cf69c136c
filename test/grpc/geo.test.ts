/**
 * GeoService as a gRPC caller sees it: the real core on an ephemeral port,
 * over the real geo database.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { haversineKm } from '../../src/geo/distance.js';
import { geoClient } from '../support/grpcClient.js';

const { call, fail, close } = geoClient(inject('coreAddress'));
afterAll(close);

interface City { id: number; city: string; name: string; country?: string; countryCode: string; region: string; regionCode: string; latitude: number; longitude: number; population: number; distance?: number; type: string }
interface List<T = City> { data: T[]; totalCount: number; currentOffset: number; nextPageToken: string }

const SF = 5391959;
const NYC = 5128581;
const list = (method: string, req: Record<string, unknown>) => call<List>(method, req);

describe('ListCities', () => {
  it('with no criteria returns cities of population >= 1000, most populous first, with a total', async () => {
    const r = await list('ListCities', {});
    expect(r.totalCount).toBe(118_525);
    expect(r.data).toHaveLength(10);
    expect(r.data.every((c) => c.population >= 1000 && c.type === 'CITY')).toBe(true);
    const pops = r.data.map((c) => c.population);
    expect([...pops].sort((a, b) => b - a)).toEqual(pops);
  });

  it('an explicit minPopulation=0 admits every populated place (ListPlaces does by default)', async () => {
    const cities = await list('ListCities', { minPopulation: 0 });
    const places = await list('ListPlaces', {});
    expect(cities.totalCount).toBe(199_568);
    expect(places.totalCount).toBe(199_568);
  });

  it('near a location returns cities within the radius sorted by distance, in the requested unit', async () => {
    const km = await list('ListCities', { location: '+37.7749-122.4194', radius: 50, distanceUnit: 'KM', limit: 50 });
    expect(km.data[0]!.id).toBe(SF);
    const distances = km.data.map((c) => c.distance!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const c of km.data) {
      expect(c.distance!).toBeLessThanOrEqual(50);
      expect(Math.abs(haversineKm(37.7749, -122.4194, c.latitude, c.longitude) - c.distance!)).toBeLessThan(0.001);
    }
    const mi = await list('ListCities', { location: '+37.7749-122.4194', radius: 50 / 1.609344, limit: 50 });
    expect(mi.totalCount).toBe(km.totalCount);
    expect(mi.data[5]!.distance!).toBeCloseTo(km.data[5]!.distance! / 1.609344, 2);
  });

  it('defaults the radius unit to miles and the radius to 100', async () => {
    const dflt = await list('ListCities', { location: '+40.7128-074.0060' });
    const mi100 = await list('ListCities', { location: '+40.7128-074.0060', radius: 100, distanceUnit: 'MI' });
    expect(dflt.totalCount).toBe(mi100.totalCount);
  });

  it('namePrefix matches the start of any word, ignoring case and accents', async () => {
    const r = await list('ListCities', { namePrefix: 'FRANCISCO', limit: 100 });
    expect(r.data.map((c) => c.id)).toContain(SF);
    const lodz = await list('ListCities', { namePrefix: 'lodz', countryIds: ['PL'] });
    expect(lodz.data.some((c) => c.name === 'Łódź')).toBe(true);
    const zurich = await list('ListCities', { namePrefix: 'zurich', countryIds: ['CH'] });
    expect(zurich.data.some((c) => c.name === 'Zürich')).toBe(true);
    const strasse = await list('ListPlaces', { namePrefix: 'Grossr' });
    const strasse2 = await list('ListPlaces', { namePrefix: 'Großr' });
    expect(strasse2.totalCount).toBe(strasse.totalCount);
  });

  it('filters by countries, excluded countries, population range, time zones and types (REST alias names are the gateway\'s)', async () => {
    const a = await list('ListCities', { countryIds: ['us'], limit: 5 });
    const b = await list('ListCities', { countryIds: ['US'], limit: 5 });
    expect(a.data.every((x) => x.countryCode === 'US')).toBe(true);
    expect(b).toEqual(a);
    const notUs = await list('ListCities', { excludedCountryIds: ['US', 'CN'], limit: 50 });
    expect(notUs.data.every((x) => !['US', 'CN'].includes(x.countryCode))).toBe(true);
    const range = await list('ListCities', { minPopulation: 100000, maxPopulation: 200000, limit: 50 });
    expect(range.data.every((x) => x.population >= 100000 && x.population <= 200000)).toBe(true);
    const tz = await list('ListCities', { timeZoneIds: ['Asia__Kathmandu'], limit: 5 });
    expect(tz.data.every((x) => x.countryCode === 'NP')).toBe(true);
    // another IANA name of a zone (any case) filters as the data's id does
    const india = await list('ListCities', { timeZoneIds: ['Asia/Kolkata'], limit: 5 });
    expect(india.totalCount).toBeGreaterThan(100);
    for (const alias of ['Asia/Calcutta', 'asia__kolkata']) expect(await list('ListCities', { timeZoneIds: [alias], limit: 5 }), alias).toEqual(india);
    // a zone of the data no place is in (Etc/UTC, also as UTC) finds none; it is not refused
    for (const utc of ['Etc/UTC', 'UTC']) expect((await list('ListCities', { timeZoneIds: [utc] })).totalCount, utc).toBe(0);
    const capitals = await list('ListCities', { types: ['PPLC'], limit: 300 });
    expect(capitals.totalCount).toBeGreaterThan(150);
    expect(capitals.totalCount).toBeLessThan(260);
  });

  it('sorts by ±field,±field with id breaking ties', async () => {
    const byName = await list('ListCities', { countryIds: ['LI'], sort: 'name', limit: 20, minPopulation: 0 });
    const names = byName.data.map((c) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const r = await list('ListCities', { countryIds: ['IS'], sort: '-countryCode,+population', limit: 20 });
    const pops = r.data.map((c) => c.population);
    expect([...pops].sort((x, y) => x - y)).toEqual(pops);
    const space = await list('ListCities', { countryIds: ['IS'], sort: ' population', limit: 20 });
    expect(space.data).toEqual(r.data);
    const elev = await call<{ data: { elevationMeters?: number } }>('GetCity', { cityId: (await list('ListCities', { sort: '-elevation', limit: 1 })).data[0]!.id });
    expect(elev.data.elevationMeters).toBeGreaterThan(3500);
  });

  it('pages with limit/offset and opaque page tokens; an offset past the end returns the last page', async () => {
    const all = await list('ListCities', { countryIds: ['LU'], limit: 1000 });
    const p1 = await list('ListCities', { countryIds: ['LU'], limit: 7 });
    const p2 = await list('ListCities', { countryIds: ['LU'], limit: 7, pageToken: p1.nextPageToken });
    expect(p2.currentOffset).toBe(7);
    expect([...p1.data, ...p2.data]).toEqual(all.data.slice(0, 14));
    const past = await list('ListCities', { countryIds: ['LU'], limit: 7, offset: 100000 });
    expect(past.currentOffset).toBe(Math.floor((all.totalCount - 1) / 7) * 7);
    expect(past.data).toEqual(all.data.slice(past.currentOffset));
    expect(past.nextPageToken).toBe('');
    const wrong = await fail('ListCities', { countryIds: ['DE'], limit: 7, pageToken: p1.nextPageToken });
    expect(wrong).toMatchObject({ code: 3, reason: 'PARAM_INVALID', field: 'pageToken' });
  });

  it('shows country and region names in the requested language, with English fallback, and ASCII on request', async () => {
    const de = await list('ListCities', { countryIds: ['US'], limit: 1, languageCode: 'de' });
    expect(de.data[0]!.country).toBe('Vereinigte Staaten');
    const ptBr = await call<{ data: { name: string } }>('GetCountry', { countryCode: 'DE', languageCode: 'pt_BR' });
    expect(ptBr.data.name).toBe('Alemanha');
    const noNames = await call<{ data: { name: string } }>('GetCountry', { countryCode: 'DE', languageCode: 'sw' });
    expect(noNames.data.name).toBe('Germany'); // a language CLDR knows but without names here: English
    expect(await fail('GetCountry', { countryCode: 'DE', languageCode: 'xx' })).toMatchObject({ reason: 'PARAM_INVALID', field: 'languageCode' });
    const ascii = await call<{ data: { city: string; region: string } }>('GetCity', { cityId: 3093133, asciiMode: true });
    expect(ascii.data.city).toBe('Lodz');
    expect(ascii.data.region).toMatch(/^[ -~]+$/);
    const zh = await call<{ data: { name: string } }>('GetCountry', { countryCode: 'JP', languageCode: 'zh', asciiMode: true });
    expect(zh.data.name).toBe('Japan');
  });
});

describe('single places', () => {
  it('GetCity returns details with location, time zone and region; both paths answer', async () => {
    const r = await call<{ data: Record<string, unknown> }>('GetCity', { cityId: SF });
    expect(r.data).toMatchObject({ id: SF, city: 'San Francisco', countryCode: 'US', regionCode: 'CA', region: 'California', timezone: 'America/Los_Angeles', deleted: false });
    expect(r.data['location']).toMatchObject({ latitude: expect.closeTo(37.77, 1), longitude: expect.closeTo(-122.42, 1) });
  });

  it('distance is great-circle, in MI by default, from or to the other city', async () => {
    const mi = await call<{ data: number }>('GetCityDistance', { cityId: SF, fromCityId: NYC });
    const km = await call<{ data: number }>('GetCityDistance', { cityId: SF, toCityId: NYC, distanceUnit: 'KM' });
    expect(km.data).toBeGreaterThan(4100);
    expect(km.data).toBeLessThan(4150);
    expect(mi.data).toBeCloseTo(km.data / 1.609344, 1);
    expect(await fail('GetCityDistance', { cityId: SF, fromCityId: NYC, toCityId: NYC })).toMatchObject({ reason: 'PARAMS_MUTUALLY_EXCLUSIVE' });
    expect(await fail('GetCityDistance', { cityId: SF })).toMatchObject({ reason: 'PARAM_INVALID', field: 'toCityId' });
    const toPlace = await call<{ data: number }>('GetCityDistance', { cityId: String(SF), toPlaceId: String(NYC), distanceUnit: 'KM' });
    expect(toPlace.data).toBe(km.data);
    expect(await fail('GetCityDistance', { cityId: SF, toCityId: NYC, toPlaceId: SF })).toMatchObject({ reason: 'PARAMS_MUTUALLY_EXCLUSIVE' });
  });

  it('dateTime and time are ISO-8601 with the zone offset, fractional zones exactly', async () => {
    const kathmandu = (await list('ListCities', { timeZoneIds: ['Asia/Kathmandu'], limit: 1 })).data[0]!.id;
    const dt = await call<{ data: string }>('GetCityDateTime', { cityId: kathmandu });
    expect(dt.data).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+05:45$/);
    expect(Math.abs(Date.parse(dt.data) - Date.now())).toBeLessThan(5000);
    const t = await call<{ data: string }>('GetCityTime', { cityId: SF });
    expect(t.data).toMatch(/^\d\d:\d\d:\d\d\.\d{3}-0[78]:00$/);
  });

  it('nearby cities exclude the city itself and are sorted by distance', async () => {
    const r = await list('ListNearbyCities', { cityId: SF, radius: 20, distanceUnit: 'KM', limit: 20 });
    expect(r.data.map((c) => c.id)).not.toContain(SF);
    expect(r.data.length).toBeGreaterThan(3);
    const d = r.data.map((c) => c.distance!);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    const places = await list('ListNearbyPlaces', { placeId: SF, radius: 20, distanceUnit: 'KM', limit: 20 });
    expect(places.totalCount).toBeGreaterThanOrEqual(r.totalCount);
    const raw = await list('ListCitiesNearLocation', { location: '+37.7749-122.4194', radius: 20, distanceUnit: 'KM', limit: 20 });
    expect(raw.data[0]!.id).toBe(SF);
  });

  it('locatedIn gives the containing division as a place: the ADM2 division whose code the city carries, for a division its region', async () => {
    const r = await call<{ data: Record<string, unknown> }>('GetCityLocatedIn', { cityId: SF });
    expect(r.data).toMatchObject({ id: 5391997, type: 'ADM2', featureCode: 'ADM2', name: 'City and County of San Francisco', countryCode: 'US', regionCode: 'CA', timezone: 'America/Los_Angeles', deleted: false });
    const region = await call<{ data: Record<string, unknown> }>('GetCityLocatedIn', { cityId: r.data['id'] });
    expect(region.data).toMatchObject({ id: 5332921, wikiDataId: 'Q99', type: 'ADM1', name: 'California', countryCode: 'US', regionCode: 'CA', timezone: 'America/Los_Angeles', deleted: false });
    expect(region.data['latitude']).toBeCloseTo(36.75, 1);
    expect(region.data['longitude']).toBeCloseTo(-119.59, 1);
    expect(region.data['population']).toBeGreaterThan(30_000_000);
    // New York City carries no county code (it spans five): its region
    expect((await call<{ data: Record<string, unknown> }>('GetCityLocatedIn', { cityId: NYC })).data).toMatchObject({ type: 'ADM1', name: 'New York' });
  });

  it('BatchGetCountries returns known codes in request order', async () => {
    const r = await call<{ data: { code: string; name: string }[] }>('BatchGetCountries', { countryCodes: ['fr', 'ZZ', ' JP ', 'q183'], languageCode: 'es' });
    expect(r.data.map((c) => [c.code, c.name])).toEqual([['FR', 'Francia'], ['JP', 'Japón'], ['DE', 'Alemania']]);
  });

  it('BatchGetCities returns known ids in request order', async () => {
    const r = await call<{ data: { id: number }[] }>('BatchGetCities', { cityIds: [NYC, 1, SF] });
    expect(r.data.map((c) => c.id)).toEqual([NYC, SF]);
  });
});

describe('countries and regions', () => {
  it('lists countries with currency filter and name prefix', async () => {
    const eur = await call<List<{ code: string; currencyCodes: string[] }>>('ListCountries', { currencyCode: 'eur', limit: 100 });
    expect(eur.data.map((c) => c.code)).toEqual(expect.arrayContaining(['DE', 'FR', 'IT']));
    expect(eur.data.every((c) => c.currencyCodes.includes('EUR'))).toBe(true);
    const uni = await call<List<{ name: string }>>('ListCountries', { namePrefix: 'united', limit: 20 });
    expect(uni.data.map((c) => c.name)).toEqual(expect.arrayContaining(['United States', 'United Kingdom', 'United Arab Emirates']));
    const all = await call<List>('ListCountries', {});
    expect(all.totalCount).toBe(250);
  });

  it('country details carry capital, calling code, currencies, region count, WikiData id and flag; a WikiData id finds the country', async () => {
    const r = await call<{ data: Record<string, unknown> }>('GetCountry', { countryCode: 'us' });
    expect(r.data).toMatchObject({ code: 'US', name: 'United States', currencyCode: 'USD', capital: 'Washington D.C.', callingCode: '+1', flag: '🇺🇸', wikiDataId: 'Q30' });
    expect(r.data['flagImageUri']).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(String(r.data['flagImageUri']).split(',')[1]!, 'base64').toString()).toMatch(/<svg/);
    expect(r.data['numRegions']).toBe(51);
    const byQ = await call<{ data: { code: string } }>('GetCountry', { countryCode: 'Q183' });
    expect(byQ.data.code).toBe('DE');
    // Kosovo's own code, not the first of the older ones countries-list lists (Monaco's +377)
    expect((await call<{ data: { callingCode: string } }>('GetCountry', { countryCode: 'XK' })).data.callingCode).toBe('+383');
    expect(await fail('GetCountry', { countryCode: 'Q1' })).toMatchObject({ reason: 'ENTITY_NOT_FOUND' });
  });

  it('regions are found by ISO (with or without the country), FIPS, HASC or admin1 code, with corrected ISO codes', async () => {
    for (const code of ['CA', 'us-ca', '06', 'US.CA']) {
      const r = await call<{ data: { name: string; isoCode: string; fipsCode: string } }>('GetRegion', { countryCode: 'US', regionCode: code });
      expect(r.data).toMatchObject({ name: 'California', isoCode: 'CA', fipsCode: '06' });
    }
    const tehran = await call<List<{ name: string; isoCode?: string }>>('ListRegions', { countryCode: 'IR', namePrefix: 'tehran' });
    expect(tehran.data[0]).toMatchObject({ isoCode: '23' });
    const tibet = await call<List<{ isoCode?: string }>>('ListRegions', { countryCode: 'CN', namePrefix: 'tibet' });
    expect(tibet.data[0]!.isoCode).toBe('XZ');
    const r = await call<{ data: { hascCode?: string; wikiDataId?: string; numCities: number } }>('GetRegion', { countryCode: 'US', regionCode: 'CA' });
    expect(r.data).toMatchObject({ hascCode: 'US.CA', wikiDataId: 'Q99' });
    expect(r.data.numCities).toBeGreaterThan(1000);
  });

  it('region cities stay in the region', async () => {
    const r = await list('ListRegionCities', { countryCode: 'US', regionCode: 'CA', limit: 30, minPopulation: 100000 });
    expect(r.data.every((c) => c.countryCode === 'US' && c.regionCode === 'CA' && c.population >= 100000)).toBe(true);
    expect(r.totalCount).toBeGreaterThan(50);
  });

  it('GetDataInfo credits GeoNames under CC BY 4.0', async () => {
    const r = await call<{ data: { sources: { licence: string; attribution: string }[]; numPlaces: number } }>('GetDataInfo');
    expect(r.data.sources[0]!.attribution).toContain('GeoNames');
    expect(r.data.sources[0]!.licence).toBe('CC BY 4.0');
    expect(r.data.numPlaces).toBe(199_568);
  });
});

describe('errors', () => {
  it('not found is NOT_FOUND with ENTITY_NOT_FOUND', async () => {
    expect(await fail('GetCity', { cityId: 999999999 })).toMatchObject({ code: 5, reason: 'ENTITY_NOT_FOUND' });
    expect(await fail('GetCountry', { countryCode: 'ZZ' })).toMatchObject({ code: 5, reason: 'ENTITY_NOT_FOUND' });
    expect(await fail('GetRegion', { countryCode: 'US', regionCode: 'XX' })).toMatchObject({ code: 5, reason: 'ENTITY_NOT_FOUND' });
  });

  it.each([
    ['ListCities', { location: '37.7749,-122.4194' }, 'location'],
    ['ListCities', { location: '+97.0000+010.0000' }, 'location'],
    ['ListCities', { location: '+10.0000+190.0000' }, 'location'],
    ['ListCities', { limit: -1 }, 'limit'],
    ['ListCities', { limit: 100000 }, 'limit'],
    ['ListCities', { offset: -5 }, 'offset'],
    ['ListCities', { minPopulation: -1 }, 'minPopulation'],
    ['ListCities', { minPopulation: 10, maxPopulation: 5 }, 'maxPopulation'],
    ['ListCities', { distanceUnit: 7 }, 'distanceUnit'],
    ['ListCities', { includeDeleted: 42 }, 'includeDeleted'],
    ['ListCities', { sort: 'height' }, 'sort'],
    ['ListCities', { sort: 'distance' }, 'sort'],
    ['ListCities', { sort: 'name,-name' }, 'sort'],
    ['ListCities', { countryIds: ['USA'] }, 'countryIds'],
    ['ListCities', { countryIds: ['ZZ'] }, 'countryIds'],
    ['ListCities', { timeZoneIds: ['Mars/Olympus'] }, 'timeZoneIds'],
    ['ListCities', { types: ['ADM9'] }, 'types'],
    ['ListCities', { radius: -10 }, 'radius'], // without a location a radius narrows nothing, but must still be one
    ['ListCities', { location: '+10.0000+010.0000', radius: 0 }, 'radius'],
    ['ListCities', { location: '+10.0000+010.0000', radius: -5 }, 'radius'],
    ['ListCities', { namePrefix: 'x'.repeat(101) }, 'namePrefix'], // (one without letters or digits is an empty page: compat/geodbNames.test.ts)
    ['ListCities', { languageCode: 'not a language!' }, 'languageCode'],
    ['GetCity', { cityId: 0 }, 'cityId'],
    ['GetCity', { cityId: -3 }, 'cityId'],
    ['GetCity', { cityId: 'abc' }, 'cityId'],
    ['GetCountry', { countryCode: 'U1' }, 'countryCode'],
    ['BatchGetCities', { cityIds: [5128581, 0] }, 'cityIds[1]'], // unknown ids are left out; impossible ones are refused
    ['BatchGetCities', { cityIds: [-7] }, 'cityIds[0]'],
    ['BatchGetCountries', { countryCodes: ['US', 'FR', 'U.S.'] }, 'countryCodes[2]'],
    ['ListCountries', { currencyCode: 'EURO' }, 'currencyCode'],
  ])('%s %j is INVALID_ARGUMENT / PARAM_INVALID naming %s', async (method, req, field) => {
    const e = await fail(method, req);
    expect(e).toMatchObject({ code: 3, reason: 'PARAM_INVALID', field });
    expect(e.message.length).toBeGreaterThan(10);
  });

  it.each([
    [{ countryIds: ['US'], excludedCountryIds: ['CA'] }],
    [{ location: '+10.0000+010.0000', countryIds: ['US'] }],
    [{ location: '+10.0000+010.0000', timeZoneIds: ['Europe/Berlin'] }],
    [{ offset: 10, pageToken: 'abc.def' }],
  ])('conflicting filters %j are PARAMS_MUTUALLY_EXCLUSIVE', async (req) => {
    expect(await fail('ListCities', req)).toMatchObject({ code: 3, reason: 'PARAMS_MUTUALLY_EXCLUSIVE' });
  });
});
