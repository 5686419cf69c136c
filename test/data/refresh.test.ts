/**
 * A refresh marks vanished places deleted (never removes them), and
 * includeDeleted admits them by age. Two small snapshots are generated from
 * the real cities file: the second drops some places, changes one and adds one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGeoDatabase, DataBuildError } from '../../data/geo/buildGeo.js';
import { refreshGeoDatabase } from '../../data/geo/refreshGeo.js';
import { citiesFile } from '../../data/geo/sources.js';
import type { Core } from '../../src/server.js';
import { geoClient } from '../support/grpcClient.js';
import { startSentimentCore } from '../support/sentimentCore.js';

const dir = mkdtempSync(join(tmpdir(), 'meridian-refresh-'));
const lines = readFileSync(citiesFile(), 'utf8').split('\n').filter((l) => l.startsWith('') && l.split('\t')[8] === 'LU');
const ids = lines.map((l) => Number(l.split('\t')[0]));
const dropped = ids.slice(0, 5);
const snapshotA = join(dir, 'a.txt');
const snapshotB = join(dir, 'b.txt');
writeFileSync(snapshotA, lines.join('\n') + '\n');
const changed = lines[10]!.split('\t');
changed[14] = '123456';
const added = [...lines[11]!.split('\t')];
added[0] = '999000001';
added[1] = 'Newtown';
added[2] = 'Newtown';
writeFileSync(snapshotB, [...lines.slice(5, 10), changed.join('\t'), ...lines.slice(11), added.join('\t')].join('\n') + '\n');

let core: Core;
let stopCore: (() => Promise<void>) | undefined;
const db = join(dir, 'geo.duckdb');
const DAY = 86_400_000;

beforeAll(async () => {
  await buildGeoDatabase({ out: db, cities: snapshotA, log: () => {} });
});
afterAll(async () => { await stopCore?.(); });

describe('data refresh', () => {
  it('diffs the snapshots, marks vanished places deleted and keeps them', async () => {
    const r = await refreshGeoDatabase(db, snapshotB, new Date(Date.now() - 3 * DAY));
    expect(r).toEqual({ inserted: 1, updated: 1, deleted: 5, restored: 0 });
    // a core on the refreshed file, with its own state folder and certificates (mutual TLS, as every core)
    const started = await startSentimentCore({ workers: 1 }, { geoDbPath: db });
    core = started.core;
    stopCore = started.close;
    const { call, close } = geoClient(core.address);
    try {
      type L = { data: { id: number }[]; totalCount: number };
      const none = await call<L>('ListPlaces', { countryIds: ['LU'], limit: 1000 });
      const all = await call<L>('ListPlaces', { countryIds: ['LU'], limit: 1000, includeDeleted: 'ALL' });
      const week = await call<L>('ListPlaces', { countryIds: ['LU'], limit: 1000, includeDeleted: 'SINCE_LAST_WEEK' });
      const yesterday = await call<L>('ListPlaces', { countryIds: ['LU'], limit: 1000, includeDeleted: 'SINCE_YESTERDAY' });
      expect(all.totalCount).toBe(ids.length + 1);
      expect(none.totalCount).toBe(ids.length + 1 - 5);
      expect(week.totalCount).toBe(all.totalCount); // deleted three days ago
      expect(yesterday.totalCount).toBe(none.totalCount);
      expect(none.data.map((c) => c.id)).not.toContain(dropped[0]);
      const gone = await call<{ data: { deleted: boolean; deletedAt: string } }>('GetCity', { cityId: dropped[0] });
      expect(gone.data.deleted).toBe(true);
      expect(Date.parse(gone.data.deletedAt)).toBeLessThan(Date.now() - 2 * DAY);
      const fresh = await call<{ data: { name: string } }>('GetCity', { cityId: 999000001 });
      expect(fresh.data.name).toBe('Newtown');
      const upd = await call<{ data: { population: number } }>('GetCity', { cityId: Number(changed[0]) });
      expect(upd.data.population).toBe(123456);
      const prefix = await call<L>('ListPlaces', { namePrefix: 'newt' });
      expect(prefix.data.map((c) => c.id)).toEqual([999000001]);
    } finally {
      close();
    }
  });

  it('a malformed cities file fails loudly and names the problem', async () => {
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, lines[0]!.split('\t').slice(0, 10).join('\t') + '\n');
    await expect(buildGeoDatabase({ out: join(dir, 'x.duckdb'), cities: bad, log: () => {} })).rejects.toThrow(DataBuildError);
    const badLat = lines[0]!.split('\t');
    badLat[4] = '123.0';
    writeFileSync(bad, badLat.join('\t') + '\n');
    await expect(buildGeoDatabase({ out: join(dir, 'y.duckdb'), cities: bad, log: () => {} })).rejects.toThrow(/latitude out of range/);
  });
});
