/**
 * Rate limits shared by every gateway (MERIDIAN_DATABASE_URL): one row per key and
 * one-minute window (aligned to the minute on PostgreSQL's clock, so gateways on
 * different machines agree), counted with one atomic statement per request:
 * INSERT … ON CONFLICT DO UPDATE SET count = count + 1 WHERE count < limit. Row locks
 * serialise the increments, so a key gets exactly `limit` requests per window however
 * many gateways it spreads them over. Costs one round trip per limited request.
 * Old windows are deleted once a minute.
 *
 * The statement commits without waiting for its WAL to reach the disk
 * (`synchronous_commit` off for its own transaction only, set inside it; every other
 * statement of the pool, key creation and revocation included, stays durable). The
 * row lock that serialises a key's increments is then held for the update, not for a
 * disk flush: 400 concurrent increments of one key from two pools of 8 took 77-133 ms
 * instead of 203-235 ms (embedded PostgreSQL 18, this 2-core machine), and under a
 * loaded disk a burst no longer queues behind one fsync per request. The price: a
 * PostgreSQL crash may forget the increments of its last fraction of a second
 * (at most three times wal_writer_delay, 600 ms by default), so a key could be
 * granted that many requests again in the same window. (`durable: true` waits for the
 * flush as before; `npm run bench:ratelimit` measures both in one run.)
 *
 * If PostgreSQL does not answer, the request fails (503 from the guard's caller) rather
 * than pass uncounted.
 */
import type pg from 'pg';
import type { RateCounter, RateDecision } from './rateLimiter.js';

/** The counting window (fixed, aligned to the clock: a burst across its boundary counts in two windows). */
export const WINDOW_MS = 60_000;

export class PostgresRateCounter implements RateCounter {
  private readonly sweeper: NodeJS.Timeout;

  private readonly statement: string;

  private readonly clock: (() => number) | undefined;

  /**
   * `clock` (ms since the epoch) replaces PostgreSQL's clock for the window a request counts in: for tests that
   * must start a burst inside one window without waiting for the wall clock. Deployments leave it unset, so
   * gateways on different machines share the database's clock.
   */
  constructor(private readonly pool: pg.Pool, onError: (e: unknown) => void, opts: { durable?: boolean; clock?: () => number } = {}) {
    this.clock = opts.clock;
    // set_config(…, true) holds for the statement's own transaction only; the final SELECT names it so that it runs
    const relaxed = opts.durable ? '' : "relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS v),";
    this.statement = `
      WITH ${relaxed}
      t AS (SELECT COALESCE($3::bigint, (extract(epoch from clock_timestamp()) * 1000)::bigint) AS now_ms),
      hit AS (
        INSERT INTO gateway_rate_windows (key_id, window_start, count) SELECT $1, (now_ms / ${WINDOW_MS}) * ${WINDOW_MS}, 1 FROM t
        ON CONFLICT (key_id, window_start) DO UPDATE SET count = gateway_rate_windows.count + 1 WHERE gateway_rate_windows.count < $2
        RETURNING count)
      SELECT (SELECT count FROM hit) AS count, now_ms${opts.durable ? '' : ', (SELECT v FROM relaxed) AS relaxed'} FROM t`;
    this.sweeper = setInterval(() => {
      this.pool.query(`DELETE FROM gateway_rate_windows WHERE window_start < (extract(epoch from clock_timestamp()) * 1000)::bigint - ${2 * WINDOW_MS}`).catch(onError);
    }, WINDOW_MS);
    this.sweeper.unref();
  }

  async take(keyId: string, limit: number): Promise<RateDecision> {
    const r = (await this.pool.query<{ count: number | null; now_ms: string }>(this.statement, [keyId, limit, this.clock?.() ?? null])).rows[0]!;
    const now = Number(r.now_ms);
    const resetSeconds = Math.max(1, Math.ceil((Math.floor(now / WINDOW_MS) * WINDOW_MS + WINDOW_MS - now) / 1000));
    if (r.count === null) return { allowed: false, limit, remaining: 0, resetSeconds };
    return { allowed: true, limit, remaining: limit - r.count, resetSeconds };
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
