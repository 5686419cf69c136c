/**
 * Picks the sentiment store: PostgreSQL when MERIDIAN_DATABASE_URL is set (state
 * shared by several core replicas), else the embedded DuckDB file in the state folder.
 */
import { DuckDbSentimentStore } from './duckdb/store.js';
import type { OutboxQuota } from './outboxQuota.js';
import type { SentimentStore } from './sentimentStore.js';

export interface StoreChoice {
  /** Empty: the embedded DuckDB file. */
  databaseUrl: string;
  jobLeaseMs: number;
  /** How long a webhook receiver has to answer: a claimed outbox message is leased for the longer of twice this and the job lease. */
  webhookTimeoutMs: number;
  stateCompression: boolean;
  /** Each tenant's bound on undelivered webhook messages (MERIDIAN_WEBHOOK_PENDING_MAX). */
  outboxQuota?: OutboxQuota;
}

export async function openSentimentStore(stateDir: string, cfg: StoreChoice): Promise<SentimentStore> {
  if (cfg.databaseUrl) {
    // loaded only here: the pg driver is ~70 ms of every start that does not use it
    const { PostgresSentimentStore } = await import('./postgresStore.js');
    return PostgresSentimentStore.open(cfg.databaseUrl, { leaseMs: cfg.jobLeaseMs, deliveryLeaseMs: Math.max(cfg.jobLeaseMs, 2 * cfg.webhookTimeoutMs), ...(cfg.outboxQuota ? { outboxQuota: cfg.outboxQuota } : {}) });
  }
  return DuckDbSentimentStore.open(stateDir, { compression: cfg.stateCompression, ...(cfg.outboxQuota ? { outboxQuota: cfg.outboxQuota } : {}) });
}
