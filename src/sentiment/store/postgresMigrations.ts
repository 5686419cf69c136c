/**
 * Versioned schema of the sentiment state on PostgreSQL (component `sentiment` in
 * `meridian_schema`; applied at start by PgDatabase.migrate). Same tables and columns
 * as the DuckDB store's (migrations.ts), plus what sharing needs: the lease of a
 * claimed job (owner, until), a submission sequence for claim order, and the indexes
 * the claim, list and feed queries use.
 */
import type { PgMigration } from '../../db/postgres.js';
import { EMOTIONS } from '../labels.js';

export const SENTIMENT_COMPONENT = 'sentiment';

export const PG_MIGRATIONS: readonly PgMigration[] = [
  {
    version: 1,
    why: 'jobs with leases, results (one per job), batches, the webhook outbox',
    sql: `
CREATE TABLE jobs (
  id text PRIMARY KEY, seq bigserial NOT NULL, tenant text NOT NULL, status text NOT NULL, text text NOT NULL, feed_id text, batch_id text,
  domain text NOT NULL, occurred_ms bigint NOT NULL, created_ms bigint NOT NULL, updated_ms bigint NOT NULL, attempts integer NOT NULL,
  result_id text, error_type text, error_message text, lease_owner text, lease_until timestamptz);
CREATE INDEX jobs_live ON jobs (created_ms, seq) WHERE status IN ('PENDING', 'PROCESSING');
CREATE INDEX jobs_lease ON jobs (lease_owner) WHERE status = 'PROCESSING';
CREATE INDEX jobs_tenant_created ON jobs (tenant, created_ms DESC, id DESC);
CREATE INDEX jobs_batch ON jobs (batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX jobs_feed ON jobs (feed_id) WHERE feed_id IS NOT NULL;
CREATE TABLE results (
  id text PRIMARY KEY, job_id text NOT NULL UNIQUE, tenant text NOT NULL, feed_id text, domain text NOT NULL,
  occurred_ms bigint NOT NULL, created_ms bigint NOT NULL, sentiment text NOT NULL, score double precision NOT NULL,
  ${EMOTIONS.map((e) => `e_${e.toLowerCase()} double precision NOT NULL`).join(', ')},
  anomalous boolean NOT NULL, z double precision NOT NULL, payload text);
CREATE INDEX results_feed ON results (feed_id, occurred_ms) WHERE feed_id IS NOT NULL;
CREATE INDEX results_created ON results (created_ms);
CREATE TABLE batches (id text PRIMARY KEY, tenant text NOT NULL, created_ms bigint NOT NULL, total integer NOT NULL,
  remaining integer NOT NULL, completed_ms bigint);
CREATE TABLE webhook_endpoints (id text PRIMARY KEY, tenant text NOT NULL, url text NOT NULL, event_types text NOT NULL,
  description text NOT NULL, secret text NOT NULL, created_ms bigint NOT NULL);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant);
CREATE TABLE webhook_messages (id text PRIMARY KEY, endpoint_id text NOT NULL, tenant text NOT NULL, event_type text NOT NULL,
  payload text NOT NULL, created_ms bigint NOT NULL, attempts integer NOT NULL, next_ms bigint NOT NULL, status text NOT NULL);
CREATE INDEX webhook_messages_due ON webhook_messages (next_ms) WHERE status = 'PENDING';
CREATE INDEX webhook_messages_endpoint ON webhook_messages (endpoint_id, created_ms DESC, id DESC);
CREATE TABLE webhook_attempts (message_id text NOT NULL, at_ms bigint NOT NULL, status_code integer NOT NULL, error text NOT NULL,
  duration_ms bigint NOT NULL);
CREATE INDEX webhook_attempts_message ON webhook_attempts (message_id);`,
  },
  {
    version: 2,
    why: 'request fingerprint of idempotent batches (a request id reused with other content is refused; null for older batches)',
    sql: 'ALTER TABLE batches ADD COLUMN request_fingerprint text;',
  },
  {
    version: 3,
    why: 'live jobs by tenant and age, for claims that take each tenant\'s oldest in turns',
    sql: `CREATE INDEX jobs_live_tenant ON jobs (tenant, created_ms, seq) WHERE status IN ('PENDING', 'PROCESSING');`,
  },
  {
    version: 4,
    why: "results by their job's key (the job id without its time): a requestId retried after the retention purge took its batch",
    sql: `CREATE INDEX results_job_key ON results (substr(job_id, 15));`,
  },
];
