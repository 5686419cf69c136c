/**
 * PostgreSQL access for state shared by several core and gateway replicas
 * (MERIDIAN_DATABASE_URL). Used by the PostgreSQL sentiment store and by the
 * gateway's key store and rate counter; geo stays in its embedded DuckDB file.
 *
 * - One `pg.Pool` per process part. A connection that dies (PostgreSQL restarted,
 *   network cut) is dropped by the pool and a fresh one is made on next use; the
 *   pool's `error` event is handled so an idle connection's death never crashes the
 *   process.
 * - `query` and `transaction` retry on connection-class errors (and on deadlock /
 *   serialization failures) with backoff for up to `retryMs` (default 30 s): callers'
 *   statements are written to be safe to run twice (ids are made by the caller, inserts
 *   are ON CONFLICT DO NOTHING, updates are guarded by the row's state), because a
 *   connection lost during COMMIT leaves it unknown whether the commit landed.
 * - `listen` keeps one dedicated connection LISTENing on a channel and re-LISTENs after
 *   a reconnect (a notification sent while it was down is lost: listeners also poll).
 * - `migrate` applies a component's versioned migrations at start, in one transaction
 *   under an advisory lock (replicas starting together take turns), recording each in
 *   `meridian_schema (component, version)`; a database holding a version newer than the
 *   code knows is refused with a clear error.
 */
import pg from 'pg';

export interface PgMigration { version: number; why: string; sql: string }

export class PgSchemaTooNew extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PgSchemaTooNew';
  }
}

/** SQLSTATE classes and node errors after which a statement may simply be run again. */
const RETRY_SQLSTATE = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '40001', '40P01', '53300']);
const RETRY_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export function isTransient(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | null;
  if (!err) return false;
  if (err.code && (RETRY_SQLSTATE.has(err.code) || RETRY_NODE.has(err.code))) return true;
  const m = err.message ?? '';
  return /Connection terminated|connection error|not queryable|Client was closed|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(m);
}

/**
 * A transient error that may mean the database cannot be reached: not a serialization failure or deadlock, which a
 * reachable one raises. (The pool's "timeout exceeded when trying to connect" is one too, though a busy pool raises
 * it as well: so such an error only starts a probe on a connection of its own, PgDatabase.probeLater.)
 */
function mayBeUnreachable(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  return isTransient(e) && code !== '40001' && code !== '40P01';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Hides the password of a connection URL for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

export interface PgOptions {
  /** Connections in the pool (default 8). */
  max?: number;
  /** How long a statement is retried across lost connections before the error is thrown (default 30 s). */
  retryMs?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
  onError?: (e: unknown) => void;
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

/** The source of reachability that statements report (PgDatabase.reach), beside each LISTEN connection. */
const QUERIES = {};

export class PgDatabase {
  private closed = false;
  private readonly listeners: PgListener[] = [];
  /** What cannot reach PostgreSQL now: a LISTEN connection that is reconnecting, or QUERIES after a lost statement. */
  private readonly unreachable = new Set<object>();
  private readonly reachabilityWatchers: ((reachable: boolean, reason: string) => void)[] = [];
  private probe: NodeJS.Timeout | undefined;
  private lastReason = '';

  private constructor(readonly url: string, readonly pool: pg.Pool, private readonly retryMs: number, private readonly onError: (e: unknown) => void) {}

  /** Opens a pool and waits (up to retryMs) until PostgreSQL answers. */
  static async connect(url: string, opts: PgOptions = {}): Promise<PgDatabase> {
    const onError = opts.onError ?? (() => undefined);
    const pool = new pg.Pool({
      connectionString: url, max: opts.max ?? 8, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000,
      application_name: opts.applicationName ?? 'meridian',
    });
    pool.on('error', onError); // an idle connection died: the pool drops it, the next query makes a new one
    const db = new PgDatabase(url, pool, opts.retryMs ?? 30_000, onError);
    try {
      await db.query('SELECT 1');
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw new Error(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(e as Error).message}`, { cause: e });
    }
    return db;
  }

  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    const until = Date.now() + this.retryMs;
    for (let attempt = 0; ; attempt++) {
      if (this.closed) throw new Error('the PostgreSQL pool is closed');
      try {
        return await work();
      } catch (e) {
        if (mayBeUnreachable(e)) this.probeLater(0);
        if (!isTransient(e) || Date.now() >= until || this.closed) throw e;
        this.onError(e);
        await sleep(Math.min(1000, 25 * 2 ** attempt));
      }
    }
  }

  async query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.retrying(async () => (await this.pool.query<T>(sql, params as unknown[])).rows);
  }

  /** Runs `fn` in a transaction on one connection; the whole transaction is retried after a lost connection. */
  async transaction<T>(fn: (c: Queryable) => Promise<T>): Promise<T> {
    return this.retrying(async () => {
      const c = await this.pool.connect();
      let broken = false;
      // A checked-out client has no pool listener: its connection dying between statements must not crash the process.
      const onLost = (e: unknown) => { broken = true; this.onError(e); };
      c.on('error', onLost);
      try {
        await c.query('BEGIN');
        const out = await fn(c);
        await c.query('COMMIT');
        return out;
      } catch (e) {
        broken = isTransient(e);
        await c.query('ROLLBACK').catch(() => { broken = true; });
        throw e;
      } finally {
        c.removeListener('error', onLost);
        c.release(broken ? true : undefined);
      }
    });
  }

  /**
   * Calls `watcher` each time PostgreSQL becomes unreachable (a statement's connection lost, a LISTEN connection
   * reconnecting) and reachable again (every such one back), with the last error's message.
   */
  onReachability(watcher: (reachable: boolean, reason: string) => void): void {
    this.reachabilityWatchers.push(watcher);
    // a watcher that comes after the database stopped answering hears so at once (it would hear only the return)
    if (this.unreachable.size && !this.closed) watcher(false, this.lastReason);
  }

  private reach(source: object, ok: boolean, e?: unknown): void {
    const was = this.unreachable.size === 0;
    if (ok) this.unreachable.delete(source);
    else this.unreachable.add(source);
    const now = this.unreachable.size === 0;
    if (was === now || this.closed) return;
    const reason = now ? 'PostgreSQL answers again' : `PostgreSQL does not answer: ${(e as Error | undefined)?.message ?? 'connection lost'}`;
    this.lastReason = reason;
    for (const w of this.reachabilityWatchers) w(now, reason);
  }

  /**
   * After a statement failed in a way that may mean the database is gone: `SELECT 1` on a connection of its own (not
   * the pool's, whose checkout also times out when every connection is busy). A failed probe marks the database
   * unreachable and asks again a second after it ended (a connect waits up to 5 s); the first probe that answers
   * marks it reachable and ends the probing.
   */
  private probeLater(delayMs = 1000): void {
    if (this.probe || this.closed) return;
    this.probe = setTimeout(() => {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5_000, application_name: 'meridian-probe' });
      client.on('error', () => undefined);
      void client.connect().then(() => client.query('SELECT 1')).then(() => {
        this.probe = undefined;
        this.reach(QUERIES, true);
      }, (e: unknown) => {
        this.probe = undefined;
        this.reach(QUERIES, false, e);
        this.probeLater();
      }).finally(() => void client.end().catch(() => undefined));
    }, delayMs);
    this.probe.unref();
  }

  /** Keeps a connection LISTENing on `channel`; `onNotify` gets each payload (and '' after each reconnect, as anything may have been missed). */
  listen(channel: string, onNotify: (payload: string) => void): PgListener {
    // connected, or stopped (it then says nothing of the database): it no longer counts as unreachable
    const up = () => this.reach(l, true);
    const l: PgListener = new PgListener(this.url, channel, onNotify, (e) => { this.onError(e); this.reach(l, false, e); }, up, up);
    this.listeners.push(l);
    l.start();
    return l;
  }

  /** Applies `component`'s migrations not yet recorded; returns the versions applied. */
  async migrate(component: string, migrations: readonly PgMigration[]): Promise<number[]> {
    const known = migrations.length ? migrations[migrations.length - 1]!.version : 0;
    return this.transaction(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('meridian_schema'))");
      await c.query(`CREATE TABLE IF NOT EXISTS meridian_schema (component text NOT NULL, version integer NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now(), why text NOT NULL, PRIMARY KEY (component, version))`);
      const r = await c.query<{ v: number | null }>('SELECT max(version) AS v FROM meridian_schema WHERE component = $1', [component]);
      const current = Number(r.rows[0]?.v ?? 0);
      if (current > known) {
        throw new PgSchemaTooNew(`the PostgreSQL database ${redactUrl(this.url)} holds ${component} schema version ${current}, newer than this Meridian understands (${known}); run the Meridian that migrated it (or newer) on every replica, or point MERIDIAN_DATABASE_URL elsewhere`);
      }
      const applied: number[] = [];
      for (const m of migrations) {
        if (m.version <= current) continue;
        try {
          await c.query(m.sql);
        } catch (e) {
          throw new Error(`${component} migration ${m.version} (${m.why}) failed: ${(e as Error).message}`, { cause: e });
        }
        await c.query('INSERT INTO meridian_schema (component, version, why) VALUES ($1, $2, $3)', [component, m.version, m.why]);
        applied.push(m.version);
      }
      return applied;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.probe);
    for (const l of this.listeners) await l.stop();
    await this.pool.end();
  }
}

/** One LISTEN connection that comes back after PostgreSQL does. */
export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string, private readonly channel: string, private readonly onNotify: (payload: string) => void,
    private readonly onError: (e: unknown) => void, private readonly onConnected: () => void = () => undefined,
    private readonly onStopped: () => void = () => undefined,
  ) {}

  start(): void {
    void this.connect(0);
  }

  private async connect(attempt: number): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'meridian-listen' });
    let retried = false;
    // once per client: a peer that accepts and closes at once (a proxy before a database that is down) fires both
    // 'end' and the rejected connect(), and two timers per failure had doubled the reconnect loops every ~2 s
    // (10,000 sockets after a 20 s outage, PostgreSQL's max_connections used up for every replica)
    const retry = (e: unknown) => {
      if (this.stopped || retried) return;
      retried = true;
      this.onError(e);
      if (this.client === client) this.client = null;
      client.removeAllListeners();
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.connect(attempt + 1), Math.min(2000, 50 * 2 ** attempt));
      this.timer.unref();
    };
    client.on('error', retry);
    client.on('end', () => retry(new Error('LISTEN connection ended')));
    client.on('notification', (n) => { if (n.channel === this.channel) this.onNotify(n.payload ?? ''); });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
      if (this.stopped) { await client.end(); return; }
      this.client = client;
      attempt = 0;
      this.onConnected();
      this.onNotify(''); // anything sent while we were away is unknown: let the owner look
    } catch (e) {
      retry(e);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.onStopped();
    clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
    }
  }
}
