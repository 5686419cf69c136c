/**
 * Jobs and results in an embedded DuckDB state file (state/sentiment.duckdb).
 *
 * - One writer connection runs every change in order (a queue), so the checks that
 *   make results idempotent cannot race: a result is inserted, and its job set to
 *   SUCCEEDED, in one transaction and only while the job is still PENDING or
 *   PROCESSING. A job that ran twice (after a crash) or was canceled meanwhile gets
 *   no second result.
 * - Writes commit before the caller is answered: DuckDB commits flush its WAL, so an
 *   acknowledged job survives a kill. Every statement runs on DuckDB's threads (bound
 *   lists + unnest, never the appender, whose flush would block the event loop).
 * - Reads use their own connections. Times are epoch milliseconds (BIGINT).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BIGINT, DOUBLE, VARCHAR, BOOLEAN, type DuckDBConnection, type DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { ConnectionPool, bindParam, openDatabase, typedList, type Param } from '../db/duckdb.js';
import { EMOTIONS, type Domain } from './labels.js';

export type JobStatus = 'PENDING' | 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'CANCELED';

export interface JobRow {
  id: string;
  status: JobStatus;
  feedId: string | null;
  domain: Domain;
  occurredMs: number;
  createdMs: number;
  updatedMs: number;
  attempts: number;
  resultId: string | null;
  errorType: string | null;
  errorMessage: string | null;
}

export interface NewJob {
  id: string;
  text: string;
  feedId: string | null;
  domain: Domain;
  occurredMs: number;
  createdMs: number;
}

/** A computed result, ready to store. `payload` is the result as JSON (what GetAnalysis returns). */
export interface StoredResult {
  id: string;
  jobId: string;
  feedId: string | null;
  domain: Domain;
  occurredMs: number;
  createdMs: number;
  sentiment: string;
  score: number;
  emotions: number[];
  anomalous: boolean;
  z: number;
  payload: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS jobs (
  id VARCHAR NOT NULL, status VARCHAR NOT NULL, text VARCHAR NOT NULL, feed_id VARCHAR, domain VARCHAR NOT NULL,
  occurred_ms BIGINT NOT NULL, created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL, attempts INTEGER NOT NULL,
  result_id VARCHAR, error_type VARCHAR, error_message VARCHAR);
CREATE TABLE IF NOT EXISTS results (
  id VARCHAR NOT NULL, job_id VARCHAR NOT NULL, feed_id VARCHAR, domain VARCHAR NOT NULL,
  occurred_ms BIGINT NOT NULL, created_ms BIGINT NOT NULL, sentiment VARCHAR NOT NULL, score DOUBLE NOT NULL,
  ${EMOTIONS.map((e) => `e_${e.toLowerCase()} DOUBLE`).join(', ')},
  anomalous BOOLEAN NOT NULL, z DOUBLE NOT NULL, payload VARCHAR NOT NULL);
`;


const list = typedList;

export class JobStore {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** A completion (or PROCESSING mark) queued but not started yet: later ones join it (group commit). */
  private pendingComplete: { results: StoredResult[]; now: number; done: Promise<Set<string>> } | null = null;
  private pendingProcessing: { ids: string[]; now: number; done: Promise<void> } | null = null;

  private constructor(
    private readonly writer: DuckDBConnection,
    readonly readers: ConnectionPool,
  ) {}

  static async open(stateDir: string): Promise<JobStore> {
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, 'sentiment.duckdb');
    let instance: DuckDBInstance;
    try {
      instance = await openDatabase(path, { threads: 1 });
    } catch (e) {
      throw new Error(`cannot open the sentiment state database ${path}: ${(e as Error).message}. Is another Meridian core running on the same MERIDIAN_STATE_DIR?`, { cause: e });
    }
    const writer = await instance.connect();
    await writer.run(SCHEMA);
    const readers = await ConnectionPool.create(instance, 2);
    return new JobStore(writer, readers);
  }

  /** Runs a change on the writer connection after every earlier one. */
  private write<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the job store is closed'));
    const run = this.queue.then(() => fn(this.writer));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exec(c: DuckDBConnection, sql: string, params: Param[]): Promise<Record<string, unknown>[]> {
    let st = this.statements.get(sql);
    if (!st) {
      st = await c.prepare(sql);
      this.statements.set(sql, st);
    }
    st.clearBindings();
    params.forEach((p, i) => bindParam(st, i + 1, p));
    return (await st.runAndReadAll()).getRowObjectsJS() as Record<string, unknown>[];
  }

  private async transaction<T>(c: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
    await c.run('BEGIN TRANSACTION');
    try {
      const out = await fn();
      await c.run('COMMIT');
      return out;
    } catch (e) {
      await c.run('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }

  /**
   * Inserts job rows (inside the caller's transaction, if any). Bound lists + unnest
   * run on DuckDB's own threads; the appender would flush on the event loop.
   */
  private async insertJobs(c: DuckDBConnection, jobs: readonly NewJob[], status: JobStatus, resultIds?: Map<string, string>): Promise<void> {
    await this.exec(c, `INSERT INTO jobs SELECT unnest($1::VARCHAR[]), '${status}', unnest($2::VARCHAR[]), nullif(unnest($3::VARCHAR[]), ''), unnest($4::VARCHAR[]),
      unnest($5::BIGINT[]), unnest($6::BIGINT[]), unnest($6::BIGINT[]), ${status === 'PENDING' ? 0 : 1}, nullif(unnest($7::VARCHAR[]), ''), NULL, NULL`, [
      list(jobs.map((j) => j.id), VARCHAR),
      list(jobs.map((j) => j.text), VARCHAR),
      list(jobs.map((j) => j.feedId ?? ''), VARCHAR),
      list(jobs.map((j) => j.domain), VARCHAR),
      list(jobs.map((j) => BigInt(j.occurredMs)), BIGINT),
      list(jobs.map((j) => BigInt(j.createdMs)), BIGINT),
      list(jobs.map((j) => resultIds?.get(j.id) ?? ''), VARCHAR),
    ]);
  }

  /** Stores new PENDING jobs (one transaction); resolves once committed. */
  insertPending(jobs: readonly NewJob[]): Promise<void> {
    return this.write((c) => this.insertJobs(c, jobs, 'PENDING'));
  }

  /** PENDING → PROCESSING for the jobs a worker is about to run; counts the attempt. */
  markProcessing(ids: readonly string[], now: number): Promise<void> {
    if (this.pendingProcessing) {
      this.pendingProcessing.ids.push(...ids);
      return this.pendingProcessing.done;
    }
    const entry = { ids: [...ids], now, done: Promise.resolve() };
    entry.done = this.write(async (c) => {
      if (this.pendingProcessing === entry) this.pendingProcessing = null;
      await this.exec(c, `UPDATE jobs SET status = 'PROCESSING', attempts = attempts + 1, updated_ms = $2
        WHERE id IN (SELECT unnest($1::VARCHAR[])) AND status IN ('PENDING', 'PROCESSING')`, [list(entry.ids, VARCHAR), BigInt(entry.now)]);
    });
    this.pendingProcessing = entry;
    return entry.done;
  }

  private async insertResults(c: DuckDBConnection, results: readonly StoredResult[]): Promise<void> {
    await this.exec(c, `INSERT INTO results SELECT unnest($1::VARCHAR[]), unnest($2::VARCHAR[]), nullif(unnest($3::VARCHAR[]), ''), unnest($4::VARCHAR[]),
      unnest($5::BIGINT[]), unnest($6::BIGINT[]), unnest($7::VARCHAR[]), unnest($8::DOUBLE[]),
      ${EMOTIONS.map((_, k) => `unnest($${9 + k}::DOUBLE[])`).join(', ')},
      unnest($16::BOOLEAN[]), unnest($17::DOUBLE[]), unnest($18::VARCHAR[])`, [
      list(results.map((r) => r.id), VARCHAR),
      list(results.map((r) => r.jobId), VARCHAR),
      list(results.map((r) => r.feedId ?? ''), VARCHAR),
      list(results.map((r) => r.domain), VARCHAR),
      list(results.map((r) => BigInt(r.occurredMs)), BIGINT),
      list(results.map((r) => BigInt(r.createdMs)), BIGINT),
      list(results.map((r) => r.sentiment), VARCHAR),
      list(results.map((r) => r.score), DOUBLE),
      ...EMOTIONS.map((_, k) => list(results.map((r) => r.emotions[k] ?? 0), DOUBLE)),
      list(results.map((r) => r.anomalous), BOOLEAN),
      list(results.map((r) => r.z), DOUBLE),
      list(results.map((r) => r.payload), VARCHAR),
    ]);
  }

  /**
   * Stores results of queued jobs: only for jobs still PENDING or PROCESSING (not
   * canceled, not already done), in one transaction with their SUCCEEDED status.
   * Returns the job ids that got their result.
   */
  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    if (results.length === 0) return Promise.resolve(new Set());
    if (this.pendingComplete) {
      this.pendingComplete.results.push(...results);
      return this.pendingComplete.done;
    }
    const entry = { results: [...results], now, done: Promise.resolve(new Set<string>()) };
    entry.done = this.write((c) => {
      if (this.pendingComplete === entry) this.pendingComplete = null;
      return this.transaction(c, async () => {
        const all = entry.results;
        const updated = await this.exec(c, `UPDATE jobs SET status = 'SUCCEEDED', result_id = v.rid, updated_ms = $3
          FROM (SELECT unnest($1::VARCHAR[]) AS jid, unnest($2::VARCHAR[]) AS rid) v
          WHERE jobs.id = v.jid AND jobs.status IN ('PENDING', 'PROCESSING') RETURNING jobs.id`, [
          list(all.map((r) => r.jobId), VARCHAR),
          list(all.map((r) => r.id), VARCHAR),
          BigInt(entry.now),
        ]);
        const live = new Set(updated.map((r) => String(r['id'])));
        const keep = all.filter((r) => live.has(r.jobId));
        if (keep.length) await this.insertResults(c, keep);
        return live;
      });
    });
    this.pendingComplete = entry;
    return entry.done;
  }

  /** Stores jobs that were analysed before being stored (synchronous mode, streams): job SUCCEEDED + result, one transaction. */
  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    return this.write((c) =>
      this.transaction(c, async () => {
        await this.insertJobs(c, jobs, 'SUCCEEDED', new Map(results.map((r) => [r.jobId, r.id])));
        await this.insertResults(c, results);
      }),
    );
  }

  /** Marks live jobs FAILED with an error entry. */
  fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> {
    return this.write(async (c) => {
      await this.exec(c, `UPDATE jobs SET status = 'FAILED', error_type = $2, error_message = $3, updated_ms = $4
        WHERE id IN (SELECT unnest($1::VARCHAR[])) AND status IN ('PENDING', 'PROCESSING')`, [list(ids, VARCHAR), type, message, BigInt(now)]);
    });
  }

  /** PENDING/PROCESSING → CANCELED. Returns the job afterwards (null if unknown). */
  cancel(id: string, now: number): Promise<JobRow | null> {
    return this.write(async (c) => {
      await this.exec(c, `UPDATE jobs SET status = 'CANCELED', updated_ms = $2 WHERE id = $1 AND status IN ('PENDING', 'PROCESSING')`, [id, BigInt(now)]);
      const rows = await this.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
      return rows[0] ? jobRow(rows[0]) : null;
    });
  }

  async getJob(id: string): Promise<JobRow | null> {
    const rows = await this.readers.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`, [id]);
    return rows[0] ? jobRow(rows[0]) : null;
  }

  async getResultPayload(id: string): Promise<string | null> {
    const rows = await this.readers.query<{ payload: string }>('SELECT payload FROM results WHERE id = $1', [id]);
    return rows[0]?.payload ?? null;
  }

  /** Jobs to run again after a restart, oldest first. */
  async unfinished(): Promise<(NewJob & { attempts: number })[]> {
    const rows = await this.readers.query(`SELECT id, text, feed_id, domain, occurred_ms, created_ms, attempts FROM jobs
      WHERE status IN ('PENDING', 'PROCESSING') ORDER BY created_ms, rowid`);
    return rows.map((r) => ({
      id: String(r['id']), text: String(r['text']), feedId: (r['feed_id'] as string | null) ?? null, domain: r['domain'] as Domain,
      occurredMs: Number(r['occurred_ms']), createdMs: Number(r['created_ms']), attempts: Number(r['attempts']),
    }));
  }

  /** The scores of a feed's latest `n` results, oldest first (the item-anomaly baseline). */
  async recentScores(feedId: string, n: number): Promise<number[]> {
    const rows = await this.readers.query<{ score: number }>(
      'SELECT score FROM (SELECT score, occurred_ms, created_ms FROM results WHERE feed_id = $1 ORDER BY occurred_ms DESC, created_ms DESC LIMIT $2) ORDER BY occurred_ms, created_ms',
      [feedId, n],
    );
    return rows.map((r) => Number(r.score));
  }

  async close(): Promise<void> {
    await this.queue;
    this.closed = true;
    for (const st of this.statements.values()) st.destroySync();
    try {
      await this.writer.run('CHECKPOINT');
    } catch {
      /* a checkpoint is an optimisation; the WAL has everything */
    }
    this.writer.closeSync();
    await this.readers.close();
  }
}

const JOB_COLUMNS = 'id, status, feed_id, domain, occurred_ms, created_ms, updated_ms, attempts, result_id, error_type, error_message';

function jobRow(r: Record<string, unknown>): JobRow {
  return {
    id: String(r['id']),
    status: r['status'] as JobStatus,
    feedId: (r['feed_id'] as string | null) ?? null,
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
