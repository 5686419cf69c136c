/**
 * Health answers callers without a client certificate, and a Watch of a service the core has stays open until the
 * caller cancels it. Nothing bounded how many were open: one anonymous client held 80,000 Watch calls over 8
 * connections and the core's process kept ~570 MB more for as long as it liked. They are now capped per peer
 * address (and in all); one over the cap is RESOURCE_EXHAUSTED at once, and a cancelled one frees its place.
 * Its own core: the suite's shared one serves other files' health calls from the same address meanwhile.
 */
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProto } from 'grpc-health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HEALTH_WATCHES_PER_PEER } from '../../src/server.js';
import { anonymousCredentialsFor } from '../support/coreTrust.js';
import { startSentimentCore } from '../support/sentimentCore.js';

type HealthClient = grpc.Client & {
  check: (r: object, cb: (e: grpc.ServiceError | null, r: { status: string }) => void) => void;
  watch: (r: object) => grpc.ClientReadableStream<{ status: string }>;
};

let core: Awaited<ReturnType<typeof startSentimentCore>>;
let Health: grpc.ServiceClientConstructor;
beforeAll(async () => {
  core = await startSentimentCore();
  const def = grpc.loadPackageDefinition(protoLoader.loadSync(healthProto, { enums: String })) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
  Health = def.grpc.health.v1.Health;
});
afterAll(async () => { await core?.close(); });

/** A client on a connection of its own (no shared subchannel), without a client certificate. */
function anonymousClient(): HealthClient {
  // the name the core's certificate carries, as test/support/grpcClient.ts gives it (an IP as the TLS name is deprecated)
  return new Health(core.core.address, anonymousCredentialsFor(core.core.address), { 'grpc.use_local_subchannel_pool': 1, 'grpc.ssl_target_name_override': 'localhost' }) as unknown as HealthClient;
}

/** Opens a Watch; resolves with its first status, or the error that ended it. */
function openWatch(c: HealthClient): Promise<{ stream: grpc.ClientReadableStream<{ status: string }>; first?: string; error?: grpc.ServiceError }> {
  return new Promise((resolve) => {
    const stream = c.watch({ service: 'meridian.geo.v1.GeoService' });
    stream.once('data', (m: { status: string }) => resolve({ stream, first: m.status }));
    stream.on('error', (error: grpc.ServiceError) => resolve({ stream, error }));
  });
}

describe('health Watch calls from callers without a certificate', () => {
  it(`are capped at ${MAX_HEALTH_WATCHES_PER_PEER} open per address, over all its connections; a cancelled one frees its place`, async () => {
    const a = anonymousClient();
    const b = anonymousClient();
    const half = MAX_HEALTH_WATCHES_PER_PEER / 2;
    const opened = [
      ...(await Promise.all(Array.from({ length: half }, () => openWatch(a)))),
      ...(await Promise.all(Array.from({ length: half }, () => openWatch(b)))),
    ];
    expect(opened.map((w) => w.first ?? w.error?.message)).toEqual(Array(MAX_HEALTH_WATCHES_PER_PEER).fill('SERVING'));

    // the next one, on either connection, is refused at once
    for (const c of [a, b]) {
      const over = await openWatch(c);
      expect(over.error?.code).toBe(grpc.status.RESOURCE_EXHAUSTED);
      expect(over.error?.details).toMatch(/at most 100 health Watch calls/);
    }
    // Check is not a Watch: it still answers
    const checked = await new Promise<string>((resolve, reject) => a.check({ service: '' }, (e, r) => (e ? reject(e) : resolve(r.status))));
    expect(checked).toBe('SERVING');

    // cancelling one makes room for one
    opened[0]!.stream.cancel();
    let again: Awaited<ReturnType<typeof openWatch>> | undefined;
    for (let i = 0; i < 50 && again?.first !== 'SERVING'; i++) {
      await new Promise((r) => setTimeout(r, 20)); // the core sees the cancellation a moment later
      again = await openWatch(b);
    }
    expect(again?.first).toBe('SERVING');

    for (const w of opened) w.stream.cancel();
    again?.stream.cancel();
    a.close();
    b.close();
  });

  it('refuses a request whose framing runs past its end INVALID_ARGUMENT (it was answered SERVING), and still answers a well-formed one', async () => {
    const c = anonymousClient();
    const raw = (bytes: number[]) => new Promise<{ error?: grpc.ServiceError }>((resolve) => {
      c.makeUnaryRequest('/grpc.health.v1.Health/Check', (b: Buffer) => b, (b: Buffer) => b, Buffer.from(bytes), (error) => resolve(error ? { error } : {}));
    });
    // a string claiming 2^32-1 bytes; one claiming 1,000 and carrying 3 ("abc")
    for (const bytes of [[0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f], [0x0a, 0xe8, 0x07, 0x61, 0x62, 0x63]]) {
      expect((await raw(bytes)).error?.code, JSON.stringify(bytes)).toBe(grpc.status.INVALID_ARGUMENT);
    }
    expect((await raw([])).error).toBeUndefined(); // the empty request: the whole server
    c.close();
  });
});
