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
import type { CurrencyDescriptor as _meridian_locale_v1_CurrencyDescriptor, CurrencyDescriptor__Output as _meridian_locale_v1_CurrencyDescriptor__Output } from './meridian/locale/v1/CurrencyDescriptor.js';
import type { GetTimeZoneDateTimeRequest as _meridian_locale_v1_GetTimeZoneDateTimeRequest, GetTimeZoneDateTimeRequest__Output as _meridian_locale_v1_GetTimeZoneDateTimeRequest__Output } from './meridian/locale/v1/GetTimeZoneDateTimeRequest.js';
import type { GetTimeZoneDateTimeResponse as _meridian_locale_v1_GetTimeZoneDateTimeResponse, GetTimeZoneDateTimeResponse__Output as _meridian_locale_v1_GetTimeZoneDateTimeResponse__Output } from './meridian/locale/v1/GetTimeZoneDateTimeResponse.js';
import type { GetTimeZoneRequest as _meridian_locale_v1_GetTimeZoneRequest, GetTimeZoneRequest__Output as _meridian_locale_v1_GetTimeZoneRequest__Output } from './meridian/locale/v1/GetTimeZoneRequest.js';
import type { GetTimeZoneResponse as _meridian_locale_v1_GetTimeZoneResponse, GetTimeZoneResponse__Output as _meridian_locale_v1_GetTimeZoneResponse__Output } from './meridian/locale/v1/GetTimeZoneResponse.js';
import type { GetTimeZoneTimeRequest as _meridian_locale_v1_GetTimeZoneTimeRequest, GetTimeZoneTimeRequest__Output as _meridian_locale_v1_GetTimeZoneTimeRequest__Output } from './meridian/locale/v1/GetTimeZoneTimeRequest.js';
import type { GetTimeZoneTimeResponse as _meridian_locale_v1_GetTimeZoneTimeResponse, GetTimeZoneTimeResponse__Output as _meridian_locale_v1_GetTimeZoneTimeResponse__Output } from './meridian/locale/v1/GetTimeZoneTimeResponse.js';
import type { LanguageDescriptor as _meridian_locale_v1_LanguageDescriptor, LanguageDescriptor__Output as _meridian_locale_v1_LanguageDescriptor__Output } from './meridian/locale/v1/LanguageDescriptor.js';
import type { ListCurrenciesRequest as _meridian_locale_v1_ListCurrenciesRequest, ListCurrenciesRequest__Output as _meridian_locale_v1_ListCurrenciesRequest__Output } from './meridian/locale/v1/ListCurrenciesRequest.js';
import type { ListCurrenciesResponse as _meridian_locale_v1_ListCurrenciesResponse, ListCurrenciesResponse__Output as _meridian_locale_v1_ListCurrenciesResponse__Output } from './meridian/locale/v1/ListCurrenciesResponse.js';
import type { ListLanguagesRequest as _meridian_locale_v1_ListLanguagesRequest, ListLanguagesRequest__Output as _meridian_locale_v1_ListLanguagesRequest__Output } from './meridian/locale/v1/ListLanguagesRequest.js';
import type { ListLanguagesResponse as _meridian_locale_v1_ListLanguagesResponse, ListLanguagesResponse__Output as _meridian_locale_v1_ListLanguagesResponse__Output } from './meridian/locale/v1/ListLanguagesResponse.js';
import type { ListLocalesRequest as _meridian_locale_v1_ListLocalesRequest, ListLocalesRequest__Output as _meridian_locale_v1_ListLocalesRequest__Output } from './meridian/locale/v1/ListLocalesRequest.js';
import type { ListLocalesResponse as _meridian_locale_v1_ListLocalesResponse, ListLocalesResponse__Output as _meridian_locale_v1_ListLocalesResponse__Output } from './meridian/locale/v1/ListLocalesResponse.js';
import type { ListTimeZonesRequest as _meridian_locale_v1_ListTimeZonesRequest, ListTimeZonesRequest__Output as _meridian_locale_v1_ListTimeZonesRequest__Output } from './meridian/locale/v1/ListTimeZonesRequest.js';
import type { ListTimeZonesResponse as _meridian_locale_v1_ListTimeZonesResponse, ListTimeZonesResponse__Output as _meridian_locale_v1_ListTimeZonesResponse__Output } from './meridian/locale/v1/ListTimeZonesResponse.js';
import type { LocaleDescriptor as _meridian_locale_v1_LocaleDescriptor, LocaleDescriptor__Output as _meridian_locale_v1_LocaleDescriptor__Output } from './meridian/locale/v1/LocaleDescriptor.js';
import type { LocaleServiceClient as _meridian_locale_v1_LocaleServiceClient, LocaleServiceDefinition as _meridian_locale_v1_LocaleServiceDefinition } from './meridian/locale/v1/LocaleService.js';
import type { TimeZoneDescriptor as _meridian_locale_v1_TimeZoneDescriptor, TimeZoneDescriptor__Output as _meridian_locale_v1_TimeZoneDescriptor__Output } from './meridian/locale/v1/TimeZoneDescriptor.js';

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
    locale: {
      v1: {
        CurrencyDescriptor: MessageTypeDefinition<_meridian_locale_v1_CurrencyDescriptor, _meridian_locale_v1_CurrencyDescriptor__Output>
        GetTimeZoneDateTimeRequest: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneDateTimeRequest, _meridian_locale_v1_GetTimeZoneDateTimeRequest__Output>
        GetTimeZoneDateTimeResponse: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneDateTimeResponse, _meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>
        GetTimeZoneRequest: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneRequest, _meridian_locale_v1_GetTimeZoneRequest__Output>
        GetTimeZoneResponse: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneResponse, _meridian_locale_v1_GetTimeZoneResponse__Output>
        GetTimeZoneTimeRequest: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneTimeRequest, _meridian_locale_v1_GetTimeZoneTimeRequest__Output>
        GetTimeZoneTimeResponse: MessageTypeDefinition<_meridian_locale_v1_GetTimeZoneTimeResponse, _meridian_locale_v1_GetTimeZoneTimeResponse__Output>
        LanguageDescriptor: MessageTypeDefinition<_meridian_locale_v1_LanguageDescriptor, _meridian_locale_v1_LanguageDescriptor__Output>
        ListCurrenciesRequest: MessageTypeDefinition<_meridian_locale_v1_ListCurrenciesRequest, _meridian_locale_v1_ListCurrenciesRequest__Output>
        ListCurrenciesResponse: MessageTypeDefinition<_meridian_locale_v1_ListCurrenciesResponse, _meridian_locale_v1_ListCurrenciesResponse__Output>
        ListLanguagesRequest: MessageTypeDefinition<_meridian_locale_v1_ListLanguagesRequest, _meridian_locale_v1_ListLanguagesRequest__Output>
        ListLanguagesResponse: MessageTypeDefinition<_meridian_locale_v1_ListLanguagesResponse, _meridian_locale_v1_ListLanguagesResponse__Output>
        ListLocalesRequest: MessageTypeDefinition<_meridian_locale_v1_ListLocalesRequest, _meridian_locale_v1_ListLocalesRequest__Output>
        ListLocalesResponse: MessageTypeDefinition<_meridian_locale_v1_ListLocalesResponse, _meridian_locale_v1_ListLocalesResponse__Output>
        ListTimeZonesRequest: MessageTypeDefinition<_meridian_locale_v1_ListTimeZonesRequest, _meridian_locale_v1_ListTimeZonesRequest__Output>
        ListTimeZonesResponse: MessageTypeDefinition<_meridian_locale_v1_ListTimeZonesResponse, _meridian_locale_v1_ListTimeZonesResponse__Output>
        LocaleDescriptor: MessageTypeDefinition<_meridian_locale_v1_LocaleDescriptor, _meridian_locale_v1_LocaleDescriptor__Output>
        LocaleService: SubtypeConstructor<typeof grpc.Client, _meridian_locale_v1_LocaleServiceClient> & { service: _meridian_locale_v1_LocaleServiceDefinition }
        TimeZoneDescriptor: MessageTypeDefinition<_meridian_locale_v1_TimeZoneDescriptor, _meridian_locale_v1_TimeZoneDescriptor__Output>
      }
    }
  }
}

