/**
 * The core's two transports of one call contract (src/grpc/callContext.ts): the
 * same requests as plain unary gRPC calls and as calls on the CoreExchange
 * stream give the same bytes, the same errors (code, message and ErrorInfo
 * reason), the same caller, the same deadlines and the same cancellations.
 *
 * Answers and errors come from the real core of globalSetup (every service,
 * mutual TLS). Deadlines and cancellations need a handler that is still
 * running when the test acts, so those cases serve the GeoService contract
 * from handlers the test holds open, through the real registry, runner and
 * both adapters on a real gRPC server (plaintext on loopback, as
 * `--plaintext` runs it: every caller is the local gateway).
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packageDefinition, serviceDefinition } from '../../src/grpc/protos.js';
import { credentialsFor } from '../support/grpcClient.js';
import { decodeGrpcError } from '../../src/grpc/status.js';
import { ServiceRegistry } from '../../src/grpc/serviceRegistry.js';
import { Authenticator } from '../../src/grpc/authentication.js';
import { addExchangeService } from '../../src/grpc/exchange.js';
import { CoreCall, type CallContext, type Handler } from '../../src/grpc/callContext.js';
import { runCall } from '../../src/grpc/callRunner.js';
import { callRegistry } from '../../src/grpc/callMetrics.js';
import { exchangeWire } from '../../proto/contract/exchange.js';
import type { GeoServiceHandlers } from '../../proto/contract/generated/meridian/geo/v1/GeoService.js';

interface Method { path: string; requestSerialize: (v: unknown) => Buffer; responseSerialize: (v: unknown) => Buffer; responseDeserialize: (b: Buffer) => unknown }
const method = (service: string, name: string) => (packageDefinition()[service] as unknown as Record<string, Method>)[name]!;
const GEO = 'meridian.geo.v1.GeoService';

/** What a call ended with, as a client of either transport sees it. */
interface Outcome { code: number; message?: string; reason?: string; payload?: Buffer }

const bytes = (b: Buffer) => b;

/** Two clients of one core: unary calls with pass-through coding (the bytes as sent), and one exchange stream. */
function transports(address: string, credentials: grpc.ChannelCredentials) {
  const client = new grpc.Client(address, credentials, /^127\./.test(address) ? { 'grpc.ssl_target_name_override': 'localhost' } : {});
  const unary = (path: string, payload: Buffer, o: { tenant?: string; deadline?: number; call?: (c: grpc.ClientUnaryCall) => void } = {}): Promise<Outcome> => new Promise((resolve) => {
    const metadata = new grpc.Metadata();
    if (o.tenant) metadata.set('x-meridian-tenant', o.tenant);
    const c = client.makeUnaryRequest(path, bytes, bytes, payload, metadata, o.deadline ? { deadline: o.deadline } : {}, (e, v) => {
      if (!e) { resolve({ code: grpc.status.OK, payload: v }); return; }
      const d = decodeGrpcError(e);
      resolve({ code: d.code, message: d.message, ...(d.reason ? { reason: d.reason } : {}) });
    });
    o.call?.(c);
  });
  const stream = client.makeBidiStreamRequest('/meridian.exchange.v1.CoreExchange/Exchange', exchangeWire.encodeRequest as (v: object) => Buffer, exchangeWire.decodeResponse);
  const waiting = new Map<number, (o: Outcome) => void>();
  const answered = new Set<number>();
  stream.on('data', (m: { results: { id: number; statusCode: number; statusMessage: string; statusDetails: Buffer; payload: Buffer }[] }) => {
    for (const r of m.results) {
      answered.add(r.id);
      const md = new grpc.Metadata();
      if (r.statusDetails.length) md.set('grpc-status-details-bin', r.statusDetails);
      const d = decodeGrpcError({ code: r.statusCode, details: r.statusMessage, metadata: md } as grpc.ServiceError);
      waiting.get(r.id)?.(r.statusCode === grpc.status.OK ? { code: 0, payload: r.payload } : { code: d.code, message: d.message, ...(d.reason ? { reason: d.reason } : {}) });
    }
  });
  stream.on('error', () => undefined);
  let seq = 0;
  const exchange = (path: string, payload: Buffer, o: { tenant?: string; timeoutMs?: number; id?: number } = {}): Promise<Outcome> => new Promise((resolve) => {
    const id = o.id ?? ++seq;
    waiting.set(id, resolve);
    stream.write({ calls: [{ id, method: path, payload, timeoutMs: o.timeoutMs ?? 60_000, ...(o.tenant ? { tenant: o.tenant } : {}) }] });
  });
  return { unary, exchange, stream, answered, nextId: () => ++seq, close: () => { stream.end(); client.close(); } };
}

describe('the same answers and errors through both transports (the core of globalSetup)', () => {
  const address = inject('coreAddress');
  const t = transports(address, credentialsFor(address));
  afterAll(() => t.close());

  const cases: [string, string, unknown, string?][] = [
    [GEO, 'GetCity', { cityId: 5391959 }],
    [GEO, 'GetCity', { cityId: 2867714, languageCode: 'de' }],
    [GEO, 'ListCities', { namePrefix: 'Spring', limit: 5 }],
    [GEO, 'ListCitiesNearLocation', { location: '+48.8566+002.3522', radius: 50, distanceUnit: 'KM', limit: 10 }],
    [GEO, 'GetCountry', { countryCode: 'FR' }],
    [GEO, 'GetCity', { cityId: 1 }], // NOT_FOUND
    [GEO, 'ListCities', { countryIds: ['US'], excludedCountryIds: ['CA'] }], // PARAMS_MUTUALLY_EXCLUSIVE
    [GEO, 'ListCitiesNearLocation', { location: 'north' }], // PARAM_INVALID
    ['meridian.locale.v1.LocaleService', 'GetTimeZone', { zoneId: 'Europe/Paris' }],
    ['meridian.locale.v1.LocaleService', 'GetTimeZone', { zoneId: 'No/Such_Zone' }],
    ['meridian.sentiment.v1.SentimentService', 'ListJobs', { pageSize: 5 }, 'tenant-adapters'],
    ['meridian.sentiment.v1.SentimentService', 'GetJob', { id: 'not-a-uuid' }, 'tenant-adapters'],
    // a gateway certificate may issue role internal only: PERMISSION_DENIED, the caller's role read from the context
    ['meridian.certificates.v1.CertificateService', 'IssueClientCertificate', { role: 'admin', commonName: 'x' }],
  ];

  for (const [service, name, request, tenant] of cases) {
    it(`${name}(${JSON.stringify(request)}): identical bytes, or identical code, message and reason`, async () => {
      const m = method(service, name);
      const payload = m.requestSerialize(request);
      const [u, x] = await Promise.all([t.unary(m.path, payload, { tenant }), t.exchange(m.path, payload, { tenant })]);
      if (name === 'ListJobs' && u.code === grpc.status.OK && x.code === grpc.status.OK) {
        // the queue's depth is the whole queue's, live (other test files submit meanwhile): the rest is the same message
        const live = (o: Outcome) => { const r = m.responseDeserialize(o.payload!) as { metadata?: { queueDepth?: unknown } }; delete r.metadata?.queueDepth; return r; };
        expect(live(x)).toEqual(live(u));
      } else expect(x).toEqual(u);
      if (u.code === grpc.status.OK) expect(m.responseDeserialize(u.payload!)).toBeTruthy();
      else expect(u.reason).toMatch(/^[A-Z_]+$/); // every error carries its reason on both
    });
  }

  it('a request that is not a valid message: INVALID_ARGUMENT, PARAM_INVALID, the same words on both', async () => {
    const path = method(GEO, 'GetCity').path;
    const junk = Buffer.from([0xff, 0xff, 0xff]);
    const [u, x] = await Promise.all([t.unary(path, junk), t.exchange(path, junk)]);
    expect(u).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, reason: 'PARAM_INVALID', message: expect.stringMatching(/not a valid protobuf message/) });
    expect(x).toEqual(u);
  });

  it('a deadline that passes while the core works is DEADLINE_EXCEEDED on both', async () => {
    const m = method(GEO, 'ListPlaces');
    // every place on Earth, sorted by distance: far longer than 1 ms of work
    const payload = m.requestSerialize({ location: '+00.0000+000.0000', radius: 30000, distanceUnit: 'KM', limit: 100 });
    const [u, x] = await Promise.all([t.unary(m.path, payload, { deadline: Date.now() + 1 }), t.exchange(m.path, payload, { timeoutMs: 1 })]);
    expect(u.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(x.code).toBe(grpc.status.DEADLINE_EXCEEDED);
    // with time enough, both answer the same page
    const [u2, x2] = await Promise.all([t.unary(m.path, payload), t.exchange(m.path, payload)]);
    expect(x2).toEqual(u2);
    expect(u2.code).toBe(grpc.status.OK);
  }, 30_000);
});

/** A counter of this process's core (the in-process server below). */
async function counter(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = callRegistry.getSingleMetric(name);
  const values = (await metric?.get())?.values ?? [];
  return values.filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l)).reduce((n, v) => n + v.value, 0);
}

describe('deadlines and cancellations through both transports (handlers held open by the test)', () => {
  /** GetCountry's calls as the handler saw them; each waits until `release` is called or its signal aborts. */
  const seen: { context: CallContext; aborted: Promise<unknown>; release: () => void }[] = [];
  const held: Handler<unknown, unknown> = (_request, context) => new Promise((resolve) => {
    const aborted = new Promise((r) => context.signal.addEventListener('abort', () => { r(context.signal.reason); resolve({ data: { code: 'XX' } }); }));
    seen.push({ context, aborted, release: () => resolve({ data: { code: 'FR', name: 'France' } }) });
  });
  let server: grpc.Server;
  let t: ReturnType<typeof transports>;
  const getCountry = method(GEO, 'GetCountry');
  const payload = getCountry.requestSerialize({ countryCode: 'FR' });

  beforeAll(async () => {
    server = new grpc.Server();
    const registry = new ServiceRegistry(server, new Authenticator(null));
    const handlers = Object.fromEntries(Object.keys(serviceDefinition(GEO)).map((name) => [name, held]));
    registry.add<GeoServiceHandlers>(serviceDefinition(GEO), handlers as never);
    addExchangeService(registry);
    const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))));
    t = transports(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  });
  afterAll(() => { t?.close(); server?.forceShutdown(); });

  /** The next call the handler sees. */
  const nextSeen = async (n: number) => {
    const deadline = Date.now() + 10_000;
    while (seen.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    return seen[n - 1]!;
  };

  it('the handler gets the same caller and deadline from both, and both answer the same bytes', async () => {
    const before = seen.length;
    const at = Date.now();
    const u = t.unary(getCountry.path, payload, { tenant: 'key-7', deadline: at + 30_000 });
    const first = await nextSeen(before + 1);
    const x = t.exchange(getCountry.path, payload, { tenant: 'key-7', timeoutMs: 30_000 });
    const second = await nextSeen(before + 2);
    for (const s of [first, second]) {
      expect(s.context.caller).toMatchObject({ tenant: 'key-7', admin: false, identity: { role: 'gateway' } });
      expect(s.context.method).toBe(getCountry.path);
      expect(s.context.deadline).toBeGreaterThanOrEqual(at + 29_000);
      expect(s.context.deadline).toBeLessThanOrEqual(Date.now() + 30_000);
    }
    first.release();
    second.release();
    const [a, b] = await Promise.all([u, x]);
    expect(a).toMatchObject({ code: grpc.status.OK });
    expect(b).toEqual(a);
  });

  it('a deadline that passes while the handler runs: DEADLINE_EXCEEDED on both, the handler\'s signal aborts, each call counted once', async () => {
    const deadlines = await counter('meridian_core_calls_deadline_exceeded_total');
    const cancels = await counter('meridian_core_calls_cancelled_total', { stage: 'while_running' });
    const before = seen.length;
    const u = t.unary(getCountry.path, payload, { deadline: Date.now() + 300 });
    const first = await nextSeen(before + 1);
    const x = t.exchange(getCountry.path, payload, { timeoutMs: 300 });
    const second = await nextSeen(before + 2);
    expect((await u).code).toBe(grpc.status.DEADLINE_EXCEEDED);
    expect(await x).toMatchObject({ code: grpc.status.DEADLINE_EXCEEDED, message: expect.stringMatching(/deadline passed in the core/) });
    expect(await second.aborted).toBe('deadline'); // the core's own deadline
    // grpc-js's client gives up at its deadline and resets the stream; the core takes that reset for the deadline when
    // it comes within DEADLINE_SLACK_MS of its own, which a loaded machine's transit can exceed: then it is a cancel
    expect(['deadline', 'cancelled']).toContain(await first.aborted);
    await new Promise((r) => setTimeout(r, 50)); // the unary call's deadline as grpc-js's own server timer saw it, too
    const counted = (await counter('meridian_core_calls_deadline_exceeded_total')) - deadlines;
    expect(counted).toBeGreaterThanOrEqual(1);
    expect(counted + (await counter('meridian_core_calls_cancelled_total', { stage: 'while_running' })) - cancels).toBe(2);
  });

  it('a call cancelled while its handler runs: the handler\'s signal aborts, its answer is dropped, counted while_running on both', async () => {
    const counted = await counter('meridian_core_calls_cancelled_total', { stage: 'while_running' });
    const before = seen.length;
    let unaryCall: grpc.ClientUnaryCall | undefined;
    const u = t.unary(getCountry.path, payload, { call: (c) => { unaryCall = c; } });
    const first = await nextSeen(before + 1);
    unaryCall!.cancel();
    expect(await first.aborted).toBe('cancelled');
    expect((await u).code).toBe(grpc.status.CANCELLED);

    const id = t.nextId();
    void t.exchange(getCountry.path, payload, { id });
    const second = await nextSeen(before + 2);
    t.stream.write({ cancelIds: [id] });
    expect(await second.aborted).toBe('cancelled');
    // a later call on the same stream is answered; the cancelled one never is
    const later = t.exchange(getCountry.path, payload);
    (await nextSeen(before + 3)).release();
    expect((await later).code).toBe(grpc.status.OK);
    expect(t.answered.has(id)).toBe(false);
    expect(await counter('meridian_core_calls_cancelled_total', { stage: 'while_running' })).toBe(counted + 2);
  });

  it('an exchanged call cancelled before its turn is not started, and counted before_start', async () => {
    const counted = await counter('meridian_core_calls_cancelled_total', { stage: 'before_start' });
    const before = seen.length;
    const id = t.nextId();
    void t.exchange(getCountry.path, payload, { id });
    t.stream.write({ cancelIds: [id] }); // the same turn: read before the call's turn to start comes
    const later = t.exchange(getCountry.path, payload);
    (await nextSeen(before + 1)).release();
    expect((await later).code).toBe(grpc.status.OK);
    expect(seen.length).toBe(before + 1); // only the later call reached the handler
    expect(t.answered.has(id)).toBe(false);
    expect(await counter('meridian_core_calls_cancelled_total', { stage: 'before_start' })).toBe(counted + 1);
  });

  it('the runner (both transports\' one path) does not start a call ended before its turn, nor one whose deadline passed', async () => {
    const counted = { cancelled: await counter('meridian_core_calls_cancelled_total', { stage: 'before_start' }), deadline: await counter('meridian_core_calls_deadline_exceeded_total') };
    let started = 0;
    const m = { path: getCountry.path, decode: (b: Buffer) => b, encode: (v: unknown) => v as Buffer, handler: () => { started++; return Buffer.alloc(0); } };
    const gone = new CoreCall(m.path, Infinity, undefined, undefined);
    gone.cancel();
    const late = new CoreCall(m.path, Date.now() - 1, undefined, undefined);
    const answers: (number | null)[] = [];
    runCall(m, Buffer.alloc(0), gone, (st) => answers.push(st ? st.code : null));
    runCall(m, Buffer.alloc(0), late, (st) => answers.push(st ? st.code : null));
    expect(started).toBe(0);
    expect(answers).toEqual([grpc.status.CANCELLED, grpc.status.DEADLINE_EXCEEDED]);
    expect(await counter('meridian_core_calls_cancelled_total', { stage: 'before_start' })).toBe(counted.cancelled + 1);
    expect(await counter('meridian_core_calls_deadline_exceeded_total')).toBe(counted.deadline + 1);
  });
});
