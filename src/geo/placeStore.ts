/**
 * The populated places held in memory, column by column, with the indexes the
 * hot queries need: a map by id, a kd-tree over longitude/latitude (radius
 * searches prefilter on a box, then test the exact distance), and a sorted
 * array of name keys (prefix searches binary-search it).
 *
 * DuckDB stays the system of record: the store is built from the geo file at
 * start-up (about a second) and answers exactly what src/geo/placeSql.ts
 * answers in SQL; tests compare the two on thousands of generated queries.
 */
import KDBush from 'kdbush';
import type { ConnectionPool } from '../db/duckdb.js';
import { clampOffset } from '../paging.js';
import { EARTH_RADIUS_KM, boundingBoxes, haversineKm } from './distance.js';
import { foldText, GEO_SCHEMA_VERSION } from './searchKey.js';
import { buildShortPrefixes, SHORT_PREFIX, type ShortPrefixLists } from './shortPrefixes.js';
import { cmpStr, StringTable } from './stringTable.js';
import { Utf8Column } from './utf8Column.js';

export type SortField = 'name' | 'population' | 'elevation' | 'countryCode' | 'distance';
export type IncludeDeletedMode = 'NONE' | 'ALL' | 'SINCE_YESTERDAY' | 'SINCE_LAST_WEEK';

export interface PlaceQuery {
  near?: { latitude: number; longitude: number; radiusKm: number; excludeId?: number };
  prefix?: string; // folded (searchPrefix)
  /** The prefix also matches alternate names (other languages, old names); otherwise only the name and its ASCII form. */
  alternates?: boolean;
  /** A further test of place i's name (namePrefixDefaultLangResults=false: the prefix must start a word of the name shown). */
  nameMatch?: (i: number) => boolean;
  countries?: ReadonlySet<string>;
  excludedCountries?: ReadonlySet<string>;
  region?: { countryCode: string; admin1Code: string };
  minPopulation?: number;
  maxPopulation?: number;
  timeZones?: ReadonlySet<string>;
  featureCodes?: ReadonlySet<string>;
  includeDeleted: IncludeDeletedMode;
  now: number; // ms since epoch, for SINCE_YESTERDAY / SINCE_LAST_WEEK
  sort: { field: SortField; desc: boolean }[];
  /** The order `name` sorts by where the names shown are not the stored ones (a display language's: rankedByNames). */
  nameRanks?: NameRanks;
  offset: number;
  limit: number;
}

export interface PlaceHit { index: number; distanceKm: number }
/** Each place's rank by a set of names, ascending and descending; equal names share a rank. */
export interface NameRanks { asc: Int32Array; desc: Int32Array }
export interface PlacePage { hits: PlaceHit[]; total: number; offset: number }

const DAY_MS = 86_400_000;

/** The earliest deletion time a query admits (deleted places older than this are hidden). */
export function deletedSince(mode: IncludeDeletedMode, now: number): number {
  switch (mode) {
    case 'ALL': return -Infinity;
    case 'SINCE_YESTERDAY': return now - DAY_MS;
    case 'SINCE_LAST_WEEK': return now - 7 * DAY_MS;
    default: return Infinity;
  }
}

/**
 * Everything the store holds, as flat columns: what the geo file's tables
 * give once sorted and indexed, and what the index file (placeIndexFile.ts)
 * keeps so that a start reads it instead of building it again.
 */
export interface PlaceColumnsData extends ShortPrefixLists {
  ids: Int32Array; latitude: Float64Array; longitude: Float64Array; population: Float64Array;
  elevation: Float64Array; deletedAt: Float64Array;
  /** Names as GeoNames spells them, in ASCII, and folded for sorting (utf8Column.ts: bytes, no JS string per place). */
  names: Utf8Column; asciiNames: Utf8Column; sortNames: Utf8Column;
  countryCodes: string[]; admin1Codes: string[]; timeZones: string[]; featureCodes: string[];
  /** KDBush's own buffer over (longitude, latitude). */
  kd: ArrayBuffer;
  /** The name keys, sorted in code-unit order, as one table of UTF-16 code units (no JS string per key). */
  keys: StringTable;
  /** The place (index) of each key, -1 for a key whose place is missing. */
  keyPlace: Int32Array;
  /** 1 where the key comes only from an alternate name of its place (PlaceQuery.alternates). */
  keyAlt: Uint8Array;
  /** The keys of each place: placeKeys from placeKeyStart[i] to placeKeyStart[i + 1] (a radius search with a prefix tests these). */
  placeKeyStart: Uint32Array;
  placeKeys: Int32Array;
  /** Position of each place in each single-field order, `${field}:${desc}` → ranks. */
  ranks: Record<string, Int32Array>;
}

const SORT_FIELDS = ['name', 'population', 'elevation', 'countryCode'] as const;

export class PlaceStore {
  readonly size: number;
  readonly ids: Int32Array;
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  readonly population: Float64Array;
  readonly elevation: Float64Array; // NaN where unknown
  readonly deletedAt: Float64Array; // ms since epoch, NaN when not deleted
  readonly names: Utf8Column;
  readonly asciiNames: Utf8Column;
  readonly sortNames: Utf8Column;
  readonly countryCodes: string[];
  readonly admin1Codes: string[];
  readonly timeZones: string[];
  readonly featureCodes: string[];
  private readonly idSlots: Int32Array;
  private readonly byCountry = new Map<string, number[]>();
  private readonly byRegion = new Map<string, number[]>();
  private readonly kd: KDBush;
  /** Smaller kd-trees over the places from a population up (POPULATION_TIERS), most populous tier first. */
  private readonly tiers: { minPopulation: number; kd: KDBush; places: Int32Array }[] = [];
  private readonly keys: StringTable;
  private readonly keyPlace: Int32Array;
  private readonly keyAlt: Uint8Array;
  private readonly placeKeyStart: Uint32Array;
  private readonly placeKeys: Int32Array;
  // Scratch marks for de-duplicating prefix candidates without allocating.
  private readonly mark: Uint32Array;
  private markGen = 0;
  // Unit vectors: a chord-length test rejects most box candidates without trigonometry.
  private readonly ux: Float64Array;
  private readonly uy: Float64Array;
  private readonly uz: Float64Array;
  // Position of each place in each single-field order (ties by id), ascending and descending.
  private readonly ranks = new Map<string, Int32Array>();
  /** rankedByNames' orders, one per set of names (a display language's), made when first asked for. */
  private readonly nameRankSets = new Map<string, NameRanks>();
  private readonly shortPrefixes: StringTable;
  private readonly shortStart: Uint32Array;
  private readonly shortLists: Int32Array;
  private readonly shortHasDeleted: Uint8Array;
  private readonly nameShortStart: Uint32Array;
  private readonly nameShortLists: Int32Array;
  private readonly nameShortHasDeleted: Uint8Array;
  /** The columns this store was made of (what the index file writes). */
  readonly data: PlaceColumnsData;

  constructor(d: PlaceColumnsData) {
    this.data = d;
    const n = d.ids.length;
    this.size = n;
    ({ ids: this.ids, latitude: this.latitude, longitude: this.longitude, population: this.population, elevation: this.elevation,
      deletedAt: this.deletedAt, names: this.names, asciiNames: this.asciiNames, sortNames: this.sortNames, countryCodes: this.countryCodes,
      admin1Codes: this.admin1Codes, timeZones: this.timeZones, featureCodes: this.featureCodes, keys: this.keys, keyPlace: this.keyPlace, keyAlt: this.keyAlt, placeKeyStart: this.placeKeyStart, placeKeys: this.placeKeys,
      shortPrefixes: this.shortPrefixes, shortStart: this.shortStart, shortLists: this.shortLists, shortHasDeleted: this.shortHasDeleted,
      nameShortStart: this.nameShortStart, nameShortLists: this.nameShortLists, nameShortHasDeleted: this.nameShortHasDeleted } = d);
    for (const [k, v] of Object.entries(d.ranks)) this.ranks.set(k, v);
    this.kd = KDBush.from(d.kd);
    for (const min of POPULATION_TIERS) {
      // the places matches() lets through for this floor (written as it tests it)
      const kept = (i: number) => !(this.population[i]! < min);
      let count = 0;
      for (let i = 0; i < n; i++) if (kept(i)) count++;
      if (count === 0 || count > n * 0.8) continue; // too few places left out to be worth a tree
      const places = new Int32Array(count);
      const kd = new KDBush(count);
      for (let i = 0, j = 0; i < n; i++) if (kept(i)) { places[j++] = i; kd.add(this.longitude[i]!, this.latitude[i]!); }
      kd.finish();
      this.tiers.unshift({ minPopulation: min, kd, places });
    }
    this.idSlots = new Int32Array(2 ** Math.ceil(Math.log2(Math.max(2, n) * 2))).fill(-1);
    const mask = this.idSlots.length - 1;
    for (let i = 0; i < n; i++) {
      let h = hashId(this.ids[i]!) & mask;
      while (this.idSlots[h]! >= 0) h = (h + 1) & mask;
      this.idSlots[h] = i;
    }
    for (let i = 0; i < n; i++) {
      const cc = this.countryCodes[i]!;
      push(this.byCountry, cc, i);
      push(this.byRegion, `${cc}.${this.admin1Codes[i]!}`, i);
    }
    this.mark = new Uint32Array(n);
    this.ux = new Float64Array(n);
    this.uy = new Float64Array(n);
    this.uz = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const [x, y, z] = unitVector(this.latitude[i]!, this.longitude[i]!);
      this.ux[i] = x; this.uy[i] = y; this.uz[i] = z;
    }
  }

  /** Builds the store from the geo file's columns (places in id order, keys in key order): sorts, the kd-tree and the short-prefix lists. */
  static fromColumns(cols: PlaceColumns, keyCols: { key: string[]; place_id: number[]; alt: boolean[] }): PlaceStore {
    const n = cols.id.length;
    const ids = Int32Array.from(cols.id);
    const latitude = Float64Array.from(cols.latitude), longitude = Float64Array.from(cols.longitude);
    const population = Float64Array.from(cols.population);
    const elevation = Float64Array.from(cols.elevation, (v) => v ?? NaN), deletedAt = Float64Array.from(cols.deleted_ms, (v) => v ?? NaN);
    // few distinct values: one string object each, shared by every place that has it
    const interned = (xs: string[]) => { const m = new Map<string, string>(); return xs.map((x) => { let v = m.get(x); if (v === undefined) { v = x; m.set(x, x); } return v; }); };
    const kd = new KDBush(Math.max(1, n));
    for (let i = 0; i < n; i++) kd.add(longitude[i]!, latitude[i]!);
    if (n === 0) kd.add(0, 0);
    kd.finish();
    const byId = (id: number) => { const i = lowerBoundInt(ids, id); return i < n && ids[i] === id ? i : -1; };
    const keyPlace = Int32Array.from(keyCols.place_id, byId);
    const keyAlt = Uint8Array.from(keyCols.alt, (a) => (a ? 1 : 0));
    // keys grouped by place (a counting sort of the key indices)
    const placeKeyStart = new Uint32Array(n + 1);
    for (const i of keyPlace) if (i >= 0) placeKeyStart[i + 1]!++;
    for (let i = 0; i < n; i++) placeKeyStart[i + 1]! += placeKeyStart[i]!;
    const placeKeys = new Int32Array(placeKeyStart[n]!);
    const fill = placeKeyStart.slice(0, n);
    keyPlace.forEach((i, k) => { if (i >= 0) placeKeys[fill[i]!++] = k; });
    const d: Omit<PlaceColumnsData, 'ranks' | 'shortPrefixes' | 'shortStart' | 'shortLists' | 'shortHasDeleted' | 'nameShortStart' | 'nameShortLists' | 'nameShortHasDeleted'> = {
      ids, latitude, longitude, population, elevation, deletedAt,
      names: Utf8Column.from(cols.name), asciiNames: Utf8Column.from(cols.ascii_name), sortNames: Utf8Column.from(cols.sort_name),
      countryCodes: interned(cols.country_code), admin1Codes: interned(cols.admin1_code), timeZones: interned(cols.timezone), featureCodes: interned(cols.feature_code),
      kd: kd.data as ArrayBuffer, keys: StringTable.from(keyCols.key), keyPlace, keyAlt, placeKeyStart, placeKeys,
    };
    // Places are stored in id order, so a stable sort of indices on the value alone breaks ties by id, in either direction.
    const ranks: Record<string, Int32Array> = {};
    const indices = Array.from({ length: n }, (_, i) => i);
    for (const field of SORT_FIELDS) {
      for (const desc of [false, true]) {
        const part = fieldOrderOf(d, field, desc);
        const rank = new Int32Array(n);
        indices.sort((a, b) => part(a, b) || a - b).forEach((i, r) => { rank[i] = r; });
        ranks[`${field}:${desc}`] = rank;
      }
    }
    return new PlaceStore({ ...d, ranks, ...buildShortPrefixes(d.keys, d.keyPlace, keyAlt, ranks['population:true']!, deletedAt) });
  }

  /** The store of a table with the columns of `places` (the populated places, or `divisions`) and its keys table. */
  static async load(db: ConnectionPool, tables: { places: string; keys: string } = { places: 'places', keys: 'place_keys' }): Promise<PlaceStore> {
    const [meta] = await db.query<{ value: string | null }>("SELECT max(value) AS value FROM meta WHERE key = 'schema_version'");
    const schema = Number(meta?.value ?? 0);
    if (schema < GEO_SCHEMA_VERSION) {
      throw new Error(`the geo database has schema ${schema}, this code reads schema ${GEO_SCHEMA_VERSION}: rebuild it with \`npm run data:build\` (npm start rebuilds it by itself)`);
    }
    // Populations and times as DOUBLE: exact below 2^53, and read as plain numbers.
    const raw = await db.columns(`SELECT id, name, ascii_name, sort_name, latitude, longitude, feature_code,
        country_code, admin1_code, population::DOUBLE AS population, elevation, timezone, epoch_ms(deleted_at)::DOUBLE AS deleted_ms
      FROM ${tables.places} ORDER BY id`);
    const keys = await db.columns(`SELECT key, place_id, alt FROM ${tables.keys} ORDER BY key, place_id`);
    return PlaceStore.fromColumns(raw as unknown as PlaceColumns, keys as unknown as { key: string[]; place_id: number[]; alt: boolean[] });
  }

  indexOf(id: number): number | undefined {
    // open addressing over the ids (a Map of 200k numbers costs ~10 MB of heap; this 2 MB)
    const mask = this.idSlots.length - 1;
    for (let h = hashId(id) & mask; ; h = (h + 1) & mask) {
      const i = this.idSlots[h]!;
      if (i < 0) return undefined;
      if (this.ids[i] === id) return i;
    }
  }

  /** Indices of the places of a first-level region (deleted ones too). */
  inRegion(countryCode: string, admin1Code: string): readonly number[] {
    return this.byRegion.get(`${countryCode}.${admin1Code}`) ?? [];
  }

  /**
   * The places' order by other names than the stored ones: `nameOf(i)` where it has one (a display language's name),
   * the stored name otherwise, both folded as the stored sort names are. Made once per `key` and kept (1.6 MB per
   * set for 200,000 places, both directions), as the stored orders are; making one holds the core's thread 0.15-0.35 s,
   * once per display language after a start.
   */
  rankedByNames(key: string, nameOf: (i: number) => string | undefined): NameRanks {
    let r = this.nameRankSets.get(key);
    if (r) return r;
    const names = Array.from({ length: this.size }, (_, i) => { const n = nameOf(i); return n === undefined ? this.sortNames.at(i) : foldText(n); });
    // dense ranks: equal names share one, so a sort's next field (or the id) decides between them
    const asc = new Int32Array(this.size), desc = new Int32Array(this.size);
    let k = -1, last: string | undefined;
    for (const i of Array.from({ length: this.size }, (_, i) => i).sort((a, b) => cmpStr(names[a]!, names[b]!))) {
      if (names[i] !== last) { k++; last = names[i]; }
      asc[i] = k;
    }
    for (let i = 0; i < this.size; i++) desc[i] = k - asc[i]!;
    r = { asc, desc };
    this.nameRankSets.set(key, r);
    return r;
  }

  /** Runs a query: filters, counts every match, and returns the requested page in order. */
  search(q: PlaceQuery): PlacePage {
    const since = deletedSince(q.includeDeleted, q.now);
    // Single-field orders compare precomputed ranks; others use the full comparator.
    const first = q.sort.length === 1 ? q.sort[0]! : undefined;
    const single = first === undefined || first.field === 'distance' ? undefined
      : first.field === 'name' && q.nameRanks ? q.nameRanks[first.desc ? 'desc' : 'asc'] : this.ranks.get(`${first.field}:${first.desc}`);
    const byDistance = q.sort.length === 1 && q.sort[0]!.field === 'distance' && !q.sort[0]!.desc;
    const shortAt = q.prefix !== undefined && !q.near && q.prefix.length <= SHORT_PREFIX ? this.shortPrefixes.indexOf(q.prefix) : undefined;
    const [starts, lists, hasDeleted] = q.alternates ? [this.shortStart, this.shortLists, this.shortHasDeleted] : [this.nameShortStart, this.nameShortLists, this.nameShortHasDeleted];
    const short = shortAt === undefined ? undefined
      : shortAt < 0 ? EMPTY : lists.subarray(starts[shortAt]!, starts[shortAt + 1]!);
    if (short && single === this.ranks.get('population:true')) return this.searchInOrder(short, q, since, shortAt! >= 0 && hasDeleted[shortAt!] === 1);
    const sel = new Selection(q.offset + q.limit, this.comparator(q.sort, q.nameRanks), Boolean(single) || byDistance, this.ids);
    const accept = (i: number, distanceKm: number) => {
      if (this.matches(i, q, since)) sel.add(i, distanceKm, single ? single[i]! : distanceKm);
    };
    if (q.near) {
      const { latitude, longitude, radiusKm, excludeId } = q.near;
      const [cx, cy, cz] = unitVector(latitude, longitude);
      // Chord length of the radius, with a margin so rounding never rejects a place the exact test keeps.
      const maxChord2 = (2 * Math.sin(Math.min(Math.PI, radiusKm / EARTH_RADIUS_KM) / 2)) ** 2 * (1 + 1e-9) + 1e-15;
      // with a population floor, the tree of the largest tier at or below it: the places under it are never visited
      const min = q.minPopulation;
      const tier = min === undefined ? undefined : this.tiers.find((t) => t.minPopulation <= min);
      const kd = tier?.kd ?? this.kd, places = tier?.places;
      for (const [minLon, minLat, maxLon, maxLat] of boundingBoxes(latitude, longitude, radiusKm)) {
        for (const j of kd.range(minLon, minLat, maxLon, maxLat)) {
          const i = places ? places[j]! : j;
          if (i >= this.size || this.ids[i] === excludeId) continue;
          const dx = this.ux[i]! - cx, dy = this.uy[i]! - cy, dz = this.uz[i]! - cz;
          if (dx * dx + dy * dy + dz * dz > maxChord2) continue;
          // filters first: most places in the circle fail a population filter, and need no exact distance
          if (!this.matches(i, q, since)) continue;
          const d = haversineKm(latitude, longitude, this.latitude[i]!, this.longitude[i]!);
          if (d <= radiusKm) sel.add(i, d, single ? single[i]! : d);
        }
      }
      // Two boxes (antimeridian) never overlap, so no place is seen twice.
    } else if (short) {
      for (const i of short) accept(i, NaN);
    } else if (q.prefix !== undefined) {
      const gen = this.nextMark();
      const [from, to] = this.keys.prefixRange(q.prefix);
      const alternates = q.alternates === true;
      for (let k = from; k < to; k++) {
        const i = this.keyPlace[k]!;
        if (i < 0 || this.mark[i] === gen || (!alternates && this.keyAlt[k] === 1)) continue;
        this.mark[i] = gen;
        accept(i, NaN);
      }
    } else if (q.region) {
      for (const i of this.byRegion.get(`${q.region.countryCode}.${q.region.admin1Code}`) ?? []) accept(i, NaN);
    } else if (q.countries) {
      for (const c of q.countries) for (const i of this.byCountry.get(c) ?? []) accept(i, NaN);
    } else {
      for (let i = 0; i < this.size; i++) accept(i, NaN);
    }
    const total = sel.count;
    const offset = clampOffset(q.offset, q.limit, total);
    // Past the end: the last page lies beyond what the selection kept, so select again
    // for it (a rare request; the common one pays for nothing here).
    if (offset !== q.offset) return this.search({ ...q, offset });
    return { hits: sel.result(offset), total, offset };
  }

  /** Candidates already in the requested order: count every match, keep the page, stop below minPopulation. */
  private searchInOrder(candidates: Int32Array, q: PlaceQuery, since: number, withDeleted: boolean): PlacePage {
    const onlyPopulation = !q.countries && !q.excludedCountries && !q.region && !q.timeZones && !q.featureCodes && !q.nameMatch
      && (since === -Infinity || !withDeleted);
    if (onlyPopulation) return this.populationSlice(candidates, q);
    const hits: PlaceHit[] = [];
    const end = q.offset + q.limit;
    let count = 0;
    for (const i of candidates) {
      if (q.minPopulation !== undefined && this.population[i]! < q.minPopulation) break; // most populous first
      if (!this.matches(i, q, since)) continue;
      if (count >= q.offset && count < end) hits.push({ index: i, distanceKm: NaN });
      count++;
    }
    const offset = clampOffset(q.offset, q.limit, count);
    if (offset !== q.offset) return this.searchInOrder(candidates, { ...q, offset }, since, withDeleted);
    return { hits, total: count, offset };
  }

  /**
   * Candidates most populous first and no filter but population: the matches
   * are one contiguous run, found by two binary searches, so the total costs
   * O(log n) however many places match.
   */
  private populationSlice(candidates: Int32Array, q: PlaceQuery): PlacePage {
    const pop = this.population;
    // first position whose population is <= bound (desc order), and first whose population is < bound
    const firstAtMost = (bound: number) => { let lo = 0, hi = candidates.length; while (lo < hi) { const m = (lo + hi) >> 1; if (pop[candidates[m]!]! > bound) lo = m + 1; else hi = m; } return lo; };
    const firstBelow = (bound: number) => { let lo = 0, hi = candidates.length; while (lo < hi) { const m = (lo + hi) >> 1; if (pop[candidates[m]!]! >= bound) lo = m + 1; else hi = m; } return lo; };
    const start = q.maxPopulation === undefined ? 0 : firstAtMost(q.maxPopulation);
    const end = q.minPopulation === undefined ? candidates.length : firstBelow(q.minPopulation);
    const total = Math.max(0, end - start);
    const offset = clampOffset(q.offset, q.limit, total);
    const hits: PlaceHit[] = [];
    for (let k = start + offset; k < Math.min(end, start + offset + q.limit); k++) hits.push({ index: candidates[k]!, distanceKm: NaN });
    return { hits, total, offset };
  }

  private nextMark(): number {
    this.markGen = (this.markGen + 1) >>> 0;
    if (this.markGen === 0) { this.mark.fill(0); this.markGen = 1; }
    return this.markGen;
  }

  private matches(i: number, q: PlaceQuery, since: number): boolean {
    const deleted = this.deletedAt[i]!;
    if (!Number.isNaN(deleted) && deleted < since) return false;
    const pop = this.population[i]!;
    if (q.minPopulation !== undefined && pop < q.minPopulation) return false;
    if (q.maxPopulation !== undefined && pop > q.maxPopulation) return false;
    if (q.countries && !q.countries.has(this.countryCodes[i]!)) return false;
    if (q.excludedCountries && q.excludedCountries.has(this.countryCodes[i]!)) return false;
    if (q.region && (this.countryCodes[i] !== q.region.countryCode || this.admin1Codes[i] !== q.region.admin1Code)) return false;
    if (q.timeZones && !q.timeZones.has(this.timeZones[i]!)) return false;
    if (q.featureCodes && !q.featureCodes.has(this.featureCodes[i]!)) return false;
    if (q.nameMatch && !q.nameMatch(i)) return false;
    if (q.prefix !== undefined && q.near) return this.hasKeyPrefix(i, q.prefix, q.alternates === true);
    return true;
  }

  /** Whether a word of place i's own (GeoNames) name, not of an alternate name, starts with the folded prefix. */
  nameStartsWith(i: number, prefix: string): boolean {
    return this.hasKeyPrefix(i, prefix, false);
  }

  /** Whether place i has a name key starting with prefix (used when the prefix is not the candidate source). */
  private hasKeyPrefix(i: number, prefix: string, alternates: boolean): boolean {
    for (let j = this.placeKeyStart[i]!; j < this.placeKeyStart[i + 1]!; j++) {
      const k = this.placeKeys[j]!;
      if ((alternates || this.keyAlt[k] === 0) && this.keys.startsWith(k, prefix)) return true;
    }
    return false;
  }

  /** Order of two places (by index) on one stored field; unknown elevations last either way. */
  private fieldOrder(field: Exclude<SortField, 'distance'>, desc: boolean): (a: number, b: number) => number {
    return fieldOrderOf(this, field, desc);
  }

  /** The order of a sort, ties broken by id. */
  private comparator(sort: PlaceQuery['sort'], nameRanks?: NameRanks): (a: PlaceHit, b: PlaceHit) => number {
    const parts = sort.map(({ field, desc }) => {
      if (field === 'distance') return (a: PlaceHit, b: PlaceHit) => (desc ? -1 : 1) * (a.distanceKm - b.distanceKm);
      if (field === 'name' && nameRanks) return (a: PlaceHit, b: PlaceHit) => (desc ? -1 : 1) * (nameRanks.asc[a.index]! - nameRanks.asc[b.index]!);
      const order = this.fieldOrder(field, desc);
      return (a: PlaceHit, b: PlaceHit) => order(a.index, b.index);
    });
    return (a, b) => {
      for (const p of parts) {
        const c = p(a, b);
        if (c !== 0) return c;
      }
      return this.ids[a.index]! - this.ids[b.index]!;
    };
  }
}

interface PlaceColumns {
  id: number[]; name: string[]; ascii_name: string[]; sort_name: string[]; latitude: number[]; longitude: number[];
  feature_code: string[]; country_code: string[]; admin1_code: string[]; population: number[];
  elevation: (number | null)[]; timezone: string[]; deleted_ms: (number | null)[];
}

function push<K>(m: Map<K, number[]>, k: K, v: number): void {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
}

function hashId(id: number): number {
  return Math.imul(id, 0x9e3779b1) >>> 7;
}

function lowerBoundInt(sorted: Int32Array, x: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type OrderColumns = Pick<PlaceColumnsData, 'population' | 'elevation' | 'sortNames' | 'countryCodes'>;

/** Order of two places (by index) on one stored field; unknown elevations last either way. */
function fieldOrderOf(d: OrderColumns, field: Exclude<SortField, 'distance'>, desc: boolean): (a: number, b: number) => number {
  const dir = desc ? -1 : 1;
  const { population, elevation, sortNames, countryCodes } = d;
  switch (field) {
    case 'population': return (a, b) => dir * (population[a]! - population[b]!);
    case 'elevation': return (a, b) => {
      const x = elevation[a]!, y = elevation[b]!;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
      return dir * (x - y);
    };
    case 'name': return (a, b) => dir * sortNames.compare(a, b);
    case 'countryCode': return (a, b) => dir * cmpStr(countryCodes[a]!, countryCodes[b]!);
  }
}

/** The k smallest items in order: a full sort when k is a large share of n, else a bounded max-heap. */
export function topK<T>(items: T[], k: number, cmp: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 4 >= items.length) return items.sort(cmp).slice(0, k);
  const heap: T[] = [];
  const up = (j: number) => {
    while (j > 0) {
      const p = (j - 1) >> 1;
      if (cmp(heap[j]!, heap[p]!) <= 0) break;
      [heap[j], heap[p]] = [heap[p]!, heap[j]!];
      j = p;
    }
  };
  const down = (j: number) => {
    for (;;) {
      const l = 2 * j + 1, r = l + 1;
      let m = j;
      if (l < heap.length && cmp(heap[l]!, heap[m]!) > 0) m = l;
      if (r < heap.length && cmp(heap[r]!, heap[m]!) > 0) m = r;
      if (m === j) return;
      [heap[j], heap[m]] = [heap[m]!, heap[j]!];
      j = m;
    }
  };
  for (const it of items) {
    if (heap.length < k) { heap.push(it); up(heap.length - 1); }
    else if (cmp(it, heap[0]!) < 0) { heap[0] = it; down(0); }
  }
  return heap.sort(cmp);
}

function unitVector(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180, λ = (lon * Math.PI) / 180;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/**
 * Population floors with a kd-tree of their own (PlaceStore.tiers): radius searches mostly ask for
 * minPopulation 1,000 or more, and most places in a circle are smaller (118,525 of 199,568 places reach 1,000).
 */
const POPULATION_TIERS = [1_000, 10_000, 100_000];

const EMPTY = new Int32Array(0);

/**
 * Keeps the k first hits of a stream in order. With a numeric key (a rank or a
 * distance, ties by id) it keeps a small sorted buffer; with a comparator, or
 * when k is large, it keeps everything and sorts once at the end.
 */
class Selection {
  count = 0;
  private readonly all: PlaceHit[] = [];
  private readonly bufHits: PlaceHit[] = [];
  private readonly bufKeys: number[] = [];
  private readonly buffered: boolean;

  constructor(private readonly k: number, private readonly cmp: (a: PlaceHit, b: PlaceHit) => number, keyed: boolean, private readonly ids: Int32Array) {
    this.buffered = keyed && k <= 256;
  }

  add(index: number, distanceKm: number, key: number): void {
    this.count++;
    if (!this.buffered) { this.all.push({ index, distanceKm }); return; }
    const keys = this.bufKeys, n = keys.length, id = this.ids[index]!;
    if (n === this.k) {
      const lastKey = keys[n - 1]!;
      if (key > lastKey || (key === lastKey && id > this.ids[this.bufHits[n - 1]!.index]!)) return;
    }
    let pos = n;
    while (pos > 0) {
      const pk = keys[pos - 1]!;
      if (pk < key || (pk === key && this.ids[this.bufHits[pos - 1]!.index]! < id)) break;
      pos--;
    }
    keys.splice(pos, 0, key);
    this.bufHits.splice(pos, 0, { index, distanceKm });
    if (keys.length > this.k) { keys.pop(); this.bufHits.pop(); }
  }

  /**
   * The hits from `offset` to the k-th, in order. A page in the back half (GraphQL's `last`, a deep offset) is
   * selected from the end, with the order reversed: the last page of 200,000 places sorted 200,000 of them (a sort
   * of 0.2-0.6 s on the core's thread, which a request of 7 such aliases held for 4.8 s).
   */
  result(offset: number): PlaceHit[] {
    if (this.buffered) return this.bufHits.slice(offset);
    const tail = this.count - offset;
    if (tail > 0 && tail < offset) {
      const cmp = this.cmp;
      return topK(this.all, tail, (a, b) => cmp(b, a)).reverse().slice(0, this.k - offset);
    }
    return topK(this.all, this.k, this.cmp).slice(offset);
  }
}
