/**
 * The geo database holds each ISO 3166-2 code on one region of a country (schema 9). iso3166-2-db gave ten codes to
 * two GeoNames admin1 rows each (an obsolete row beside the current one: Bahrain's "Northern" and "Northern
 * Governorate", both 17; Azerbaijan NX, Latvia DGV and 042, India DH, Malta 66), so a region list named a code that
 * led a GeoDB client to the other region (a sweep of every country's regions, 2026-12-06).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/duckdb.js';
import { loadCoreConfig } from '../../src/config.js';

describe('region ISO codes', () => {
  it('no two regions of a country share one; where two did, the one with places keeps it', async () => {
    const db = await openDatabase(loadCoreConfig().geoDbPath, { readOnly: true });
    const conn = await db.connect();
    try {
      const read = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJson();
      expect(await read(`SELECT country_code, upper(iso_code) AS iso, count(*) AS n FROM regions WHERE iso_code IS NOT NULL
        GROUP BY ALL HAVING count(*) > 1`)).toEqual([]);
      const bahrain = await read(`SELECT name, iso_code, num_places FROM regions WHERE country_code = 'BH' AND name LIKE 'Northern%' ORDER BY num_places DESC`);
      expect(bahrain.length).toBe(2);
      expect(bahrain[0]!['iso_code']).toBe('17');
      expect(bahrain[1]!['iso_code']).toBeNull();
    } finally {
      conn.closeSync();
      db.closeSync();
    }
  });
});
