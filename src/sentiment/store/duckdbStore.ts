/**
 * The embedded sentiment store: one DuckDB state file (state/sentiment.duckdb).
 *
 * - One writer connection runs every change in order (a queue), so the checks that
 *   make results idempotent cannot race: a result is inserted, and its job set to
 *   SUCCEEDED, in one transaction and only while the job is still PENDING or
 *   PROCESSING. A job that ran twice (after a crash) or was canceled meanwhile gets
 *   no second result. The webhook messages a change causes are written in the same
 *   transaction (the outbox), so a crash loses none.
 * - Writes commit before the caller is answered: DuckDB commits flush its WAL, so an
 *   acknowledged job survives a kill. Statements run on DuckDB's threads; new job and
 *   result rows go in through DuckDB's Appender inside the open transaction (insert
 *   13-15 -> 10-12 µs per job against a JSON document DuckDB parses back, bench/README.md), whose flushes
 *   run on this thread, 1,024 rows at a time with the event loop served in between.
 *   Calls of the same turn arrive here already gathered (JobStore), one transaction each.
 * - Reads use their own connections. Times are epoch milliseconds (BIGINT).
 * - No index on ids: a lookup by id (status reads, PROCESSING, completion, results,
 *   batch counts) also bounds created_ms by the time a time-ordered id carries
 *   (createdSpan, timeOrderedId.ts), which DuckDB prunes row groups on; so its cost
 *   does not grow with the jobs kept (bench/jobStoreScale.ts).
 * - Deleted means gone from the file: DuckDB leaves deleted rows' bytes in its blocks,
 *   so every deletion is followed by a compaction (the database copied into a fresh
 *   file that replaces the old one) before the deletion is answered; deletions that
 *   arrive together share one compaction.
 * - Compactions are spaced so that they cannot hold the store most of the time: one
 *   starts only once the time since the previous one ended is at least
 *   COMPACTION_SPACING (3) times that one's duration, so the store is held by
 *   compactions at most ~25 % of the time. Deletions that arrive meanwhile are done
 *   at once (other writes and reads go on) and join the next compaction, and are
 *   answered after it; when the last compaction is long past, there is no wait.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { BIGINT, VARCHAR, INTEGER, type DuckDBAppender, type DuckDBConnection, type DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { ConnectionPool, bindParam, openDatabase, typedList, type Param } from '../../db/duckdb.js';
import { SENTIMENT_LEVELS } from '../labels.js';
import { migrate } from './migrations.js';
import { batchMessage, eventBody, jobMessage, resultMessage } from './messages.js';
import { idTimeRange } from './timeOrderedId.js';
import {
  type AttemptOutcome, type BatchRow, type Deleted, type DeliveryLogEntry, type FeedWindowRow, type JobCursor, type JobFilter,
  type JobRow, type JobStatus, type NewBatch, type NewJob, type OutboxMessage, type ResultRow, type Scope, type SentimentStore, type StoredResult,
  type WebhookEndpoint, type WebhookEvent,
} from './sentimentStore.js';
import { BATCH_COLUMNS, batchFromRows, jobRow, JOB_COLUMNS, LIVE_JOB_COLUMNS, liveJobRow, messageRow, MESSAGE_COLUMNS, EMOTION_COLUMNS, EMOTION_MEANS, RESULT_COLUMNS, resultRow, stateCounts, webhookRow } from './tableRows.js';

const list = typedList;
/** The live states, bound as parameters (see exec). */
const LIVE = ['PENDING', 'PROCESSING'] as const;
const FRESH = { cache: false } as const;
/** A compaction starts no sooner than this many times the previous one's duration after it ended. */
export const COMPACTION_SPACING = 3;
/** What a completion reads back when some tenant has webhooks: whole jobs (their events carry the job). Without, it reads nothing back (complete). */
const RETURN_FULL = JOB_COLUMNS.split(', ').map((k) => `jobs.${k}`).join(', ');
const E = EMOTION_COLUMNS;
/** `scope` as SQL: admin sees all, a tenant its own rows. Two parameters: admin, tenant. */
const scoped = (admin: number, tenant: number, table = ''): string => `($${admin} OR ${table}tenant = $${tenant})`;

type ColumnType = 'VARCHAR' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'INTEGER' | 'JSON';

/**
 * Many rows bound as one parameter: a JSON array of objects that DuckDB unpacks into
 * typed columns itself (`json_transform`, from the json extension DuckDB's npm binary
 * links statically: nothing is downloaded). One string bind per statement costs a
 * fraction of building a DuckDB list value per column in JS (the core thread's
 * largest store cost before), and the parsing runs on DuckDB's thread. Use as
 * `FROM ${rowsFrom(1, SHAPE)}` and read the columns as `r.name`.
 */
function rowsFrom(param: number, shape: Record<string, ColumnType>): string {
  return `(SELECT unnest(json_transform($${param}, '[${JSON.stringify(shape)}]')) AS r)`;
}

/** Text as DuckDB will store it: a lone surrogate (possible only from JS callers) becomes U+FFFD, as the bound-VARCHAR path did. */
const wellFormed = (t: string): string => ((t as string & { isWellFormed(): boolean }).isWellFormed() ? t : (t as string & { toWellFormed(): string }).toWellFormed());

/**
 * The column order the appenders write (insertJobs, insertResults): the order the
 * migrations create (v1, then v2's ALTER ... ADD COLUMN at the end). open() checks
 * the file has it, so a schema change that moves a column fails at start, not in a row.
 */
const JOB_APPEND_ORDER = ['id', 'status', 'text', 'feed_id', 'domain', 'occurred_ms', 'created_ms', 'updated_ms', 'attempts', 'result_id', 'error_type', 'error_message', 'tenant', 'batch_id'];
const RESULT_APPEND_ORDER = ['id', 'job_id', 'feed_id', 'domain', 'occurred_ms', 'created_ms', 'sentiment', 'score', ...E, 'anomalous', 'z', 'payload', 'tenant'];

/**
 * Rows per Appender flush. Each flush runs on the calling (core) thread, ~5 ms for this
 * many, and most of a flush's cost is per flush, not per row: 1,000 result rows took
 * 9-12 µs a row flushed 128 at a time, 5-6 µs at once (a 10,000-text batch: 6,504-7,330
 * texts/s with 128, 7,163-8,750 with 1,024, alternated; bench/README.md, "Thirteenth session").
 */
const APPEND_CHUNK = 1024;

/**
 * Appends rows to a table in the connection's open transaction, APPEND_CHUNK rows per
 * synchronous flush, yielding to the event loop between flushes so that the submissions
 * gathered in one turn never hold the core's thread for more than one chunk.
 */
async function appendRows<T>(c: DuckDBConnection, table: string, rows: readonly T[], row: (a: DuckDBAppender, r: T) => void): Promise<void> {
  const a = await c.createAppender(table);
  try {
    for (let i = 0; i < rows.length; i += APPEND_CHUNK) {
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      const end = Math.min(rows.length, i + APPEND_CHUNK);
      for (let k = i; k < end; k++) {
        row(a, rows[k]!);
        a.endRow();
      }
      a.flushSync();
    }
  } catch (e) {
    // closing flushes again, which after a failed flush only says "transaction is aborted": keep the real error
    try { a.closeSync(); } catch { /* the transaction is rolled back by the caller */ }
    throw e;
  }
  a.closeSync();
}

function varcharOrNull(a: DuckDBAppender, v: string | null | undefined): void {
  if (v === null || v === undefined) a.appendNull();
  else a.appendVarchar(v);
}
const idRows = (xs: readonly string[]): string => JSON.stringify(xs.map((id) => ({ id })));

/**
 * The created_ms span of rows named by these ids, bound with every lookup by id: the
 * time in a time-ordered id (timeOrderedId.ts) is its row's created_ms, so DuckDB reads
 * only the row groups of that time (their min/max) instead of the whole table. Ids
 * without a time (older files, idempotent submissions) span all time.
 */
type Span = readonly [bigint, bigint];
const ALL_TIME: Span = [BigInt(Number.MIN_SAFE_INTEGER), BigInt(Number.MAX_SAFE_INTEGER)];
function createdSpan(ids: readonly string[]): Span {
  const r = idTimeRange(ids);
  return r ? [BigInt(r[0]), BigInt(r[1])] : ALL_TIME;
}

/**
 * One row by its id (`column = $param`) within the id's created_ms span (createdSpan,
 * bound as $lo and $lo + 1), as SQL: `created_ms BETWEEN … AND <the id test>`. When the id carries its time,
 * the id test is kept out of the scan's own filters (`concat(column, '')`): DuckDB
 * applies those in column order, so it compared the id of every row of the row group
 * (3.3 ms for 122,880 rows) before the created_ms bound left a handful; after the
 * bound, the test costs nothing (1.3 ms a read in all, bench/README.md). An id
 * without a time keeps the plain test, which the whole-table scan does fastest.
 */
function idLookup(column: string, param: number, lo: number, span: Span): string {
  const test = span === ALL_TIME ? `${column} = $${param}` : `concat(${column}, '') = $${param}`;
  return `created_ms BETWEEN $${lo} AND $${lo + 1} AND ${test}`;
}

interface PendingEvent { tenant: string; type: WebhookEvent; atMs: number; data: unknown }

export class DuckDbSentimentStore implements SentimentStore {
  /** One core owns the file: jobs are queued in its memory. */
  readonly shared = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** Endpoints by tenant: events are written to the outbox only for subscribed tenants. */
  private readonly endpoints = new Map<string, WebhookEndpoint[]>();
  private readonly messageListeners: (() => void)[] = [];
  /** Reads in flight, and the gate new reads wait on while the file is being swapped. */
  private reading = 0;
  private readsDrained: (() => void) | null = null;
  private gate: Promise<void> | null = null;
  private compaction: Promise<void> | null = null;
  /** When the last compaction ended (epoch ms) and how long it held the store (ms); a start waiting out the spacing (close() cuts it short). */
  private lastCompactionEnd = 0;
  private lastCompactionMs = 0;
  private startSpacedCompaction: (() => void) | null = null;
  /** The compaction queued or running now (its successor's spacing counts from its end). */
  private compacting: Promise<void> | null = null;
  private closing = false;
  private compactions = 0;
  private compactionHeldMs = 0;
  /** PENDING/PROCESSING jobs per batch (the batch completes when its count reaches 0). */
  private readonly liveByBatch = new Map<string, number>();
  /** In-memory changes of the running transaction, applied once it commits. */
  private afterCommit: (() => void)[] = [];

  private constructor(
    private readonly path: string,
    private readonly compression: boolean,
    private instance: DuckDBInstance,
    private writer: DuckDBConnection,
    private readers: ConnectionPool,
  ) {}

  /** `compression: false` stores plain bytes (an audit can grep the file for a deleted text). */
  static async open(stateDir: string, opts: { compression?: boolean } = {}): Promise<DuckDbSentimentStore> {
    const compression = opts.compression ?? true;
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, 'sentiment.duckdb');
    rmSync(`${path}.compact`, { force: true });
    rmSync(`${path}.compact.wal`, { force: true });
    const { instance, writer, readers } = await DuckDbSentimentStore.connect(path, compression);
    try {
      await migrate(writer, path);
    } catch (e) {
      writer.closeSync();
      await readers.close();
      throw e;
    }
    for (const [table, order] of [['jobs', JOB_APPEND_ORDER], ['results', RESULT_APPEND_ORDER]] as const) {
      const cols = (await writer.runAndReadAll(`SELECT column_name AS c FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = '${table}' ORDER BY column_index`)).getRowObjectsJS().map((r) => String(r['c']));
      if (cols.join(',') !== order.join(',')) {
        writer.closeSync();
        await readers.close();
        throw new Error(`the sentiment state database ${path} has the ${table} columns (${cols.join(', ')}), not the order this Meridian appends rows in (${order.join(', ')})`);
      }
    }
    const store = new DuckDbSentimentStore(path, compression, instance, writer, readers);
    for (const w of await store.allWebhooks()) store.remember(w);
    for (const r of await store.read<{ batch_id: string; n: bigint }>('SELECT batch_id, count(*) AS n FROM jobs WHERE batch_id IS NOT NULL AND status IN ($1, $2) GROUP BY batch_id', [...LIVE])) {
      store.liveByBatch.set(r.batch_id, Number(r.n));
    }
    return store;
  }

  private static async connect(path: string, compression: boolean): Promise<{ instance: DuckDBInstance; writer: DuckDBConnection; readers: ConnectionPool }> {
    let instance: DuckDBInstance;
    try {
      instance = await openDatabase(path, { threads: 1 });
    } catch (e) {
      throw new Error(`cannot open the sentiment state database ${path}: ${(e as Error).message}. Is another Meridian core running on the same MERIDIAN_STATE_DIR?`, { cause: e });
    }
    const writer = await instance.connect();
    if (!compression) await writer.run("SET force_compression = 'uncompressed'");
    const readers = await ConnectionPool.create(instance, 2);
    return { instance, writer, readers };
  }

  onMessages(listener: () => void): void {
    this.messageListeners.push(listener);
  }

  // ---- plumbing ------------------------------------------------------------------

  /** Runs a change on the writer connection after every earlier one. */
  private write<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the sentiment store is closed'));
    const run = this.queue.then(() => fn(this.writer));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async read<T = Record<string, unknown>>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    while (this.gate) await this.gate;
    if (this.closed) throw new Error('the sentiment store is closed');
    this.reading++;
    try {
      return await this.readers.query<T>(sql, params);
    } finally {
      if (--this.reading === 0 && this.readsDrained) this.readsDrained();
    }
  }

  /**
   * Runs a statement on the writer, prepared once and cached, or (cache: false) prepared
   * for this run only. DuckDB plans a prepared statement with the table statistics of
   * the moment: a constant filter (status = 'PENDING', feed_id IS NOT NULL) that no row
   * matched then stays pruned in the cached plan. So cached statements take such
   * values as parameters, and rare ones (purge, deletion) are prepared afresh.
   */
  private async exec(c: DuckDBConnection, sql: string, params: Param[], opts: { cache?: boolean } = {}): Promise<Record<string, unknown>[]> {
    if (opts.cache === false) {
      const once = await c.prepare(sql);
      try {
        params.forEach((p, i) => bindParam(once, i + 1, p));
        return (await once.runAndReadAll()).getRowObjectsJS() as Record<string, unknown>[];
      } finally {
        once.destroySync();
      }
    }
    let st = this.statements.get(sql);
    if (!st) {
      st = await c.prepare(sql);
      this.statements.set(sql, st);
    }
    st.clearBindings();
    params.forEach((p, i) => bindParam(st, i + 1, p));
    return (await st.runAndReadAll()).getRowObjectsJS() as Record<string, unknown>[];
  }

  /** Runs fn in a transaction; the in-memory updates it registered (afterCommit) apply only once it committed. */
  private async transaction<T>(c: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
    this.afterCommit = [];
    await c.run('BEGIN TRANSACTION');
    try {
      const out = await fn();
      await c.run('COMMIT');
      for (const f of this.afterCommit) f();
      return out;
    } catch (e) {
      await c.run('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      this.afterCommit = [];
    }
  }

  // ---- webhook outbox (inside the writer's transactions) --------------------------------

  private remember(w: WebhookEndpoint): void {
    const l = this.endpoints.get(w.tenant) ?? [];
    l.push(w);
    this.endpoints.set(w.tenant, l);
  }

  private subscribed(tenant: string, type: WebhookEvent): boolean {
    return this.endpoints.get(tenant)?.some((w) => w.eventTypes.includes(type)) ?? false;
  }

  /** Writes one outbox message per subscribed endpoint; returns how many. */
  private async writeEvents(c: DuckDBConnection, events: readonly PendingEvent[]): Promise<number> {
    const rows: OutboxMessage[] = [];
    for (const ev of events) {
      const body = eventBody(ev.type, ev.atMs, ev.data);
      for (const w of this.endpoints.get(ev.tenant) ?? []) {
        if (!w.eventTypes.includes(ev.type)) continue;
        rows.push({ id: `msg_${randomUUID()}`, endpointId: w.id, tenant: ev.tenant, eventType: ev.type, payload: body, createdMs: ev.atMs, attempts: 0, nextMs: ev.atMs, status: 'PENDING' });
      }
    }
    if (rows.length === 0) return 0;
    await this.exec(c, `INSERT INTO webhook_messages (${MESSAGE_COLUMNS}) SELECT unnest($1::VARCHAR[]), unnest($2::VARCHAR[]), unnest($3::VARCHAR[]), unnest($4::VARCHAR[]),
      unnest($5::VARCHAR[]), unnest($6::BIGINT[]), 0, unnest($6::BIGINT[]), 'PENDING'`, [
      list(rows.map((r) => r.id), VARCHAR), list(rows.map((r) => r.endpointId), VARCHAR), list(rows.map((r) => r.tenant), VARCHAR),
      list(rows.map((r) => r.eventType), VARCHAR), list(rows.map((r) => r.payload), VARCHAR), list(rows.map((r) => BigInt(r.createdMs)), BIGINT),
    ]);
    return rows.length;
  }

  private notify(n: number): void {
    if (n > 0) for (const l of this.messageListeners) l();
  }

  /** Jobs that left PENDING/PROCESSING: their batches count down; a batch reaching 0 is completed (and announced). */
  /**
   * Jobs that left PENDING/PROCESSING: their batches count down (in memory: the live
   * jobs per batch, loaded at open, so no write per completion); a batch reaching 0 is
   * marked completed, and announced, in the caller's transaction.
   */
  private async settleBatches(c: DuckDBConnection, settled: readonly { batchId: string | null }[], now: number, events: PendingEvent[]): Promise<void> {
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
    this.afterCommit.push(() => {
      for (const [bid, l] of left) {
        if (l > 0) this.liveByBatch.set(bid, l);
        else this.liveByBatch.delete(bid);
      }
    });
    if (finished.length === 0) return;
    const done = await this.exec(c, `UPDATE batches SET remaining = 0, completed_ms = $2 WHERE id IN (SELECT unnest($1::VARCHAR[])) AND completed_ms IS NULL
      RETURNING id, tenant`, [list(finished, VARCHAR), BigInt(now)]);
    for (const b of done) {
      if (!this.subscribed(String(b['tenant']), 'batch.completed')) continue;
      const row = await this.batchRow(c, String(b['id']), { tenant: String(b['tenant']), admin: false });
      if (row) events.push({ tenant: row.tenant, type: 'batch.completed', atMs: now, data: batchMessage(row) });
    }
  }


  // ---- jobs ------------------------------------------------------------------

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
  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> {
    return this.write((c) => this.transaction(c, async () => {
      const keyed = batches.filter((b) => b.fingerprint !== undefined).map((b) => b.id);
      const existing = new Set<string>(keyed.length === 0 ? [] : (await this.exec(c, `SELECT id FROM batches WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })})`,
        [idRows(keyed)])).map((r) => String(r['id'])));
      const newJobs = existing.size ? jobs.filter((j) => !j.batchId || !existing.has(j.batchId)) : jobs;
      const newBatches = existing.size ? batches.filter((b) => !existing.has(b.id)) : batches;
      await this.insertJobs(c, newJobs, 'PENDING');
      this.afterCommit.push(() => {
        for (const j of newJobs) if (j.batchId) this.liveByBatch.set(j.batchId, (this.liveByBatch.get(j.batchId) ?? 0) + 1);
      });
      if (newBatches.length) {
        await this.exec(c, `INSERT INTO batches (id, tenant, created_ms, total, remaining, completed_ms, request_fingerprint)
          SELECT r.id, r.tenant, r.created_ms, r.total, r.total, NULL, r.fp FROM ${rowsFrom(1, { id: 'VARCHAR', tenant: 'VARCHAR', created_ms: 'BIGINT', total: 'INTEGER', fp: 'VARCHAR' })}`,
          [JSON.stringify(newBatches.map((b) => ({ id: b.id, tenant: b.tenant, created_ms: b.createdMs, total: b.total, fp: b.fingerprint ?? null })))]);
      }
      return existing;
    }));
  }

  markProcessing(ids: readonly string[], now: number): Promise<void> {
    return this.write(async (c) => {
      await this.exec(c, `UPDATE jobs SET status = 'PROCESSING', attempts = attempts + 1, updated_ms = $2
        WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status IN ($3, $4) AND created_ms BETWEEN $5 AND $6`, [idRows(ids), BigInt(now), ...LIVE, ...createdSpan(ids)]);
    });
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
      if (!r.anomalous || !r.feedId || !this.subscribed(r.tenant, 'feed.anomaly')) continue;
      const p = resultMessage(r);
      events.push({ tenant: r.tenant, type: 'feed.anomaly', atMs: now, data: {
        feedId: r.feedId, jobId: r.jobId, resultId: r.id, occurredAt: p.occurredAt, sentiment: r.sentiment, sentimentScore: r.score, feedAnomaly: p.feedAnomaly,
      } });
    }
  }

  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    if (results.length === 0) return Promise.resolve(new Set());
    return this.write(async (c) => {
      const events: PendingEvent[] = [];
      const out = await this.transaction(c, async () => {
        const pairs = JSON.stringify(results.map((r) => ({ jid: r.jobId, rid: r.id })));
        const span = createdSpan(results.map((r) => r.jobId));
        const subscribers = this.endpoints.size > 0;
        // With no webhook subscribed, the UPDATE only counts: when it reached every job (the usual case),
        // no row is read back; else the jobs it did reach are looked up by the result ids it set.
        const rows = await this.exec(c, `UPDATE jobs SET status = 'SUCCEEDED', result_id = v.r.rid, updated_ms = $2
          FROM ${rowsFrom(1, { jid: 'VARCHAR', rid: 'VARCHAR' })} v
          WHERE jobs.id = v.r.jid AND jobs.status IN ($3, $4) AND jobs.created_ms BETWEEN $5 AND $6${subscribers ? ` RETURNING ${RETURN_FULL}` : ''}`,
        [pairs, BigInt(now), ...LIVE, ...span]);
        let keep: readonly StoredResult[] = results;
        if (subscribers) {
          const updated = rows.map(jobRow);
          const reached = new Set(updated.map((r) => r.id));
          keep = results.filter((r) => reached.has(r.jobId));
          for (const j of updated) if (this.subscribed(j.tenant, 'job.succeeded')) events.push({ tenant: j.tenant, type: 'job.succeeded', atMs: now, data: jobMessage(j) });
        } else if (Number(rows[0]?.['Count'] ?? 0) !== results.length) {
          const reached = new Set((await this.exec(c, `SELECT jobs.id FROM jobs, ${rowsFrom(1, { jid: 'VARCHAR', rid: 'VARCHAR' })} v
            WHERE jobs.id = v.r.jid AND jobs.result_id = v.r.rid AND jobs.created_ms BETWEEN $2 AND $3`, [pairs, ...span])).map((r) => String(r['id'])));
          keep = results.filter((r) => reached.has(r.jobId));
        }
        const live = new Set(keep.map((r) => r.jobId));
        if (keep.length) await this.insertResults(c, keep);
        this.anomalyEvents(keep, now, events);
        await this.settleBatches(c, keep, now, events);
        return { live, n: await this.writeEvents(c, events) };
      });
      this.notify(out.n);
      return out.live;
    });
  }

  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    return this.write(async (c) => {
      const n = await this.transaction(c, async () => {
        await this.insertJobs(c, jobs, 'SUCCEEDED', new Map(results.map((r) => [r.jobId, r.id])));
        await this.insertResults(c, results);
        const events: PendingEvent[] = [];
        this.anomalyEvents(results, Date.now(), events);
        return this.writeEvents(c, events);
      });
      this.notify(n);
    });
  }

  fail(jobIds: readonly string[], type: string, message: string, now: number): Promise<void> {
    return this.write(async (c) => {
      const n = await this.transaction(c, async () => {
        const failed = (await this.exec(c, `UPDATE jobs SET status = 'FAILED', error_type = $2, error_message = $3, updated_ms = $4
          WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status IN ($5, $6) AND created_ms BETWEEN $7 AND $8 RETURNING ${JOB_COLUMNS}`,
          [idRows(jobIds), type, message, BigInt(now), ...LIVE, ...createdSpan(jobIds)])).map(jobRow);
        const events: PendingEvent[] = [];
        for (const j of failed) if (this.subscribed(j.tenant, 'job.failed')) events.push({ tenant: j.tenant, type: 'job.failed', atMs: now, data: jobMessage(j) });
        await this.settleBatches(c, failed, now, events);
        return this.writeEvents(c, events);
      });
      this.notify(n);
    });
  }

  cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    return this.write(async (c) => {
      const r = await this.transaction(c, async () => {
        const span = createdSpan([id]);
        const canceled = (await this.exec(c, `UPDATE jobs SET status = 'CANCELED', updated_ms = $2 WHERE ${idLookup('id', 1, 7, span)} AND status IN ($5, $6) AND ${scoped(3, 4)}
          RETURNING ${JOB_COLUMNS}`, [id, BigInt(now), scope.admin, scope.tenant, ...LIVE, ...span])).map(jobRow);
        const events: PendingEvent[] = [];
        await this.settleBatches(c, canceled, now, events);
        const rows = await this.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
        return { job: rows[0] ? jobRow(rows[0]) : null, n: await this.writeEvents(c, events) };
      });
      this.notify(r.n);
      return r.job;
    });
  }

  async getJob(id: string, scope: Scope): Promise<JobRow | null> {
    const span = createdSpan([id]);
    const rows = await this.read(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    return rows[0] ? jobRow(rows[0]) : null;
  }

  async listJobs(f: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> {
    const rows = await this.read(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${scoped(1, 2)}
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
    const rows = await this.read(`SELECT ${RESULT_COLUMNS} FROM results WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    return rows[0] && typeof rows[0]['payload'] === 'string' ? resultRow(rows[0]) : null;
  }

  private async batchRow(c: DuckDBConnection | null, id: string, scope: Scope): Promise<BatchRow | null> {
    const q = async (sql: string, params: Param[]) => (c ? this.exec(c, sql, params) : this.read(sql, params));
    const span = createdSpan([id]);
    const rows = await q(`SELECT ${BATCH_COLUMNS} FROM batches WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant, ...span]);
    const b = rows[0];
    // a batch's jobs are created in the same millisecond as the batch (SentimentService.BatchAnalyzeTexts)
    return b ? batchFromRows(b, await q(`SELECT status, count(*) AS n FROM jobs WHERE ${idLookup('batch_id', 1, 2, span)} GROUP BY status`, [id, ...span])) : null;
  }

  getBatch(id: string, scope: Scope): Promise<BatchRow | null> {
    return this.batchRow(null, id, scope);
  }

  async unfinished(): Promise<(NewJob & { attempts: number })[]> {
    const rows = await this.read(`SELECT ${LIVE_JOB_COLUMNS} FROM jobs
      WHERE status IN ($1, $2) ORDER BY created_ms, rowid`, [...LIVE]);
    return rows.map(liveJobRow);
  }

  async countByState(): Promise<Record<JobStatus, number>> {
    return stateCounts(await this.read('SELECT status, count(*) AS n FROM jobs GROUP BY status'));
  }

  // ---- feeds ------------------------------------------------------------------

  async recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    const rows = await this.read<{ score: number }>(
      'SELECT score FROM (SELECT score, occurred_ms, created_ms FROM results WHERE feed_id = $1 AND tenant = $3 ORDER BY occurred_ms DESC, created_ms DESC LIMIT $2) ORDER BY occurred_ms, created_ms',
      [feedId, n, tenant],
    );
    return rows.map((r) => Number(r.score));
  }

  async feedExists(feedId: string, scope: Scope): Promise<boolean> {
    const rows = await this.read(`SELECT 1 FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} LIMIT 1`, [feedId, scope.admin, scope.tenant]);
    return rows.length > 0;
  }

  async feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, b: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]> {
    const frame = `ORDER BY w ROWS BETWEEN ${b.windows} PRECEDING AND 1 PRECEDING`;
    const sql = `
WITH per AS (
  SELECT floor((occurred_ms - $2) / $3)::BIGINT AS w, count(*) AS n, avg(score) AS mean,
    ${SENTIMENT_LEVELS.map((l, k) => `count(*) FILTER (WHERE sentiment = $${7 + k}) AS "s_${l}"`).join(', ')},
    ${EMOTION_MEANS}
  FROM results WHERE feed_id = $1 AND occurred_ms < $4 AND ${scoped(5, 6)} GROUP BY 1),
base AS (
  SELECT *, median(mean) OVER (${frame}) AS m_med, mad(mean) OVER (${frame}) AS m_mad, count(*) OVER (${frame}) AS k,
    ${E.map((c) => `median(${c}) OVER (${frame}) AS ${c}_med`).join(', ')}
  FROM per),
dist AS (
  SELECT *, ${E.map((c) => `abs(${c} - coalesce(${c}_med, ${c}))`).join(' + ')} AS d FROM base),
scored AS (
  SELECT *, median(d) OVER (${frame}) AS d_med, mad(d) OVER (${frame}) AS d_mad FROM dist)
SELECT w, n, mean, ${SENTIMENT_LEVELS.map((l) => `"s_${l}"`).join(', ')}, ${E.join(', ')},
  CASE WHEN k >= ${b.minWindows} THEN (mean - m_med) / greatest(${b.madToSigma} * m_mad, ${b.scoreFloor}) ELSE 0 END AS score_z,
  CASE WHEN k >= ${b.minWindows} THEN (d - d_med) / greatest(${b.madToSigma} * d_mad, ${b.shiftFloor}) ELSE 0 END AS shift_z
FROM scored WHERE w >= 0 ORDER BY w`;
    // the levels are parameters: a cached plan would keep a level no row had yet pruned (see exec)
    const rows = await this.read(sql, [feedId, fromMs, windowMs, toMs, scope.admin, scope.tenant, ...SENTIMENT_LEVELS]);
    return rows.map((r) => ({
      w: Number(r['w']), n: Number(r['n']), mean: Number(r['mean']),
      sentiments: Object.fromEntries(SENTIMENT_LEVELS.map((l) => [l, Number(r[`s_${l}`])])),
      emotions: E.map((c) => Number(r[c] ?? 0)),
      scoreZ: Number(r['score_z']), shiftZ: Number(r['shift_z']),
    }));
  }

  async anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> {
    const rows = await this.read(
      `SELECT ${RESULT_COLUMNS} FROM results WHERE feed_id = $1 AND anomalous AND payload IS NOT NULL AND occurred_ms >= $2 AND occurred_ms < $3 AND ${scoped(4, 5)}
       ORDER BY occurred_ms DESC LIMIT $6`,
      [feedId, fromMs, toMs, scope.admin, scope.tenant, limit],
    );
    // (checked here too: a cached plan may have dropped `payload IS NOT NULL` while no payload was purged yet)
    return rows.filter((r) => typeof r['payload'] === 'string').map(resultRow);
  }

  // ---- deletion and retention ---------------------------------------------------------

  /** Deletes jobs (ids) and their results, counting down their batches; then compacts the file. */
  private async deleteJobs(where: string, params: Param[], now: number): Promise<Deleted> {
    const out = await this.write((c) => this.transaction(c, async () => {
      const victims = (await this.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where}`, params)).map(jobRow);
      if (victims.length === 0) return { jobs: 0, results: 0 };
      const ids = list(victims.map((j) => j.id), VARCHAR);
      const live = victims.filter((j) => j.status === 'PENDING' || j.status === 'PROCESSING');
      const events: PendingEvent[] = [];
      await this.settleBatches(c, live, now, events);
      await this.writeEvents(c, events);
      const results = await this.exec(c, 'DELETE FROM results WHERE job_id IN (SELECT unnest($1::VARCHAR[])) RETURNING id', [ids], FRESH);
      await this.exec(c, 'DELETE FROM jobs WHERE id IN (SELECT unnest($1::VARCHAR[]))', [ids], FRESH);
      return { jobs: victims.length, results: results.length };
    }));
    if (out.jobs + out.results > 0) await this.compact();
    return out;
  }

  async deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    const span = createdSpan([resultId]);
    const rows = await this.read<{ job_id: string }>(`SELECT job_id FROM results WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [resultId, scope.admin, scope.tenant, ...span]);
    if (!rows[0]) return null;
    return this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [rows[0].job_id, scope.admin, scope.tenant], Date.now());
  }

  async deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    const d = await this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [jobId, scope.admin, scope.tenant], now);
    return d.jobs === 0 ? null : d;
  }

  async deleteFeed(feedId: string, scope: Scope): Promise<Deleted | null> {
    const d = await this.write((c) => this.transaction(c, async () => {
      const jobs = await this.exec(c, `DELETE FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)} RETURNING id`, [feedId, scope.admin, scope.tenant], FRESH);
      const results = await this.exec(c, `DELETE FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} RETURNING id`, [feedId, scope.admin, scope.tenant], FRESH);
      return { jobs: jobs.length, results: results.length };
    }));
    if (d.jobs + d.results === 0) return null;
    await this.compact();
    return d;
  }

  async purgeBefore(cutoffMs: number): Promise<Deleted> {
    const d = await this.write((c) => this.transaction(c, async () => {
      const jobs = await this.exec(c, "DELETE FROM jobs WHERE created_ms < $1 AND status IN ('SUCCEEDED', 'FAILED', 'CANCELED') RETURNING id", [BigInt(cutoffMs)], FRESH);
      // Results of feeds keep their numbers (the trend windows are computed from them) but lose the payload (rationale quotes the text).
      const kept = await this.exec(c, 'UPDATE results SET payload = NULL WHERE created_ms < $1 AND feed_id IS NOT NULL AND payload IS NOT NULL RETURNING id', [BigInt(cutoffMs)], FRESH);
      const gone = await this.exec(c, 'DELETE FROM results WHERE created_ms < $1 AND feed_id IS NULL RETURNING id', [BigInt(cutoffMs)], FRESH);
      await this.exec(c, "DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING')", [BigInt(cutoffMs)], FRESH);
      await this.exec(c, "DELETE FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING'", [BigInt(cutoffMs)], FRESH);
      await this.exec(c, 'DELETE FROM batches WHERE created_ms < $1 AND completed_ms IS NOT NULL', [BigInt(cutoffMs)], FRESH);
      return { jobs: jobs.length, results: kept.length + gone.length };
    }));
    if (d.jobs + d.results > 0) await this.compact();
    return d;
  }

  /**
   * Rewrites the database into a fresh file and swaps it in, so that deleted rows'
   * bytes leave the disk. Runs as a write (nothing else writes meanwhile) once the
   * reads in flight are done (new reads wait). Calls that arrive while one is queued join it.
   * A compaction waits until COMPACTION_SPACING times the previous one's duration has
   * passed since that one ended (no wait when it is long past).
   */
  compact(): Promise<void> {
    if (this.compaction) return this.compaction;
    const run = (async () => {
      // the spacing counts from the end of the compaction running now, if one is
      if (this.compacting) await this.compacting.catch(() => undefined);
      const wait = this.lastCompactionEnd + COMPACTION_SPACING * this.lastCompactionMs - Date.now();
      if (wait > 0 && !this.closing) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { this.startSpacedCompaction = null; resolve(); }, wait);
          this.startSpacedCompaction = () => { clearTimeout(timer); this.startSpacedCompaction = null; resolve(); };
        });
      }
      const now = this.compactNow();
      this.compacting = now;
      try {
        await now;
      } finally {
        if (this.compacting === now) this.compacting = null;
      }
    })();
    this.compaction = run;
    return run;
  }

  /** Compactions run so far and the time they held the store (for tests and diagnostics). */
  get compactionStats(): { count: number; heldMs: number; lastMs: number } {
    return { count: this.compactions, heldMs: this.compactionHeldMs, lastMs: this.lastCompactionMs };
  }

  private compactNow(): Promise<void> {
    return this.write(async () => {
      this.compaction = null;
      const t0 = performance.now();
      let open!: () => void;
      this.gate = new Promise<void>((r) => { open = r; });
      try {
        if (this.reading > 0) await new Promise<void>((r) => { this.readsDrained = r; });
        this.readsDrained = null;
        const fresh = `${this.path}.compact`;
        const name = String(((await this.writer.runAndReadAll('SELECT current_database() AS d')).getRowObjectsJS()[0] as { d: string }).d);
        await this.writer.run('CHECKPOINT');
        rmSync(fresh, { force: true });
        await this.writer.run(`ATTACH '${fresh.replace(/'/g, "''")}' AS compacted`);
        await this.writer.run(`COPY FROM DATABASE "${name}" TO compacted`);
        await this.writer.run('DETACH compacted');
        for (const st of this.statements.values()) st.destroySync();
        this.statements.clear();
        this.writer.closeSync();
        await this.readers.close();
        rmSync(`${this.path}.wal`, { force: true });
        renameSync(fresh, this.path);
        const next = await DuckDbSentimentStore.connect(this.path, this.compression);
        this.instance = next.instance;
        this.writer = next.writer;
        this.readers = next.readers;
      } finally {
        this.lastCompactionMs = performance.now() - t0;
        this.compactions++;
        this.compactionHeldMs += this.lastCompactionMs;
        this.lastCompactionEnd = Date.now();
        this.gate = null;
        open();
      }
    });
  }

  // ---- webhooks ------------------------------------------------------------------

  private async allWebhooks(): Promise<WebhookEndpoint[]> {
    return (await this.read('SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints ORDER BY created_ms, id')).map(webhookRow);
  }

  createWebhook(w: WebhookEndpoint, max = Infinity): Promise<boolean> {
    // the one writer connection runs one write at a time, so the count and the insert cannot interleave with another create
    return this.write(async (c) => {
      const n = await this.exec(c, 'SELECT count(*) AS n FROM webhook_endpoints WHERE tenant = $1', [w.tenant]);
      if (Number(n[0]?.['n'] ?? 0) >= max) return false;
      await this.exec(c, 'INSERT INTO webhook_endpoints VALUES ($1, $2, $3, $4, $5, $6, $7)', [w.id, w.tenant, w.url, w.eventTypes.join(','), w.description, w.secret, BigInt(w.createdMs)]);
      this.remember(w);
      return true;
    });
  }

  async listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> {
    return (await this.read(`SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints WHERE ${scoped(1, 2)} ORDER BY created_ms, id`, [scope.admin, scope.tenant])).map(webhookRow);
  }

  async getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    const rows = await this.read(`SELECT id, tenant, url, event_types, description, secret, created_ms FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)}`, [id, scope.admin, scope.tenant]);
    return rows[0] ? webhookRow(rows[0]) : null;
  }

  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.write((c) => this.transaction(c, async () => {
      const rows = await this.exec(c, `DELETE FROM webhook_endpoints WHERE id = $1 AND ${scoped(2, 3)} RETURNING id, tenant, url, event_types, description, secret, created_ms`, [id, scope.admin, scope.tenant]);
      if (!rows[0]) return null;
      const w = webhookRow(rows[0]);
      await this.exec(c, 'DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE endpoint_id = $1)', [id]);
      await this.exec(c, 'DELETE FROM webhook_messages WHERE endpoint_id = $1', [id]);
      const l = (this.endpoints.get(w.tenant) ?? []).filter((e) => e.id !== id);
      if (l.length) this.endpoints.set(w.tenant, l);
      else this.endpoints.delete(w.tenant);
      return w;
    }));
  }

  async dueMessages(now: number, limit: number, busy: readonly string[] = []): Promise<OutboxMessage[]> {
    // at most 16 per endpoint, so one endpoint's backlog cannot hide the other endpoints' due messages from the deliverer
    return (await this.read(`SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE status = $3 AND next_ms <= $1 AND NOT list_contains($4::VARCHAR[], endpoint_id)
      QUALIFY row_number() OVER (PARTITION BY endpoint_id ORDER BY next_ms, created_ms) <= 16 ORDER BY next_ms, created_ms LIMIT $2`, [BigInt(now), limit, 'PENDING', list([...busy], VARCHAR)])).map(messageRow);
  }

  async releaseMessages(): Promise<void> {
    // nothing to give back: this store's deliverer is the only one, and dueMessages() leases nothing
  }

  async pendingMessages(): Promise<number> {
    const rows = await this.read<{ n: bigint }>('SELECT count(*) AS n FROM webhook_messages WHERE status = $1', ['PENDING']);
    return Number(rows[0]?.n ?? 0);
  }

  async nextDue(): Promise<number | null> {
    // The state is a parameter: a cached statement prepared while the table was empty
    // would otherwise keep DuckDB's plan-time answer from the statistics (NULL).
    const rows = await this.read<{ t: bigint | null }>('SELECT min(next_ms) AS t FROM webhook_messages WHERE status = $1', ['PENDING']);
    return rows[0]?.t === null || rows[0]?.t === undefined ? null : Number(rows[0].t);
  }

  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    if (outcomes.length === 0) return Promise.resolve();
    return this.write((c) => this.transaction(c, async () => {
      await this.exec(c, `UPDATE webhook_messages SET attempts = attempts + 1, status = v.st, next_ms = v.nx
        FROM (SELECT unnest($1::VARCHAR[]) AS mid, unnest($2::VARCHAR[]) AS st, unnest($3::BIGINT[]) AS nx) v WHERE webhook_messages.id = v.mid`, [
        list(outcomes.map((o) => o.messageId), VARCHAR), list(outcomes.map((o) => o.status), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.nextMs))), BIGINT),
      ]);
      // not for a message deleted meanwhile (its endpoint was deleted during the attempt): nothing would ever remove the row
      await this.exec(c, `INSERT INTO webhook_attempts SELECT * FROM (SELECT unnest($1::VARCHAR[]) AS mid, unnest($2::BIGINT[]), unnest($3::INTEGER[]), unnest($4::VARCHAR[]), unnest($5::BIGINT[])) v
        WHERE v.mid IN (SELECT id FROM webhook_messages)`, [
        list(outcomes.map((o) => o.messageId), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.atMs))), BIGINT), list(outcomes.map((o) => o.statusCode), INTEGER),
        list(outcomes.map((o) => o.error), VARCHAR), list(outcomes.map((o) => BigInt(Math.round(o.durationMs))), BIGINT),
      ]);
    }));
  }

  async listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    const rows = (await this.read(`SELECT ${MESSAGE_COLUMNS} FROM webhook_messages WHERE endpoint_id = $1 AND ${scoped(2, 3)}
      AND (created_ms < $4 OR (created_ms = $4 AND id < $5)) ORDER BY created_ms DESC, id DESC LIMIT $6`, [
      endpointId, scope.admin, scope.tenant, BigInt(after?.createdMs ?? Number.MAX_SAFE_INTEGER), after?.id ?? '', BigInt(limit + 1),
    ])).map(messageRow);
    const page = rows.slice(0, limit);
    const attempts = page.length === 0 ? [] : await this.read(`SELECT message_id, at_ms, status_code, error, duration_ms FROM webhook_attempts
      WHERE message_id IN (SELECT unnest($1::VARCHAR[])) ORDER BY at_ms`, [list(page.map((m) => m.id), VARCHAR)]);
    const byId = new Map<string, DeliveryLogEntry['log']>();
    for (const a of attempts) {
      const l = byId.get(String(a['message_id'])) ?? [];
      l.push({ atMs: Number(a['at_ms']), statusCode: Number(a['status_code']), error: String(a['error']), durationMs: Number(a['duration_ms']) });
      byId.set(String(a['message_id']), l);
    }
    return { deliveries: page.map((m) => ({ ...m, log: byId.get(m.id) ?? [] })), more: rows.length > limit };
  }

  async close(): Promise<void> {
    // a compaction waiting out its spacing runs now: the deletions waiting for it are answered
    this.closing = true;
    for (let p = this.compaction ?? this.compacting, last: Promise<void> | null = null; p && p !== last; last = p, p = this.compaction ?? this.compacting) {
      this.startSpacedCompaction?.();
      await p.catch(() => undefined);
    }
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
    void this.instance;
  }
}
