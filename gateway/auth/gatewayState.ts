/**
 * Where the gateway keeps keys and counts rate limits: with MERIDIAN_DATABASE_URL,
 * on PostgreSQL, shared by every gateway replica; otherwise in the embedded DuckDB
 * file of the state folder and in this process's memory.
 */
import type { GatewayConfig } from '../config.js';
import { KeyStore, type ApiKeyStore } from './keyStore.js';
import { RateLimiter, type RateCounter } from './rateLimiter.js';

export interface GatewayState {
  keyStore: ApiKeyStore;
  rateCounter: RateCounter;
  close(): Promise<void>;
}

export async function openGatewayState(config: Pick<GatewayConfig, 'stateDir' | 'databaseUrl' | 'rateClock'>, onError: (e: unknown) => void): Promise<GatewayState> {
  if (!config.databaseUrl) return { keyStore: new KeyStore(config.stateDir), rateCounter: new RateLimiter(), close: async () => undefined };
  // loaded only here: the pg driver is ~70 ms of every start that does not use it
  const [{ PostgresKeyStore, openGatewayDatabase }, { PostgresRateCounter }] = await Promise.all([import('./postgresKeyStore.js'), import('./postgresRateCounter.js')]);
  const pool = await openGatewayDatabase(config.databaseUrl, onError);
  const rateCounter = new PostgresRateCounter(pool, onError, { clock: config.rateClock });
  return {
    keyStore: new PostgresKeyStore(pool, config.stateDir),
    rateCounter,
    close: async () => {
      rateCounter.stop();
      await pool.end();
    },
  };
}
