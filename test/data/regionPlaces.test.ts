/**
 * Places sit in their real region, and a region's ids name it alone (geo schema 13). A GeoDB sweep (2026-12-07) found
 * Taipei, Taichung and Tainan filed under Hsinchu, every city of Nepal, Madagascar and South Sudan without a region,
 * Pointe-Noire in Cuvette-Ouest, 21 region WikiData ids on two or more regions (Barnaul's regionWdId led to the Altai
 * Republic), and France's regions carrying the WikiData ids and label points of departments with the same number
 * (Île-de-France had Aude's).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/duckdb.js';
import { loadCoreConfig } from '../../src/config.js';

async function withGeo<T>(fn: (read: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadCoreConfig().geoDbPath, { readOnly: true });
  const conn = await db.connect();
  try {
    return await fn(async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[]);
  } finally {
    conn.closeSync();
    db.closeSync();
  }
}

describe('regions of places', () => {
  it('files the largest cities of countries whose codes disagreed with the region table in their real region', async () => {
    await withGeo(async (read) => {
      const rows = await read(`SELECT p.country_code AS cc, p.name, r.iso_code AS iso, r.name AS region FROM places p
        LEFT JOIN regions r USING (country_code, admin1_code)
        WHERE (p.country_code, p.name) IN (('TW', 'Taipei'), ('TW', 'Kaohsiung'), ('TW', 'Taichung'), ('TW', 'Tainan'), ('TW', 'Banqiao'),
          ('MG', 'Antananarivo'), ('MG', 'Toamasina'), ('NP', 'Kathmandu'), ('NP', 'Pokhara'), ('NP', 'Biratnagar'),
          ('SS', 'Juba'), ('SS', 'Malakal'), ('CG', 'Pointe-Noire'), ('CG', 'Brazzaville'))
          AND p.population >= 100000 ORDER BY 1, 2`);
      const where = Object.fromEntries(rows.map((r) => [`${String(r['cc'])} ${String(r['name'])}`, `${String(r['iso'])} ${String(r['region'])}`]));
      expect(where).toEqual({
        'CG Brazzaville': 'BZV Brazzaville', 'CG Pointe-Noire': '16 Pointe-Noire',
        'MG Antananarivo': 'null Analamanga', 'MG Toamasina': 'null Atsinanana',
        'NP Biratnagar': 'P1 Koshi', 'NP Kathmandu': 'P3 Bagmati', 'NP Pokhara': 'P4 Gandaki',
        'SS Juba': 'EC Central Equatoria', 'SS Malakal': 'NU Upper Nile',
        'TW Banqiao': 'NWT New Taipei', 'TW Kaohsiung': 'KHH Kaohsiung', 'TW Taichung': 'TXG Taichung', 'TW Tainan': 'TNN Tainan', 'TW Taipei': 'TPE Taipei',
      });
    });
  });

  it('gives most cities of every country that has regions a region', async () => {
    await withGeo(async (read) => {
      const thin = await read(`SELECT p.country_code, count(*) AS cities, count(r.admin1_code) AS in_region FROM places p
        LEFT JOIN regions r USING (country_code, admin1_code)
        WHERE p.population >= 1000 AND p.country_code IN (SELECT country_code FROM regions)
        GROUP BY ALL HAVING count(*) >= 10 AND count(r.admin1_code) < 0.6 * count(*)`);
      expect(thin).toEqual([]);
    });
  });

  it('gives a WikiData id or a HASC code to one region only, and a region the label point of its own outline', async () => {
    await withGeo(async (read) => {
      for (const col of ['wiki_data_id', 'hasc_code']) {
        expect(await read(`SELECT ${col}, count(*) AS n FROM regions WHERE ${col} IS NOT NULL GROUP BY ALL HAVING count(*) > 1`), col).toEqual([]);
      }
      // Île-de-France's label point is around Paris, not in Aude (43.1 N, 2.5 E), whose Natural Earth code it shares
      const [idf] = await read(`SELECT label_latitude AS lat, label_longitude AS lon FROM regions WHERE country_code = 'FR' AND iso_code = 'IDF'`);
      if (idf?.['lat'] !== null && idf?.['lat'] !== undefined) {
        expect(Number(idf['lat'])).toBeGreaterThan(48);
        expect(Number(idf['lat'])).toBeLessThan(49.5);
      }
      // Norway's former counties (no ISO code, no place) are retired: Oppland's FIPS code 11 led to Rogaland (ISO 11)
      const fipsElsewhere = await read(`SELECT a.name FROM regions a JOIN regions b ON a.country_code = b.country_code AND a.admin1_code <> b.admin1_code
        AND upper(a.fips_code) = upper(b.iso_code) WHERE a.iso_code IS NULL AND a.country_code IN ('NO', 'LV', 'CG')`);
      expect(fipsElsewhere).toEqual([]);
      // Nangan (the Matsu islands) has no Natural Earth outline to fall in: it takes Lienchiang's point
      expect(await read(`SELECT r.iso_code FROM places p JOIN regions r USING (country_code, admin1_code) WHERE p.country_code = 'TW' AND p.name = 'Nangan'`)).toEqual([{ iso_code: 'LIE' }]);
      const taiwan = await read(`SELECT name FROM regions WHERE country_code = 'TW' GROUP BY name HAVING count(*) > 1`);
      expect(taiwan).toEqual([]); // Chiayi City and Chiayi County, not two "Chiayi"
    });
  });
});
