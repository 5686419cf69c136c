import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { CustomHttpPattern as _google_api_CustomHttpPattern, CustomHttpPattern__Output as _google_api_CustomHttpPattern__Output } from './google/api/CustomHttpPattern.js';
import type { Http as _google_api_Http, Http__Output as _google_api_Http__Output } from './google/api/Http.js';
import type { HttpRule as _google_api_HttpRule, HttpRule__Output as _google_api_HttpRule__Output } from './google/api/HttpRule.js';
import type { DescriptorProto as _google_protobuf_DescriptorProto, DescriptorProto__Output as _google_protobuf_DescriptorProto__Output } from './google/protobuf/DescriptorProto.js';
import type { EnumDescriptorProto as _google_protobuf_EnumDescriptorProto, EnumDescriptorProto__Output as _google_protobuf_EnumDescriptorProto__Output } from './google/protobuf/EnumDescriptorProto.js';
import type { EnumOptions as _google_protobuf_EnumOptions, EnumOptions__Output as _google_protobuf_EnumOptions__Output } from './google/protobuf/EnumOptions.js';
import type { EnumValueDescriptorProto as _google_protobuf_EnumValueDescriptorProto, EnumValueDescriptorProto__Output as _google_protobuf_EnumValueDescriptorProto__Output } from './google/protobuf/EnumValueDescriptorProto.js';
import type { EnumValueOptions as _google_protobuf_EnumValueOptions, EnumValueOptions__Output as _google_protobuf_EnumValueOptions__Output } from './google/protobuf/EnumValueOptions.js';
import type { ExtensionRangeOptions as _google_protobuf_ExtensionRangeOptions, ExtensionRangeOptions__Output as _google_protobuf_ExtensionRangeOptions__Output } from './google/protobuf/ExtensionRangeOptions.js';
import type { FeatureSet as _google_protobuf_FeatureSet, FeatureSet__Output as _google_protobuf_FeatureSet__Output } from './google/protobuf/FeatureSet.js';
import type { FeatureSetDefaults as _google_protobuf_FeatureSetDefaults, FeatureSetDefaults__Output as _google_protobuf_FeatureSetDefaults__Output } from './google/protobuf/FeatureSetDefaults.js';
import type { FieldDescriptorProto as _google_protobuf_FieldDescriptorProto, FieldDescriptorProto__Output as _google_protobuf_FieldDescriptorProto__Output } from './google/protobuf/FieldDescriptorProto.js';
import type { FieldOptions as _google_protobuf_FieldOptions, FieldOptions__Output as _google_protobuf_FieldOptions__Output } from './google/protobuf/FieldOptions.js';
import type { FileDescriptorProto as _google_protobuf_FileDescriptorProto, FileDescriptorProto__Output as _google_protobuf_FileDescriptorProto__Output } from './google/protobuf/FileDescriptorProto.js';
import type { FileDescriptorSet as _google_protobuf_FileDescriptorSet, FileDescriptorSet__Output as _google_protobuf_FileDescriptorSet__Output } from './google/protobuf/FileDescriptorSet.js';
import type { FileOptions as _google_protobuf_FileOptions, FileOptions__Output as _google_protobuf_FileOptions__Output } from './google/protobuf/FileOptions.js';
import type { GeneratedCodeInfo as _google_protobuf_GeneratedCodeInfo, GeneratedCodeInfo__Output as _google_protobuf_GeneratedCodeInfo__Output } from './google/protobuf/GeneratedCodeInfo.js';
import type { MessageOptions as _google_protobuf_MessageOptions, MessageOptions__Output as _google_protobuf_MessageOptions__Output } from './google/protobuf/MessageOptions.js';
import type { MethodDescriptorProto as _google_protobuf_MethodDescriptorProto, MethodDescriptorProto__Output as _google_protobuf_MethodDescriptorProto__Output } from './google/protobuf/MethodDescriptorProto.js';
import type { MethodOptions as _google_protobuf_MethodOptions, MethodOptions__Output as _google_protobuf_MethodOptions__Output } from './google/protobuf/MethodOptions.js';
import type { OneofDescriptorProto as _google_protobuf_OneofDescriptorProto, OneofDescriptorProto__Output as _google_protobuf_OneofDescriptorProto__Output } from './google/protobuf/OneofDescriptorProto.js';
import type { OneofOptions as _google_protobuf_OneofOptions, OneofOptions__Output as _google_protobuf_OneofOptions__Output } from './google/protobuf/OneofOptions.js';
import type { ServiceDescriptorProto as _google_protobuf_ServiceDescriptorProto, ServiceDescriptorProto__Output as _google_protobuf_ServiceDescriptorProto__Output } from './google/protobuf/ServiceDescriptorProto.js';
import type { ServiceOptions as _google_protobuf_ServiceOptions, ServiceOptions__Output as _google_protobuf_ServiceOptions__Output } from './google/protobuf/ServiceOptions.js';
import type { SourceCodeInfo as _google_protobuf_SourceCodeInfo, SourceCodeInfo__Output as _google_protobuf_SourceCodeInfo__Output } from './google/protobuf/SourceCodeInfo.js';
import type { UninterpretedOption as _google_protobuf_UninterpretedOption, UninterpretedOption__Output as _google_protobuf_UninterpretedOption__Output } from './google/protobuf/UninterpretedOption.js';
import type { AnswerCache as _meridian_api_v1_AnswerCache, AnswerCache__Output as _meridian_api_v1_AnswerCache__Output } from './meridian/api/v1/AnswerCache.js';
import type { HttpAccepted as _meridian_api_v1_HttpAccepted, HttpAccepted__Output as _meridian_api_v1_HttpAccepted__Output } from './meridian/api/v1/HttpAccepted.js';
import type { ListDefaults as _meridian_api_v1_ListDefaults, ListDefaults__Output as _meridian_api_v1_ListDefaults__Output } from './meridian/api/v1/ListDefaults.js';
import type { RestText as _meridian_api_v1_RestText, RestText__Output as _meridian_api_v1_RestText__Output } from './meridian/api/v1/RestText.js';
import type { Certificate as _meridian_certificates_v1_Certificate, Certificate__Output as _meridian_certificates_v1_Certificate__Output } from './meridian/certificates/v1/Certificate.js';
import type { CertificateMetadata as _meridian_certificates_v1_CertificateMetadata, CertificateMetadata__Output as _meridian_certificates_v1_CertificateMetadata__Output } from './meridian/certificates/v1/CertificateMetadata.js';
import type { CertificateServiceClient as _meridian_certificates_v1_CertificateServiceClient, CertificateServiceDefinition as _meridian_certificates_v1_CertificateServiceDefinition } from './meridian/certificates/v1/CertificateService.js';
import type { IssueClientCertificateRequest as _meridian_certificates_v1_IssueClientCertificateRequest, IssueClientCertificateRequest__Output as _meridian_certificates_v1_IssueClientCertificateRequest__Output } from './meridian/certificates/v1/IssueClientCertificateRequest.js';
import type { IssueClientCertificateResponse as _meridian_certificates_v1_IssueClientCertificateResponse, IssueClientCertificateResponse__Output as _meridian_certificates_v1_IssueClientCertificateResponse__Output } from './meridian/certificates/v1/IssueClientCertificateResponse.js';
import type { RevokeClientCertificateRequest as _meridian_certificates_v1_RevokeClientCertificateRequest, RevokeClientCertificateRequest__Output as _meridian_certificates_v1_RevokeClientCertificateRequest__Output } from './meridian/certificates/v1/RevokeClientCertificateRequest.js';
import type { RevokeClientCertificateResponse as _meridian_certificates_v1_RevokeClientCertificateResponse, RevokeClientCertificateResponse__Output as _meridian_certificates_v1_RevokeClientCertificateResponse__Output } from './meridian/certificates/v1/RevokeClientCertificateResponse.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    api: {
      CustomHttpPattern: MessageTypeDefinition<_google_api_CustomHttpPattern, _google_api_CustomHttpPattern__Output>
      Http: MessageTypeDefinition<_google_api_Http, _google_api_Http__Output>
      HttpRule: MessageTypeDefinition<_google_api_HttpRule, _google_api_HttpRule__Output>
    }
    protobuf: {
      DescriptorProto: MessageTypeDefinition<_google_protobuf_DescriptorProto, _google_protobuf_DescriptorProto__Output>
      Edition: EnumTypeDefinition
      EnumDescriptorProto: MessageTypeDefinition<_google_protobuf_EnumDescriptorProto, _google_protobuf_EnumDescriptorProto__Output>
      EnumOptions: MessageTypeDefinition<_google_protobuf_EnumOptions, _google_protobuf_EnumOptions__Output>
      EnumValueDescriptorProto: MessageTypeDefinition<_google_protobuf_EnumValueDescriptorProto, _google_protobuf_EnumValueDescriptorProto__Output>
      EnumValueOptions: MessageTypeDefinition<_google_protobuf_EnumValueOptions, _google_protobuf_EnumValueOptions__Output>
      ExtensionRangeOptions: MessageTypeDefinition<_google_protobuf_ExtensionRangeOptions, _google_protobuf_ExtensionRangeOptions__Output>
      FeatureSet: MessageTypeDefinition<_google_protobuf_FeatureSet, _google_protobuf_FeatureSet__Output>
      FeatureSetDefaults: MessageTypeDefinition<_google_protobuf_FeatureSetDefaults, _google_protobuf_FeatureSetDefaults__Output>
      FieldDescriptorProto: MessageTypeDefinition<_google_protobuf_FieldDescriptorProto, _google_protobuf_FieldDescriptorProto__Output>
      FieldOptions: MessageTypeDefinition<_google_protobuf_FieldOptions, _google_protobuf_FieldOptions__Output>
      FileDescriptorProto: MessageTypeDefinition<_google_protobuf_FileDescriptorProto, _google_protobuf_FileDescriptorProto__Output>
      FileDescriptorSet: MessageTypeDefinition<_google_protobuf_FileDescriptorSet, _google_protobuf_FileDescriptorSet__Output>
      FileOptions: MessageTypeDefinition<_google_protobuf_FileOptions, _google_protobuf_FileOptions__Output>
      GeneratedCodeInfo: MessageTypeDefinition<_google_protobuf_GeneratedCodeInfo, _google_protobuf_GeneratedCodeInfo__Output>
      MessageOptions: MessageTypeDefinition<_google_protobuf_MessageOptions, _google_protobuf_MessageOptions__Output>
      MethodDescriptorProto: MessageTypeDefinition<_google_protobuf_MethodDescriptorProto, _google_protobuf_MethodDescriptorProto__Output>
      MethodOptions: MessageTypeDefinition<_google_protobuf_MethodOptions, _google_protobuf_MethodOptions__Output>
      OneofDescriptorProto: MessageTypeDefinition<_google_protobuf_OneofDescriptorProto, _google_protobuf_OneofDescriptorProto__Output>
      OneofOptions: MessageTypeDefinition<_google_protobuf_OneofOptions, _google_protobuf_OneofOptions__Output>
      ServiceDescriptorProto: MessageTypeDefinition<_google_protobuf_ServiceDescriptorProto, _google_protobuf_ServiceDescriptorProto__Output>
      ServiceOptions: MessageTypeDefinition<_google_protobuf_ServiceOptions, _google_protobuf_ServiceOptions__Output>
      SourceCodeInfo: MessageTypeDefinition<_google_protobuf_SourceCodeInfo, _google_protobuf_SourceCodeInfo__Output>
      SymbolVisibility: EnumTypeDefinition
      UninterpretedOption: MessageTypeDefinition<_google_protobuf_UninterpretedOption, _google_protobuf_UninterpretedOption__Output>
    }
  }
  meridian: {
    api: {
      v1: {
        AnswerCache: MessageTypeDefinition<_meridian_api_v1_AnswerCache, _meridian_api_v1_AnswerCache__Output>
        HttpAccepted: MessageTypeDefinition<_meridian_api_v1_HttpAccepted, _meridian_api_v1_HttpAccepted__Output>
        ListDefaults: MessageTypeDefinition<_meridian_api_v1_ListDefaults, _meridian_api_v1_ListDefaults__Output>
        RestText: MessageTypeDefinition<_meridian_api_v1_RestText, _meridian_api_v1_RestText__Output>
      }
    }
    certificates: {
      v1: {
        Certificate: MessageTypeDefinition<_meridian_certificates_v1_Certificate, _meridian_certificates_v1_Certificate__Output>
        CertificateMetadata: MessageTypeDefinition<_meridian_certificates_v1_CertificateMetadata, _meridian_certificates_v1_CertificateMetadata__Output>
        CertificateService: SubtypeConstructor<typeof grpc.Client, _meridian_certificates_v1_CertificateServiceClient> & { service: _meridian_certificates_v1_CertificateServiceDefinition }
        IssueClientCertificateRequest: MessageTypeDefinition<_meridian_certificates_v1_IssueClientCertificateRequest, _meridian_certificates_v1_IssueClientCertificateRequest__Output>
        IssueClientCertificateResponse: MessageTypeDefinition<_meridian_certificates_v1_IssueClientCertificateResponse, _meridian_certificates_v1_IssueClientCertificateResponse__Output>
        RevokeClientCertificateRequest: MessageTypeDefinition<_meridian_certificates_v1_RevokeClientCertificateRequest, _meridian_certificates_v1_RevokeClientCertificateRequest__Output>
        RevokeClientCertificateResponse: MessageTypeDefinition<_meridian_certificates_v1_RevokeClientCertificateResponse, _meridian_certificates_v1_RevokeClientCertificateResponse__Output>
      }
    }
  }
}

