/**
 * Resolvers and loaders of schema.graphql. Every field is answered by the
 * core over gRPC (through the gateway's one CoreClient); nested fields of a
 * level are gathered by mercurius loaders, so a page of places asking for
 * their countries costs one BatchGetCountries, and the calls of one level
 * leave together (CoreExchange messages of up to 8 calls).
 */
import type * as protoLoader from '@grpc/proto-loader';
import type { IResolvers, MercuriusLoaders } from 'mercurius';
import { CoreClient, type UnaryMethod } from '../coreClient.js';
import type { ProtoCatalog } from '../protoCatalog.js';
import { isHttpError } from '../httpError.js';
import { connection, Cursors, gqlError, type PageArgs } from './connections.js';

type Obj = Record<string, unknown>;
export interface Display { languageCode?: string; asciiMode?: boolean }
interface DisplayArg { displayOptions?: { language?: string | null; asciiMode?: boolean | null } | null }

/** A place node: the core's summary or details, with the display it was asked in. */
export interface PlaceNode { data: Obj; display: Display; searchDistance?: number }
export interface CountryNode { data: Obj; display: Display }
export interface RegionNode { data: Obj; display: Display }

const displayOf = (a: DisplayArg): Display => ({
  languageCode: a.displayOptions?.language ? a.displayOptions.language.toLowerCase() : undefined,
  asciiMode: a.displayOptions?.asciiMode ?? undefined,
});

const drop = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/**
 * Gathers the keys asked for during one turn of the event loop (across all
 * loaders of a request) into one fetch, so that two fields needing the same
 * details (featureCode and elevationMeters) still cost one core call.
 */
export class Batcher<V> {
  private pending = new Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }>();
  private readonly cache = new Map<string, Promise<V | undefined>>();
  constructor(private readonly fetch: (keys: string[]) => Promise<Map<string, V>>) {}

  /** One promise per key (repeats share it); a failed fetch rejects its keys and forgets them. */
  load(key: string): Promise<V | undefined> {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const p = new Promise<V | undefined>((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(this.flush);
      this.pending.set(key, { resolve, reject });
    });
    this.cache.set(key, p);
    return p;
  }

  private readonly flush = (): void => {
    const batch = this.pending;
    this.pending = new Map();
    this.fetch([...batch.keys()]).then(
      (found) => { for (const [k, w] of batch) w.resolve(found.get(k)); },
      (e: unknown) => { for (const [k, w] of batch) { this.cache.delete(k); w.reject(e); } },
    );
  };
}

/** Per-request state: one batcher per kind and display. */
export interface GraphqlContext { batchers: Map<string, Batcher<Obj>> }
export const newContext = (): GraphqlContext => ({ batchers: new Map() });

declare module 'mercurius' {
  interface MercuriusContext { batchers: Map<string, Batcher<Record<string, unknown>>> }
}

export interface GraphqlDeps { catalog: ProtoCatalog; core: CoreClient; cursors: Cursors; maxPage: number }

export function buildResolvers(deps: GraphqlDeps): { resolvers: IResolvers; loaders: MercuriusLoaders } {
  const methods = new Map<string, UnaryMethod>();
  for (const s of deps.catalog.services) {
    for (const [name, def] of Object.entries(s.definition)) methods.set(`${s.name.split('.').pop()}.${name}`, CoreClient.method(def as protoLoader.MethodDefinition<object, object>));
  }
  /** One core call; core errors become GraphQL errors with the REST codes in extensions.code. */
  const call = async (method: string, request: Obj): Promise<Obj> => {
    const m = methods.get(method);
    if (!m) throw new Error(`no core method ${method}`);
    try {
      return await deps.core.call(m, drop(request));
    } catch (e) {
      if (isHttpError(e)) throw gqlError(e.code, e.message);
      throw e;
    }
  };
  /** Like call, but NOT_FOUND is a plain null (for nullable lookups nested in a result). */
  const maybe = async (method: string, request: Obj): Promise<Obj | null> => {
    try { return await call(method, request); } catch (e) {
      if ((e as { extensions?: { code?: string } }).extensions?.code === 'ENTITY_NOT_FOUND') return null;
      throw e;
    }
  };
  const page = <T>(scope: string, args: PageArgs, fetch: (offset: number, limit: number) => Promise<{ items: T[]; total: number; offset: number }>) =>
    connection(deps.cursors, scope, args, deps.maxPage, fetch);
  const listOf = (r: Obj) => ({ total: Number(r['totalCount'] ?? 0), offset: Number(r['currentOffset'] ?? 0), data: (r['data'] ?? []) as Obj[] });
  /** A place id as given (GeoNames or WikiData id): the core checks its form and names the argument. */
  const id = (v: unknown): string => String(v ?? '').trim();
  const places = (items: Obj[], display: Display, withDistance: boolean): PlaceNode[] =>
    items.map((d) => ({ data: d, display, searchDistance: withDistance ? (d['distance'] as number | undefined) : undefined }));
  const scopeOf = (field: string, args: object) => JSON.stringify([field, Object.entries(args).filter(([k]) => !['first', 'after', 'last', 'before'].includes(k)).sort(([a], [b]) => (a < b ? -1 : 1))]);

  type PlaceFilterArgs = PageArgs & DisplayArg & {
    namePrefix?: string; namePrefixDefaultLangResults?: boolean; minPopulation?: number; maxPopulation?: number; types?: string[]; sort?: string;
    includeDeleted?: string; timeZoneIds?: (string | null)[]; countryIds?: (string | null)[]; excludedCountryIds?: (string | null)[];
  };
  const strings = (l: (string | null)[] | undefined | null): string[] | undefined => l?.filter((t): t is string => typeof t === 'string' && t !== '');
  const placeFilter = (a: PlaceFilterArgs) => ({
    namePrefix: a.namePrefix ?? undefined, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults ?? undefined,
    minPopulation: a.minPopulation ?? undefined, maxPopulation: a.maxPopulation ?? undefined,
    types: strings(a.types), sort: a.sort ?? undefined, includeDeleted: a.includeDeleted ?? undefined, timeZoneIds: strings(a.timeZoneIds),
  });

  const resolvers: IResolvers = {
    Query: {
      country: async (_: unknown, a: { id: string } & DisplayArg) => {
        const display = displayOf(a);
        const r = await call('GeoService.GetCountry', { countryCode: a.id, ...display });
        return { data: r['data'] as Obj, display } satisfies CountryNode;
      },
      countries: (_: unknown, a: PageArgs & DisplayArg & { currencyCode?: string; namePrefix?: string; namePrefixDefaultLangResults?: boolean; sort?: string }) => {
        const display = displayOf(a);
        return page(scopeOf('countries', a), a, async (offset, limit) => {
          const r = listOf(await call('GeoService.ListCountries', {
            currencyCode: a.currencyCode, namePrefix: a.namePrefix, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults, sort: a.sort, ...display, offset, limit,
          }));
          return { items: r.data.map((d) => ({ data: d, display } satisfies CountryNode)), total: r.total, offset: r.offset };
        });
      },
      currencies: (_: unknown, a: PageArgs & { countryId?: string }) => page(scopeOf('currencies', a), a, async (offset, limit) => {
        const r = listOf(await call('LocaleService.ListCurrencies', { countryId: a.countryId, offset, limit }));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
      distanceBetween: async (_: unknown, a: { fromPlaceId: string; toPlaceId: string; distanceUnit?: string }) => {
        const r = await call('GeoService.GetCityDistance', { cityId: id(a.fromPlaceId), toPlaceId: id(a.toPlaceId), distanceUnit: a.distanceUnit });
        return r['data'];
      },
      locales: (_: unknown, a: PageArgs) => page(scopeOf('locales', a), a, async (offset, limit) => {
        const r = listOf(await call('LocaleService.ListLocales', { offset, limit }));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
      populatedPlace: async (_: unknown, a: { id: string } & DisplayArg) => {
        const display = displayOf(a);
        const r = await call('GeoService.GetCity', { cityId: id(a.id), ...display });
        return { data: r['data'] as Obj, display } satisfies PlaceNode;
      },
      populatedPlaces: (_: unknown, a: PlaceFilterArgs & { location?: { latitude?: number | null; longitude?: number | null }; radius?: number; distanceUnit?: string }) => {
        const display = displayOf(a);
        let location: string | undefined;
        if (a.location) {
          const { latitude, longitude } = a.location;
          if (typeof latitude !== 'number' || typeof longitude !== 'number') throw gqlError('PARAM_INVALID', 'location needs both latitude and longitude');
          if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw gqlError('PARAM_INVALID', 'location must have latitude from -90 to 90 and longitude from -180 to 180');
          const f = (v: number, w: number) => `${v < 0 ? '-' : '+'}${Math.abs(v).toFixed(6).padStart(w + 7, '0')}`;
          location = `${f(latitude, 2)}${f(longitude, 3)}`;
        }
        return page(scopeOf('populatedPlaces', a), a, async (offset, limit) => {
          const r = listOf(await call('GeoService.ListPlaces', {
            ...placeFilter(a), location, radius: a.radius ?? undefined, distanceUnit: a.distanceUnit ?? undefined,
            countryIds: strings(a.countryIds), excludedCountryIds: strings(a.excludedCountryIds),
            ...display, offset, limit,
          }));
          return { items: places(r.data, display, Boolean(location)), total: r.total, offset: r.offset };
        });
      },
      timeZone: async (_: unknown, a: { id: string }) => (await call('LocaleService.GetTimeZone', { zoneId: a.id }))['data'],
      timeZones: (_: unknown, a: PageArgs) => page(scopeOf('timeZones', a), a, async (offset, limit) => {
        const r = listOf(await call('LocaleService.ListTimeZones', { offset, limit }));
        return { items: r.data, total: r.total, offset: r.offset };
      }),
    },
    Country: {
      id: (c: CountryNode) => c.data['code'],
      code: (c: CountryNode) => c.data['code'],
      name: (c: CountryNode) => c.data['name'],
      wikiDataId: (c: CountryNode) => c.data['wikiDataId'] ?? null,
      regions: (c: CountryNode, a: PageArgs & { namePrefix?: string; namePrefixDefaultLangResults?: boolean; sort?: string }) => page(scopeOf(`regions:${String(c.data['code'])}`, a), a, async (offset, limit) => {
        const r = listOf(await call('GeoService.ListRegions', {
          countryCode: c.data['code'], namePrefix: a.namePrefix, namePrefixDefaultLangResults: a.namePrefixDefaultLangResults ?? undefined, sort: a.sort, ...c.display, offset, limit,
        }));
        return { items: r.data.map((d) => ({ data: d, display: c.display } satisfies RegionNode)), total: r.total, offset: r.offset };
      }),
      region: async (c: CountryNode, a: { code?: string | null }) => {
        if (!a.code) return null;
        const r = await maybe('GeoService.GetRegion', { countryCode: c.data['code'], regionCode: a.code, ...c.display });
        return r ? ({ data: r['data'] as Obj, display: c.display } satisfies RegionNode) : null;
      },
      populatedPlaces: (c: CountryNode, a: PlaceFilterArgs) => page(scopeOf(`countryPlaces:${String(c.data['code'])}`, a), a, async (offset, limit) => {
        const r = listOf(await call('GeoService.ListCountryPlaces', { ...placeFilter(a), countryCode: c.data['code'], ...c.display, offset, limit }));
        return { items: places(r.data, c.display, false), total: r.total, offset: r.offset };
      }),
    },
    CountryRegion: {
      name: (r: RegionNode) => r.data['name'],
      isoCode: (r: RegionNode) => r.data['isoCode'] ?? null,
      fipsCode: (r: RegionNode) => r.data['fipsCode'] ?? null,
      hascCode: (r: RegionNode) => r.data['hascCode'] ?? null,
      wikiDataId: (r: RegionNode) => r.data['wikiDataId'] ?? null,
      containingRegion: () => null,
      populatedPlaces: (r: RegionNode, a: PlaceFilterArgs) => page(scopeOf(`regionPlaces:${String(r.data['countryCode'])}.${String(r.data['admin1Code'])}`, a), a, async (offset, limit) => {
        const res = listOf(await call('GeoService.ListRegionPlaces', {
          ...placeFilter(a), countryCode: r.data['countryCode'], regionCode: r.data['admin1Code'], ...r.display, offset, limit,
        }));
        return { items: places(res.data, r.display, false), total: res.total, offset: res.offset };
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
      nearbyPopulatedPlaces: (p: PlaceNode, a: PlaceFilterArgs & { radius?: number; distanceUnit?: string }) => page(scopeOf(`nearby:${String(p.data['id'])}`, a), a, async (offset, limit) => {
        const r = listOf(await call('GeoService.ListNearbyPlaces', {
          ...placeFilter(a), countryIds: strings(a.countryIds), excludedCountryIds: strings(a.excludedCountryIds),
          placeId: String(p.data['id']), radius: a.radius ?? undefined, distanceUnit: a.distanceUnit ?? undefined, ...p.display, offset, limit,
        }));
        return { items: places(r.data, p.display, true), total: r.total, offset: r.offset };
      }),
    },
    TimeZone: {},
  };

  const batcher = (ctx: GraphqlContext, kind: 'cities' | 'countries', display: Display): Batcher<Obj> => {
    const k = `${kind}|${JSON.stringify(display)}`;
    let b = ctx.batchers.get(k);
    if (!b) {
      b = kind === 'cities'
        ? new Batcher(async (ids) => {
          const r = await call('GeoService.BatchGetCities', { cityIds: ids.map(Number), ...display });
          return new Map(((r['data'] ?? []) as Obj[]).map((d) => [String(d['id']), d]));
        })
        : new Batcher(async (codes) => {
          const r = await call('GeoService.BatchGetCountries', { countryCodes: codes, ...display });
          return new Map(((r['data'] ?? []) as Obj[]).map((d) => [String(d['code']), d]));
        });
      ctx.batchers.set(k, b);
    }
    return b;
  };
  /** Details of places (a summary lacks some fields): one BatchGetCities per level and display. */
  const details = async (queries: { obj: PlaceNode }[], ctx: GraphqlContext): Promise<Obj[]> =>
    Promise.all(queries.map(async (q) => (q.obj.data['location'] ? q.obj.data : (await batcher(ctx, 'cities', q.obj.display).load(String(q.obj.data['id']))) ?? {})));
  /** A detail field: from the node when its data has it (summaries carry some), else from BatchGetCities. */
  const detailField = async (qs: { obj: PlaceNode }[], ctx: GraphqlContext, field: string): Promise<unknown[]> => {
    const missing = qs.filter((q) => q.obj.data[field] === undefined && !q.obj.data['location']);
    const fetched = missing.length ? await details(missing, ctx) : [];
    const byNode = new Map(missing.map((q, i) => [q.obj, fetched[i]]));
    return qs.map((q) => (byNode.has(q.obj) ? byNode.get(q.obj)?.[field] : q.obj.data[field]));
  };
  const countries = async (codes: { code: string; display: Display }[], ctx: GraphqlContext): Promise<(CountryNode | null)[]> =>
    Promise.all(codes.map(async (c) => {
      const d = c.code ? await batcher(ctx, 'countries', c.display).load(c.code.toUpperCase()) : undefined;
      return d ? { data: d, display: c.display } : null;
    }));
  /** The region of a place: from the country and region codes its summary or details carry. */
  const regionOfPlace = async (p: PlaceNode): Promise<RegionNode | null> => {
    const regionCode = p.data['regionCode'];
    if (!regionCode || !p.data['countryCode']) return null;
    const r = await maybe('GeoService.GetRegion', { countryCode: p.data['countryCode'], regionCode, ...p.display });
    return r ? { data: r['data'] as Obj, display: p.display } : null;
  };
  /** The place containing a place (its first-level division as a place). */
  const containerOf = async (p: PlaceNode): Promise<PlaceNode | null> => {
    if (p.data['type'] === 'ADM1') return null;
    const r = await maybe('GeoService.GetCityLocatedIn', { cityId: String(p.data['id']), ...p.display });
    return r ? { data: r['data'] as Obj, display: p.display } : null;
  };
  const loaders: MercuriusLoaders = {
    PopulatedPlace: {
      featureCode: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => (await detailField(qs, ctx, 'featureCode')).map((v) => v ?? ''),
      elevationMeters: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => (await detailField(qs, ctx, 'elevationMeters')).map((v) => v ?? null),
      timezone: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => (await detailField(qs, ctx, 'timezone')).map((v) => v ?? ''),
      deleted: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) => (await detailField(qs, ctx, 'deleted')).map((v) => Boolean(v)),
      country: async (qs: { obj: PlaceNode }[], ctx: GraphqlContext) =>
        countries(qs.map((q) => ({ code: String(q.obj.data['countryCode'] ?? ''), display: q.obj.display })), ctx),
      region: async (qs: { obj: PlaceNode }[]) => Promise.all(qs.map((q) => regionOfPlace(q.obj))),
      locatedIn: async (qs: { obj: PlaceNode }[]) => Promise.all(qs.map((q) => containerOf(q.obj))),
      // Without toPlaceId: the search distance (GeoDB's form); with it: the distance to that place.
      distance: async (qs: { obj: PlaceNode; params: { toPlaceId?: string | null; distanceUnit?: string | null } }[]) => Promise.all(qs.map(async (q) =>
        (q.params.toPlaceId === undefined || q.params.toPlaceId === null
          ? q.obj.searchDistance ?? null
          : (await call('GeoService.GetCityDistance', { cityId: String(q.obj.data['id']), toPlaceId: id(q.params.toPlaceId), distanceUnit: q.params.distanceUnit ?? undefined }))['data']))),
      dateTime: async (qs: { obj: PlaceNode }[]) => Promise.all(qs.map(async (q) => (await call('GeoService.GetCityDateTime', { cityId: String(q.obj.data['id']) }))['data'])),
      time: async (qs: { obj: PlaceNode }[]) => Promise.all(qs.map(async (q) => (await call('GeoService.GetCityTime', { cityId: String(q.obj.data['id']) }))['data'])),
    },
    CountryRegion: {
      country: async (qs: { obj: RegionNode }[], ctx: GraphqlContext) => countries(qs.map((q) => ({ code: String(q.obj.data['countryCode']), display: q.obj.display })), ctx),
      capital: async (qs: { obj: RegionNode }[]) => fillRegionDetails(qs, 'capital'),
      numPopulatedPlaces: async (qs: { obj: RegionNode }[]) => fillRegionDetails(qs, 'numPlaces'),
    },
    Country: {
      capital: async (qs: { obj: CountryNode }[], ctx: GraphqlContext) => countryDetails(qs, ctx, 'capital'),
      callingCode: async (qs: { obj: CountryNode }[], ctx: GraphqlContext) => countryDetails(qs, ctx, 'callingCode'),
      currencyCodes: async (qs: { obj: CountryNode }[], ctx: GraphqlContext) => countryDetails(qs, ctx, 'currencyCodes'),
      flag: async (qs: { obj: CountryNode }[], ctx: GraphqlContext) => countryDetails(qs, ctx, 'flag'),
      numRegions: async (qs: { obj: CountryNode }[], ctx: GraphqlContext) => countryDetails(qs, ctx, 'numRegions'),
      // The flag is large (an SVG data URI): only GetCountry carries it, so it is fetched only when asked for.
      flagImageUri: async (qs: { obj: CountryNode }[]) => Promise.all(qs.map(async (q) => (q.obj.data['flagImageUri'] as string | undefined)
        ?? ((await maybe('GeoService.GetCountry', { countryCode: q.obj.data['code'], ...q.obj.display }))?.['data'] as Obj | undefined)?.['flagImageUri'] ?? null)),
    },
    TimeZone: {
      dateTime: async (qs: { obj: Obj }[]) => Promise.all(qs.map(async (q) => (await call('LocaleService.GetTimeZoneDateTime', { zoneId: q.obj['id'] }))['data'])),
      time: async (qs: { obj: Obj }[]) => Promise.all(qs.map(async (q) => (await call('LocaleService.GetTimeZoneTime', { zoneId: q.obj['id'] }))['data'])),
    },
  };
  /** Summaries of countries (from lists) lack details: one BatchGetCountries per level. */
  async function countryDetails(qs: { obj: CountryNode }[], ctx: GraphqlContext, field: string): Promise<unknown[]> {
    const missing = qs.filter((q) => q.obj.data[field] === undefined);
    const full = missing.length ? await countries(missing.map((q) => ({ code: String(q.obj.data['code']), display: q.obj.display })), ctx) : [];
    const byNode = new Map(missing.map((q, i) => [q.obj, full[i]]));
    return qs.map((q) => (q.obj.data[field] !== undefined ? q.obj.data[field] : byNode.get(q.obj)?.data[field] ?? null));
  }
  /** Region summaries (from lists) lack capital and counts: GetRegion for those, issued together. */
  async function fillRegionDetails(qs: { obj: RegionNode }[], field: string): Promise<unknown[]> {
    return Promise.all(qs.map(async (q) => {
      if (q.obj.data[field] !== undefined) return q.obj.data[field];
      const r = await maybe('GeoService.GetRegion', { countryCode: q.obj.data['countryCode'], regionCode: q.obj.data['admin1Code'], ...q.obj.display });
      return (r?.['data'] as Obj | undefined)?.[field] ?? null;
    }));
  }
  return { resolvers, loaders };
}
