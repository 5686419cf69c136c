// Original file: meridian/certificates/v1/certificates.proto


export interface IssueClientCertificateRequest {
  'commonName'?: (string);
  'validityDays'?: (number);
}

export interface IssueClientCertificateRequest__Output {
  'commonName': (string);
  'validityDays': (number);
}
