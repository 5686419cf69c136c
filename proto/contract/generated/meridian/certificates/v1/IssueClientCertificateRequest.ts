// Original file: meridian/certificates/v1/certificates.proto


export interface IssueClientCertificateRequest {
  'commonName'?: (string);
  'validityDays'?: (number);
  'role'?: (string);
}

export interface IssueClientCertificateRequest__Output {
  'commonName': (string);
  'validityDays': (number);
  'role': (string);
}
