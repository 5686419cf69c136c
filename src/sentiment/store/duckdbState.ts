/**
 * The embedded store's connections to its one DuckDB state file, shared by its parts
 * (duckdbJobs, duckdbFeeds, duckdbOutbox, duckdbMaintenance):
 *
 * - One writer connection runs every change in order (a queue), so the checks that
 *   make results idempotent cannot race.
 * - Reads use their own connections; while the file is being swapped (a compaction),
 *   new reads wait at a gate and the swap waits for the reads in flight.
 * - Cached prepared statements of the writer, and transactions whose in-memory
 *   updates (onCommit) apply only once they committed.
 */
import { renameSync, rmSync } from 'node:fs';
import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api';
import { ConnectionPool, bindParam, openDatabase, type Param } from '../../db/duckdb.js';

export class DuckDbState {
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** Reads in flight, and the gate new reads wait on while the file is being swapped. */
  private reading = 0;
  private readsDrained: (() => void) | null = null;
  private gate: Promise<void> | null = null;
  /** In-memory changes of the running transaction, applied once it commits. */
  private afterCommit: (() => void)[] = [];

  private constructor(
    readonly path: string,
    private readonly compression: boolean,
    private instance: DuckDBInstance,
    private writer: DuckDBConnection,
    private readers: ConnectionPool,
  ) {}

  static async open(path: string, compression: boolean): Promise<DuckDbState> {
    const { instance, writer, readers } = await DuckDbState.connect(path, compression);
    return new DuckDbState(path, compression, instance, writer, readers);
  }

  private static async connect(path: string, compression: boolean): Promise<{ instance: DuckDBInstance; writer: DuckDBConnection; readers: ConnectionPool }> {
    let instance: DuckDBInstance;
    try {
      instance = await openDatabase(path, { threads: 1 });
    } catch (e) {
      throw new Error(`cannot open the sentiment state database ${path}: ${(e as Error).message}. Is another Meridian core running on the same MERIDIAN_STATE_DIR?`, { cause: e });
    }
    const writer = await instance.connect();
    if (!compression) await writer.run("SET force_compression = 'uncompressed'");
    const readers = await ConnectionPool.create(instance, 2);
    return { instance, writer, readers };
  }

  /** The writer connection, for what runs before the store is in use (migrations, schema checks). */
  get setupConnection(): DuckDBConnection {
    return this.writer;
  }

  /** Runs a change on the writer connection after every earlier one. */
  write<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the sentiment store is closed'));
    const run = this.queue.then(() => fn(this.writer));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async read<T = Record<string, unknown>>(sql: string, params: readonly Param[] = []): Promise<T[]> {
    while (this.gate) await this.gate;
    if (this.closed) throw new Error('the sentiment store is closed');
    this.reading++;
    try {
      return await this.readers.query<T>(sql, params);
    } finally {
      if (--this.reading === 0 && this.readsDrained) this.readsDrained();
    }
  }

  /**
   * Runs a statement on the writer, prepared once and cached, or (cache: false) prepared
   * for this run only. DuckDB plans a prepared statement with the table statistics of
   * the moment: a constant filter (status = 'PENDING', feed_id IS NOT NULL) that no row
   * matched then stays pruned in the cached plan. So cached statements take such
   * values as parameters, and rare ones (purge, deletion) are prepared afresh.
   */
  async exec(c: DuckDBConnection, sql: string, params: Param[], opts: { cache?: boolean } = {}): Promise<Record<string, unknown>[]> {
    if (opts.cache === false) {
      const once = await c.prepare(sql);
      try {
        params.forEach((p, i) => bindParam(once, i + 1, p));
        return (await once.runAndReadAll()).getRowObjectsJS() as Record<string, unknown>[];
      } finally {
        once.destroySync();
      }
    }
    let st = this.statements.get(sql);
    if (!st) {
      st = await c.prepare(sql);
      this.statements.set(sql, st);
    }
    st.clearBindings();
    params.forEach((p, i) => bindParam(st, i + 1, p));
    return (await st.runAndReadAll()).getRowObjectsJS() as Record<string, unknown>[];
  }

  /** Runs fn in a transaction; the in-memory updates it registered (onCommit) apply only once it committed. */
  async transaction<T>(c: DuckDBConnection, fn: () => Promise<T>): Promise<T> {
    this.afterCommit = [];
    await c.run('BEGIN TRANSACTION');
    try {
      const out = await fn();
      await c.run('COMMIT');
      for (const f of this.afterCommit) f();
      return out;
    } catch (e) {
      await c.run('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      this.afterCommit = [];
    }
  }

  /** An in-memory change that belongs to the running transaction: applied once it commits, dropped if it rolls back. */
  onCommit(f: () => void): void {
    this.afterCommit.push(f);
  }

  /**
   * Rewrites the database into a fresh file and swaps it in (deleted rows' bytes leave
   * the disk). Call inside write() (nothing else writes meanwhile); new reads wait, and
   * the swap waits for the reads in flight.
   */
  async rewriteFile(): Promise<void> {
    let open!: () => void;
    this.gate = new Promise<void>((r) => { open = r; });
    try {
      if (this.reading > 0) await new Promise<void>((r) => { this.readsDrained = r; });
      this.readsDrained = null;
      const fresh = `${this.path}.compact`;
      const name = String(((await this.writer.runAndReadAll('SELECT current_database() AS d')).getRowObjectsJS()[0] as { d: string }).d);
      await this.writer.run('CHECKPOINT');
      rmSync(fresh, { force: true });
      await this.writer.run(`ATTACH '${fresh.replace(/'/g, "''")}' AS compacted`);
      await this.writer.run(`COPY FROM DATABASE "${name}" TO compacted`);
      await this.writer.run('DETACH compacted');
      for (const st of this.statements.values()) st.destroySync();
      this.statements.clear();
      this.writer.closeSync();
      await this.readers.close();
      rmSync(`${this.path}.wal`, { force: true });
      renameSync(fresh, this.path);
      const next = await DuckDbState.connect(this.path, this.compression);
      this.instance = next.instance;
      this.writer = next.writer;
      this.readers = next.readers;
    } finally {
      this.gate = null;
      open();
    }
  }

  /** Waits for the writes queued, then checkpoints and closes the connections. */
  async close(): Promise<void> {
    await this.queue;
    this.closed = true;
    for (const st of this.statements.values()) st.destroySync();
    try {
      await this.writer.run('CHECKPOINT');
    } catch {
      /* a checkpoint is an optimisation; the WAL has everything */
    }
    this.writer.closeSync();
    await this.readers.close();
    void this.instance;
  }

  /** Closes the connections of a store that failed to open (no writes queued). */
  async abandon(): Promise<void> {
    this.closed = true;
    this.writer.closeSync();
    await this.readers.close();
  }
}
