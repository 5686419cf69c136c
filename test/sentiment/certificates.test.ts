/**
 * Mutual TLS to the core: a certificate issued by the core's CA gets in; no
 * certificate, an expired one, or one from a foreign CA is refused.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { startSentimentCore } from '../support/sentimentCore.js';
import { CertificateAuthority } from '../../src/certificates/certificateAuthority.js';
import { clientConstructor } from '../../src/grpc/protos.js';
import { decodeGrpcError } from '../../src/grpc/status.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

function call(address: string, creds: grpc.ChannelCredentials, service: string, method: string, req: object): Promise<unknown> {
  const Ctor = clientConstructor(service);
  const c = new Ctor(address, creds) as unknown as grpc.Client & Record<string, (r: object, o: object, cb: (e: grpc.ServiceError | null, v: unknown) => void) => void>;
  return new Promise((resolve, reject) => {
    c[method]!.call(c, req, { deadline: Date.now() + 5000 }, (e, v) => {
      c.close();
      if (e) reject(e);
      else resolve(v);
    });
  });
}

describe('mTLS', () => {
  it('accepts a client certificate from the core CA and refuses none, expired or foreign ones', async () => {
    const sc = await startSentimentCore({ workers: 1 }, { mtls: true });
    cleanups.push(sc.close);
    const address = sc.core.address.replace('127.0.0.1', 'localhost');
    const caPem = Buffer.from(readFileSync(join(sc.stateDir, 'tls', 'ca-cert.pem')));
    const tls = (cert?: { certificatePem: string; keyPem: string }) =>
      cert ? grpc.credentials.createSsl(caPem, Buffer.from(cert.keyPem), Buffer.from(cert.certificatePem)) : grpc.credentials.createSsl(caPem);
    const probe = (creds: grpc.ChannelCredentials) => call(address, creds, 'meridian.sentiment.v1.SentimentService', 'getJob', { id: '3f2b8c1e-9d4a-4c7b-8e21-5a6f0d9c1b23' });

    // issued through the service itself, by a caller that already holds a certificate
    const first = await sc.core.ca.issueClient('bootstrap', 1);
    const issued = (await call(address, tls(first), 'meridian.certificates.v1.CertificateService', 'issueClientCertificate', { commonName: 'test-client', validityDays: 2 })) as { data: { certificatePem: string; keyPem: string; fingerprintSha256: string; expires: string } };
    expect(issued.data.fingerprintSha256).toMatch(/^[0-9a-f]{64}$/);
    // with it, the call reaches the handler (NOT_FOUND for the unknown job)
    const reached = await probe(tls(issued.data)).catch((e: grpc.ServiceError) => decodeGrpcError(e));
    expect(reached).toMatchObject({ code: grpc.status.NOT_FOUND });

    // without a client certificate, with an expired one, with one from another CA: refused at the handshake
    const expired = await sc.core.ca.issueClient('expired', 1, { notBefore: new Date(Date.now() - 3 * 86_400_000), notAfter: new Date(Date.now() - 86_400_000) });
    const otherDir = mkdtempSync(join(tmpdir(), 'meridian-foreign-'));
    cleanups.push(() => rmSync(otherDir, { recursive: true, force: true }));
    const foreign = await (await CertificateAuthority.open(otherDir)).issueClient('foreign', 1);
    for (const creds of [tls(), tls(expired), tls(foreign), grpc.credentials.createInsecure()]) {
      const e = (await probe(creds).then(() => null, (err: grpc.ServiceError) => err))!;
      expect(e).not.toBeNull();
      expect(e.code).toBe(grpc.status.UNAVAILABLE);
    }
  });
});
