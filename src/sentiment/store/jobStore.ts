/**
 * The sentiment state as the runner, feed analytics and the gRPC handlers see it:
 * one `SentimentStore` (DuckDB or PostgreSQL) behind the writes that gather, and
 * the results answered but not yet committed.
 *
 * - Gathered writes: PENDING inserts, completions and failures that arrive in the same
 *   event-loop turn go to the database together, one store call per kind, in lifecycle
 *   order, through the one batching primitive (lib/batching.ts); a flush never overlaps
 *   the previous one, so under load the batches grow. New jobs gather apart from the
 *   rest (a job is claimed, completed or failed only after its insert committed), so
 *   that a submission never waits for a flush of completions. Claims go to the store's
 *   queue directly (`queue`, JobClaimer): a claim is one statement, and the runner
 *   waits for it.
 * - Write-behind of synchronous and stream results: the caller gets its result at
 *   once; job and result are committed with the others of a 20 ms window (up to
 *   1,024 at a time) and, until then, served from here (getJob, getAnalysis,
 *   cancel), so a GetAnalysis right after the answer finds them. A crash in that
 *   window loses the stored copy of a result the caller already has; it never loses
 *   an acknowledged asynchronous job. Deletions and close() commit them first.
 * - Read-your-writes for reads that list or aggregate (job listings,
 *   counts by state, feed existence, trend/summary windows, anomalous items): each
 *   first has the write-behind results that were pending when it started committed
 *   (the window is cut short), and waits for those only, never for results answered
 *   after it started, so a steady stream of synchronous analyses cannot hold it.
 *
 * Everything else goes straight to the store.
 */
import { Batching } from '../../../lib/batching.js';
import { logger } from '../../log.js';
import { status } from '@grpc/grpc-js';
import { isTransient } from '../../db/postgres.js';
import { ServiceError } from '../../errors.js';
import { resultMessage, type AnalysisMessage } from './messages.js';
import type {
  AttemptOutcome, BatchRow, Deleted, DeliveryLogEntry, FeedDeletion, FeedWindowRow, JobCursor, JobFilter, JobRow, JobStatus, NewBatch, NewJob,
  JobQueue, OutboxMessage, Scope, SentimentStore, StoredResult, WebhookEndpoint,
} from './sentimentStore.js';

const WRITE_BEHIND_WINDOW_MS = 20;
const WRITE_BEHIND_MAX = 1024;
/**
 * Answered results, and characters of their texts, that may wait unstored (served from memory) while the store does
 * not take them: past either, new synchronous and stream texts are refused UNAVAILABLE until the store answers again
 * (JobStore.unstoredFull).
 */
export const UNSTORED_MAX = 20_000;
export const UNSTORED_MAX_CHARS = 32 * 1024 * 1024;
/**
 * How long after it was answered a result is tried again while the store fails for want of a connection (each try is
 * the store's own, up to 30 s on PostgreSQL); other failures are not tried again.
 */
const WRITE_BEHIND_RETRY_MS = 15 * 60_000;

/** A job write waiting to be gathered with the others of its turn. */
type JobWrite =
  | { kind: 'pending'; jobs: readonly NewJob[]; batches: readonly NewBatch[]; done: Deferred<Set<string>> }
  | { kind: 'complete'; results: readonly StoredResult[]; now: number; done: Deferred<Set<string>> }
  | { kind: 'fail'; ids: readonly string[]; type: string; message: string; now: number; done: Deferred<void> };

interface Deferred<T> { resolve: (v: T) => void; reject: (e: unknown) => void }

function deferred<T>(): { promise: Promise<T>; done: Deferred<T> } {
  let done!: Deferred<T>;
  const promise = new Promise<T>((resolve, reject) => { done = { resolve, reject }; });
  return { promise, done };
}

interface Analysed { job: NewJob; result: StoredResult; message: AnalysisMessage; seq: number }

export class JobStore {
  /** Synchronous/stream results answered but not yet committed: by result id, and their jobs by job id. */
  private readonly unstored = new Map<string, Analysed>();
  private readonly unstoredJobs = new Map<string, Analysed>();
  private readonly writeBehind: Batching<Analysed>;
  private readonly jobWrites: Batching<JobWrite>;
  /** New jobs have their own gathering: a submission waits for its insert only, never behind a flush of completions. */
  private readonly inserts: Batching<JobWrite>;
  /** Write-behind results numbered as they are answered, and the highest number whose flush has ended (flushes run in order). */
  private addedSeq = 0;
  private storedSeq = 0;
  private flushWaiters: (() => void)[] = [];
  /** Shutting down (stopRetrying, close): a failing write-behind flush is given up, not tried again. */
  private closing = false;
  /** A write-behind flush is trying again after the store failed: deletions are refused and reads do not wait for it. */
  private retrying = false;
  /** Characters of the texts of `unstored`. */
  private unstoredChars = 0;
  /** Wakes a retry's pause (stopRetrying). */
  private wakeRetry: (() => void) | null = null;

  constructor(readonly store: SentimentStore) {
    this.jobWrites = new Batching<JobWrite>((writes) => this.flushJobWrites(writes));
    this.inserts = new Batching<JobWrite>((writes) => this.flushJobWrites(writes));
    this.writeBehind = new Batching<Analysed>(async (items) => {
      try {
        await this.storeAnswered(items);
      } finally {
        for (const i of items) {
          if (this.unstored.delete(i.result.id)) this.unstoredChars -= i.job.text.length;
          this.unstoredJobs.delete(i.job.id);
        }
        this.storedSeq = Math.max(this.storedSeq, items[items.length - 1]!.seq);
        const waiters = this.flushWaiters;
        this.flushWaiters = [];
        for (const w of waiters) w();
      }
    }, { windowMs: WRITE_BEHIND_WINDOW_MS, maxItems: WRITE_BEHIND_MAX });
  }

  /**
   * Stores answered results, trying again while the store fails (a database down for minutes: PostgreSQL's own
   * retries give up after 30 s, and a result answered 200 was then lost); they stay served from memory meanwhile.
   * Given up after WRITE_BEHIND_RETRY_MS, or at once when the store is closing.
   */
  private async storeAnswered(items: Analysed[]): Promise<void> {
    // one deadline for the flush: its oldest result's answer, so results queued behind a failing flush are not kept for hours
    const giveUpAt = items.reduce((t, i) => Math.min(t, i.result.createdMs), Date.now()) + WRITE_BEHIND_RETRY_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.store.insertCompleted(items.map((i) => i.job), items.map((i) => i.result));
        if (attempt > 0) logger.info({ results: items.length, attempts: attempt + 1 }, 'stored synchronous results after the store failed');
        this.retrying = false;
        return;
      } catch (e) {
        if (!isTransient(e)) {
          // not the connection: the rows (one of them, as likely as not). Halves are stored apart, so one bad row loses
          // itself, not the flush's other results
          if (items.length > 1) {
            const half = items.length >> 1;
            await this.storeAnswered(items.slice(0, half));
            await this.storeAnswered(items.slice(half));
          } else logger.error({ err: e, result: items[0]!.result.id }, 'could not store a synchronous result (its caller has it); dropped');
          return;
        }
        if (this.closing || Date.now() >= giveUpAt) {
          logger.error({ err: e, results: items.length }, 'could not store synchronous results (the callers have them); given up');
          this.retrying = false; // the next flush tries afresh; deletions and reads no longer wait for this one
          return;
        }
        this.retrying = true;
        logger.warn({ err: e, results: items.length, attempt: attempt + 1 }, 'could not store synchronous results yet; trying again (served from memory meanwhile)');
        await new Promise<void>((r) => {
          const t = setTimeout(r, Math.min(10_000, 500 * 2 ** attempt));
          this.wakeRetry = () => { clearTimeout(t); r(); };
        });
        this.wakeRetry = null;
        if (this.closing) {
          logger.error({ results: items.length }, 'could not store synchronous results before shutting down (the callers have them); given up');
          this.retrying = false;
          return;
        }
      }
    }
  }

  /** Shutting down: a write-behind flush that fails is not tried again (a pause under way ends now). */
  stopRetrying(): void {
    this.closing = true;
    this.wakeRetry?.();
  }

  /** Too many answered results (or characters of text) wait unstored: the store fails, and new synchronous texts are refused. */
  get unstoredFull(): boolean {
    return this.unstored.size >= UNSTORED_MAX || this.unstoredChars >= UNSTORED_MAX_CHARS;
  }

  /** A deletion must not wait for a flush the store keeps failing: UNAVAILABLE at once. */
  private refuseWhileRetrying(): void {
    if (this.retrying) {
      throw new ServiceError(status.UNAVAILABLE, 'UNAVAILABLE', 'the sentiment state store does not take writes now (answered results wait to be stored); retry later');
    }
  }

  /**
   * One flush of the job writes gathered in a turn, in the order a job lives them:
   * inserts, then completions, then failures, each kind in one store call. Every
   * caller gets its own answer or error.
   */
  private async flushJobWrites(writes: JobWrite[]): Promise<void> {
    const of = <K extends JobWrite['kind']>(kind: K) => writes.filter((w): w is Extract<JobWrite, { kind: K }> => w.kind === kind);
    const settle = async <W extends JobWrite>(group: W[], run: () => Promise<void>) => {
      if (group.length === 0) return;
      try {
        await run();
      } catch (e) {
        for (const w of group) w.done.reject(e);
      }
    };
    const pending = of('pending');
    await settle(pending, async () => {
      const existing = await this.store.insertPending(pending.flatMap((w) => w.jobs), pending.flatMap((w) => w.batches));
      for (const w of pending) w.done.resolve(new Set(w.batches.filter((b) => existing.has(b.id)).map((b) => b.id)));
    });
    const complete = of('complete');
    await settle(complete, async () => {
      const live = await this.store.complete(complete.flatMap((w) => w.results), complete[complete.length - 1]!.now);
      for (const w of complete) w.done.resolve(new Set(w.results.filter((r) => live.has(r.jobId)).map((r) => r.jobId)));
    });
    for (const w of of('fail')) {
      await settle([w], async () => {
        await this.store.fail(w.ids, w.type, w.message, w.now);
        w.done.resolve();
      });
    }
  }

  private gather<T>(write: (done: Deferred<T>) => JobWrite): Promise<T> {
    const { promise, done } = deferred<T>();
    const w = write(done);
    (w.kind === 'pending' ? this.inserts : this.jobWrites).add(w);
    return promise;
  }

  /** Stores new PENDING jobs and their batches; resolves once committed, with those of the batches stored already (SentimentStore.insertPending). */
  insertPending(jobs: readonly NewJob[], batches: readonly NewBatch[]): Promise<Set<string>> {
    return this.gather<Set<string>>((done) => ({ kind: 'pending', jobs, batches, done }));
  }

  /** Stores results of queued jobs still live; resolves with the job ids that got their result. */
  complete(results: readonly StoredResult[], now: number): Promise<Set<string>> {
    if (results.length === 0) return Promise.resolve(new Set());
    return this.gather<Set<string>>((done) => ({ kind: 'complete', results, now, done }));
  }

  /** Marks live jobs FAILED with an error entry. */
  fail(ids: readonly string[], type: string, message: string, now: number): Promise<void> {
    return this.gather<void>((done) => ({ kind: 'fail', ids, type, message, now, done }));
  }

  /** The store's job queue (claims, leases, live counts). */
  get queue(): JobQueue {
    return this.store.queue;
  }

  /** A result already answered (synchronous mode, streams): committed with its job in the next write-behind window. */
  recordAnalysed(job: NewJob, result: StoredResult, message: AnalysisMessage): void {
    const a = { job, result, message, seq: ++this.addedSeq };
    this.unstored.set(result.id, a);
    this.unstoredChars += job.text.length;
    this.unstoredJobs.set(job.id, a);
    this.writeBehind.add(a);
  }

  /** Commits the results answered so far. */
  settle(): Promise<void> {
    return this.writeBehind.settled();
  }

  /** Waits until the write-behind results answered before this call are committed (flushed at once, not after the window); later ones are not waited for. */
  private async caughtUp(): Promise<void> {
    // the store fails and keeps them: a read answers what is stored rather than wait for the flush to get through
    if (this.retrying) return;
    const target = this.addedSeq;
    while (this.storedSeq < target) {
      const ended = new Promise<void>((resolve) => this.flushWaiters.push(resolve));
      this.writeBehind.now();
      await ended;
      // let the Batching finish the flush's bookkeeping, so that now() can start the next one
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  private visible(a: Analysed | undefined, scope: Scope): Analysed | undefined {
    return a && (scope.admin || a.job.tenant === scope.tenant) ? a : undefined;
  }

  private static unstoredRow(a: Analysed): JobRow {
    const { text: _text, ...j } = a.job;
    return { ...j, status: 'SUCCEEDED', updatedMs: j.createdMs, attempts: 1, resultId: a.result.id, errorType: null, errorMessage: null };
  }

  async getJob(id: string, scope: Scope): Promise<JobRow | null> {
    const a = this.visible(this.unstoredJobs.get(id), scope);
    return a ? JobStore.unstoredRow(a) : this.store.getJob(id, scope);
  }

  /** The Analysis message of a result (null if unknown to the scope, or its payload was purged). */
  async getAnalysis(id: string, scope: Scope): Promise<AnalysisMessage | null> {
    const a = this.visible(this.unstored.get(id), scope);
    if (a) return a.message;
    const row = await this.store.getResult(id, scope);
    return row ? resultMessage(row) : null;
  }

  /** A feed's anomalous items, as messages. */
  async anomalousItems(feedId: string, scope: Scope, fromMs: number, toMs: number, limit: number): Promise<AnalysisMessage[]> {
    await this.caughtUp();
    return (await this.store.anomalousItems(feedId, scope, fromMs, toMs, limit)).map(resultMessage);
  }

  /** PENDING/PROCESSING → CANCELED; a job answered and not yet committed is returned as it is (SUCCEEDED). */
  async cancel(id: string, now: number, scope: Scope): Promise<JobRow | null> {
    const a = this.visible(this.unstoredJobs.get(id), scope);
    return a ? JobStore.unstoredRow(a) : this.store.cancel(id, now, scope);
  }

  async listJobs(filter: JobFilter, scope: Scope, after: JobCursor | null, limit: number): Promise<{ jobs: JobRow[]; more: boolean }> {
    await this.caughtUp();
    return this.store.listJobs(filter, scope, after, limit);
  }

  getBatch(id: string, scope: Scope): Promise<BatchRow | null> {
    return this.store.getBatch(id, scope);
  }

  async keptResults(jobKeys: readonly string[], scope: Scope): Promise<number> {
    await this.caughtUp();
    return this.store.keptResults(jobKeys, scope);
  }

  async countByState(): Promise<Record<JobStatus, number>> {
    await this.caughtUp();
    return this.store.countByState();
  }

  recentScores(tenant: string, feedId: string, n: number): Promise<number[]> {
    return this.store.recentScores(tenant, feedId, n);
  }

  async feedExists(feedId: string, scope: Scope): Promise<boolean> {
    await this.caughtUp();
    return this.store.feedExists(feedId, scope);
  }

  async feedWindowRows(...args: Parameters<SentimentStore['feedWindowRows']>): Promise<FeedWindowRow[]> {
    await this.caughtUp();
    return this.store.feedWindowRows(...args);
  }

  // Deletions first commit what is still behind, so that they find it (and are refused while the store fails it).
  async deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    this.refuseWhileRetrying();
    await this.settle();
    return this.store.deleteAnalysis(resultId, scope);
  }

  async deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    this.refuseWhileRetrying();
    await this.settle();
    return this.store.deleteJob(jobId, scope, now);
  }

  async deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null> {
    this.refuseWhileRetrying();
    await this.settle();
    return this.store.deleteFeed(feedId, scope, committed);
  }

  async purgeBefore(cutoffMs: number): Promise<Deleted> {
    this.refuseWhileRetrying();
    await this.settle();
    return this.store.purgeBefore(cutoffMs);
  }

  createWebhook(endpoint: WebhookEndpoint, max?: number): Promise<boolean> {
    return this.store.createWebhook(endpoint, max);
  }

  listWebhooks(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.store.listWebhooks(scope);
  }

  getWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.store.getWebhook(id, scope);
  }

  deleteWebhook(id: string, scope: Scope): Promise<WebhookEndpoint | null> {
    return this.store.deleteWebhook(id, scope);
  }

  listDeliveries(endpointId: string, scope: Scope, after: { createdMs: number; id: string } | null, limit: number): Promise<{ deliveries: DeliveryLogEntry[]; more: boolean }> {
    return this.store.listDeliveries(endpointId, scope, after, limit);
  }

  dueMessages(now: number, limit: number, busy?: readonly string[]): Promise<OutboxMessage[]> {
    return this.store.dueMessages(now, limit, busy);
  }

  releaseMessages(messages: readonly OutboxMessage[]): Promise<void> {
    return this.store.releaseMessages(messages);
  }

  pendingMessages(): Promise<number> {
    return this.store.pendingMessages();
  }

  nextDue(): Promise<number | null> {
    return this.store.nextDue();
  }

  recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    return this.store.recordAttempts(outcomes);
  }

  onMessages(listener: () => void): void {
    this.store.onMessages(listener);
  }

  onFeedsDeleted(listener: (deleted: FeedDeletion | null) => void): void {
    this.store.onFeedsDeleted(listener);
  }

  async close(): Promise<void> {
    this.stopRetrying();
    await this.inserts.settled();
    await this.jobWrites.settled();
    await this.settle();
    await this.store.close();
  }
}
