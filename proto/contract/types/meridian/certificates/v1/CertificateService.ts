// Original file: meridian/certificates/v1/certificates.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { IssueClientCertificateRequest as _meridian_certificates_v1_IssueClientCertificateRequest, IssueClientCertificateRequest__Output as _meridian_certificates_v1_IssueClientCertificateRequest__Output } from '../../../meridian/certificates/v1/IssueClientCertificateRequest.js';
import type { IssueClientCertificateResponse as _meridian_certificates_v1_IssueClientCertificateResponse, IssueClientCertificateResponse__Output as _meridian_certificates_v1_IssueClientCertificateResponse__Output } from '../../../meridian/certificates/v1/IssueClientCertificateResponse.js';

export interface CertificateServiceClient extends grpc.Client {
  IssueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  IssueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  IssueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  IssueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  issueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  issueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  issueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  issueClientCertificate(argument: _meridian_certificates_v1_IssueClientCertificateRequest, callback: grpc.requestCallback<_meridian_certificates_v1_IssueClientCertificateResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface CertificateServiceHandlers extends grpc.UntypedServiceImplementation {
  IssueClientCertificate: grpc.handleUnaryCall<_meridian_certificates_v1_IssueClientCertificateRequest__Output, _meridian_certificates_v1_IssueClientCertificateResponse>;
  
}

export interface CertificateServiceDefinition extends grpc.ServiceDefinition {
  IssueClientCertificate: MethodDefinition<_meridian_certificates_v1_IssueClientCertificateRequest, _meridian_certificates_v1_IssueClientCertificateResponse, _meridian_certificates_v1_IssueClientCertificateRequest__Output, _meridian_certificates_v1_IssueClientCertificateResponse__Output>
}
