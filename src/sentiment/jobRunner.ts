/**
 * The job lifecycle and the micro-batcher between the gRPC handlers and the pool. A
 * sentiment text's steps, each in one place:
 *
 * 1. Admission (admit): a submission takes its places synchronously, before anything is
 *    awaited, against the store queue's live counts (JobQueue.live(): exact on the embedded
 *    store, a snapshot refreshed every second on PostgreSQL) plus this runner's own
 *    reservations (texts whose insert is committing; synchronous texts until answered).
 *    Past queueMax texts waiting, or a tenant's tenantQueueMax waiting or running (a
 *    synchronous text: its tenant's synchronous texts only), RESOURCE_EXHAUSTED. So on one
 *    process concurrent submissions can never together pass a cap; across replicas the caps
 *    hold to within a second's submissions.
 * 2. Asynchronous jobs are committed as PENDING (JobStore.insertPending) before their ids
 *    are returned; nothing of them stays here.
 * 3. The claimer (jobClaimer.ts) claims them from the store's queue, oldest first, as many
 *    as the workers' slots take in two rounds: the claim marks them PROCESSING under this
 *    process's lease and counts the attempt (acceptClaimed). A claimed job waits here until
 *    its task leaves: the runner's only job state is what it claimed and has not finished.
 *    After a restart, jobs left PENDING or PROCESSING are claimed again like any others;
 *    a job started more than maxAttempts times is FAILED with ANALYSIS_FAILED.
 * 4. Tasks (pump, take): whenever a worker slot is free (at most two tasks per worker in
 *    flight), up to batchSize waiting texts leave as one task, synchronous and stream texts
 *    first: a lone request leaves at once as a batch of one, and under load the texts that
 *    arrived while the workers were busy leave together, so batches grow with load; a
 *    backlog (the queue's waiting jobs with those claimed) leaves in tasks of its share per
 *    slot, up to batchMax (takeSize); a task holds at most TASK_CHARS characters of text, so
 *    long texts leave in small tasks and a synchronous text never waits behind seconds of them.
 * 5. Results (finish): queued jobs are completed with their result in one transaction
 *    (the JobStore gathers each kind of write of the same turn into one). Synchronous and
 *    stream texts are never stored first: they are answered as soon as they are analysed,
 *    and the JobStore commits their job and result right after (write-behind), serving
 *    them until then.
 * 6. A worker failure (error or crash) runs the batch again (retry): synchronous texts
 *    first in line, queued jobs given back to the queue with their attempt counted and
 *    claimed again first; after maxAttempts a job is FAILED with ANALYSIS_FAILED.
 * 7. drain(): stops intake and claims, lets in-flight batches finish (up to 10 s), gives
 *    back the claimed jobs that did not run (PENDING, for the next start or another
 *    replica), and commits the write-behind results.
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

/** A text waiting for a worker or running: a claimed job, or a synchronous text (with its waiter). */
interface QueueItem {
  job: NewJob;
  /** Times it was started, this run included once it left (a claimed job's count is the claim's). */
  attempts: number;
  /** Set for synchronous and stream texts: stored only once analysed. */
  waiter?: Waiter;
  canceled: boolean;
  /** Synchronous texts: set once their admission (queue and tenant places) is given back. */
  released?: boolean;
}

export interface RunnerOptions {
  /** Texts per worker task while few wait (and whenever a synchronous text waits). */
  batchSize: number;
  /**
   * Most texts per worker task: with a backlog, a task takes an even share of what waits across the worker
   * slots, up to this (default batchSize). The store's statements cost mostly per statement (a claim, which marks PROCESSING,
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
/**
 * Most characters of text in one task (a task holds at least one text, whatever its length). A task's time grows
 * with its characters, and a synchronous text waits for the tasks already in flight: 512 texts of 20,000
 * characters held a worker ~7 s, and another tenant's synchronous call 15 s. 128 Ki characters is ~0.1-0.2 s of
 * analysis, and more than 512 tweet-length texts hold, so batches of short texts keep their size.
 */
export const TASK_CHARS = 128 * 1024;

export const queueFull = (queued: number): ServiceError =>
  new ServiceError(status.RESOURCE_EXHAUSTED, 'QUEUE_FULL', `the analysis queue is full (${queued} texts waiting); retry later, or send smaller batches`);

export const tenantQuotaFull = (live: number, max: number): ServiceError =>
  new ServiceError(status.RESOURCE_EXHAUSTED, 'TENANT_QUOTA', `you have ${live} texts waiting or running, and at most ${max} are allowed at once; retry later, once some have finished`);

/** The answer to a synchronous text whose caller went away (nobody reads it; the status is for the record). */
const callCancelled = (): ServiceError => new ServiceError(status.CANCELLED, 'UNAVAILABLE', 'the caller cancelled the call');

export class JobRunner implements ClaimTarget {
  /** Synchronous and stream texts waiting for a worker. */
  private readonly urgent: QueueItem[] = [];
  /** Claimed jobs waiting for a worker, oldest first (from claimedHead). */
  private readonly claimed: QueueItem[] = [];
  private claimedHead = 0;
  /** Claimed jobs until they finish (waiting or running), by id: the jobs this process holds a lease on. */
  private readonly held = new Map<string, QueueItem>();
  private inflight = 0;
  private inflightTexts = 0;
  /** Analysed batches whose results are being stored. */
  private completing = 0;
  /** Places taken by admitted texts not yet in the store's queue (their PENDING insert is committing). */
  private reserved = 0;
  /** This runner's reservations per tenant (the quota): texts being inserted, and synchronous texts until answered. */
  private readonly perTenant = new Map<string, number>();
  /** Of those, the synchronous texts per tenant until answered (the quota a synchronous text is admitted against). */
  private readonly syncPerTenant = new Map<string, number>();
  private readonly maxInflight: number;
  private accepting = true;
  private readonly idle: (() => void)[] = [];
  private readonly claimer: JobClaimer;

  constructor(
    private readonly store: JobStore,
    private readonly pool: AnalysisPool,
    private readonly baselines: FeedBaselines,
    private readonly opts: RunnerOptions,
    private readonly metrics: SentimentMetrics,
  ) {
    this.maxInflight = pool.workers * 2;
    this.claimer = new JobClaimer(store.queue, this);
  }

  private get claimedWaiting(): number {
    return this.claimed.length - this.claimedHead;
  }

  /** Texts waiting for a worker here (claimed jobs and synchronous texts). */
  get waiting(): number {
    return this.urgent.length + this.claimedWaiting;
  }

  /** Texts waiting or running (PENDING + PROCESSING), including those being admitted. */
  get depth(): number {
    return this.store.queue.live().waiting + this.waiting + this.reserved + this.inflightTexts;
  }

  /**
   * Takes n places for a tenant, or throws; synchronous, so concurrent submissions
   * are admitted one after the other against the counts of the moment.
   */
  private admit(tenant: string, n: number, synchronous = false): void {
    if (!this.accepting) throw new ServiceError(status.UNAVAILABLE, 'SHUTTING_DOWN', 'the core is shutting down; retry against another instance or after the restart');
    const live = this.store.queue.live();
    const queued = live.waiting + this.waiting + this.reserved;
    if (queued + n > this.opts.queueMax) throw queueFull(queued);
    const reserved = this.perTenant.get(tenant) ?? 0;
    // A synchronous text is held to the quota with its key's other synchronous texts only: a key whose batches fill its
    // quota still gets its interactive calls answered (the queue cap above holds for both). A queued text counts every
    // text of its key, synchronous ones included.
    const sync = this.syncPerTenant.get(tenant) ?? 0;
    const mine = synchronous ? sync : reserved + (live.perTenant.get(tenant) ?? 0);
    if (mine + n > this.opts.tenantQueueMax) throw tenantQuotaFull(mine, this.opts.tenantQueueMax);
    this.perTenant.set(tenant, reserved + n);
    if (synchronous) this.syncPerTenant.set(tenant, sync + n);
  }

  /** Gives n of a tenant's reserved places back. */
  private giveBack(tenant: string, n: number): void {
    const left = (this.perTenant.get(tenant) ?? n) - n;
    if (left > 0) this.perTenant.set(tenant, left);
    else this.perTenant.delete(tenant);
  }

  /** Gives a synchronous text's places back (once). */
  private release(item: QueueItem): void {
    if (!item.waiter || item.released) return;
    item.released = true;
    const tenant = item.job.tenant;
    this.giveBack(tenant, 1);
    const sync = (this.syncPerTenant.get(tenant) ?? 1) - 1;
    if (sync > 0) this.syncPerTenant.set(tenant, sync);
    else this.syncPerTenant.delete(tenant);
  }

  /**
   * Commits the jobs (and their batch) as PENDING, sharing a transaction with others of this turn; from then on they
   * are the queue's (counted in its live counts, claimed by whichever runner has room). Resolves false, having stored
   * nothing, when the batch was stored already (a request id's batch made by a racing call on another core, or by an
   * earlier attempt): the caller answers from the stored one.
   */
  async submit(tenant: string, jobs: NewJob[], batch?: NewBatch): Promise<boolean> {
    this.admit(tenant, jobs.length);
    this.reserved += jobs.length;
    let existing: Set<string>;
    try {
      existing = await this.store.insertPending(jobs, batch ? [batch] : []);
    } finally {
      this.reserved -= jobs.length;
      this.giveBack(tenant, jobs.length);
    }
    if (batch && existing.has(batch.id)) return false;
    this.metrics.submitted(jobs.length);
    this.claimer.wake();
    return true;
  }

  /** Analyses now (ahead of queued jobs) and answers; the job and result are stored behind the answer (JobStore.recordAnalysed, group commit). */
  analyzeNow(job: NewJob, signal?: AbortSignal): Promise<AnalysisMessage> {
    if (signal?.aborted) return Promise.reject(callCancelled());
    if (this.store.unstoredFull) {
      return Promise.reject(new ServiceError(status.UNAVAILABLE, 'UNAVAILABLE', 'the sentiment state store does not take results (too many answered results wait to be stored); retry later, or submit the text asynchronously'));
    }
    this.admit(job.tenant, 1, true);
    return new Promise<AnalysisMessage>((resolve, reject) => {
      // the caller went away (gRPC cancel, or its exchange call cancelled): a text still queued is
      // skipped, one in the model is neither stored nor counted in its feed; the caller gets no answer
      const onAbort = (): void => { item.canceled = true; reject(callCancelled()); };
      // answered either way: the listener goes (a stream's one signal serves every text it sends)
      const settled = (): void => signal?.removeEventListener('abort', onAbort);
      const item: QueueItem = {
        job, attempts: 0, canceled: false,
        waiter: { resolve: (m) => { settled(); resolve(m); }, reject: (e) => { settled(); reject(e); } },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.urgent.push(item);
      this.pump();
    });
  }

  /**
   * Starts claiming from the store's queue: jobs left PENDING or PROCESSING by a process that stopped are claimed like
   * any others. Resolves with the jobs waiting in the queue at start.
   */
  async start(): Promise<number> {
    await this.store.queue.refreshLive();
    const waiting = this.store.queue.live().waiting;
    await this.claimer.start();
    return waiting;
  }

  // ---- the claimer's side (ClaimTarget) ----

  /**
   * Claimed jobs wanted now: two rounds of tasks of the size the backlog asks for, less the texts waiting here or in a
   * worker. So the next round is claimed while one runs: a claim waits for the store's writer, never a worker for it.
   */
  room(): number {
    if (!this.accepting) return 0;
    return 2 * this.maxInflight * this.takeSize(this.store.queue.live().waiting + this.claimedWaiting) - this.claimedWaiting - this.inflightTexts;
  }

  acceptClaimed(jobs: ClaimedJob[]): void {
    const spent = jobs.filter((j) => j.attempts > this.opts.maxAttempts);
    for (const job of jobs) {
      if (job.attempts > this.opts.maxAttempts) continue;
      const item: QueueItem = { job, attempts: job.attempts, canceled: false };
      this.claimed.push(item);
      this.held.set(job.id, item);
    }
    if (spent.length) {
      const message = `analysis was started ${this.opts.maxAttempts} time${this.opts.maxAttempts === 1 ? '' : 's'} by cores that stopped before finishing it`;
      this.store.fail(spent.map((j) => j.id), 'ANALYSIS_FAILED', message, Date.now()).catch((e: unknown) => logger.error({ err: e }, 'could not mark jobs FAILED'));
    }
    this.pump();
  }

  heldIds(): string[] {
    return [...this.held.keys()];
  }

  /** Marks a claimed job canceled so that it is skipped if it has not left yet (the store holds the truth). */
  forget(jobId: string): void {
    const item = this.held.get(jobId);
    if (item) item.canceled = true;
  }

  /**
   * The size of the next task: batchSize, or with a backlog (`backlog`: the queue's waiting jobs and those claimed
   * here) and no synchronous text waiting, its share of the backlog per worker slot, up to RunnerOptions.batchMax.
   */
  private takeSize(backlog: number): number {
    const { batchSize, batchMax = batchSize } = this.opts;
    if (batchMax <= batchSize || this.urgent.length) return batchSize;
    return Math.min(batchMax, Math.max(batchSize, Math.ceil(backlog / this.maxInflight)));
  }

  private take(): QueueItem[] {
    const items: QueueItem[] = [];
    const size = this.takeSize(this.store.queue.live().waiting + this.claimedWaiting);
    let chars = 0;
    // the next text fits: the task is under its size, and under TASK_CHARS with it (or empty)
    const fits = (it: QueueItem): boolean => items.length === 0 || chars + it.job.text.length <= TASK_CHARS;
    const add = (it: QueueItem): void => {
      items.push(it);
      chars += it.job.text.length;
    };
    while (items.length < size && this.urgent.length && fits(this.urgent[0]!)) {
      const it = this.urgent.shift()!;
      if (it.canceled) this.release(it);
      else add(it);
    }
    // a synchronous text that did not fit goes first in the next task: no queued job goes past it
    while (items.length < size && this.urgent.length === 0 && this.claimedHead < this.claimed.length && fits(this.claimed[this.claimedHead]!)) {
      const it = this.claimed[this.claimedHead]!;
      this.claimed[this.claimedHead++] = undefined as unknown as QueueItem;
      if (it.canceled) this.held.delete(it.job.id);
      else add(it);
    }
    if (this.claimedHead > 4096 && this.claimedHead * 2 > this.claimed.length) {
      this.claimed.splice(0, this.claimedHead);
      this.claimedHead = 0;
    }
    return items;
  }

  private pump(): void {
    while (this.inflight < this.maxInflight && this.completing < this.maxInflight * COMPLETING_PER_SLOT) {
      const items = this.take();
      if (items.length === 0) break;
      this.inflight++;
      this.inflightTexts += items.length;
      // a claimed job's attempt was counted by its claim (in the store too); a synchronous text's is counted here
      for (const i of items) if (i.waiter) i.attempts++;
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
          this.claimer.wake(); // room for the next claims at once, beside this batch's completion
          this.completing++;
          const stored = this.finish(items, outcomes).finally(() => { this.completing--; });
          this.pump();
          return stored;
        }, (e: unknown) => {
          freeSlot();
          this.claimer.wake();
          return this.retry(items, e);
        })
        .catch((e: unknown) => logger.error({ err: e }, 'storing analysis results failed'))
        .finally(() => {
          freeSlot();
          this.pump();
          this.claimer.wake();
          if (this.inflight === 0 && this.completing === 0) for (const f of this.idle.splice(0)) f();
        });
    }
  }

  /**
   * A worker failed the batch: its texts run again, up to maxAttempts. Synchronous texts go first in line; claimed jobs
   * go back to the queue with this attempt counted (PENDING, claimed again first, the claim counting the next).
   */
  private async retry(items: QueueItem[], err: unknown): Promise<void> {
    logger.error({ err, texts: items.length }, 'analysis worker failed; retrying the batch');
    const again = items.filter((i) => i.attempts < this.opts.maxAttempts);
    const failed = items.filter((i) => i.attempts >= this.opts.maxAttempts);
    for (const i of again) if (i.waiter) this.urgent.push(i);
    const message = `analysis failed ${this.opts.maxAttempts} times: ${err instanceof Error ? err.message : String(err)}`;
    for (const i of failed) {
      this.release(i);
      this.metrics.finished('FAILED', i.job.createdMs);
      i.waiter?.reject(new ServiceError(status.UNAVAILABLE, 'UNAVAILABLE', `${message}; the core log has the details`));
    }
    for (const i of items) if (!i.waiter) this.held.delete(i.job.id);
    const back = again.filter((i) => !i.waiter).map((i) => i.job.id);
    const ids = failed.filter((i) => !i.waiter).map((i) => i.job.id);
    await Promise.all([
      back.length ? this.store.queue.releaseLeases(back, Date.now(), true) : undefined,
      ids.length ? this.store.fail(ids, 'ANALYSIS_FAILED', message, Date.now()) : undefined,
    ]);
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
      if (i.waiter) this.release(i);
      else this.held.delete(i.job.id);
    }
    for (const r of rejected) this.metrics.finished('FAILED', r.item.job.createdMs, now);
    for (const i of answered) this.metrics.finished('SUCCEEDED', i.job.createdMs, now);
    await Promise.all(writes);
  }

  /**
   * Stops intake and claims; resolves when in-flight batches are done (or after timeoutMs). Claimed jobs that did not
   * run are given back to the queue (PENDING, their attempt uncounted) for the next start or another replica.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    this.accepting = false;
    // a store that fails now gets one more try for the results answered, not minutes of them (a shutdown during an outage)
    this.store.stopRetrying();
    await this.claimer.stop();
    const left = [...this.urgent];
    this.urgent.length = 0;
    this.claimed.length = 0;
    this.claimedHead = 0;
    for (const i of left) i.waiter?.reject(new ServiceError(status.UNAVAILABLE, 'SHUTTING_DOWN', 'the core is shutting down; retry shortly'));
    if (this.inflight > 0 || this.completing > 0) await Promise.race([new Promise<void>((r) => this.idle.push(r)), new Promise<void>((r) => setTimeout(r, timeoutMs).unref())]);
    await this.claimer.releaseHeld().catch((e: unknown) => logger.warn({ err: e }, 'could not give back held jobs; their leases will lapse'));
    await this.store.settle();
  }
}
