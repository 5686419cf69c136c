/**
 * Feeds a core's runner from a shared job queue (PostgreSQL store), instead of the
 * in-memory queue of the core that accepted each job:
 *
 * - Claims as many jobs as the runner has room for (its workers' slots and one round
 *   more), whenever jobs may be waiting: a NOTIFY from any replica's submission, room
 *   freed by a finished batch, and a poll every second (a lapsed lease — a dead
 *   replica's jobs — sends no notification).
 * - Renews the lease of every job it holds (claimed, queued or running) every third of
 *   the lease, so only a replica that stopped renewing (died, hung, lost the database)
 *   loses its jobs to the others.
 * - Refreshes the live-job counts the runner admits new submissions against (every
 *   replica's queue is the same table).
 * - stop(): no more claims or renewals; held jobs that have not finished are given back
 *   (PENDING again) so that the other replicas take them at once.
 */
import { logger } from '../log.js';
import type { ClaimedJob, SharedJobQueue } from './store/sentimentStore.js';

/** What the claimer needs from the runner. */
export interface ClaimTarget {
  /** How many more jobs the runner wants now. */
  room(): number;
  /** Queues claimed jobs. */
  acceptClaimed(jobs: ClaimedJob[]): void;
  /** Ids of the jobs claimed by this core and not finished yet. */
  heldIds(): string[];
  /** The latest live counts of the shared queue. */
  setLiveCounts(live: { total: number; perTenant: Map<string, number> }): void;
}

const POLL_MS = 1000;

export class JobClaimer {
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly queue: SharedJobQueue, private readonly target: ClaimTarget) {}

  async start(): Promise<void> {
    this.queue.onJobsAvailable(() => this.wake());
    this.target.setLiveCounts(await this.queue.liveCounts());
    const poll = setInterval(() => {
      this.wake();
      this.queue.liveCounts().then((l) => this.target.setLiveCounts(l), (e: unknown) => logger.warn({ err: e }, 'could not count live jobs'));
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
