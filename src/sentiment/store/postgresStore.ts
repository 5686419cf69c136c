/**
 * The sentiment store on PostgreSQL (MERIDIAN_DATABASE_URL): one database shared by
 * any number of core replicas. Same tables, rules and answers as the DuckDB store
 * (duckdb/: jobs.ts, feeds.ts, webhooks.ts, maintenance.ts); what differs is how the work is shared:
 *
 * - Jobs are a shared queue (`queue`, postgresQueue.ts): a submission commits its PENDING
 *   rows and a NOTIFY on `meridian_jobs`; every core LISTENs and claims jobs under a lease
 *   it renews (SKIP LOCKED: two cores never claim the same row); a job whose lease lapsed
 *   (its core died) is claimable again. Each claim counts an attempt.
 * - Exactly one result per job: a result is stored in the transaction that moves its job
 *   from PENDING/PROCESSING to SUCCEEDED; a second completion (a lapsed lease whose core
 *   was only slow) waits on the row lock, then finds it SUCCEEDED and stores nothing;
 *   `results.job_id` is UNIQUE besides.
 * - Every write is safe to run twice (ids are made by the caller, inserts are ON CONFLICT
 *   DO NOTHING, updates are guarded by state), because PgDatabase retries a statement or
 *   transaction whose connection was lost, when it cannot know whether COMMIT landed.
 * - Webhook subscriptions are read inside each transaction (another replica may have
 *   registered one); due outbox messages are claimed by pushing their next attempt a
 *   lease ahead (FOR UPDATE SKIP LOCKED), so one replica delivers each message.
 * - Feed windows: PostgreSQL has no median window function, so the baseline of each
 *   window (median and MAD of the previous non-empty windows) is a LATERAL subquery.
 * - Deleted rows are gone for every reader at once; their bytes stay in PostgreSQL's
 *   pages until (auto)vacuum reuses them — unlike the DuckDB store, no file rewrite.
 */
import { randomUUID } from 'node:crypto';
import { PgDatabase, type Queryable } from '../../db/postgres.js';
import { logger } from '../../log.js';
import { SENTIMENT_LEVELS } from '../labels.js';
import { JOBS_CHANNEL, PgJobQueue } from './postgresQueue.js';
import { PG_MIGRATIONS, SENTIMENT_COMPONENT } from './postgresMigrations.js';
import { batchMessage, eventBody, jobMessage, resultMessage } from './messages.js';
import {
  type AttemptOutcome, type BatchRow, type Deleted, type DeliveryLogEntry, type FeedWindowRow, type JobCursor,
  type JobFilter, type JobRow, type JobStatus, type NewBatch, type NewJob, type OutboxMessage, type ResultRow, type Scope, type SentimentStore,
  type StoredResult, type WebhookEndpoint, type WebhookEvent,
} from './sentimentStore.js';
import { BATCH_COLUMNS, batchFromRows, jobRow, JOB_COLUMNS, LIVE_JOB_COLUMNS, liveJobRow, messageRow, MESSAGE_COLUMNS, EMOTION_COLUMNS, EMOTION_MEANS, RESULT_COLUMNS, resultRow, stateCounts, webhookRow } from './tableRows.js';

const WEBHOOK_COLUMNS = 'id, tenant, url, event_types, description, secret, created_ms';
const E = EMOTION_COLUMNS;
/** A claimed outbox message is not offered again for this long (a replica that died while delivering it). */
const DELIVERY_LEASE_MS = 5 * 60_000;
/** `scope` as SQL: admin sees all, a tenant its own rows. */
const scoped = (admin: number, tenant: number, table = ''): string => `($${admin}::boolean OR ${table}tenant = $${tenant})`;
const prefixed = (cols: string, t: string) => cols.split(', ').map((c) => `${t}.${c}`).join(', ');

interface PendingEvent { tenant: string; type: WebhookEvent; atMs: number; data: unknown }
type Subscriptions = Map<string, { id: string; types: string[] }[]>;

export class PostgresSentimentStore implements SentimentStore {
  /** The job queue: the jobs table, claimed under leases by every replica (postgresQueue.ts). */
  readonly queue: PgJobQueue;
  private readonly messageListeners: (() => void)[] = [];

  private constructor(private readonly db: PgDatabase, leaseMs: number) {
    this.queue = new PgJobQueue(db, leaseMs);
  }

  /** Connects, applies the migrations the database lacks (or refuses a newer schema). */
  static async open(url: string, opts: { leaseMs: number; poolSize?: number }): Promise<PostgresSentimentStore> {
    const db = await PgDatabase.connect(url, {
      max: opts.poolSize ?? 8, applicationName: 'meridian-core',
      onError: (e) => logger.warn({ err: e }, 'PostgreSQL connection lost; reconnecting'),
    });
    try {
      const applied = await db.migrate(SENTIMENT_COMPONENT, PG_MIGRATIONS);
      if (applied.length) logger.info({ applied }, 'sentiment schema migrated on PostgreSQL');
    } catch (e) {
      await db.close();
      throw e;
    }
    return new PostgresSentimentStore(db, opts.leaseMs);
  }

  onMessages(listener: () => void): void {
    this.messageListeners.push(listener);
  }

  private notify(n: number): void {
    if (n > 0) for (const l of this.messageListeners) l();
  }

  // ---- webhook outbox (inside transactions) --------------------------------------------

  private async subscriptions(c: Queryable, tenants: Iterable<string>): Promise<Subscriptions> {
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

  private static subscribed(subs: Subscriptions, tenant: string, type: WebhookEvent): boolean {
    return subs.get(tenant)?.some((w) => w.types.includes(type)) ?? false;
  }

  private async writeEvents(c: Queryable, subs: Subscriptions, events: readonly PendingEvent[]): Promise<number> {
    const rows: OutboxMessage[] = [];
    for (const ev of events) {
      const body = eventBody(ev.type, ev.atMs, ev.data);
      for (const w of subs.get(ev.tenant) ?? []) {
        if (!w.types.includes(ev.type)) continue;
        rows.push({ id: `msg_${randomUUID()}`, endpointId: w.id, tenant: ev.tenant, eventType: ev.type, payload: body, createdMs: ev.atMs, attempts: 0, nextMs: ev.atMs, status: 'PENDING' });
      }
    }
    if (rows.length === 0) return 0;
    await c.query(`INSERT INTO webhook_messages (${MESSAGE_COLUMNS})
      SELECT u.id, u.ep, u.tenant, u.ev, u.payload, u.at, 0, u.at, 'PENDING'
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[]) AS u(id, ep, tenant, ev, payload, at)`, [
      rows.map((r) => r.id), rows.map((r) => r.endpointId), rows.map((r) => r.tenant), rows.map((r) => r.eventType), rows.map((r) => r.payload), rows.map((r) => r.createdMs),
    ]);
    return rows.length;
  }

  private async settleBatches(c: Queryable, subs: Subscriptions, settled: readonly JobRow[], now: number, events: PendingEvent[]): Promise<void> {
    const per = new Map<string, number>();
    for (const j of settled) if (j.batchId) per.set(j.batchId, (per.get(j.batchId) ?? 0) + 1);
    if (per.size === 0) return;
    const ids = [...per.keys()].sort(); // one lock order for every transaction
    const done = await c.query<{ id: string; tenant: string; remaining: number }>(`UPDATE batches b SET remaining = b.remaining - v.n,
        completed_ms = CASE WHEN b.remaining - v.n <= 0 THEN $3::bigint ELSE NULL END
      FROM unnest($1::text[], $2::int[]) AS v(bid, n) WHERE b.id = v.bid RETURNING b.id, b.tenant, b.remaining`, [ids, ids.map((id) => per.get(id)!), now]);
    for (const b of done.rows) {
      if (Number(b.remaining) > 0 || !PostgresSentimentStore.subscribed(subs, b.tenant, 'batch.completed')) continue;
      const row = await this.batchRow(c, b.id, { tenant: b.tenant, admin: false });
      if (row) events.push({ tenant: row.tenant, type: 'batch.completed', atMs: now, data: batchMessage(row) });
    }
  }

  // ---- jobs ------------------------------------------------------------------

  private async insertJobs(c: Queryable, jobs: readonly NewJob[], status: JobStatus, resultIds?: Map<string, string>): Promise<void> {
    if (jobs.length === 0) return;
    await c.query(`INSERT INTO jobs (id, tenant, status, text, feed_id, batch_id, domain, occurred_ms, created_ms, updated_ms, attempts, result_id)
      SELECT u.id, u.tenant, '${status}', u.text, u.feed, u.batch, u.domain, u.occ, u.cr, u.cr, ${status === 'PENDING' ? 0 : 1}, u.rid
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[])
        AS u(id, tenant, text, feed, batch, domain, occ, cr, rid)
      ON CONFLICT (id) DO NOTHING`, [
      jobs.map((j) => j.id), jobs.map((j) => j.tenant), jobs.map((j) => j.text), jobs.map((j) => j.feedId), jobs.map((j) => j.batchId),
      jobs.map((j) => j.domain), jobs.map((j) => j.occurredMs), jobs.map((j) => j.createdMs), jobs.map((j) => resultIds?.get(j.id) ?? null),
    ]);
  }

  /**
   * The batches go in first: a batch id another transaction is inserting (a request id submitted
   * on two cores at once) waits for it, then conflicts and is not returned; its jobs are skipped
   * then, so a losing call never adds its texts to the winner's batch. The same holds when
   * PgDatabase runs the transaction again after a lost COMMIT (the batch is its own).
   */
  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> {
    return this.db.transaction(async (c) => {
      const existing = new Set<string>();
      if (batches.length) {
        const inserted = new Set((await c.query<{ id: string }>(`INSERT INTO batches (id, tenant, created_ms, total, remaining, completed_ms, request_fingerprint)
          SELECT u.id, u.tenant, u.cr, u.total, u.total, NULL, u.fp FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::text[]) AS u(id, tenant, cr, total, fp)
          ON CONFLICT (id) DO NOTHING RETURNING id`, [batches.map((b) => b.id), batches.map((b) => b.tenant), batches.map((b) => b.createdMs), batches.map((b) => b.total),
          batches.map((b) => b.fingerprint ?? null)])).rows.map((r) => r.id));
        for (const b of batches) if (!inserted.has(b.id)) existing.add(b.id);
      }
      const inserted = existing.size ? jobs.filter((j) => !j.batchId || !existing.has(j.batchId)) : jobs;
      await this.insertJobs(c, inserted, 'PENDING');
      await c.query(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
      return { existing, inserted };
    }).then(({ existing, inserted }) => {
      this.queue.added(inserted);
      return existing;
    });
  }

  /**
   * Result rows. The payload stored here is still the whole Analysis message (resultMessage of the row),
   * not the short form the embedded store keeps: replicas share this database, and during a rolling
   * upgrade a replica of an earlier release reads what a newer one wrote; it answers a payload as the
   * whole message. A later release can store the short form once every replica reads both.
   */
  private async insertResults(c: Queryable, results: readonly StoredResult[]): Promise<void> {
    if (results.length === 0) return;
    await c.query(`INSERT INTO results (id, job_id, tenant, feed_id, domain, occurred_ms, created_ms, sentiment, score, ${E.join(', ')}, anomalous, z, payload)
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::text[], $9::float8[],
        ${E.map((_, k) => `$${10 + k}::float8[]`).join(', ')}, $17::boolean[], $18::float8[], $19::text[])
      ON CONFLICT DO NOTHING`, [
      results.map((r) => r.id), results.map((r) => r.jobId), results.map((r) => r.tenant), results.map((r) => r.feedId), results.map((r) => r.domain),
      results.map((r) => r.occurredMs), results.map((r) => r.createdMs), results.map((r) => r.sentiment), results.map((r) => r.score),
      ...E.map((_, k) => results.map((r) => r.emotions[k] ?? 0)),
      results.map((r) => r.anomalous), results.map((r) => r.z), results.map((r) => JSON.stringify(resultMessage(r))),
    ]);
  }

  private static anomalyEvents(subs: Subscriptions, results: readonly StoredResult[], now: number, events: PendingEvent[]): void {
    for (const r of results) {
      if (!r.anomalous || !r.feedId || !PostgresSentimentStore.subscribed(subs, r.tenant, 'feed.anomaly')) continue;
      const p = resultMessage(r);
      events.push({ tenant: r.tenant, type: 'feed.anomaly', atMs: now, data: {
        feedId: r.feedId, jobId: r.jobId, resultId: r.id, occurredAt: p.occurredAt, sentiment: r.sentiment, sentimentScore: r.score, feedAnomaly: p.feedAnomaly,
      } });
    }
  }

  async complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    if (results.length === 0) return new Set();
    const out = await this.db.transaction(async (c) => {
      const updated = (await c.query(`UPDATE jobs SET status = 'SUCCEEDED', result_id = v.rid, updated_ms = $3, lease_owner = NULL, lease_until = NULL
        FROM unnest($1::text[], $2::text[]) AS v(jid, rid)
        WHERE jobs.id = v.jid AND jobs.status IN ('PENDING', 'PROCESSING') RETURNING ${prefixed(JOB_COLUMNS, 'jobs')}`, [
        results.map((r) => r.jobId), results.map((r) => r.id), now,
      ])).rows.map(jobRow);
      const live = new Set(updated.map((r) => r.id));
      const keep = results.filter((r) => live.has(r.jobId));
      await this.insertResults(c, keep);
      const subs = await this.subscriptions(c, updated.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      for (const j of updated) if (PostgresSentimentStore.subscribed(subs, j.tenant, 'job.succeeded')) events.push({ tenant: j.tenant, type: 'job.succeeded', atMs: now, data: jobMessage(j) });
      PostgresSentimentStore.anomalyEvents(subs, keep, now, events);
      await this.settleBatches(c, subs, updated, now, events);
      return { live, n: await this.writeEvents(c, subs, events) };
    });
    this.notify(out.n);
    return out.live;
  }

  async insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    const n = await this.db.transaction(async (c) => {
      await this.insertJobs(c, jobs, 'SUCCEEDED', new Map(results.map((r) => [r.jobId, r.id])));
      await this.insertResults(c, results);
      const subs = await this.subscriptions(c, results.filter((r) => r.anomalous).map((r) => r.tenant));
      const events: PendingEvent[] = [];
      PostgresSentimentStore.anomalyEvents(subs, results, Date.now(), events);
      return this.writeEvents(c, subs, events);
    });
    this.notify(n);
  }

  async fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> {
    const n = await this.db.transaction(async (c) => {
      const failed = (await c.query(`UPDATE jobs SET status = 'FAILED', error_type = $2, error_message = $3, updated_ms = $4, lease_owner = NULL, lease_until = NULL
        WHERE id = ANY($1::text[]) AND status IN ('PENDING', 'PROCESSING') RETURNING ${JOB_COLUMNS}`, [ids, type, message, now])).rows.map(jobRow);
      const subs = await this.subscriptions(c, failed.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      for (const j of failed) if (PostgresSentimentStore.subscribed(subs, j.tenant, 'job.failed')) events.push({ tenant: j.tenant, type: 'job.failed', atMs: now, data: jobMessage(j) });
      await this.settleBatches(c, subs, failed, now, events);
      return this.writeEvents(c, subs, events);
    });
    this.notify(n);
  }

  async cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    const r = await this.db.transaction(async (c) => {
      const canceled = (await c.query(`UPDATE jobs SET status = 'CANCELED', updated_ms = $2, lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND status IN ('PENDING', 'PROCESSING') AND ${scoped(3, 4)} RETURNING ${JOB_COLUMNS}`, [id, now, scope.admin, scope.tenant])).rows.map(jobRow);
      const subs = await this.subscriptions(c, canceled.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      await this.settleBatches(c, subs, canceled, now, events);
      const rows = await c.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
      return { job: rows.rows[0] ? jobRow(rows.rows[0]) : null, n: await this.writeEvents(c, subs, events) };
    });
    this.notify(r.n);
    return r.job;
  }

  async getJob(id: string, scope: Scope): Promise<JobRow | null> {
    const rows = await this.db.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    return rows[0] ? jobRow(rows[0]) : null;
  }

  async listJobs(f: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> {
    const rows = await this.db.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${scoped(1, 2)}
      AND ($3 = '' OR status = $3) AND ($4 = '' OR feed_id = $4) AND ($5 = '' OR batch_id = $5)
      AND created_ms >= $6 AND created_ms < $7 AND (created_ms < $8 OR (created_ms = $8 AND id < $9))
      ORDER BY created_ms DESC, id DESC LIMIT $10`, [
      scope.admin, scope.tenant, f.status ?? '', f.feedId ?? '', f.batchId ?? '',
      f.createdAfterMs ?? 0, f.createdBeforeMs ?? Number.MAX_SAFE_INTEGER,
      after?.createdMs ?? Number.MAX_SAFE_INTEGER, after?.id ?? '', limit + 1,
    ]);
    return { jobs: rows.slice(0, limit).map(jobRow), more: rows.length > limit };
  }

  async getResult(id: string, scope: Scope): Promise<ResultRow | null> {
    const rows = await this.db.query<Record<string, unknown>>(`SELECT ${RESULT_COLUMNS} FROM results WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    return rows[0] && typeof rows[0]['payload'] === 'string' ? resultRow(rows[0]) : null;
  }

  private async batchRow(c: Queryable | null, id: string, scope: Scope): Promise<BatchRow | null> {
    const q = async (sql: string, params: unknown[]) => (c ? (await c.query(sql, params)).rows : this.db.query(sql, params));
    const rows = await q(`SELECT ${BATCH_COLUMNS} FROM batches WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    const b = rows[0];
    return b ? batchFromRows(b, await q('SELECT status, count(*) AS n FROM jobs WHERE batch_id = $1 GROUP BY status', [id])) : null;
  }

  getBatch(id: string, scope: Scope): Promise<BatchRow | null> {
    return this.batchRow(null, id, scope);
  }

  /** Every live job (the runner claims from `queue` instead; this answers the interface for tools). */
  async unfinished(): Promise<(NewJob & { attempts: number })[]> {
    const rows = await this.db.query(`SELECT ${LIVE_JOB_COLUMNS} FROM jobs
      WHERE status IN ('PENDING', 'PROCESSING') ORDER BY created_ms, seq`);
    return rows.map(liveJobRow);
  }

  async countByState(): Promise<Record<JobStatus, number>> {
    return stateCounts(await this.db.query('SELECT status, count(*) AS n FROM jobs GROUP BY status'));
  }

  // ---- feeds ------------------------------------------------------------------

  async recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    const rows = await this.db.query<{ score: number }>(
      `SELECT score FROM (SELECT score, occurred_ms, created_ms FROM results WHERE feed_id = $1 AND tenant = $3
        ORDER BY occurred_ms DESC, created_ms DESC LIMIT $2) r ORDER BY occurred_ms, created_ms`,
      [feedId, n, tenant],
    );
    return rows.map((r) => Number(r.score));
  }

  async feedExists(feedId: string, scope: Scope): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} LIMIT 1`, [feedId, scope.admin, scope.tenant])).length > 0;
  }

  async feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, b: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]> {
    // The previous `b.windows` non-empty windows of window p (DuckDB: ROWS BETWEEN n PRECEDING AND 1 PRECEDING).
    const prev = (src: string, alias: string, cols: string) => `(SELECT ${cols} FROM ${src} q WHERE q.w < ${alias}.w ORDER BY q.w DESC LIMIT ${b.windows})`;
    const med = (x: string) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${x})`;
    const sql = `
WITH per AS (
  SELECT floor((occurred_ms - $2::bigint)::float8 / $3::float8)::bigint AS w, count(*) AS n, avg(score) AS mean,
    ${SENTIMENT_LEVELS.map((l) => `count(*) FILTER (WHERE sentiment = '${l}') AS "s_${l}"`).join(', ')},
    ${EMOTION_MEANS}
  FROM results WHERE feed_id = $1 AND occurred_ms < $4 AND ${scoped(5, 6)} GROUP BY 1),
base AS (
  SELECT p.*, m.k, m.m_med, ${E.map((c) => `m.${c}_med`).join(', ')}
  FROM per p CROSS JOIN LATERAL (SELECT count(*) AS k, ${med('q.mean')} AS m_med, ${E.map((c) => `${med(`q.${c}`)} AS ${c}_med`).join(', ')}
    FROM ${prev('per', 'p', '*')} q) m),
spread AS (
  SELECT s.*, (SELECT ${med('abs(q.mean - s.m_med)')} FROM ${prev('per', 's', 'q.mean')} q) AS m_mad,
    ${E.map((c) => `abs(s.${c} - coalesce(s.${c}_med, s.${c}))`).join(' + ')} AS d
  FROM base s),
scored AS (
  SELECT t.*, dm.d_med, (SELECT ${med('abs(q.d - dm.d_med)')} FROM ${prev('spread', 't', 'q.d')} q) AS d_mad
  FROM spread t CROSS JOIN LATERAL (SELECT ${med('q.d')} AS d_med FROM ${prev('spread', 't', 'q.d')} q) dm)
SELECT w, n, mean, ${SENTIMENT_LEVELS.map((l) => `"s_${l}"`).join(', ')}, ${E.join(', ')},
  CASE WHEN k >= ${b.minWindows} THEN (mean - m_med) / greatest(${b.madToSigma} * m_mad, ${b.scoreFloor}) ELSE 0 END AS score_z,
  CASE WHEN k >= ${b.minWindows} THEN (d - d_med) / greatest(${b.madToSigma} * d_mad, ${b.shiftFloor}) ELSE 0 END AS shift_z
FROM scored WHERE w >= 0 ORDER BY w`;
    const rows = await this.db.query(sql, [feedId, fromMs, windowMs, toMs, scope.admin, scope.tenant]);
    return rows.map((r) => ({
      w: Number(r['w']), n: Number(r['n']), mean: Number(r['mean']),
      sentiments: Object.fromEntries(SENTIMENT_LEVELS.map((l) => [l, Number(r[`s_${l}`])])),
      emotions: E.map((c) => Number(r[c] ?? 0)),
      scoreZ: Number(r['score_z']), shiftZ: Number(r['shift_z']),
    }));
  }

  async anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${RESULT_COLUMNS} FROM results WHERE feed_id = $1 AND anomalous AND payload IS NOT NULL AND occurred_ms >= $2 AND occurred_ms < $3 AND ${scoped(4, 5)}
       ORDER BY occurred_ms DESC LIMIT $6`,
      [feedId, fromMs, toMs, scope.admin, scope.tenant, limit],
    );
    return rows.map(resultRow);
  }

  // ---- deletion and retention ---------------------------------------------------------

  private async deleteJobs(where: string, params: unknown[], now: number): Promise<Deleted> {
    const r = await this.db.transaction(async (c) => {
      const victims = (await c.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where} FOR UPDATE`, params)).rows.map(jobRow);
      if (victims.length === 0) return { d: { jobs: 0, results: 0 }, n: 0 };
      const ids = victims.map((j) => j.id);
      const live = victims.filter((j) => j.status === 'PENDING' || j.status === 'PROCESSING');
      const subs = await this.subscriptions(c, live.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      await this.settleBatches(c, subs, live, now, events);
      const n = await this.writeEvents(c, subs, events);
      const results = await c.query('DELETE FROM results WHERE job_id = ANY($1::text[]) RETURNING id', [ids]);
      await c.query('DELETE FROM jobs WHERE id = ANY($1::text[])', [ids]);
      return { d: { jobs: victims.length, results: results.rowCount ?? 0 }, n };
    });
    this.notify(r.n);
    return r.d;
  }

  async deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    const rows = await this.db.query<{ job_id: string }>(`SELECT job_id FROM results WHERE id = $1 AND ${scoped(2, 3)}`, [resultId, scope.admin, scope.tenant]);
    if (!rows[0]) return null;
    return this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [rows[0].job_id, scope.admin, scope.tenant], Date.now());
  }

  async deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    const d = await this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [jobId, scope.admin, scope.tenant], now);
    return d.jobs === 0 ? null : d;
  }

  async deleteFeed(feedId: string, scope: Scope): Promise<Deleted | null> {
    const d = await this.db.transaction(async (c) => {
      const jobs = await c.query(`DELETE FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)}`, [feedId, scope.admin, scope.tenant]);
      const results = await c.query(`DELETE FROM results WHERE feed_id = $1 AND ${scoped(2, 3)}`, [feedId, scope.admin, scope.tenant]);
      return { jobs: jobs.rowCount ?? 0, results: results.rowCount ?? 0 };
    });
    return d.jobs + d.results === 0 ? null : d;
  }

  purgeBefore(cutoffMs: number): Promise<Deleted> {
    return this.db.transaction(async (c) => {
      const jobs = await c.query("DELETE FROM jobs WHERE created_ms < $1 AND status IN ('SUCCEEDED', 'FAILED', 'CANCELED')", [cutoffMs]);
      const kept = await c.query('UPDATE results SET payload = NULL WHERE created_ms < $1 AND feed_id IS NOT NULL AND payload IS NOT NULL', [cutoffMs]);
      const gone = await c.query('DELETE FROM results WHERE created_ms < $1 AND feed_id IS NULL', [cutoffMs]);
      await c.query("DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING')", [cutoffMs]);
      await c.query("DELETE FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING'", [cutoffMs]);
      await c.query('DELETE FROM batches WHERE created_ms < $1 AND completed_ms IS NOT NULL', [cutoffMs]);
      return { jobs: jobs.rowCount ?? 0, results: (kept.rowCount ?? 0) + (gone.rowCount ?? 0) };
    });
  }

  // ---- webhooks ------------------------------------------------------------------

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
      UPDATE webhook_messages m SET next_ms = $3 FROM due WHERE m.id = due.id RETURNING ${prefixed(MESSAGE_COLUMNS, 'm')}, due.was`, [now, limit, now + DELIVERY_LEASE_MS, [...busy]]);
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
    const byId = new Map<string, DeliveryLogEntry['log']>();
    for (const a of attempts) {
      const l = byId.get(String(a['message_id'])) ?? [];
      l.push({ atMs: Number(a['at_ms']), statusCode: Number(a['status_code']), error: String(a['error']), durationMs: Number(a['duration_ms']) });
      byId.set(String(a['message_id']), l);
    }
    return { deliveries: page.map((m) => ({ ...m, log: byId.get(m.id) ?? [] })), more: rows.length > limit };
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
