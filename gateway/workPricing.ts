/**
 * What a request will make the core do, in work units, and the per-key budget
 * of those units: one model for GraphQL (graphql/workLimits.ts) and REST
 * (rest/routes.ts), and one budget that both surfaces charge, so that a key
 * cannot spend its budget twice by switching surface.
 *
 * The unit is calibrated on the real core and DuckDB file (gateway/README.md,
 * "Limits by work", has the measurements): one unit is 0.02–0.1 ms of the
 * server's time, large scans at the cheap end (the model errs towards
 * over-pricing them).
 * - A list answer costs one unit per item it returns (page size), plus one
 *   unit per SCAN_ROWS rows the core may read to find them, plus the same
 *   again when the total count is asked (REST lists always count).
 * - A radius search reads the places its circle may hold: the circle's share
 *   of the Earth times PLACE_ROWS times CLUSTERING (places cluster where
 *   people search), never more than every place.
 * - A name prefix reads the names it matches (each character divides by ~15).
 * - A list restricted to one country or region reads about 1/50 of the places;
 *   no criterion at all reads them all.
 * - An offset costs the rows skipped to reach it (SKIP_ROWS per unit).
 * - Any request costs at least one unit.
 */
import { LIST_DEFAULTS } from '../proto/contract/listDefaults.js';
import { KM_PER_MILE } from '../lib/distanceUnits.js';

export const PLACE_ROWS = 200_000;
/** Rows read per work unit. */
export const SCAN_ROWS = 500;
/** Rows skipped by an offset per work unit (a deep offset sorts and skips: measured ~0.8 µs per row). */
export const SKIP_ROWS = 125;
/** Populated places cluster: a circle around a searched location holds about this many times its uniform share. */
export const CLUSTERING = 200;
/** Rows of the small tables (countries, regions, currencies, locales, time zones) a list may read. */
export const SMALL_TABLE_ROWS = 5_000;
const EARTH_KM2 = 510.1e6;
/** The core's default radius when a location is given without one (the contract's list_defaults: 100, in the request's unit, MI when it names none). */
export const DEFAULT_RADIUS_MI = LIST_DEFAULTS.radius;

/** What a place list asks for, as far as its cost goes. */
export interface PlaceCriteria {
  /** Radius in km when the list is around a location or a place. */
  radiusKm?: number;
  /** The name prefix, when searching by name. */
  namePrefix?: string;
  /** The list is restricted to one country or one region. */
  scoped?: boolean;
  /**
   * The language the name is searched in (REST languageCode, GraphQL displayOptions.language: `de`, `pt_BR`, `PT_BR`).
   * In another than English every alternate name is a candidate, each tested against the name in that language
   * (geoService.ts namedFirst: "s" in German 45 ms of the core against 5 ms in English).
   */
  language?: unknown;
}

/** How many more rows a name search in another language than English reads (PlaceCriteria.language). */
const OTHER_LANGUAGE_ROWS = 10;

/** Radius in km from a value and a unit name (MI, the default, or KM); a missing or non-finite radius is the default, a huge one the whole Earth. */
export function radiusKm(radius: unknown, unit: unknown): number {
  const r = typeof radius === 'number' && Number.isFinite(radius) ? Math.abs(radius) : DEFAULT_RADIUS_MI;
  return r * (String(unit ?? '').toUpperCase() === 'KM' ? 1 : KM_PER_MILE);
}

/** Rows of the place table the core may read to answer a list with these criteria. */
export function placeRows(c: PlaceCriteria): number {
  if (c.radiusKm !== undefined) {
    const km = c.radiusKm;
    return Math.min(PLACE_ROWS, Math.max(1, (PLACE_ROWS * CLUSTERING * Math.PI * km * km) / EARTH_KM2));
  }
  // a blank prefix is no prefix (the core searches every place); its spaces had priced it as a long one
  const prefix = c.namePrefix?.trim();
  const language = typeof c.language === 'string' ? c.language.trim().slice(0, 2).toLowerCase() : '';
  const otherLanguage = language !== '' && language !== 'en';
  if (prefix) return Math.min(PLACE_ROWS, Math.max(1, PLACE_ROWS / 15 ** Math.min([...prefix].length, 6)) * (otherLanguage ? OTHER_LANGUAGE_ROWS : 1));
  if (c.scoped) return PLACE_ROWS / 50;
  return PLACE_ROWS;
}

/** Work units of one list answer: its items, the rows read for them, an offset's skipped rows and, when counted, one more pass over the rows. */
export function listCost(page: number, rows: number, counted: boolean, offset = 0): number {
  const scan = rows / SCAN_ROWS;
  return Math.max(1, page + scan + (counted ? scan : 0) + Math.max(0, offset) / SKIP_ROWS);
}

/** Outcome of charging a budget: 0 when admitted, else the whole seconds until the cost would fit. */
export type BudgetWait = number;

/**
 * Work units per API key per minute, as token buckets (capacity one minute's
 * worth, refilled continuously). One instance is shared by REST and GraphQL.
 */
export class WorkBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  /** Work units of each key's requests not yet answered (hold). */
  private readonly held = new Map<string, number>();
  /**
   * `inFlight`: most work units of one key's requests the core may have at once (0: no cap). The bucket admits a
   * minute's worth in a burst: 200 parallel world-wide radius searches of one key, all within its budget, had queued
   * every other key's geo calls behind them for 10 s (504s); past this cap a request is refused at once instead.
   */
  constructor(readonly perMinute: number, readonly inFlight = 0) {}

  /**
   * Whether `cost` more units of the key's may go to the core now (a request alone always may), and if so, holds them
   * until `until` closes (an HTTP response closes when it is sent or its client goes away).
   */
  hold(key: string, cost: number, until: { once(event: 'close', f: () => void): unknown }): boolean {
    if (!this.inFlight) return true;
    const now = this.held.get(key) ?? 0;
    if (now > 0 && now + cost > this.inFlight) return false;
    this.held.set(key, now + cost);
    until.once('close', () => {
      const left = (this.held.get(key) ?? 0) - cost;
      if (left > 1e-6) this.held.set(key, left);
      else this.held.delete(key);
    });
    return true;
  }

  /** Gives back `cost` units taken from the key's bucket (a request refused after it was charged). */
  refund(key: string, cost: number): void {
    const b = this.buckets.get(key);
    if (b) b.tokens = Math.min(this.perMinute, b.tokens + cost);
  }

  /** The in-flight refusal's message, the same on both surfaces. */
  busy(cost: number): string {
    return `this request's ${Math.ceil(cost)} work units would take this key past its ${this.inFlight} units in progress at once (REST and GraphQL together); retry after 1 s, or send fewer requests at once`;
  }

  /** Takes `cost` from the key's bucket, or returns the seconds until it would fit (nothing is taken then). */
  take(key: string, cost: number, now = Date.now()): BudgetWait {
    if (!this.perMinute) return 0;
    const b = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    b.tokens = Math.min(this.perMinute, b.tokens + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear();
    this.buckets.set(key, b);
    if (b.tokens >= cost) { b.tokens -= cost; return 0; }
    return Math.max(1, Math.ceil(((cost - b.tokens) * 60) / this.perMinute));
  }

  /** The refusal's message, the same on both surfaces. */
  exhausted(wait: BudgetWait): string {
    return `this key spent its work budget of ${this.perMinute} units per minute (REST and GraphQL together); retry after ${wait} s`;
  }
}
