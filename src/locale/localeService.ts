/**
 * meridian.locale.v1.LocaleService: currencies, locales, languages and time
 * zones, queried in DuckDB with prepared statements; clock values and offsets
 * are computed at request time from the runtime's tz rules.
 */
import type { ConnectionPool } from '../db/duckdb.js';
import { exclusive, invalid, notFound } from '../errors.js';
import { localDateTime, localTime, offsetMinutes, rawOffsetHours, type ZoneResolver } from '../geo/clock.js';
import { serviceDefinition } from '../grpc/protos.js';
import type { ServiceHandlers } from '../grpc/callContext.js';
import type { ServiceRegistry } from '../grpc/serviceRegistry.js';
import type { LocaleServiceHandlers } from '../../proto/contract/generated/meridian/locale/v1/LocaleService.js';
import type { PageRequest, Paging } from '../paging.js';

export interface LocaleDeps {
  db: ConnectionPool;
  paging: Paging;
  /** The data's zones as clients may name them (geo's, read once at load: the same timezones table). */
  zones: ZoneResolver;
}

interface ZoneRow { id: string; name: string; country_codes: string[] }

function zoneDescriptor(z: ZoneRow, now: number) {
  return { id: z.id, name: z.name, rawUtcOffsetHours: rawOffsetHours(z.id, now), utcOffsetHours: offsetMinutes(z.id, now) / 60, countryCodes: z.country_codes };
}



function zoneId(raw: unknown): string {
  const z = String(raw ?? '').trim().replace(/__/g, '/');
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(z)) throw invalid('zoneId', `zoneId must be an IANA time-zone id such as America/New_York (or America__New_York), got '${String(raw)}'`);
  return z;
}

export function localeHandlers({ db, paging, zones }: LocaleDeps): ServiceHandlers<LocaleServiceHandlers> {
  /** Counts and pages a filtered table in SQL: `where` uses $1..$n, limit/offset follow. */
  async function page<T>(table: string, where: string, params: (string | boolean)[], order: string, req: PageRequest, key: string) {
    const [{ n }] = (await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params)) as [{ n: bigint }];
    const total = Number(n);
    const { limit, offset, currentOffset, nextPageToken } = paging.page(req, key, total);
    const rows = await db.query<T>(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params);
    return { rows, totalCount: total, currentOffset, nextPageToken };
  }

  /** A country filter: '' (none), an ISO-3166 alpha-2 code, or a WikiData id resolved to its code. */
  async function countryOf(raw: string, field: string): Promise<string> {
    const c = raw.toUpperCase();
    if (!c) return '';
    if (/^Q\d{1,10}$/.test(c)) {
      const [row] = await db.query<{ code: string }>('SELECT code FROM countries WHERE wiki_data_id = $1', [c]);
      if (!row) throw invalid(field, `${field}: no country has the WikiData id '${raw}'`);
      return row.code;
    }
    if (!/^[A-Z]{2}$/.test(c)) throw invalid(field, `${field} must be an ISO-3166 alpha-2 code such as US or a WikiData id such as Q30, got '${raw}'`);
    return c;
  }

  /**
   * A zone by its id, any case; an id the data spells otherwise (an IANA link or an older name:
   * Asia/Calcutta for Asia/Kolkata, US/Eastern, UTC or GMT for Etc/UTC) is the zone it names in the
   * runtime's tz data, answered under the data's id (ZoneResolver).
   */
  async function zone(raw: unknown): Promise<ZoneRow> {
    const id = zoneId(raw);
    const known = zones.resolve(id);
    const [z] = known === undefined ? [] : await db.query<ZoneRow>('SELECT * FROM timezones WHERE id = $1', [known]);
    if (!z) throw notFound(`no time zone ${id} in the data (see /v1/locale/timezones)`);
    return z;
  }

  return {
    ListCurrencies: async (req) => {
      const byCode = req.countryCode.trim(), byId = req.countryId.trim();
      if (byCode && byId && byCode.toUpperCase() !== byId.toUpperCase()) throw exclusive(['countryCode', 'countryId'], 'countryCode and countryId are the same parameter under two names; pass one');
      const cc = await countryOf(byCode || byId, byCode ? 'countryCode' : 'countryId');
      const { rows, ...rest } = await page<{ code: string; name: string; symbol: string; country_codes: string[] }>(
        'currencies', '($1 = \'\' OR list_contains(country_codes, $1))', [cc], 'code', req, `currencies:${cc}`);
      return { ...rest, data: rows.map((r) => ({ code: r.code, countryCodes: r.country_codes, symbol: r.symbol, name: r.name })) };
    },
    ListLocales: async (req) => {
      const { rows, ...rest } = await page<{ code: string; name: string }>('locales', 'true', [], 'code', req, 'locales');
      return { ...rest, data: rows };
    },
    ListLanguages: async (req) => {
      const { rows, ...rest } = await page<{ code: string; name: string; display_supported: boolean }>('languages', 'true', [], 'code', req, 'languages');
      return { ...rest, data: rows.map((r) => ({ code: r.code, name: r.name, displaySupported: r.display_supported })) };
    },
    ListTimeZones: async (req) => {
      const cc = await countryOf(req.countryCode.trim(), 'countryCode');
      const raw = req.namePrefix;
      if (raw.length > 64) throw invalid('namePrefix', 'namePrefix must be at most 64 characters');
      // Matches the start of the id or of any of its segments: "america/", "new_y", "new y".
      const prefix = raw.trim().toLowerCase().replace(/__/g, '/').replace(/ /g, '_');
      const where = `($1 = '' OR list_contains(country_codes, $1)) AND ($2 = '' OR starts_with(lower(id), $2)
        OR len(list_filter(string_split(lower(id), '/'), w -> starts_with(w, $2))) > 0)`;
      const now = Date.now();
      const { rows, ...rest } = await page<ZoneRow>('timezones', where, [cc, prefix], 'id', req, `tz:${cc}:${prefix}`);
      return { ...rest, data: rows.map((z) => zoneDescriptor(z, now)) };
    },
    GetTimeZone: async (req) => ({ data: zoneDescriptor(await zone(req.zoneId), Date.now()) }),
    GetTimeZoneDateTime: async (req) => ({ data: localDateTime((await zone(req.zoneId)).id, Date.now()) }),
    GetTimeZoneTime: async (req) => ({ data: localTime((await zone(req.zoneId)).id, Date.now()) }),
  };
}

/** Registers LocaleService on a server. */
export function addLocaleService(registry: ServiceRegistry, deps: LocaleDeps): void {
  registry.add<LocaleServiceHandlers>(serviceDefinition('meridian.locale.v1.LocaleService'), localeHandlers(deps));
}
