/** meridian.certificates.v1.CertificateService: issues client certificates from the core's CA. */
import { invalid } from '../errors.js';
import { unary } from '../grpc/unary.js';
import { serviceDefinition } from '../grpc/protos.js';
import type { ServiceRegistry } from '../grpc/exchange.js';
import type { CertificateAuthority } from './certificateAuthority.js';

const COMMON_NAME = /^[A-Za-z0-9._-]{1,64}$/;
export const MAX_VALIDITY_DAYS = 397;

export function addCertificateService(registry: ServiceRegistry, deps: { ca: CertificateAuthority; defaultValidityDays: number }): void {
  registry.addService(serviceDefinition('meridian.certificates.v1.CertificateService'), {
    issueClientCertificate: unary(async (req: { commonName?: string; validityDays?: number }) => {
      const cn = req.commonName || 'meridian-client';
      if (!COMMON_NAME.test(cn)) throw invalid('commonName', "commonName must be 1-64 letters, digits, '.', '_' or '-'");
      const days = req.validityDays || deps.defaultValidityDays;
      if (!Number.isInteger(days) || days < 1 || days > MAX_VALIDITY_DAYS) throw invalid('validityDays', `validityDays must be an integer from 1 to ${MAX_VALIDITY_DAYS}`);
      const c = await deps.ca.issueClient(cn, days);
      return {
        data: { certificatePem: c.certificatePem, keyPem: c.keyPem, fingerprintSha256: c.fingerprintSha256, expires: c.expires },
        metadata: { serialNumber: c.serialNumber, issuer: c.issuer, caFingerprintSha256: c.caFingerprintSha256 },
      };
    }),
  });
}
