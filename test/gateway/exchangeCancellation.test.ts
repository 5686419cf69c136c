/**
 * The gateway↔core exchange carries deadlines and cancellation: an HTTP client
 * that goes away cancels its call in the core (which then does not run it),
 * a call the core does not answer in time is a 504 in the envelope and is
 * cancelled in the core too, and a deadline that passes in the core is
 * answered DEADLINE_EXCEEDED there. The core runs in its own process so that
 * the test can freeze it (SIGSTOP) while a call waits in its socket: what the
 * core did is read from its own counters (/metrics), not inferred from timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreProcess, type CoreChild } from '../support/coreChild.js';
import { eventually, startTestGateway, type TestGateway } from '../support/gateway.js';
import { credentialsFor } from '../support/coreTrust.js';
import { clientConstructor, packageDefinition } from '../../src/grpc/protos.js';

let core: CoreChild;
let stateDir: string;
let gw: TestGateway;

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'meridian-xchg-'));
  core = await startCoreProcess(stateDir);
  gw = await startTestGateway({ coreAddress: core.address });
}, 120_000);

afterAll(async () => {
  await gw?.close();
  if (core) {
    process.kill(core.child.pid!, 'SIGCONT');
    core.child.kill('SIGTERM');
    if (core.child.exitCode === null) await once(core.child, 'exit');
  }
  rmSync(stateDir, { recursive: true, force: true });
}, 60_000);

/** A counter of the core, as the gateway's /metrics shows it (the core's figures are fetched over gRPC at each scrape). */
async function coreCounter(name: string, labels = ''): Promise<number> {
  const text = (await gw.get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** Runs `fn` while the core process is frozen: calls sent meanwhile wait in its socket. */
async function withCoreFrozen<T>(fn: () => Promise<T>): Promise<T> {
  process.kill(core.child.pid!, 'SIGSTOP');
  try { return await fn(); } finally { process.kill(core.child.pid!, 'SIGCONT'); }
}

const CANCELLED_BEFORE_START = ['meridian_core_calls_cancelled_total', '{stage="before_start"}'] as const;

describe('cancellation over the exchange', () => {
  it('a client that disconnects cancels its call in the core, which then does not run it', async () => {
    expect((await gw.get('/v1/geo/cities/5391959')).status).toBe(200); // the exchange stream is open
    const before = await coreCounter(...CANCELLED_BEFORE_START);
    const abandonedBefore = gw.gateway.core.cancelled.abandoned;
    await withCoreFrozen(async () => {
      const ac = new AbortController();
      const request = fetch(`${gw.url}/v1/geo/cities?namePrefix=Spring&limit=5`, { headers: { 'X-Gateway-Key': gw.key }, signal: ac.signal }).then(() => 'answered', () => 'aborted');
      await eventually(async () => gw.gateway.core.callsInFlight === 1);
      ac.abort();
      expect(await request).toBe('aborted');
      await eventually(async () => gw.gateway.core.cancelled.abandoned === abandonedBefore + 1); // the gateway sent the cancel
      expect(gw.gateway.core.callsInFlight).toBe(0);
    });
    await eventually(async () => (await coreCounter(...CANCELLED_BEFORE_START)) === before + 1, 10_000, 50);
    // the stream stays usable
    expect((await gw.get('/v1/geo/cities/5391959')).status).toBe(200);
  }, 30_000);

  it('a call the core does not answer within the gateway timeout is a 504 DEADLINE_EXCEEDED, and the core drops it', async () => {
    const hasty = await startTestGateway({ coreAddress: core.address, coreTimeoutMs: 400 });
    try {
      expect((await hasty.get('/v1/geo/cities/5391959')).status).toBe(200);
      const before = await coreCounter(...CANCELLED_BEFORE_START);
      const res = await withCoreFrozen(() => hasty.get('/v1/geo/cities/5391959'));
      expect(res.status).toBe(504);
      expect(res.body).toMatchObject({ errors: [{ code: 'SERVICE_UNAVAILABLE', type: 'DEADLINE_EXCEEDED', message: expect.stringMatching(/within 400 ms/) }] });
      expect(hasty.gateway.core.cancelled.deadline).toBe(1);
      await eventually(async () => (await coreCounter(...CANCELLED_BEFORE_START)) === before + 1, 10_000, 50);
    } finally { await hasty.close(); }
  }, 30_000);
});

describe('deadlines in the core', () => {
  interface Result { id: number; statusCode: number; statusMessage: string; payload: Buffer }
  const Exchange = clientConstructor('meridian.exchange.v1.CoreExchange');
  const list = (packageDefinition()['meridian.geo.v1.GeoService'] as Record<string, { path: string; requestSerialize: (v: unknown) => Buffer }>)['ListPlaces']!;

  it('a call whose deadline passes before its handler answers gets DEADLINE_EXCEEDED; the same call with time enough is answered', async () => {
    const client = new Exchange(core.address, credentialsFor(core.address)) as unknown as grpc.Client & { Exchange: () => grpc.ClientDuplexStream<unknown, { results: Result[] }> };
    const stream = client.Exchange();
    const results = new Map<number, Result>();
    const all = new Promise<void>((resolve, reject) => {
      stream.on('data', (m: { results: Result[] }) => { for (const r of m.results) results.set(Number(r.id), r); if (results.size === 2) resolve(); });
      stream.on('error', reject);
    });
    const before = await coreCounter('meridian_core_calls_deadline_exceeded_total');
    // every place on Earth, sorted by distance: far longer than 1 ms of work
    const payload = list.requestSerialize({ location: '+00.0000+000.0000', radius: 30000, distanceUnit: 'KM', limit: 100 });
    stream.write({ calls: [{ id: 1, method: list.path, payload, timeoutMs: 1 }, { id: 2, method: list.path, payload, timeoutMs: 60_000 }] });
    await all;
    stream.end();
    client.close();
    expect(results.get(1)).toMatchObject({ statusCode: grpc.status.DEADLINE_EXCEEDED, statusMessage: expect.stringMatching(/deadline passed/) });
    expect(results.get(2)!.statusCode).toBe(grpc.status.OK);
    expect(await coreCounter('meridian_core_calls_deadline_exceeded_total')).toBe(before + 1);
  }, 30_000);
});

describe('backpressure on the exchange stream', () => {
  interface Result { id: number; statusCode: number }
  const Exchange = clientConstructor('meridian.exchange.v1.CoreExchange');
  const list = (packageDefinition()['meridian.geo.v1.GeoService'] as Record<string, { path: string; requestSerialize: (v: unknown) => Buffer }>)['ListPlaces']!;

  it('a reader that does not read stops the core reading more calls (its answers do not pile up), and every call is answered once it reads', async () => {
    const client = new Exchange(core.address, credentialsFor(core.address)) as unknown as grpc.Client & { Exchange: () => grpc.ClientDuplexStream<unknown, { results: Result[] }> };
    const stream = client.Exchange();
    const N = 20_000;
    const readBefore = await coreCounter('meridian_exchange_calls_read_total');
    // answers of ~100 places each (tens of kB): 20,000 of them would be far more than any transport buffer holds
    const payload = list.requestSerialize({ location: '+48.8566+002.3522', radius: 500, distanceUnit: 'KM', limit: 100 });
    for (let id = 1; id <= N; id += 8) {
      stream.write({ calls: Array.from({ length: Math.min(8, N - id + 1) }, (_, k) => ({ id: id + k, method: list.path, payload, timeoutMs: 600_000 })) });
    }
    // nobody reads: the core reads calls until the answers it cannot send fill the transport, then stops
    let last = -1;
    let steady = 0;
    await eventually(async () => {
      const read = (await coreCounter('meridian_exchange_calls_read_total')) - readBefore;
      steady = read === last && read > 0 ? steady + 1 : 0;
      last = read;
      return steady >= 4;
    }, 20_000, 250);
    expect(last).toBeGreaterThan(0);
    expect(last).toBeLessThan(N / 4);
    // now read: every call gets its answer, none lost
    const seen = new Set<number>();
    let failed = 0;
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (m: { results: Result[] }) => {
        for (const r of m.results) { seen.add(Number(r.id)); if (r.statusCode !== grpc.status.OK) failed++; }
        if (seen.size === N) resolve();
      });
      stream.on('error', reject);
    });
    expect(failed).toBe(0);
    expect((await coreCounter('meridian_exchange_calls_read_total')) - readBefore).toBe(N);
    stream.end();
    client.close();
  }, 120_000);
});
