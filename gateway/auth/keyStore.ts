/**
 * API keys in the gateway's embedded state database (DuckDB,
 * `<state dir>/gateway.duckdb`). Only a SHA-256 of each key is stored (keys
 * are 256-bit random, so a fast hash is enough); a key carries scopes and an
 * optional rate limit. The file is opened only for the moment of a read or a
 * write, so the key CLI and a running gateway can take turns with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/** Scopes a key can hold; `*` holds them all. */
export const SCOPES = ['geo:read', 'sentiment:read', 'sentiment:write', 'certificates:issue'] as const;

export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: string[];
  /** Requests per minute; null = the gateway's default. */
  rateLimit: number | null;
  createdAt: string;
  revokedAt: string | null;
}

export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export function keyStorePath(stateDir: string): string {
  return join(stateDir, 'gateway.duckdb');
}

export function localKeyPath(stateDir: string): string {
  return join(stateDir, 'local-key.txt');
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS api_keys (
  id VARCHAR PRIMARY KEY, key_hash VARCHAR NOT NULL UNIQUE, name VARCHAR NOT NULL, scopes VARCHAR NOT NULL,
  rate_limit INTEGER, created_at TIMESTAMPTZ NOT NULL, revoked_at TIMESTAMPTZ)`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class KeyStoreError extends Error {
  constructor(message: string) { super(message); this.name = 'KeyStoreError'; }
}

/** The key table, oldest first, with each key's hash. */
async function readKeys(c: DuckDBConnection): Promise<{ hash: string; record: ApiKeyRecord }[]> {
  const rows = (await c.runAndReadAll(`SELECT id, key_hash, name, scopes, rate_limit,
      strftime(created_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ') AS created_at,
      strftime(revoked_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%SZ') AS revoked_at
    FROM api_keys ORDER BY created_at, id`)).getRowObjectsJS();
  return rows.map((r) => ({
    hash: String(r['key_hash']),
    record: {
      id: String(r['id']), name: String(r['name']), scopes: String(r['scopes']).split(' ').filter(Boolean),
      rateLimit: r['rate_limit'] === null ? null : Number(r['rate_limit']),
      createdAt: String(r['created_at']), revokedAt: r['revoked_at'] === null ? null : String(r['revoked_at']),
    },
  }));
}

/** A new key, checked: its id, its secret (shown once), and what is stored. */
export interface NewKey { id: string; key: string; name: string; scopes: string[]; rateLimit: number | null }

/** Validates a key request and makes the key (`mrd_<id>_<256-bit secret>`). */
export function newKey(opts: { name: string; scopes: string[]; rateLimit?: number | null }): NewKey {
  const scopes = [...new Set(opts.scopes)];
  for (const s of scopes) {
    if (s !== '*' && !(SCOPES as readonly string[]).includes(s)) throw new KeyStoreError(`unknown scope '${s}'; scopes are ${SCOPES.join(', ')} or *`);
  }
  if (scopes.length === 0) throw new KeyStoreError(`a key needs at least one scope (${SCOPES.join(', ')} or *)`);
  const rateLimit = opts.rateLimit ?? null;
  // 0: no limit for this key, whatever MERIDIAN_DEFAULT_RATE_LIMIT says (guard.ts admits it unlimited)
  if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 0)) throw new KeyStoreError('the rate limit must be a whole number of requests per minute, 0 for no limit');
  const id = randomBytes(6).toString('hex');
  return { id, key: `mrd_${id}_${randomBytes(32).toString('base64url')}`, name: opts.name.trim() || 'unnamed', scopes, rateLimit };
}

/** Where keys (and so tenants: a key is its tenant) are kept: the embedded DuckDB file (KeyStore) or PostgreSQL (PostgresKeyStore). */
export interface ApiKeyStore {
  /** Changes whenever a key is created or revoked (the running gateway re-reads the table then). */
  version(): string | Promise<string>;
  /** Every key with its hash (the gateway's in-memory table). */
  rows(): Promise<{ hash: string; record: ApiKeyRecord }[]>;
  list(): Promise<ApiKeyRecord[]>;
  create(opts: { name: string; scopes: string[]; rateLimit?: number | null }): Promise<{ key: string; record: ApiKeyRecord }>;
  revoke(id: string): Promise<ApiKeyRecord>;
  /** First start: when no key exists, creates a local key with every scope and writes it to the state folder; returns the file. */
  ensureLocalKey(): Promise<string | undefined>;
}

export class KeyStore implements ApiKeyStore {
  readonly path: string;

  constructor(readonly stateDir: string) {
    this.path = keyStorePath(stateDir);
  }

  /** mtime of the file and its WAL: changes whenever a write lands. */
  version(): string {
    const m = (p: string) => (existsSync(p) ? statSync(p).mtimeMs : 0);
    return `${m(this.path)}:${m(`${this.path}.wal`)}`;
  }

  /** Opens the file for one piece of work, retrying while another process holds its lock. */
  private async with<T>(readOnly: boolean, work: (c: DuckDBConnection) => Promise<T>, waitMs = 5000): Promise<T> {
    mkdirSync(this.stateDir, { recursive: true, mode: 0o700 });
    const until = Date.now() + waitMs;
    for (;;) {
      let instance: DuckDBInstance | undefined;
      try {
        instance = await DuckDBInstance.create(this.path, readOnly ? { access_mode: 'READ_ONLY' } : {});
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        if (/lock/i.test(msg) && Date.now() < until) { await sleep(50); continue; }
        throw new KeyStoreError(`cannot open the key database ${this.path}: ${msg}`);
      }
      const conn = await instance.connect();
      try {
        if (!readOnly) await conn.run(SCHEMA);
        return await work(conn);
      } finally {
        conn.closeSync();
        instance.closeSync();
      }
    }
  }

  async list(): Promise<ApiKeyRecord[]> {
    return (await this.rows()).map((r) => r.record);
  }

  /** Every key with its hash (the gateway's in-memory table). */
  async rows(): Promise<{ hash: string; record: ApiKeyRecord }[]> {
    if (!existsSync(this.path)) return [];
    return this.with(true, async (c) => {
      const tables = (await c.runAndReadAll(`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'api_keys'`)).getRowObjectsJS();
      return Number(tables[0]?.['n'] ?? 0) === 0 ? [] : readKeys(c);
    });
  }

  /** Creates a key; the secret is returned once and never stored. */
  async create(opts: { name: string; scopes: string[]; rateLimit?: number | null }): Promise<{ key: string; record: ApiKeyRecord }> {
    const { id, key, name, scopes, rateLimit } = newKey(opts);
    return this.with(false, async (c) => {
      await c.run(`INSERT INTO api_keys VALUES ($1, $2, $3, $4, $5, now(), NULL)`, [id, hashKey(key), name, scopes.join(' '), rateLimit]);
      const record = (await readKeys(c)).find((r) => r.record.id === id)?.record as ApiKeyRecord;
      return { key, record };
    });
  }

  /** Revokes a key by its id (the part after `mrd_`); revoking twice is harmless. */
  async revoke(id: string): Promise<ApiKeyRecord> {
    return this.with(false, async (c) => {
      const found = (await readKeys(c)).find((r) => r.record.id === id.trim())?.record;
      if (!found) throw new KeyStoreError(`no key with id '${id}'; 'npm run keys -- list' shows the ids`);
      if (!found.revokedAt) await c.run(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [found.id]);
      return (await readKeys(c)).find((r) => r.record.id === found.id)?.record as ApiKeyRecord;
    });
  }

  /**
   * First start on embedded defaults: when no key exists yet, create one
   * local key with every scope and write it (mode 0600) where the README says.
   * Returns the file's path when a key was created.
   */
  async ensureLocalKey(): Promise<string | undefined> {
    if ((await this.rows()).length > 0) return undefined;
    const { key } = await this.create({ name: 'local', scopes: ['*'] });
    const file = localKeyPath(this.stateDir);
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return file;
  }
}
