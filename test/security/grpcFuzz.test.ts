/**
 * Fuzzing the gRPC surface of a real core: random bytes as the request of
 * every unary method, malformed messages on every streaming method, messages
 * over the size limit, and random metadata. Every call ends (no hang) with a
 * status that is the caller's fault or success, never INTERNAL or UNKNOWN
 * (the gRPC 5xx), and the core stays healthy.
 */
import * as grpc from '@grpc/grpc-js';
import fc from 'fast-check';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageDefinition } from '../../src/grpc/protos.js';
import { loadCoreConfig } from '../../src/config.js';
import { maxRequestBytes } from '../../src/server.js';
import { credentialsFor } from '../support/coreTrust.js';

const address = inject('coreAddress');
const client = new grpc.Client(address, credentialsFor(address), { 'grpc.ssl_target_name_override': 'localhost', 'grpc.max_send_message_length': 256 * 1024 * 1024 });
afterAll(() => client.close());

const SERVER_FAULTS = new Set([grpc.status.INTERNAL, grpc.status.UNKNOWN, grpc.status.DATA_LOSS, grpc.status.DEADLINE_EXCEEDED]);
const defs = packageDefinition() as Record<string, Record<string, grpc.MethodDefinition<object, object>> | undefined>;
const methods = Object.entries(defs)
  .filter(([name]) => name.startsWith('meridian.'))
  .flatMap(([, d]) => Object.values(d ?? {}).filter((m) => typeof m?.path === 'string'));
const unary = methods.filter((m) => !m.requestStream && !m.responseStream);
const streaming = methods.filter((m) => m.requestStream);
const raw = (b: Buffer) => b;

function callUnary(path: string, payload: Buffer, metadata = new grpc.Metadata()): Promise<{ code: number; details: string }> {
  return new Promise((resolve) => {
    client.makeUnaryRequest(path, raw, raw, payload, metadata, { deadline: Date.now() + 10_000 }, (e) => resolve({ code: e?.code ?? grpc.status.OK, details: e?.details ?? '' }));
  });
}

function callStream(path: string, payloads: Buffer[]): Promise<{ code: number; details: string }> {
  return new Promise((resolve) => {
    const call = client.makeBidiStreamRequest(path, raw, raw, new grpc.Metadata(), { deadline: Date.now() + 10_000 });
    call.on('data', () => undefined);
    call.on('status', (s: grpc.StatusObject) => resolve({ code: s.code, details: s.details }));
    call.on('error', () => undefined);
    for (const p of payloads) call.write(p);
    call.end();
  });
}

describe('gRPC fuzzing', () => {
  it('answers random bytes on every unary method with a client-fault status, never a crash, 5xx or hang', { timeout: 240_000 }, async () => {
    expect(unary.length).toBeGreaterThan(30);
    const seen = new Map<number, number>();
    await fc.assert(fc.asyncProperty(fc.constantFrom(...unary), fc.uint8Array({ maxLength: 256 }), async (m, bytes) => {
      const r = await callUnary(m.path, Buffer.from(bytes));
      seen.set(r.code, (seen.get(r.code) ?? 0) + 1);
      expect(SERVER_FAULTS.has(r.code), `${m.path} ${Buffer.from(bytes).toString('hex')}: ${r.code} ${r.details}`).toBe(false);
    }), { numRuns: 600, seed: 14 });
    expect(seen.get(grpc.status.INVALID_ARGUMENT) ?? 0).toBeGreaterThan(0); // malformed protobuf is the caller's fault
  });

  it('refuses a string that runs past the end of its message INVALID_ARGUMENT (protobufjs cut it at the end)', async () => {
    const path = (service: string, method: string) => Object.values(defs[service] ?? {}).find((m) => m.path.endsWith(`/${method}`))!.path;
    // ListCities name_prefix (field 1) claiming 4,294,967,295 bytes, carrying 1
    expect((await callUnary(path('meridian.geo.v1.GeoService', 'ListCities'), Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x41]))).code).toBe(grpc.status.INVALID_ARGUMENT);
    // AnalyzeText text (field 1) claiming 1,000 bytes, carrying 19: was analysed and stored as the 19
    const text = Buffer.from('the service was gre');
    const r = await callUnary(path('meridian.sentiment.v1.SentimentService', 'AnalyzeText'), Buffer.concat([Buffer.from([0x0a, 0xe8, 0x07]), text]));
    expect(r.code, r.details).toBe(grpc.status.INVALID_ARGUMENT);
    // the same field with its true length is read
    expect((await callUnary(path('meridian.geo.v1.GeoService', 'ListCities'), Buffer.from([0x0a, 0x01, 0x41]))).code).toBe(grpc.status.OK);
  });

  it('ends a stream carrying a malformed message INVALID_ARGUMENT', { timeout: 60_000 }, async () => {
    expect(streaming.length).toBeGreaterThanOrEqual(2);
    for (const m of streaming) {
      const r = await callStream(m.path, [Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]), Buffer.from([0x0a, 0xff])]);
      expect(r.code, `${m.path}: ${r.details}`).toBe(grpc.status.INVALID_ARGUMENT);
    }
  });

  it('refuses a message over the size limit RESOURCE_EXHAUSTED', async () => {
    // the limit fits the largest batch the core's own limits accept (src/server.ts maxRequestBytes)
    const r = await callUnary(unary[0]!.path, Buffer.alloc(maxRequestBytes(loadCoreConfig()) + 1, 0x0a));
    expect(r.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
  });

  it('shrugs off random metadata, tenant included', { timeout: 120_000 }, async () => {
    const getCity = unary.find((m) => m.path.endsWith('/GetCity'))!;
    const key = fc.stringMatching(/^[a-z][a-z0-9_.-]{0,30}$/).filter((k) => !k.startsWith('grpc-') && !['te', 'content-type', 'user-agent', 'host', 'connection'].includes(k));
    await fc.assert(fc.asyncProperty(
      fc.array(fc.tuple(key, fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))), { maxLength: 8 }),
      fc.array(fc.tuple(key.map((k) => `${k}-bin`), fc.uint8Array({ maxLength: 300 })), { maxLength: 3 }),
      fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      async (text, binary, tenant) => {
        const md = new grpc.Metadata();
        for (const [k, v] of text) md.add(k, v);
        for (const [k, v] of binary) md.add(k, Buffer.from(v));
        md.set('x-meridian-tenant', tenant);
        const r = await callUnary(getCity.path, getCity.requestSerialize({ cityId: 5391959 }), md);
        expect(r.code, r.details).toBe(grpc.status.OK);
      }), { numRuns: 150, seed: 14 });
  });

  it('is still healthy afterwards; health, open to every peer, answers bytes that do not decode INVALID_ARGUMENT', async () => {
    const health = await callUnary('/grpc.health.v1.Health/Check', Buffer.alloc(0));
    expect(health.code).toBe(grpc.status.OK);
    const garbage = await callUnary('/grpc.health.v1.Health/Check', Buffer.from([0xff, 0xff, 0xff])); // was INTERNAL "Error deserializing request"
    expect(garbage.code, garbage.details).toBe(grpc.status.INVALID_ARGUMENT);
    expect((await callUnary('/grpc.health.v1.Health/Check', Buffer.from([0x0a, 0x04, ...Buffer.from('nope')]))).code).toBe(grpc.status.NOT_FOUND); // an unknown service, as before
  });
});
