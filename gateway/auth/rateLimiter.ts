/**
 * Per-key rate limiting: a fixed one-minute window per key, in memory (one
 * gateway process; several gateways would each count their own share: with
 * MERIDIAN_DATABASE_URL they share PostgresRateCounter instead).
 *
 * Why not `@fastify/rate-limit` (11.2.0, read for issue 40), whose custom `store` could hold either
 * counter: the check runs inside Guard.admit, after the key is authenticated (401) and its scope
 * checked (403), once per request, and for a request with a body before the body is read (app.ts);
 * the plugin is a route hook of its own, keyed before any of that, so its key generator would have to
 * authenticate a second time and a 429 could come before a 401 or 403. Its check is also asynchronous
 * (three awaits and a promise per request) where the in-memory one is synchronous: 1.6-3.9 µs per
 * check through `fastify.createRateLimit()` (its LocalStore, or a store over this counter) against
 * 0.17-0.27 µs for `take` (tsx loop of 500k checks × 7 over 1,000 keys on a real Fastify request),
 * i.e. ~2-3 % more CPU on a by-id answer (~100 µs). Its LocalStore keeps 5,000 keys by default and
 * forgets the least recent beyond that (a forgotten key starts its window again). The RapidAPI header
 * names and the "counted, never refused" rule for keys without a limit (guard.ts) would stay ours.
 */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/** Counts a key's requests in its current window; answers whether one more is allowed. */
export interface RateCounter {
  take(keyId: string, limit: number, now?: number): RateDecision | Promise<RateDecision>;
}

export class RateLimiter implements RateCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  take(keyId: string, limit: number, now = Date.now()): RateDecision {
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
      if (this.windows.size > 100_000) this.sweep(now);
    }
    const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
    if (w.count >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    w.count++;
    return { allowed: true, limit, remaining: limit - w.count, resetSeconds };
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
  }
}
