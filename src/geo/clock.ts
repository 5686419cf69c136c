/**
 * Local clock values in IANA time zones, from the tz rules of the running
 * Node.js (process.versions.tz; see README). Offsets are exact minutes, so
 * zones such as Asia/Kathmandu (+05:45) come out fractional in hours.
 */
import { GenerationalCache } from '../../lib/boundedCache.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether this runtime knows the zone. */
export function isKnownZone(zone: string): boolean {
  try { formatter(zone); return true; } catch { return false; }
}

/** The runtime's canonical name of a tz id (links resolved, any case), or undefined when it knows no such zone. */
function canonicalZone(id: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: id }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * Finds which of the data's zone ids a client means: the id itself in any case, or another IANA
 * name of the same zone (a link or an older spelling: UTC and GMT for Etc/UTC, Asia/Calcutta for
 * Asia/Kolkata, US/Eastern for America/New_York), compared in the runtime's canonical form
 * (computed for the data's ids on the first id that is not one of them as written).
 */
export class ZoneResolver {
  private readonly byLower = new Map<string, string>();
  private byCanonical: Map<string, string> | undefined;
  /** Aliases of the data's ids (not as written there) found before, each of which cost an Intl.DateTimeFormat; misses are not kept. */
  private readonly aliases = GenerationalCache.of<string, string>('zoneAliases');

  constructor(known: Iterable<string>) {
    for (const id of known) this.byLower.set(id.toLowerCase(), id);
  }

  /** The data's id `id` names, or undefined when it names none of them. */
  resolve(id: string): string | undefined {
    const lower = id.toLowerCase();
    const exact = this.byLower.get(lower);
    if (exact !== undefined) return exact;
    const known = this.aliases.get(lower);
    if (known !== undefined) return known;
    const found = this.resolveAlias(id);
    // only hits are kept, and only short ones: a miss is any string a client sends (IANA has ~600 names, links included)
    if (found !== undefined && lower.length <= 64) {
      this.aliases.set(lower, found);
    }
    return found;
  }

  private resolveAlias(id: string): string | undefined {
    const c = canonicalZone(id);
    if (c === undefined) return undefined;
    if (!this.byCanonical) {
      this.byCanonical = new Map();
      for (const k of this.byLower.values()) {
        const kc = canonicalZone(k);
        if (kc !== undefined && (!this.byCanonical.has(kc) || k === kc)) this.byCanonical.set(kc, k);
      }
    }
    return this.byCanonical.get(c);
  }
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallTime(zone: string, ms: number): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts['year']!, month: parts['month']!, day: parts['day']!, hour: parts['hour']!, minute: parts['minute']!, second: parts['second']! };
}

/** UTC offset of the zone at an instant, in minutes. */
export function offsetMinutes(zone: string, ms: number): number {
  const w = wallTime(zone, ms);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

/** Standard (non-DST) offset in hours this year: the smaller of the January and July offsets. */
export function rawOffsetHours(zone: string, ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  return Math.min(offsetMinutes(zone, Date.UTC(year, 0, 1)), offsetMinutes(zone, Date.UTC(year, 6, 1))) / 60;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function offsetString(min: number): string {
  const sign = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  return `${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** ISO-8601 local date-time with offset, e.g. 2026-11-22T06:47:03.512+05:30. */
export function localDateTime(zone: string, ms: number): string {
  const w = wallTime(zone, ms);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${localTimeOfDay(w, ms)}${offsetString(offsetMinutes(zone, ms))}`;
}

/** ISO-8601 local time of day with offset, e.g. 06:47:03.512+05:30. */
export function localTime(zone: string, ms: number): string {
  return `${localTimeOfDay(wallTime(zone, ms), ms)}${offsetString(offsetMinutes(zone, ms))}`;
}

function localTimeOfDay(w: Wall, ms: number): string {
  return `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(((ms % 1000) + 1000) % 1000, 3)}`;
}
