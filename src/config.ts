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
  };
}
