/**
 * Certificates for test clients of a core: every core the suites start serves
 * mutual TLS (as `npm start` does), and each gets the launcher's role
 * certificates in its state folder (tls/gateway-*.pem, tls/admin-*.pem, plus
 * tls/internal-*.pem for tests of a direct caller). Clients find them by the
 * core's address: the suite's shared core (globalSetup) through `inject`,
 * cores started in the test process through `registerCore`.
 */
import * as grpc from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Role } from '../../src/certificates/certificateAuthority.js';
import { coreTlsFiles, type CoreTlsConfig } from '../../gateway/config.js';

const stateDirs = new Map<string, string>();

export { ensureTestIdentities } from './testIdentities.js';

/** Makes a core started in this process known to credentialsFor(). */
export function registerCore(address: string, stateDir: string): void {
  stateDirs.set(address, stateDir);
}

export function stateDirOf(address: string): string {
  const known = stateDirs.get(address);
  if (known) return known;
  if (address === inject('coreAddress')) return inject('coreStateDir');
  throw new Error(`no state folder known for the core at ${address}: start it with startSentimentCore() or registerCore() it`);
}

/** A certificate of `role` (default gateway: trusted to name the tenant in x-meridian-tenant, as before authentication existed). */
export function credentialsFor(address: string, role: Role = 'gateway'): grpc.ChannelCredentials {
  const tls = join(stateDirOf(address), 'tls');
  return grpc.credentials.createSsl(readFileSync(join(tls, 'ca-cert.pem')), readFileSync(join(tls, `${role}-key.pem`)), readFileSync(join(tls, `${role}-cert.pem`)));
}

/** The gateway's TLS settings for a core (its state folder's CA and gateway certificate; the shared core's for an address no core serves). */
export function gatewayTlsFor(address: string): CoreTlsConfig {
  return coreTlsFiles(stateDirs.get(address) ?? inject('coreStateDir'));
}

/** TLS that trusts the core's CA but presents no client certificate (what health checks and probes use). */
export function anonymousCredentialsFor(address: string): grpc.ChannelCredentials {
  return grpc.credentials.createSsl(readFileSync(join(stateDirOf(address), 'tls', 'ca-cert.pem')));
}
