// Original file: meridian/certificates/v1/certificates.proto


export interface CertificateMetadata {
  'serialNumber'?: (string);
  'issuer'?: (string);
  'caFingerprintSha256'?: (string);
  'role'?: (string);
}

export interface CertificateMetadata__Output {
  'serialNumber': (string);
  'issuer': (string);
  'caFingerprintSha256': (string);
  'role': (string);
}
