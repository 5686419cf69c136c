// Original file: meridian/certificates/v1/certificates.proto


export interface Certificate {
  'certificatePem'?: (string);
  'keyPem'?: (string);
  'fingerprintSha256'?: (string);
  'expires'?: (string);
}

export interface Certificate__Output {
  'certificatePem': (string);
  'keyPem': (string);
  'fingerprintSha256': (string);
  'expires': (string);
}
