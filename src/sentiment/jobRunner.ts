/**
 * The job lifecycle and the micro-batcher between the gRPC handlers and the pool.
 *
 * - Queue: texts wait in memory, bounded by queueMax and, per tenant, by
 *   tenantQueueMax (past either, RESOURCE_EXHAUSTED). Admission is atomic: a
 *   submission reserves its places synchronously before anything is awaited, so
 *   concurrent submissions can never together pass the cap.
 *   Synchronous and stream texts go first. Whenever a worker slot is free (at most two
 *   tasks per worker in flight), the runner takes up to batchSize waiting texts as one
 *   task: a lone request leaves at once as a batch of one, and under load the texts
 *   that arrived while the workers were busy leave together, so batches grow with load;
 *   a backlog leaves in tasks of its share per slot, up to batchMax (takeSize).
 * - Asynchronous jobs are committed as PENDING before their ids are returned, marked
 *   PROCESSING when their batch leaves, and completed with their result in one
 *   transaction (the JobStore gathers each kind of write of the same turn into one).
 * - Synchronous and stream texts are answered as soon as they are analysed; the JobStore
 *   commits their job and result right after (write-behind) and serves them until then.
 *   The runner holds no job state of its own beyond its queue.
 * - A worker failure (error or crash) puts the batch back; after maxAttempts a job is
 *   FAILED with ANALYSIS_FAILED. After a restart, PENDING and PROCESSING jobs are queued
 *   again (recover()).
 * - close(): stops intake, lets in-flight batches finish (up to 10 s), leaves queued jobs
 *   PENDING in the database for the next start, closes the pool.
 * - Shared store (PostgreSQL, several cores): a submission only commits its PENDING jobs;
 *   every core's JobClaimer claims jobs from the store under a lease and hands them here
 *   (acceptClaimed), so any core runs any core's jobs and a dead core's jobs are taken
 *   over. Admission counts the store's live jobs (refreshed every second) plus this
 *   core's admissions in flight, so caps hold across replicas to within a second's submissions.
 */
import { timeOrderedId } from './store/timeOrderedId.js';
import { status } from '@grpc/grpc-js';
import { ServiceError } from '../errors.js';
import { logger } from '../log.js';
import type { AnalysisPool } from './analysisPool.js';
import type { AnalysisOutcome } from './sentimentAnalyzer.js';
import type { ClaimedJob, NewBatch, NewJob, StoredResult } from './store/sentimentStore.js';
import type { JobStore } from './store/jobStore.js';
import { analysisMessage, storedResult, type AnalysisMessage } from './store/messages.js';
import { JobClaimer, type ClaimTarget } from './jobClaimer.js';
import type { FeedBaselines, ItemAnomaly } from './feedAnalytics.js';
import type { SentimentMetrics } from './sentimentMetrics.js';

interface Waiter {
  resolve: (a: AnalysisMessage) => void;
  reject: (e: unknown) => void;
}

interface QueueItem {
  job: NewJob;
  attempts: number;
  /** Set for synchronous and stream texts: stored only once analysed. */
  waiter?: Waiter;
  canceled: boolean;
  /** Set once the item's admission (queue and tenant places) is given back. */
  released?: boolean;
}

export interface RunnerOptions {
  /** Texts per worker task while few wait (and whenever a synchronous text waits). */
  batchSize: number;
  /**
   * Most texts per worker task: with a backlog, a task takes an even share of what waits across the worker
   * slots, up to this (default batchSize). The store's statements cost mostly per statement (PROCESSING mark
   * ~5 ms, completion ~8 ms, whatever their size), so with MERIDIAN_SENTIMENT_BATCH_MAX's 512 a backlog of 10,000 leaves in tasks of 512, not 256.
   */
  batchMax?: number;
  queueMax: number;
  /** Texts one tenant may have waiting or running. */
  tenantQueueMax: number;
  maxAttempts: number;
}

/** Analysed batches per worker slot that may be storing their results at once (beyond, the slot waits). */
const COMPLETING_PER_SLOT = 4;

export const queueFull = (queued: number): ServiceError =>
  new ServiceError(status.RESOURCE_EXHAUSTED, 'QUEUE_FULL', `the analysis queue is full (${queued} texts waiting); retry later, or send smaller batches`);

export const tenantQuotaFull = (live: number, max: number): ServiceError =>
  new ServiceError(status.RESOURCE_EXHAUSTED, 'TENANT_QUOTA', `you have ${live} texts waiting or running, and at most ${max} are allowed at once; retry later, once some have finished`);

/** The answer to a synchronous text whose caller went away (nobody reads it; the status is for the record). */
const callCancelled = (): ServiceError => new ServiceError(status.CANCELLED, 'UNAVAILABLE', 'the caller cancelled the call');

export class JobRunner implements ClaimTarget {
  private readonly urgent: QueueItem[] = [];
  /** Batches whose worker failed, run again before the normal queue. */
  private readonly retries: QueueItem[] = [];
  private readonly normal: QueueItem[] = [];
  private normalHead = 0;
  private readonly queued = new Map<string, QueueItem>();
  private inflight = 0;
  private inflightTexts = 0;
  /** Analysed batches whose results are being stored. */
  private completing = 0;
  /** Places taken by admitted texts not yet in the queue (their PENDING insert is committing). */
  private reserved = 0;
  /** Texts admitted and not yet finished, per tenant (the quota). */
  private readonly perTenant = new Map<string, number>();
  private readonly maxInflight: number;
  private accepting = true;
  private readonly idle: (() => void)[] = [];
  /** Shared store only: claims jobs for this core; and the store's live counts for admission. */
  private readonly claimer: JobClaimer | null;
  private sharedLive = { total: 0, perTenant: new Map<string, number>() };

  constructor(
    private readonly store: JobStore,
    private readonly pool: AnalysisPool,
    private readonly baselines: FeedBaselines,
    private readonly opts: RunnerOptions,
    private readonly metrics: SentimentMetrics,
  ) {
    this.maxInflight = pool.workers * 2;
    this.claimer = store.shared ? new JobClaimer(store.shared, this) : null;
  }

  /** Texts waiting for a worker. */
  get waiting(): number {
    return this.urgent.length + this.retries.length + this.normal.length - this.normalHead;
  }

  /** Texts waiting or running (PENDING + PROCESSING), including those being admitted. */
  get depth(): number {
    return this.waiting + this.reserved + this.inflightTexts;
  }

  /**
   * Takes n places for a tenant, or throws; synchronous, so concurrent submissions
   * are admitted one after the other against exact counts.
   */
  private admit(tenant: string, n: number): void {
    if (!this.accepting) throw new ServiceError(status.UNAVAILABLE, 'SHUTTING_DOWN', 'the core is shutting down; retry against another instance or after the restart');
    const queued = this.claimer ? this.sharedLive.total + this.reserved : this.waiting + this.reserved;
    if (queued + n > this.opts.queueMax) throw queueFull(queued);
    const reserved = this.perTenant.get(tenant) ?? 0;
    const mine = reserved + (this.claimer ? this.sharedLive.perTenant.get(tenant) ?? 0 : 0);
    if (mine + n > this.opts.tenantQueueMax) throw tenantQuotaFull(mine, this.opts.tenantQueueMax);
    this.perTenant.set(tenant, reserved + n);
  }

  /** Gives an item's tenant place back (once). */
  private release(item: QueueItem): void {
    if (item.released) return;
    item.released = true;
    const left = (this.perTenant.get(item.job.tenant) ?? 1) - 1;
    if (left > 0) this.perTenant.set(item.job.tenant, left);
    else this.perTenant.delete(item.job.tenant);
  }

  /**
   * Commits the jobs (and their batch) as PENDING, sharing a transaction with others of this turn, then queues them.
   * Resolves false, having stored and queued nothing, when the batch was stored already (a request id's batch made
   * by a racing call on another core, or by an earlier attempt): the caller answers from the stored one.
   */
  async submit(tenant: string, jobs: NewJob[], batch?: NewBatch): Promise<boolean> {
    this.admit(tenant, jobs.length);
    this.reserved += jobs.length;
    let existing: Set<string>;
    try {
      existing = await this.store.insertPending(jobs, batch ? [batch] : []);
    } catch (e) {
      this.reserved -= jobs.length;
      for (const job of jobs) this.release({ job, attempts: 0, canceled: false });
      throw e;
    }
    this.reserved -= jobs.length;
    if (batch && existing.has(batch.id)) {
      for (const job of jobs) this.release({ job, attempts: 0, canceled: false });
      return false;
    }
    this.metrics.submitted(jobs.length);
    if (this.claimer) {
      // Now in the shared queue: counted there (until the next refresh, counted here), run by whichever core claims it.
      for (const job of jobs) this.release({ job, attempts: 0, canceled: false });
      this.sharedLive.total += jobs.length;
      this.sharedLive.perTenant.set(tenant, (this.sharedLive.perTenant.get(tenant) ?? 0) + jobs.length);
      this.claimer.wake();
      return true;
    }
    for (const job of jobs) this.enqueue({ job, attempts: 0, canceled: false }, false);
    this.pump();
    return true;
  }

  /** Analyses now (ahead of queued jobs) and answers; the job and result are stored behind the answer (JobStore.recordAnalysed, group commit). */
  analyzeNow(job: NewJob, signal?: AbortSignal): Promise<AnalysisMessage> {
    if (signal?.aborted) return Promise.reject(callCancelled());
    this.admit(job.tenant, 1);
    return new Promise<AnalysisMessage>((resolve, reject) => {
      const item: QueueItem = { job, attempts: 0, canceled: false, waiter: { resolve, reject } };
      // the caller went away (gRPC cancel, or its exchange call cancelled): a text still queued is
      // skipped, one in the model is neither stored nor counted in its feed; the caller gets no answer
      signal?.addEventListener('abort', () => { item.canceled = true; reject(callCancelled()); }, { once: true });
      this.enqueue(item, true);
      this.pump();
    });
  }

  /** Jobs left unfinished by the previous run go back in the queue (oldest first); they count against their tenants. */
  async recover(): Promise<number> {
    if (this.claimer) {
      await this.claimer.start(); // the shared queue: unfinished jobs are claimed like any others
      return 0;
    }
    const jobs = await this.store.unfinished();
    for (const j of jobs) {
      this.perTenant.set(j.tenant, (this.perTenant.get(j.tenant) ?? 0) + 1);
      this.enqueue({ job: j, attempts: j.attempts, canceled: false }, false);
    }
    this.pump();
    return jobs.length;
  }

  // ---- shared queue (ClaimTarget) ----

  room(): number {
    return this.accepting ? this.maxInflight * this.opts.batchSize - this.waiting - this.inflightTexts : 0;
  }

  acceptClaimed(jobs: ClaimedJob[]): void {
    const spent = jobs.filter((j) => j.attempts > this.opts.maxAttempts);
    for (const { attempts, ...job } of jobs) {
      if (attempts > this.opts.maxAttempts) continue;
      // The claim counted this attempt; pump() counts it again when the batch leaves.
      this.enqueue({ job, attempts: attempts - 1, canceled: false, released: true }, false);
    }
    if (spent.length) {
      const message = `analysis was started ${this.opts.maxAttempts} times by cores that stopped before finishing it`;
      this.store.fail(spent.map((j) => j.id), 'ANALYSIS_FAILED', message, Date.now()).catch((e: unknown) => logger.error({ err: e }, 'could not mark jobs FAILED'));
    }
    this.pump();
  }

  heldIds(): string[] {
    return [...this.queued.keys()];
  }

  setLiveCounts(live: { total: number; perTenant: Map<string, number> }): void {
    this.sharedLive = live;
  }

  /** Marks a queued job canceled so that it is skipped (the store holds the truth). */
  forget(jobId: string): void {
    const item = this.queued.get(jobId);
    if (item) item.canceled = true;
  }

  private enqueue(item: QueueItem, urgent: boolean): void {
    (urgent ? this.urgent : this.normal).push(item);
    if (!item.waiter) this.queued.set(item.job.id, item);
  }

  /** The size of the next task: batchSize, or with a backlog and no synchronous text waiting, its share of the backlog (RunnerOptions.batchMax). */
  private takeSize(): number {
    const { batchSize, batchMax = batchSize } = this.opts;
    if (batchMax <= batchSize || this.urgent.length) return batchSize;
    return Math.min(batchMax, Math.max(batchSize, Math.ceil(this.waiting / this.maxInflight)));
  }

  private take(): QueueItem[] {
    const items: QueueItem[] = [];
    const size = this.takeSize();
    while (items.length < size && this.urgent.length) {
      const it = this.urgent.shift()!;
      if (!it.canceled) items.push(it);
      else this.release(it);
    }
    while (items.length < size && this.retries.length) {
      const it = this.retries.shift()!;
      if (!it.canceled) items.push(it);
      else this.release(it);
    }
    while (items.length < size && this.normalHead < this.normal.length) {
      const it = this.normal[this.normalHead]!;
      this.normal[this.normalHead++] = undefined as unknown as QueueItem;
      if (!it.canceled) items.push(it);
      else {
        this.queued.delete(it.job.id);
        this.release(it);
      }
    }
    if (this.normalHead > 4096 && this.normalHead * 2 > this.normal.length) {
      this.normal.splice(0, this.normalHead);
      this.normalHead = 0;
    }
    return items;
  }

  private pump(): void {
    while (this.inflight < this.maxInflight && this.completing < this.maxInflight * COMPLETING_PER_SLOT) {
      const items = this.take();
      if (items.length === 0) break;
      this.inflight++;
      this.inflightTexts += items.length;
      const now = Date.now();
      const stored = items.filter((i) => !i.waiter).map((i) => i.job.id);
      if (stored.length && !this.claimer) this.store.markProcessing(stored, now).catch((e: unknown) => logger.error({ err: e }, 'could not mark jobs PROCESSING'));
      for (const i of items) i.attempts++;
      const started = performance.now();
      // The worker slot is free as soon as the outcomes are back: storing them runs
      // beside the next batches (the store gathers them), up to COMPLETING_PER_SLOT
      // batches per slot; a crash before they commit leaves the jobs PENDING/PROCESSING,
      // to be run again, and a second result is never stored (JobStore.complete).
      let slotHeld = true;
      const freeSlot = () => {
        if (!slotHeld) return;
        slotHeld = false;
        this.inflight--;
        this.inflightTexts -= items.length;
      };
      this.pool
        .run({ texts: items.map((i) => i.job.text), domains: items.map((i) => i.job.domain) })
        .then((outcomes) => {
          this.metrics.modelTime(items.length, (performance.now() - started) / 1000);
          freeSlot();
          this.completing++;
          const stored = this.finish(items, outcomes).finally(() => { this.completing--; });
          this.pump();
          return stored;
        }, (e: unknown) => {
          freeSlot();
          return this.retry(items, e);
        })
        .catch((e: unknown) => logger.error({ err: e }, 'storing analysis results failed'))
        .finally(() => {
          freeSlot();
          this.pump();
          this.claimer?.wake();
          if (this.inflight === 0 && this.completing === 0) for (const f of this.idle.splice(0)) f();
        });
    }
  }

  private async retry(items: QueueItem[], err: unknown): Promise<void> {
    logger.error({ err, texts: items.length }, 'analysis worker failed; retrying the batch');
    const again = items.filter((i) => i.attempts < this.opts.maxAttempts);
    const failed = items.filter((i) => i.attempts >= this.opts.maxAttempts);
    for (const i of again) (i.waiter ? this.urgent : this.retries).push(i);
    const message = `analysis failed ${this.opts.maxAttempts} times: ${err instanceof Error ? err.message : String(err)}`;
    for (const i of failed) {
      this.queued.delete(i.job.id);
      this.release(i);
      this.metrics.finished('FAILED', i.job.createdMs);
      i.waiter?.reject(new ServiceError(status.UNAVAILABLE, 'UNAVAILABLE', `${message}; the core log has the details`));
    }
    const ids = failed.filter((i) => !i.waiter).map((i) => i.job.id);
    if (ids.length) await this.store.fail(ids, 'ANALYSIS_FAILED', message, Date.now());
  }

  private async finish(items: QueueItem[], outcomes: AnalysisOutcome[]): Promise<void> {
    const now = Date.now();
    const queuedResults: StoredResult[] = [];
    const answered: QueueItem[] = [];
    const rejected: { item: QueueItem; type: string; message: string }[] = [];
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      const outcome = outcomes[k]!;
      if (item.waiter && item.canceled) { this.release(item); continue; } // its caller is gone: nothing to store or answer
      if ('error' in outcome) {
        rejected.push({ item, type: outcome.error.problem, message: outcome.error.message });
        continue;
      }
      let anomaly: ItemAnomaly | undefined;
      try {
        const seen = item.job.feedId ? this.baselines.observe(item.job.tenant, item.job.feedId, outcome.sentimentScore) : undefined;
        anomaly = seen instanceof Promise ? await seen : seen;
      } catch (e) {
        // the feed's baseline could not be read (a database blip): the analysis stands, without its anomaly verdict
        logger.warn({ err: e, feedId: item.job.feedId }, 'feed baseline unavailable; result stored without an anomaly score');
      }
      const resultId = timeOrderedId(now);
      const stored = storedResult(item.job, outcome, resultId, now, anomaly);
      if (item.waiter) {
        // Write-behind: the caller gets its result now; the store commits it shortly and serves it meanwhile.
        const message = analysisMessage(item.job, outcome, resultId, now, anomaly);
        this.store.recordAnalysed(item.job, stored, message);
        item.waiter.resolve(message);
        answered.push(item);
      } else queuedResults.push(stored);
    }
    const writes: Promise<unknown>[] = [];
    if (queuedResults.length) {
      const created = new Map(items.map((i) => [i.job.id, i.job.createdMs]));
      writes.push(this.store.complete(queuedResults, now).then((live) => {
        for (const id of live) this.metrics.finished('SUCCEEDED', created.get(id) ?? now, now);
      }));
    }
    const rejectedStored = rejected.filter((r) => !r.item.waiter);
    for (const r of rejected) r.item.waiter?.reject(new ServiceError(status.INVALID_ARGUMENT, 'TEXT_INVALID', r.message, 'text'));
    for (const r of rejectedStored) writes.push(this.store.fail([r.item.job.id], r.type, r.message, now));
    for (const i of items) {
      this.queued.delete(i.job.id);
      this.release(i);
    }
    for (const r of rejected) this.metrics.finished('FAILED', r.item.job.createdMs, now);
    for (const i of answered) this.metrics.finished('SUCCEEDED', i.job.createdMs, now);
    await Promise.all(writes);
  }

  /** Stops intake; resolves when in-flight batches are done (or after timeoutMs). Queued jobs stay PENDING. */
  async drain(timeoutMs = 10_000): Promise<void> {
    this.accepting = false;
    await this.claimer?.stop();
    const left = [...this.urgent];
    this.urgent.length = 0;
    this.retries.length = 0;
    this.normal.length = 0;
    this.normalHead = 0;
    for (const i of left) i.waiter?.reject(new ServiceError(status.UNAVAILABLE, 'SHUTTING_DOWN', 'the core is shutting down; retry shortly'));
    if (this.inflight > 0 || this.completing > 0) await Promise.race([new Promise<void>((r) => this.idle.push(r)), new Promise<void>((r) => setTimeout(r, timeoutMs).unref())]);
    await this.claimer?.releaseHeld().catch((e: unknown) => logger.warn({ err: e }, 'could not give back held jobs; their leases will lapse'));
    await this.store.settle();
  }
}
