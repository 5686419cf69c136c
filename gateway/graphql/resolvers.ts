/**
 * Resolvers and loaders of schema.graphql. Every field is answered by the
 * core over gRPC (through the gateway's one CoreClient), with the typed
 * request and response messages of proto/contract/generated; a request whose
 * HTTP client goes away has its core calls cancelled. Nested fields of a
 * level are gathered by per-request `dataloader`s (field resolvers calling
 * them), so a page of places asking for their countries costs one
 * BatchGetCountries, each distinct region is asked for once, and the calls
 * of one level leave together (CoreExchange messages of up to 8 calls);
 * fields that call the core once per object without a shared key (distance
 * to a place, date and time) are mercurius loaders.
 */
import type { ServerResponse } from 'node:http';
import DataLoader from 'dataloader';
import type { IResolvers, MercuriusLoaders } from 'mercurius';
import { disconnectSignal, type Abandonment, type CallOptions, type CoreClient } from '../coreClient.js';
import type { GeoServiceDefinition } from '../../proto/contract/generated/meridian/geo/v1/GeoService.js';
import type { LocaleServiceDefinition } from '../../proto/contract/generated/meridian/locale/v1/LocaleService.js';
import type { DistanceUnit } from '../../proto/contract/generated/meridian/geo/v1/DistanceUnit.js';
import type { IncludeDeleted } from '../../proto/contract/generated/meridian/geo/v1/IncludeDeleted.js';
import type { ProtoCatalog } from '../protoCatalog.js';
import { isHttpError } from '../httpError.js';
import { KM_PER_MILE } from '../../lib/distanceUnits.js';
import { connection, Cursors, gqlError, type PageArgs } from './connections.js';
import { answerCacheOf, answerMaxAge, type AnswerCache } from '../rest/restPresentation.js';
import type { AnswerLifetime } from './answerCache.js';

type Obj = Record<string, unknown>;
export interface Display { languageCode?: string; asciiMode?: boolean }
interface DisplayArg { displayOptions?: { language?: string | null; asciiMode?: boolean | null } | null }

/** A place node: the core's summary or details, with the display it was asked in. */
/** A place with its display options; in a location search's results, its distance from the search's centre in the search's unit. */
export interface PlaceNode { data: Obj; display: Display; searchDistance?: number; searchUnit?: DistanceUnit }
export interface CountryNode { data: Obj; display: Display }
export interface RegionNode { data: Obj; display: Display }

const displayOf = (a: DisplayArg): Display => ({
  languageCode: a.displayOptions?.language ? a.displayOptions.language.toLowerCase() : undefined,
  asciiMode: a.displayOptions?.asciiMode ?? undefined,
});

/** A message of the core as a node's data (GraphQL fields read it by the proto field names). */
const asObj = (message: object | null | undefined): Obj => (message ?? {}) as Obj;

/** A request without its unset (undefined or null) fields; a loop, not entries/filter/fromEntries (three arrays per core call). */
const drop = <T extends object>(o: T): T => {
  const out: Record<string, unknown> = {};
  for (const k in o) {
    const v = o[k];
    if (v !== undefined && v !== null) out[k] = v;
  }
  return out as T;
};

/**
 * A per-request DataLoader over one batch fetch (keys → found values): the
 * keys asked for during one turn of the event loop (across all loaders of a
 * request, hence setImmediate rather than dataloader's default tick) go out
 * in one fetch, repeats share one promise, and a failed fetch fails its keys
 * (and is not cached).
 */
export function gatherer<V>(fetch: (keys: string[]) => Promise<Map<string, V>>): DataLoader<string, V | undefined> {
  return new DataLoader<string, V | undefined>(async (keys) => {
    const found = await fetch([...keys]);
    return keys.map((k) => found.get(k));
  }, { batchScheduleFn: (run) => setImmediate(run) });
}

/**
 * A per-request DataLoader for lookups the core has no batch RPC for (a
 * region, a place's container, a country's flag): each distinct key is asked
 * once per request, and the calls of one turn leave together (one exchange
 * message); each key fails or succeeds on its own.
 */
function eachOnce<V>(fetchOne: (key: string) => Promise<V>): DataLoader<string, V> {
  return new DataLoader<string, V>((keys) => Promise.all(keys.map((k) => fetchOne(k).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))))),
    { batchScheduleFn: (run) => setImmediate(run) });
}

/**
 * Per-request state: the request's loaders (by kind and display), the signal that the HTTP client went away, and
 * (when the answer may be kept: answerCache.ts) the lifetime its core calls allow.
 */
export interface GraphqlContext { loaders: Map<string, DataLoader<string, unknown>>; signal?: Abandonment; lifetime?: AnswerLifetime }
export const newContext = (reply?: { raw: ServerResponse }, lifetime?: AnswerLifetime): GraphqlContext => ({
  loaders: new Map(), ...(reply ? { signal: disconnectSignal(reply.raw) } : {}), ...(lifetime ? { lifetime } : {}),
});

declare module 'mercurius' {
  interface MercuriusContext { loaders: Map<string, DataLoader<string, unknown>>; signal?: Abandonment; lifetime?: AnswerLifetime }
}

export interface GraphqlDeps { catalog: ProtoCatalog; core: CoreClient; cursors: Cursors; maxPage: number }

/** A list answer of the core, as a page. */
interface ListAnswer { data: object[]; totalCount: number; currentOffset: number }

export function buildResolvers(deps: GraphqlDeps): { resolvers: IResolvers; loaders: MercuriusLoaders } {
  const geo = deps.core.service<GeoServiceDefinition>('meridian.geo.v1.GeoService');
  const locale = deps.core.service<LocaleServiceDefinition>('meridian.locale.v1.LocaleService');
  /** Each typed method's answer_cache (the proto option, as REST reads it): how long the answers GraphQL builds from it may be kept. */
  const cachePolicies = new Map<unknown, AnswerCache | undefined>();
  for (const [name, typed] of [['meridian.geo.v1.GeoService', geo], ['meridian.locale.v1.LocaleService', locale]] as const) {
    const info = deps.catalog.services.find((s) => s.name === name);
    for (const [methodName, fn] of Object.entries(typed)) {
      const reflection = info?.reflection.methods[methodName];
      const md = info?.definition[methodName];
      cachePolicies.set(fn, info && reflection?.resolvedRequestType && md
        ? answerCacheOf(info.reflection, md.options as Record<string, unknown>, reflection.resolvedRequestType)
        : undefined);
    }
  }
  /**
   * One typed core call for a GraphQL request (cancelled in the core when its
   * HTTP client goes away); core errors become GraphQL errors with the REST
   * codes in extensions.code.
   */
  /**
   * Calls the core for a resolver. `argNames` maps the request's field names to the GraphQL arguments they came from,
   * so a refusal names what the query wrote (`id must be …`, not the core's `cityId must be …`).
   */
  const ask = async <Req extends object, Res>(method: (request: Req, options?: CallOptions) => Promise<Res>, request: Req, ctx: GraphqlContext | undefined,
    argNames?: Readonly<Record<string, string>>): Promise<Res> => {
    if (ctx?.lifetime) {
      const policy = cachePolicies.get(method);
      ctx.lifetime.called(policy ? answerMaxAge(policy, request as Record<string, unknown>) : 0);
    }
    try {
      return await method(drop(request), ctx?.signal ? { signal: ctx.signal } : undefined);
    } catch (e) {
      // (the leading name only: the rest may quote what the caller sent)
      if (isHttpError(e)) throw gqlError(e.code, argNames ? e.message.replace(/^[A-Za-z]+/, (w) => argNames[w] ?? w) : e.message);
      throw e;
    }
  };
  /** Like ask, but NOT_FOUND is a plain null (for nullable lookups nested in a result). */
  const maybe = async <Req extends object, Res>(method: (request: Req, options?: CallOptions) => Promise<Res>, request: Req, ctx: GraphqlContext | undefined,
    argNames?: Readonly<Record<string, string>>): Promise<Res | null> => {
    try { return await ask(method, request, ctx, argNames); } catch (e) {
      if ((e as { extensions?: { code?: string } }).extensions?.code === 'ENTITY_NOT_FOUND') return null;
      throw e;
    }
  };
  /** A connection of `field` (with its arguments, the scope its cursors are bound to: worked out only when a cursor is read or given). */
  const page = <T>(field: string, args: PageArgs, fetch: (offset: number, limit: number) => Promise<{ items: T[]; total: number; offset: number }>) =>
    connection(deps.cursors, () => scopeOf(field, args), args, deps.maxPage, fetch);
  const listOf = (r: ListAnswer) => ({ total: Number(r.totalCount ?? 0), offset: Number(r.currentOffset ?? 0), data: (r.data ?? []) as Obj[] });
  /** A place id as given (GeoNames or WikiData id): the core checks its form and names the argument. */
  const id = (v: unknown): string => String(v ?? '').trim();
  const places = (items: Obj[], display: Display, searchUnit?: DistanceUnit): PlaceNode[] =>
    items.map((d) => ({ data: d, display, ...(searchUnit ? { searchDistance: d['distance'] as number | undefined, searchUnit } : {}) }));
  const scopeOf = (field: string, args: object) => JSON.stringify([field, Object.entries(args).filter(([k]) => !['first', 'after', 'last', 'before'].includes(k)).sort(([a], [b]) => (a < b ? -1 : 1))]);
  /**
   * A search result's distance from the centre in `wanted` (default MI, as GeoDB's `distance(distanceUnit: MI)`), from
   * the one the search answered in its own unit, rounded as the core rounds list distances (3 decimals); null outside
   * a location search.
   */
  const inUnit = (p: PlaceNode, wanted: DistanceUnit | undefined): number | null => {
    if (p.searchDistance === undefined || p.searchDistance === null) return null;
    const to = wanted ?? 'MI';
    if (to === p.searchUnit) return p.searchDistance;
    return Math.round(p.searchDistance * (to === 'KM' ? KM_PER_MILE : 1 / KM_PER_MILE) * 1000) / 1000;
  };
  /** A GraphQL enum value as the request message takes it (the core names a value it does not know). */
  const unit = (v: string | null | undefined) => (v ?? undefined) as DistanceUnit | undefined;

  type PlaceFilterArgs = PageArgs & DisplayArg & {
    namePrefix?: string; namePrefixDefaultLangResults?: boolean; minPopulation?: number; maxPopulation?: number; types?: string[]; sort?: string;
    includeDeleted?: string; timeZoneIds?: (string | null)[]; countryIds?: (string | null)[]; excludedCountryIds?: (string | null)[];
  };
  const strings = (l: (string | null)[] | undefined | null): string[] | undefined => l?.filter((t): t is string => typeof t === 'string' && t !== '');
  const placeFilter = (a: PlaceFilterArgs) => ({
    namePrefix: a.namePrefix ?? undefined, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults ?? undefined,
    minPopulation: a.minPopulation ?? undefined, maxPopulation: a.maxPopulation ?? undefined,
    types: strings(a.types), sort: a.sort ?? undefined, includeDeleted: (a.includeDeleted ?? undefined) as IncludeDeleted | undefined, timeZoneIds: strings(a.timeZoneIds),
  });

  const resolvers: IResolvers = {
    Query: {
      country: async (_: unknown, a: { id: string } & DisplayArg, ctx: GraphqlContext) => {
        const display = displayOf(a);
        const r = await ask(geo.GetCountry, { countryCode: a.id, ...display }, ctx, { countryCode: 'id' });
        return { data: asObj(r.data), display } satisfies CountryNode;
      },
      countries: (_: unknown, a: PageArgs & DisplayArg & { currencyCode?: string; namePrefix?: string; namePrefixDefaultLangResults?: boolean; sort?: string }, ctx: GraphqlContext) => {
        const display = displayOf(a);
        return page('countries', a, async (offset, limit) => {
          const r = listOf(await ask(geo.ListCountries, {
            currencyCode: a.currencyCode, namePrefix: a.namePrefix, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults, sort: a.sort, ...display, offset, limit,
          }, ctx));
          return { items: r.data.map((d) => ({ data: d, display } satisfies CountryNode)), total: r.total, offset: r.offset };
        });
      },
      currencies: (_: unknown, a: PageArgs & { countryId?: string }, ctx: GraphqlContext) => page('currencies', a, async (offset, limit) => {
        const r = listOf(await ask(locale.ListCurrencies, { countryId: a.countryId, offset, limit }, ctx));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
      distanceBetween: async (_: unknown, a: { fromPlaceId: string; toPlaceId: string; distanceUnit?: string }, ctx: GraphqlContext) => {
        const r = await ask(geo.GetCityDistance, { cityId: id(a.fromPlaceId), toPlaceId: id(a.toPlaceId), distanceUnit: unit(a.distanceUnit) }, ctx, { cityId: 'fromPlaceId' });
        return r.data;
      },
      locales: (_: unknown, a: PageArgs, ctx: GraphqlContext) => page('locales', a, async (offset, limit) => {
        const r = listOf(await ask(locale.ListLocales, { offset, limit }, ctx));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
      populatedPlace: async (_: unknown, a: { id: string } & DisplayArg, ctx: GraphqlContext) => {
        const display = displayOf(a);
        const r = await ask(geo.GetCity, { cityId: id(a.id), ...display }, ctx, { cityId: 'id' });
        return { data: asObj(r.data), display } satisfies PlaceNode;
      },
      populatedPlaces: (_: unknown, a: PlaceFilterArgs & { location?: { latitude?: number | null; longitude?: number | null }; radius?: number; distanceUnit?: string }, ctx: GraphqlContext) => {
        const display = displayOf(a);
        let location: string | undefined;
        if (a.location) {
          const { latitude, longitude } = a.location;
          if (typeof latitude !== 'number' || typeof longitude !== 'number') throw gqlError('PARAM_INVALID', 'location needs both latitude and longitude');
          if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw gqlError('PARAM_INVALID', 'location must have latitude from -90 to 90 and longitude from -180 to 180');
          const f = (v: number, w: number) => `${v < 0 ? '-' : '+'}${Math.abs(v).toFixed(6).padStart(w + 7, '0')}`;
          location = `${f(latitude, 2)}${f(longitude, 3)}`;
        }
        return page('populatedPlaces', a, async (offset, limit) => {
          const r = listOf(await ask(geo.ListPlaces, {
            ...placeFilter(a), location, radius: a.radius ?? undefined, distanceUnit: unit(a.distanceUnit),
            countryIds: strings(a.countryIds), excludedCountryIds: strings(a.excludedCountryIds),
            ...display, offset, limit,
          }, ctx));
          return { items: places(r.data, display, location ? (unit(a.distanceUnit) ?? 'MI') : undefined), total: r.total, offset: r.offset };
        });
      },
      timeZone: async (_: unknown, a: { id: string }, ctx: GraphqlContext) => (await ask(locale.GetTimeZone, { zoneId: a.id }, ctx)).data,
      timeZones: (_: unknown, a: PageArgs, ctx: GraphqlContext) => page('timeZones', a, async (offset, limit) => {
        const r = listOf(await ask(locale.ListTimeZones, { offset, limit }, ctx));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
    },
    Country: {
      id: (c: CountryNode) => c.data['code'],
      code: (c: CountryNode) => c.data['code'],
      name: (c: CountryNode) => c.data['name'],
      wikiDataId: (c: CountryNode) => c.data['wikiDataId'] ?? null,
      regions: (c: CountryNode, a: PageArgs & { namePrefix?: string; namePrefixDefaultLangResults?: boolean; sort?: string }, ctx: GraphqlContext) => page(`regions:${String(c.data['code'])}`, a, async (offset, limit) => {
        const r = listOf(await ask(geo.ListRegions, {
          countryCode: String(c.data['code']), namePrefix: a.namePrefix, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults ?? undefined, sort: a.sort, ...c.display, offset, limit,
        }, ctx));
        return { items: r.data.map((d) => ({ data: d, display: c.display } satisfies RegionNode)), total: r.total, offset: r.offset };
      }),
      region: async (c: CountryNode, a: { code?: string | null }, ctx: GraphqlContext) => {
        if (!a.code) return null;
        const d = await regions(ctx, c.display).load(regionKey(c.data['code'], a.code));
        // asked for by code: an unknown one is null with its ENTITY_NOT_FOUND error, as at the top level
        if (!d) throw gqlError('ENTITY_NOT_FOUND', `no region '${a.code.slice(0, 40)}' in country ${String(c.data['code'])}`);
        return { data: d, display: c.display } satisfies RegionNode;
      },
      populatedPlaces: (c: CountryNode, a: PlaceFilterArgs, ctx: GraphqlContext) => page(`countryPlaces:${String(c.data['code'])}`, a, async (offset, limit) => {
        const r = listOf(await ask(geo.ListCountryPlaces, { ...placeFilter(a), countryCode: String(c.data['code']), ...c.display, offset, limit }, ctx));
        return { items: places(r.data, c.display), total: r.total, offset: r.offset };
      }),
    },
    CountryRegion: {
      name: (r: RegionNode) => r.data['name'],
      isoCode: (r: RegionNode) => r.data['isoCode'] ?? null,
      fipsCode: (r: RegionNode) => r.data['fipsCode'] ?? null,
      hascCode: (r: RegionNode) => r.data['hascCode'] ?? null,
      wikiDataId: (r: RegionNode) => r.data['wikiDataId'] ?? null,
      containingRegion: () => null,
      populatedPlaces: (r: RegionNode, a: PlaceFilterArgs, ctx: GraphqlContext) => page(`regionPlaces:${String(r.data['countryCode'])}.${String(r.data['admin1Code'])}`, a, async (offset, limit) => {
        const res = listOf(await ask(geo.ListRegionPlaces, {
          ...placeFilter(a), countryCode: String(r.data['countryCode']), regionCode: String(r.data['admin1Code']), ...r.display, offset, limit,
        }, ctx));
        return { items: places(res.data, r.display), total: res.total, offset: res.offset };
      }),
    },
    PopulatedPlace: {
      id: (p: PlaceNode) => String(p.data['id']),
      wikiDataId: (p: PlaceNode) => p.data['wikiDataId'] ?? null,
      name: (p: PlaceNode) => p.data['name'] ?? p.data['city'],
      placeType: (p: PlaceNode) => p.data['type'],
      latitude: (p: PlaceNode) => p.data['latitude'] ?? (p.data['location'] as Obj | undefined)?.['latitude'],
      longitude: (p: PlaceNode) => p.data['longitude'] ?? (p.data['location'] as Obj | undefined)?.['longitude'],
      population: (p: PlaceNode) => p.data['population'],
      countryCode: (p: PlaceNode) => p.data['countryCode'],
      regionCode: (p: PlaceNode) => p.data['regionCode'] || null,
      searchDistance: (p: PlaceNode) => p.searchDistance ?? null,
      nearbyPopulatedPlaces: (p: PlaceNode, a: PlaceFilterArgs & { radius?: number; distanceUnit?: string }, ctx: GraphqlContext) => page(`nearby:${String(p.data['id'])}`, a, async (offset, limit) => {
        const r = listOf(await ask(geo.ListNearbyPlaces, {
          ...placeFilter(a), countryIds: strings(a.countryIds), excludedCountryIds: strings(a.excludedCountryIds),
          placeId: String(p.data['id']), radius: a.radius ?? undefined, distanceUnit: unit(a.distanceUnit), ...p.display, offset, limit,
        }, ctx));
        return { items: places(r.data, p.display, unit(a.distanceUnit) ?? 'MI'), total: r.total, offset: r.offset };
      }),
    },
    TimeZone: {
      // GeoDB's schema says Int!: whole hours toward zero, as the REST answers (rest_integer); utcOffsetHours keeps the fraction
      rawUtcOffsetHours: (z: Obj) => Math.trunc(Number(z['rawUtcOffsetHours'] ?? 0)),
    },
  };

  /** The request's loader of one kind and display (created on first use). */
  const loaderOf = <V>(ctx: GraphqlContext, kind: string, display: Display, make: () => DataLoader<string, V>): DataLoader<string, V> => {
    const k = `${kind}|${display.languageCode ?? ''}|${display.asciiMode ?? ''}`;
    let l = ctx.loaders.get(k) as DataLoader<string, V> | undefined;
    if (!l) { l = make(); ctx.loaders.set(k, l as DataLoader<string, unknown>); }
    return l;
  };
  /** Details of cities by id: one BatchGetCities per turn and display. */
  const cities = (ctx: GraphqlContext, display: Display) => loaderOf(ctx, 'cities', display, () => gatherer<Obj>(async (ids) => {
    const r = await ask(geo.BatchGetCities, { cityIds: ids.map(Number), ...display }, ctx);
    return new Map(r.data.map((d) => [String(d.id), asObj(d)]));
  }));
  /** Countries by code: one BatchGetCountries per turn and display. */
  const countriesOf = (ctx: GraphqlContext, display: Display) => loaderOf(ctx, 'countries', display, () => gatherer<Obj>(async (codes) => {
    const r = await ask(geo.BatchGetCountries, { countryCodes: codes, ...display }, ctx);
    return new Map(r.data.map((d) => [String(d.code), asObj(d)]));
  }));
  const regionKey = (countryCode: unknown, regionCode: unknown) => `${String(countryCode)}\u0000${String(regionCode)}`;
  /** Regions by country and region code (no batch RPC: each distinct region once per request, a page's calls together). */
  const regions = (ctx: GraphqlContext, display: Display) => loaderOf(ctx, 'regions', display, () => eachOnce<Obj | null>(async (key) => {
    const [countryCode, regionCode] = key.split('\u0000');
    return ((await maybe(geo.GetRegion, { countryCode, regionCode, ...display }, ctx, { regionCode: 'code' }))?.data ?? null) as Obj | null;
  }));
  /** The place containing a city, by city id. */
  const containers = (ctx: GraphqlContext, display: Display) => loaderOf(ctx, 'locatedIn', display, () => eachOnce<Obj | null>(async (cityId) =>
    ((await maybe(geo.GetCityLocatedIn, { cityId, ...display }, ctx))?.data ?? null) as Obj | null));
  /** A country's flag (large: only GetCountry carries it), by code. */
  const flags = (ctx: GraphqlContext, display: Display) => loaderOf(ctx, 'flags', display, () => eachOnce<string | null>(async (code) =>
    (await maybe(geo.GetCountry, { countryCode: code, ...display }, ctx))?.data?.flagImageUri ?? null));

  /**
   * A detail field of a place: from the node when its data has it (summaries carry some; details carry all),
   * else from the request's BatchGetCities loader (one call per turn and display for the whole level). A field
   * resolver rather than a mercurius loader: mercurius keys every loader query by the stable JSON text of its
   * parent object (safe-stable-stringify of the place), which cost more than the whole field resolved directly.
   */
  const detail = (p: PlaceNode, ctx: GraphqlContext, field: string): unknown => {
    if (p.data[field] !== undefined || p.data['location']) return p.data[field];
    return cities(ctx, p.display).load(String(p.data['id'])).then((d) => (d ?? {})[field]);
  };
  /** `f` of a value that may still be a promise (no promise made when it is not). */
  const map = (v: unknown, f: (x: unknown) => unknown): unknown => (v instanceof Promise ? v.then(f) : f(v));
  /** A country by code (the request's BatchGetCountries loader), as a node. */
  const country = (ctx: GraphqlContext, code: string, display: Display): Promise<CountryNode | null> | null => (code
    ? countriesOf(ctx, display).load(code.toUpperCase()).then((d) => (d ? { data: d, display } : null))
    : null);
  /** The region of a place: from the country and region codes its summary or details carry. */
  const regionOfPlace = (p: PlaceNode, ctx: GraphqlContext): Promise<RegionNode | null> | null => {
    const regionCode = p.data['regionCode'];
    if (!regionCode || !p.data['countryCode']) return null;
    return regions(ctx, p.display).load(regionKey(p.data['countryCode'], regionCode)).then((d) => (d ? { data: d, display: p.display } : null));
  };
  /** The place containing a place (its first-level division as a place). */
  const containerOf = (p: PlaceNode, ctx: GraphqlContext): Promise<PlaceNode | null> | null => {
    if (p.data['type'] === 'ADM1') return null;
    return containers(ctx, p.display).load(String(p.data['id'])).then((d) => (d ? { data: d, display: p.display } : null));
  };
  /** Summaries of countries (from lists) lack details: from BatchGetCountries (one call per level and display). */
  const countryDetail = (c: CountryNode, ctx: GraphqlContext, field: string): unknown => {
    if (c.data[field] !== undefined) return c.data[field];
    return map(country(ctx, String(c.data['code']), c.display), (full) => (full as CountryNode | null)?.data[field] ?? null);
  };
  /** Region summaries (from lists) lack capital and counts: GetRegion for those (each region once per request). */
  const regionDetail = (r: RegionNode, ctx: GraphqlContext, field: string): unknown => {
    if (r.data[field] !== undefined) return r.data[field];
    return regions(ctx, r.display).load(regionKey(r.data['countryCode'], r.data['admin1Code'])).then((d) => d?.[field] ?? null);
  };
  Object.assign(resolvers['PopulatedPlace'] as object, {
    featureCode: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => map(detail(p, ctx, 'featureCode'), (v) => v ?? ''),
    elevationMeters: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => map(detail(p, ctx, 'elevationMeters'), (v) => v ?? null),
    timezone: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => map(detail(p, ctx, 'timezone'), (v) => v ?? ''),
    deleted: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => map(detail(p, ctx, 'deleted'), (v) => Boolean(v)),
    country: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => country(ctx, String(p.data['countryCode'] ?? ''), p.display),
    region: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => regionOfPlace(p, ctx),
    locatedIn: (p: PlaceNode, _: unknown, ctx: GraphqlContext) => containerOf(p, ctx),
  });
  Object.assign(resolvers['CountryRegion'] as object, {
    country: (r: RegionNode, _: unknown, ctx: GraphqlContext) => country(ctx, String(r.data['countryCode']), r.display),
    capital: (r: RegionNode, _: unknown, ctx: GraphqlContext) => regionDetail(r, ctx, 'capital'),
    numPopulatedPlaces: (r: RegionNode, _: unknown, ctx: GraphqlContext) => regionDetail(r, ctx, 'numPlaces'),
  });
  Object.assign(resolvers['Country'] as object, {
    capital: (c: CountryNode, _: unknown, ctx: GraphqlContext) => countryDetail(c, ctx, 'capital'),
    callingCode: (c: CountryNode, _: unknown, ctx: GraphqlContext) => countryDetail(c, ctx, 'callingCode'),
    currencyCodes: (c: CountryNode, _: unknown, ctx: GraphqlContext) => countryDetail(c, ctx, 'currencyCodes'),
    flag: (c: CountryNode, _: unknown, ctx: GraphqlContext) => countryDetail(c, ctx, 'flag'),
    numRegions: (c: CountryNode, _: unknown, ctx: GraphqlContext) => countryDetail(c, ctx, 'numRegions'),
    // The flag is large (an SVG data URI): only GetCountry carries it, so it is fetched only when asked for.
    // a country reached through a place or region holds the summary's empty default, not the flag: '' is fetched too
    flagImageUri: (c: CountryNode, _: unknown, ctx: GraphqlContext) => (c.data['flagImageUri'] as string | undefined) || flags(ctx, c.display).load(String(c.data['code'])),
  });
  // Fields that call the core once per object (no batch RPC, no shared key) stay mercurius loaders: one batch per level.
  // Each item answers on its own: a failing one is that field's error (an Error in its place), not the whole batch's
  // (one unknown toPlaceId among aliases, or one place on a page, had nulled every item of the batch).
  const each = <Q>(qs: Q[], f: (q: Q) => Promise<unknown>): Promise<unknown[]> =>
    Promise.all(qs.map((q) => f(q).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))));
  const loaders: MercuriusLoaders = {
    PopulatedPlace: {
      // Without toPlaceId: the search distance (GeoDB's form); with it: the distance to that place.
      distance: async (qs: { obj: PlaceNode; params: { toPlaceId?: string | null; distanceUnit?: string | null } }[], ctx: GraphqlContext) => each(qs, async (q) =>
        (q.params.toPlaceId === undefined || q.params.toPlaceId === null
          ? inUnit(q.obj, unit(q.params.distanceUnit))
          : (await ask(geo.GetCityDistance, { cityId: String(q.obj.data['id']), toPlaceId: id(q.params.toPlaceId), distanceUnit: unit(q.params.distanceUnit) }, ctx)).data)),
      dateTime: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => each(qs, async (q) => (await ask(geo.GetCityDateTime, { cityId: String(q.obj.data['id']) }, ctx)).data),
      time: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => each(qs, async (q) => (await ask(geo.GetCityTime, { cityId: String(q.obj.data['id']) }, ctx)).data),
    },
    TimeZone: {
      dateTime: async (qs: { obj: Obj }[], ctx: GraphqlContext) => each(qs, async (q) => (await ask(locale.GetTimeZoneDateTime, { zoneId: String(q.obj['id']) }, ctx)).data),
      time: async (qs: { obj: Obj }[], ctx: GraphqlContext) => each(qs, async (q) => (await ask(locale.GetTimeZoneTime, { zoneId: String(q.obj['id']) }, ctx)).data),
    },
  };
  return { resolvers, loaders };
}
