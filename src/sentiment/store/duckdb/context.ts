/**
 * What every aggregate of the embedded store shares: the one DuckDB instance, its one
 * writer connection with the queue that runs every change in order, the reader pool,
 * the cache of prepared statements, and the gate compaction closes while it swaps the
 * file. The aggregates (jobs.ts, feeds.ts, webhooks.ts, maintenance.ts) are methods over
 * one context: no aggregate opens a connection or a transaction of its own.
 */
import type { DuckDBConnection, DuckDBInstance, DuckDBPreparedStatement } from '@duckdb/node-api';
import { ConnectionPool, bindParam, openDatabase, type Param } from '../../../db/duckdb.js';

export class DuckDbContext {
  private queue: Promise<unknown> = Promise.resolve();
  closed = false;
  readonly statements = new Map<string, DuckDBPreparedStatement>();
  /** Reads in flight, and the gate new reads wait on while the file is being swapped (maintenance.ts). */
  reading = 0;
  readsDrained: (() => void) | null = null;
  gate: Promise<void> | null = null;
  /** In-memory changes of the running transaction, applied once it commits. */
  afterCommit: (() => void)[] = [];

  constructor(
    readonly path: string,
    readonly compression: boolean,
    public instance: DuckDBInstance,
    public writer: DuckDBConnection,
    public readers: ConnectionPool,
  ) {}

  static async connect(path: string, compression: boolean): Promise<{ instance: DuckDBInstance; writer: DuckDBConnection; readers: ConnectionPool }> {
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

  /** Runs fn in a transaction; the in-memory updates it registered (afterCommit) apply only once it committed. */
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

  /** Closes the connections once every write is done (after the maintenance let its compactions finish). */
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
}
