/**
 * The geo inputs kept in the repository (`data/sources/`, each folder with its
 * SOURCE.txt): Natural Earth populated places 4.0.0 and Who's On First (place
 * WikiData ids and names in other languages, joined on the GeoNames id),
 * dr5hn's states (region WikiData ids) and GeoNames' admin2Codes.txt (the
 * second-level divisions). Every file is checked against data/sources/SHA256SUMS
 * before it is read: a changed file stops the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BOOLEAN, DOUBLE, INTEGER, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { all, appendRows, sqlString } from '../../src/db/duckdb.js';
import { foldText, searchWords } from '../../src/geo/searchKey.js';
import { DataBuildError } from './cli.js';
import { projectRoot } from './sources.js';

type Log = (line: string) => void;

export const SOURCES_DIR = join(projectRoot, 'data', 'sources');
export const NE_CSV = 'natural-earth-populated-places-4.0.0/ne_10m_populated_places_v4.0.0_subset.csv';
export const WOF_TSV = 'whosonfirst-admin-gn-wd/wof_localities_gn_wd_names.tsv.gz';
export const DR5HN_STATES = 'dr5hn-countries-states/states.csv';
export const ADMIN2_CODES = 'geonames-admin2codes/admin2Codes.2023-04.txt';
/** CLDR's time zone names per display language (the exemplar cities): `${CLDR_ZONES}/<lang>/timeZoneNames.json`. */
export const CLDR_ZONES = 'cldr-dates-full-48.2.0/main';

/** The languages a place name is taken in, with the column of each source (NE: NAME_xx; WOF: name_<iso639-3>). */
export const PLACE_NAME_LANGUAGES: { lang: string; ne?: string; wof: string }[] = [
  { lang: 'de', ne: 'NAME_DE', wof: 'name_deu' }, { lang: 'es', ne: 'NAME_ES', wof: 'name_spa' }, { lang: 'fr', ne: 'NAME_FR', wof: 'name_fra' },
  { lang: 'pt', ne: 'NAME_PT', wof: 'name_por' }, { lang: 'ru', ne: 'NAME_RU', wof: 'name_rus' }, { lang: 'zh', ne: 'NAME_ZH', wof: 'name_zho' },
  { lang: 'it', wof: 'name_ita' }, { lang: 'ja', wof: 'name_jpn' }, { lang: 'ar', wof: 'name_ara' }, { lang: 'hi', wof: 'name_hin' },
];

/**
 * Checks every file data/sources/SHA256SUMS lists (sha256sum's format) and that the files the build reads are
 * listed: a file that changed or is missing stops the build with its name and both digests.
 */
export function verifySources(log: Log, dir = SOURCES_DIR): void {
  const list = join(dir, 'SHA256SUMS');
  if (!existsSync(list)) throw new DataBuildError(`${list} is missing: it lists the sha256 of every source file the build reads`);
  const expected = new Map<string, string>();
  for (const line of readFileSync(list, 'utf8').split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.trim());
    if (m) expected.set(m[2]!, m[1]!);
  }
  for (const f of [NE_CSV, WOF_TSV, DR5HN_STATES, ADMIN2_CODES, ...['en', ...PLACE_NAME_LANGUAGES.map((l) => l.lang)].map(zoneNamesFile)]) {
    if (!expected.has(f)) throw new DataBuildError(`${list} does not list ${f}, which the build reads`);
  }
  let bytes = 0;
  for (const [file, sha] of expected) {
    const path = join(dir, file);
    if (!existsSync(path)) throw new DataBuildError(`source file ${path} is missing (listed in ${list}); restore it from git`);
    const content = readFileSync(path);
    bytes += content.length;
    const got = createHash('sha256').update(content).digest('hex');
    if (got !== sha) {
      throw new DataBuildError(`source file ${path} changed: sha256 ${got}, ${list} says ${sha}. A new version of a source must be reviewed ` +
        '(its SOURCE.txt, the coverage the build prints) and its digest written to SHA256SUMS; until then the build refuses it');
    }
  }
  log(`${expected.size} source files in data/sources match SHA256SUMS (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
}

const src = (f: string) => sqlString(join(SOURCES_DIR, f));
const zoneNamesFile = (lang: string) => `${CLDR_ZONES}/${lang}/timeZoneNames.json`;

/** zone id → exemplar city, from one CLDR timeZoneNames.json (nested by the id's parts). */
function exemplarCities(lang: string): Map<string, string> {
  const file = join(SOURCES_DIR, zoneNamesFile(lang));
  const json = JSON.parse(readFileSync(file, 'utf8')) as { main: Record<string, { dates: { timeZoneNames: { zone: Record<string, unknown> } } }> };
  const zones = json.main[lang]?.dates.timeZoneNames.zone;
  if (!zones) throw new DataBuildError(`${file} has no main.${lang}.dates.timeZoneNames.zone: not CLDR's timeZoneNames.json for ${lang}`);
  const out = new Map<string, string>();
  const walk = (node: Record<string, unknown>, path: string[]) => {
    for (const [k, v] of Object.entries(node)) {
      if (!v || typeof v !== 'object') continue;
      const city = (v as { exemplarCity?: unknown }).exemplarCity;
      if (typeof city === 'string') out.set([...path, k].join('/'), city);
      else walk(v as Record<string, unknown>, [...path, k]);
    }
  };
  walk(zones, []);
  return out;
}

/**
 * CLDR's exemplar city of each time zone, in every name language, as a name of the place it names: the most
 * populous place of that zone whose name or ASCII name is the zone's English city (the exemplar of the English
 * file, else the id's last part with spaces: America/Los_Angeles → Los Angeles), not a city part (PPLX).
 * Writes the temp table cldr_names (place_id, lang, name); returns how many zones named a place.
 */
async function writeZoneCityNames(conn: DuckDBConnection): Promise<number> {
  const en = exemplarCities('en');
  const rows: unknown[][] = [];
  const zoneIds = new Set<string>();
  for (const { lang } of PLACE_NAME_LANGUAGES) {
    for (const [zone, city] of exemplarCities(lang)) {
      const english = en.get(zone) ?? zone.split('/').pop()!.replaceAll('_', ' ');
      if (city.trim() && city !== english) { rows.push([zone, foldText(english), lang, city.trim()]); zoneIds.add(zone); }
    }
  }
  await conn.run('CREATE OR REPLACE TEMP TABLE cldr_zone_names (zone VARCHAR, english VARCHAR, lang VARCHAR, name VARCHAR)');
  await appendRows(conn, 'cldr_zone_names', [VARCHAR, VARCHAR, VARCHAR, VARCHAR], rows);
  await conn.run(`CREATE OR REPLACE TEMP TABLE cldr_zone_place AS
    SELECT zone, id FROM (
      SELECT z.zone, p.id, row_number() OVER (PARTITION BY z.zone ORDER BY p.population DESC, p.id) AS rn
      FROM (SELECT DISTINCT zone, english FROM cldr_zone_names) z JOIN places p ON p.timezone = z.zone
      WHERE p.feature_code <> 'PPLX' AND (lower(strip_accents(p.name)) = z.english OR lower(strip_accents(p.ascii_name)) = z.english)
    ) WHERE rn = 1`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE cldr_names AS
    SELECT zp.id AS place_id, n.lang, n.name FROM cldr_zone_names n JOIN cldr_zone_place zp USING (zone)`);
  const [r] = await all<{ n: bigint }>(conn, 'SELECT count(*) AS n FROM cldr_zone_place');
  return Number(r?.n ?? 0);
}

/**
 * WikiData ids and names in other languages for the places, joined on the GeoNames id: Natural Earth first,
* then Who's On First (of several WOF rows for one GeoNames id: not deprecated, one with a WikiData id, not marked
 * not current, locality > localadmin > borough > county > macrohood > neighbourhood, then the lowest wof id).
 * A Q-id that lands on several places stays only on the most populous (then the lowest GeoNames id), so that
 * every Q-id names exactly one place. Writes places.wiki_data_id and place_names (place_id, lang, name).
 */
export async function writePlaceWikidataAndNames(conn: DuckDBConnection, log: Log): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE ne AS
    SELECT TRY_CAST(TRY_CAST(GEONAMEID AS DOUBLE) AS INTEGER) AS gn_id, * EXCLUDE (GEONAMEID)
    FROM read_csv(${src(NE_CSV)}, header = true, all_varchar = true, quote = '"', escape = '"', strict_mode = true)`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE wof AS
    SELECT TRY_CAST(gn_id AS INTEGER) AS gn, *
    FROM read_csv(${src(WOF_TSV)}, delim = '\t', quote = '', escape = '', header = true, all_varchar = true, strict_mode = true)`);
  const clean = (col: string) => `CASE WHEN regexp_full_match(trim(${col}), 'Q[0-9]+') THEN trim(${col}) END`;
  // one WOF row per GeoNames id (SOURCE.txt's recipe)
  await conn.run(`CREATE OR REPLACE TEMP TABLE wof_one AS
    SELECT * FROM (
      SELECT *, row_number() OVER (PARTITION BY gn ORDER BY
        CASE WHEN ${clean('wd_id')} IS NULL THEN 1 ELSE 0 END,
        CASE WHEN coalesce(mz_is_current, '') = '0' THEN 1 ELSE 0 END,
        list_position(['locality', 'localadmin', 'borough', 'county', 'macrohood', 'neighbourhood'], placetype),
        TRY_CAST(wof_id AS BIGINT)) AS rn
      FROM wof WHERE gn > 0 AND coalesce(edtf_deprecated, '') = ''
    ) WHERE rn = 1`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE ne_one AS
    SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY gn_id ORDER BY TRY_CAST(POP_MAX AS DOUBLE) DESC NULLS LAST, wikidataid) AS rn FROM ne WHERE gn_id > 0) WHERE rn = 1`);
  // Rows with a Q-id but no GeoNames id of cities500 (NE's GEONAMEID -1 or another id; WOF localities without gn:id):
  // joined on the exact folded name (name or ASCII name) in the same country within 10 km, where the row matches
  // exactly one place; used only for places the GeoNames-id joins gave nothing.
  const fold = (x: string) => `lower(strip_accents(trim(${x})))`;
  const km = (a: string, b: string, c: string, d: string) =>
    `2 * 6371.0088 * asin(least(1, sqrt(pow(sin(radians(${c} - ${a}) / 2), 2) + cos(radians(${a})) * cos(radians(${c})) * pow(sin(radians(${d} - ${b}) / 2), 2))))`;
  await conn.run(`CREATE OR REPLACE TEMP TABLE place_name_keys AS
    SELECT DISTINCT id, country_code, latitude, longitude, k FROM (SELECT id, country_code, latitude, longitude, unnest([${fold('name')}, ${fold('ascii_name')}]) AS k FROM places)`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE by_name AS
    WITH src AS (
      SELECT 3 AS pri, row_number() OVER () AS rid, ${clean('wikidataid')} AS wd, ISO_A2 AS cc, TRY_CAST(LATITUDE AS DOUBLE) AS lat, TRY_CAST(LONGITUDE AS DOUBLE) AS lon,
        [${fold('NAME')}, ${fold('NAMEASCII')}, ${fold('GN_ASCII')}, ${fold('NAME_EN')}] AS names
      FROM ne WHERE coalesce(gn_id, -1) NOT IN (SELECT id FROM places)
      UNION ALL
      SELECT 4, 1000000 + row_number() OVER (), ${clean('wd_id')}, country, TRY_CAST(geom_latitude AS DOUBLE), TRY_CAST(geom_longitude AS DOUBLE),
        [${fold('wof_name')}, ${fold('name_eng')}]
      FROM wof WHERE placetype = 'locality' AND coalesce(edtf_deprecated, '') = '' AND coalesce(gn, -1) NOT IN (SELECT id FROM places)
    ), m AS (
      SELECT DISTINCT s.pri, s.rid, s.wd, k.id FROM (SELECT *, unnest(list_distinct(names)) AS k FROM src) s
      JOIN place_name_keys k ON k.country_code = s.cc AND k.k = s.k
      WHERE s.wd IS NOT NULL AND s.lat IS NOT NULL AND ${km('s.lat', 's.lon', 'k.latitude', 'k.longitude')} < 10
    )
    SELECT id, any_value(wd) AS wd, min(pri) AS pri FROM (SELECT * FROM m QUALIFY count(*) OVER (PARTITION BY rid) = 1)
    GROUP BY id HAVING count(DISTINCT wd) = 1`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE place_wd AS
    SELECT p.id, p.population, coalesce(${clean('n.wikidataid')}, ${clean('w.wd_id')}, b.wd) AS wd,
      CASE WHEN ${clean('n.wikidataid')} IS NOT NULL THEN 'ne' WHEN ${clean('w.wd_id')} IS NOT NULL THEN 'wof' WHEN b.pri = 3 THEN 'ne-name' WHEN b.pri = 4 THEN 'wof-name' END AS source
    FROM places p LEFT JOIN ne_one n ON n.gn_id = p.id LEFT JOIN wof_one w ON w.gn = p.id LEFT JOIN by_name b ON b.id = p.id`);
  const [dup] = await all<{ ids: bigint; places: bigint }>(conn,
    'SELECT count(*) AS ids, coalesce(sum(n), 0) AS places FROM (SELECT wd, count(*) AS n FROM place_wd WHERE wd IS NOT NULL GROUP BY wd HAVING count(*) > 1)');
  await conn.run('ALTER TABLE places ADD COLUMN wiki_data_id VARCHAR');
  await conn.run(`UPDATE places SET wiki_data_id = k.wd FROM (
      SELECT id, wd FROM (SELECT id, wd, row_number() OVER (PARTITION BY wd ORDER BY population DESC, id) AS rn FROM place_wd WHERE wd IS NOT NULL) WHERE rn = 1
    ) k WHERE places.id = k.id`);
  const [src2] = await all<{ ne: bigint; wof: bigint; ne_name: bigint; wof_name: bigint }>(conn,
    `SELECT count(*) FILTER (WHERE source = 'ne') AS ne, count(*) FILTER (WHERE source = 'wof') AS wof, count(*) FILTER (WHERE source = 'ne-name') AS ne_name,
      count(*) FILTER (WHERE source = 'wof-name') AS wof_name FROM place_wd JOIN places USING (id) WHERE places.wiki_data_id IS NOT NULL`);
  log(`place WikiData ids: ${Number(src2!.ne)} from Natural Earth 4.0.0 and ${Number(src2!.wof)} from Who's On First by GeoNames id, ` +
    `${Number(src2!.ne_name)} and ${Number(src2!.wof_name)} by name within 10 km; ` +
    `${Number(dup!.ids)} ids sat on several places (${Number(dup!.places)} places): each kept on the most populous only`);

  // names: NE first, then WOF, then CLDR's exemplar city of the place's zone; a name equal to the GeoNames name adds nothing
  const zonePlaces = await writeZoneCityNames(conn);
  const unions = [...PLACE_NAME_LANGUAGES.flatMap(({ lang, ne, wof }) => [
    ...(ne ? [`SELECT gn_id AS place_id, '${lang}' AS lang, trim(${ne}) AS name, 1 AS pri FROM ne_one`] : []),
    `SELECT gn AS place_id, '${lang}' AS lang, trim(${wof}) AS name, 2 AS pri FROM wof_one`,
  ]), 'SELECT place_id, lang, name, 3 AS pri FROM cldr_names'].join(' UNION ALL ');
  await conn.run(`CREATE TABLE place_names AS
    SELECT place_id, lang, arg_min(name, pri) AS name FROM (${unions}) s
    WHERE name IS NOT NULL AND name <> '' AND NOT regexp_matches(name, '^\\*+$') AND place_id IN (SELECT id FROM places)
    GROUP BY place_id, lang ORDER BY place_id, lang`);
  await conn.run('DELETE FROM place_names USING places WHERE places.id = place_names.place_id AND places.name = place_names.name');
  // a source's label of the administrative unit rather than the city (NE's de "Präfektur Tokio" for Tokyo) is not the city's name
  await conn.run(`DELETE FROM place_names USING places WHERE places.id = place_names.place_id
    AND regexp_matches(lower(place_names.name), '${ADMIN_WORDS}') AND NOT regexp_matches(lower(places.name), '${ADMIN_WORDS}')`);
  const [fromZones] = await all<{ n: bigint }>(conn,
    'SELECT count(*) AS n FROM place_names pn JOIN cldr_names c ON c.place_id = pn.place_id AND c.lang = pn.lang AND c.name = pn.name');
  log(`CLDR 48.2.0 exemplar cities: ${zonePlaces} time zones name a place; ${Number(fromZones?.n ?? 0)} of the place names are the zone's exemplar city (the only name, or the same as Natural Earth's or Who's On First's)`);
  await conn.run('DROP TABLE ne; DROP TABLE wof; DROP TABLE wof_one; DROP TABLE ne_one; DROP TABLE place_wd; DROP TABLE by_name; DROP TABLE place_name_keys; DROP TABLE cldr_zone_names; DROP TABLE cldr_zone_place; DROP TABLE cldr_names');
}

/** Words that name an administrative unit in the name languages (lower case). */
const ADMIN_WORDS = '(präfektur|prefecture|préfecture|prefectura|prefeitura|prefettura|provinz|province|provincia|municipality|municipio|município|gemeinde|landkreis|county|comté|condado|district|distrikt|distrito|région|region|região|regione|governorate|oblast|область|округ|район|префектура|провинция|都道府県)';

/** Coverage of place WikiData ids by population band, and of names per language. */
export async function logPlaceCoverage(conn: DuckDBConnection, log: Log): Promise<void> {
  const bands = await all<{ band: string; n: bigint; wd: bigint }>(conn, `
    SELECT '>= 1M' AS band, count(*) AS n, count(wiki_data_id) AS wd FROM places WHERE population >= 1000000 UNION ALL
    SELECT '>= 100k', count(*), count(wiki_data_id) FROM places WHERE population >= 100000 UNION ALL
    SELECT '>= 15k', count(*), count(wiki_data_id) FROM places WHERE population >= 15000 UNION ALL
    SELECT 'all', count(*), count(wiki_data_id) FROM places`);
  const order = ['>= 1M', '>= 100k', '>= 15k', 'all'];
  bands.sort((a, b) => order.indexOf(a.band) - order.indexOf(b.band));
  log(`place WikiData ids by population: ${bands.map((b) => `${b.band} ${Number(b.wd)}/${Number(b.n)} (${((Number(b.wd) / Number(b.n)) * 100).toFixed(1)} %)`).join(', ')}`);
  const langs = await all<{ lang: string; n: bigint; big: bigint }>(conn, `
    SELECT lang, count(*) AS n, count(*) FILTER (WHERE p.population >= 100000) AS big FROM place_names JOIN places p ON p.id = place_id GROUP BY lang ORDER BY lang`);
  const [{ big }] = (await all<{ big: bigint }>(conn, 'SELECT count(*) AS big FROM places WHERE population >= 100000')) as [{ big: bigint }];
  log(`place names in other languages (places with one; of the ${Number(big)} places >= 100k): ${langs.map((l) => `${l.lang} ${Number(l.n)} (${Number(l.big)})`).join(', ')}`);
}

/**
 * Region WikiData ids from dr5hn's states.csv where ours (Natural Earth) has none: a state matches a region on
 * (country, FIPS code = GeoNames admin1), else on (country, iso2 = admin1); a region two states match with
 * different ids is left alone, and a match must agree with what we know of the region (its ISO 3166-2 code,
 * or its folded name). Counts how far dr5hn agrees where both have an id.
 */
export async function raiseRegionWikidata(conn: DuckDBConnection, log: Log): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE states AS
    SELECT country_code, iso2, fips_code, name, wikiDataId AS wd
    FROM read_csv(${src(DR5HN_STATES)}, header = true, all_varchar = true, quote = '"', escape = '"', strict_mode = true)
    WHERE regexp_full_match(coalesce(wikiDataId, ''), 'Q[0-9]+')`);
  const regions = await all<{ country_code: string; admin1_code: string; iso_code: string | null; name: string; wiki_data_id: string | null }>(conn,
    'SELECT country_code, admin1_code, iso_code, name, wiki_data_id FROM regions');
  const states = await all<{ country_code: string; iso2: string | null; fips_code: string | null; name: string; wd: string }>(conn, 'SELECT * FROM states');
  const byFips = new Map<string, typeof states>(), byIso = new Map<string, typeof states>();
  for (const s of states) {
    if (s.fips_code) push(byFips, `${s.country_code}.${s.fips_code}`, s);
    if (s.iso2) push(byIso, `${s.country_code}.${s.iso2}`, s);
  }
  const regionNames = await all<{ country_code: string; admin1_code: string; name: string }>(conn, 'SELECT country_code, admin1_code, name FROM region_names');
  const namesOf = new Map<string, Set<string>>();
  for (const r of regionNames) {
    const k = `${r.country_code}.${r.admin1_code}`;
    if (!namesOf.has(k)) namesOf.set(k, new Set());
    namesOf.get(k)!.add(foldText(r.name));
  }
  let added = 0, agree = 0, disagree = 0, ambiguous = 0;
  const updates: unknown[][] = [];
  for (const r of regions) {
    const key = `${r.country_code}.${r.admin1_code}`;
    const names = namesOf.get(key) ?? new Set([foldText(r.name)]);
    const fits = (s: (typeof states)[number]) => (r.iso_code !== null && s.iso2 === r.iso_code) || names.has(foldText(s.name))
      || [...names].some((n) => n.length >= 4 && (foldText(s.name).startsWith(n) || n.startsWith(foldText(s.name))));
    // by FIPS code, else ISO code, as GeoNames' admin1 code; else (France's regions are 11, 24, …, and dr5hn's rows of
    // those codes are departments) by the region's own ISO code: the first that gives states that fit
    let cands: typeof states = [];
    let good: typeof states = [];
    for (const from of [byFips.get(key), byIso.get(key), r.iso_code ? byIso.get(`${r.country_code}.${r.iso_code}`) : undefined]) {
      if (!from?.length) continue;
      cands = from;
      good = from.filter(fits);
      if (good.length) break;
    }
    if (!cands.length) continue;
    const ids = new Set(good.map((s) => s.wd));
    if (ids.size !== 1) { if (ids.size > 1 || cands.length > 1) ambiguous++; continue; }
    const wd = [...ids][0]!;
    if (r.wiki_data_id) { if (r.wiki_data_id === wd) agree++; else disagree++; continue; }
    updates.push([r.country_code, r.admin1_code, wd]);
    added++;
  }
  await conn.run('CREATE OR REPLACE TEMP TABLE region_wd (country_code VARCHAR, admin1_code VARCHAR, wd VARCHAR)');
  await appendRows(conn, 'region_wd', [VARCHAR, VARCHAR, VARCHAR], updates);
  await conn.run(`UPDATE regions SET wiki_data_id = w.wd FROM region_wd w
    WHERE regions.country_code = w.country_code AND regions.admin1_code = w.admin1_code AND regions.wiki_data_id IS NULL
      AND w.wd NOT IN (SELECT wiki_data_id FROM regions WHERE wiki_data_id IS NOT NULL)
      AND w.wd NOT IN (SELECT wd FROM region_wd GROUP BY wd HAVING count(*) > 1)`); // an id names one region
  const [n] = await all<{ n: bigint; wd: bigint }>(conn, 'SELECT count(*) AS n, count(wiki_data_id) AS wd FROM regions');
  log(`dr5hn states: region WikiData ids added ${added} (where Natural Earth had none), agree ${agree} and differ ${disagree} where both have one (ours kept), ` +
    `${ambiguous} regions matched ambiguously (left alone); regions with an id now ${Number(n!.wd)}/${Number(n!.n)} (${((Number(n!.wd) / Number(n!.n)) * 100).toFixed(1)} %)`);
  await conn.run('DROP TABLE states; DROP TABLE region_wd');
}

/** Feature codes left out of a division's population: sections of a place (PPLX) and historical, abandoned or destroyed places. */
export const NOT_COUNTED_FEATURES = ['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH'];
/** People per km² assumed for a dominant city's own area (see buildDivisions). */
const CITY_DENSITY = 2000;

interface DivPlace { id: number; name: string; lat: number; lon: number; pop: number; fc: string; tz: string; a1: string; a2: string; cc: string }

/**
 * Second-level divisions (GeoNames ADM2) as records: the name from admin2Codes.txt (the vintage of cities500),
 * the division's GeoNames id as its id, and from the places of cities500 carrying its CC.ADM1.ADM2 code:
 * - population: an estimate, the sum over those places, leaving out sections of places (PPLX), historical,
 *   abandoned and destroyed places (PPLH, PPLQ, PPLW, PPLCH), districts named after a larger place of the
 *   division within 30 km ("Marseille 08" beside Marseille), and, where one city has more people than all the
 *   others together, the places within that city's own radius (its area taken at 2,000 people per km², at most
 *   40 km): its boroughs (Greater London: London's 8.96M, not 14.3M);
 * - representative point and time zone: those of its seat, the most populous PPLA2 place, else of its most
 *   populous place (a division no place carries is left out: it would have neither);
 * - WikiData id: dr5hn's states.csv, where a state's (country, iso2) is the division's ADM2 code and the names agree.
 * Writes `divisions` (the columns of `places`, feature_code 'ADM2'), `division_keys` and `place_divisions`
 * (place_id → division_id: the division whose code the place carries).
 */
export async function buildDivisions(conn: DuckDBConnection, raw: string, log: Log): Promise<void> {
  await conn.run(`CREATE OR REPLACE TEMP TABLE admin2 AS
    SELECT * FROM read_csv(${src(ADMIN2_CODES)}, delim = '\t', quote = '', escape = '', header = false, auto_detect = false, strict_mode = true,
      columns = {'code': 'VARCHAR', 'name': 'VARCHAR', 'ascii_name': 'VARCHAR', 'geonameid': 'INTEGER'})`);
  const codes = await all<{ code: string; name: string; ascii_name: string; geonameid: number }>(conn, 'SELECT * FROM admin2 ORDER BY code');
  const places = await all<{ id: number; name: string; latitude: number; longitude: number; population: bigint | number; feature_code: string | null; timezone: string; admin1_code: string | null; admin2_code: string; country_code: string }>(conn,
    `SELECT r.id, r.name, r.latitude, r.longitude, coalesce(r.population, 0) AS population, r.feature_code, r.timezone, r.admin1_code, r.admin2_code, r.country_code
     FROM ${raw} r WHERE coalesce(r.admin2_code, '') <> '' AND r.admin2_code <> '00' ORDER BY r.id`);
  const byCode = new Map<string, DivPlace[]>();
  for (const p of places) {
    push(byCode, `${p.country_code}.${p.admin1_code ?? ''}.${p.admin2_code}`, { id: p.id, name: p.name, lat: p.latitude, lon: p.longitude, pop: Number(p.population),
      fc: p.feature_code ?? '', tz: p.timezone, a1: p.admin1_code ?? '', a2: p.admin2_code, cc: p.country_code });
  }
  const dr5hn = await all<{ country_code: string; iso2: string; name: string; wd: string }>(conn, `
    SELECT country_code, iso2, name, wikiDataId AS wd FROM read_csv(${src(DR5HN_STATES)}, header = true, all_varchar = true, quote = '"', escape = '"')
    WHERE regexp_full_match(coalesce(wikiDataId, ''), 'Q[0-9]+') AND iso2 IS NOT NULL`);
  const stateBy = new Map<string, typeof dr5hn>();
  for (const s of dr5hn) push(stateBy, `${s.country_code}.${s.iso2}`, s);
  const [allIds] = await all<{ n: bigint }>(conn, `SELECT count(*) AS n FROM places WHERE id IN (SELECT geonameid FROM admin2)`);
  if (Number(allIds!.n) > 0) throw new DataBuildError(`${Number(allIds!.n)} ADM2 geonameids of ${ADMIN2_CODES} are also place ids: ids must name one record`);
  const rows: unknown[][] = [];
  let noPlace = 0, dominant = 0, named = 0, withWd = 0;
  const usedCodes = new Set(byCode.keys());
  // a division's id must not be a place's too: every Q-id names one record
  const wdSeen = new Set((await all<{ wd: string }>(conn, 'SELECT wiki_data_id AS wd FROM places WHERE wiki_data_id IS NOT NULL')).map((r) => r.wd));
  for (const c of codes) {
    usedCodes.delete(c.code);
    const members = byCode.get(c.code);
    if (!members?.length) { noPlace++; continue; }
    const counted = members.filter((p) => !NOT_COUNTED_FEATURES.includes(p.fc));
    counted.sort((a, b) => b.pop - a.pop || a.id - b.id);
    const excluded = new Set<number>();
    // districts named after a larger place of the division ("Marseille 08", "Lyon 3e Arrondissement")
    for (const big of counted.slice(0, 5)) {
      if (big.pop < 100_000) break;
      const stem = foldText(big.name);
      for (const p of counted) {
        if (p === big || p.pop >= big.pop) continue;
        const f = foldText(p.name);
        if (f.startsWith(`${stem} `) && /^[\s\d]/.test(f.slice(stem.length)) && kmBetween(big, p) <= 30) excluded.add(p.id);
      }
    }
    const top = counted[0];
    if (top) {
      const rest = counted.reduce((s, p) => s + (p === top || excluded.has(p.id) ? 0 : p.pop), 0);
      if (top.pop >= 100_000 && top.pop > rest) {
        const radius = Math.min(40, Math.sqrt(top.pop / (Math.PI * CITY_DENSITY)));
        let any = false;
        for (const p of counted) if (p !== top && !excluded.has(p.id) && kmBetween(top, p) <= radius) { excluded.add(p.id); any = true; }
        if (any) dominant++;
      }
    }
    const population = counted.reduce((s, p) => s + (excluded.has(p.id) ? 0 : p.pop), 0);
    const seat = members.filter((p) => p.fc === 'PPLA2').sort((a, b) => b.pop - a.pop || a.id - b.id)[0] ?? top ?? members[0]!;
    const states = (stateBy.get(`${seat.cc}.${c.code.split('.')[2]}`) ?? []).filter((s) => namesAgree(s.name, c.name) || namesAgree(s.name, c.ascii_name));
    const wd = states.length === 1 && !wdSeen.has(states[0]!.wd) ? states[0]!.wd : null;
    if (wd) { wdSeen.add(wd); withWd++; }
    named++;
    rows.push([c.geonameid, c.name, c.ascii_name || c.name, seat.lat, seat.lon, 'ADM2', seat.cc, seat.a1, seat.a2, population, seat.tz, wd]);
  }
  const unnamedCodes = usedCodes.size;
  await conn.run(`CREATE OR REPLACE TEMP TABLE divisions_src (id INTEGER, name VARCHAR, ascii_name VARCHAR, latitude DOUBLE, longitude DOUBLE,
    feature_code VARCHAR, country_code VARCHAR, admin1_code VARCHAR, admin2_code VARCHAR, population DOUBLE, timezone VARCHAR, wiki_data_id VARCHAR)`);
  await appendRows(conn, 'divisions_src', [INTEGER, VARCHAR, VARCHAR, DOUBLE, DOUBLE, VARCHAR, VARCHAR, VARCHAR, VARCHAR, DOUBLE, VARCHAR, VARCHAR], rows);
  // the columns of places (PlaceStore reads both tables alike); divisions have no elevation
  await conn.run(`CREATE TABLE divisions AS SELECT id, name, ascii_name, latitude, longitude, feature_code, country_code, admin1_code, admin2_code,
      population::BIGINT AS population, CAST(NULL AS INTEGER) AS elevation, timezone, wiki_data_id, CAST(NULL AS TIMESTAMP) AS deleted_at, CAST(NULL AS VARCHAR) AS sort_name
    FROM divisions_src ORDER BY id`);
  await conn.run('ALTER TABLE divisions ADD PRIMARY KEY (id)');
  await conn.run('DROP TABLE divisions_src');
  // which division holds each place (locatedIn): the division of the place's own (country, admin1, admin2) code
  await conn.run(`CREATE TABLE place_divisions AS
    SELECT r.id AS place_id, d.id AS division_id FROM ${raw} r
    JOIN divisions d ON d.country_code = r.country_code AND d.admin1_code = coalesce(r.admin1_code, '') AND d.admin2_code = r.admin2_code
    WHERE r.id IN (SELECT id FROM places) ORDER BY r.id`);
  const keyRows: unknown[][] = [];
  const sortRows: unknown[][] = [];
  for (const r of rows) {
    for (const k of searchWords(String(r[1]), String(r[2]))) keyRows.push([r[0], k, false]);
    sortRows.push([r[0], foldText(String(r[1]))]);
  }
  await conn.run('CREATE TABLE division_keys (place_id INTEGER NOT NULL, key VARCHAR NOT NULL, alt BOOLEAN NOT NULL)');
  await appendRows(conn, 'division_keys', [INTEGER, VARCHAR, BOOLEAN], keyRows);
  await conn.run('CREATE OR REPLACE TABLE division_keys AS SELECT * FROM division_keys ORDER BY key, place_id');
  await conn.run('CREATE OR REPLACE TEMP TABLE division_sort (id INTEGER, sort_name VARCHAR)');
  await appendRows(conn, 'division_sort', [INTEGER, VARCHAR], sortRows);
  await conn.run('UPDATE divisions SET sort_name = s.sort_name FROM division_sort s WHERE divisions.id = s.id');
  await conn.run('DROP TABLE division_sort; DROP TABLE admin2');
  const [cov] = await all<{ places: bigint; covered: bigint }>(conn, `SELECT count(*) AS places,
    count(*) FILTER (WHERE (country_code || '.' || coalesce(admin1_code, '') || '.' || admin2_code) IN (SELECT country_code || '.' || admin1_code || '.' || admin2_code FROM divisions)) AS covered
    FROM ${raw} WHERE coalesce(admin2_code, '') NOT IN ('', '00')`);
  log(`${named} second-level divisions (ADM2) from ${ADMIN2_CODES} with a population and point from their places (${dominant} with a dominant city's districts left out; ` +
    `${withWd} with a WikiData id from dr5hn); ${noPlace} codes no place carries left out; ${unnamedCodes} codes cities500 uses have no name there; ` +
    `${Number(cov!.covered)}/${Number(cov!.places)} places with an admin2 code are in a division`);
}

function namesAgree(a: string, b: string): boolean {
  const x = foldText(a).replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim(), y = foldText(b).replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();
  return x === y || (x.length >= 4 && y.length >= 4 && (x.startsWith(y) || y.startsWith(x)));
}

function kmBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = Math.PI / 180;
  const dφ = (b.lat - a.lat) * r, dλ = (b.lon - a.lon) * r;
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(dλ / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v); else m.set(k, [v]);
}
