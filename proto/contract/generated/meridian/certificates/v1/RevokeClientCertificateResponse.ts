// Original file: meridian/certificates/v1/certificates.proto


export interface RevokeClientCertificateResponse {
  'serialNumber'?: (string);
  'newlyRevoked'?: (boolean);
}

export interface RevokeClientCertificateResponse__Output {
  'serialNumber': (string);
  'newlyRevoked': (boolean);
}
