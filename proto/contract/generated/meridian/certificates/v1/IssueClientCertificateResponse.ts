// Original file: meridian/certificates/v1/certificates.proto

import type { Certificate as _meridian_certificates_v1_Certificate, Certificate__Output as _meridian_certificates_v1_Certificate__Output } from '../../../meridian/certificates/v1/Certificate.js';
import type { CertificateMetadata as _meridian_certificates_v1_CertificateMetadata, CertificateMetadata__Output as _meridian_certificates_v1_CertificateMetadata__Output } from '../../../meridian/certificates/v1/CertificateMetadata.js';

export interface IssueClientCertificateResponse {
  'data'?: (_meridian_certificates_v1_Certificate | null);
  'metadata'?: (_meridian_certificates_v1_CertificateMetadata | null);
}

export interface IssueClientCertificateResponse__Output {
  'data': (_meridian_certificates_v1_Certificate__Output | null);
  'metadata': (_meridian_certificates_v1_CertificateMetadata__Output | null);
}
