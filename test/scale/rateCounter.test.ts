/**
 * The shared rate counter on a real PostgreSQL (gateway/auth/postgresRateCounter.ts):
 * exact under a concurrent burst from two gateways' pools, and its increment's relaxed
 * commit (synchronous_commit off) held to that statement's own transaction, so that the
 * same connection's later statements (key creation, revocation) stay durable.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { openGatewayDatabase } from '../../gateway/auth/postgresKeyStore.js';
import { PostgresRateCounter, WINDOW_MS } from '../../gateway/auth/postgresRateCounter.js';
import { PostgresKeyStore } from '../../gateway/auth/postgresKeyStore.js';
import { KeyRing } from '../../gateway/auth/keyRing.js';
import { Guard, UNLIMITED_RATE } from '../../gateway/auth/guard.js';
import { isHttpError } from '../../gateway/httpError.js';

let postgres: TestPostgres;
let url: string;

/**
 * A pool for these tests, as the gateway makes its own (postgresKeyStore.ts): with an 'error' listener. pool.end()
 * resolves before its sockets have closed, so PostgreSQL's shutdown in afterAll could reach a closing connection
 * (57P01, "terminating connection due to administrator command"), and a pool without a listener threw it unhandled
 * (CI, 2026-12-07).
 */
function testPool(max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

beforeAll(async () => {
  postgres = await startTestPostgres();
  url = await postgres.createDatabase('ratecounter');
  await (await openGatewayDatabase(url, () => undefined)).end(); // the gateway's tables
}, 60_000);
afterAll(async () => { await postgres?.close(); });

describe('the PostgreSQL rate counter', () => {
  for (const durable of [false, true]) {
    it(`grants exactly the limit to a concurrent burst from two pools (${durable ? 'durable' : 'relaxed'} commit)`, { timeout: 30_000 }, async () => {
      // the windows are aligned to the clock: a burst that crosses a boundary is counted in two windows (CI once
      // granted 39 of 35 that way), so both counters read one instant in the middle of the current window
      const midWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + WINDOW_MS / 2;
      const pools = [0, 1].map(() => testPool(8));
      const counters = pools.map((p) => new PostgresRateCounter(p, () => undefined, { durable, clock: () => midWindow }));
      try {
        const key = `burst-${durable}`;
        const decisions = await Promise.all(Array.from({ length: 90 }, (_, i) => counters[i % 2]!.take(key, 35)));
        const granted = decisions.filter((d) => d.allowed);
        expect(granted).toHaveLength(35);
        expect(new Set(granted.map((d) => d.remaining)).size).toBe(35); // each count handed out once
        expect(decisions.filter((d) => !d.allowed).every((d) => d.remaining === 0 && d.limit === 35)).toBe(true);
      } finally {
        for (const c of counters) c.stop();
        for (const p of pools) await p.end();
      }
    });
  }

  it('admits a key without a limit when the shared counter does not answer; a key with one gets 503 (every key did)', { timeout: 30_000 }, async () => {
    const pool = testPool(2);
    const keysDir = mkdtempSync(join(tmpdir(), 'meridian-ratekeys-'));
    const store = new PostgresKeyStore(pool, keysDir);
    const free = await store.create({ name: 'free', scopes: ['*'] });
    const limited = await store.create({ name: 'limited', scopes: ['*'], rateLimit: 100 });
    const ring = new KeyRing(store, () => undefined);
    await ring.reload();
    // the counter's own pool, then the database out of reach for it: what a PostgreSQL outage looks like to it
    const counterPool = testPool(2);
    const counter = new PostgresRateCounter(counterPool, () => undefined);
    const guard = new Guard(ring, counter, 0);
    try {
      const up = await guard.admit({ 'x-gateway-key': limited.key }, 'geo:read');
      expect(up.headers['x-ratelimit-limit']).toBe('100');
      await counterPool.end();
      const freeAdmitted = await guard.admit({ 'x-gateway-key': free.key }, 'geo:read');
      expect(freeAdmitted.headers['x-ratelimit-limit']).toBe(String(UNLIMITED_RATE));
      const refused = await Promise.resolve().then(() => guard.admit({ 'x-gateway-key': limited.key }, 'geo:read')).then(() => undefined, (e: unknown) => e);
      expect(isHttpError(refused) && refused.status).toBe(503);
    } finally {
      counter.stop();
      await pool.end();
      rmSync(keysDir, { recursive: true, force: true });
    }
  });

  it('relaxes the commit of its own statement only: the connection stays durable for what runs next', async () => {
    const pool = testPool(1); // one connection: the next statement runs on it
    const counter = new PostgresRateCounter(pool, () => undefined);
    try {
      expect((await counter.take('one-connection', 10)).allowed).toBe(true);
      expect((await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit).toBe('on');
      const inside = await pool.query<{ v: string }>(`WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS v) SELECT v FROM relaxed`);
      expect(inside.rows[0]!.v).toBe('off'); // the form the counter uses does take effect inside its statement
      expect((await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!.synchronous_commit).toBe('on');
    } finally {
      counter.stop();
      await pool.end();
    }
  });
});
