/**
 * Configuration of the core, read once from the environment. Every variable
 * and its default is listed in the README (section Configuration).
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultGeoDbPath, projectRoot } from './paths.js';
import { boolSetting, databaseUrlSetting, grpcAddressSetting, hostListSetting, intSetting, logLevelSetting, optionalBoolSetting, secretSetting, stringSetting } from '../lib/envSettings.js';
import type { SentimentConfig } from './sentiment/sentimentSettings.js';

export type { SentimentConfig };

export { defaultGeoDbPath };

export interface CoreConfig {
  /** host:port the gRPC core listens on (MERIDIAN_GRPC_ADDR). */
  grpcAddress: string;
  /** Path of the geo DuckDB file (MERIDIAN_GEO_DB). */
  geoDbPath: string;
  /** DuckDB connections kept for geo queries (MERIDIAN_DB_CONNECTIONS). */
  dbConnections: number;
  /** DuckDB worker threads (MERIDIAN_DB_THREADS). */
  dbThreads: number;
  /** Largest `limit` a list RPC accepts (MERIDIAN_MAX_LIMIT). */
  maxLimit: number;
  /** Secret that binds page tokens to their query (MERIDIAN_PAGE_TOKEN_SECRET; if unset, a random one kept in the state folder's page-token.secret). */
  pageTokenSecret: string;
  /**
   * Host names and addresses the core's own certificate carries besides localhost, 127.0.0.1, ::1 and the listen
   * host (MERIDIAN_CORE_TLS_HOSTS, comma-separated): the names gateways on other machines dial it by (a container's
   * service name), which they check the certificate against (MERIDIAN_CORE_TLS_NAME).
   */
  tlsHosts: string[];
  /** MERIDIAN_ENGLISH_EXPERT: true requires the English expert, false turns it off, unset serves it when its files are there. */
  englishExpert: boolean | undefined;
  logLevel: string;
  /** Folder of the sentiment state database and the certificate authority (MERIDIAN_STATE_DIR, default state/). */
  stateDir: string;
  sentiment: SentimentConfig;
  /**
   * Serve gRPC without TLS and without authentication (MERIDIAN_CORE_PLAINTEXT
   * or --plaintext, default false): refused unless the address is loopback or
   * a Unix socket. By default every call but health needs a client
   * certificate signed by the core's CA.
   */
  plaintext: boolean;
  /** Days an issued client certificate is valid unless the request says otherwise (MERIDIAN_CERT_VALIDITY_DAYS). */
  certValidityDays: number;
}


export function defaultStateDir(): string {
  return join(projectRoot, 'state');
}

export function loadCoreConfig(env: NodeJS.ProcessEnv = process.env): CoreConfig {
  const int = (name: string, dflt: number, min: number, max: number): number => intSetting(env, name, dflt, min, max);
  const bool = (name: string, dflt: boolean): boolean => boolSetting(env, name, dflt);
  const cores = availableParallelism();
  return {
    grpcAddress: grpcAddressSetting('MERIDIAN_GRPC_ADDR', stringSetting(env, 'MERIDIAN_GRPC_ADDR', '127.0.0.1:50051')),
    geoDbPath: resolve(env['MERIDIAN_GEO_DB'] || defaultGeoDbPath()),
    dbConnections: int('MERIDIAN_DB_CONNECTIONS', Math.max(2, cores), 1, 64),
    dbThreads: int('MERIDIAN_DB_THREADS', Math.max(1, cores), 1, 256),
    maxLimit: int('MERIDIAN_MAX_LIMIT', 1000, 1, 100000),
    pageTokenSecret: secretSetting(env, 'MERIDIAN_PAGE_TOKEN_SECRET'),
    tlsHosts: hostListSetting(env, 'MERIDIAN_CORE_TLS_HOSTS'),
    // read by the analysis threads (sentimentAnalyzer.ts); checked here so that a malformed value stops the start
    englishExpert: optionalBoolSetting(env, 'MERIDIAN_ENGLISH_EXPERT'),
    logLevel: logLevelSetting(env),
    stateDir: resolve(env['MERIDIAN_STATE_DIR'] || defaultStateDir()),
    sentiment: {
      // one analysis thread on 2 cores or fewer (the gateway and core threads need the other core), two beyond: each
      // thread past the first adds ~50 MB of RSS idle and ~100 MB at the peak under load even with the models' weights mapped
      // once for all threads (npm run bench:sentiment -- --memory: 1 / 2 / 4 threads 555 / 609 / 689 MB idle,
      // 684 / 792 / 983 MB at most), so four would break the 600 / 900 MB budget (CHANGELOG.md, 2026-12-06);
      // MERIDIAN_SENTIMENT_WORKERS sets more on a machine with the memory for them
      workers: int('MERIDIAN_SENTIMENT_WORKERS', cores <= 2 ? 1 : 2, 1, 64),
      ortThreads: int('MERIDIAN_SENTIMENT_ORT_THREADS', 1, 1, 64),
      batchSize: int('MERIDIAN_SENTIMENT_BATCH', 256, 1, 4096),
      // a backlog leaves in larger tasks: the store's statements cost mostly per statement; 512, not 1,024: the same
      // throughput and ~70 MB less peak RSS (CHANGELOG.md)
      batchMax: int('MERIDIAN_SENTIMENT_BATCH_MAX', 512, 1, 4096),
      queueMax: int('MERIDIAN_SENTIMENT_QUEUE_MAX', 50_000, 1, 10_000_000),
      maxTextChars: int('MERIDIAN_SENTIMENT_MAX_TEXT_CHARS', 20_000, 1, 1_000_000),
      maxBatch: int('MERIDIAN_SENTIMENT_MAX_BATCH', 1000, 1, 100_000),
      maxAttempts: int('MERIDIAN_SENTIMENT_MAX_ATTEMPTS', 3, 1, 100),
      modelsDir: resolve(env['MERIDIAN_MODELS_DIR'] || join(projectRoot, 'models')),
      tenantQueueMax: int('MERIDIAN_SENTIMENT_TENANT_QUEUE_MAX', 20_000, 1, 10_000_000),
      retentionDays: int('MERIDIAN_SENTIMENT_RETENTION_DAYS', 30, 0, 36_500),
      retentionCheckMinutes: int('MERIDIAN_SENTIMENT_RETENTION_CHECK_MINUTES', 60, 1, 10_080),
      webhookAllowHosts: (env['MERIDIAN_WEBHOOK_ALLOW_HOSTS'] ?? '').split(',').map((h) => h.trim()).filter(Boolean),
      webhookRetrySchedule: env['MERIDIAN_WEBHOOK_RETRY_SCHEDULE'] || '5s,5m,30m,2h,5h,10h,14h,20h,24h',
      webhookTimeoutMs: int('MERIDIAN_WEBHOOK_TIMEOUT_MS', 15_000, 100, 120_000),
      webhookPendingMax: int('MERIDIAN_WEBHOOK_PENDING_MAX', 100_000, 1, 100_000_000),
      stateCompression: bool('MERIDIAN_SENTIMENT_STATE_COMPRESSION', true),
      databaseUrl: databaseUrlSetting(env),
      jobLeaseMs: int('MERIDIAN_JOB_LEASE_MS', 30_000, 1000, 3_600_000),
    },
    plaintext: bool('MERIDIAN_CORE_PLAINTEXT', false),
    certValidityDays: int('MERIDIAN_CERT_VALIDITY_DAYS', 30, 1, 397),
  };
}

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1, localhost, unix:. */
export function isLoopbackAddress(address: string): boolean {
  if (address.startsWith('unix:')) return true;
  const host = address.replace(/:\d+$/, '').replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
