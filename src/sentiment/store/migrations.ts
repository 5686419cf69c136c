/**
 * Versioned schema of the sentiment state database. Each migration runs once, in
 * order, in its own transaction, and records its version in `schema_version`; a
 * file written by a newer Meridian (a version above the last one here) is refused.
 * Version 1 is the schema from before versioning (its CREATEs are IF NOT EXISTS, so
 * a file of that time is adopted as version 1 and migrated on).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { EMOTIONS } from '../labels.js';

export interface Migration { version: number; why: string; sql: string }

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    why: 'jobs and results',
    sql: `
CREATE TABLE IF NOT EXISTS jobs (
  id VARCHAR NOT NULL, status VARCHAR NOT NULL, text VARCHAR NOT NULL, feed_id VARCHAR, domain VARCHAR NOT NULL,
  occurred_ms BIGINT NOT NULL, created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL, attempts INTEGER NOT NULL,
  result_id VARCHAR, error_type VARCHAR, error_message VARCHAR);
CREATE TABLE IF NOT EXISTS results (
  id VARCHAR NOT NULL, job_id VARCHAR NOT NULL, feed_id VARCHAR, domain VARCHAR NOT NULL,
  occurred_ms BIGINT NOT NULL, created_ms BIGINT NOT NULL, sentiment VARCHAR NOT NULL, score DOUBLE NOT NULL,
  ${EMOTIONS.map((e) => `e_${e.toLowerCase()} DOUBLE`).join(', ')},
  anomalous BOOLEAN NOT NULL, z DOUBLE NOT NULL, payload VARCHAR NOT NULL);`,
  },
  {
    version: 2,
    why: 'tenants, batches, retention (payload may be purged) and the webhook outbox',
    sql: `
ALTER TABLE jobs ADD COLUMN tenant VARCHAR DEFAULT 'default';
ALTER TABLE jobs ADD COLUMN batch_id VARCHAR;
ALTER TABLE results ADD COLUMN tenant VARCHAR DEFAULT 'default';
ALTER TABLE results ALTER COLUMN payload DROP NOT NULL;
CREATE TABLE batches (id VARCHAR NOT NULL, tenant VARCHAR NOT NULL, created_ms BIGINT NOT NULL, total INTEGER NOT NULL,
  remaining INTEGER NOT NULL, completed_ms BIGINT);
CREATE TABLE webhook_endpoints (id VARCHAR NOT NULL, tenant VARCHAR NOT NULL, url VARCHAR NOT NULL, event_types VARCHAR NOT NULL,
  description VARCHAR NOT NULL, secret VARCHAR NOT NULL, created_ms BIGINT NOT NULL);
CREATE TABLE webhook_messages (id VARCHAR NOT NULL, endpoint_id VARCHAR NOT NULL, tenant VARCHAR NOT NULL, event_type VARCHAR NOT NULL,
  payload VARCHAR NOT NULL, created_ms BIGINT NOT NULL, attempts INTEGER NOT NULL, next_ms BIGINT NOT NULL, status VARCHAR NOT NULL);
CREATE TABLE webhook_attempts (message_id VARCHAR NOT NULL, at_ms BIGINT NOT NULL, status_code INTEGER NOT NULL, error VARCHAR NOT NULL,
  duration_ms BIGINT NOT NULL);`,
  },
  {
    version: 3,
    why: 'request fingerprint of idempotent batches (a request id reused with other content is refused; null for older batches)',
    sql: 'ALTER TABLE batches ADD COLUMN request_fingerprint VARCHAR;',
  },
  {
    version: 4,
    why: 'result payloads leave out what the row holds in columns (an older Meridian would answer them incomplete)',
    sql: `COMMENT ON COLUMN results.payload IS 'the Analysis message without the fields the row holds in columns (messages.ts resultMessage puts them back); rows written before version 4 hold the whole message';`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

export class SchemaTooNew extends Error {}

/** Applies the migrations the file lacks; returns the versions applied. */
export async function migrate(c: DuckDBConnection, path: string): Promise<number[]> {
  await c.run('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied_ms BIGINT NOT NULL, why VARCHAR NOT NULL)');
  const rows = (await c.runAndReadAll('SELECT coalesce(max(version), 0) AS v FROM schema_version')).getRowObjectsJS() as { v: number }[];
  const current = Number(rows[0]?.v ?? 0);
  if (current > SCHEMA_VERSION) {
    throw new SchemaTooNew(`the sentiment state database ${path} has schema version ${current}, newer than this Meridian understands (${SCHEMA_VERSION}); run the Meridian that wrote it (or newer), or point MERIDIAN_STATE_DIR elsewhere`);
  }
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    await c.run('BEGIN TRANSACTION');
    try {
      await c.run(m.sql);
      await c.run(`INSERT INTO schema_version VALUES (${m.version}, ${Date.now()}, '${m.why.replace(/'/g, "''")}')`);
      await c.run('COMMIT');
    } catch (e) {
      await c.run('ROLLBACK').catch(() => undefined);
      throw new Error(`migration ${m.version} (${m.why}) of ${path} failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(m.version);
  }
  return applied;
}
