/**
 * Place-list pages written from cached summary bytes (src/geo/placePages.ts)
 * decode to exactly the message the usual serializer makes of the same page
 * as objects: every field of every item, distances in either unit, names in
 * another display language or in ASCII, on a cache hit, and after the cache
 * has started again; over the real geo database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as grpc from '@grpc/grpc-js';
import { randomBytes } from 'node:crypto';
import { loadCoreConfig } from '../../src/config.js';
import { ConnectionPool, openDatabase } from '../../src/db/duckdb.js';
import { Geo, placeIndexPath } from '../../src/geo/geoService.js';
import { PlacePage, SummaryBytes, withPlacePages } from '../../src/geo/placePages.js';
import { Paging } from '../../src/paging.js';
import { serviceDefinition } from '../../src/grpc/protos.js';
import { CoreCall, type Handler } from '../../src/grpc/callContext.js';

let db: ConnectionPool;
let geo: Geo;
const plain = serviceDefinition('meridian.geo.v1.GeoService');
const paged = withPlacePages(plain);
const method = (def: grpc.ServiceDefinition, name: string) => def[name] as grpc.MethodDefinition<unknown, Record<string, unknown>>;

beforeAll(async () => {
  const config = loadCoreConfig();
  db = await ConnectionPool.create(await openDatabase(config.geoDbPath, { readOnly: true }), 2);
  geo = await Geo.load({ db, paging: new Paging(1000, randomBytes(32)), placeIndexPath: placeIndexPath(config.geoDbPath) });
});
afterAll(async () => { await db.close(); });

/** The page through the cached-bytes serializer, and the same page as objects through the usual one, both decoded. */
function bothWays(name: string, page: PlacePage): { fromBytes: Record<string, unknown>; fromObjects: Record<string, unknown> } {
  const asObjects = { data: page.data, ...page.rest };
  return {
    fromBytes: method(paged, name).responseDeserialize(method(paged, name).responseSerialize(page as unknown as Record<string, unknown>)),
    fromObjects: method(plain, name).responseDeserialize(method(plain, name).responseSerialize(asObjects)),
  };
}

const CITY_LIST = { defaultMinPopulation: 1000 };

describe('place pages from cached bytes', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a radius search in miles', { location: '+40.7128-074.0060', radius: 50, distanceUnit: 'MI', limit: 20 }],
    ['a radius search in km, second page', { location: '+48.8566+002.3522', radius: 100, distanceUnit: 'KM', limit: 10, offset: 10 }],
    ['a name prefix in English', { namePrefix: 'Mün', limit: 10 }],
    ['the same prefix in German (the English bytes are cached by then)', { namePrefix: 'Mün', languageCode: 'de', limit: 10 }],
    ['a name prefix in ASCII', { namePrefix: 'São', asciiMode: true, limit: 10 }],
    ['no criteria, most populous first', { limit: 25 }],
  ];
  for (const [what, req] of cases) {
    it(`${what}: the same message as the objects give`, () => {
      const page = geo.listPlaces(req, CITY_LIST) as PlacePage;
      expect(page).toBeInstanceOf(PlacePage);
      expect(page.items.length).toBeGreaterThan(0);
      const { fromBytes, fromObjects } = bothWays('ListCities', page);
      expect(fromBytes).toEqual(fromObjects);
      // asked again: every item from the cache, same bytes
      const again = geo.listPlaces(req, CITY_LIST) as PlacePage;
      expect(again.items.map((i) => i.bytes)).toEqual(page.items.map((i) => i.bytes));
    });
  }

  it('distances travel with their item, and a list without a centre has none', () => {
    const near = geo.listPlaces({ location: '+37.7749-122.4194', radius: 30, distanceUnit: 'KM', limit: 5 }, CITY_LIST) as PlacePage;
    const { fromBytes } = bothWays('ListCities', near);
    const items = fromBytes['data'] as { distance?: number; id: number }[];
    expect(items.every((c) => typeof c.distance === 'number')).toBe(true);
    expect(items.map((c) => c.distance)).toEqual(near.items.map((i) => i.distance));
    const byName = geo.listPlaces({ namePrefix: 'San Fr', limit: 5 }, CITY_LIST) as PlacePage;
    expect((bothWays('ListCities', byName).fromBytes['data'] as { distance?: number }[]).every((c) => c.distance === undefined)).toBe(true);
  });

  /** A handler's answer, called as the call runner does (src/grpc/callRunner.ts). */
  const answer = async (name: string, request: Record<string, unknown>): Promise<unknown> => {
    const handler = (geo.handlers() as unknown as Record<string, Handler<unknown, unknown>>)[name]!;
    return handler(request, new CoreCall(`/meridian.geo.v1.GeoService/${name}`, Infinity, undefined, undefined));
  };

  it('GetCity and BatchGetCities: the details from cached bytes are the message the objects give', async () => {
    for (const req of [{ cityId: 5128581 }, { cityId: 2867714, languageCode: 'de' }, { cityId: 2867714, languageCode: 'de' }, { cityId: 3448439, asciiMode: true }]) {
      const page = await answer('GetCity', req) as PlacePage;
      expect(page).toBeInstanceOf(PlacePage);
      const { fromBytes, fromObjects } = bothWays('GetCity', page);
      expect(fromBytes).toEqual(fromObjects);
      expect((fromBytes['data'] as { id: number }).id).toBe(req.cityId);
    }
    const batch = await answer('BatchGetCities', { cityIds: [5128581, 2867714, 999999999, 3448439], languageCode: 'fr' }) as PlacePage;
    const { fromBytes, fromObjects } = bothWays('BatchGetCities', batch);
    expect(fromBytes).toEqual(fromObjects);
    expect((fromBytes['data'] as { id: number }[]).map((c) => c.id)).toEqual([5128581, 2867714, 3448439]);
  });

  it('a cache that starts again when full gives the same bytes', () => {
    const small = new SummaryBytes(3);
    const make = (i: number) => () => ({ id: i, city: `c${i}`, name: `c${i}`, countryCode: 'XX', type: 'CITY', timezone: 'Etc/UTC', population: i * 1000 });
    const first = [1, 2, 3, 4, 5].map((i) => small.get(i, 'en|0', make(i)));
    expect(small.size).toBeLessThanOrEqual(3);
    const second = [1, 2, 3, 4, 5].map((i) => small.get(i, 'en|0', make(i)));
    expect(second).toEqual(first);
    expect(small.get(1, 'de|0', make(1))).toEqual(first[0]);
  });

  it('an answer that is not a PlacePage goes through the usual serializer', () => {
    const value = { data: [{ id: 1, city: 'x', name: 'x', countryCode: 'XX', type: 'CITY', timezone: 'Etc/UTC' }], totalCount: 1, currentOffset: 0, nextPageToken: '' };
    expect(method(paged, 'ListCities').responseSerialize(value)).toEqual(method(plain, 'ListCities').responseSerialize(value));
    expect(method(paged, 'GetCountry')).toBe(method(plain, 'GetCountry')); // no places in its data: left as it was
  });
});
