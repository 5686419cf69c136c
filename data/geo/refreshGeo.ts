/**
 * Refreshes the places of the geo database from a newer GeoNames cities file.
 *
 *   npm run data:refresh -- --cities FILE [--db FILE] [--at ISO-TIME]
 *
 * Places in the new file are inserted or updated (and undeleted if they come
 * back); places missing from it are marked deleted with the refresh time.
 * Nothing is physically removed, so includeDeleted=SINCE_YESTERDAY or
 * SINCE_LAST_WEEK keeps paging stable for clients. Run it while the core is
 * stopped (DuckDB allows one writing process); the core loads the result on
 * its next start.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { all, openDatabase, sqlString } from '../../src/db/duckdb.js';
import { elevationOf, loadCitiesFile, writeAlternateNames, writeMeta, writePlaceKeys, writeRegionCounts } from './buildGeo.js';
import { DataBuildError, databaseOption, option, runWhenMain } from './cli.js';

export interface RefreshResult { inserted: number; updated: number; deleted: number; restored: number }

export async function refreshGeoDatabase(dbPath: string, citiesPath: string, at: Date = new Date(), log: (l: string) => void = () => {}): Promise<RefreshResult> {
  if (!existsSync(dbPath)) throw new DataBuildError(`geo database not found at ${dbPath}: build it first (npm run data:build)`);
  const instance = await openDatabase(dbPath);
  const conn = await instance.connect();
  const ts = `TIMESTAMP ${sqlString(at.toISOString().replace('T', ' ').replace('Z', ''))}`;
  try {
    const n = await loadCitiesFile(conn, 'fresh', citiesPath);
    log(`read ${n} places from ${citiesPath}`);
    const count = async (sql: string) => Number((await all<{ n: bigint }>(conn, sql))[0]!.n);
    const inserted = await count('SELECT count(*) AS n FROM fresh f WHERE NOT EXISTS (SELECT 1 FROM places p WHERE p.id = f.id)');
    const deleted = await count('SELECT count(*) AS n FROM places p WHERE p.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.id = p.id)');
    const restored = await count('SELECT count(*) AS n FROM places p WHERE p.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM fresh f WHERE f.id = p.id)');
    const updated = await count(`SELECT count(*) AS n FROM places p JOIN fresh f USING (id) WHERE
      (p.name, p.latitude, p.longitude, p.population, p.timezone, p.admin1_code, p.elevation, p.feature_code)
      IS DISTINCT FROM (f.name, f.latitude, f.longitude, coalesce(f.population, 0), f.timezone, coalesce(f.admin1_code, ''), ${elevationOf('f.')}, f.feature_code)`);
    await conn.run('BEGIN TRANSACTION');
    await conn.run(`UPDATE places SET deleted_at = ${ts} WHERE deleted_at IS NULL AND id NOT IN (SELECT id FROM fresh)`);
    await conn.run(`UPDATE places SET name = f.name, ascii_name = coalesce(nullif(f.ascii_name, ''), f.name), latitude = f.latitude,
        longitude = f.longitude, feature_code = f.feature_code, country_code = f.country_code, admin1_code = coalesce(f.admin1_code, ''),
        population = coalesce(f.population, 0), elevation = ${elevationOf('f.')}, timezone = f.timezone, modified = f.modified, deleted_at = NULL
      FROM fresh f WHERE places.id = f.id`);
    await conn.run(`INSERT INTO places SELECT id, name, coalesce(nullif(ascii_name, ''), name), latitude, longitude, feature_code, country_code,
        coalesce(admin1_code, ''), coalesce(population, 0), ${elevationOf()}, timezone, modified, NULL, NULL, NULL
      FROM fresh WHERE id NOT IN (SELECT id FROM places)`);
    await writeAlternateNames(conn, 'fresh', true);
    await writePlaceKeys(conn);
    await writeRegionCounts(conn);
    await writeMeta(conn, { last_refresh_at: at.toISOString(), last_refresh_file: citiesPath });
    await conn.run('COMMIT');
    await conn.run('CHECKPOINT');
    const result = { inserted, updated, deleted, restored };
    log(`refresh at ${at.toISOString()}: ${inserted} new, ${updated} changed, ${deleted} marked deleted, ${restored} restored`);
    return result;
  } catch (e) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

async function main(): Promise<void> {
  const cities = option('--cities');
  if (!cities) throw new DataBuildError('usage: npm run data:refresh -- --cities FILE [--db FILE] [--at 2026-01-31T00:00:00Z]');
  const at = option('--at') ? new Date(option('--at')!) : new Date();
  if (Number.isNaN(at.getTime())) throw new DataBuildError(`--at must be an ISO-8601 time, got '${option('--at')}'`);
  await refreshGeoDatabase(databaseOption('--db'), resolve(cities), at, (l) => process.stdout.write(`${l}\n`));
}

runWhenMain(import.meta.url, 'geo data refresh', main);
