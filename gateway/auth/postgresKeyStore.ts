/**
 * The gateway's shared state on PostgreSQL (MERIDIAN_DATABASE_URL): API keys — and so
 * tenants, since a key is its tenant — in `gateway_api_keys`, and the rate-limit windows
 * every gateway counts in (postgresRateCounter.ts). Several gateways read the same
 * keys: one created or revoked with the CLI reaches them all within
 * MERIDIAN_KEY_RELOAD_MS (each polls a cheap version: count and last change).
 *
 * The gateway never imports the core (src/): this module holds its own small pool and
 * migration step, recorded as component `gateway` in the same `meridian_schema` table
 * the core uses, under the same advisory lock; a newer schema is refused.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { hashKey, localKeyPath, newKey, KeyStoreError, type ApiKeyRecord, type ApiKeyStore } from './keyStore.js';

interface Migration { version: number; why: string; sql: string }

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'API keys (tenants) and shared rate-limit windows',
    sql: `
CREATE TABLE gateway_api_keys (id text PRIMARY KEY, key_hash text NOT NULL UNIQUE, name text NOT NULL, scopes text NOT NULL,
  rate_limit integer, created_at timestamptz NOT NULL DEFAULT now(), revoked_at timestamptz);
CREATE TABLE gateway_rate_windows (key_id text NOT NULL, window_start bigint NOT NULL, count integer NOT NULL, PRIMARY KEY (key_id, window_start));`,
  },
];

const redact = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

/** Opens the gateway's pool and applies its migrations. */
export async function openGatewayDatabase(url: string, onError: (e: unknown) => void): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: 8, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30_000, application_name: 'meridian-gateway' });
  pool.on('error', onError); // an idle connection died (PostgreSQL restarted): the pool makes a new one on next use
  const known = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  let c: pg.PoolClient;
  try {
    c = await pool.connect();
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw new Error(`cannot reach PostgreSQL at ${redact(url)}: ${(e as Error).message}`, { cause: e });
  }
  try {
    await c.query('BEGIN');
    await c.query("SELECT pg_advisory_xact_lock(hashtext('meridian_schema'))");
    await c.query(`CREATE TABLE IF NOT EXISTS meridian_schema (component text NOT NULL, version integer NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), why text NOT NULL, PRIMARY KEY (component, version))`);
    const current = Number((await c.query<{ v: number | null }>("SELECT max(version) AS v FROM meridian_schema WHERE component = 'gateway'")).rows[0]?.v ?? 0);
    if (current > known) {
      throw new Error(`the PostgreSQL database ${redact(url)} holds gateway schema version ${current}, newer than this Meridian gateway understands (${known}); run the Meridian that migrated it (or newer) on every gateway`);
    }
    for (const m of MIGRATIONS) {
      if (m.version <= current) continue;
      await c.query(m.sql);
      await c.query("INSERT INTO meridian_schema (component, version, why) VALUES ('gateway', $1, $2)", [m.version, m.why]);
    }
    await c.query('COMMIT');
    c.release();
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    c.release(true);
    await pool.end().catch(() => undefined);
    throw e;
  }
  return pool;
}

const SELECT_KEYS = `SELECT id, key_hash, name, scopes, rate_limit,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at,
  to_char(revoked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS revoked_at
FROM gateway_api_keys`;

interface KeyRow { id: string; key_hash: string; name: string; scopes: string; rate_limit: number | null; created_at: string; revoked_at: string | null }

function record(r: KeyRow): ApiKeyRecord {
  return { id: r.id, name: r.name, scopes: r.scopes.split(' ').filter(Boolean), rateLimit: r.rate_limit, createdAt: r.created_at, revokedAt: r.revoked_at };
}

export class PostgresKeyStore implements ApiKeyStore {
  /** `stateDir`: where the local key file is written on a first start (ensureLocalKey). */
  constructor(private readonly pool: pg.Pool, private readonly stateDir: string) {}

  async version(): Promise<string> {
    const r = (await this.pool.query<{ n: string; t: string | null }>('SELECT count(*) AS n, max(greatest(created_at, revoked_at))::text AS t FROM gateway_api_keys')).rows[0];
    return `${r?.n}:${r?.t}`;
  }

  async rows(): Promise<{ hash: string; record: ApiKeyRecord }[]> {
    return (await this.pool.query<KeyRow>(`${SELECT_KEYS} ORDER BY created_at, id`)).rows.map((r) => ({ hash: r.key_hash, record: record(r) }));
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.rows()).map((r) => r.record);
  }

  async create(opts: { name: string; scopes: string[]; rateLimit?: number | null }): Promise<{ key: string; record: ApiKeyRecord }> {
    const k = newKey(opts);
    await this.pool.query('INSERT INTO gateway_api_keys (id, key_hash, name, scopes, rate_limit) VALUES ($1, $2, $3, $4, $5)', [k.id, hashKey(k.key), k.name, k.scopes.join(' '), k.rateLimit]);
    const r = (await this.pool.query<KeyRow>(`${SELECT_KEYS} WHERE id = $1`, [k.id])).rows[0]!;
    return { key: k.key, record: record(r) };
  }

  async revoke(id: string): Promise<ApiKeyRecord> {
    await this.pool.query('UPDATE gateway_api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id.trim()]);
    const r = (await this.pool.query<KeyRow>(`${SELECT_KEYS} WHERE id = $1`, [id.trim()])).rows[0];
    if (!r) throw new KeyStoreError(`no key with id '${id}'; 'npm run keys -- list' shows the ids`);
    return record(r);
  }

  /** Gateways starting together take turns (advisory lock), so at most one local key is made. */
  async ensureLocalKey(): Promise<string | undefined> {
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query("SELECT pg_advisory_xact_lock(hashtext('meridian_local_key'))");
      const n = Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM gateway_api_keys')).rows[0]?.n ?? 0);
      if (n > 0) {
        await c.query('COMMIT');
        return undefined;
      }
      const k = newKey({ name: 'local', scopes: ['*'] });
      await c.query('INSERT INTO gateway_api_keys (id, key_hash, name, scopes, rate_limit) VALUES ($1, $2, $3, $4, NULL)', [k.id, hashKey(k.key), k.name, '*']);
      mkdirSync(this.stateDir, { recursive: true, mode: 0o700 });
      const file = localKeyPath(this.stateDir);
      writeFileSync(file, `${k.key}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
      await c.query('COMMIT');
      return file;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  }
}
