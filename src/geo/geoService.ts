/**
 * meridian.geo.v1.GeoService: thin handlers over the place store (in memory,
 * built from DuckDB) and the country/region catalogue.
 */
import type { ConnectionPool } from '../db/duckdb.js';
import { exclusive, invalid, notFound } from '../errors.js';
import type { ServiceHandlers } from '../grpc/callContext.js';
import type { ServiceRegistry } from '../grpc/serviceRegistry.js';
import type { GeoServiceHandlers } from '../../proto/contract/generated/meridian/geo/v1/GeoService.js';
import type { PageRequest, Paging } from '../paging.js';
import { serviceDefinition } from '../grpc/protos.js';
import { PlacePage, SummaryBytes, withPlacePages, type PageItem } from './placePages.js';
import { GeoCatalog, asciiName, displayName, parseDisplay, type Country, type Display, type Region } from './catalog.js';
import { localDateTime, localTime, ZoneResolver } from './clock.js';
import { regionAsPlace } from './regionAsPlace.js';
import { EARTH_MODEL, fromKm, haversineKm, type Unit } from './distance.js';
import { parseIsoLocation } from './isoLocation.js';
import type { PlaceStore, PlaceHit } from './placeStore.js';
import { clampOffset } from '../paging.js';
import { openPlaceStore, placeIndexPath } from './placeIndexFile.js';
import { CITY_MIN_POPULATION, parsePlaceList, parseUnit, type ParsedPlaceList, type PlaceContext, type PlaceListRequest } from './placeRequests.js';
import { foldText, namePrefixOf, searchWords } from './searchKey.js';
import { SparseUtf8Column, Utf8Column } from './utf8Column.js';
import { cmpStr } from './stringTable.js';

export interface GeoDeps {
  db: ConnectionPool;
  paging: Paging;
  /** The place index file (placeIndexFile.ts): read when it matches the database, else built and written; none: always built. */
  placeIndexPath?: string;
  onIndexBuilt?: (e: { wrote: boolean; error?: unknown }) => void;
}

interface DataSource { name: string; package: string; version: string; licence: string; attribution: string }
/** What GetDataInfo answers: fixed for the loaded data, so computed once at load. */
interface DataInfo {
  sources: DataSource[]; builtAt: string; lastRefreshAt: string; numPlaces: number; numCities: number; numDeleted: number;
  earthModel: string; timeZoneRules: string;
}

/**
 * A record as the handlers pass it around: an index into the populated places (>= 0), or a second-level
 * division j written as -(j + 1).
 */
type Ref = number;

/** What the geo file adds to the place columns: WikiData ids and names in other languages (by index), and the Q-id lookup. */
interface PlaceExtras {
  /** by index, '' where none */
  wikiData: Utf8Column;
  divisionWikiData: Utf8Column;
  byWikiData: Map<string, Ref>;
  /** language → the place's name in it by place index, '' where none (Natural Earth, else Who's On First) */
  localNames: Map<string, SparseUtf8Column>;
  /** by place index: the index of the second-level division holding it, -1 where none (place_divisions) */
  divisionOf: Int32Array;
}


/** Whether a German prefix may spell an umlaut out ("Koeln" for Köln). */
const spellsUmlauts = (prefix: string, d: Display): boolean => d.language === 'de' && /[aou]e/.test(prefix);

/** German umlauts and their spelled-out forms (withShownName). */
const UMLAUT = /[äöüÄÖÜ]/g;
const UMLAUT_SPELLED: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };
export class Geo implements PlaceContext {
  private constructor(
    readonly places: PlaceStore,
    /** The second-level divisions (ADM2), a store of the same shape (data/geo/placeSources.ts builds them). */
    readonly divisions: PlaceStore,
    private readonly extras: PlaceExtras,
    readonly catalog: GeoCatalog,
    readonly zones: ZoneResolver,
    readonly featureCodes: ReadonlySet<string>,
    readonly info: DataInfo,
    private readonly paging: Paging,
  ) {}

  /** Each place's summary and details, encoded once per display (placePages.ts). */
  private readonly summaryBytes = new SummaryBytes();
  private readonly detailsBytes = new SummaryBytes(undefined, 'CityDetails');

  /** GetCity's and BatchGetCities' answer: the places' details from their cached bytes. */
  private detailsPage(indexes: Ref[], d: Display): PlacePage<ReturnType<Geo['details']>[]> {
    return new PlacePage(indexes.map((i) => this.detailsItem(i, d)), {}, () => indexes.map((i) => this.details(i, d)));
  }

  private detailsOne(i: Ref, d: Display): PlacePage<ReturnType<Geo['details']>> {
    return new PlacePage([this.detailsItem(i, d)], {}, () => this.details(i, d));
  }

  private detailsItem(i: Ref, d: Display): PageItem {
    return { bytes: this.detailsBytes.get(i, displayKey(d), () => this.details(i, d)), distance: undefined };
  }

  static async load(deps: GeoDeps): Promise<Geo> {
    const [{ store: places, divisions, strings }, catalog, meta, zones, held] = await Promise.all([
      openPlaceStore(deps.db, deps.placeIndexPath, deps.onIndexBuilt), GeoCatalog.load(deps.db),
      deps.db.query<{ key: string; value: string }>('SELECT key, value FROM meta'),
      // every zone /locale/timezones lists, Etc/UTC included (no place: a filter by it finds none); with the places' own
      // zones, which a data refresh may add without the table
      deps.db.query<{ id: string }>('SELECT id FROM timezones'),
      deps.db.columns('SELECT place_id, division_id FROM place_divisions'),
    ]);
    const divisionOf = new Int32Array(places.ids.length).fill(-1);
    const heldIds = held['place_id'] as number[], byIds = held['division_id'] as number[];
    heldIds.forEach((id, k) => {
      const i = places.indexOf(id), j = divisions.indexOf(byIds[k]!);
      if (i !== undefined && j !== undefined) divisionOf[i] = j;
    });
    // the index file's string columns, kept as they are read ('' where none: placeIndexFile.ts)
    const extras: PlaceExtras = {
      wikiData: strings['wikiData'] ?? Utf8Column.from(new Array<string>(places.size).fill('')),
      divisionWikiData: strings['divisionWikiData'] ?? Utf8Column.from(new Array<string>(divisions.size).fill('')),
      byWikiData: new Map(), localNames: new Map(), divisionOf,
    };
    for (let j = 0; j < extras.divisionWikiData.length; j++) if (!extras.divisionWikiData.isEmpty(j)) extras.byWikiData.set(extras.divisionWikiData.at(j), -(j + 1));
    // the build keeps each id on one record
    for (let i = 0; i < extras.wikiData.length; i++) if (!extras.wikiData.isEmpty(i)) extras.byWikiData.set(extras.wikiData.at(i), i);
    for (const [k, v] of Object.entries(strings)) if (k.startsWith('name.')) extras.localNames.set(k.slice(5), v.sparse());
    const m = new Map(meta.map((r) => [r.key, r.value]));
    const info: DataInfo = {
      sources: JSON.parse(m.get('sources') ?? '[]') as DataSource[],
      builtAt: m.get('built_at') ?? '', lastRefreshAt: m.get('last_refresh_at') ?? '',
      numPlaces: places.size, numCities: countWhere(places.population, (p) => p >= CITY_MIN_POPULATION),
      numDeleted: countWhere(places.deletedAt, (t) => !Number.isNaN(t)), earthModel: EARTH_MODEL,
      timeZoneRules: `IANA tz ${process.versions.tz ?? 'unknown'} (Node.js ${process.versions.node} ICU)`,
    };
    return new Geo(places, divisions, extras, catalog, new ZoneResolver([...places.timeZones, ...zones.map((z) => z.id)]), new Set(places.featureCodes), info, deps.paging);
  }

  /**
   * A place or division by its id as a client gives it: the GeoNames id (5128581) or a WikiData id (Q60),
   * where the data has one (data/README.md: Natural Earth, then Who's On First; each id names one record).
   */
  private index(id: unknown, field = 'cityId'): Ref {
    const s = typeof id === 'number' ? String(id) : String(id ?? '').trim();
    if (/^Q\d{1,10}$/i.test(s)) {
      const ref = this.extras.byWikiData.get(s.toUpperCase());
      if (ref === undefined) throw notFound(`no place with WikiData id ${s.toUpperCase()} in the data`);
      return ref;
    }
    if (!/^\d{1,10}$/.test(s) || Number(s) < 1 || Number(s) > 2147483647) {
      throw invalid(field, `${field} must be an integer GeoNames id from 1 to 2147483647 or a WikiData id such as Q60, got '${s.slice(0, 40)}'`);
    }
    const ref = this.refOf(Number(s));
    if (ref === undefined) throw notFound(`no place with id ${s}`);
    return ref;
  }

  /** The record with this GeoNames id: a populated place, else a division. */
  private refOf(id: number): Ref | undefined {
    const i = this.places.indexOf(id);
    if (i !== undefined) return i;
    const j = this.divisions.indexOf(id);
    return j === undefined ? undefined : -(j + 1);
  }

  /** The store and index of a record. */
  private at(ref: Ref): { p: PlaceStore; i: number; division: boolean } {
    return ref >= 0 ? { p: this.places, i: ref, division: false } : { p: this.divisions, i: -ref - 1, division: true };
  }

  /** A record's name in a display: its name in that language where a source has one, GeoNames' name otherwise. */
  private nameOf(ref: Ref, d: Display): string {
    const { p, i, division } = this.at(ref);
    const local = division || d.language === 'en' ? undefined : this.extras.localNames.get(d.language)?.get(i);
    if (local) return d.ascii ? (asciiName(local) ?? p.asciiNames.at(i)) : local;
    return d.ascii ? p.asciiNames.at(i) : p.names.at(i);
  }

  /** A country by ISO-3166 alpha-2 code (any case) or WikiData id (Q30). */
  private country(code: string | undefined, field = 'countryCode'): Country {
    const c = (code ?? '').trim().toUpperCase();
    if (/^Q\d{1,10}$/.test(c)) {
      const country = this.catalog.countryByWikidata(c);
      if (!country) throw notFound(`no country with WikiData id ${c}`);
      return country;
    }
    if (!/^[A-Z]{2}$/.test(c)) throw invalid(field, `${field} must be an ISO-3166 alpha-2 code such as US or a WikiData id such as Q30, got '${code ?? ''}'`);
    const country = this.catalog.countries.get(c);
    if (!country) throw notFound(`no country with code ${c}`);
    return country;
  }

  private region(countryCode: string | undefined, regionCode: string | undefined): Region {
    const country = this.country(countryCode);
    const code = (regionCode ?? '').trim();
    if (!code || code.length > 16) throw invalid('regionCode', `regionCode must be an ISO 3166-2, FIPS or GeoNames admin1 code such as CA or US-CA, got '${code}'`);
    const r = this.catalog.findRegion(country.code, code);
    if (!r) throw notFound(`no region ${code} in country ${country.code}`);
    return r;
  }

  summary(ref: Ref, d: Display, unit?: Unit, distanceKm?: number) {
    const { p, i, division } = this.at(ref);
    const cc = p.countryCodes[i]!;
    const country = this.catalog.countries.get(cc);
    const region = this.catalog.region(cc, p.admin1Codes[i]!);
    const name = this.nameOf(ref, d);
    const wikiDataId = division ? this.extras.divisionWikiData.at(i) : this.extras.wikiData.at(i);
    return {
      id: p.ids[i]!, city: name, name,
      country: country ? displayName(country.names, d) : '', countryCode: cc,
      ...(region ? { region: displayName(region.names, d), regionCode: GeoCatalog.regionCode(region) } : {}),
      latitude: p.latitude[i]!, longitude: p.longitude[i]!, population: p.population[i]!,
      ...(unit && distanceKm !== undefined && !Number.isNaN(distanceKm) ? { distance: round(fromKm(distanceKm, unit), 3) } : {}),
      type: division ? 'ADM2' : 'CITY',
      timezone: p.timeZones[i]!,
      ...(wikiDataId ? { wikiDataId } : {}),
      ...(region?.wikiDataId ? { regionWdId: region.wikiDataId } : {}),
    };
  }

  details(ref: Ref, d: Display) {
    const { p, i } = this.at(ref);
    const s = this.summary(ref, d);
    const elevation = p.elevation[i]!;
    const deletedAt = p.deletedAt[i]!;
    return {
      id: s.id, city: s.city, name: s.name, country: s.country, countryCode: s.countryCode,
      ...(s.region !== undefined ? { region: s.region, regionCode: s.regionCode } : {}),
      location: { latitude: s.latitude, longitude: s.longitude }, latitude: s.latitude, longitude: s.longitude, population: s.population,
      ...(Number.isNaN(elevation) ? {} : { elevationMeters: elevation }),
      timezone: p.timeZones[i]!, deleted: !Number.isNaN(deletedAt), type: s.type, featureCode: p.featureCodes[i]!,
      ...(Number.isNaN(deletedAt) ? {} : { deletedAt: new Date(deletedAt).toISOString() }),
      ...(s.wikiDataId ? { wikiDataId: s.wikiDataId } : {}),
      ...(s.regionWdId ? { regionWdId: s.regionWdId } : {}),
    };
  }

  /** A first-level region as a place (regionAsPlace.ts): what locatedIn answers, and GetCity for its ids. */
  divisionAsPlace(r: Region, d: Display) {
    return regionAsPlace(this.places, this.catalog, r, d);
  }

  regionDetails(r: Region, d: Display) {
    const capital = r.capitalId !== null ? this.places.indexOf(r.capitalId) : undefined;
    return {
      ...(capital !== undefined ? { capital: d.ascii ? this.places.asciiNames.at(capital) : this.places.names.at(capital), capitalId: r.capitalId! } : {}),
      countryCode: r.countryCode, ...(r.fipsCode ? { fipsCode: r.fipsCode } : {}), ...(r.isoCode ? { isoCode: r.isoCode } : {}),
      ...(r.hascCode ? { hascCode: r.hascCode } : {}),
      name: displayName(r.names, d), numCities: r.numCities, numPlaces: r.numPlaces, admin1Code: r.admin1Code,
      ...(r.wikiDataId ? { wikiDataId: r.wikiDataId } : {}),
    };
  }

  regionSummary(r: Region, d: Display) {
    return {
      countryCode: r.countryCode, ...(r.fipsCode ? { fipsCode: r.fipsCode } : {}), ...(r.isoCode ? { isoCode: r.isoCode } : {}),
      ...(r.hascCode ? { hascCode: r.hascCode } : {}), name: displayName(r.names, d), admin1Code: r.admin1Code,
      ...(r.wikiDataId ? { wikiDataId: r.wikiDataId } : {}),
    };
  }

  /** Country details; the flag (an SVG data URI of up to 240 kB) only where asked, so batch lookups stay small. */
  countryDetails(c: Country, d: Display, withFlag = false) {
    return {
      code: c.code, currencyCode: c.currencyCodes[0] ?? '', name: displayName(c.names, d), numRegions: c.numRegions,
      currencyCodes: c.currencyCodes, capital: c.capital ?? '', callingCode: c.callingCode ?? '', flag: c.flag,
      iso3Code: c.iso3, geonamesId: c.geonamesId ?? 0,
      ...(c.wikiDataId ? { wikiDataId: c.wikiDataId } : {}), ...(withFlag ? { flagImageUri: c.flagImageUri } : {}),
    };
  }

  /** Runs a place list and renders the page. */
  listPlaces(req: PlaceListRequest, opts: Parameters<typeof parsePlaceList>[2]) {
    const d = parseDisplay(req.languageCode, req.asciiMode);
    const parsed = parsePlaceList(this, req, opts);
    const { unit, key, divisions } = parsed;
    const shown = parsed.shownNameOnly ? this.withShownName(parsed.query, d) : parsed.query;
    // sort=name in a language we hold place names in orders by the names shown, ASCII ones in asciiMode (rankedByNames)
    const local = d.language === 'en' || divisions === 'only' || !shown.sort.some((s) => s.field === 'name') ? undefined : this.extras.localNames.get(d.language);
    const shownLocal = local && (d.ascii ? (i: number) => { const n = local.get(i); return n === undefined ? undefined : asciiName(n) ?? this.places.asciiNames.at(i); } : (i: number) => local.get(i));
    const query = shownLocal ? { ...shown, nameRanks: this.places.rankedByNames(`${d.language}${d.ascii ? '/ascii' : ''}`, shownLocal) } : shown;
    const { limit, offset } = this.paging.read(req, key);
    // Types the data holds no record of (ISLAND) match nothing: no need to look.
    const noPlaces = query.featureCodes !== undefined && ![...query.featureCodes].some((c) => this.featureCodes.has(c));
    // with a languageCode other than English, places whose name matches come before those only an alternate name finds
    const tiered = !parsed.shownNameOnly && query.alternates === true;
    const found = divisions === 'none' ? (noPlaces ? { hits: [], total: 0, offset: 0 } : tiered ? this.namedFirst(query, d, limit, offset) : this.places.search({ ...query, limit, offset }))
      : divisions === 'only' || noPlaces ? asDivisions(this.divisions.search({ ...divisionQuery(query), limit, offset }))
      : this.bothStores(query, limit, offset, shownLocal);
    // the page from each summary's cached bytes (placePages.ts); `data` as objects only for a reader that asks
    const distanceUnit = query.near ? unit : undefined;
    const items = found.hits.map((h) => ({
      bytes: this.summaryBytes.get(h.index, displayKey(d), () => this.summary(h.index, d)),
      distance: distanceUnit && h.distanceKm !== undefined && !Number.isNaN(h.distanceKm) ? round(fromKm(h.distanceKm, distanceUnit), 3) : undefined,
    }));
    return new PlacePage(items, { totalCount: found.total, currentOffset: found.offset, nextPageToken: this.paging.next(key, found.offset, limit, found.total) },
      () => found.hits.map((h) => this.summary(h.index, d, distanceUnit, h.distanceKm)));
  }

  /** Whether a word of `name` starts with the folded prefix; in German also with its umlauts spelled out ("Koeln"). */
  private nameTest(prefix: string, d: Display): (name: string) => boolean {
    const umlauts = spellsUmlauts(prefix, d);
    return (name) => searchWords(name).some((w) => w.startsWith(prefix))
      || (umlauts && searchWords(name.replace(UMLAUT, (c) => UMLAUT_SPELLED[c]!)).some((w) => w.startsWith(prefix)));
  }

  /** The query with its prefix held to the name shown in display d (namePrefixDefaultLangResults=false). */
  private withShownName(query: ParsedPlaceList['query'], d: Display): ParsedPlaceList['query'] {
    const starts = this.nameTest(query.prefix!, d);
    return { ...query, nameMatch: (i) => starts(this.nameOf(i, d)) };
  }

  /**
   * A name search in another language than English (GeoDB 1.7: the name in that language, or the default
   * language's): the places whose name in that language (where we hold one) or GeoNames name has a word starting with
   * the prefix come first, in the requested order, then those only an alternate name finds. GeoNames' alternate names carry no
   * language tag: ranked together, a large city with an unrelated foreign name came first ("Mad" in German: Ahmedabad
   * and Chennai, "Madras", before Madrid); left out, a place we hold no name for in that language was not found by it
   * (Химки in Russian: 234 of the 500 most populous Russian cities). The total counts both.
   */
  private namedFirst(query: ParsedPlaceList['query'], d: Display, limit: number, offset: number): { hits: PlaceHit[]; total: number; offset: number } {
    const prefix = query.prefix!;
    // none in a language we hold no place names in (nl, pl, tr, …: d.language is English then): the GeoNames name decides
    const local = d.language === 'en' ? undefined : this.extras.localNames.get(d.language);
    const starts = this.nameTest(prefix, d);
    // a German prefix with an umlaut spelled out ("Zuerich") is also tried on the GeoNames name ("Zürich"), which the
    // folded name keys hold as "zurich"
    const spelled = spellsUmlauts(prefix, d);
    const byDefault: Display = { language: 'en', ascii: false };
    const named = (i: number): boolean => {
      if (this.places.nameStartsWith(i, prefix) || (spelled && starts(this.nameOf(i, byDefault)))) return true;
      const name = local?.get(i);
      return name !== undefined && starts(name);
    };
    // the total of both (a population-ordered prefix search counts it without a scan), then the named ones' page
    const total = this.places.search({ ...query, limit: 1, offset: 0 }).total;
    const at = clampOffset(offset, limit, total);
    const first = this.places.search({ ...query, nameMatch: named, limit: at + limit, offset: 0 });
    const hits = first.hits.slice(at, at + limit);
    if (hits.length < limit && first.total < total) {
      const from = Math.max(0, at - first.total);
      hits.push(...this.places.search({ ...query, nameMatch: (i) => !named(i), limit: from + limit - hits.length, offset: 0 }).hits.slice(from));
    }
    return { hits, total, offset: at };
  }

  /**
   * A list over the populated places and the divisions together (types=CITY,ADM2): each store's first
   * offset + limit in the requested order, merged; the total is the sum.
   */
  private bothStores(query: ParsedPlaceList['query'], limit: number, offset: number, local?: (i: number) => string | undefined): { hits: PlaceHit[]; total: number; offset: number } {
    const a = this.places.search({ ...query, limit: offset + limit, offset: 0 });
    const b = asDivisions(this.divisions.search({ ...divisionQuery(query), limit: offset + limit, offset: 0 }));
    const total = a.total + b.total;
    const at = clampOffset(offset, limit, total);
    if (at !== offset) return this.bothStores(query, limit, at, local);
    const order = this.refOrder(query.sort, local);
    return { hits: [...a.hits, ...b.hits].sort(order).slice(at, at + limit), total, offset: at };
  }

  /** The order of a sort over records of both stores, ties by id (PlaceStore's own order within one store); names: `local`'s where it has one. */
  private refOrder(sort: ParsedPlaceList['query']['sort'], local?: (i: number) => string | undefined): (x: PlaceHit, y: PlaceHit) => number {
    const sortName = ({ p, i, division }: ReturnType<Geo['at']>): string => {
      const n = division ? undefined : local?.(i);
      return n === undefined ? p.sortNames.at(i) : foldText(n);
    };
    return (x, y) => {
      const a = this.at(x.index), b = this.at(y.index);
      for (const { field, desc } of sort) {
        const dir = desc ? -1 : 1;
        let c: number;
        if (field === 'distance') c = x.distanceKm - y.distanceKm;
        else if (field === 'population') c = a.p.population[a.i]! - b.p.population[b.i]!;
        else if (field === 'name') c = cmpStr(sortName(a), sortName(b));
        else if (field === 'countryCode') c = cmpStr(a.p.countryCodes[a.i]!, b.p.countryCodes[b.i]!);
        else {
          // unknown elevations last either way (PlaceStore's order)
          const u = a.p.elevation[a.i]!, v = b.p.elevation[b.i]!;
          if (Number.isNaN(u) || Number.isNaN(v)) { if (Number.isNaN(u) !== Number.isNaN(v)) return Number.isNaN(u) ? 1 : -1; continue; }
          c = u - v;
        }
        if (c !== 0) return dir * c;
      }
      return a.p.ids[a.i]! - b.p.ids[b.i]!;
    };
  }

  /**
   * The first-level region a place id names when no place or division has it, as a place in display `d`: locatedIn
   * answers a region as a place (New York City's: 5128638, Q1384), so a client asks for it again (its details,
   * distance, time, what is near it).
   */
  private regionAt(id: unknown, d: Display = { language: 'en', ascii: false }): ReturnType<typeof regionAsPlace> | undefined {
    const s = typeof id === 'number' ? String(id) : String(id ?? '').trim();
    const wikiData = /^Q\d{1,10}$/i.test(s);
    const held = wikiData ? this.extras.byWikiData.has(s.toUpperCase()) : /^\d{1,10}$/.test(s) && this.refOf(Number(s)) !== undefined;
    const r = held || (!wikiData && !/^\d{1,10}$/.test(s)) ? undefined : this.catalog.regionByPlaceId(wikiData ? s : String(Number(s)));
    const place = r ? this.divisionAsPlace(r, d) : undefined;
    // only a region with a place of the data to take its time zone from (117 have none: a point of 0,0, no zone)
    return place?.timezone ? place : undefined;
  }

  /** Where a place, division or region (regionAt) is, and its time zone. */
  private point(id: unknown, field = 'cityId'): { latitude: number; longitude: number; excludeId: number; zone: string } {
    const r = this.regionAt(id);
    if (r) return { latitude: r.latitude, longitude: r.longitude, excludeId: r.id, zone: r.timezone };
    const { p, i } = this.at(this.index(id, field));
    return { latitude: p.latitude[i]!, longitude: p.longitude[i]!, excludeId: p.ids[i]!, zone: p.timeZones[i]! };
  }

  private centreOf(id: unknown, field: string) {
    const { latitude, longitude, excludeId } = this.point(id, field);
    return { latitude, longitude, excludeId };
  }

  private listPage<T>(items: T[], req: PageRequest, key: string) {
    const { limit, offset, currentOffset, nextPageToken } = this.paging.page(req, key, items.length);
    return { data: items.slice(offset, offset + limit), totalCount: items.length, currentOffset, nextPageToken };
  }

  handlers(): ServiceHandlers<GeoServiceHandlers> {
    const display = (req: { languageCode?: string; asciiMode?: boolean }) => parseDisplay(req.languageCode ?? '', req.asciiMode ?? false);
    const ADM2 = ['ADM2'];
    /** A place list around a raw location given in the path (the location field itself is not a filter there). */
    const nearLocation = (req: PlaceListRequest, opts: { defaultMinPopulation: number; onlyTypes?: string[] }) => {
      const centre = parseIsoLocation(String(req.location ?? ''), 'location');
      const { location: _ignored, ...rest } = req;
      return this.listPlaces(rest, { ...opts, centre });
    };
    /** A place list of a region named in the path. */
    const inRegion = (req: PlaceListRequest & { regionCode?: string }, opts: { defaultMinPopulation: number; onlyTypes?: string[] }) => {
      const r = this.region(req.countryCode, req.regionCode);
      const { countryCode: _c, regionCode: _r, ...rest } = req;
      return this.listPlaces(rest, { ...opts, region: { countryCode: r.countryCode, admin1Code: r.admin1Code } });
    };
    const alsoDefault = (req: { namePrefixDefaultLangResults?: boolean | null }, d: Display) => req.namePrefixDefaultLangResults !== false && d.language !== 'en';
    return {
      ListCities: (req) => this.listPlaces(req, { defaultMinPopulation: CITY_MIN_POPULATION }),
      ListPlaces: (req) => this.listPlaces(req, { defaultMinPopulation: 0 }),
      ListAdminDivisions: (req) => this.listPlaces(req, { defaultMinPopulation: 0, onlyTypes: ADM2 }),
      GetCity: (req) => {
        const region = this.regionAt(req['cityId'], display(req));
        return region ? { data: region } : this.detailsOne(this.index(req['cityId']), display(req));
      },
      BatchGetCities: (req) => {
        const ids = req['cityIds'] as number[];
        if (ids.length > 1000) throw invalid('cityIds', `cityIds holds at most 1000 ids, got ${ids.length}`);
        const bad = ids.findIndex((id) => !(id >= 1));
        if (bad >= 0) throw invalid(`cityIds[${bad}]`, `cityIds[${bad}] must be a GeoNames id from 1 to 2147483647, got ${ids[bad]}`);
        const d = display(req);
        return this.detailsPage(ids.map((id) => this.refOf(id)).filter((i): i is number => i !== undefined), d);
      },
      ListNearbyCities: (req) => this.listPlaces(req as PlaceListRequest, { defaultMinPopulation: CITY_MIN_POPULATION, centre: this.centreOf(req['cityId'], 'cityId') }),
      ListNearbyPlaces: (req) => this.listPlaces(req as PlaceListRequest, { defaultMinPopulation: 0, centre: this.centreOf(req['placeId'], 'placeId') }),
      ListNearbyDivisions: (req) => this.listPlaces(req as PlaceListRequest, { defaultMinPopulation: 0, onlyTypes: ADM2, centre: this.centreOf(req['placeId'], 'placeId') }),
      ListCitiesNearLocation: (req) => nearLocation(req, { defaultMinPopulation: CITY_MIN_POPULATION }),
      ListPlacesNearLocation: (req) => nearLocation(req, { defaultMinPopulation: 0 }),
      ListDivisionsNearLocation: (req) => nearLocation(req, { defaultMinPopulation: 0, onlyTypes: ADM2 }),
      GetCityDistance: (req) => {
        const from = String(req['fromCityId'] ?? '').trim();
        const toCity = String(req['toCityId'] ?? '').trim(), toPlace = String(req['toPlaceId'] ?? '').trim();
        if (toCity && toPlace && toCity !== toPlace) throw exclusive(['toCityId', 'toPlaceId'], 'toCityId and toPlaceId are the same parameter under two names; pass one');
        const to = toCity || toPlace;
        const toName = toCity ? 'toCityId' : 'toPlaceId';
        if (from && to) throw exclusive(['fromCityId', toName], `fromCityId and ${toName} are mutually exclusive: pass the other place as one of them`);
        if (!from && !to) throw invalid('toCityId', 'toCityId (or toPlaceId, or fromCityId) is required: the GeoNames or WikiData id of the other place');
        const a = this.point(req['cityId']);
        const b = this.point(from || to, from ? 'fromCityId' : toName);
        const unit = parseUnit(req['distanceUnit'] as string, undefined, ['distanceUnit', 'distanceUnit']);
        const km = haversineKm(a.latitude, a.longitude, b.latitude, b.longitude);
        return { data: fromKm(km, unit) }; // not rounded (GeoDB sends full precision)
      },
      GetCityDateTime: (req) => ({ data: localDateTime(this.point(req['cityId']).zone, Date.now()) }),
      GetCityTime: (req) => ({ data: localTime(this.point(req['cityId']).zone, Date.now()) }),
      GetCityLocatedIn: (req) => {
        const region = this.regionAt(req['cityId']);
        if (region) throw notFound(`place ${String(req['cityId'])} is a first-level region, in no place of the data: GET /v1/geo/countries/${region.countryCode} describes its country`);
        const { p, i, division } = this.at(this.index(req['cityId']));
        // a place: the second-level division holding it (its county, as GeoDB answers), else its region; a division: its region
        const j = division ? -1 : this.extras.divisionOf[i]!;
        if (j >= 0) return { data: this.details(-(j + 1), display(req)) };
        const r = this.catalog.region(p.countryCodes[i]!, p.admin1Codes[i]!);
        if (!r) throw notFound(`place ${String(req['cityId'])} has no first-level region in the data`);
        // a region no GeoNames id names (Nepal's 2015 provinces) cannot be answered as a place a client could fetch again
        if (r.geonamesId === null) throw notFound(`place ${String(req['cityId'])} is in ${displayName(r.names, display(req))}, a region with no GeoNames id to answer as a place; GET /v1/geo/countries/${r.countryCode}/regions/${GeoCatalog.regionCode(r)} describes it`);
        return { data: this.divisionAsPlace(r, display(req)) };
      },
      ListCountries: (req) => {
        const d = display(req);
        const currency = String(req['currencyCode'] ?? '').trim().toUpperCase();
        if (currency && !/^[A-Z]{3}$/.test(currency)) throw invalid('currencyCode', `currencyCode must be an ISO-4217 code such as EUR, got '${String(req['currencyCode'])}'`);
        const prefix = this.prefixOf(req['namePrefix']);
        const sort = String(req['sort'] ?? '').trim() || '+code';
        if (!/^[+-]?(code|name)$/.test(sort)) throw invalid('sort', `sort must be one of +code, -code, +name, -name, got '${sort}'`);
        const both = alsoDefault(req, d);
        const english = parseDisplay('en', d.ascii);
        // in English also ISO's name ("America" finds the United States, as GeoDB's "United States of America" does)
        const nameMatches = (c: Country) => prefix === undefined
          || searchWords(displayName(c.names, d)).some((w) => w.startsWith(prefix))
          || (both && searchWords(displayName(c.names, english)).some((w) => w.startsWith(prefix)))
          || ((both || d.language === 'en') && c.isoName !== null && searchWords(c.isoName).some((w) => w.startsWith(prefix)));
        let items = [...this.catalog.countries.values()].filter((c) => (!currency || c.currencyCodes.includes(currency)) && nameMatches(c));
        const byName = sort.endsWith('name');
        const byNameCmp = nameOrder();
        items = items.sort((x, y) => (byName ? byNameCmp(displayName(x.names, d), displayName(y.names, d)) || cmpStr(x.code, y.code) : cmpStr(x.code, y.code)) * (sort.startsWith('-') ? -1 : 1));
        const page = this.listPage(items, req, JSON.stringify(['countries', currency, prefix, both, sort, d]));
        return {
          ...page,
          data: page.data.map((c) => ({ code: c.code, currencyCode: c.currencyCodes[0] ?? '', name: displayName(c.names, d), currencyCodes: c.currencyCodes, ...(c.wikiDataId ? { wikiDataId: c.wikiDataId } : {}) })),
        };
      },
      GetCountry: (req) => ({ data: this.countryDetails(this.country(req['countryCode'] as string), display(req), true) }),
      BatchGetCountries: (req) => {
        const codes = req['countryCodes'] as string[];
        if (codes.length > 1000) throw invalid('countryCodes', `countryCodes holds at most 1000 codes, got ${codes.length}`);
        // as GetCountry reads one (trimmed, any case)
        const upper = codes.map((c) => c.trim().toUpperCase());
        const bad = upper.findIndex((c) => !/^(?:[A-Z]{2}|Q\d{1,10})$/.test(c));
        if (bad >= 0) throw invalid(`countryCodes[${bad}]`, `countryCodes[${bad}] must be an ISO-3166 alpha-2 code such as US or a WikiData id such as Q30, got '${codes[bad]!.slice(0, 40)}'`);
        const d = display(req);
        return {
          // a WikiData id is Q and digits: Qatar's code QA is a country code (startsWith('Q') lost Qatar from every list)
          data: upper.map((c) => (/^Q\d/.test(c) ? this.catalog.countryByWikidata(c) : this.catalog.countries.get(c)))
            .filter((c): c is Country => Boolean(c)).map((c) => this.countryDetails(c, d)),
        };
      },
      ListCountryPlaces: (req) => {
        const country = this.country(req['countryCode'] as string);
        const { countryCode: _c, ...rest } = req as PlaceListRequest;
        return this.listPlaces({ ...rest, countryIds: [country.code] }, { defaultMinPopulation: 0, scoped: true });
      },
      ListRegions: (req) => {
        const country = this.country(req['countryCode'] as string);
        const d = display(req);
        const prefix = this.prefixOf(req['namePrefix']);
        const sort = String(req['sort'] ?? '').trim() || '+name';
        const m = /^([+-]?)(name|isoCode|fipsCode)$/.exec(sort);
        if (!m) throw invalid('sort', `sort must be one of ±name, ±isoCode, ±fipsCode, got '${sort}'`);
        const both = alsoDefault(req, d);
        const english = parseDisplay('en', d.ascii);
        const key = (r: Region) => (m[2] === 'isoCode' ? GeoCatalog.regionCode(r) : m[2] === 'fipsCode' ? (r.fipsCode ?? '') : displayName(r.names, d));
        const order = m[2] === 'name' ? nameOrder() : cmpStr;
        const items = this.catalog.regionsOf(country.code)
          .filter((r) => prefix === undefined || searchWords(displayName(r.names, d)).some((w) => w.startsWith(prefix))
            || (both && searchWords(displayName(r.names, english)).some((w) => w.startsWith(prefix))))
          .sort((x, y) => (order(key(x), key(y)) || cmpStr(x.admin1Code, y.admin1Code)) * (m[1] === '-' ? -1 : 1));
        const page = this.listPage(items, req, JSON.stringify(['regions', country.code, prefix, both, sort, d]));
        return { ...page, data: page.data.map((r) => this.regionSummary(r, d)) };
      },
      GetRegion: (req) => ({ data: this.regionDetails(this.region(req['countryCode'] as string, req['regionCode'] as string), display(req)) }),
      ListRegionCities: (req) => inRegion(req, { defaultMinPopulation: CITY_MIN_POPULATION }),
      ListRegionPlaces: (req) => inRegion(req, { defaultMinPopulation: 0 }),
      ListRegionAdminDivisions: (req) => inRegion(req, { defaultMinPopulation: 0, onlyTypes: ADM2 }),
      GetDataInfo: () => ({ data: this.info }),
    };
  }

  private prefixOf(raw: unknown): string | undefined {
    return namePrefixOf(String(raw ?? ''), () => invalid('namePrefix', 'namePrefix must be at most 100 characters'));
  }
}

/** A division store's page as refs (placeStore indexes j as -(j + 1)). */
function asDivisions(page: { hits: PlaceHit[]; total: number; offset: number }) {
  return { ...page, hits: page.hits.map((h) => ({ index: -h.index - 1, distanceKm: h.distanceKm })) };
}

/** A place query as the division store reads it: no feature codes (every division is ADM2), no alternate names, no place names' order. */
function divisionQuery(q: ParsedPlaceList['query']): ParsedPlaceList['query'] {
  const { featureCodes: _f, alternates: _a, nameRanks: _n, nameMatch, ...rest } = q;
  // a division is shown by GeoNames' name: the place test, asked of ref -(j + 1)
  return nameMatch ? { ...rest, nameMatch: (j) => nameMatch(-j - 1) } : rest;
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Order of names for sort=name: by the folded form first (case and accents aside, as place lists sort on
 * their folded sort_name), then as written. Code-point order put Égypte, Île-de-France and Åland after Z.
 * One comparator per sort: each name is folded once.
 */
function nameOrder(): (a: string, b: string) => number {
  const folded = new Map<string, string>();
  const fold = (s: string) => { let f = folded.get(s); if (f === undefined) { f = foldText(s); folded.set(s, f); } return f; };
  return (a, b) => cmpStr(fold(a), fold(b)) || cmpStr(a, b);
}

function countWhere(a: Float64Array, f: (x: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) if (f(a[i]!)) n++;
  return n;
}

/** The cache key of a display (language, ASCII names) for the encoded places (placePages.ts). */
function displayKey(d: Display): string {
  return `${d.language}|${d.ascii ? 1 : 0}`;
}

/** Registers GeoService on a server. */
export { openPlaceStore, placeIndexPath };

export async function addGeoService(registry: ServiceRegistry, deps: GeoDeps): Promise<Geo> {
  const geo = await Geo.load(deps);
  registry.add<GeoServiceHandlers>(withPlacePages(serviceDefinition('meridian.geo.v1.GeoService')), geo.handlers());
  return geo;
}
