/**
 * Feeds the runner from the store's job queue (JobQueue: PostgreSQL's jobs table shared
 * by the replicas, or the embedded store's queue), the only way a stored job reaches a
 * worker:
 *
 * - Claims as many jobs as the runner has room for, whenever jobs may be waiting: a
 *   commit of new jobs (in process, or a NOTIFY from any replica), room freed by a
 *   finished batch, and a poll every second (a lapsed lease — a dead replica's jobs —
 *   sends no notification). start() is also the recovery after a restart: jobs left
 *   PENDING or PROCESSING by a process that stopped are claimed like any others.
 * - Renews the lease of every job it holds (claimed, queued or running) every third of
 *   the lease, so only a process that stopped renewing (died, hung, lost the database)
 *   loses its jobs to the others (a no-op on the embedded store, whose leases end with the process).
 * - Has the queue refresh its live counts every second, where other processes change
 *   them (PostgreSQL); the runner admits new submissions against them.
 * - stop(): no more claims or renewals; held jobs that have not finished are given back
 *   (PENDING again) so that they run next: on another replica at once, or after the restart.
 */
import { logger } from '../log.js';
import type { ClaimedJob, JobQueue } from './store/sentimentStore.js';

/** What the claimer needs from the runner. */
export interface ClaimTarget {
  /** How many more jobs the runner wants now. */
  room(): number;
  /** Queues claimed jobs. */
  acceptClaimed(jobs: ClaimedJob[]): void;
  /** Ids of the jobs claimed by this process and not finished yet. */
  heldIds(): string[];
}

const POLL_MS = 1000;

export class JobClaimer {
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly queue: JobQueue, private readonly target: ClaimTarget) {}

  async start(): Promise<void> {
    this.queue.onJobsAvailable(() => this.wake());
    await this.queue.refreshLive();
    const poll = setInterval(() => {
      this.wake();
      this.queue.refreshLive().catch((e: unknown) => logger.warn({ err: e }, 'could not count live jobs'));
    }, POLL_MS);
    const renew = setInterval(() => {
      const ids = this.target.heldIds();
      this.queue.renewLeases(ids).catch((e: unknown) => logger.error({ err: e, jobs: ids.length }, 'could not renew job leases; other replicas may take these jobs over'));
    }, Math.max(250, Math.floor(this.queue.leaseMs / 3)));
    for (const t of [poll, renew]) {
      t.unref();
      this.timers.push(t);
    }
    this.wake();
  }

  /** Claims what the runner has room for (once more if called again meanwhile). */
  wake(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.fill()
      .catch((e: unknown) => logger.warn({ err: e }, 'could not claim jobs; will retry'))
      .finally(() => {
        this.claiming = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async fill(): Promise<void> {
    for (;;) {
      const room = this.target.room();
      if (this.stopped || room <= 0) return;
      const jobs = await this.queue.claim(room, Date.now());
      if (jobs.length === 0) return;
      if (this.stopped) {
        await this.queue.releaseLeases(jobs.map((j) => j.id), Date.now());
        return;
      }
      this.target.acceptClaimed(jobs);
    }
  }

  /** Stops claiming and renewing; waits for a claim in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.claiming;
  }

  /** Gives back the jobs still held (call after the runner's in-flight batches ended). */
  async releaseHeld(): Promise<void> {
    const ids = this.target.heldIds();
    if (ids.length) await this.queue.releaseLeases(ids, Date.now());
  }
}
