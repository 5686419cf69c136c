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
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

/**
 * Runs `fn` while the core process is frozen: what gateways send meanwhile
 * waits in its socket. Before the core resumes, the gateways' cancels (written
 * at the end of the turn that gave the call up) have reached the socket:
 * their exchange streams wrote them, and the HTTP/2 session, which writes on
 * a later turn of the event loop, has had those turns.
 */
async function withCoreFrozen<T>(fn: () => Promise<T>, ...gateways: TestGateway[]): Promise<T> {
  process.kill(core.child.pid!, 'SIGSTOP');
  try {
    return await fn();
  } finally {
    for (const g of gateways) {
      const { abandoned, deadline } = g.gateway.core.cancelled;
      await eventually(async () => g.gateway.core.cancelsSent >= abandoned + deadline);
    }
    for (let turn = 0; turn < 5; turn++) await new Promise((r) => setImmediate(r));
    process.kill(core.child.pid!, 'SIGCONT');
  }
}

const CANCELLED_BEFORE_START = ['meridian_core_calls_cancelled_total', '{stage="before_start"}'] as const;

describe('cancellation over the exchange', () => {
  it('a client that disconnects cancels its call in the core, which then does not run it', async () => {
    expect((await gw.get('/v1/geo/cities/5391959')).status).toBe(200); // the exchange stream is open
    const before = await coreCounter(...CANCELLED_BEFORE_START);
    const abandonedBefore = gw.gateway.core.cancelled.abandoned;
    await withCoreFrozen(async () => {
      const ac = new AbortController();
      const sent = gw.gateway.core.callsSent;
      const request = fetch(`${gw.url}/v1/geo/cities?namePrefix=Spring&limit=5`, { headers: { 'X-Gateway-Key': gw.key }, signal: ac.signal }).then(() => 'answered', () => 'aborted');
      await eventually(async () => gw.gateway.core.callsInFlight === 1 && gw.gateway.core.callsSent === sent + 1); // on its way to the core
      ac.abort();
      expect(await request).toBe('aborted');
      await eventually(async () => gw.gateway.core.cancelled.abandoned === abandonedBefore + 1); // the gateway sent the cancel
      expect(gw.gateway.core.callsInFlight).toBe(0);
    }, gw);
    await eventually(async () => (await coreCounter(...CANCELLED_BEFORE_START)) === before + 1, 10_000, 50);
    // the stream stays usable
    expect((await gw.get('/v1/geo/cities/5391959')).status).toBe(200);
  }, 30_000);

  it('a GraphQL request whose client disconnects cancels its core calls too', async () => {
    const before = await coreCounter(...CANCELLED_BEFORE_START);
    const abandonedBefore = gw.gateway.core.cancelled.abandoned;
    await withCoreFrozen(async () => {
      const ac = new AbortController();
      const sent = gw.gateway.core.callsSent;
      const request = fetch(`${gw.url}/graphql`, {
        method: 'POST', headers: { 'X-Gateway-Key': gw.key, 'content-type': 'application/json' }, signal: ac.signal,
        body: JSON.stringify({ query: '{ a: populatedPlace(id: "5391959") { name } b: populatedPlace(id: "2988507") { name } }' }),
      }).then(() => 'answered', () => 'aborted');
      await eventually(async () => gw.gateway.core.callsInFlight === 2 && gw.gateway.core.callsSent === sent + 2); // on their way to the core
      ac.abort();
      expect(await request).toBe('aborted');
      await eventually(async () => gw.gateway.core.cancelled.abandoned === abandonedBefore + 2);
    }, gw);
    await eventually(async () => (await coreCounter(...CANCELLED_BEFORE_START)) === before + 2, 10_000, 50);
  }, 30_000);

  it('a call the core does not answer within the gateway timeout is a 504 DEADLINE_EXCEEDED, and the core drops it', async () => {
    const hasty = await startTestGateway({ coreAddress: core.address, coreTimeoutMs: 400 });
    try {
      expect((await hasty.get('/v1/geo/cities/5391959')).status).toBe(200);
      const before = await coreCounter(...CANCELLED_BEFORE_START);
      // another city: the first one's answer is kept by its request (gateway/keptAnswers.ts) and needs no core call
      const res = await withCoreFrozen(() => hasty.get('/v1/geo/cities/5128581'), hasty);
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
  const geoMethod = (name: string) => (packageDefinition()['meridian.geo.v1.GeoService'] as Record<string, { path: string; requestSerialize: (v: unknown) => Buffer }>)[name]!;

  it('a slow reader does not make the core hold more answers: it stops reading calls until they drain, and every call is answered', async () => {
    const N = 2_000;
    // cheap to answer, large answers: the details of 100 cities each (tens of kB), 8 per message
    const page = (await gw.get('/v1/geo/cities?nearLocation=%2B48.8566%2B002.3522&nearLocationRadius=200&limit=100')).body as { data: { id: number }[] };
    expect(page.data.length).toBe(100);
    const batch = geoMethod('BatchGetCities');
    const payload = batch.requestSerialize({ cityIds: page.data.map((c) => c.id) });
    // 25 ms per answer message: the core answers several times faster than this reader reads
    const reader = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'exchangeReader.ts'), core.address, stateDir, String(N), payload.toString('hex'), batch.path, '25'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = await once(createInterface({ input: reader.stdout! }), 'line') as [string];
      expect(JSON.parse(line)).toEqual({ answered: N, failed: 0 }); // nothing lost
      // without backpressure the core would have queued most of the N / 8 = 250 answer messages for this reader
      const held = await coreCounter('meridian_exchange_answer_messages_waiting_max');
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThanOrEqual(64); // 256 calls held at most (32 messages), plus the transport's buffer of 16
    } finally {
      reader.kill('SIGTERM');
    }
  }, 120_000);
});
