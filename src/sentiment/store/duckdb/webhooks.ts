/**
 * The webhook aggregate of the embedded store: endpoints (kept in memory by tenant too,
 * so a change writes outbox messages only for subscribed tenants), the outbox the
 * other aggregates write into inside their own transactions (writeEvents), and the
 * deliverer's reads and attempt records.
 */
import { randomUUID } from 'node:crypto';
import { BIGINT, VARCHAR, INTEGER, type DuckDBConnection } from '@duckdb/node-api';
import { eventBody } from '../messages.js';
import type { AttemptOutcome, DeliveryLogEntry, OutboxMessage, Scope, WebhookEndpoint, WebhookEvent } from '../sentimentStore.js';
import { messageRow, MESSAGE_COLUMNS, webhookRow, withAttempts } from '../tableRows.js';
import { UNBOUNDED, withinQuota, type OutboxQuota } from '../outboxQuota.js';
import type { DuckDbContext } from './context.js';
import { list, scoped } from './sql.js';

export interface PendingEvent { tenant: string; type: WebhookEvent; atMs: number; data: unknown }

export class DuckDbWebhooks {
  /** Endpoints by tenant: events are written to the outbox only for subscribed tenants. */
  private readonly endpoints = new Map<string, WebhookEndpoint[]>();
  private readonly messageListeners: (() => void)[] = [];

  /** `quota`: each tenant's bound on undelivered messages (outboxQuota.ts). */
  constructor(private readonly ctx: DuckDbContext, private readonly quota: OutboxQuota = UNBOUNDED) {}

  /** Loads the endpoints into memory (open). */
  async load(): Promise<void> {
    for (const w of (await this.ctx.read('SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints ORDER BY created_ms, id')).map(webhookRow)) this.remember(w);
  }

  /** Whether any tenant has an endpoint (a completion then reads its jobs back for their events). */
  get any(): boolean {
    return this.endpoints.size > 0;
  }

  onMessages(listener: () => void): void {
    this.messageListeners.push(listener);
  }

  // ---- the outbox (inside the writer's transactions) --------------------------------

  private remember(w: WebhookEndpoint): void {
    const l = this.endpoints.get(w.tenant) ?? [];
    l.push(w);
    this.endpoints.set(w.tenant, l);
  }

  subscribed(tenant: string, type: WebhookEvent): boolean {
    return this.endpoints.get(tenant)?.some((w) => w.eventTypes.includes(type)) ?? false;
  }

  /** Writes one outbox message per subscribed endpoint, within each tenant's quota; returns how many. */
  async writeEvents(c: DuckDBConnection, events: readonly PendingEvent[]): Promise<number> {
    let rows: OutboxMessage[] = [];
    for (const ev of events) {
      const body = eventBody(ev.type, ev.atMs, ev.data);
      for (const w of this.endpoints.get(ev.tenant) ?? []) {
        if (!w.eventTypes.includes(ev.type)) continue;
        rows.push({ id: `msg_${randomUUID()}`, endpointId: w.id, tenant: ev.tenant, eventType: ev.type, payload: body, createdMs: ev.atMs, attempts: 0, nextMs: ev.atMs, status: 'PENDING' });
      }
    }
    rows = await withinQuota(this.quota, rows, async (tenant) => Number((await this.ctx.exec(c, 'SELECT count(*) AS n FROM webhook_messages WHERE tenant = $1 AND status = $2', [tenant, 'PENDING']))[0]?.['n'] ?? 0));
    if (rows.length === 0) return 0;
    await this.ctx.exec(c, `INSERT INTO webhook_messages (${MESSAGE_COLUMNS}) SELECT unnest($1::VARCHAR[]), unnest($2::VARCHAR[]), unnest($3::VARCHAR[]), unnest($4::VARCHAR[]),
      unnest($5::VARCHAR[]), unnest($6::BIGINT[]), 0, unnest($6::BIGINT[]), 'PENDING'`, [
      list(rows.map((r) => r.id), VARCHAR), list(rows.map((r) => r.endpointId), VARCHAR), list(rows.map((r) => r.tenant), VARCHAR),
      list(rows.map((r) => r.eventType), VARCHAR), list(rows.map((r) => r.payload), VARCHAR), list(rows.map((r) => BigInt(r.createdMs)), BIGINT),
    ]);
    return rows.length;
  }

  notify(n: number): void {
    if (n > 0) for (const l of this.messageListeners) l();
  }

  // ---- endpoints ------------------------------------------------------------------

  createWebhook(w: WebhookEndpoint, max = Infinity): Promise<boolean> {
    // the one writer connection runs one write at a time, so the count and the insert cannot interleave with another create
    return this.ctx.write(async (c) => {
      const n = await this.ctx.exec(c, 'SELECT count(*) AS n FROM webhook_endpoints WHERE tenant = $1', [w.tenant]);
      if (Number(n[0]?.['n'] ?? 0) >= max) return false;
      await this.ctx.exec(c, 'INSERT INTO webhook_endpoints VALUES ($1, $2, $3, $4, $5, $6, $7)', [w.id, w.tenant, w.url, w.eventTypes.join(','), w.description, w.secret, BigInt(w.createdMs)]);
      this.remember(w);
      return true;
    });
  }

  async listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> {
    return (await this.ctx.read(`SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints WHERE ${scoped(1, 2)} ORDER BY created_ms, id`, [scope.admin, scope.tenant])).map(webhookRow);
  }

  async getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    const rows = await this.ctx.read(`SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    return rows[0] ? webhookRow(rows[0]) : null;
  }

  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.ctx.write((c) => this.ctx.transaction(c, async () => {
      const rows = await this.ctx.exec(c, `DELETE FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)} RETURNING id, tenant, url, event_types, description, secret, created_ms`, [id, scope.admin, scope.tenant]);
      if (!rows[0]) return null;
      const w = webhookRow(rows[0]);
      await this.ctx.exec(c, 'DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE endpoint_id = $1)', [id]);
      await this.ctx.exec(c, 'DELETE FROM webhook_messages WHERE endpoint_id = $1', [id]);
      const l = (this.endpoints.get(w.tenant) ?? []).filter((e) => e.id !== id);
      if (l.length) this.endpoints.set(w.tenant, l);
      else this.endpoints.delete(w.tenant);
      return w;
    }));
  }

  // ---- delivery ------------------------------------------------------------------

  async dueMessages(now: number, limit: number, busy: readonly string[] = []): Promise<OutboxMessage[]> {
    // at most 16 per endpoint, so one endpoint's backlog cannot hide the other endpoints' due messages from the deliverer
    return (await this.ctx.read(`SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE status = $3 AND next_ms <= $1 AND NOT list_contains($4::VARCHAR[], endpoint_id)
      QUALIFY row_number() OVER (PARTITION BY endpoint_id ORDER BY next_ms, created_ms) <= 16 ORDER BY next_ms, created_ms LIMIT $2`, [BigInt(now), limit, 'PENDING', list([...busy], VARCHAR)])).map(messageRow);
  }

  async pendingMessages(): Promise<number> {
    const rows = await this.ctx.read<{ n: bigint }>('SELECT count(*) AS n FROM webhook_messages WHERE status = $1', ['PENDING']);
    return Number(rows[0]?.n ?? 0);
  }

  async nextDue(): Promise<number | null> {
    // The state is a parameter: a cached statement prepared while the table was empty
    // would otherwise keep DuckDB's plan-time answer from the statistics (NULL).
    const rows = await this.ctx.read<{ t: bigint | null }>('SELECT min(next_ms) AS t FROM webhook_messages WHERE status = $1', ['PENDING']);
    return rows[0]?.t === null || rows[0]?.t === undefined ? null : Number(rows[0].t);
  }

  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return Promise.resolve();
    return this.ctx.write((c) => this.ctx.transaction(c, async () => {
      await this.ctx.exec(c, `UPDATE webhook_messages SET attempts = attempts + 1, status = v.st, next_ms = v.nx
        FROM (SELECT unnest($1::VARCHAR[]) AS mid, unnest($2::VARCHAR[]) AS st, unnest($3::BIGINT[]) AS nx) v WHERE webhook_messages.id = v.mid`, [
        list(outcomes.map((o) => o.messageId), VARCHAR), list(outcomes.map((o) => o.status), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.nextMs))), BIGINT),
      ]);
      // not for a message deleted meanwhile (its endpoint was deleted during the attempt): nothing would ever remove the row
      await this.ctx.exec(c, `INSERT INTO webhook_attempts SELECT * FROM (SELECT unnest($1::VARCHAR[]) AS mid, unnest($2::BIGINT[]), unnest($3::INTEGER[]), unnest($4::VARCHAR[]), unnest($5::BIGINT[])) v
        WHERE v.mid IN (SELECT id FROM webhook_messages)`, [
        list(outcomes.map((o) => o.messageId), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.atMs))), BIGINT), list(outcomes.map((o) => o.statusCode), INTEGER),
        list(outcomes.map((o) => o.error), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.durationMs))), BIGINT),
      ]);
    }));
  }

  async listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    const rows = (await this.ctx.read(`SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE endpoint_id = $1 AND ${scoped(2, 3)}
      AND (created_ms < $4 OR (created_ms = $4 AND id < $5)) ORDER BY created_ms DESC, id DESC LIMIT $6`, [
      endpointId, scope.admin, scope.tenant, BigInt(after?.createdMs ?? Number.MAX_SAFE_INTEGER), after?.id ?? '', BigInt(limit + 1),
    ])).map(messageRow);
    const page = rows.slice(0, limit);
    const attempts = page.length === 0 ? [] : await this.ctx.read(`SELECT message_id, at_ms, status_code, error, duration_ms FROM webhook_attempts
      WHERE message_id IN (SELECT unnest($1::VARCHAR[])) ORDER BY at_ms`, [list(page.map((m) => m.id), VARCHAR)]);
    return { deliveries: withAttempts(page, attempts), more: rows.length > limit };
  }
}
