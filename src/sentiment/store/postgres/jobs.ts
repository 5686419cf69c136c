/**
 * The jobs / results aggregate of the PostgreSQL store: submissions (jobs and their batches),
 * their progress to SUCCEEDED / FAILED / CANCELED with the result rows and the webhook
 * messages of the same transaction, and the reads of jobs, results and batches. Which
 * PENDING job runs next, and the claims, are the queue's (queue.ts).
 *
 * - Exactly one result per job: a result is stored in the transaction that moves its job
 *   from PENDING/PROCESSING to SUCCEEDED; a second completion (a lapsed lease whose core
 *   was only slow) waits on the row lock, then finds it SUCCEEDED and stores nothing;
 *   `results.job_id` is UNIQUE besides.
 */
import type { PgDatabase, Queryable } from '../../../db/postgres.js';
import { batchMessage, jobMessage, resultMessage, succeededEvent } from '../messages.js';
import type { BatchRow, JobCursor, JobFilter, JobRow, JobStatus, NewBatch, NewJob, ResultRow, Scope, StoredResult } from '../sentimentStore.js';
import { BATCH_COLUMNS, batchFromRows, jobRow, JOB_COLUMNS, LIVE_JOB_COLUMNS, liveJobRow, RESULT_COLUMNS, resultRow, stateCounts } from '../tableRows.js';
import { JOBS_CHANNEL, type PgJobQueue } from './queue.js';
import { E, prefixed, scoped, type PendingEvent, type Subscriptions } from './sql.js';
import { subscribed, type PgWebhooks } from './webhooks.js';

export class PgJobs {
  constructor(private readonly db: PgDatabase, private readonly hooks: PgWebhooks, private readonly queue: PgJobQueue) {}

  async settleBatches(c: Queryable, subs: Subscriptions, settled: readonly JobRow[], now: number, events: PendingEvent[]): Promise<void> {
    const per = new Map<string, number>();
    for (const j of settled) if (j.batchId) per.set(j.batchId, (per.get(j.batchId) ?? 0) + 1);
    if (per.size === 0) return;
    const ids = [...per.keys()].sort(); // one lock order for every transaction
    const done = await c.query<{ id: string; tenant: string; remaining: number }>(`UPDATE batches b SET remaining = b.remaining - v.n,
        completed_ms = CASE WHEN b.remaining - v.n <= 0 THEN $3::bigint ELSE NULL END
      FROM unnest($1::text[], $2::int[]) AS v(bid, n) WHERE b.id = v.bid RETURNING b.id, b.tenant, b.remaining`, [ids, ids.map((id) => per.get(id)!), now]);
    for (const b of done.rows) {
      if (Number(b.remaining) > 0 || !subscribed(subs, b.tenant, 'batch.completed')) continue;
      const row = await this.batchRow(c, b.id, { tenant: b.tenant, admin: false });
      if (row) events.push({ tenant: row.tenant, type: 'batch.completed', atMs: now, data: batchMessage(row) });
    }
  }

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

  static anomalyEvents(subs: Subscriptions, results: readonly StoredResult[], now: number, events: PendingEvent[]): void {
    for (const r of results) {
      if (!r.anomalous || !r.feedId || !subscribed(subs, r.tenant, 'feed.anomaly')) continue;
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
      const subs = await this.hooks.subscriptions(c, updated.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      const byId = new Map(keep.map((r) => [r.id, r]));
      for (const j of updated) if (subscribed(subs, j.tenant, 'job.succeeded')) events.push({ tenant: j.tenant, type: 'job.succeeded', atMs: now, data: succeededEvent(j, byId) });
      PgJobs.anomalyEvents(subs, keep, now, events);
      await this.settleBatches(c, subs, updated, now, events);
      return { live, n: await this.hooks.writeEvents(c, subs, events) };
    });
    this.hooks.notify(out.n);
    return out.live;
  }

  async insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    const n = await this.db.transaction(async (c) => {
      await this.insertJobs(c, jobs, 'SUCCEEDED', new Map(results.map((r) => [r.jobId, r.id])));
      await this.insertResults(c, results);
      const subs = await this.hooks.subscriptions(c, results.filter((r) => r.anomalous).map((r) => r.tenant));
      const events: PendingEvent[] = [];
      PgJobs.anomalyEvents(subs, results, Date.now(), events);
      return this.hooks.writeEvents(c, subs, events);
    });
    this.hooks.notify(n);
  }

  async fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> {
    const n = await this.db.transaction(async (c) => {
      const failed = (await c.query(`UPDATE jobs SET status = 'FAILED', error_type = $2, error_message = $3, updated_ms = $4, lease_owner = NULL, lease_until = NULL
        WHERE id = ANY($1::text[]) AND status IN ('PENDING', 'PROCESSING') RETURNING ${JOB_COLUMNS}`, [ids, type, message, now])).rows.map(jobRow);
      const subs = await this.hooks.subscriptions(c, failed.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      for (const j of failed) if (subscribed(subs, j.tenant, 'job.failed')) events.push({ tenant: j.tenant, type: 'job.failed', atMs: now, data: jobMessage(j) });
      await this.settleBatches(c, subs, failed, now, events);
      return this.hooks.writeEvents(c, subs, events);
    });
    this.hooks.notify(n);
  }

  async cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    const r = await this.db.transaction(async (c) => {
      const canceled = (await c.query(`UPDATE jobs SET status = 'CANCELED', updated_ms = $2, lease_owner = NULL, lease_until = NULL
        WHERE id = $1 AND status IN ('PENDING', 'PROCESSING') AND ${scoped(3, 4)} RETURNING ${JOB_COLUMNS}`, [id, now, scope.admin, scope.tenant])).rows.map(jobRow);
      const subs = await this.hooks.subscriptions(c, canceled.map((j) => j.tenant));
      const events: PendingEvent[] = [];
      await this.settleBatches(c, subs, canceled, now, events);
      const rows = await c.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
      return { job: rows.rows[0] ? jobRow(rows.rows[0]) : null, n: await this.hooks.writeEvents(c, subs, events) };
    });
    this.hooks.notify(r.n);
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

  async keptResults(jobKeys: readonly string[], scope: Scope): Promise<number> {
    if (jobKeys.length === 0) return 0;
    // results_job_key (migration 4) answers substr(job_id, 15)
    const rows = await this.db.query<{ n: string }>(`SELECT count(*) AS n FROM results WHERE substr(job_id, 15) = ANY($1::text[]) AND ${scoped(2, 3)}`, [[...jobKeys], scope.admin, scope.tenant]);
    return Number(rows[0]?.n ?? 0);
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
}
