/**
 * The place index file (src/geo/placeIndexFile.ts) gives back exactly the
 * store built from the geo database: every column and index equal, the same
 * answers to queries; and a file made from another database is not used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreConfig } from '../../src/config.js';
import { ConnectionPool, openDatabase } from '../../src/db/duckdb.js';
import { PlaceStore, type PlaceQuery } from '../../src/geo/placeStore.js';
import { geoFingerprint, openPlaceStore, readPlaceIndex, writePlaceIndex } from '../../src/geo/placeIndexFile.js';
import { searchPrefix } from '../../src/geo/searchKey.js';

let db: ConnectionPool;
let built: PlaceStore;
let dir: string;

beforeAll(async () => {
  db = await ConnectionPool.create(await openDatabase(loadCoreConfig().geoDbPath, { readOnly: true }), 2);
  built = await PlaceStore.load(db);
  dir = mkdtempSync(join(tmpdir(), 'meridian-place-index-'));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('place index file', () => {
  it('reads back every column and index the database build made', async () => {
    const path = join(dir, 'geo.places');
    const fingerprint = await geoFingerprint(db);
    writePlaceIndex(path, built.data, fingerprint);
    const read = readPlaceIndex(path, fingerprint);
    expect(read).toBeDefined();
    // compared as bytes and joined strings: a deep equality over millions of elements takes minutes
    const bytes = (a: ArrayBufferView | ArrayBuffer) => (ArrayBuffer.isView(a) ? Buffer.from(a.buffer, a.byteOffset, a.byteLength) : Buffer.from(a));
    const flat = (d: typeof read & object): Record<string, ArrayBufferView | ArrayBuffer | string[]> => {
      const { keys, shortPrefixes, ranks, names, asciiNames, sortNames, ...rest } = d;
      return { ...rest, keysChars: keys.chars, keysStart: keys.start, shortChars: shortPrefixes.chars, shortStart0: shortPrefixes.start,
        names: names.joined, asciiNames: asciiNames.joined, sortNames: sortNames.joined,
        ...Object.fromEntries(Object.entries(ranks).map(([k, v]) => [`rank ${k}`, v])) };
    };
    const got = flat(read!), want = flat(built.data);
    expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
    for (const [name, w] of Object.entries(want)) {
      const g = got[name]!;
      if (Array.isArray(w)) expect(JSON.stringify(g), name).toBe(JSON.stringify(w));
      else expect(bytes(g as ArrayBufferView).equals(bytes(w)), name).toBe(true);
    }
    expect(built.data.keys.length).toBeGreaterThan(built.size); // alternate names: several keys per place
  });

  it('answers queries as the built store does', { timeout: 300_000 }, async () => {
    const path = join(dir, 'answers.places');
    const first = await openPlaceStore(db, path);
    expect(first.fromFile).toBe(false); // missing: built, then written
    const second = await openPlaceStore(db, path);
    expect(second.fromFile).toBe(true);
    const base: Omit<PlaceQuery, 'sort'> = { includeDeleted: 'NONE', now: Date.now(), offset: 0, limit: 25 };
    const queries: PlaceQuery[] = [];
    for (let i = 0; i < built.size; i += 997) {
      const name = built.names.at(i);
      for (const len of [1, 3, 4, 6]) {
        queries.push({ ...base, prefix: searchPrefix(name.slice(0, len)), sort: [{ field: 'population', desc: true }] });
        queries.push({ ...base, prefix: searchPrefix(name.slice(0, len)), minPopulation: 1000, sort: [{ field: 'name', desc: false }], offset: 10 });
        queries.push({ ...base, prefix: searchPrefix(name.slice(0, len)), alternates: true, sort: [{ field: 'population', desc: true }] });
      }
      queries.push({ ...base, near: { latitude: built.latitude[i]!, longitude: built.longitude[i]!, radiusKm: 50 }, sort: [{ field: 'distance', desc: false }] });
      queries.push({ ...base, near: { latitude: built.latitude[i]!, longitude: built.longitude[i]!, radiusKm: 200 }, prefix: searchPrefix(name.slice(0, 2)), sort: [{ field: 'population', desc: true }] });
    }
    expect(JSON.stringify(queries.map((q) => second.store.search(q)))).toBe(JSON.stringify(queries.map((q) => built.search(q))));
    expect(second.store.indexOf(built.ids[1234]!)).toBe(1234);
    expect(second.store.indexOf(-5)).toBeUndefined();
  });

  it('ignores a file made from another database, or not an index at all', { timeout: 300_000 }, async () => {
    const path = join(dir, 'other.places');
    writePlaceIndex(path, built.data, 'built_at=another build;places=1;keys=1');
    expect(readPlaceIndex(path, await geoFingerprint(db))).toBeUndefined();
    const rebuilt = await openPlaceStore(db, path);
    expect(rebuilt.fromFile).toBe(false);
    expect((await openPlaceStore(db, path)).fromFile).toBe(true); // replaced by one that matches
    writeFileSync(path, 'not an index');
    expect(readPlaceIndex(path, await geoFingerprint(db))).toBeUndefined();
  });
});
