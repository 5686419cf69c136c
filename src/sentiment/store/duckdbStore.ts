/**
 * The embedded sentiment store: one DuckDB state file (state/sentiment.duckdb), owned
 * by one core. This class is the SentimentStore seam and its assembly; the work is
 * split by aggregate, all on one set of connections (DuckDbState: one writer that runs
 * every change in order, reader connections, the gate a compaction closes):
 *
 * | part | holds |
 * | --- | --- |
 * | duckdbJobs.ts | jobs, their results and batches: the lifecycle writes, reads by id, listings |
 * | duckdbJobQueue.ts | the claimable queue over the jobs table: claims under a lease, renewal, release, expiry |
 * | duckdbFeeds.ts | feed reads over the results: baseline, windows, anomalous items |
 * | duckdbOutbox.ts | webhook endpoints and the outbox the other parts write their events to |
 * | duckdbMaintenance.ts | deletions, retention, and the compaction that follows them |
 *
 * Times are epoch milliseconds (BIGINT).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from './migrations.js';
import type {
  AttemptOutcome, BatchRow, Deleted, DeliveryLogEntry, FeedWindowRow, JobCursor, JobFilter, JobRow, JobStatus, NewBatch, NewJob,
  OutboxMessage, ResultRow, Scope, SentimentStore, JobQueue, StoredResult, WebhookEndpoint,
} from './sentimentStore.js';
import { DuckDbState } from './duckdbState.js';
import { DuckDbOutbox } from './duckdbOutbox.js';
import { DuckDbJobs } from './duckdbJobs.js';
import { DuckDbFeeds } from './duckdbFeeds.js';
import { DuckDbMaintenance } from './duckdbMaintenance.js';
import { JOB_APPEND_ORDER, RESULT_APPEND_ORDER } from './duckdbSql.js';

export { COMPACTION_SPACING } from './duckdbMaintenance.js';

/**
 * Checks the file's jobs and results columns are in the order the appenders write
 * (the order the migrations create: v1, then v2's ALTER ... ADD COLUMN at the end), so
 * a schema change that moves a column fails at start, not in a row.
 */
async function checkAppendOrder(s: DuckDbState): Promise<void> {
  for (const [table, order] of [['jobs', JOB_APPEND_ORDER], ['results', RESULT_APPEND_ORDER]] as const) {
    const cols = (await s.setupConnection.runAndReadAll(`SELECT column_name AS c FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = 'main' AND table_name = '${table}' ORDER BY column_index`)).getRowObjectsJS().map((r) => String(r['c']));
    if (cols.join(',') !== order.join(',')) {
      throw new Error(`the sentiment state database ${s.path} has the ${table} columns (${cols.join(', ')}), not the order this Meridian appends rows in (${order.join(', ')})`);
    }
  }
}

export class DuckDbSentimentStore implements SentimentStore {
  private readonly outbox: DuckDbOutbox;
  private readonly jobs: DuckDbJobs;
  private readonly feeds: DuckDbFeeds;
  private readonly maintenance: DuckDbMaintenance;

  private constructor(private readonly s: DuckDbState, leaseMs: number) {
    this.outbox = new DuckDbOutbox(s);
    this.jobs = new DuckDbJobs(s, this.outbox, leaseMs);
    this.feeds = new DuckDbFeeds(s);
    this.maintenance = new DuckDbMaintenance(s, this.jobs, this.outbox);
  }

  /** The live jobs as a queue claimed under leases (`leaseMs`, default 30 s), as on PostgreSQL. */
  get queue(): JobQueue {
    return this.jobs.queue;
  }

  /** `compression: false` stores plain bytes (an audit can grep the file for a deleted text). */
  static async open(stateDir: string, opts: { compression?: boolean; leaseMs?: number } = {}): Promise<DuckDbSentimentStore> {
    mkdirSync(stateDir, { recursive: true });
    const path = join(stateDir, 'sentiment.duckdb');
    rmSync(`${path}.compact`, { force: true });
    rmSync(`${path}.compact.wal`, { force: true });
    const s = await DuckDbState.open(path, opts.compression ?? true);
    try {
      await migrate(s.setupConnection, path);
      await checkAppendOrder(s);
    } catch (e) {
      await s.abandon();
      throw e;
    }
    const store = new DuckDbSentimentStore(s, opts.leaseMs ?? 30_000);
    await store.outbox.load();
    await store.jobs.load();
    return store;
  }

  // ---- jobs, results, batches (duckdbJobs) -----------------------------------------------

  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> {
    return this.jobs.insertPending(jobs, batches);
  }

  markProcessing(ids: readonly string[], now: number): Promise<void> {
    return this.jobs.markProcessing(ids, now);
  }

  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    return this.jobs.complete(results, now);
  }

  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> {
    return this.jobs.insertCompleted(jobs, results);
  }

  fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> {
    return this.jobs.fail(ids, type, message, now);
  }

  cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    return this.jobs.cancel(id, now, scope);
  }

  getJob(id: string, scope: Scope): Promise<JobRow | null> {
    return this.jobs.getJob(id, scope);
  }

  listJobs(filter: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> {
    return this.jobs.listJobs(filter, scope, after, limit);
  }

  getResult(id: string, scope: Scope): Promise<ResultRow | null> {
    return this.jobs.getResult(id, scope);
  }

  getBatch(id: string, scope: Scope): Promise<BatchRow | null> {
    return this.jobs.getBatch(id, scope);
  }

  unfinished(): Promise<(NewJob & { attempts: number })[]> {
    return this.jobs.unfinished();
  }

  countByState(): Promise<Record<JobStatus, number>> {
    return this.jobs.countByState();
  }

  // ---- feeds (duckdbFeeds) ---------------------------------------------------------------

  recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    return this.feeds.recentScores(tenant, feedId, n);
  }

  feedExists(feedId: string, scope: Scope): Promise<boolean> {
    return this.feeds.feedExists(feedId, scope);
  }

  feedWindowRows(...args: Parameters<SentimentStore['feedWindowRows']>): Promise<FeedWindowRow[]> {
    return this.feeds.feedWindowRows(...args);
  }

  anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> {
    return this.feeds.anomalousItems(feedId, scope, fromMs, toMs, limit);
  }

  // ---- deletion, retention, compaction (duckdbMaintenance) -------------------------------

  deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    return this.maintenance.deleteAnalysis(resultId, scope);
  }

  deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    return this.maintenance.deleteJob(jobId, scope, now);
  }

  deleteFeed(feedId: string, scope: Scope): Promise<Deleted | null> {
    return this.maintenance.deleteFeed(feedId, scope);
  }

  purgeBefore(cutoffMs: number): Promise<Deleted> {
    return this.maintenance.purgeBefore(cutoffMs);
  }

  /** Rewrites the file now (after the spacing), so that deleted rows' bytes leave the disk. */
  compact(): Promise<void> {
    return this.maintenance.compact();
  }

  /** Compactions run so far and the time they held the store (for tests and diagnostics). */
  get compactionStats(): { count: number; heldMs: number; lastMs: number } {
    return this.maintenance.compactionStats;
  }

  // ---- webhooks and the outbox (duckdbOutbox) --------------------------------------------

  createWebhook(endpoint: WebhookEndpoint, max?: number): Promise<boolean> {
    return this.outbox.createWebhook(endpoint, max);
  }

  listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.outbox.listWebhooks(scope);
  }

  getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.outbox.getWebhook(id, scope);
  }

  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.outbox.deleteWebhook(id, scope);
  }

  dueMessages(now: number, limit: number, busy?: readonly string[]): Promise<OutboxMessage[]> {
    return this.outbox.dueMessages(now, limit, busy);
  }

  releaseMessages(): Promise<void> {
    return this.outbox.releaseMessages();
  }

  pendingMessages(): Promise<number> {
    return this.outbox.pendingMessages();
  }

  nextDue(): Promise<number | null> {
    return this.outbox.nextDue();
  }

  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    return this.outbox.recordAttempts(outcomes);
  }

  listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    return this.outbox.listDeliveries(endpointId, scope, after, limit);
  }

  onMessages(listener: () => void): void {
    this.outbox.onMessages(listener);
  }

  async close(): Promise<void> {
    await this.maintenance.close();
    await this.s.close();
  }
}
