/**
 * The job queue of the PostgreSQL store (JobQueue, sentimentStore.ts), shared by every
 * core replica: the queue is the jobs table.
 *
 * - A claim is `SELECT … ORDER BY turn, created_ms, seq LIMIT n FOR UPDATE SKIP LOCKED` (two
 *   cores never claim the same row; `turn` is the job's place among its tenant's claimable jobs, so
 *   each tenant's oldest come first in turns and one tenant's backlog does not hold another's text), marking the rows PROCESSING under a lease (owner,
 *   until; the database's clock) that the holder renews, and counting the attempt. A job
 *   whose lease lapsed (its core died) is claimable again.
 * - A submission's commit sends a NOTIFY on `meridian_jobs` (jobs.ts
 *   insertPending), as a release does here; every core LISTENs.
 * - live() is a snapshot: refreshLive() re-reads it (the claimer does every second) and
 *   this core's own submissions are added as they commit (added()), so admission holds
 *   across replicas to within a second's submissions of the others.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { PgDatabase } from '../../../db/postgres.js';
import type { Domain } from '../../labels.js';
import type { ClaimedJob, JobQueue, LiveCounts, NewJob } from '../sentimentStore.js';

export const JOBS_CHANNEL = 'meridian_jobs';

export class PgJobQueue implements JobQueue {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly listeners: (() => void)[] = [];
  private snapshot = { waiting: 0, perTenant: new Map<string, number>() };

  constructor(private readonly db: PgDatabase, readonly leaseMs: number) {}

  async claim(limit: number, now: number): Promise<ClaimedJob[]> {
    if (limit <= 0) return [];
    // the claimable jobs ranked within their tenant (turn 1: each tenant's oldest), the first few times the claim's
    // size of them locked in (turn, age) order; the lock re-reads a row's state, so a job another core took meanwhile
    // is passed over
    const rows = await this.db.query(`WITH ranked AS (
        SELECT id, row_number() OVER (PARTITION BY tenant ORDER BY created_ms, seq) AS turn, created_ms, seq FROM jobs
        WHERE status IN ('PENDING', 'PROCESSING') AND (status = 'PENDING' OR coalesce(lease_until, '-infinity') < now())
      ), candidates AS (
        SELECT id, turn, created_ms, seq FROM ranked ORDER BY turn, created_ms, seq LIMIT $2 * 4
      ), picked AS (
        SELECT j.id FROM jobs j JOIN candidates c ON c.id = j.id
        WHERE j.status IN ('PENDING', 'PROCESSING') AND (j.status = 'PENDING' OR coalesce(j.lease_until, '-infinity') < now())
        ORDER BY c.turn, c.created_ms, c.seq LIMIT $2 FOR UPDATE OF j SKIP LOCKED)
      UPDATE jobs j SET status = 'PROCESSING', attempts = j.attempts + 1, lease_owner = $1,
        lease_until = now() + make_interval(secs => $3::float8 / 1000), updated_ms = $4
      FROM picked WHERE j.id = picked.id
      RETURNING j.id, j.tenant, j.text, j.feed_id, j.batch_id, j.domain, j.occurred_ms, j.created_ms, j.attempts, j.seq`, [this.owner, limit, this.leaseMs, now]);
    this.snapshot.waiting = Math.max(0, this.snapshot.waiting - rows.length);
    return rows
      .sort((a, b) => Number(a['created_ms']) - Number(b['created_ms']) || Number(a['seq']) - Number(b['seq']))
      .map((r) => ({
        id: String(r['id']), tenant: String(r['tenant']), text: String(r['text']), feedId: (r['feed_id'] as string | null) ?? null,
        batchId: (r['batch_id'] as string | null) ?? null, domain: r['domain'] as Domain,
        occurredMs: Number(r['occurred_ms']), createdMs: Number(r['created_ms']), attempts: Number(r['attempts']),
      }));
  }

  async renewLeases(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(`UPDATE jobs SET lease_until = now() + make_interval(secs => $3::float8 / 1000)
      WHERE lease_owner = $1 AND status = 'PROCESSING' AND id = ANY($2::text[])`, [this.owner, ids, this.leaseMs]);
  }

  async releaseLeases(ids: readonly string[], now: number, started = false): Promise<void> {
    if (ids.length === 0) return;
    await this.db.transaction(async (c) => {
      await c.query(`UPDATE jobs SET status = 'PENDING', lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - $4, 0), updated_ms = $3
        WHERE lease_owner = $1 AND status = 'PROCESSING' AND id = ANY($2::text[])`, [this.owner, ids, now, started ? 0 : 1]);
      await c.query(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
    });
  }

  onJobsAvailable(listener: () => void): void {
    if (this.listeners.length === 0) this.db.listen(JOBS_CHANNEL, () => { for (const l of this.listeners) l(); });
    this.listeners.push(listener);
  }

  live(): LiveCounts {
    return this.snapshot;
  }

  async refreshLive(): Promise<void> {
    const rows = await this.db.query<{ tenant: string; n: string; waiting: string }>(`SELECT tenant, count(*) AS n, count(*) FILTER (WHERE status = 'PENDING') AS waiting
      FROM jobs WHERE status IN ('PENDING', 'PROCESSING') GROUP BY tenant`);
    this.snapshot = { waiting: rows.reduce((a, r) => a + Number(r.waiting), 0), perTenant: new Map(rows.map((r) => [r.tenant, Number(r.n)])) };
  }

  /** (insertPending, once committed.) This core's new PENDING jobs, counted until the next refresh. */
  added(jobs: readonly NewJob[]): void {
    const s = this.snapshot;
    s.waiting += jobs.length;
    for (const j of jobs) s.perTenant.set(j.tenant, (s.perTenant.get(j.tenant) ?? 0) + 1);
  }
}
