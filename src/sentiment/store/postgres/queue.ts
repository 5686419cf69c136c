/**
 * The job queue of the PostgreSQL store (JobQueue, sentimentStore.ts), shared by every
 * core replica: the queue is the jobs table.
 *
 * - A claim is `SELECT … LIMIT n FOR UPDATE SKIP LOCKED` (two cores never claim the same row): first
 *   each live tenant's oldest in turns (FAIR_PICK, so one tenant's backlog does not hold another's
 *   text), then the oldest of all for the room left (OLDEST_PICK), marking the rows PROCESSING under a lease (owner,
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

/** A job (of table alias `t`) is claimable: waiting, or PROCESSING under a lease that lapsed (its core died). */
const claimable = (t: string): string => `${t}.status IN ('PENDING', 'PROCESSING') AND (${t}.status = 'PENDING' OR coalesce(${t}.lease_until, '-infinity') < now())`;
/** The oldest claimable jobs of all ($2 of them), from the jobs_live index. */
const OLDEST_PICK = `picked AS (SELECT id FROM jobs o WHERE ${claimable('o')} ORDER BY created_ms, seq LIMIT $2 FOR UPDATE SKIP LOCKED)`;
/**
 * Each tenant's ($5) oldest claimable jobs in turns: up to $2 of each from the jobs_live_tenant index, ranked within
 * their tenant, locked in (turn, age) order; the lock re-reads a row's state, so a job another core took meanwhile is
 * passed over (and the rest of the room is then filled by OLDEST_PICK).
 */
const FAIR_PICK = `candidates AS (
    SELECT c.id, c.created_ms, c.seq, row_number() OVER (PARTITION BY t.tenant ORDER BY c.created_ms, c.seq) AS turn
    FROM unnest($5::text[]) AS t(tenant)
    CROSS JOIN LATERAL (SELECT id, created_ms, seq FROM jobs l WHERE l.tenant = t.tenant AND ${claimable('l')} ORDER BY l.created_ms, l.seq LIMIT $2) c
  ), picked AS (
    SELECT j.id FROM jobs j JOIN candidates c ON c.id = j.id WHERE ${claimable('j')}
    ORDER BY c.turn, c.created_ms, c.seq LIMIT $2 FOR UPDATE OF j SKIP LOCKED)`;

export class PgJobQueue implements JobQueue {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly listeners: (() => void)[] = [];
  private snapshot = { waiting: 0, perTenant: new Map<string, number>() };

  constructor(private readonly db: PgDatabase, readonly leaseMs: number) {}

  async claim(limit: number, now: number): Promise<ClaimedJob[]> {
    if (limit <= 0) return [];
    // each live tenant's oldest in turns, from its own index; then, for what that left of the room (jobs other cores
    // locked meanwhile, a tenant this core's snapshot does not know yet), the oldest of all, as before
    const tenants = [...this.snapshot.perTenant.keys()];
    const fair = tenants.length > 1 ? await this.take(FAIR_PICK, limit, now, tenants) : [];
    const rest = fair.length < limit ? await this.take(OLDEST_PICK, limit - fair.length, now) : [];
    const rows = [...fair, ...rest];
    this.snapshot.waiting = Math.max(0, this.snapshot.waiting - rows.length);
    return rows
      .sort((a, b) => Number(a['created_ms']) - Number(b['created_ms']) || Number(a['seq']) - Number(b['seq']))
      .map((r) => ({
        id: String(r['id']), tenant: String(r['tenant']), text: String(r['text']), feedId: (r['feed_id'] as string | null) ?? null,
        batchId: (r['batch_id'] as string | null) ?? null, domain: r['domain'] as Domain,
        occurredMs: Number(r['occurred_ms']), createdMs: Number(r['created_ms']), attempts: Number(r['attempts']),
      }));
  }

  /** Claims the jobs `pick` selects (a CTE named picked: ids locked FOR UPDATE SKIP LOCKED) under this core's lease. */
  private take(pick: string, limit: number, now: number, tenants?: string[]): Promise<Record<string, unknown>[]> {
    return this.db.query(`WITH ${pick}
      UPDATE jobs j SET status = 'PROCESSING', attempts = j.attempts + 1, lease_owner = $1,
        lease_until = now() + make_interval(secs => $3::float8 / 1000), updated_ms = $4
      FROM picked WHERE j.id = picked.id
      RETURNING j.id, j.tenant, j.text, j.feed_id, j.batch_id, j.domain, j.occurred_ms, j.created_ms, j.attempts, j.seq`,
    [this.owner, limit, this.leaseMs, now, ...(tenants ? [tenants] : [])]);
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
