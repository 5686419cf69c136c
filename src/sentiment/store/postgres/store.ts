/**
 * The sentiment store on PostgreSQL (MERIDIAN_DATABASE_URL): one database shared by
 * any number of core replicas. Same tables, rules and answers as the DuckDB store
 * (../duckdb/), split by the same aggregates: jobs.ts (jobs, results, batches) with its
 * queue.ts, feeds.ts, webhooks.ts (endpoints, the outbox, deliveries), maintenance.ts
 * (deletions, retention). What differs is how the work is shared:
 *
 * - Jobs are a shared queue (`queue`, queue.ts): a submission commits its PENDING rows and
 *   a NOTIFY on `meridian_jobs`; every core LISTENs and claims jobs under a lease it renews
 *   (SKIP LOCKED: two cores never claim the same row); a job whose lease lapsed (its core
 *   died) is claimable again. Each claim counts an attempt.
 * - Exactly one result per job (jobs.ts), and every write is safe to run twice (ids are made
 *   by the caller, inserts are ON CONFLICT DO NOTHING, updates are guarded by state),
 *   because PgDatabase retries a statement or transaction whose connection was lost, when
 *   it cannot know whether COMMIT landed.
 * - Webhook subscriptions are read inside each transaction (another replica may have
 *   registered one); one replica delivers each outbox message (webhooks.ts).
 *
 * This class is the one SentimentStore object callers hold; its methods are those of the
 * aggregates, which share one PgDatabase (its pool, its LISTEN connection).
 */
import { PgDatabase } from '../../../db/postgres.js';
import { logger } from '../../../log.js';
import { PG_MIGRATIONS, SENTIMENT_COMPONENT } from '../postgresMigrations.js';
import type {
  AttemptOutcome, BatchRow, Deleted, DeliveryLogEntry, FeedDeletion, FeedWindowRow, JobCursor, JobFilter, JobRow, JobStatus, NewBatch, NewJob,
  OutboxMessage, ResultRow, Scope, SentimentStore, StoredResult, WebhookEndpoint,
} from '../sentimentStore.js';
import { PgFeeds } from './feeds.js';
import { PgJobs } from './jobs.js';
import { PgMaintenance } from './maintenance.js';
import { PgJobQueue } from './queue.js';
import { DEFAULT_DELIVERY_LEASE_MS, PgWebhooks } from './webhooks.js';
import type { OutboxQuota } from '../outboxQuota.js';

export class PostgresSentimentStore implements SentimentStore {
  /** The job queue: the jobs table, claimed under leases by every replica (queue.ts). */
  readonly queue: PgJobQueue;
  private readonly webhooks: PgWebhooks;
  private readonly jobs: PgJobs;
  private readonly feeds: PgFeeds;
  private readonly maintenance: PgMaintenance;

  private constructor(private readonly db: PgDatabase, leaseMs: number, deliveryLeaseMs: number, quota?: OutboxQuota) {
    this.queue = new PgJobQueue(db, leaseMs);
    this.webhooks = new PgWebhooks(db, deliveryLeaseMs, quota);
    this.jobs = new PgJobs(db, this.webhooks, this.queue);
    this.feeds = new PgFeeds(db);
    this.maintenance = new PgMaintenance(db, this.jobs, this.webhooks);
  }

  /** Connects, applies the migrations the database lacks (or refuses a newer schema). */
  static async open(url: string, opts: { leaseMs: number; deliveryLeaseMs?: number; poolSize?: number; outboxQuota?: OutboxQuota }): Promise<PostgresSentimentStore> {
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
    return new PostgresSentimentStore(db, opts.leaseMs, opts.deliveryLeaseMs ?? DEFAULT_DELIVERY_LEASE_MS, opts.outboxQuota);
  }

  // ---- jobs and results (jobs.ts) ----------------------------------------------------

  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> { return this.jobs.insertPending(jobs, batches); }
  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> { return this.jobs.complete(results, now); }
  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void> { return this.jobs.insertCompleted(jobs, results); }
  fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> { return this.jobs.fail(ids, type, message, now); }
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

  // ---- deletion and retention (maintenance.ts) ---------------------------------------

  deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> { return this.maintenance.deleteAnalysis(resultId, scope); }
  deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> { return this.maintenance.deleteJob(jobId, scope, now); }
  deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null> { return this.maintenance.deleteFeed(feedId, scope, committed); }
  onFeedsDeleted(listener: (deleted: FeedDeletion | null) => void): void { this.maintenance.onFeedsDeleted(listener); }
  onReachability(listener: (reachable: boolean, reason: string) => void): void { this.db.onReachability(listener); }
  purgeBefore(cutoffMs: number): Promise<Deleted> { return this.maintenance.purgeBefore(cutoffMs); }

  // ---- webhooks and the outbox (webhooks.ts) -----------------------------------------

  onMessages(listener: () => void): void { this.webhooks.onMessages(listener); }
  createWebhook(w: WebhookEndpoint, max = Infinity): Promise<boolean> { return this.webhooks.createWebhook(w, max); }
  listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> { return this.webhooks.listWebhooks(scope); }
  getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> { return this.webhooks.getWebhook(id, scope); }
  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> { return this.webhooks.deleteWebhook(id, scope); }
  dueMessages(now: number, limit: number, busy: readonly string[] = []): Promise<OutboxMessage[]> { return this.webhooks.dueMessages(now, limit, busy); }
  releaseMessages(messages: readonly OutboxMessage[]): Promise<void> { return this.webhooks.releaseMessages(messages); }
  pendingMessages(): Promise<number> { return this.webhooks.pendingMessages(); }
  nextDue(): Promise<number | null> { return this.webhooks.nextDue(); }
  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> { return this.webhooks.recordAttempts(outcomes); }
  listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    return this.webhooks.listDeliveries(endpointId, scope, after, limit);
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
