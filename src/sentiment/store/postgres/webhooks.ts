/**
 * The webhooks / outbox aggregate of the PostgreSQL store: endpoints, the messages a change
 * writes in its own transaction (subscriptions are read inside it: another replica may have
 * registered one), their delivery claims and attempts. Due messages are claimed by pushing
 * their next attempt a lease ahead (FOR UPDATE SKIP LOCKED), so one replica delivers each.
 */
import { randomUUID } from 'node:crypto';
import type { PgDatabase, Queryable } from '../../../db/postgres.js';
import { eventBody } from '../messages.js';
import type { AttemptOutcome, DeliveryLogEntry, OutboxMessage, Scope, WebhookEndpoint, WebhookEvent } from '../sentimentStore.js';
import { UNBOUNDED, withinQuota, type OutboxQuota } from '../outboxQuota.js';
import { messageRow, MESSAGE_COLUMNS, webhookRow, withAttempts } from '../tableRows.js';
import { prefixed, scoped, type PendingEvent, type Subscriptions } from './sql.js';

const WEBHOOK_COLUMNS = 'id, tenant, url, event_types, description, secret, created_ms';
/**
 * A claimed outbox message is not offered again for this long (a replica that died while delivering it): by default
 * (openStore.ts gives the longer of the job lease and twice the receivers' timeout) 30 s; it was 5 minutes whatever
 * the settings, so every crash held the messages in flight that long.
 */
export const DEFAULT_DELIVERY_LEASE_MS = 30_000;

export const subscribed = (subs: Subscriptions, tenant: string, type: WebhookEvent): boolean => subs.get(tenant)?.some((w) => w.types.includes(type)) ?? false;

export class PgWebhooks {
  private readonly listeners: (() => void)[] = [];

  /** `quota`: each tenant's bound on undelivered messages (outboxQuota.ts; the count is this replica's, corrected at the bound). */
  constructor(private readonly db: PgDatabase, private readonly deliveryLeaseMs = DEFAULT_DELIVERY_LEASE_MS, private readonly quota: OutboxQuota = UNBOUNDED) {}

  onMessages(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** After a commit that queued `n` messages: wakes the deliverer. */
  notify(n: number): void {
    if (n > 0) for (const l of this.listeners) l();
  }

  async subscriptions(c: Queryable, tenants: Iterable<string>): Promise<Subscriptions> {
    const list = [...new Set(tenants)];
    const subs: Subscriptions = new Map();
    if (list.length === 0) return subs;
    const rows = await c.query<{ id: string; tenant: string; event_types: string }>('SELECT id, tenant, event_types FROM webhook_endpoints WHERE tenant = ANY($1::text[]) ORDER BY created_ms, id', [list]);
    for (const r of rows.rows) {
      const l = subs.get(r.tenant) ?? [];
      l.push({ id: r.id, types: r.event_types.split(',').filter(Boolean) });
      subs.set(r.tenant, l);
    }
    return subs;
  }

  async writeEvents(c: Queryable, subs: Subscriptions, events: readonly PendingEvent[]): Promise<number> {
    let rows: OutboxMessage[] = [];
    for (const ev of events) {
      const body = eventBody(ev.type, ev.atMs, ev.data);
      for (const w of subs.get(ev.tenant) ?? []) {
        if (!w.types.includes(ev.type)) continue;
        rows.push({ id: `msg_${randomUUID()}`, endpointId: w.id, tenant: ev.tenant, eventType: ev.type, payload: body, createdMs: ev.atMs, attempts: 0, nextMs: ev.atMs, status: 'PENDING' });
      }
    }
    rows = await withinQuota(this.quota, rows, async (tenant) => Number((await c.query<{ n: string }>("SELECT count(*) AS n FROM webhook_messages WHERE tenant = $1 AND status = 'PENDING'", [tenant])).rows[0]?.n ?? 0));
    if (rows.length === 0) return 0;
    await c.query(`INSERT INTO webhook_messages (${MESSAGE_COLUMNS})
      SELECT u.id, u.ep, u.tenant, u.ev, u.payload, u.at, 0, u.at, 'PENDING'
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[]) AS u(id, ep, tenant, ev, payload, at)`, [
      rows.map((r) => r.id), rows.map((r) => r.endpointId), rows.map((r) => r.tenant), rows.map((r) => r.eventType), rows.map((r) => r.payload), rows.map((r) => r.createdMs),
    ]);
    return rows.length;
  }

  async createWebhook(w: WebhookEndpoint, max = Infinity): Promise<boolean> {
    return this.db.transaction(async (c) => {
      // one create per tenant at a time across every core on this database
      await c.query(`SELECT pg_advisory_xact_lock(hashtextextended('meridian.webhooks:' || $1, 0))`, [w.tenant]);
      // a re-run of this transaction after a lost COMMIT finds its own row: created, not over the cap
      if ((await c.query('SELECT 1 FROM webhook_endpoints WHERE id = $1', [w.id])).rowCount) return true;
      const n = await c.query<{ n: string }>('SELECT count(*) AS n FROM webhook_endpoints WHERE tenant = $1', [w.tenant]);
      if (Number(n.rows[0]?.n ?? 0) >= max) return false;
      await c.query(`INSERT INTO webhook_endpoints (${WEBHOOK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [w.id, w.tenant, w.url, w.eventTypes.join(','), w.description, w.secret, w.createdMs]);
      return true;
    });
  }

  async listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> {
    return (await this.db.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhook_endpoints WHERE ${scoped(1, 2)} ORDER BY created_ms, id`, [scope.admin, scope.tenant])).map(webhookRow);
  }

  async getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    const rows = await this.db.query(`SELECT ${WEBHOOK_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    return rows[0] ? webhookRow(rows[0]) : null;
  }

  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.db.transaction(async (c) => {
      const rows = (await c.query(`DELETE FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)} RETURNING ${WEBHOOK_COLUMNS}`, [id, scope.admin, scope.tenant])).rows;
      if (!rows[0]) return null;
      // messages first: an attempt committed meanwhile (recordAttempts inserts only for messages that exist) is then
      // seen by the second statement's snapshot, and one after it finds no message and is not written
      const gone = await c.query<{ id: string }>('DELETE FROM webhook_messages WHERE endpoint_id = $1 RETURNING id', [id]);
      await c.query('DELETE FROM webhook_attempts WHERE message_id = ANY($1::text[])', [gone.rows.map((r) => r.id)]);
      return webhookRow(rows[0]);
    });
  }

  /**
   * Claims due messages for this replica's deliverer: their next attempt moves a lease
   * ahead, so no other replica offers them meanwhile (recordAttempts sets the real next attempt,
   * releaseMessages gives back the ones not attempted). Each message comes with its next attempt
   * as it was before the lease.
   */
  async dueMessages(now: number, limit: number, busy: readonly string[] = []): Promise<OutboxMessage[]> {
    const rows = await this.db.query<Record<string, unknown> & { was: string }>(`WITH due AS (
        SELECT id, next_ms AS was FROM webhook_messages WHERE status = 'PENDING' AND next_ms <= $1 AND NOT (endpoint_id = ANY($4::text[]))
        ORDER BY next_ms, created_ms LIMIT $2 FOR UPDATE SKIP LOCKED)
      UPDATE webhook_messages m SET next_ms = $3 FROM due WHERE m.id = due.id RETURNING ${prefixed(MESSAGE_COLUMNS, 'm')}, due.was`, [now, limit, now + this.deliveryLeaseMs, [...busy]]);
    return rows.map((r) => ({ ...messageRow(r), nextMs: Number(r.was) })).sort((a, b) => a.createdMs - b.createdMs || a.id.localeCompare(b.id));
  }

  async releaseMessages(messages: readonly OutboxMessage[]): Promise<void> {
    if (messages.length === 0) return;
    // only while still leased and unattempted (attempts unchanged): an attempt's outcome is never overwritten
    await this.db.query(`UPDATE webhook_messages m SET next_ms = v.was
      FROM unnest($1::text[], $2::bigint[], $3::int[]) AS v(mid, was, tries) WHERE m.id = v.mid AND m.status = 'PENDING' AND m.attempts = v.tries AND m.next_ms > v.was`, [
      messages.map((m) => m.id), messages.map((m) => m.nextMs), messages.map((m) => m.attempts),
    ]);
  }

  async pendingMessages(): Promise<number> {
    return Number((await this.db.query<{ n: string }>("SELECT count(*) AS n FROM webhook_messages WHERE status = 'PENDING'"))[0]?.n ?? 0);
  }

  async nextDue(): Promise<number | null> {
    const rows = await this.db.query<{ t: string | null }>("SELECT min(next_ms) AS t FROM webhook_messages WHERE status = 'PENDING'");
    return rows[0]?.t === null || rows[0]?.t === undefined ? null : Number(rows[0].t);
  }

  async recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await this.db.transaction(async (c) => {
      await c.query(`UPDATE webhook_messages m SET attempts = m.attempts + 1, status = v.st, next_ms = v.nx
        FROM unnest($1::text[], $2::text[], $3::bigint[]) AS v(mid, st, nx) WHERE m.id = v.mid`, [
        outcomes.map((o) => o.messageId), outcomes.map((o) => o.status), outcomes.map((o) => o.nextMs),
      ]);
      // not for a message deleted meanwhile (its endpoint was deleted during the attempt): nothing would ever remove the row
      await c.query(`INSERT INTO webhook_attempts SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[], $4::text[], $5::bigint[]) AS v(mid, at_ms, code, err, dur)
        WHERE EXISTS (SELECT 1 FROM webhook_messages m WHERE m.id = v.mid)`, [
        outcomes.map((o) => o.messageId), outcomes.map((o) => o.atMs), outcomes.map((o) => o.statusCode), outcomes.map((o) => o.error), outcomes.map((o) => Math.round(o.durationMs)),
      ]);
    });
  }

  async listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    const rows = (await this.db.query(`SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE endpoint_id = $1 AND ${scoped(2, 3)}
      AND (created_ms < $4 OR (created_ms = $4 AND id < $5)) ORDER BY created_ms DESC, id DESC LIMIT $6`, [
      endpointId, scope.admin, scope.tenant, after?.createdMs ?? Number.MAX_SAFE_INTEGER, after?.id ?? '', limit + 1,
    ])).map(messageRow);
    const page = rows.slice(0, limit);
    const attempts = page.length === 0 ? [] : await this.db.query(`SELECT message_id, at_ms, status_code, error, duration_ms FROM webhook_attempts
      WHERE message_id = ANY($1::text[]) ORDER BY at_ms`, [page.map((m) => m.id)]);
    return { deliveries: withAttempts(page, attempts), more: rows.length > limit };
  }
}
