/**
 * The core's own certificate authority for mutual TLS (@peculiar/x509 over Node's
 * WebCrypto, EC P-256 / ECDSA-SHA256):
 * - state/tls/ca-cert.pem + ca-key.pem: created on first start (10 years), kept.
 * - state/tls/core-cert.pem + core-key.pem: the core's server certificate (SAN
 *   localhost, 127.0.0.1, ::1 and the listen host), reissued when missing or
 *   within 30 days of expiry.
 * - issueClient(): a fresh key pair and a client certificate (extendedKeyUsage
 *   clientAuth) whose subject carries the holder's role as OU (internal,
 *   gateway, admin; see src/grpc/caller.ts). The private key is returned,
 *   never stored.
 * - ensureIdentity(): a named role certificate kept in the folder (the
 *   launcher's gateway and admin identities), reissued when missing, revoked
 *   or within 30 days of expiry.
 * - state/tls/revoked.json: serial numbers revoked (revoke()); the core checks
 *   every call against it.
 * Every file is written 0600 in a 0700 folder.
 */
import 'reflect-metadata'; // @peculiar/x509 (through tsyringe) needs the Reflect metadata API
import { createHash, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isIP } from 'node:net';
import * as x509 from '@peculiar/x509';
import { isRole, normalSerial, roleRank, ROLES, type Role } from '../grpc/roles.js';

export { isRole, normalSerial, roleRank, ROLES, type Role };

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
const crypto = webcrypto;
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

/** Writes a file readable by its owner only (also when it existed with wider modes). */
function writePrivate(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

export interface IssuedCertificate {
  certificatePem: string;
  keyPem: string;
  fingerprintSha256: string;
  expires: string;
  serialNumber: string;
  issuer: string;
  caFingerprintSha256: string;
  role: Role;
}

export interface ServerTls {
  caPem: string;
  certPem: string;
  keyPem: string;
}

function keyToPem(der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`;
}

function pemToDer(pem: string): ArrayBuffer {
  const b64 = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

export function fingerprint(cert: x509.X509Certificate): string {
  return createHash('sha256').update(Buffer.from(cert.rawData)).digest('hex');
}

function serial(): string {
  // 16 random bytes, high bit clear (positive INTEGER)
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[0]! &= 0x7f;
  return Buffer.from(b).toString('hex');
}

/** Serials and revocations kept for every replica (sharedCertificates.ts on PostgreSQL), beside this core's own file. */
export interface SharedCertificateRegistry {
  isRevoked(serialNumber: string): boolean;
  revoke(serialNumber: string): Promise<boolean>;
  recordIssued(serialNumber: string, commonName: string, role: Role, expires: Date): Promise<void>;
}

export class CertificateAuthority {
  private readonly revoked = new Map<string, string>();
  private shared: SharedCertificateRegistry | null = null;

  /** From now on revocations and issued serials are also kept in (and read from) `registry`, shared by every replica. */
  shareWith(registry: SharedCertificateRegistry): void {
    this.shared = registry;
  }

  private constructor(
    readonly dir: string,
    readonly cert: x509.X509Certificate,
    private readonly key: CryptoKey,
  ) {
    const file = join(dir, 'revoked.json');
    if (existsSync(file)) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { revoked?: Record<string, string> };
      for (const [serialNumber, at] of Object.entries(parsed.revoked ?? {})) this.revoked.set(normalSerial(serialNumber), at);
    }
  }

  /** Revokes a certificate by serial number (kept in revoked.json, and for every replica when shared); true when it was not revoked before. */
  async revoke(serialNumber: string): Promise<boolean> {
    const s = normalSerial(serialNumber);
    // with replicas the shared list is the one that says whether this is news
    const sharedFresh = this.shared ? await this.shared.revoke(s) : undefined;
    const localFresh = !this.revoked.has(s);
    if (localFresh) {
      this.revoked.set(s, new Date().toISOString());
      writePrivate(join(this.dir, 'revoked.json'), JSON.stringify({ revoked: Object.fromEntries(this.revoked) }, null, 2) + '\n');
    }
    return sharedFresh ?? localFresh;
  }

  isRevoked(serialNumber: string): boolean {
    return (this.revoked.size > 0 && this.revoked.has(normalSerial(serialNumber))) || (this.shared?.isRevoked(serialNumber) ?? false);
  }

  static async open(stateDir: string): Promise<CertificateAuthority> {
    const dir = join(stateDir, 'tls');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const certPath = join(dir, 'ca-cert.pem');
    const keyPath = join(dir, 'ca-key.pem');
    if (existsSync(certPath) && existsSync(keyPath)) {
      const cert = new x509.X509Certificate(readFileSync(certPath, 'utf8'));
      const key = await crypto.subtle.importKey('pkcs8', pemToDer(readFileSync(keyPath, 'utf8')), ALG, true, ['sign']);
      return new CertificateAuthority(dir, cert, key);
    }
    const keys = (await crypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
    const now = Date.now();
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: serial(),
      name: 'CN=Meridian core CA',
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 3650 * DAY),
      signingAlgorithm: ALG,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(true, 0, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      ],
    });
    writePrivate(keyPath, keyToPem(await crypto.subtle.exportKey('pkcs8', keys.privateKey)));
    writePrivate(certPath, cert.toString('pem') + '\n');
    return new CertificateAuthority(dir, cert, keys.privateKey);
  }

  get pem(): string {
    return this.cert.toString('pem') + '\n';
  }

  private async issue(commonName: string, notBefore: Date, notAfter: Date, server: string[] | null, role: Role = 'internal'): Promise<IssuedCertificate> {
    const keys = (await crypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
    const extensions: x509.Extension[] = [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension([server ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
      await x509.AuthorityKeyIdentifierExtension.create(this.cert.publicKey),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ];
    if (server) {
      extensions.push(new x509.SubjectAlternativeNameExtension(server.map((h) => ({ type: isIP(h) ? 'ip' : 'dns', value: h }))));
    }
    const cert = await x509.X509CertificateGenerator.create({
      serialNumber: serial(),
      subject: server ? `CN=${commonName}` : `CN=${commonName}, OU=${role}`,
      issuer: this.cert.subject,
      notBefore,
      notAfter,
      signingAlgorithm: ALG,
      publicKey: keys.publicKey,
      signingKey: this.key,
      extensions,
    });
    return {
      certificatePem: cert.toString('pem') + '\n',
      keyPem: keyToPem(await crypto.subtle.exportKey('pkcs8', keys.privateKey)),
      fingerprintSha256: fingerprint(cert),
      expires: notAfter.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      serialNumber: cert.serialNumber,
      issuer: this.cert.subject,
      caFingerprintSha256: fingerprint(this.cert),
      role,
    };
  }

  /** A client certificate with `role` (default internal) valid from a minute ago for `validityDays` (or between explicit dates, for tests). */
  async issueClient(commonName: string, validityDays: number, window?: { notBefore: Date; notAfter: Date }, role: Role = 'internal'): Promise<IssuedCertificate> {
    const now = Date.now();
    const notAfter = window?.notAfter ?? new Date(Math.floor((now + validityDays * DAY) / 1000) * 1000);
    const issued = await this.issue(commonName, window?.notBefore ?? new Date(now - 60_000), notAfter, null, role);
    await this.shared?.recordIssued(issued.serialNumber, commonName, role, notAfter);
    return issued;
  }

  /**
   * The role certificate `<name>-cert.pem` / `<name>-key.pem` in the folder
   * (0600), issued when missing, revoked, not from this CA, of another role or
   * within 30 days of expiry; valid 397 days.
   */
  async ensureIdentity(name: string, role: Role): Promise<{ certPath: string; keyPath: string; created: boolean }> {
    const certPath = join(this.dir, `${name}-cert.pem`);
    const keyPath = join(this.dir, `${name}-key.pem`);
    if (existsSync(certPath) && existsSync(keyPath)) {
      const cert = new x509.X509Certificate(readFileSync(certPath, 'utf8'));
      const ou = cert.subjectName.getField('OU')[0];
      if (ou === role && !this.isRevoked(cert.serialNumber) && cert.notAfter.getTime() - Date.now() > 30 * DAY
        && (await cert.verify({ publicKey: this.cert.publicKey, signatureOnly: true }))) {
        return { certPath, keyPath, created: false };
      }
    }
    const issued = await this.issueClient(`meridian-${name}`, 397, undefined, role);
    writePrivate(keyPath, issued.keyPem);
    writePrivate(certPath, issued.certificatePem);
    return { certPath, keyPath, created: true };
  }

  /** The core's server key and certificate (reused while valid for 30 more days). */
  async serverTls(hosts: string[]): Promise<ServerTls> {
    const certPath = join(this.dir, 'core-cert.pem');
    const keyPath = join(this.dir, 'core-key.pem');
    const names = [...new Set(['localhost', '127.0.0.1', '::1', ...hosts.filter(Boolean)])];
    if (existsSync(certPath) && existsSync(keyPath)) {
      const cert = new x509.X509Certificate(readFileSync(certPath, 'utf8'));
      const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
      const has = new Set(san?.names.items.map((n) => n.value) ?? []);
      if (cert.notAfter.getTime() - Date.now() > 30 * DAY && names.every((n) => has.has(n)) && (await cert.verify({ publicKey: this.cert.publicKey, signatureOnly: true }))) {
        return { caPem: this.pem, certPem: readFileSync(certPath, 'utf8'), keyPem: readFileSync(keyPath, 'utf8') };
      }
    }
    const now = Date.now();
    const issued = await this.issue('meridian-core', new Date(now - 60_000), new Date(now + 397 * DAY), names);
    writePrivate(keyPath, issued.keyPem);
    writePrivate(certPath, issued.certificatePem);
    return { caPem: this.pem, certPem: issued.certificatePem, keyPem: issued.keyPem };
  }
}
