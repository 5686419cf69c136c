/**
 * Configuration of the core, read once from the environment. Every variable
 * and its default is listed in the README (section Configuration).
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { projectRoot } from './paths.js';

export function defaultGeoDbPath(): string {
  return join(projectRoot, 'data', 'build', 'geo.duckdb');
}

function int(name: string, dflt: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  }
  return n;
}

function bool(name: string, dflt: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return dflt;
  if (/^(true|1|yes|on)$/i.test(raw)) return true;
  if (/^(false|0|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

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
  /** Secret that binds page tokens to their query (MERIDIAN_PAGE_TOKEN_SECRET; random per start if unset). */
  pageTokenSecret: string;
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

export interface SentimentConfig {
  /** Piscina workers running the models (MERIDIAN_SENTIMENT_WORKERS). */
  workers: number;
  /** ONNX Runtime intra-op threads per worker (MERIDIAN_SENTIMENT_ORT_THREADS). */
  ortThreads: number;
  /** Texts per worker task (MERIDIAN_SENTIMENT_BATCH). */
  batchSize: number;
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
}

export function defaultStateDir(): string {
  return join(projectRoot, 'state');
}

export function loadCoreConfig(env: NodeJS.ProcessEnv = process.env): CoreConfig {
  const cores = availableParallelism();
  return {
    grpcAddress: env['MERIDIAN_GRPC_ADDR'] || '127.0.0.1:50051',
    geoDbPath: resolve(env['MERIDIAN_GEO_DB'] || defaultGeoDbPath()),
    dbConnections: int('MERIDIAN_DB_CONNECTIONS', Math.max(2, cores), 1, 64),
    dbThreads: int('MERIDIAN_DB_THREADS', Math.max(1, cores), 1, 256),
    maxLimit: int('MERIDIAN_MAX_LIMIT', 1000, 1, 100000),
    pageTokenSecret: env['MERIDIAN_PAGE_TOKEN_SECRET'] || '',
    logLevel: env['MERIDIAN_LOG_LEVEL'] || 'info',
    stateDir: resolve(env['MERIDIAN_STATE_DIR'] || defaultStateDir()),
    sentiment: {
      workers: int('MERIDIAN_SENTIMENT_WORKERS', Math.max(1, Math.min(4, cores)), 1, 64),
      ortThreads: int('MERIDIAN_SENTIMENT_ORT_THREADS', 1, 1, 64),
      batchSize: int('MERIDIAN_SENTIMENT_BATCH', 256, 1, 4096),
      queueMax: int('MERIDIAN_SENTIMENT_QUEUE_MAX', 50_000, 1, 10_000_000),
      maxTextChars: int('MERIDIAN_SENTIMENT_MAX_TEXT_CHARS', 20_000, 1, 1_000_000),
      maxBatch: int('MERIDIAN_SENTIMENT_MAX_BATCH', 1000, 1, 100_000),
      maxAttempts: int('MERIDIAN_SENTIMENT_MAX_ATTEMPTS', 3, 1, 100),
      modelsDir: resolve(env['MERIDIAN_MODELS_DIR'] || join(projectRoot, 'models')),
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
