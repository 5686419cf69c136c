// Original file: meridian/certificates/v1/certificates.proto


export interface RevokeClientCertificateRequest {
  'serialNumber'?: (string);
}

export interface RevokeClientCertificateRequest__Output {
  'serialNumber': (string);
}
