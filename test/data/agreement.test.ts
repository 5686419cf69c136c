/**
 * The in-memory fast paths (PlaceStore) answer exactly what DuckDB SQL answers
 * over the same file, on thousands of generated queries: same ids in the same
 * order, same totals, same distances.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCoreConfig } from '../../src/config.js';
import { ConnectionPool, openDatabase } from '../../src/db/duckdb.js';
import { PlaceStore, type PlaceQuery } from '../../src/geo/placeStore.js';
import { geoFingerprint, placeIndexPath, readPlaceIndex } from '../../src/geo/placeIndexFile.js';
import { searchPlacesSql } from '../../src/geo/placeSql.js';
import { searchPrefix } from '../../src/geo/searchKey.js';

let db: ConnectionPool;
let store: PlaceStore;

beforeAll(async () => {
  const path = loadCoreConfig().geoDbPath;
  db = await ConnectionPool.create(await openDatabase(path, { readOnly: true }), 2);
  // the store the core serves: from the place index file when it was made from this database (the same bytes as a
  // store built from it, test/data/placeIndex.test.ts; 1.7-3.8 s against 19-23 s to build it on the loaded machine), else built
  const indexed = readPlaceIndex(placeIndexPath(path), await geoFingerprint(db));
  store = indexed ? new PlaceStore(indexed) : await PlaceStore.load(db);
});
afterAll(() => db.close());

const NOW = Date.now();
const sorts: PlaceQuery['sort'][] = [
  [{ field: 'population', desc: true }], [{ field: 'name', desc: false }], [{ field: 'name', desc: true }],
  [{ field: 'elevation', desc: true }], [{ field: 'countryCode', desc: false }, { field: 'population', desc: false }],
];

function queryArb(): fc.Arbitrary<PlaceQuery> {
  const place = fc.integer({ min: 0, max: store.size - 1 });
  // deep offsets too: a page in the back half of a list is selected from its end (placeStore.ts Selection.result)
  const paging = fc.record({ offset: fc.constantFrom(0, 0, 0, 10, 37, 100000, 150000, 199500), limit: fc.constantFrom(1, 10, 10, 25, 100) });
  // the radius tiers' floors (1,000, 10,000, 100,000), values between and around them, and none
  const minPop = fc.constantFrom(undefined, 0, 999, 1000, 5000, 10000, 100000, 250000, 2_000_000);
  const radius = fc.record({
    kind: fc.constant('radius' as const), i: place, jitter: fc.double({ min: -0.2, max: 0.2, noNaN: true }),
    radiusKm: fc.double({ min: 1, max: 300, noNaN: true }), minPop, paging,
    // a name prefix on a radius search: none, the name's, or the name's with alternate names
    named: fc.constantFrom(0, 0, 1, 2),
    sort: fc.constantFrom<PlaceQuery['sort']>([{ field: 'distance', desc: false }], [{ field: 'distance', desc: false }], [{ field: 'population', desc: true }], [{ field: 'name', desc: false }]),
  });
  const prefix = fc.record({ kind: fc.constant('prefix' as const), i: place, len: fc.integer({ min: 1, max: 6 }), alternates: fc.boolean(), minPop, paging, sort: fc.constantFrom(...sorts) });
  const country = fc.record({ kind: fc.constant('country' as const), i: place, exclude: fc.boolean(), minPop, paging, sort: fc.constantFrom(...sorts) });
  const region = fc.record({ kind: fc.constant('region' as const), i: place, minPop, paging, sort: fc.constantFrom(...sorts) });
  const zone = fc.record({ kind: fc.constant('zone' as const), i: place, maxPop: fc.constantFrom(5000, 50000, 1e9), paging, sort: fc.constantFrom(...sorts) });
  return fc.oneof(radius, radius, prefix, prefix, country, region, zone).map((g): PlaceQuery => {
    const base = { includeDeleted: 'NONE' as const, now: NOW, ...g.paging, sort: g.sort };
    const withMin = 'minPop' in g && g.minPop !== undefined ? { minPopulation: g.minPop } : {};
    switch (g.kind) {
      case 'radius':
        return {
          ...base, ...withMin, near: { latitude: Math.max(-90, Math.min(90, store.latitude[g.i]! + g.jitter)), longitude: store.longitude[g.i]! + g.jitter, radiusKm: g.radiusKm },
          ...(g.named ? { prefix: searchPrefix(store.names.at(g.i)).slice(0, 2) || 'a', alternates: g.named === 2 } : {}),
        };
      case 'prefix':
        return { ...base, ...withMin, prefix: searchPrefix(store.names.at(g.i)).slice(0, g.len) || 'a', alternates: g.alternates };
      case 'country':
        return { ...base, ...withMin, ...(g.exclude ? { excludedCountries: new Set([store.countryCodes[g.i]!, 'US']) } : { countries: new Set([store.countryCodes[g.i]!]) }) };
      case 'region':
        return { ...base, ...withMin, region: { countryCode: store.countryCodes[g.i]!, admin1Code: store.admin1Codes[g.i]! } };
      case 'zone':
        return { ...base, maxPopulation: g.maxPop, timeZones: new Set([store.timeZones[g.i]!]), featureCodes: new Set(['PPL', 'PPLA', 'PPLA2', 'PPLC']) };
    }
  });
}

describe('fast paths agree with the DuckDB SQL reference', () => {
  it('on 2,000 generated radius, prefix, country, region and time-zone queries', async () => {
    let checked = 0;
    await fc.assert(fc.asyncProperty(queryArb(), async (q) => {
      const mem = store.search(q);
      const sql = await searchPlacesSql(db, q);
      expect(mem.total).toBe(sql.total);
      expect(mem.offset).toBe(sql.offset);
      expect(mem.hits.map((h) => store.ids[h.index])).toEqual(sql.ids);
      if (q.near) mem.hits.forEach((h, k) => expect(h.distanceKm).toBeCloseTo(sql.distancesKm[k]!, 9));
      checked++;
    }), { numRuns: 2000, seed: 20261122 });
    expect(checked).toBe(2000);
  }, 600_000);
});
