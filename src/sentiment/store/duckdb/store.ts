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
 *   (createdSpan, sql.ts), which DuckDB prunes row groups on; so its cost
 *   does not grow with the jobs kept (bench/jobStoreScale.ts).
 * - Deletions compact the file before they are answered, spaced (maintenance.ts).
 *
 * This class is the one SentimentStore object callers hold; its methods are those of
 * the aggregates (jobs.ts with its queue, queue.ts; feeds.ts, webhooks.ts, maintenance.ts), which share one
 * DuckDbContext (context.ts): the instance, the writer and its queue, the reader pool.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../migrations.js';
import type {
  AttemptOutcome, BatchRow, Deleted, DeliveryLogEntry, FeedDeletion, FeedWindowRow, JobCursor, JobFilter, JobRow, JobStatus, NewBatch, NewJob,
  OutboxMessage, ResultRow, Scope, SentimentStore, StoredResult, WebhookEndpoint,
} from '../sentimentStore.js';
import { DuckDbContext } from './context.js';
import { DuckDbFeeds } from './feeds.js';
import { DuckDbJobs } from './jobs.js';
import { DuckDbMaintenance } from './maintenance.js';
import { DuckDbJobQueue } from './queue.js';
import { JOB_APPEND_ORDER, RESULT_APPEND_ORDER } from './sql.js';
import { DuckDbWebhooks } from './webhooks.js';
import type { OutboxQuota } from '../outboxQuota.js';

export { COMPACTION_SPACING } from './maintenance.js';

export class DuckDbSentimentStore implements SentimentStore {
  /** The job queue: one process owns the file, so the queue's index is in its memory (queue.ts). */
  readonly queue: DuckDbJobQueue;
  private readonly webhooks: DuckDbWebhooks;
  private readonly jobs: DuckDbJobs;
  private readonly feeds: DuckDbFeeds;
  private readonly maintenance: DuckDbMaintenance;

  private constructor(private readonly ctx: DuckDbContext, quota?: OutboxQuota) {
    this.webhooks = new DuckDbWebhooks(ctx, quota);
    this.queue = new DuckDbJobQueue(ctx);
    this.jobs = new DuckDbJobs(ctx, this.webhooks, this.queue);
    this.feeds = new DuckDbFeeds(ctx);
    this.maintenance = new DuckDbMaintenance(ctx, this.jobs, this.webhooks);
  }

  /** `compression: false` stores plain bytes (an audit can grep the file for a deleted text); `outboxQuota`: each tenant's bound on undelivered webhook messages (none without). */
  static async open(stateDir: string, opts: { compression?: boolean; outboxQuota?: OutboxQuota } = {}): Promise<DuckDbSentimentStore> {
    const compression = opts.compression ?? true;
    mkdirSync(stateDir, { recursive: true, mode: 0o700 }); // it holds stored texts and keys: private when we create it
    const path = join(stateDir, 'sentiment.duckdb');
    rmSync(`${path}.compact`, { force: true });
    rmSync(`${path}.compact.wal`, { force: true });
    const { instance, writer, readers } = await DuckDbContext.connect(path, compression);
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
    const store = new DuckDbSentimentStore(new DuckDbContext(path, compression, instance, writer, readers), opts.outboxQuota);
    await store.webhooks.load();
    await store.jobs.load();
    return store;
  }

  // ---- jobs and results (jobs.ts) ----------------------------------------------------

  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> { return this.jobs.insertPending(jobs, batches); }
  /** The claim's statement without the queue (tests and benches of the store; the runner claims through `queue`). */
  markProcessing(ids: readonly string[], now: number): Promise<void> { return this.queue.markProcessing(ids, now); }
  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> { return this.jobs.complete(results, now); }
  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> { return this.jobs.insertCompleted(jobs, results); }
  fail(jobIds: readonly string[], type: string, message: string, now: number): Promise<void> { return this.jobs.fail(jobIds, type, message, now); }
  cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> { return this.jobs.cancel(id, now, scope); }
  getJob(id: string, scope: Scope): Promise<JobRow | null> { return this.jobs.getJob(id, scope); }
  listJobs(f: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> { return this.jobs.listJobs(f, scope, after, limit); }
  getResult(id: string, scope: Scope): Promise<ResultRow | null> { return this.jobs.getResult(id, scope); }
  keptResults(jobKeys: readonly string[], scope: Scope): Promise<number> { return this.jobs.keptResults(jobKeys, scope); }
  getBatch(id: string, scope: Scope): Promise<BatchRow | null> { return this.jobs.getBatch(id, scope); }
  unfinished(): Promise<(NewJob & { attempts: number })[]> { return this.jobs.unfinished(); }
  countByState(): Promise<Record<JobStatus, number>> { return this.jobs.countByState(); }

  // ---- feeds (feeds.ts) --------------------------------------------------------------

  recentScores(tenant: string, feedId: string, n: number): Promise<number[]> { return this.feeds.recentScores(tenant, feedId, n); }
  feedExists(feedId: string, scope: Scope): Promise<boolean> { return this.feeds.feedExists(feedId, scope); }
  feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, b: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]> {
    return this.feeds.feedWindowRows(feedId, scope, fromMs, windowMs, toMs, b);
  }
  anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]> { return this.feeds.anomalousItems(feedId, scope, fromMs, toMs, limit); }

  // ---- deletion, retention and compaction (maintenance.ts) ------------------------------

  deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> { return this.maintenance.deleteAnalysis(resultId, scope); }
  deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> { return this.maintenance.deleteJob(jobId, scope, now); }
  deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null> { return this.maintenance.deleteFeed(feedId, scope, committed); }
  /** One process owns the file: no other deletes a feed, so the listener is never called. */
  onFeedsDeleted(_listener: (deleted: FeedDeletion | null) => void): void { /* no other process */ }
  onReachability(_listener: (reachable: boolean, reason: string) => void): void { /* a file in this process */ }
  purgeBefore(cutoffMs: number): Promise<Deleted> { return this.maintenance.purgeBefore(cutoffMs); }
  /** Rewrites the database into a fresh file and swaps it in (maintenance.ts). */
  compact(): Promise<void> { return this.maintenance.compact(); }
  /** Compactions run so far and the time they held the store (for tests and diagnostics). */
  get compactionStats(): { count: number; heldMs: number; lastMs: number } { return this.maintenance.compactionStats; }

  // ---- webhooks and the outbox (webhooks.ts) ---------------------------------------------

  onMessages(listener: () => void): void { this.webhooks.onMessages(listener); }
  createWebhook(w: WebhookEndpoint, max = Infinity): Promise<boolean> { return this.webhooks.createWebhook(w, max); }
  listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> { return this.webhooks.listWebhooks(scope); }
  getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> { return this.webhooks.getWebhook(id, scope); }
  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> { return this.webhooks.deleteWebhook(id, scope); }
  dueMessages(now: number, limit: number, busy: readonly string[] = []): Promise<OutboxMessage[]> { return this.webhooks.dueMessages(now, limit, busy); }
  async releaseMessages(): Promise<void> {
    // nothing to give back: this store's deliverer is the only one, and dueMessages() leases nothing
  }
  pendingMessages(): Promise<number> { return this.webhooks.pendingMessages(); }
  nextDue(): Promise<number | null> { return this.webhooks.nextDue(); }
  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> { return this.webhooks.recordAttempts(outcomes); }
  listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    return this.webhooks.listDeliveries(endpointId, scope, after, limit);
  }

  async close(): Promise<void> {
    // a compaction waiting out its spacing runs now: the deletions waiting for it are answered
    await this.maintenance.finish();
    await this.ctx.close();
  }
}
