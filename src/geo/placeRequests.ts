/**
 * Turns the place-list requests of meridian.geo.v1 (typed by the proto) into a
 * PlaceQuery, checking the semantics the types cannot: ranges, known codes,
 * aliases that disagree, and filters that exclude each other.
 */
import { LIST_DEFAULTS } from '../../proto/contract/listDefaults.js';
import { exclusive, invalid } from '../errors.js';
import type { GeoCatalog } from './catalog.js';
import { toKm, type Unit } from './distance.js';
import { parseIsoLocation } from './isoLocation.js';
import type { IncludeDeletedMode, PlaceQuery, SortField } from './placeStore.js';
import { namePrefixOf } from './searchKey.js';
import type { ZoneResolver } from './clock.js';

/** The union of the fields the place-list requests carry (each request has a subset). */
export interface PlaceListRequest {
  namePrefix?: string;
  countryIds?: string[];
  excludedCountryIds?: string[];
  /** The country of a country's or region's list (a path field: not a filter here). */
  countryCode?: string;
  minPopulation?: number | null;
  maxPopulation?: number | null;
  location?: string;
  radius?: number | null;
  distanceUnit?: string | number;
  timeZoneIds?: string[];
  types?: string[];
  includeDeleted?: string | number;
  sort?: string;
  languageCode?: string;
  asciiMode?: boolean;
  limit?: number;
  offset?: number;
  pageToken?: string;
  namePrefixDefaultLangResults?: boolean | null;
}

export interface PlaceContext {
  catalog: GeoCatalog;
  /** The data's time zones (those of the places, and Etc/UTC), as clients may name them (any case, IANA links and older names: clock.ts). */
  zones: ZoneResolver;
  featureCodes: ReadonlySet<string>;
}

/** A radius search's radius when the request gives none (in its unit): the contract's list_defaults (presentation.proto). */
export const DEFAULT_RADIUS = LIST_DEFAULTS.radius;
export const CITY_MIN_POPULATION = 1000;
/** Half the Earth's circumference on the model sphere: a radius this long already covers every point. */
const WHOLE_EARTH_KM = Math.PI * 6371.0088;
/** GeoDB's place types: CITY is every populated place, ADM2 a second-level division (a store of its own); ISLAND records are not in the data (they match nothing). */
export const PLACE_TYPES: Record<string, string | undefined> = { CITY: undefined, ADM2: 'ADM2', ISLAND: 'ISL' };
const SORT_FIELDS: SortField[] = ['name', 'population', 'elevation', 'countryCode', 'distance'];
const INCLUDE_DELETED: IncludeDeletedMode[] = ['NONE', 'ALL', 'SINCE_YESTERDAY', 'SINCE_LAST_WEEK'];

/** An enum field as received: a name, or a number when a gRPC caller sent a value the proto does not define. */
function enumName<T extends string>(value: string | number | undefined, allowed: readonly T[], field: string, unspecified: string): T | undefined {
  if (value === undefined || value === '' || value === unspecified || value === 0) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(field, `${field} must be one of ${allowed.join(', ')}, got '${value}'`);
}

export function parseUnit(a: string | number | undefined, b: string | number | undefined, names: [string, string]): Unit {
  const u1 = enumName(a, ['MI', 'KM'] as const, names[0], 'DISTANCE_UNIT_UNSPECIFIED');
  const u2 = enumName(b, ['MI', 'KM'] as const, names[1], 'DISTANCE_UNIT_UNSPECIFIED');
  if (u1 && u2 && u1 !== u2) throw exclusive(names, `${names[0]} and ${names[1]} are the same parameter; they disagree (${u1} vs ${u2})`);
  return u1 ?? u2 ?? LIST_DEFAULTS.distanceUnit;
}

export function parseIncludeDeleted(v: string | number | undefined): IncludeDeletedMode {
  return enumName(v, INCLUDE_DELETED, 'includeDeleted', 'INCLUDE_DELETED_UNSPECIFIED') ?? 'NONE';
}

/** Most distinct time zones one list request may name (IANA has about 600 names, links included). */
const MAX_ZONE_IDS = 1000;

function countrySet(ctx: PlaceContext, field: string, lists: (string[] | undefined)[]): Set<string> | undefined {
  const codes = lists.flatMap((l) => l ?? []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  if (!codes.length) return undefined;
  const out = new Set<string>();
  for (const c of codes) {
    const upper = c.toUpperCase();
    if (/^Q\d{1,10}$/.test(upper)) {
      const country = ctx.catalog.countryByWikidata(upper);
      if (!country) throw invalid(field, `${field}: no country has the WikiData id '${c}'`);
      out.add(country.code);
      continue;
    }
    if (!/^[A-Z]{2}$/.test(upper)) throw invalid(field, `${field} must hold ISO-3166 alpha-2 country codes such as US or de, or WikiData ids such as Q30, got '${c}'`);
    if (!ctx.catalog.countries.has(upper)) throw invalid(field, `${field}: unknown country code '${c}'`);
    out.add(upper);
  }
  return out;
}

function population(v: number | null | undefined, field: string): number | undefined {
  if (v === null || v === undefined) return undefined;
  if (!Number.isInteger(v) || v < 0) throw invalid(field, `${field} must be a non-negative integer, got ${v}`);
  return v;
}

export function parseSort(raw: string | undefined, allowDistance: boolean, allowCountry = true): PlaceQuery['sort'] | undefined {
  const s = (raw ?? '').trim();
  if (!s) return undefined;
  const seen = new Set<string>();
  return s.split(',').map((part) => {
    const p = part.trim();
    const m = /^([+-]?)([A-Za-z]+)$/.exec(p);
    // The official GeoDB demo sends countryId for countryCode.
    const field = (m?.[2] === 'countryId' ? 'countryCode' : m?.[2]) as SortField | undefined;
    if (!m || !field || !SORT_FIELDS.includes(field) || (field === 'distance' && !allowDistance) || (field === 'countryCode' && !allowCountry)) {
      const fields = SORT_FIELDS.filter((f) => (allowDistance || f !== 'distance') && (allowCountry || f !== 'countryCode'));
      throw invalid('sort', `sort must look like -population,+name over ${fields.join(', ')}, got '${raw}'`);
    }
    if (seen.has(field)) throw invalid('sort', `sort names ${field} twice`);
    seen.add(field);
    return { field, desc: m[1] === '-' };
  });
}

export interface ParsedPlaceList {
  query: Omit<PlaceQuery, 'offset' | 'limit'>; unit: Unit; key: string;
  /** Whether the second-level divisions (ADM2) answer: not, alone, or beside the populated places. */
  divisions: 'none' | 'only' | 'also';
  /**
   * namePrefixDefaultLangResults=false with a languageCode other than English: the prefix must start a word of the
   * name shown in that language (its own name there where a source has one), not of the English or alternate names.
   */
  shownNameOnly: boolean;
}

/**
 * Parses a place-list request. `centre` is set by the nearby RPCs (a place or a
 * raw location); `defaultMinPopulation` is 1000 for city lists and 0 for place lists.
 */
export function parsePlaceList(
  ctx: PlaceContext, req: PlaceListRequest, opts: {
    defaultMinPopulation: number; centre?: { latitude: number; longitude: number; excludeId?: number }; region?: { countryCode: string; admin1Code: string };
    /** Restricts to these GeoDB types whatever `types` says (admin-division lists: ADM2). */
    onlyTypes?: string[];
    /** A list of one country or region (GeoDB's SORT-B: no countryCode sort, which would order nothing). */
    scoped?: boolean;
  },
): ParsedPlaceList {
  // REST's alias names (nearLocation, countryCodes, ...) are the gateway's: the core has one field per filter
  const locationRaw = req.location || undefined;
  let centre = opts.centre;
  if (locationRaw !== undefined) centre = { ...parseIsoLocation(locationRaw, 'location') };
  const radiusRaw = req.radius ?? undefined;
  const unit = parseUnit(req.distanceUnit, undefined, ['distanceUnit', 'distanceUnit']);
  const countries = countrySet(ctx, 'countryIds', [req.countryIds]);
  const excluded = countrySet(ctx, 'excludedCountryIds', [req.excludedCountryIds]);
  if (countries && excluded) throw exclusive(['countryIds', 'excludedCountryIds'], 'countryIds and excludedCountryIds are mutually exclusive: pass one of them');
  // each distinct id once, and at most MAX_ZONE_IDS of them: 20,000 copies of "UTC" (an alias, resolved through
  // Intl) held the core's thread for 1.4-1.9 s
  const zoneNames = [...new Set((req.timeZoneIds ?? []).flatMap((s) => s.split(',')).map((s) => s.trim().replace(/__/g, '/')).filter(Boolean))];
  if (zoneNames.length > MAX_ZONE_IDS) throw invalid('timeZoneIds', `timeZoneIds: at most ${MAX_ZONE_IDS} time zones, got ${zoneNames.length}`);
  const long = zoneNames.find((z) => z.length > 64); // IANA names are at most ~32 characters
  if (long !== undefined) throw invalid('timeZoneIds', `timeZoneIds: unknown time zone '${long.slice(0, 100)}…' (IANA ids such as America/New_York, or America__New_York as GeoDB writes them; see /v1/locale/timezones)`);
  const zoneIds = [...new Set(zoneNames.map((z) => {
    const id = ctx.zones.resolve(z);
    if (id === undefined) throw invalid('timeZoneIds', `timeZoneIds: unknown time zone '${z.slice(0, 100)}' (IANA ids such as America/New_York, or America__New_York as GeoDB writes them; see /v1/locale/timezones)`);
    return id;
  }))];
  if (centre && locationRaw !== undefined && (countries || excluded || zoneIds.length)) {
    throw exclusive(['location', countries || excluded ? 'countryIds' : 'timeZoneIds'],
      'a location search cannot be combined with country or time-zone filters: pass either location or countryIds/excludedCountryIds/timeZoneIds');
  }
  // a radius without a location narrows nothing and is ignored, as distanceUnit is (GeoDB reads both only with a
  // location; forms that always send a radius, and an empty location until a point is chosen, keep working), but it
  // must still be a radius
  const radius = radiusRaw ?? DEFAULT_RADIUS;
  if (!Number.isFinite(radius) || radius <= 0) throw invalid('radius', `radius must be a number above 0, got ${radius}`);
  let near: PlaceQuery['near'];
  if (centre) {
    // Any radius beyond half the circumference reaches every point: answer for the whole Earth.
    const radiusKm = Math.min(toKm(radius, unit), WHOLE_EARTH_KM);
    near = { latitude: centre.latitude, longitude: centre.longitude, radiusKm, ...(centre.excludeId !== undefined ? { excludeId: centre.excludeId } : {}) };
  }
  const explicitMin = population(req.minPopulation, 'minPopulation');
  const min = explicitMin ?? opts.defaultMinPopulation;
  const max = population(req.maxPopulation, 'maxPopulation');
  // Below the default minimum of city lists, a maxPopulation simply matches nothing (GeoDB answers too).
  if (max !== undefined && explicitMin !== undefined && max < min) throw invalid('maxPopulation', `maxPopulation (${max}) is below minPopulation (${min})`);
  let types = (req.types ?? []).flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean);
  for (const t of types) {
    if (!(t in PLACE_TYPES) && !ctx.featureCodes.has(t)) {
      throw invalid('types', `types must hold CITY, ADM2, ISLAND or GeoNames feature codes (${[...ctx.featureCodes].filter(Boolean).sort().join(', ')}), got '${t.slice(0, 100)}'`);
    }
  }
  // Division lists answer ADM2 records whatever `types` says (GeoDB's admin-division operations take no types).
  if (opts.onlyTypes) types = opts.onlyTypes;
  // ADM2 records are a store of their own (the second-level divisions), asked for by name: lists of cities
  // and places answer populated places unless `types` names ADM2. CITY admits every populated place; ISLAND
  // names a feature code the data does not hold (it matches nothing).
  const placeTypes = types.filter((t) => t !== 'ADM2');
  const divisions: ParsedPlaceList['divisions'] = !types.includes('ADM2') ? 'none' : placeTypes.length ? 'also' : 'only';
  const featureCodes = placeTypes.length && !placeTypes.includes('CITY') ? new Set(placeTypes.map((t) => (t in PLACE_TYPES ? PLACE_TYPES[t]! : t))) : undefined;
  const prefix = namePrefixOf(req.namePrefix, () => invalid('namePrefix', 'namePrefix must be at most 100 characters'));
  // GeoDB: namePrefix matches the name; with a languageCode, the name in that language. GeoNames'
  // alternate names carry no language tag here, so a request in another language than English
  // matches every alternate name (München, Wien, Москва) beside the name.
  const language = (req.languageCode ?? '').trim().split(/[-_]/)[0]!.toLowerCase();
  const alternates = prefix !== undefined && language !== '' && language !== 'en';
  const sort = parseSort(req.sort, Boolean(near), !opts.scoped && !opts.region) ?? (near ? [{ field: 'distance' as const, desc: false }] : [{ field: 'population' as const, desc: true }]);
  const query: Omit<PlaceQuery, 'offset' | 'limit'> = {
    ...(near ? { near } : {}),
    ...(prefix !== undefined ? { prefix } : {}),
    ...(alternates ? { alternates } : {}),
    ...(countries ? { countries } : {}),
    ...(excluded ? { excludedCountries: excluded } : {}),
    ...(opts.region ? { region: opts.region } : {}),
    ...(min > 0 ? { minPopulation: min } : {}),
    ...(max !== undefined ? { maxPopulation: max } : {}),
    ...(zoneIds.length ? { timeZones: new Set(zoneIds) } : {}),
    ...(featureCodes ? { featureCodes } : {}),
    includeDeleted: parseIncludeDeleted(req.includeDeleted),
    now: Date.now(),
    sort,
  };
  const shownNameOnly = alternates && req.namePrefixDefaultLangResults === false;
  // sort=name orders by the names shown (Geo.listPlaces), so a page token holds the language and ASCII mode then
  const byName = sort.some((s) => s.field === 'name') && [language, req.asciiMode === true];
  const key = JSON.stringify([near, prefix, alternates && language, byName, shownNameOnly, countries && [...countries], excluded && [...excluded], opts.region, min, max, zoneIds, types, query.includeDeleted, sort, unit]);
  return { query, unit, key, divisions, shownNameOnly };
}
