/**
 * Time-ordered ids for jobs, batches and results: UUID version 7 (RFC 9562), whose
 * first 48 bits are the Unix time in milliseconds the row was created at (the same
 * value as its `created_ms` column), then a 12-bit sequence within that millisecond,
 * then 62 random bits. Still a UUID to clients (the sentiment API promises UUIDs, no
 * version), still unguessable (62 random bits; every read is scoped to its tenant
 * anyway); it tells its creation time, which the answers carry as createdAt too.
 *
 * Why: the embedded store (DuckDB) has no index on ids, and an ART index on a growing
 * table costs memory and insert time. DuckDB keeps a min/max of every column per row
 * group (122,880 rows), and rows are appended in time order; so a lookup by id that
 * also bounds created_ms by the time in the id reads the row group of that time
 * instead of the whole table. Without that bound, a job's status read, a completion of
 * 256 jobs, a result read or a batch's counts cost grew with every job kept (30 days by
 * default): at 1M stored jobs a status read took 24-27 ms, against 2.0 ms now
 * (bench/jobStoreScale.ts, bench/README.md).
 *
 * Ids of another form (version 4 ids of state files written before, version 8 ids of
 * idempotent submissions, idempotency.ts) have no time: `idTime` says null, and the
 * store looks them up across the whole table as before.
 */
import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KB at a time (one system call per 512 ids, as randomUUID does). */
const entropy = Buffer.alloc(4096);
let used = entropy.length;
let lastMs = -1;
let sequence = 0;
const DIGITS = Buffer.from('0123456789abcdef', 'latin1');
/** The id is written here as text, then read out as one flat string (a template of 16 parts cost 3.5 times as long and ~0.5 KB of garbage an id). */
const text = Buffer.alloc(36, '-');
const hex = (at: number, byte: number): void => {
  text[at] = DIGITS[byte >>> 4]!;
  text[at + 1] = DIGITS[byte & 15]!;
};

/**
 * A version 7 UUID for a row created at `ms` (epoch milliseconds, the row's created_ms).
 * Consecutive calls with the same `ms` count the 12-bit sequence up, so they sort in the
 * order made (up to 4,096; calls with other times in between start it again at 0).
 * Uniqueness rests on the 62 random bits, as a version 4 id's does on its 122.
 */
export function timeOrderedId(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 2 ** 48) throw new RangeError(`a time-ordered id needs a time in epoch milliseconds, got ${ms}`);
  if (ms === lastMs) sequence = (sequence + 1) & 0xfff;
  else {
    lastMs = ms;
    sequence = 0;
  }
  if (used + 8 > entropy.length) {
    randomFillSync(entropy);
    used = 0;
  }
  const r = entropy;
  const i = used;
  used += 8;
  const high = Math.floor(ms / 0x10000);
  hex(0, high >>> 24);
  hex(2, (high >>> 16) & 0xff);
  hex(4, (high >>> 8) & 0xff);
  hex(6, high & 0xff);
  hex(9, (ms >>> 8) & 0xff);
  hex(11, ms & 0xff);
  hex(14, 0x70 | (sequence >>> 8));
  hex(16, sequence & 0xff);
  hex(19, (r[i]! & 0x3f) | 0x80);
  hex(21, r[i + 1]!);
  for (let k = 0; k < 6; k++) hex(24 + 2 * k, r[i + 2 + k]!);
  return text.toString('latin1', 0, 36);
}

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The creation time (epoch ms) a version 7 id carries, or null for any other id. */
export function idTime(id: string): number | null {
  if (id.length !== 36 || !V7.test(id)) return null;
  return parseInt(id.slice(0, 8), 16) * 0x10000 + parseInt(id.slice(9, 13), 16);
}

/** The smallest and largest creation time of these ids, or null when one of them carries none (then only a whole-table lookup finds them all). */
export function idTimeRange(ids: readonly string[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const id of ids) {
    const t = idTime(id);
    if (t === null) return null;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return ids.length ? [lo, hi] : null;
}
