/**
 * The sentiment service's health follows its shared PostgreSQL (src/db/postgres.ts onReachability, src/server.ts):
 * while the database does not answer, SentimentService is NOT_SERVING (its calls wait out the store's retries and may
 * fail) and turns SERVING again once it answers; geo and the overall '' stay SERVING, since every replica would fail
 * the same way and readiness on '' must not take them all out. Seen through the standard health Watch stream.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProto } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSentimentCore } from '../support/sentimentCore.js';
import { startTestPostgres, type TestPostgres } from '../support/postgres.js';
import { anonymousCredentialsFor } from '../support/coreTrust.js';
import { geoClient } from '../support/grpcClient.js';
import { PgDatabase } from '../../src/db/postgres.js';

type Watcher = grpc.ClientReadableStream<{ status: string }>;
interface HealthClient extends grpc.Client {
  watch(req: { service: string }): Watcher;
  check(req: { service: string }, cb: (e: grpc.ServiceError | null, r: { status: string }) => void): void;
}

describe('SentimentService health while its PostgreSQL is down', () => {
  let pg: TestPostgres;
  let url: string;
  let core: Awaited<ReturnType<typeof startSentimentCore>>;

  beforeAll(async () => {
    pg = await startTestPostgres();
    url = await pg.createDatabase('meridian_store_health');
    core = await startSentimentCore({ databaseUrl: url, workers: 1 });
  }, 120_000);

  afterAll(async () => {
    await core?.close();
    await pg?.close();
  });

  it('goes NOT_SERVING when the database stops and SERVING when it is back; geo and the overall status stay SERVING', { timeout: 90_000 }, async () => {
    const def = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, { enums: String })) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
    const health = new def.grpc.health.v1.Health(core.core.address, anonymousCredentialsFor(core.core.address)) as unknown as HealthClient;
    const check = (service: string) => new Promise<string>((resolve, reject) => health.check({ service }, (e, r) => (e ? reject(e) : resolve(r.status))));
    const seen: string[] = [];
    const waiters: { status: string; resolve: () => void }[] = [];
    const watch = health.watch({ service: 'meridian.sentiment.v1.SentimentService' });
    watch.on('data', (m: { status: string }) => {
      seen.push(m.status);
      for (const w of waiters.splice(0)) if (w.status === m.status) w.resolve(); else waiters.push(w);
    });
    watch.on('error', () => undefined);
    // the next status seen, or a failure naming it after 20 s (the LISTEN reconnect backs off to 2 s; the probe asks every second)
    const next = (status: string) => new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no ${status} within 20 s; seen ${seen.join(', ')}`)), 20_000);
      waiters.push({ status, resolve: () => { clearTimeout(t); resolve(); } });
    });
    try {
      await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe('SERVING');

      const down = next('NOT_SERVING');
      await pg.stop();
      await down;
      expect(await check('')).toBe('SERVING');
      expect(await check('meridian.geo.v1.GeoService')).toBe('SERVING');
      const geo = geoClient(core.core.address);
      expect((await geo.call<{ data: { name: string } }>('GetCity', { cityId: 2643743 })).data.name).toBe('London');
      geo.close();

      const back = next('SERVING');
      await pg.start();
      await back;
      expect(await check('meridian.sentiment.v1.SentimentService')).toBe('SERVING');
      expect(seen).toEqual(['SERVING', 'NOT_SERVING', 'SERVING']);
    } finally {
      watch.cancel();
      health.close();
    }
  });

  it('without a LISTEN connection, a failed statement starts a probe of its own: unreachable while it fails, reachable once it answers, nothing after close', { timeout: 60_000 }, async () => {
    const db = await PgDatabase.connect(url, { retryMs: 200 });
    const heard: [boolean, string][] = [];
    db.onReachability((ok, reason) => heard.push([ok, reason]));
    try {
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await pg.stop();
      await expect(db.query('SELECT 1')).rejects.toThrow();
      await expect.poll(() => heard.length, { timeout: 15_000 }).toBe(1);
      expect(heard[0]).toEqual([false, expect.stringMatching(/^PostgreSQL does not answer: /)]);
      // a watcher added while it is down hears so at once
      const late: boolean[] = [];
      db.onReachability((ok) => late.push(ok));
      expect(late).toEqual([false]);
      await pg.start();
      await expect.poll(() => heard.length, { timeout: 15_000 }).toBe(2); // no statement runs meanwhile: the probe finds it
      expect(heard[1]).toEqual([true, 'PostgreSQL answers again']);
      expect(late).toEqual([false, true]);
    } finally {
      await db.close();
    }
    await pg.stop();
    await new Promise((r) => setTimeout(r, 2500));
    expect(heard).toHaveLength(2); // closed: no probe runs, nothing is heard
    await pg.start();
  });
});
