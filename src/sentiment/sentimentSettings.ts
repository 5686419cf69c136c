/**
 * The settings the sentiment capability is built with. server.ts hands them
 * over from the core's configuration (src/config.ts reads them from the
 * environment), so this capability never reads configuration itself.
 */
export interface SentimentConfig {
  /** Piscina workers running the models (MERIDIAN_SENTIMENT_WORKERS). */
  workers: number;
  /** ONNX Runtime intra-op threads per worker (MERIDIAN_SENTIMENT_ORT_THREADS). */
  ortThreads: number;
  /** Texts per worker task when few are waiting (MERIDIAN_SENTIMENT_BATCH). */
  batchSize: number;
  /** Most texts per worker task, when a backlog waits (MERIDIAN_SENTIMENT_BATCH_MAX; at least batchSize is used). */
  batchMax: number;
  /** Texts waiting for a worker before submissions get RESOURCE_EXHAUSTED (MERIDIAN_SENTIMENT_QUEUE_MAX). */
  queueMax: number;
  /** Longest text in characters; longer is PAYLOAD_TOO_LARGE (MERIDIAN_SENTIMENT_MAX_TEXT_CHARS). */
  maxTextChars: number;
  /** Most texts per batch submission (MERIDIAN_SENTIMENT_MAX_BATCH). */
  maxBatch: number;
  /** Processing attempts before a job is FAILED (a worker crash counts as one; MERIDIAN_SENTIMENT_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Folder of the .onnx models and their sidecars (MERIDIAN_MODELS_DIR, default models/). */
  modelsDir: string;
  /** Texts one tenant may have waiting or running (MERIDIAN_SENTIMENT_TENANT_QUEUE_MAX, default 20,000). */
  tenantQueueMax: number;
  /** Days stored texts, results and finished jobs are kept; feeds keep their statistics (MERIDIAN_SENTIMENT_RETENTION_DAYS, default 30; 0 keeps forever). */
  retentionDays: number;
  /** How often the retention purge runs (MERIDIAN_SENTIMENT_RETENTION_CHECK_MINUTES, default 60). */
  retentionCheckMinutes: number;
  /** Hosts (names or addresses, comma-separated) webhooks may target even when private or loopback (MERIDIAN_WEBHOOK_ALLOW_HOSTS, default none). */
  webhookAllowHosts: string[];
  /** Delays before webhook retries (MERIDIAN_WEBHOOK_RETRY_SCHEDULE, default 5s,5m,30m,2h,5h,10h,14h,20h,24h). */
  webhookRetrySchedule: string;
  /** Time a webhook receiver has to answer (MERIDIAN_WEBHOOK_TIMEOUT_MS, default 15,000). */
  webhookTimeoutMs: number;
  /** Undelivered webhook messages one tenant may have; past it its new messages are not written (MERIDIAN_WEBHOOK_PENDING_MAX, default 100,000). */
  webhookPendingMax: number;
  /** Compress the state file (MERIDIAN_SENTIMENT_STATE_COMPRESSION, default true); false keeps texts as plain bytes, so that an audit can grep the file for a deleted text. */
  stateCompression: boolean;
  // ---- shared state (issue 15) ----
  /** PostgreSQL URL of state shared by several core replicas (MERIDIAN_DATABASE_URL); empty = the embedded DuckDB file in stateDir. */
  databaseUrl: string;
  /** How long a claimed job stays leased to its core without renewal before another core takes it over (MERIDIAN_JOB_LEASE_MS; PostgreSQL only). */
  jobLeaseMs: number;
}
