/**
 * Every cache that grows with requests, bounded in one place (issue 39, point 4; docs/caches.md has the table
 * of what each keeps, its bytes per entry and how they were measured).
 *
 * CACHE_BUDGETS declares each cache's bound (entries, or bytes for caches whose entries differ much in size)
 * and the environment variable that overrides it; this is the only place the numbers live. Every cache is a
 * GenerationalCache built from its budget: two maps, new entries going to the young one; when the young one
 * is full the old one is dropped and the young one becomes the old one, and a hit in the old one moves the
 * entry back to the young one. So a cache never holds more than its budget, a hot entry survives a swap, and
 * there is no per-hit bookkeeping (an LRU's linked list costs a write per hit). "Start again empty at a cap",
 * which the caches did before, forgot the hot entries with the cold.
 *
 * lib/ is imported by core and gateway alike; each process reads the budgets of the caches it builds.
 */
import { intSetting, type Env } from './envSettings.js';

/** What bench/cacheSizes.ts reads of a bounded cache: its entries, its bound and what they count against it, and a way to empty it. */
export interface MeasuredCache {
  readonly size: number;
  readonly bound: number;
  readonly weight: number;
  clear(): void;
}

/** The caches built from budgets in this thread, weakly held (a test's gateway that closes lets its caches go). */
const built: { name: CacheName; cache: WeakRef<MeasuredCache> }[] = [];

/** Lists a cache built from budget `name` among keptCaches() (GenerationalCache.of does it for its own). */
export function registerCache(name: CacheName, cache: MeasuredCache): void {
  built.push({ name, cache: new WeakRef(cache) });
}

/** The live caches of this thread built from budgets, with their budget's name (bench/cacheSizes.ts measures them). */
export function keptCaches(): { name: CacheName; cache: MeasuredCache }[] {
  const out: { name: CacheName; cache: MeasuredCache }[] = [];
  for (let i = built.length - 1; i >= 0; i--) {
    const cache = built[i]!.cache.deref();
    if (cache) out.push({ name: built[i]!.name, cache }); else built.splice(i, 1);
  }
  return out.reverse();
}

export interface CacheBudget {
  /** The environment variable that overrides the bound (an integer; 0 keeps nothing). */
  env: string;
  /** The bound: entries, or bytes when `unit` is 'bytes'. */
  bound: number;
  unit: 'entries' | 'bytes';
  /** The process that builds it. */
  process: 'core' | 'gateway';
  /** What it keeps. */
  holds: string;
}

/** Every bounded cache of core and gateway, by name. */
export const CACHE_BUDGETS = {
  placeSummaries: {
    env: 'MERIDIAN_CACHE_PLACE_SUMMARIES', bound: 50_000, unit: 'entries', process: 'core',
    holds: 'each place\'s CitySummary encoded, by (display, place): the bytes every place list is spliced from (src/geo/placePages.ts)',
  },
  placeDetails: {
    env: 'MERIDIAN_CACHE_PLACE_DETAILS', bound: 50_000, unit: 'entries', process: 'core',
    holds: 'each place\'s CityDetails encoded, by (display, place): GetCity and BatchGetCities answers (src/geo/placePages.ts)',
  },
  pageTokenMacs: {
    env: 'MERIDIAN_CACHE_PAGE_TOKEN_MACS', bound: 4096, unit: 'entries', process: 'core',
    holds: 'the MAC of each page token signed or checked, by body and scope: a list signs its next page\'s token on every answer (proto/contract/pageTokens.ts)',
  },
  zoneAliases: {
    env: 'MERIDIAN_CACHE_ZONE_ALIASES', bound: 4096, unit: 'entries', process: 'core',
    holds: 'time-zone names (links, older spellings) resolved to the data\'s ids, hits only (src/geo/clock.ts)',
  },
  renderedItems: {
    env: 'MERIDIAN_CACHE_RENDERED_ITEMS', bound: 20_000, unit: 'entries', process: 'gateway',
    holds: 'each place-list item\'s REST JSON, by its bytes in the core\'s answer (distance cut out), per item type (gateway/rest/renderedItems.ts)',
  },
  peerIdentities: {
    env: 'MERIDIAN_CACHE_PEER_IDENTITIES', bound: 10_000, unit: 'entries', process: 'core',
    holds: 'verified client certificates\' identities, by fingerprint; revocation is still checked on every call (src/grpc/authentication.ts)',
  },
  keyChecks: {
    env: 'MERIDIAN_CACHE_KEY_CHECKS', bound: 10_000, unit: 'entries', process: 'gateway',
    holds: 'API keys presented and their check (known or revoked; unknown keys never kept), emptied at each key-table reload (gateway/auth/keyRing.ts)',
  },
  keptAnswers: {
    env: 'MERIDIAN_CACHE_ANSWERS_BYTES', bound: 32 * 1024 * 1024, unit: 'bytes', process: 'gateway',
    holds: 'whole answers over reference data (REST: the JSON and ETag by path and query; GraphQL: the JSON by method, document, operation and variables, and a repeated POST body\'s text as another key of it), for the max-age the proto\'s answer_cache gives them; least recently used out first, by second chance (gateway/keptAnswers.ts)',
  },
} as const satisfies Record<string, CacheBudget>;

export type CacheName = keyof typeof CACHE_BUDGETS;

/** A cache's bound in this process: its budget, or its environment variable when set. */
export function cacheBound(name: CacheName, env: Env = process.env): number {
  const b: CacheBudget = CACHE_BUDGETS[name];
  return intSetting(env, b.env, b.bound, 0, 2 ** 31 - 1);
}

/**
 * A map of at most `bound` entries (or bytes, with `sizeOf`), in two generations (see the head of this file).
 * Each generation holds at most half the bound, so a hot entry is dropped only when half the bound of other
 * entries came after its last hit.
 */
export class GenerationalCache<K, V> implements MeasuredCache {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private youngSize = 0;
  private oldSize = 0;
  private readonly half: number;

  /** `sizeOf`: an entry's cost against the bound (default 1: the bound counts entries). */
  constructor(readonly bound: number, private readonly sizeOf?: (key: K, value: V) => number) {
    this.half = bound / 2;
  }

  /** A cache of the budget `name` (CACHE_BUDGETS, its environment override read now), listed by keptCaches(). */
  static of<K, V>(name: CacheName, sizeOf?: (key: K, value: V) => number, env: Env = process.env): GenerationalCache<K, V> {
    const b: CacheBudget = CACHE_BUDGETS[name];
    if ((b.unit === 'bytes') !== (sizeOf !== undefined)) throw new Error(`cache ${name} counts ${b.unit}: ${b.unit === 'bytes' ? 'give' : 'give no'} sizeOf`);
    const cache = new GenerationalCache<K, V>(cacheBound(name, env), sizeOf);
    registerCache(name, cache);
    return cache;
  }

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) {
      // a hit in the old generation: back to the young one, so that the next swap keeps it
      this.old.delete(key);
      this.oldSize -= this.cost(key, o);
      this.put(key, o);
    }
    return o;
  }

  has(key: K): boolean {
    return this.young.has(key) || this.old.has(key);
  }

  /** Keeps `value` (an entry larger than half the bound is not kept; a key kept already is replaced). */
  set(key: K, value: V): void {
    const size = this.cost(key, value);
    if (size > this.half) return;
    const y = this.young.get(key);
    if (y !== undefined) { this.young.delete(key); this.youngSize -= this.cost(key, y); } else {
      const o = this.old.get(key);
      if (o !== undefined) { this.old.delete(key); this.oldSize -= this.cost(key, o); }
    }
    this.put(key, value, size);
  }

  private put(key: K, value: V, size = this.cost(key, value)): void {
    if (this.youngSize + size > this.half) {
      this.old = this.young;
      this.oldSize = this.youngSize;
      this.young = new Map();
      this.youngSize = 0;
    }
    this.young.set(key, value);
    this.youngSize += size;
  }

  private cost(key: K, value: V): number {
    return this.sizeOf ? this.sizeOf(key, value) : 1;
  }

  /** Entries kept. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /** What the kept entries count against the bound (entries, or bytes). */
  get weight(): number {
    return this.youngSize + this.oldSize;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngSize = this.oldSize = 0;
  }
}
