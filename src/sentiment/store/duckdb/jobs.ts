/**
 * The jobs / results aggregate of the embedded store: submissions (jobs and their
 * batches), their progress to SUCCEEDED / FAILED / CANCELED with the result rows and the
 * webhook events of the same transaction, and the reads of jobs, results and batches.
 * New job and result rows go in through DuckDB's Appender inside the open transaction.
 * Which PENDING job runs next, and the claims, are the queue's (queue.ts): a commit here
 * that adds or finishes live jobs tells it (insertPending, settled).
 */
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { batchMessage, jobMessage, resultMessage, succeededEvent } from '../messages.js';
import { JOB_STATES, type BatchRow, type JobCursor, type JobFilter, type JobRow, type JobStatus, type NewBatch, type NewJob, type ResultRow, type Scope, type StoredResult } from '../sentimentStore.js';
import { BATCH_COLUMNS, batchFromRows, jobRow, JOB_COLUMNS, LIVE_JOB_COLUMNS, liveJobRow, RESULT_COLUMNS, resultRow, stateCounts } from '../tableRows.js';
import type { DuckDbContext } from './context.js';
import type { DuckDbJobQueue } from './queue.js';
import { appendRows, createdSpan, E, idLookup, idRows, list, LIVE, rowsFrom, scoped, varcharOrNull, wellFormed, type Param } from './sql.js';
import type { DuckDbWebhooks, PendingEvent } from './webhooks.js';

/** What a completion reads back when some tenant has webhooks: whole jobs (their events carry the job). Without, it reads nothing back (complete). */
const RETURN_FULL = JOB_COLUMNS.split(', ').map((k) => `jobs.${k}`).join(', ');

/**
 * Counts per job state, the states as parameters from `$first` on, without grouping on the status text: a grouping
 * planned while every status was PENDING (7 bytes) kept that width in DuckDB 1.5.5 and answered SUCCEEDED as
 * 'SUCCEED\0\0', counted under no state (the jobs gauge read 0 SUCCEEDED beside labels "Y", "V", "[").
 */
const STATE_COUNTS = (first: number): string => JOB_STATES.map((s, i) => `count(*) FILTER (WHERE status = $${first + i}) AS "${s}"`).join(', ');
/** STATE_COUNTS' one row as stateCounts' rows. */
const stateRows = (row: Record<string, unknown> | undefined): Record<string, unknown>[] => JOB_STATES.map((s) => ({ status: s, n: Number(row?.[s] ?? 0) }));

export class DuckDbJobs {
  /** PENDING/PROCESSING jobs per batch (the batch completes when its count reaches 0). */
  private readonly liveByBatch = new Map<string, number>();

  constructor(private readonly ctx: DuckDbContext, private readonly hooks: DuckDbWebhooks, private readonly queue: DuckDbJobQueue) {}

  /** Loads the live jobs per batch, and the queue with every live job (open). */
  async load(): Promise<void> {
    this.queue.load(await this.unfinished());
    for (const r of await this.ctx.read<{ batch_id: string; n: bigint }>('SELECT batch_id, count(*) AS n FROM jobs WHERE batch_id IS NOT NULL AND status IN ($1, $2) GROUP BY batch_id', [...LIVE])) {
      this.liveByBatch.set(r.batch_id, Number(r.n));
    }
  }

  /**
   * (For maintenance.ts too.) Jobs that left PENDING/PROCESSING, in the caller's transaction: the queue forgets
   * them once it commits; their batches count down (in memory: the live jobs per batch, loaded at open, so no
   * write per completion), and a batch reaching 0 is marked completed, and announced.
   */
  async settled(c: DuckDBConnection, settled: readonly { id: string; tenant: string; batchId: string | null }[], now: number, events: PendingEvent[]): Promise<void> {
    if (settled.length) this.ctx.afterCommit.push(() => this.queue.settled(settled));
    const per = new Map<string, number>();
    for (const j of settled) if (j.batchId) per.set(j.batchId, (per.get(j.batchId) ?? 0) + 1);
    if (per.size === 0) return;
    const finished: string[] = [];
    const left = new Map<string, number>();
    for (const [bid, n] of per) {
      const l = (this.liveByBatch.get(bid) ?? 0) - n;
      left.set(bid, l);
      if (l <= 0) finished.push(bid);
    }
    this.ctx.afterCommit.push(() => {
      for (const [bid, l] of left) {
        if (l > 0) this.liveByBatch.set(bid, l);
        else this.liveByBatch.delete(bid);
      }
    });
    if (finished.length === 0) return;
    const done = await this.ctx.exec(c, `UPDATE batches SET remaining = 0, completed_ms = $2 WHERE id IN (SELECT unnest($1::VARCHAR[])) AND completed_ms IS NULL
      RETURNING id, tenant`, [list(finished, VARCHAR), BigInt(now)]);
    for (const b of done) {
      if (!this.hooks.subscribed(String(b['tenant']), 'batch.completed')) continue;
      const row = await this.batchRow(c, String(b['id']), { tenant: String(b['tenant']), admin: false });
      if (row) events.push({ tenant: row.tenant, type: 'batch.completed', atMs: now, data: batchMessage(row) });
    }
  }

  // ---- submissions and completions ---------------------------------------------------

  /**
   * New job rows through DuckDB's Appender, inside the connection's open transaction
   * (a ROLLBACK drops them with the rest). Each value crosses to DuckDB as it is: no
   * JSON document to build here and parse there (insert 13-15 -> 10-12 µs per job in
   * process, bench/README.md). The Appender runs on the calling thread.
   */
  private async insertJobs(c: DuckDBConnection, jobs: readonly NewJob[], status: JobStatus, resultIds?: Map<string, string>): Promise<void> {
    const attempts = status === 'PENDING' ? 0 : 1;
    await appendRows(c, 'jobs', jobs, (a, j) => {
      // JOB_APPEND_ORDER
      a.appendVarchar(j.id);
      a.appendVarchar(status);
      a.appendVarchar(wellFormed(j.text));
      varcharOrNull(a, j.feedId);
      a.appendVarchar(j.domain);
      a.appendBigInt(BigInt(j.occurredMs));
      a.appendBigInt(BigInt(j.createdMs));
      a.appendBigInt(BigInt(j.createdMs));
      a.appendInteger(attempts);
      varcharOrNull(a, resultIds?.get(j.id) ?? null);
      a.appendNull();
      a.appendNull();
      a.appendVarchar(j.tenant);
      varcharOrNull(a, j.batchId);
    });
  }

  /**
   * Batches with a request fingerprint (request ids) may be stored already — by an earlier attempt;
   * on one core the InFlight gate keeps two calls of one request id from racing here — and are
   * looked up first: such a batch and its jobs are skipped (returned), never inserted twice.
   */
  async insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> {
    let queued = false;
    const existing = await this.ctx.write((c) => this.ctx.transaction(c, async () => {
      const keyed = batches.filter((b) => b.fingerprint !== undefined).map((b) => b.id);
      const found = new Set<string>(keyed.length === 0 ? [] : (await this.ctx.exec(c, `SELECT id FROM batches WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })})`,
        [idRows(keyed)])).map((r) => String(r['id'])));
      const newJobs = found.size ? jobs.filter((j) => !j.batchId || !found.has(j.batchId)) : jobs;
      const newBatches = found.size ? batches.filter((b) => !found.has(b.id)) : batches;
      await this.insertJobs(c, newJobs, 'PENDING');
      queued = newJobs.length > 0;
      this.ctx.afterCommit.push(() => {
        this.queue.added(newJobs);
        for (const j of newJobs) if (j.batchId) this.liveByBatch.set(j.batchId, (this.liveByBatch.get(j.batchId) ?? 0) + 1);
      });
      if (newBatches.length) {
        await this.ctx.exec(c, `INSERT INTO batches (id, tenant, created_ms, total, remaining, completed_ms, request_fingerprint)
          SELECT r.id, r.tenant, r.created_ms, r.total, r.total, NULL, r.fp FROM ${rowsFrom(1, { id: 'VARCHAR', tenant: 'VARCHAR', created_ms: 'BIGINT', total: 'INTEGER', fp: 'VARCHAR' })}`,
          [JSON.stringify(newBatches.map((b) => ({ id: b.id, tenant: b.tenant, created_ms: b.createdMs, total: b.total, fp: b.fingerprint ?? null })))]);
      }
      return found;
    }));
    if (queued) this.queue.announce();
    return existing;
  }

  /** Result rows through the Appender, in the open transaction (as insertJobs). */
  private async insertResults(c: DuckDBConnection, results: readonly StoredResult[]): Promise<void> {
    await appendRows(c, 'results', results, (a, r) => {
      // RESULT_APPEND_ORDER
      a.appendVarchar(r.id);
      a.appendVarchar(r.jobId);
      varcharOrNull(a, r.feedId);
      a.appendVarchar(r.domain);
      a.appendBigInt(BigInt(r.occurredMs));
      a.appendBigInt(BigInt(r.createdMs));
      a.appendVarchar(r.sentiment);
      a.appendDouble(r.score);
      for (let k = 0; k < E.length; k++) a.appendDouble(r.emotions[k] ?? 0);
      a.appendBoolean(r.anomalous);
      a.appendDouble(r.z);
      a.appendVarchar(r.payload);
      a.appendVarchar(r.tenant);
    });
  }

  private anomalyEvents(results: readonly StoredResult[], now: number, events: PendingEvent[]): void {
    for (const r of results) {
      if (!r.anomalous || !r.feedId || !this.hooks.subscribed(r.tenant, 'feed.anomaly')) continue;
      const p = resultMessage(r);
      events.push({ tenant: r.tenant, type: 'feed.anomaly', atMs: now, data: {
        feedId: r.feedId, jobId: r.jobId, resultId: r.id, occurredAt: p.occurredAt, sentiment: r.sentiment, sentimentScore: r.score, feedAnomaly: p.feedAnomaly,
      } });
    }
  }

  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    if (results.length === 0) return Promise.resolve(new Set());
    return this.ctx.write(async (c) => {
      const events: PendingEvent[] = [];
      const out = await this.ctx.transaction(c, async () => {
        const pairs = JSON.stringify(results.map((r) => ({ jid: r.jobId, rid: r.id })));
        const span = createdSpan(results.map((r) => r.jobId));
        const subscribers = this.hooks.any;
        // With no webhook subscribed, the UPDATE only counts: when it reached every job (the usual case),
        // no row is read back; else the jobs it did reach are looked up by the result ids it set.
        const rows = await this.ctx.exec(c, `UPDATE jobs SET status = 'SUCCEEDED', result_id = v.r.rid, updated_ms = $2
          FROM ${rowsFrom(1, { jid: 'VARCHAR', rid: 'VARCHAR' })} v
          WHERE jobs.id = v.r.jid AND jobs.status IN ($3, $4) AND jobs.created_ms BETWEEN $5 AND $6${subscribers ? ` RETURNING ${RETURN_FULL}` : ''}`,
        [pairs, BigInt(now), ...LIVE, ...span]);
        let keep: readonly StoredResult[] = results;
        if (subscribers) {
          const updated = rows.map(jobRow);
          const reached = new Set(updated.map((r) => r.id));
          keep = results.filter((r) => reached.has(r.jobId));
          const byId = new Map(keep.map((r) => [r.id, r]));
          for (const j of updated) if (this.hooks.subscribed(j.tenant, 'job.succeeded')) events.push({ tenant: j.tenant, type: 'job.succeeded', atMs: now, data: succeededEvent(j, byId) });
        } else if (Number(rows[0]?.['Count'] ?? 0) !== results.length) {
          const reached = new Set((await this.ctx.exec(c, `SELECT jobs.id FROM jobs, ${rowsFrom(1, { jid: 'VARCHAR', rid: 'VARCHAR' })} v
            WHERE jobs.id = v.r.jid AND jobs.result_id = v.r.rid AND jobs.created_ms BETWEEN $2 AND $3`, [pairs, ...span])).map((r) => String(r['id'])));
          keep = results.filter((r) => reached.has(r.jobId));
        }
        const live = new Set(keep.map((r) => r.jobId));
        if (keep.length) await this.insertResults(c, keep);
        this.anomalyEvents(keep, now, events);
        await this.settled(c, keep.map((r) => ({ id: r.jobId, tenant: r.tenant, batchId: r.batchId })), now, events);
        return { live, n: await this.hooks.writeEvents(c, events) };
      });
      this.hooks.notify(out.n);
      return out.live;
    });
  }

  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    return this.ctx.write(async (c) => {
      const n = await this.ctx.transaction(c, async () => {
        await this.insertJobs(c, jobs, 'SUCCEEDED', new Map(results.map((r) => [r.jobId, r.id])));
        await this.insertResults(c, results);
        const events: PendingEvent[] = [];
        this.anomalyEvents(results, Date.now(), events);
        return this.hooks.writeEvents(c, events);
      });
      this.hooks.notify(n);
    });
  }

  fail(jobIds: readonly string[], type: string, message: string, now: number): Promise<void> {
    return this.ctx.write(async (c) => {
      const n = await this.ctx.transaction(c, async () => {
        const failed = (await this.ctx.exec(c, `UPDATE jobs SET status = 'FAILED', error_type = $2, error_message = $3, updated_ms = $4
          WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status IN ($5, $6) AND created_ms BETWEEN $7 AND $8 RETURNING ${JOB_COLUMNS}`,
          [idRows(jobIds), type, message, BigInt(now), ...LIVE, ...createdSpan(jobIds)])).map(jobRow);
        const events: PendingEvent[] = [];
        for (const j of failed) if (this.hooks.subscribed(j.tenant, 'job.failed')) events.push({ tenant: j.tenant, type: 'job.failed', atMs: now, data: jobMessage(j) });
        await this.settled(c, failed, now, events);
        return this.hooks.writeEvents(c, events);
      });
      this.hooks.notify(n);
    });
  }

  cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    return this.ctx.write(async (c) => {
      const r = await this.ctx.transaction(c, async () => {
        const span = createdSpan([id]);
        const canceled = (await this.ctx.exec(c, `UPDATE jobs SET status = 'CANCELED', updated_ms = $2 WHERE ${idLookup('id', 1, 7, span)} AND status IN ($5, $6) AND ${scoped(3, 4)}
          RETURNING ${JOB_COLUMNS}`, [id, BigInt(now), scope.admin, scope.tenant, ...LIVE, ...span])).map(jobRow);
        const events: PendingEvent[] = [];
        await this.settled(c, canceled, now, events);
        const rows = await this.ctx.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
        return { job: rows[0] ? jobRow(rows[0]) : null, n: await this.hooks.writeEvents(c, events) };
      });
      this.hooks.notify(r.n);
      return r.job;
    });
  }

  async getJob(id: string, scope: Scope): Promise<JobRow | null> {
    const span = createdSpan([id]);
    const rows = await this.ctx.read(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    return rows[0] ? jobRow(rows[0]) : null;
  }

  async listJobs(f: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> {
    const rows = await this.ctx.read(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${scoped(1, 2)}
      AND ($3 = '' OR status = $3) AND ($4 = '' OR feed_id = $4) AND ($5 = '' OR batch_id = $5)
      AND created_ms >= $6 AND created_ms < $7 AND (created_ms < $8 OR (created_ms = $8 AND id < $9))
      ORDER BY created_ms DESC, id DESC LIMIT $10`, [
      scope.admin, scope.tenant, f.status ?? '', f.feedId ?? '', f.batchId ?? '',
      BigInt(f.createdAfterMs ?? 0), BigInt(f.createdBeforeMs ?? Number.MAX_SAFE_INTEGER),
      BigInt(after?.createdMs ?? Number.MAX_SAFE_INTEGER), after?.id ?? '', BigInt(limit + 1),
    ]);
    return { jobs: rows.slice(0, limit).map(jobRow), more: rows.length > limit };
  }

  async getResult(id: string, scope: Scope): Promise<ResultRow | null> {
    const span = createdSpan([id]);
    const rows = await this.ctx.read(`SELECT ${RESULT_COLUMNS} FROM results WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    return rows[0] && typeof rows[0]['payload'] === 'string' ? resultRow(rows[0]) : null;
  }

  private async batchRow(c: DuckDBConnection | null, id: string, scope: Scope): Promise<BatchRow | null> {
    const q = async (sql: string, params: Param[]) => (c ? this.ctx.exec(c, sql, params) : this.ctx.read(sql, params));
    const span = createdSpan([id]);
    const rows = await q(`SELECT ${BATCH_COLUMNS} FROM batches WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    const b = rows[0];
    // a batch's jobs are created in the same millisecond as the batch (SentimentService.BatchAnalyzeTexts)
    return b ? batchFromRows(b, stateRows((await q(`SELECT ${STATE_COUNTS(4)} FROM jobs WHERE ${idLookup('batch_id', 1, 2, span)}`, [id, ...span, ...JOB_STATES]))[0])) : null;
  }

  getBatch(id: string, scope: Scope): Promise<BatchRow | null> {
    return this.batchRow(null, id, scope);
  }

  /** (A scan of results' job_id, which has no index here: a few ms at a million results; only a requestId's first submission asks.) */
  async keptResults(jobKeys: readonly string[], scope: Scope): Promise<number> {
    if (jobKeys.length === 0) return 0;
    const rows = await this.ctx.read<{ n: bigint }>(`SELECT count(*) AS n FROM results WHERE substr(job_id, 15) IN (SELECT unnest($1::VARCHAR[])) AND ${scoped(2, 3)}`, [[...jobKeys], scope.admin, scope.tenant]);
    return Number(rows[0]?.n ?? 0);
  }

  async unfinished(): Promise<(NewJob & { attempts: number })[]> {
    const rows = await this.ctx.read(`SELECT ${LIVE_JOB_COLUMNS} FROM jobs
      WHERE status IN ($1, $2) ORDER BY created_ms, rowid`, [...LIVE]);
    return rows.map(liveJobRow);
  }

  async countByState(): Promise<Record<JobStatus, number>> {
    return stateCounts(stateRows((await this.ctx.read(`SELECT ${STATE_COUNTS(1)} FROM jobs`, [...JOB_STATES]))[0]));
  }
}
