/**
 * The REST side of limits by work: what one geo request will make the core do,
 * priced with the model GraphQL uses (../workPricing.ts), so that a list with a
 * large radius, a short prefix, no criterion or a deep offset costs what it
 * costs, and a by-id lookup one unit. A feed's trend is priced by its windows;
 * the other sentiment and certificate routes are not priced here: their
 * admission is the job queue's and the issuer's.
 */
import { DEFAULT_RADIUS_MI, listCost, PLACE_ROWS, placeRows, radiusKm, SMALL_TABLE_ROWS } from '../workPricing.js';
import { MAX_FEED_WINDOWS, MAX_WINDOW_MS, MIN_WINDOW_MS, windowLengthMs } from '../../lib/feedWindows.js';

export type RestPrice = (message: Record<string, unknown>) => number;

const first = (...values: unknown[]): unknown => values.find((v) => v !== undefined && v !== null && v !== '');

/**
 * An offset skips at most every row of the list: past the end the core answers the last page (GeoDB's rule), which
 * costs what skipping to the end costs, so a larger offset is priced as the table's size, not refused as dearer.
 */
const skipped = (offset: unknown, tableRows: number): number => Math.min(typeof offset === 'number' ? offset : Number(offset ?? 0) || 0, tableRows);

/** One value, or one value in a list: the list is restricted to that one (country, region). */
const single = (v: unknown): boolean => (Array.isArray(v) ? v.length === 1 : typeof v === 'string' && v.trim() !== '' && !v.includes(','));

/**
 * The price of a route's requests, or undefined when the route is not priced.
 * `placeList`: the answer is a page of places; `pathFields`: the proto names of
 * the path variables; `requestFields`: the request message's field names.
 */
export function restPrice(capability: string, methodName: string, requestFields: ReadonlySet<string>, pathFields: readonly string[], placeList: boolean, defaultLimit: number): RestPrice | undefined {
  if (capability === 'sentiment' && (methodName === 'GetFeedTrend' || methodName === 'ListFeedAnomalies')) return trendPrice;
  if (capability !== 'geo' && capability !== 'locale') return undefined;
  if (!requestFields.has('limit')) return () => 1; // one entity (by id, distance, time, about)
  if (!placeList) {
    return (m) => listCost(typeof m['limit'] === 'number' && m['limit'] > 0 ? m['limit'] : defaultLimit, SMALL_TABLE_ROWS, true, skipped(m['offset'], SMALL_TABLE_ROWS));
  }
  // around a place (nearbyCities of a city) or a location in the path: always a radius search
  const aroundPath = /nearby|near_?location/i.test(methodName) || pathFields.includes('location');
  const scopedPath = pathFields.includes('country_code') || pathFields.includes('region_code');
  return (m) => {
    const page = typeof m['limit'] === 'number' && m['limit'] > 0 ? m['limit'] : defaultLimit;
    // REST alias names (nearLocation, countryCodes, ...) are bound to these fields already (requestBinding.ts)
    let rows: number;
    if (aroundPath || first(m['location']) !== undefined) {
      const r = m['radius'];
      rows = placeRows({ radiusKm: radiusKm(typeof r === 'number' ? r : DEFAULT_RADIUS_MI, m['distanceUnit']) });
    } else {
      const prefix = m['namePrefix'];
      const scoped = scopedPath || single(m['countryIds']);
      rows = placeRows({ namePrefix: typeof prefix === 'string' ? prefix : undefined, scoped, language: m['languageCode'] });
    }
    // REST lists always carry their total count
    return listCost(page, rows, true, skipped(m['offset'], PLACE_ROWS));
  };
}

/** Work units per window of a feed trend: 1,400 windows held the gateway's and the core's threads ~110 ms (~2,750 units). */
export const TREND_UNITS_PER_WINDOW = 3;

/**
 * A feed trend's (and its anomalies') price: its windows (the range over the window length; 24 without a range, the core's default) times
 * TREND_UNITS_PER_WINDOW. Unpriced, eight clients asking for 1,400 windows each held another key's by-id call ~0.85 s.
 * A request the core will refuse (a bad window or date) is priced as the default: it costs a refusal.
 */
function trendPrice(m: Record<string, unknown>): number {
  const given = windowLengthMs(String(m['window'] ?? ''));
  const windowMs = given >= MIN_WINDOW_MS && given <= MAX_WINDOW_MS ? given : NaN; // the core's range: else a refusal
  const to = m['to'] ? Date.parse(String(m['to'])) : Date.now();
  const from = m['from'] ? Date.parse(String(m['from'])) : to - 24 * windowMs;
  const windows = Math.ceil((to - from) / windowMs);
  // more than 2,000 windows is refused by the core as well
  return TREND_UNITS_PER_WINDOW * (Number.isFinite(windows) && windows > 0 && windows <= MAX_FEED_WINDOWS ? windows : 24);
}
