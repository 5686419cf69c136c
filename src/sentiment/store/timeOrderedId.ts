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
 * Ids of another form (version 4 ids of state files written before, the version 8 batch
 * ids of idempotent submissions and the job ids they had before, idempotency.ts) have no
 * time: `idTime` says null, and the store looks them up across the whole table.
 */
import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

let lastMs = -1;
let sequence = 0;
/** Random bytes drawn 4 KB at a time (one system call per 256 ids, as randomUUID pools them): a draw per id made an id cost 5.1 µs, pooled 0.4 µs (1M ids; the hand-written writer before it: 0.1 µs, a difference no job feels next to its ~ms of analysis). */
const entropy = Buffer.alloc(4096);
let used = entropy.length;

/**
 * A version 7 UUID for a row created at `ms` (epoch milliseconds, the row's created_ms).
 * Consecutive calls with the same `ms` count the 12-bit sequence up, so they sort in the
 * order made (up to 4,096; calls with other times in between start it again at 0).
 * Uniqueness rests on the 62 random bits, as a version 4 id's does on its 122.
 *
 * The `uuid` package writes the id: its `seq` option is 32 bits laid over rand_a (12
 * bits) and the top 20 bits of rand_b; ours is the 12-bit counter over 20 random bits,
 * so the id has the layout described above (uuid's own counter would start each
 * millisecond at a random value and does not take a caller's time).
 */
export function timeOrderedId(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0 || ms >= 2 ** 48) throw new RangeError(`a time-ordered id needs a time in epoch milliseconds, got ${ms}`);
  if (ms === lastMs) sequence = (sequence + 1) & 0xfff;
  else {
    lastMs = ms;
    sequence = 0;
  }
  if (used + 16 > entropy.length) {
    randomFillSync(entropy);
    used = 0;
  }
  const random = entropy.subarray(used, used + 16);
  used += 16;
  // Bytes 7-9 carry the seq's 20 random bits; uuid takes bits 10-15 of `random` for the rest of rand_b.
  const seq = ((sequence << 20) | ((random[7]! & 0x0f) << 16) | (random[8]! << 8) | random[9]!) >>> 0;
  return v7({ msecs: ms, seq, random });
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
