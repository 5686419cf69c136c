/**
 * The maintenance aggregate of the PostgreSQL store: deletions (of an analysis, a job, a
 * feed) and the retention purge. Deleted rows are gone for every reader at once; their
 * bytes stay in PostgreSQL's pages until (auto)vacuum reuses them — unlike the DuckDB
 * store, no file rewrite.
 */
import type { PgDatabase, Queryable } from '../../../db/postgres.js';
import type { Deleted, FeedDeletion, JobRow, Scope } from '../sentimentStore.js';
import { jobRow, JOB_COLUMNS } from '../tableRows.js';
import type { PgJobs } from './jobs.js';
import { scoped, type PendingEvent } from './sql.js';
import type { PgWebhooks } from './webhooks.js';

/** The channel a feed's deletion is announced on (its payload: FeedDeletion as JSON), sent in the deleting transaction. */
export const FEEDS_CHANNEL = 'meridian_feeds';

export class PgMaintenance {
  private readonly feedListeners: ((deleted: FeedDeletion | null) => void)[] = [];

  constructor(private readonly db: PgDatabase, private readonly jobs: PgJobs, private readonly hooks: PgWebhooks) {}

  /**
   * Every replica's deleteFeed reaches `listener` once it committed (NOTIFY is delivered at commit; this core's own
   * too), so each core drops what it keeps in memory of the feed (its item baseline): kept, the next text of a
   * reused feed id on another replica was scored against the 79 deleted items and listed as an anomaly.
   */
  onFeedsDeleted(listener: (deleted: FeedDeletion | null) => void): void {
    if (this.feedListeners.length === 0) {
      this.db.listen(FEEDS_CHANNEL, (payload) => {
        let deleted: FeedDeletion | null = null;
        try {
          const d = JSON.parse(payload) as Partial<FeedDeletion>;
          if (typeof d.feedId === 'string' && (typeof d.tenant === 'string' || d.tenant === null)) deleted = { tenant: d.tenant, feedId: d.feedId };
        } catch { /* '' after a reconnect: deletions may have been missed */ }
        for (const l of this.feedListeners) l(deleted);
      });
    }
    this.feedListeners.push(listener);
  }

  /**
   * Counts live jobs about to be deleted off their batches (a batch whose last live jobs they were completes, and its
   * webhooks are written); answers how many messages were written, for notify() after the commit.
   */
  private async settleDeleted(c: Queryable, live: readonly JobRow[], now: number): Promise<number> {
    const subs = await this.hooks.subscriptions(c, live.map((j) => j.tenant));
    const events: PendingEvent[] = [];
    await this.jobs.settleBatches(c, subs, live, now, events);
    return this.hooks.writeEvents(c, subs, events);
  }

  private async deleteJobs(where: string, params: unknown[], now: number): Promise<Deleted> {
    const r = await this.db.transaction(async (c) => {
      const victims = (await c.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where} FOR UPDATE`, params)).rows.map(jobRow);
      if (victims.length === 0) return { d: { jobs: 0, results: 0 }, n: 0 };
      const ids = victims.map((j) => j.id);
      const n = await this.settleDeleted(c, victims.filter((j) => j.status === 'PENDING' || j.status === 'PROCESSING'), now);
      const results = await c.query('DELETE FROM results WHERE job_id = ANY($1::text[]) RETURNING id', [ids]);
      await c.query('DELETE FROM jobs WHERE id = ANY($1::text[])', [ids]);
      return { d: { jobs: victims.length, results: results.rowCount ?? 0 }, n };
    });
    this.hooks.notify(r.n);
    return r.d;
  }

  async deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    const rows = await this.db.query<{ job_id: string }>(`SELECT job_id FROM results WHERE id = $1 AND ${scoped(2, 3)}`, [resultId, scope.admin, scope.tenant]);
    if (!rows[0]) return null;
    return this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [rows[0].job_id, scope.admin, scope.tenant], Date.now());
  }

  async deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    const d = await this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [jobId, scope.admin, scope.tenant], now);
    return d.jobs === 0 ? null : d;
  }

  async deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null> {
    const r = await this.db.transaction(async (c) => {
      // the live ones count down their batches, as deleteJobs's do (a batch left with them as remaining never completed)
      const live = (await c.query(`SELECT ${JOB_COLUMNS} FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)} AND status IN ('PENDING', 'PROCESSING') ORDER BY id FOR UPDATE`,
        [feedId, scope.admin, scope.tenant])).rows.map(jobRow);
      const n = await this.settleDeleted(c, live, Date.now());
      const jobs = await c.query(`DELETE FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)}`, [feedId, scope.admin, scope.tenant]);
      const results = await c.query(`DELETE FROM results WHERE feed_id = $1 AND ${scoped(2, 3)}`, [feedId, scope.admin, scope.tenant]);
      if ((jobs.rowCount ?? 0) + (results.rowCount ?? 0) > 0) {
        const deleted: FeedDeletion = { tenant: scope.admin ? null : scope.tenant, feedId };
        await c.query('SELECT pg_notify($1, $2)', [FEEDS_CHANNEL, JSON.stringify(deleted)]);
      }
      return { d: { jobs: jobs.rowCount ?? 0, results: results.rowCount ?? 0 }, n };
    });
    this.hooks.notify(r.n);
    committed?.();
    return r.d.jobs + r.d.results === 0 ? null : r.d;
  }

  purgeBefore(cutoffMs: number): Promise<Deleted> {
    return this.db.transaction(async (c) => {
      const jobs = await c.query("DELETE FROM jobs WHERE created_ms < $1 AND status IN ('SUCCEEDED', 'FAILED', 'CANCELED')", [cutoffMs]);
      const kept = await c.query('UPDATE results SET payload = NULL WHERE created_ms < $1 AND feed_id IS NOT NULL AND payload IS NOT NULL', [cutoffMs]);
      const gone = await c.query('DELETE FROM results WHERE created_ms < $1 AND feed_id IS NULL', [cutoffMs]);
      await c.query("DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING')", [cutoffMs]);
      await c.query("DELETE FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING'", [cutoffMs]);
      await c.query('DELETE FROM batches WHERE created_ms < $1 AND completed_ms IS NOT NULL', [cutoffMs]);
      return { jobs: jobs.rowCount ?? 0, results: (kept.rowCount ?? 0) + (gone.rowCount ?? 0) };
    });
  }
}
