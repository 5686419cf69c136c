/**
 * The embedded store's job queue, claimed the way the PostgreSQL store's is
 * (postgresStore.ts, JobQueue): a claim takes the oldest claimable jobs, marks
 * them PROCESSING with their attempt counted, and leases them to the claimer; the
 * holder renews the lease; a lease that lapsed makes its job claimable again; a job
 * given back is PENDING again, its attempt not counted.
 *
 * One core owns the file, so the live jobs (PENDING and PROCESSING) are indexed here in
 * memory, oldest first, with their texts and leases: loaded at open (every PROCESSING
 * job is claimable then: its lease lived in the memory of the process that stopped),
 * then kept by the changes of duckdbJobs and duckdbMaintenance, each applied only once
 * its transaction committed (DuckDbState.onCommit). A claim picks its jobs here (no
 * scan of the jobs table) and writes the PROCESSING marks through the one writer.
 */
import type { ClaimedJob, JobQueue, NewJob } from './sentimentStore.js';
import type { DuckDbState } from './duckdbState.js';
import { createdSpan, idRows, LIVE, rowsFrom } from './duckdbSql.js';

interface LiveJob {
  job: NewJob;
  /** Until when (epoch ms) a claimer holds it; null while PENDING (claimable). */
  leaseUntil: number | null;
}

export class DuckDbJobQueue implements JobQueue {
  readonly owner = `embedded:${process.pid}`;
  /** Every PENDING/PROCESSING job, in the order it was stored (oldest first). */
  private readonly live = new Map<string, LiveJob>();
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly s: DuckDbState, readonly leaseMs: number) {}

  /** The live jobs at open, oldest first: all claimable. */
  load(jobs: readonly NewJob[]): void {
    for (const job of jobs) this.live.set(job.id, { job, leaseUntil: null });
  }

  /** Call in the transaction that stored new PENDING jobs: they join the queue once it committed. */
  addOnCommit(jobs: readonly NewJob[]): void {
    if (jobs.length === 0) return;
    this.s.onCommit(() => {
      for (const job of jobs) this.live.set(job.id, { job, leaseUntil: null });
      for (const l of this.listeners) l();
    });
  }

  /** Call in the transaction that moved jobs out of PENDING/PROCESSING (or deleted them): they leave the queue once it committed. */
  removeOnCommit(ids: Iterable<string>): void {
    const gone = [...ids];
    if (gone.length) this.s.onCommit(() => { for (const id of gone) this.live.delete(id); });
  }

  async claim(limit: number, now: number): Promise<ClaimedJob[]> {
    if (limit <= 0) return [];
    // picked and leased synchronously, so two claims never take the same job
    const picked: LiveJob[] = [];
    for (const e of this.live.values()) {
      if (picked.length >= limit) break;
      if (e.leaseUntil === null || e.leaseUntil < now) picked.push(e);
    }
    if (picked.length === 0) return [];
    const before = picked.map((e) => e.leaseUntil);
    for (const e of picked) e.leaseUntil = now + this.leaseMs;
    const ids = picked.map((e) => e.job.id);
    let rows: Record<string, unknown>[];
    try {
      rows = await this.s.write((c) => this.s.exec(c, `UPDATE jobs SET status = 'PROCESSING', attempts = attempts + 1, updated_ms = $2
        WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status IN ($3, $4) AND created_ms BETWEEN $5 AND $6 RETURNING id, attempts`,
      [idRows(ids), BigInt(now), ...LIVE, ...createdSpan(ids)]));
    } catch (e) {
      picked.forEach((p, k) => { if (p.leaseUntil === now + this.leaseMs) p.leaseUntil = before[k]!; });
      throw e;
    }
    const attempts = new Map(rows.map((r) => [String(r['id']), Number(r['attempts'])]));
    const out: ClaimedJob[] = [];
    for (const e of picked) {
      const n = attempts.get(e.job.id);
      if (n === undefined) continue; // it left PENDING/PROCESSING meanwhile (canceled, deleted)
      out.push({ ...e.job, attempts: n });
    }
    return out;
  }

  /** Leases jobs marked PROCESSING without a claim (markProcessing). */
  leased(ids: readonly string[], now: number): void {
    for (const id of ids) {
      const e = this.live.get(id);
      if (e) e.leaseUntil = now + this.leaseMs;
    }
  }

  async renewLeases(ids: readonly string[]): Promise<void> {
    const until = Date.now() + this.leaseMs;
    for (const id of ids) {
      const e = this.live.get(id);
      if (e && e.leaseUntil !== null) e.leaseUntil = until;
    }
  }

  async releaseLeases(ids: readonly string[], now: number): Promise<void> {
    const held = ids.filter((id) => this.live.get(id)?.leaseUntil != null);
    if (held.length === 0) return;
    await this.s.write((c) => this.s.exec(c, `UPDATE jobs SET status = 'PENDING', attempts = greatest(attempts - 1, 0), updated_ms = $2
      WHERE id IN (SELECT r.id FROM ${rowsFrom(1, { id: 'VARCHAR' })}) AND status = $3 AND created_ms BETWEEN $4 AND $5`,
    [idRows(held), BigInt(now), 'PROCESSING', ...createdSpan(held)]));
    for (const id of held) {
      const e = this.live.get(id);
      if (e) e.leaseUntil = null;
    }
    for (const l of this.listeners) l();
  }

  onJobsAvailable(listener: () => void): void {
    this.listeners.push(listener);
  }

  async liveCounts(): Promise<{ total: number; perTenant: Map<string, number> }> {
    const perTenant = new Map<string, number>();
    for (const { job } of this.live.values()) perTenant.set(job.tenant, (perTenant.get(job.tenant) ?? 0) + 1);
    return { total: this.live.size, perTenant };
  }
}
