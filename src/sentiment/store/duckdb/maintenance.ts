/**
 * The maintenance aggregate of the embedded store: deletions (of an analysis, a job, a
 * feed) and the retention purge, each followed by a compaction before it is answered.
 *
 * - Deleted means gone from the file: DuckDB leaves deleted rows' bytes in its blocks,
 *   so every deletion is followed by a compaction (the database copied into a fresh
 *   file that replaces the old one) before the deletion is answered; deletions that
 *   arrive together share one compaction.
 * - Compactions are spaced so that they cannot hold the store most of the time: one
 *   starts only once the time since the previous one ended is at least
 *   COMPACTION_SPACING (3) times that one's duration, so the store is held by
 *   compactions at most ~25 % of the time. Deletions that arrive meanwhile are done
 *   at once (other writes and reads go on) and join the next compaction, and are
 *   answered after it; when the last compaction is long past, there is no wait.
 */
import { renameSync, rmSync } from 'node:fs';
import { VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import type { Deleted, JobRow, Scope } from '../sentimentStore.js';
import { jobRow, JOB_COLUMNS } from '../tableRows.js';
import { DuckDbContext } from './context.js';
import type { DuckDbJobs } from './jobs.js';
import { createdSpan, FRESH, idLookup, list, scoped, type Param } from './sql.js';
import type { DuckDbWebhooks, PendingEvent } from './webhooks.js';

/** A compaction starts no sooner than this many times the previous one's duration after it ended. */
export const COMPACTION_SPACING = 3;

export class DuckDbMaintenance {
  private compaction: Promise<void> | null = null;
  /** When the last compaction ended (epoch ms) and how long it held the store (ms); a start waiting out the spacing (close() cuts it short). */
  private lastCompactionEnd = 0;
  private lastCompactionMs = 0;
  private startSpacedCompaction: (() => void) | null = null;
  /** The compaction queued or running now (its successor's spacing counts from its end). */
  private compacting: Promise<void> | null = null;
  private closing = false;
  private compactions = 0;
  private compactionHeldMs = 0;

  constructor(private readonly ctx: DuckDbContext, private readonly jobs: DuckDbJobs, private readonly hooks: DuckDbWebhooks) {}

  /**
   * Counts live jobs about to be deleted off their batches (a batch whose last live jobs they were completes, and its
   * webhooks are written); answers how many messages were written, for notify() after the commit.
   */
  private async settleDeleted(c: DuckDBConnection, live: readonly JobRow[], now: number): Promise<number> {
    const events: PendingEvent[] = [];
    await this.jobs.settled(c, live, now, events);
    return this.hooks.writeEvents(c, events);
  }

  /** Deletes jobs (ids) and their results, counting down their batches; then compacts the file. */
  private async deleteJobs(where: string, params: Param[], now: number): Promise<Deleted> {
    const out = await this.ctx.write((c) => this.ctx.transaction(c, async () => {
      const victims = (await this.ctx.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE ${where}`, params)).map(jobRow);
      if (victims.length === 0) return { jobs: 0, results: 0, n: 0 };
      const ids = list(victims.map((j) => j.id), VARCHAR);
      const n = await this.settleDeleted(c, victims.filter((j) => j.status === 'PENDING' || j.status === 'PROCESSING'), now);
      const results = await this.ctx.exec(c, 'DELETE FROM results WHERE job_id IN (SELECT unnest($1::VARCHAR[])) RETURNING id', [ids], FRESH);
      await this.ctx.exec(c, 'DELETE FROM jobs WHERE id IN (SELECT unnest($1::VARCHAR[]))', [ids], FRESH);
      return { jobs: victims.length, results: results.length, n };
    }));
    this.hooks.notify(out.n); // a batch.completed written here wakes the deliverer, as a completion's does
    if (out.jobs + out.results > 0) await this.compact();
    return { jobs: out.jobs, results: out.results };
  }

  async deleteAnalysis(resultId: string, scope: Scope): Promise<Deleted | null> {
    const span = createdSpan([resultId]);
    const rows = await this.ctx.read<{ job_id: string }>(`SELECT job_id FROM results WHERE ${idLookup('id', 1, 4, span)} AND ${scoped(2, 3)}`, [resultId, scope.admin, scope.tenant, ...span]);
    if (!rows[0]) return null;
    return this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [rows[0].job_id, scope.admin, scope.tenant], Date.now());
  }

  async deleteJob(jobId: string, scope: Scope, now: number): Promise<Deleted | null> {
    const d = await this.deleteJobs(`id = $1 AND ${scoped(2, 3)}`, [jobId, scope.admin, scope.tenant], now);
    return d.jobs === 0 ? null : d;
  }

  async deleteFeed(feedId: string, scope: Scope, committed?: () => void): Promise<Deleted | null> {
    const d = await this.ctx.write((c) => this.ctx.transaction(c, async () => {
      // the live ones count down their batches first, as deleteJobs's do (and as the PostgreSQL store does): a batch
      // whose last live jobs were the feed's completes and says so to its webhooks; before, it kept them for ever
      const live = (await this.ctx.exec(c, `SELECT ${JOB_COLUMNS} FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)} AND status IN ('PENDING', 'PROCESSING')`,
        [feedId, scope.admin, scope.tenant])).map(jobRow);
      const n = await this.settleDeleted(c, live, Date.now());
      const jobs = await this.ctx.exec(c, `DELETE FROM jobs WHERE feed_id = $1 AND ${scoped(2, 3)} RETURNING id`, [feedId, scope.admin, scope.tenant], FRESH);
      const results = await this.ctx.exec(c, `DELETE FROM results WHERE feed_id = $1 AND ${scoped(2, 3)} RETURNING id`, [feedId, scope.admin, scope.tenant], FRESH);
      return { jobs: jobs.length, results: results.length, n };
    }));
    this.hooks.notify(d.n);
    committed?.();
    if (d.jobs + d.results === 0) return null;
    await this.compact();
    return { jobs: d.jobs, results: d.results };
  }

  async purgeBefore(cutoffMs: number): Promise<Deleted> {
    const d = await this.ctx.write((c) => this.ctx.transaction(c, async () => {
      const jobs = await this.ctx.exec(c, "DELETE FROM jobs WHERE created_ms < $1 AND status IN ('SUCCEEDED', 'FAILED', 'CANCELED') RETURNING id", [BigInt(cutoffMs)], FRESH);
      // Results of feeds keep their numbers (the trend windows are computed from them) but lose the payload (rationale quotes the text).
      const kept = await this.ctx.exec(c, 'UPDATE results SET payload = NULL WHERE created_ms < $1 AND feed_id IS NOT NULL AND payload IS NOT NULL RETURNING id', [BigInt(cutoffMs)], FRESH);
      const gone = await this.ctx.exec(c, 'DELETE FROM results WHERE created_ms < $1 AND feed_id IS NULL RETURNING id', [BigInt(cutoffMs)], FRESH);
      await this.ctx.exec(c, "DELETE FROM webhook_attempts WHERE message_id IN (SELECT id FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING')", [BigInt(cutoffMs)], FRESH);
      await this.ctx.exec(c, "DELETE FROM webhook_messages WHERE created_ms < $1 AND status <> 'PENDING'", [BigInt(cutoffMs)], FRESH);
      await this.ctx.exec(c, 'DELETE FROM batches WHERE created_ms < $1 AND completed_ms IS NOT NULL', [BigInt(cutoffMs)], FRESH);
      return { jobs: jobs.length, results: kept.length + gone.length };
    }));
    if (d.jobs + d.results > 0) await this.compact();
    return d;
  }

  /**
   * Rewrites the database into a fresh file and swaps it in, so that deleted rows'
   * bytes leave the disk. Runs as a write (nothing else writes meanwhile) once the
   * reads in flight are done (new reads wait). Calls that arrive while one is queued join it.
   * A compaction waits until COMPACTION_SPACING times the previous one's duration has
   * passed since that one ended (no wait when it is long past).
   */
  compact(): Promise<void> {
    if (this.compaction) return this.compaction;
    const run = (async () => {
      // the spacing counts from the end of the compaction running now, if one is
      if (this.compacting) await this.compacting.catch(() => undefined);
      const wait = this.lastCompactionEnd + COMPACTION_SPACING * this.lastCompactionMs - Date.now();
      if (wait > 0 && !this.closing) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => { this.startSpacedCompaction = null; resolve(); }, wait);
          this.startSpacedCompaction = () => { clearTimeout(timer); this.startSpacedCompaction = null; resolve(); };
        });
      }
      const now = this.compactNow();
      this.compacting = now;
      try {
        await now;
      } finally {
        if (this.compacting === now) this.compacting = null;
      }
    })();
    this.compaction = run;
    return run;
  }

  /** Compactions run so far and the time they held the store (for tests and diagnostics). */
  get compactionStats(): { count: number; heldMs: number; lastMs: number } {
    return { count: this.compactions, heldMs: this.compactionHeldMs, lastMs: this.lastCompactionMs };
  }

  private compactNow(): Promise<void> {
    const ctx = this.ctx;
    return ctx.write(async () => {
      this.compaction = null;
      const t0 = performance.now();
      let open!: () => void;
      ctx.gate = new Promise<void>((r) => { open = r; });
      try {
        if (ctx.reading > 0) await new Promise<void>((r) => { ctx.readsDrained = r; });
        ctx.readsDrained = null;
        const fresh = `${ctx.path}.compact`;
        const name = String(((await ctx.writer.runAndReadAll('SELECT current_database() AS d')).getRowObjectsJS()[0] as { d: string }).d);
        await ctx.writer.run('CHECKPOINT');
        rmSync(fresh, { force: true });
        await ctx.writer.run(`ATTACH '${fresh.replace(/'/g, "''")}' AS compacted`);
        await ctx.writer.run(`COPY FROM DATABASE "${name}" TO compacted`);
        await ctx.writer.run('DETACH compacted');
        for (const st of ctx.statements.values()) st.destroySync();
        ctx.statements.clear();
        ctx.writer.closeSync();
        await ctx.readers.close();
        rmSync(`${ctx.path}.wal`, { force: true });
        renameSync(fresh, ctx.path);
        const next = await DuckDbContext.connect(ctx.path, ctx.compression);
        ctx.instance = next.instance;
        ctx.writer = next.writer;
        ctx.readers = next.readers;
      } finally {
        this.lastCompactionMs = performance.now() - t0;
        this.compactions++;
        this.compactionHeldMs += this.lastCompactionMs;
        this.lastCompactionEnd = Date.now();
        ctx.gate = null;
        open();
      }
    });
  }

  /** Before the store closes: a compaction waiting out its spacing runs now, so the deletions waiting for it are answered. */
  async finish(): Promise<void> {
    this.closing = true;
    for (let p = this.compaction ?? this.compacting, last: Promise<void> | null = null; p && p !== last; last = p, p = this.compaction ?? this.compacting) {
      this.startSpacedCompaction?.();
      await p.catch(() => undefined);
    }
  }
}
