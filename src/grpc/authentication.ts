/**
 * Authentication of every core call but health: the TLS layer asks each peer
 * for a client certificate and verifies it against the core's CA (chain and
 * validity dates; a peer without one still connects so that health checks
 * work); here each call's verified certificate becomes an Identity (CN, role
 * from OU, serial), refused when absent, revoked, or not a client
 * certificate. Both transports run this before every handler (grpcAdapter.ts
 * for unary calls and streams, exchange.ts per exchanged call).
 *
 * With the explicit plaintext flag (loopback only) there are no certificates:
 * every caller is the local gateway.
 */
import * as grpc from '@grpc/grpc-js';
import type { PeerCertificate } from 'node:tls';
import { isRole, normalSerial, type RevocationList } from './roles.js';
import { ServiceError } from '../errors.js';
import type { Identity } from './caller.js';
import { GenerationalCache } from '../../lib/boundedCache.js';

const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const PLAINTEXT_IDENTITY: Identity = { name: 'plaintext-loopback', role: 'gateway', serialNumber: '' };

export function unauthenticated(message: string): ServiceError {
  return new ServiceError(grpc.status.UNAUTHENTICATED, 'ACCESS_DENIED', message);
}

export class Authenticator {
  /** Verified certificates by fingerprint (a connection presents the same one on every call). */
  private readonly known = GenerationalCache.of<string, Identity>('peerIdentities');
  /**
   * The identity of a long-lived call (the exchange stream asks on every request it carries): its certificate cannot
   * change while it is open, and reading it again (getPeerCertificate parses it into objects) cost ~60 µs per REST
   * request in a profile under load. Revocation is still checked on every call.
   */
  private readonly byCall = new WeakMap<object, Identity>();

  /** `ca` null: plaintext mode (no certificates; the caller is the local gateway). */
  constructor(private readonly ca: RevocationList | null) {}

  get plaintext(): boolean { return this.ca === null; }

  /** The caller's identity, or the error to answer it with. */
  identify(call: { getAuthContext?: () => { sslPeerCertificate?: unknown } | null }): Identity | ServiceError {
    if (!this.ca) return PLAINTEXT_IDENTITY;
    const seen = this.byCall.get(call);
    if (seen) return this.ca.isRevoked(seen.serialNumber) ? unauthenticated(`certificate ${seen.serialNumber} was revoked`) : seen;
    const peer = call.getAuthContext?.()?.sslPeerCertificate as PeerCertificate | undefined;
    if (!peer?.fingerprint256) {
      return unauthenticated('this call needs a client certificate signed by the core\'s CA (a missing, expired or foreign certificate is refused); see docs/operations.md, section "Core authentication, tenants and lifecycle"');
    }
    let identity = this.known.get(peer.fingerprint256);
    if (!identity) {
      const eku = (peer as PeerCertificate & { ext_key_usage?: string[] }).ext_key_usage ?? [];
      const ou = Array.isArray(peer.subject?.OU) ? peer.subject.OU[0] : peer.subject?.OU;
      const cn = Array.isArray(peer.subject?.CN) ? peer.subject.CN[0] : peer.subject?.CN;
      if (!eku.includes(CLIENT_AUTH)) return unauthenticated('the certificate presented is not a client certificate (extendedKeyUsage clientAuth)');
      identity = { name: cn ?? 'unnamed', role: isRole(ou) ? ou : 'internal', serialNumber: normalSerial(peer.serialNumber ?? '') };
      this.known.set(peer.fingerprint256, identity);
    }
    if (this.ca.isRevoked(identity.serialNumber)) return unauthenticated(`certificate ${identity.serialNumber} was revoked`);
    this.byCall.set(call, identity);
    return identity;
  }
}

/** Refusal for a caller whose role does not allow the call. */
export function roleDenied(message: string): ServiceError {
  return new ServiceError(grpc.status.PERMISSION_DENIED, 'ACCESS_DENIED', message);
}
