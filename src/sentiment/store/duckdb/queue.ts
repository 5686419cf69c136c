/**
 * The job queue of the embedded store (JobQueue, sentimentStore.ts): the same claims,
 * leases and attempts as PostgreSQL's, for the one process that owns the file.
 *
 * - The queue's index is this object's memory, the one copy: the PENDING jobs in the order
 *   they committed (with their texts, to hand to the runner without a read), the jobs
 *   this process holds a lease on, and the live (PENDING + PROCESSING) jobs per tenant.
 *   insertPending adds to it when its transaction commits; every change that takes a job
 *   out of PENDING/PROCESSING (completion, failure, cancellation, deletion) takes it out
 *   here in the same commit (DuckDbJobs.settled); open() fills it with every PENDING and
 *   PROCESSING row, since a previous process's leases died with it.
 * - A lease lasts as long as this process: DuckDB locks the file to one process, so no
 *   other one can take a job over, and nothing is written to renew one. A claim takes
 *   the oldest PENDING jobs and writes PROCESSING with the attempt counted in one
 *   statement (the one the runner ran per task before claims: markProcessing), written
 *   behind (claim()).
 * - live() is exact at every moment (admission is atomic against it), and
 *   onJobsAvailable listeners run in process after a commit that queued jobs.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { logger } from '../../../log.js';
import type { ClaimedJob, JobQueue, LiveCounts, NewJob } from '../sentimentStore.js';
import type { DuckDbContext } from './context.js';
import { createdSpan, idRows, LIVE, rowsFrom } from './sql.js';

/** A job in the queue: what the runner needs to run it, and its attempts so far. */
interface Queued { job: NewJob; attempts: number }

export class DuckDbJobQueue implements JobQueue {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Nominal only (the claimer renews every third of it, a no-op here): a lease ends with the process. */
  readonly leaseMs = 60_000;
  /** PENDING jobs, oldest first (a Map keeps insertion order; a job leaving PENDING is deleted in O(1)). */
  private pending = new Map<string, Queued>();
  /** Jobs claimed by this process and still live, with their attempts as the claim counted them. */
  private readonly held = new Map<string, Queued>();
  private readonly perTenant = new Map<string, number>();
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly ctx: DuckDbContext) {}

  /** Fills the queue at open with the live rows, oldest first. */
  load(rows: readonly (NewJob & { attempts: number })[]): void {
    for (const { attempts, ...job } of rows) this.add(job, attempts);
  }

  private add(job: NewJob, attempts: number): void {
    this.pending.set(job.id, { job, attempts });
    this.perTenant.set(job.tenant, (this.perTenant.get(job.tenant) ?? 0) + 1);
  }

  /** (insertPending, at commit.) New PENDING jobs. */
  added(jobs: readonly NewJob[]): void {
    for (const j of jobs) this.add(j, 0);
  }

  /** (DuckDbJobs.settled, at commit.) Jobs that left PENDING/PROCESSING. */
  settled(jobs: readonly { id: string; tenant: string }[]): void {
    let tenant = '';
    let n = 0;
    const count = () => {
      if (n === 0) return;
      const left = (this.perTenant.get(tenant) ?? n) - n;
      if (left > 0) this.perTenant.set(tenant, left);
      else this.perTenant.delete(tenant);
    };
    for (const j of jobs) {
      if (!this.held.delete(j.id)) this.pending.delete(j.id);
      // a completion's jobs are mostly one tenant's in a row: one count update per run of a tenant
      if (j.tenant !== tenant) {
        count();
        tenant = j.tenant;
        n = 0;
      }
      n++;
    }
    count();
  }

  /** Tells the listeners that jobs wait (after a commit that queued some). */
  announce(): void {
    for (const l of this.listeners) l();
  }

  onJobsAvailable(listener: () => void): void {
    this.listeners.push(listener);
  }

  live(): LiveCounts {
    return { waiting: this.pending.size, perTenant: this.perTenant };
  }

  async refreshLive(): Promise<void> {
    // exact already: every change to the live jobs goes through this process
  }

  /**
   * Takes jobs off the queue at once (so two claims never take the same one) and holds them, their attempt counted:
   * each tenant's oldest in turns (fairTurns), as PostgreSQL's claim orders them. The PROCESSING mark is written
   * behind: queued now on the store's one writer, which runs changes in order, so it commits before any later change
   * to these jobs (their completion, failure or release), while the runner
   * starts them without waiting for it, as it did before claims. A mark that fails is logged and the jobs run anyway
   * (their attempt uncounted in the file), as then.
   */
  async claim(limit: number, now: number): Promise<ClaimedJob[]> {
    const taken = this.fairTurns(limit);
    if (taken.length === 0) return [];
    for (const q of taken) {
      this.pending.delete(q.job.id);
      q.attempts++;
      this.held.set(q.job.id, q);
    }
    this.markProcessing(taken.map((q) => q.job.id), now).catch((e: unknown) => logger.error({ err: e, jobs: taken.length }, 'could not mark claimed jobs PROCESSING'));
    return taken.map((q) => ({ ...q.job, attempts: q.attempts }));
  }

  /** PENDING/PROCESSING → PROCESSING, one attempt more: the claim's statement (public for tests and benches of the store). */
  markProcessing(ids: readonly string[], now: number): Promise<void> {
    return this.ctx.write(async (c) => {
      await this.ctx.exec(c, `UPDATE jobs SET status = 'PROCESSING', attempts = attempts + 1, updated_ms = $2
        WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status IN ($3, $4) AND created_ms BETWEEN $5 AND $6`, [idRows(ids), BigInt(now), ...LIVE, ...createdSpan(ids)]);
    });
  }

  async renewLeases(): Promise<void> {
    // a lease lasts as long as this process
  }

  async releaseLeases(ids: readonly string[], now: number, started = false): Promise<void> {
    const back = await this.ctx.write(async (c) => {
      // the held ones only: a job completed, failed or canceled meanwhile left `held` when that committed
      const mine = ids.filter((id) => this.held.has(id));
      if (mine.length === 0) return 0;
      await this.ctx.exec(c, `UPDATE jobs SET status = $3, attempts = greatest(attempts - $4, 0), updated_ms = $2
        WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status = $5 AND created_ms BETWEEN $6 AND $7`,
      [idRows(mine), BigInt(now), LIVE[0], started ? 0 : 1, LIVE[1], ...createdSpan(mine)]);
      this.requeue(mine, started ? 0 : 1);
      return mine.length;
    });
    if (back) this.announce();
  }

  /**
   * Up to `limit` waiting jobs in turns: the oldest job of each tenant with jobs waiting (the tenants in the order of
   * their oldest), then the second of each, and so on; oldest first among those taken. One tenant's backlog of
   * thousands then no longer holds another tenant's single text behind it (it waited ~93 s behind 20,000 long texts).
   * One tenant waiting (the common case): the oldest `limit`, with no scan.
   */
  private fairTurns(limit: number): Queued[] {
    const taken: Queued[] = [];
    if (limit <= 0) return taken;
    const byTenant = new Map<string, Queued[]>();
    for (const q of this.pending.values()) {
      let mine = byTenant.get(q.job.tenant);
      if (!mine) byTenant.set(q.job.tenant, (mine = []));
      if (mine.length < limit) mine.push(q);
      // one tenant so far and no other with live jobs: its oldest `limit` are the answer
      if (byTenant.size === 1 && this.perTenant.size <= 1 && mine.length >= limit) break;
    }
    for (let turn = 0; taken.length < limit; turn++) {
      const before = taken.length;
      for (const mine of byTenant.values()) {
        if (turn < mine.length) taken.push(mine[turn]!);
        if (taken.length >= limit) break;
      }
      if (taken.length === before) break;
    }
    return taken.sort((x, y) => x.job.createdMs - y.job.createdMs);
  }

  /**
   * Held jobs back in the queue, `giveBack` attempts fewer, where their age puts them (as PostgreSQL's claim orders by
   * created_ms): ahead of every job created after them, so they are claimed again first. Rare (a failed worker
   * batch, a stop), so one pass over the queue is fine.
   */
  private requeue(ids: readonly string[], giveBack: number): void {
    const wanted = new Set(ids);
    const back: Queued[] = [];
    for (const [id, q] of this.held) {
      if (!wanted.has(id)) continue;
      back.push({ job: q.job, attempts: Math.max(0, q.attempts - giveBack) });
      this.held.delete(id);
    }
    if (back.length === 0) return;
    back.sort((x, y) => x.job.createdMs - y.job.createdMs);
    const merged = new Map<string, Queued>();
    let k = 0;
    for (const [id, q] of this.pending) {
      while (k < back.length && back[k]!.job.createdMs <= q.job.createdMs) merged.set(back[k]!.job.id, back[k++]!);
      merged.set(id, q);
    }
    for (; k < back.length; k++) merged.set(back[k]!.job.id, back[k]!);
    this.pending = merged;
  }
}
