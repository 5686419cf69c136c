/**
 * The core refuses unauthenticated calls on every service but health; the
 * tenant named in metadata is honoured from a gateway identity only; plaintext
 * needs the explicit flag and a loopback address.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { packageDefinition } from '../../src/grpc/protos.js';
import { anonymousCredentialsFor } from '../support/coreTrust.js';
import { callerFor, TENANT_METADATA } from '../../src/grpc/caller.js';
import { loadCoreConfig } from '../../src/config.js';
import { startCore } from '../../src/server.js';

const address = inject('coreAddress');
const clients: grpc.Client[] = [];
afterAll(() => { for (const c of clients) c.close(); });

/** Every method of every service the core serves (reflection and exchange included), called without a client certificate. */
describe('core authentication', () => {
  const defs = packageDefinition() as Record<string, unknown>;
  const services = Object.keys(defs).filter((n) => /^meridian\.[a-z]+\.v1\.[A-Za-z]+Service$|^meridian\.exchange\.v1\.CoreExchange$/.test(n));

  it('refuses every method of every service without a client certificate (UNAUTHENTICATED), health answers', async () => {
    expect(services.length).toBeGreaterThanOrEqual(5);
    const anonymous = new grpc.Client(address, anonymousCredentialsFor(address), { 'grpc.ssl_target_name_override': 'localhost' });
    clients.push(anonymous);
    let checked = 0;
    for (const service of services) {
      for (const [, def] of Object.entries(defs[service] as Record<string, grpc.MethodDefinition<object, object>>)) {
        const code = await new Promise<number>((resolve) => {
          const metadata = new grpc.Metadata();
          metadata.set(TENANT_METADATA, 'someone-else');
          const opts = { deadline: Date.now() + 5000 };
          if (!def.requestStream && !def.responseStream) {
            anonymous.makeUnaryRequest(def.path, () => Buffer.alloc(0), (b: Buffer) => b, {}, metadata, opts, (e) => resolve(e?.code ?? grpc.status.OK));
          } else {
            const call = anonymous.makeBidiStreamRequest(def.path, () => Buffer.alloc(0), (b: Buffer) => b, metadata, opts);
            call.on('error', (e: grpc.ServiceError) => resolve(e.code));
            call.on('data', () => resolve(grpc.status.OK));
            call.on('end', () => resolve(grpc.status.OK));
            call.end();
          }
        });
        expect(code, `${def.path}`).toBe(grpc.status.UNAUTHENTICATED);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    // reflection too
    const reflection = await new Promise<number>((resolve) => {
      const call = anonymous.makeBidiStreamRequest('/grpc.reflection.v1.ServerReflection/ServerReflectionInfo', () => Buffer.alloc(0), (b: Buffer) => b, new grpc.Metadata(), {});
      call.on('error', (e: grpc.ServiceError) => resolve(e.code));
      call.on('data', () => resolve(grpc.status.OK));
      call.end();
    });
    expect(reflection).toBe(grpc.status.UNAUTHENTICATED);
    // health answers without a certificate
    const health = await new Promise<Buffer>((resolve, reject) => anonymous.makeUnaryRequest('/grpc.health.v1.Health/Check', () => Buffer.alloc(0), (b: Buffer) => b, {}, (e, v) => (e ? reject(e) : resolve(v!))));
    expect([...health]).toEqual([0x08, 0x01]); // status: SERVING
  });

  it('honours x-meridian-tenant from a gateway identity only; internal callers are their certificate, admin sees all', () => {
    const identity = (role: 'gateway' | 'internal' | 'admin') => ({ name: `meridian-${role}`, role, serialNumber: '1' });
    expect(callerFor(identity('gateway'), 'key-123')).toMatchObject({ tenant: 'key-123', admin: false });
    expect(callerFor(identity('internal'), 'key-123')).toMatchObject({ tenant: 'cert:meridian-internal', admin: false });
    expect(callerFor(identity('admin'), 'key-123')).toMatchObject({ tenant: 'cert:meridian-admin', admin: true });
    // a named tenant alone (no authenticated identity on the call) is never trusted
    expect(callerFor(undefined, 'key-123').tenant).toBe('default');
  });

  it('refuses plaintext on a non-loopback address, at start', async () => {
    await expect(startCore({ ...loadCoreConfig(), grpcAddress: '0.0.0.0:0', plaintext: true })).rejects.toThrow(/plaintext.*refused.*loopback/);
  });
});
