/**
 * The one owner of sentiment state: jobs, results, batches, feeds and the webhook
 * outbox. The runner, feed analytics, the webhook deliverer and the gRPC handlers
 * call this interface and hold no SQL of their own. `DuckDbSentimentStore`
 * (embedded, the default) and `PostgresSentimentStore` (MERIDIAN_DATABASE_URL, shared
 * by several core replicas) implement it.
 *
 * Every read and change of tenant-owned state takes a `Scope`: a tenant sees its
 * own rows only, an admin sees all. Unknown and foreign ids look the same (null).
 */
import type { Domain } from '../labels.js';
import type { JobStatus__Output } from '../../../proto/contract/generated/meridian/sentiment/v1/JobStatus.js';

/** A job's state: the generated JobStatus enum's names, less the unspecified zero value. */
export type JobStatus = Exclude<JobStatus__Output, 'JOB_STATUS_UNSPECIFIED'>;
export const JOB_STATES: readonly JobStatus[] = ['PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELED'];

/** Whose state a call may see: its tenant's, or every tenant's for an admin. */
export interface Scope {
  tenant: string;
  admin: boolean;
}

export interface JobRow {
  id: string;
  tenant: string;
  status: JobStatus;
  feedId: string | null;
  batchId: string | null;
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
  tenant: string;
  text: string;
  feedId: string | null;
  batchId: string | null;
  domain: Domain;
  occurredMs: number;
  createdMs: number;
}

export interface NewBatch {
  id: string;
  tenant: string;
  createdMs: number;
  total: number;
  /** Of a submission with a request id: its content's fingerprint (idempotency.ts), to refuse a reuse with other content. */
  fingerprint?: string;
}

/** A computed result, ready to store. `payload` is the rest of its Analysis message as JSON (messages.ts: storedResult, resultMessage). */
export interface StoredResult {
  id: string;
  jobId: string;
  /** The job's batch (not stored with the result: the store counts the batch down when the job completes). */
  batchId: string | null;
  tenant: string;
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

/** A stored result as read back: its columns and payload, from which messages.ts resultMessage makes the Analysis message. */
export type ResultRow = Pick<StoredResult, 'id' | 'jobId' | 'feedId' | 'domain' | 'occurredMs' | 'createdMs' | 'sentiment' | 'score' | 'emotions' | 'payload'>;

export interface BatchRow {
  id: string;
  tenant: string;
  createdMs: number;
  total: number;
  completedMs: number | null;
  counts: Record<JobStatus, number>;
  /** The request fingerprint of a submission with a request id; null for others and for batches stored before fingerprints. */
  fingerprint: string | null;
}

export interface JobFilter {
  status?: JobStatus;
  feedId?: string;
  batchId?: string;
  createdAfterMs?: number;
  createdBeforeMs?: number;
}

/** Keyset position of a job list: after (created_ms, id) in descending order. */
export interface JobCursor { createdMs: number; id: string }

/** A feed deleted by another process (SentimentStore.onFeedsDeleted): tenant null for every tenant's feed of that id. */
export interface FeedDeletion { tenant: string | null; feedId: string }

export interface Deleted { jobs: number; results: number }

/** One row per non-empty window of a feed, as aggregated by the store. */
export interface FeedWindowRow {
  w: number;
  n: number;
  mean: number;
  sentiments: Record<string, number>;
  emotions: number[];
  scoreZ: number;
  shiftZ: number;
}

export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'batch.completed', 'feed.anomaly'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookEndpoint {
  id: string;
  tenant: string;
  url: string;
  eventTypes: WebhookEvent[];
  description: string;
  secret: string;
  createdMs: number;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

export interface OutboxMessage {
  id: string;
  endpointId: string;
  tenant: string;
  eventType: WebhookEvent;
  payload: string;
  createdMs: number;
  attempts: number;
  nextMs: number;
  status: DeliveryStatus;
}

export interface AttemptRow { atMs: number; statusCode: number; error: string; durationMs: number }

export interface DeliveryLogEntry extends OutboxMessage { log: AttemptRow[] }

/** The outcome of one delivery attempt, recorded with the message's next state. */
export interface AttemptOutcome extends AttemptRow {
  messageId: string;
  status: DeliveryStatus;
  nextMs: number;
}

/** A job claimed from the queue, with its attempts counted (this one included). */
export interface ClaimedJob extends NewJob { attempts: number }

/** The queue's live jobs: PENDING (waiting for a claim) in all, and PENDING + PROCESSING per tenant (admission). */
export interface LiveCounts {
  waiting: number;
  perTenant: ReadonlyMap<string, number>;
}

/**
 * The job queue every store provides: the one way a submitted job reaches a worker. Jobs
 * are not kept in the memory of the runner that accepted them: the runner claims PENDING
 * jobs (and jobs whose lease lapsed, i.e. whose process died) under a lease owned by its
 * process, the claim marking them PROCESSING and counting the attempt.
 *
 * - PostgreSQL (several cores): the queue is the jobs table; leases have an owner and an
 *   end (the database's clock) that the holder renews; live() is a snapshot that
 *   refreshLive() re-reads (the claimer, every second) and insertPending() adds to, so
 *   admission holds across replicas to within a second's submissions.
 * - DuckDB (one process owns the file): the queue's index is the store's memory (a FIFO
 *   of PENDING jobs, filled by insertPending and, at open, by every PENDING/PROCESSING row:
 *   a previous process's leases died with it); a lease lasts as long as the process, so
 *   renewLeases() has nothing to do; live() is exact at every moment.
 */
export interface JobQueue {
  /** This process's lease owner id. */
  readonly owner: string;
  readonly leaseMs: number;
  /**
   * Claims up to `limit` jobs, oldest first: PROCESSING, leased to this process, attempt counted. PostgreSQL resolves
   * once that committed; the embedded store at once, its mark queued on its one writer ahead of any later change to
   * those jobs (duckdb/queue.ts).
   */
  claim(limit: number, now: number): Promise<ClaimedJob[]>;
  /** Extends the lease of the given jobs this process still holds. */
  renewLeases(ids: readonly string[]): Promise<void>;
  /**
   * Gives back held jobs (PENDING again, claimed again first, oldest first). `started: false` (the default): they never
   * ran, their attempt is given back too; true: the attempt ran and failed (a worker error), it stays counted.
   */
  releaseLeases(ids: readonly string[], now: number, started?: boolean): Promise<void>;
  /** `listener` runs when jobs may be waiting (a commit of new or given-back jobs; on PostgreSQL, from any replica via LISTEN/NOTIFY). */
  onJobsAvailable(listener: () => void): void;
  /** The live counts as this process knows them now (synchronous, for atomic admission). */
  live(): LiveCounts;
  /** Re-reads the live counts from the database where other processes change them (PostgreSQL); nothing to do where live() is exact. */
  refreshLive(): Promise<void>;
}

export interface SentimentStore {
  /** The job queue: how submitted jobs reach a runner (JobQueue). */
  readonly queue: JobQueue;
  /**
   * Stores new PENDING jobs and their batches in one transaction; resolves once committed, with the ids of
   * the given batches that were stored already (a request id's batch made by a racing call or an earlier
   * attempt): those batches and their jobs are left as they were, nothing of them is inserted.
   */
  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>>;
  /**
   * Stores results of queued jobs still PENDING or PROCESSING, with their SUCCEEDED
   * status and the webhook messages they cause, in one transaction. Returns the job ids that got their result.
   */
  complete(results: readonly StoredResult[], now: number): Promise<Set<string>>;
  /** Stores jobs analysed before being stored (synchronous mode, streams): job SUCCEEDED + result. */
  insertCompleted(jobs: readonly NewJob[], results: readonly StoredResult[]): Promise<void>;
  /** Marks live jobs FAILED with an error entry (and queues job.failed messages). */
  fail(ids: readonly string[], type: string, message: string, now: number): Promise<void>;
  /** PENDING/PROCESSING → CANCELED. Returns the job afterwards (null if unknown to the scope). */
  cancel(id: string, now: number, scope: Scope): Promise<JobRow | null>;
  getJob(id: string, scope: Scope): Promise<JobRow | null>;
  /** Newest first; `limit + 1` rows are read to know whether there is a next page. */
  listJobs(filter: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }>;
  /** A result (null if unknown to the scope, or its payload was purged). */
  getResult(id: string, scope: Scope): Promise<ResultRow | null>;
  getBatch(id: string, scope: Scope): Promise<BatchRow | null>;
  /**
   * How many results of a request id's jobs are still stored, payload or not, named by their job keys (idempotency.ts
   * jobKey: the id without its time, which a retry cannot know once the batch is gone): the retention purge deletes a
   * batch and its jobs but keeps a feed's results (their scores), so a requestId retried after it would count its
   * texts in the feed twice.
   */
  keptResults(jobKeys: readonly string[], scope: Scope): Promise<number>;
  /** Live (PENDING or PROCESSING) jobs, oldest first (diagnostics and tools; the runner claims from `queue`). */
  unfinished(): Promise<(NewJob & { attempts: number })[]>;
  /** Jobs PENDING or PROCESSING per state (metrics; cheap). */
  countByState(): Promise<Record<JobStatus, number>>;

  /** The scores of a feed's latest `n` results, oldest first (the item-anomaly baseline). */
  recentScores(tenant: string, feedId: string, n: number): Promise<number[]>;
  /** Whether the scope has anything stored for the feed (results or kept statistics). */
  feedExists(feedId: string, scope: Scope): Promise<boolean>;
  /** Windows of a feed up to `toMs`, with robust z-scores against the previous windows (see feedAnalytics.ts). */
  feedWindowRows(feedId: string, scope: Scope, fromMs: number, windowMs: number, toMs: number, baseline: { windows: number; minWindows: number; madToSigma: number; scoreFloor: number; shiftFloor: number }): Promise<FeedWindowRow[]>;
  /** Results of items that were anomalous when analysed (whose payload is kept), newest first. */
  anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<ResultRow[]>;

  deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null>;
  deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null>;
  /**
   * Deletes a feed's jobs and results; `committed` runs once the deletion has committed, before the embedded store
   * compacts its file (what the core keeps in memory of the feed goes then, not after the compaction).
   */
  deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null>;
  /**
   * `listener` runs when any process deleted a feed (PostgreSQL: every replica's deleteFeed, this one's too, via
   * LISTEN/NOTIFY once it committed), with the tenant whose feed it was (null: every tenant's feed of that id, an
   * admin's deletion), or with null when deletions may have been missed (each time the listening connection is made,
   * the first included). The embedded store has no other process and never calls it (the caller forgets its own).
   */
  onFeedsDeleted(listener: (deleted: FeedDeletion | null) => void): void;
  /**
   * Calls `listener` when the shared database stops answering (false) and when it answers again (true), with why.
   * The embedded store is a file in the process and never calls it.
   */
  onReachability(listener: (reachable: boolean, reason: string) => void): void;
  /** Retention: texts, finished jobs and per-item results older than `cutoffMs` go; feeds keep their numbers. */
  purgeBefore(cutoffMs: number): Promise<Deleted>;

  /**
   * Stores an endpoint unless its tenant already has `max` (then false). The count and the insert are one step for
   * every process on the store (on PostgreSQL, under a per-tenant lock: two gateways' cores racing cannot pass it).
   */
  createWebhook(endpoint: WebhookEndpoint, max?: number): Promise<boolean>;
  listWebhooks(scope: Scope): Promise<WebhookEndpoint[]>;
  getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null>;
  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null>;
  /**
   * Webhook messages due for an attempt (PENDING, next attempt at or before `now`), oldest first; none of the
   * endpoints in `busy` (those with every delivery slot taken), so their backlog cannot hide the others'.
   */
  dueMessages(now: number, limit: number, busy?: readonly string[]): Promise<OutboxMessage[]>;
  /**
   * Messages of dueMessages() that the deliverer did not attempt (its slots or an endpoint's were full): due again at
   * once, at their own `nextMs`. A store that leases what dueMessages() returns (PostgreSQL) gives the lease back;
   * without this they waited out the lease (5 minutes) unattempted.
   */
  releaseMessages(messages: readonly OutboxMessage[]): Promise<void>;
  /** Webhook messages waiting for delivery or a retry (metrics). */
  pendingMessages(): Promise<number>;
  /** The earliest next attempt of any PENDING message (null when none). */
  nextDue(): Promise<number | null>;
  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void>;
  listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }>;
  /** Called after a commit that queued webhook messages (wakes the deliverer). */
  onMessages(listener: () => void): void;

  close(): Promise<void>;
}
