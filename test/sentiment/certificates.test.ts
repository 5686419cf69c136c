/**
 * Mutual TLS to the core and the roles in certificates: a certificate issued
 * by the core's CA gets in; none, an expired one, one from a foreign CA or a
 * revoked one is refused UNAUTHENTICATED (health still answers without one; an open stream ends at its next message);
 * issuing needs admin and never goes above the issuer's role.
 */
import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { CertificateAuthority } from '../../src/certificates/certificateAuthority.js';
import { clientConstructor } from '../../src/grpc/protos.js';
import { decodeGrpcError, type DecodedError } from '../../src/grpc/status.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

type Pem = { certificatePem: string; keyPem: string };
function call(address: string, creds: grpc.ChannelCredentials, service: string, method: string, req: object, metadata = new grpc.Metadata()): Promise<unknown> {
  const Ctor = clientConstructor(service);
  const c = new Ctor(address, creds, { 'grpc.ssl_target_name_override': 'localhost' }) as unknown as grpc.Client & Record<string, (r: object, m: grpc.Metadata, o: object, cb: (e: grpc.ServiceError | null, v: unknown) => void) => void>;
  return new Promise((resolve, reject) => {
    c[method]!.call(c, req, metadata, { deadline: Date.now() + 5000 }, (e, v) => {
      c.close();
      if (e) reject(e);
      else resolve(v);
    });
  });
}
const failure = (p: Promise<unknown>): Promise<DecodedError> => p.then(() => { throw new Error('expected a refusal'); }, (e: grpc.ServiceError) => decodeGrpcError(e));

let sc: Awaited<ReturnType<typeof startSentimentCore>>;
let caPem: Buffer;
const tls = (cert?: Pem) => (cert ? grpc.credentials.createSsl(caPem, Buffer.from(cert.keyPem), Buffer.from(cert.certificatePem)) : grpc.credentials.createSsl(caPem));
const issue = (cert: Pem, req: object) => call(sc.core.address, tls(cert), 'meridian.certificates.v1.CertificateService', 'issueClientCertificate', req) as Promise<{ data: Pem & { fingerprintSha256: string }; metadata: { serialNumber: string; role: string } }>;
const probe = (creds: grpc.ChannelCredentials) => call(sc.core.address, creds, 'meridian.sentiment.v1.SentimentService', 'getJob', { id: '3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23' });

beforeAll(async () => {
  sc = await startSentimentCore({ workers: 1 });
  cleanups.push(sc.close);
  caPem = Buffer.from(readFileSync(join(sc.stateDir, 'tls', 'ca-cert.pem')));
});

describe('mTLS', () => {
  it('accepts a client certificate from the core CA and refuses none, expired, foreign or plaintext callers', async () => {
    const admin = await sc.core.ca.issueClient('bootstrap', 1, undefined, 'admin');
    const issued = await issue(admin, { commonName: 'test-client', validityDays: 2 });
    expect(issued.data.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(issued.metadata.role).toBe('internal');
    // with it, the call reaches the handler (NOT_FOUND for the unknown job)
    expect(await failure(probe(tls(issued.data)))).toMatchObject({ code: grpc.status.NOT_FOUND });

    // without a client certificate, with an expired one, with one from another CA: UNAUTHENTICATED
    const expired = await sc.core.ca.issueClient('expired', 1, { notBefore: new Date(Date.now() - 3 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) });
    const otherDir = mkdtempSync(join(tmpdir(), 'meridian-foreign-'));
    cleanups.push(() => rmSync(otherDir, { recursive: true, force: true }));
    const foreign = await (await CertificateAuthority.open(otherDir)).issueClient('foreign', 1, undefined, 'admin');
    for (const creds of [tls(), tls(expired), tls(foreign)]) {
      expect(await failure(probe(creds))).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
    }
    // plaintext does not even connect
    expect((await failure(probe(grpc.credentials.createInsecure()))).code).toBe(grpc.status.UNAVAILABLE);
  });

  it('lets only admin issue, never above its role, and refuses revoked certificates on the next call', async () => {
    const admin = await sc.core.ca.issueClient('root', 1, undefined, 'admin');
    const internal = await sc.core.ca.issueClient('svc', 1, undefined, 'internal');
    const gateway = await sc.core.ca.issueClient('gw', 1, undefined, 'gateway');
    // an internal certificate issues nothing; the gateway only internal ones
    expect(await failure(issue(internal, {}))).toMatchObject({ code: grpc.status.PERMISSION_DENIED });
    expect(await failure(issue(gateway, { role: 'gateway' }))).toMatchObject({ code: grpc.status.PERMISSION_DENIED });
    expect(await failure(issue(gateway, { role: 'admin' }))).toMatchObject({ code: grpc.status.PERMISSION_DENIED });
    expect((await issue(gateway, { role: 'internal' })).metadata.role).toBe('internal');
    // admin issues any role; an unknown role is a parameter error
    const minted = await issue(admin, { role: 'admin', commonName: 'second-admin' });
    expect(minted.metadata.role).toBe('admin');
    expect(await failure(issue(admin, { role: 'root' }))).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, field: 'role' });
    // the certificate a minted admin issued works; then revoke it: the next call is refused
    const victim = await issue(minted.data, { commonName: 'to-revoke' });
    expect(await failure(probe(tls(victim.data)))).toMatchObject({ code: grpc.status.NOT_FOUND });
    const revoke = (cert: Pem, serialNumber: string) => call(sc.core.address, tls(cert), 'meridian.certificates.v1.CertificateService', 'revokeClientCertificate', { serialNumber });
    expect(await failure(revoke(gateway, victim.metadata.serialNumber))).toMatchObject({ code: grpc.status.PERMISSION_DENIED });
    expect(await revoke(admin, victim.metadata.serialNumber.toUpperCase())).toMatchObject({ newlyRevoked: true });
    expect(await failure(probe(tls(victim.data)))).toMatchObject({ code: grpc.status.UNAUTHENTICATED, message: expect.stringContaining('revoked') });
    // kept in the state folder (0600) for the next start
    expect(readFileSync(join(sc.stateDir, 'tls', 'revoked.json'), 'utf8')).toContain(victim.metadata.serialNumber.replace(/^0+/, ''));
  });

  it("refuses a gateway's malformed tenant instead of taking it for the default tenant", async () => {
    const gateway = await sc.core.ca.issueClient('gw-tenants', 1, undefined, 'gateway');
    const internal = await sc.core.ca.issueClient('svc-tenants', 1, undefined, 'internal');
    const as = (tenants: string[]) => {
      const m = new grpc.Metadata();
      for (const t of tenants) m.add('x-meridian-tenant', t);
      return m;
    };
    const submit = (cert: Pem, tenants: string[]) => call(sc.core.address, tls(cert), 'meridian.sentiment.v1.SentimentService', 'analyzeText', { text: 'fine', feedId: 'tenant-probe' }, as(tenants));
    const { data: { jobId } } = (await submit(gateway, ['acme'])) as { data: { jobId: string } };
    const get = (cert: Pem, tenants: string[]) => call(sc.core.address, tls(cert), 'meridian.sentiment.v1.SentimentService', 'getJob', { id: jobId }, as(tenants));
    expect(await get(gateway, ['acme'])).toMatchObject({ data: { jobId } });
    // spaces, a path, over 128 characters, empty, or two headers (joined "a, b"): refused, naming the header
    for (const tenants of [['tenant with spaces'], ['acme/../other'], ['x'.repeat(129)], [''], ['acme', 'other']]) {
      for (const attempt of [submit(gateway, tenants), get(gateway, tenants)]) {
        expect(await failure(attempt), JSON.stringify(tenants)).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, field: 'x-meridian-tenant' });
      }
    }
    // no header: the default tenant, which does not see acme's job; a non-gateway certificate's header is ignored
    expect(await failure(get(gateway, []))).toMatchObject({ code: grpc.status.NOT_FOUND });
    expect(await failure(get(internal, ['tenant with spaces']))).toMatchObject({ code: grpc.status.NOT_FOUND });
  });

  it('ends an open StreamAnalyses with UNAUTHENTICATED at its next message once its certificate is revoked', async () => {
    const admin = await sc.core.ca.issueClient('root-stream', 1, undefined, 'admin');
    const victim = await sc.core.ca.issueClient('streamer', 1, undefined, 'internal');
    const Ctor = clientConstructor('meridian.sentiment.v1.SentimentService');
    const client = new Ctor(sc.core.address, tls(victim), { 'grpc.ssl_target_name_override': 'localhost' }) as unknown as grpc.Client & { streamAnalyses: () => grpc.ClientDuplexStream<object, { ref: string }> };
    cleanups.push(() => client.close());
    const stream = client.streamAnalyses();
    const answers: string[] = [];
    const ended = new Promise<grpc.ServiceError | null>((resolve) => {
      stream.on('data', (m: { ref: string }) => answers.push(m.ref));
      stream.on('error', (e: grpc.ServiceError) => resolve(e));
      stream.on('end', () => resolve(null));
    });
    stream.write({ ref: 'before', text: 'The service was great' });
    await expect.poll(() => answers, { timeout: 10_000 }).toEqual(['before']);
    const revoke = call(sc.core.address, tls(admin), 'meridian.certificates.v1.CertificateService', 'revokeClientCertificate', { serialNumber: victim.serialNumber });
    expect(await revoke).toMatchObject({ newlyRevoked: true });
    stream.write({ ref: 'after', text: 'The service was great' });
    const e = await ended;
    expect(e?.code).toBe(grpc.status.UNAUTHENTICATED);
    expect(e?.details).toContain('revoked');
    expect(answers).toEqual(['before']);
  });
});
