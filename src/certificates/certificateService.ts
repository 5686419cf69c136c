/**
 * meridian.certificates.v1.CertificateService: issues and revokes client
 * certificates from the core's CA. Who may do what (the caller's identity is
 * in the call's context, set by authentication: src/grpc/caller.ts):
 * - an admin certificate issues any role and revokes;
 * - the gateway (relaying an API key it checked for scope certificates:issue)
 *   issues role internal only: a gateway or admin certificate would let its
 *   holder speak for every tenant;
 * - an internal certificate issues nothing.
 */
import { invalid } from '../errors.js';
import { serviceDefinition } from '../grpc/protos.js';
import type { ServiceHandlers } from '../grpc/callContext.js';
import { roleDenied } from '../grpc/authentication.js';
import type { ServiceRegistry } from '../grpc/serviceRegistry.js';
import type { CertificateServiceHandlers } from '../../proto/contract/generated/meridian/certificates/v1/CertificateService.js';
import type { IssueClientCertificateResponse } from '../../proto/contract/generated/meridian/certificates/v1/IssueClientCertificateResponse.js';
import type { RevokeClientCertificateResponse } from '../../proto/contract/generated/meridian/certificates/v1/RevokeClientCertificateResponse.js';
import { isRole, normalSerial, ROLES, roleRank, type CertificateAuthority, type Role } from './certificateAuthority.js';

const COMMON_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const MAX_VALIDITY_DAYS = 397;

/** The highest role a caller may issue; undefined when it may issue none. */
function issuableBy(role: Role | undefined): Role | undefined {
  if (role === 'admin') return 'admin';
  if (role === 'gateway') return 'internal';
  return undefined;
}

export function addCertificateService(registry: ServiceRegistry, deps: { ca: CertificateAuthority; defaultValidityDays: number }): void {
  // typed end to end by the generated handler interface (proto/contract/generated, `npm run proto:types`)
  const handlers: ServiceHandlers<CertificateServiceHandlers> = {
    IssueClientCertificate: async (req, { caller }): Promise<IssueClientCertificateResponse> => {
      const ceiling = issuableBy(caller.identity?.role);
      if (!ceiling) throw roleDenied('issuing certificates needs an admin certificate (or the gateway with an API key holding certificates:issue)');
      const role = req.role || 'internal';
      if (!isRole(role)) throw invalid('role', `role must be one of ${ROLES.join(', ')}`);
      if (roleRank(role) > roleRank(ceiling)) throw roleDenied(`a ${caller.identity?.role} caller may issue certificates up to role ${ceiling}, not ${role}`);
      const asked = req.commonName || 'meridian-client';
      if (!COMMON_NAME.test(asked)) throw invalid('commonName', "commonName must be 1-64 letters, digits, '.', '_' or '-'");
      // A certificate's name is its holder's tenant (cert:<CN>). Issued through the gateway for an API key, the name
      // is bound to that key (<key id>.<name>), so no key can mint the name, and so the data, of another holder.
      const cn = caller.identity?.role === 'gateway' ? `${caller.tenant}.${asked}` : asked;
      if (cn.length > 64) throw invalid('commonName', `commonName is at most ${64 - caller.tenant.length - 1} characters when issued through an API key (it is prefixed with the key id, and X.509 names hold 64)`);
      const days = req.validityDays || deps.defaultValidityDays;
      if (!Number.isInteger(days) || days < 1 || days > MAX_VALIDITY_DAYS) throw invalid('validityDays', `validityDays must be an integer from 1 to ${MAX_VALIDITY_DAYS}`);
      const c = await deps.ca.issueClient(cn, days, undefined, role);
      return {
        data: { certificatePem: c.certificatePem, keyPem: c.keyPem, fingerprintSha256: c.fingerprintSha256, expires: c.expires },
        metadata: { serialNumber: c.serialNumber, issuer: c.issuer, caFingerprintSha256: c.caFingerprintSha256, role: c.role },
      };
    },
    RevokeClientCertificate: async (req, { caller }): Promise<RevokeClientCertificateResponse> => {
      if (caller.identity?.role !== 'admin') throw roleDenied('revoking certificates needs an admin certificate');
      // hex digits, as written (an optional 0x; pairs may be separated by ':', '-' or spaces, as OpenSSL and browsers
      // show them); normalSerial alone dropped every other character, so "zz-not-hex" revoked serial e
      const given = (req.serialNumber ?? '').trim();
      const serialNumber = normalSerial(given);
      // (one separator between groups, and a length cap: an optional separator made the pattern backtrack exponentially,
      // 2.3 s for 26 hex digits and one bad character, on the thread that serves every call)
      if (given.length > 120 || !/^(?:0x)?[0-9a-f]+(?:[:\s-][0-9a-f]+)*$/i.test(given) || !/^[0-9a-f]{1,40}$/.test(serialNumber)) throw invalid('serialNumber', 'serialNumber must be the hexadecimal serial number of an issued certificate (e.g. 7b50c2… or 7B:50:C2:…)');
      return { serialNumber, newlyRevoked: await deps.ca.revoke(serialNumber) };
    },
  };
  registry.add<CertificateServiceHandlers>(serviceDefinition('meridian.certificates.v1.CertificateService'), handlers);
}
