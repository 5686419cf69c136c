/**
 * Rows of the state tables as the store interface's types: one mapping for the
 * DuckDB and the PostgreSQL stores (same tables, same column names), and the
 * column lists their SELECTs name.
 */
import { EMOTIONS, SENTIMENT_LEVELS, type Domain } from '../labels.js';
import { JOB_STATES, type BatchRow, type DeliveryLogEntry, type FeedWindowRow, type ResultRow, type JobRow, type JobStatus, type NewJob, type OutboxMessage, type WebhookEndpoint, type WebhookEvent } from './sentimentStore.js';

export const JOB_COLUMNS = 'id, tenant, status, feed_id, batch_id, domain, occurred_ms, created_ms, updated_ms, attempts, result_id, error_type, error_message';
export const MESSAGE_COLUMNS = 'id, endpoint_id, tenant, event_type, payload, created_ms, attempts, next_ms, status';
/** A result as messages.ts resultMessage reads it (payload last). */
/** The results table's emotion columns, in EMOTIONS order. */
export const EMOTION_COLUMNS: readonly string[] = EMOTIONS.map((e) => `e_${e.toLowerCase()}`);
/**
 * A feed window's emotion means (both stores' SQL) over its results that have emotions: a FINANCIAL_NEWS result has
 * none (its columns are 0), and counted in, a window of them had a mix of zeros, read as an emotion shift (z 10,
 * anomalous). A window without any has no mix (NULL), and no shift.
 */
export const EMOTION_MEANS = EMOTION_COLUMNS.map((c) => `avg(${c}) FILTER (WHERE ${EMOTION_COLUMNS.join(' + ')} > 0) AS ${c}`).join(', ');
export const RESULT_COLUMNS = `id, job_id, feed_id, domain, occurred_ms, created_ms, sentiment, score, ${EMOTION_COLUMNS.join(', ')}, payload`;
export const BATCH_COLUMNS = 'id, tenant, created_ms, total, completed_ms, request_fingerprint';
/** What a live job needs to run again (the store's unfinished()). */
export const LIVE_JOB_COLUMNS = 'id, tenant, text, feed_id, batch_id, domain, occurred_ms, created_ms, attempts';

/** Jobs per state from the rows of `SELECT status, count(*) AS n ... GROUP BY status` (every state present, 0 when absent). */
export function stateCounts(rows: readonly Record<string, unknown>[]): Record<JobStatus, number> {
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const r of rows) counts[r['status'] as JobStatus] = Number(r['n']);
  return counts;
}

/** A batch (BATCH_COLUMNS) with its jobs' states (stateCounts' rows). */
export function batchFromRows(b: Record<string, unknown>, states: readonly Record<string, unknown>[]): BatchRow {
  return {
    id: String(b['id']), tenant: String(b['tenant']), createdMs: Number(b['created_ms']), total: Number(b['total']),
    completedMs: b['completed_ms'] === null ? null : Number(b['completed_ms']), counts: stateCounts(states),
    fingerprint: (b['request_fingerprint'] as string | null) ?? null,
  };
}

/** A row of RESULT_COLUMNS whose payload is not null. */
export function resultRow(r: Record<string, unknown>): ResultRow {
  return {
    id: String(r['id']), jobId: String(r['job_id']), feedId: (r['feed_id'] as string | null) ?? null, domain: r['domain'] as Domain,
    occurredMs: Number(r['occurred_ms']), createdMs: Number(r['created_ms']), sentiment: String(r['sentiment']), score: Number(r['score']),
    emotions: EMOTION_COLUMNS.map((c) => Number(r[c])), payload: String(r['payload']),
  };
}

export function liveJobRow(r: Record<string, unknown>): NewJob & { attempts: number } {
  return {
    id: String(r['id']), tenant: String(r['tenant']), text: String(r['text']), feedId: (r['feed_id'] as string | null) ?? null,
    batchId: (r['batch_id'] as string | null) ?? null, domain: r['domain'] as Domain,
    occurredMs: Number(r['occurred_ms']), createdMs: Number(r['created_ms']), attempts: Number(r['attempts']),
  };
}

export function jobRow(r: Record<string, unknown>): JobRow {
  return {
    id: String(r['id']),
    tenant: String(r['tenant'] ?? 'default'),
    status: r['status'] as JobStatus,
    feedId: (r['feed_id'] as string | null) ?? null,
    batchId: (r['batch_id'] as string | null) ?? null,
    domain: r['domain'] as Domain,
    occurredMs: Number(r['occurred_ms']),
    createdMs: Number(r['created_ms']),
    updatedMs: Number(r['updated_ms']),
    attempts: Number(r['attempts']),
    resultId: (r['result_id'] as string | null) ?? null,
    errorType: (r['error_type'] as string | null) ?? null,
    errorMessage: (r['error_message'] as string | null) ?? null,
  };
}

export function webhookRow(r: Record<string, unknown>): WebhookEndpoint {
  return {
    id: String(r['id']), tenant: String(r['tenant']), url: String(r['url']),
    eventTypes: String(r['event_types']).split(',').filter(Boolean) as WebhookEvent[],
    description: String(r['description']), secret: String(r['secret']), createdMs: Number(r['created_ms']),
  };
}

export function messageRow(r: Record<string, unknown>): OutboxMessage {
  return {
    id: String(r['id']), endpointId: String(r['endpoint_id']), tenant: String(r['tenant']), eventType: r['event_type'] as WebhookEvent,
    payload: String(r['payload']), createdMs: Number(r['created_ms']), attempts: Number(r['attempts']), nextMs: Number(r['next_ms']),
    status: r['status'] as OutboxMessage['status'],
  };
}

/** A feed window as both stores' window SQL selects it (w, n, mean, s_<LEVEL>, the emotion columns, score_z, shift_z). */
export function feedWindowRow(r: Record<string, unknown>): FeedWindowRow {
  return {
    w: Number(r['w']), n: Number(r['n']), mean: Number(r['mean']),
    sentiments: Object.fromEntries(SENTIMENT_LEVELS.map((l) => [l, Number(r[`s_${l}`])])),
    emotions: EMOTION_COLUMNS.map((c) => Number(r[c] ?? 0)),
    scoreZ: Number(r['score_z']), shiftZ: Number(r['shift_z']),
  };
}

/** A page of outbox messages with their attempt rows (message_id, at_ms, status_code, error, duration_ms; oldest first). */
export function withAttempts(page: readonly OutboxMessage[], attempts: readonly Record<string, unknown>[]): DeliveryLogEntry[] {
  const byId = new Map<string, DeliveryLogEntry['log']>();
  for (const a of attempts) {
    const l = byId.get(String(a['message_id'])) ?? [];
    l.push({ atMs: Number(a['at_ms']), statusCode: Number(a['status_code']), error: String(a['error']), durationMs: Number(a['duration_ms']) });
    byId.set(String(a['message_id']), l);
  }
  return page.map((m) => ({ ...m, log: byId.get(m.id) ?? [] }));
}
