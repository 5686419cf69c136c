/**
 * The bound on each tenant's undelivered webhook messages (MERIDIAN_WEBHOOK_PENDING_MAX). Without it one tenant's dead
 * or slow endpoints grew the outbox without end: 20 endpoints × 80,000 jobs made 1.6 million PENDING messages, the
 * deliverer's due read then took about a second a pass, and every tenant's deliveries slowed to 1–2 a second (an
 * attack review, 2026-12-07). Past the bound, a tenant's new messages are not written (counted in `dropped`, the
 * metric meridian_webhook_messages_dropped_total, and logged); its jobs and results are stored as ever, and its
 * messages already waiting are delivered or retried as before.
 *
 * Both stores ask room() inside the transaction that writes the messages. The count is this process's belief: the
 * tenant's PENDING messages when last counted in the store, plus what it wrote since. Deliveries are not subtracted,
 * so a tenant whose messages leave reaches the bound in belief first and is counted again then (at most every
 * RECOUNT_MS while it stays at the bound), which also corrects what other replicas wrote (PostgreSQL) and rolled-back
 * writes. So the bound holds to within what is written between two counts.
 */
import { logger } from '../../log.js';

/** How often a tenant at the bound is counted again in the store (ms). */
export const RECOUNT_MS = 5_000;
/** How often a tenant's dropped messages are logged (ms). */
const LOG_EVERY_MS = 60_000;

export class OutboxQuota {
  /** Messages dropped past the bound by this process since it started. */
  dropped = 0;
  private readonly believed = new Map<string, { pending: number; countedMs: number; loggedMs: number; droppedSinceLog: number }>();

  /** `max`: PENDING messages per tenant (Infinity: unbounded, as a store opened without a quota is). */
  constructor(readonly max: number, private readonly now: () => number = Date.now) {}

  /**
   * How many of `wanted` new messages `tenant` may write now (the first ones of its events, in order); `count` reads
   * the tenant's PENDING messages in the store, in the writing transaction.
   */
  async room(tenant: string, wanted: number, count: () => Promise<number>): Promise<number> {
    if (!Number.isFinite(this.max)) return wanted;
    const now = this.now();
    let b = this.believed.get(tenant);
    if (b === undefined) {
      b = { pending: await count(), countedMs: now, loggedMs: 0, droppedSinceLog: 0 };
      this.believed.set(tenant, b);
    } else if (b.pending + wanted > this.max && now - b.countedMs >= RECOUNT_MS) {
      b.pending = await count();
      b.countedMs = now;
    }
    const room = Math.max(0, Math.min(wanted, this.max - b.pending));
    b.pending += room;
    if (room < wanted) {
      this.dropped += wanted - room;
      b.droppedSinceLog += wanted - room;
      if (now - b.loggedMs >= LOG_EVERY_MS) {
        logger.warn({ tenant, dropped: b.droppedSinceLog, max: this.max }, 'webhook messages not written: the tenant has this many undelivered already (MERIDIAN_WEBHOOK_PENDING_MAX); fix or delete its failing endpoints');
        b.loggedMs = now;
        b.droppedSinceLog = 0;
      }
    }
    return room;
  }
}

/** A store opened without a quota (tests, tools): unbounded. */
export const UNBOUNDED = new OutboxQuota(Number.POSITIVE_INFINITY);

/**
 * The rows of `rows` (each with its tenant, in order) that the quota lets through: per tenant, the first room() of its
 * rows. `count(tenant)` reads a tenant's PENDING messages.
 */
export async function withinQuota<T extends { tenant: string }>(quota: OutboxQuota, rows: T[], count: (tenant: string) => Promise<number>): Promise<T[]> {
  if (!Number.isFinite(quota.max) || rows.length === 0) return rows;
  const wanted = new Map<string, number>();
  for (const r of rows) wanted.set(r.tenant, (wanted.get(r.tenant) ?? 0) + 1);
  const room = new Map<string, number>();
  for (const [tenant, n] of wanted) room.set(tenant, await quota.room(tenant, n, () => count(tenant)));
  return rows.filter((r) => {
    const left = room.get(r.tenant)!;
    if (left <= 0) return false;
    room.set(r.tenant, left - 1);
    return true;
  });
}
