/**
 * Per-key rate limiting: a fixed one-minute window per key, in memory (one
 * gateway process; several gateways would each count their own share: with
 * MERIDIAN_DATABASE_URL they share PostgresRateCounter instead).
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
