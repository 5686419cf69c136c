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
import type { BatchGetCitiesRequest as _meridian_geo_v1_BatchGetCitiesRequest, BatchGetCitiesRequest__Output as _meridian_geo_v1_BatchGetCitiesRequest__Output } from './meridian/geo/v1/BatchGetCitiesRequest.js';
import type { BatchGetCitiesResponse as _meridian_geo_v1_BatchGetCitiesResponse, BatchGetCitiesResponse__Output as _meridian_geo_v1_BatchGetCitiesResponse__Output } from './meridian/geo/v1/BatchGetCitiesResponse.js';
import type { BatchGetCountriesRequest as _meridian_geo_v1_BatchGetCountriesRequest, BatchGetCountriesRequest__Output as _meridian_geo_v1_BatchGetCountriesRequest__Output } from './meridian/geo/v1/BatchGetCountriesRequest.js';
import type { BatchGetCountriesResponse as _meridian_geo_v1_BatchGetCountriesResponse, BatchGetCountriesResponse__Output as _meridian_geo_v1_BatchGetCountriesResponse__Output } from './meridian/geo/v1/BatchGetCountriesResponse.js';
import type { CityDetails as _meridian_geo_v1_CityDetails, CityDetails__Output as _meridian_geo_v1_CityDetails__Output } from './meridian/geo/v1/CityDetails.js';
import type { CitySummary as _meridian_geo_v1_CitySummary, CitySummary__Output as _meridian_geo_v1_CitySummary__Output } from './meridian/geo/v1/CitySummary.js';
import type { CountryDetails as _meridian_geo_v1_CountryDetails, CountryDetails__Output as _meridian_geo_v1_CountryDetails__Output } from './meridian/geo/v1/CountryDetails.js';
import type { CountrySummary as _meridian_geo_v1_CountrySummary, CountrySummary__Output as _meridian_geo_v1_CountrySummary__Output } from './meridian/geo/v1/CountrySummary.js';
import type { DataSource as _meridian_geo_v1_DataSource, DataSource__Output as _meridian_geo_v1_DataSource__Output } from './meridian/geo/v1/DataSource.js';
import type { GeoLocation as _meridian_geo_v1_GeoLocation, GeoLocation__Output as _meridian_geo_v1_GeoLocation__Output } from './meridian/geo/v1/GeoLocation.js';
import type { GeoServiceClient as _meridian_geo_v1_GeoServiceClient, GeoServiceDefinition as _meridian_geo_v1_GeoServiceDefinition } from './meridian/geo/v1/GeoService.js';
import type { GetCityDateTimeRequest as _meridian_geo_v1_GetCityDateTimeRequest, GetCityDateTimeRequest__Output as _meridian_geo_v1_GetCityDateTimeRequest__Output } from './meridian/geo/v1/GetCityDateTimeRequest.js';
import type { GetCityDateTimeResponse as _meridian_geo_v1_GetCityDateTimeResponse, GetCityDateTimeResponse__Output as _meridian_geo_v1_GetCityDateTimeResponse__Output } from './meridian/geo/v1/GetCityDateTimeResponse.js';
import type { GetCityDistanceRequest as _meridian_geo_v1_GetCityDistanceRequest, GetCityDistanceRequest__Output as _meridian_geo_v1_GetCityDistanceRequest__Output } from './meridian/geo/v1/GetCityDistanceRequest.js';
import type { GetCityDistanceResponse as _meridian_geo_v1_GetCityDistanceResponse, GetCityDistanceResponse__Output as _meridian_geo_v1_GetCityDistanceResponse__Output } from './meridian/geo/v1/GetCityDistanceResponse.js';
import type { GetCityLocatedInRequest as _meridian_geo_v1_GetCityLocatedInRequest, GetCityLocatedInRequest__Output as _meridian_geo_v1_GetCityLocatedInRequest__Output } from './meridian/geo/v1/GetCityLocatedInRequest.js';
import type { GetCityLocatedInResponse as _meridian_geo_v1_GetCityLocatedInResponse, GetCityLocatedInResponse__Output as _meridian_geo_v1_GetCityLocatedInResponse__Output } from './meridian/geo/v1/GetCityLocatedInResponse.js';
import type { GetCityRequest as _meridian_geo_v1_GetCityRequest, GetCityRequest__Output as _meridian_geo_v1_GetCityRequest__Output } from './meridian/geo/v1/GetCityRequest.js';
import type { GetCityResponse as _meridian_geo_v1_GetCityResponse, GetCityResponse__Output as _meridian_geo_v1_GetCityResponse__Output } from './meridian/geo/v1/GetCityResponse.js';
import type { GetCityTimeRequest as _meridian_geo_v1_GetCityTimeRequest, GetCityTimeRequest__Output as _meridian_geo_v1_GetCityTimeRequest__Output } from './meridian/geo/v1/GetCityTimeRequest.js';
import type { GetCityTimeResponse as _meridian_geo_v1_GetCityTimeResponse, GetCityTimeResponse__Output as _meridian_geo_v1_GetCityTimeResponse__Output } from './meridian/geo/v1/GetCityTimeResponse.js';
import type { GetCountryRequest as _meridian_geo_v1_GetCountryRequest, GetCountryRequest__Output as _meridian_geo_v1_GetCountryRequest__Output } from './meridian/geo/v1/GetCountryRequest.js';
import type { GetCountryResponse as _meridian_geo_v1_GetCountryResponse, GetCountryResponse__Output as _meridian_geo_v1_GetCountryResponse__Output } from './meridian/geo/v1/GetCountryResponse.js';
import type { GetDataInfoRequest as _meridian_geo_v1_GetDataInfoRequest, GetDataInfoRequest__Output as _meridian_geo_v1_GetDataInfoRequest__Output } from './meridian/geo/v1/GetDataInfoRequest.js';
import type { GetDataInfoResponse as _meridian_geo_v1_GetDataInfoResponse, GetDataInfoResponse__Output as _meridian_geo_v1_GetDataInfoResponse__Output } from './meridian/geo/v1/GetDataInfoResponse.js';
import type { GetRegionRequest as _meridian_geo_v1_GetRegionRequest, GetRegionRequest__Output as _meridian_geo_v1_GetRegionRequest__Output } from './meridian/geo/v1/GetRegionRequest.js';
import type { GetRegionResponse as _meridian_geo_v1_GetRegionResponse, GetRegionResponse__Output as _meridian_geo_v1_GetRegionResponse__Output } from './meridian/geo/v1/GetRegionResponse.js';
import type { ListAdminDivisionsRequest as _meridian_geo_v1_ListAdminDivisionsRequest, ListAdminDivisionsRequest__Output as _meridian_geo_v1_ListAdminDivisionsRequest__Output } from './meridian/geo/v1/ListAdminDivisionsRequest.js';
import type { ListAdminDivisionsResponse as _meridian_geo_v1_ListAdminDivisionsResponse, ListAdminDivisionsResponse__Output as _meridian_geo_v1_ListAdminDivisionsResponse__Output } from './meridian/geo/v1/ListAdminDivisionsResponse.js';
import type { ListCitiesNearLocationRequest as _meridian_geo_v1_ListCitiesNearLocationRequest, ListCitiesNearLocationRequest__Output as _meridian_geo_v1_ListCitiesNearLocationRequest__Output } from './meridian/geo/v1/ListCitiesNearLocationRequest.js';
import type { ListCitiesNearLocationResponse as _meridian_geo_v1_ListCitiesNearLocationResponse, ListCitiesNearLocationResponse__Output as _meridian_geo_v1_ListCitiesNearLocationResponse__Output } from './meridian/geo/v1/ListCitiesNearLocationResponse.js';
import type { ListCitiesRequest as _meridian_geo_v1_ListCitiesRequest, ListCitiesRequest__Output as _meridian_geo_v1_ListCitiesRequest__Output } from './meridian/geo/v1/ListCitiesRequest.js';
import type { ListCitiesResponse as _meridian_geo_v1_ListCitiesResponse, ListCitiesResponse__Output as _meridian_geo_v1_ListCitiesResponse__Output } from './meridian/geo/v1/ListCitiesResponse.js';
import type { ListCountriesRequest as _meridian_geo_v1_ListCountriesRequest, ListCountriesRequest__Output as _meridian_geo_v1_ListCountriesRequest__Output } from './meridian/geo/v1/ListCountriesRequest.js';
import type { ListCountriesResponse as _meridian_geo_v1_ListCountriesResponse, ListCountriesResponse__Output as _meridian_geo_v1_ListCountriesResponse__Output } from './meridian/geo/v1/ListCountriesResponse.js';
import type { ListCountryPlacesRequest as _meridian_geo_v1_ListCountryPlacesRequest, ListCountryPlacesRequest__Output as _meridian_geo_v1_ListCountryPlacesRequest__Output } from './meridian/geo/v1/ListCountryPlacesRequest.js';
import type { ListCountryPlacesResponse as _meridian_geo_v1_ListCountryPlacesResponse, ListCountryPlacesResponse__Output as _meridian_geo_v1_ListCountryPlacesResponse__Output } from './meridian/geo/v1/ListCountryPlacesResponse.js';
import type { ListDivisionsNearLocationRequest as _meridian_geo_v1_ListDivisionsNearLocationRequest, ListDivisionsNearLocationRequest__Output as _meridian_geo_v1_ListDivisionsNearLocationRequest__Output } from './meridian/geo/v1/ListDivisionsNearLocationRequest.js';
import type { ListDivisionsNearLocationResponse as _meridian_geo_v1_ListDivisionsNearLocationResponse, ListDivisionsNearLocationResponse__Output as _meridian_geo_v1_ListDivisionsNearLocationResponse__Output } from './meridian/geo/v1/ListDivisionsNearLocationResponse.js';
import type { ListNearbyCitiesRequest as _meridian_geo_v1_ListNearbyCitiesRequest, ListNearbyCitiesRequest__Output as _meridian_geo_v1_ListNearbyCitiesRequest__Output } from './meridian/geo/v1/ListNearbyCitiesRequest.js';
import type { ListNearbyCitiesResponse as _meridian_geo_v1_ListNearbyCitiesResponse, ListNearbyCitiesResponse__Output as _meridian_geo_v1_ListNearbyCitiesResponse__Output } from './meridian/geo/v1/ListNearbyCitiesResponse.js';
import type { ListNearbyDivisionsRequest as _meridian_geo_v1_ListNearbyDivisionsRequest, ListNearbyDivisionsRequest__Output as _meridian_geo_v1_ListNearbyDivisionsRequest__Output } from './meridian/geo/v1/ListNearbyDivisionsRequest.js';
import type { ListNearbyDivisionsResponse as _meridian_geo_v1_ListNearbyDivisionsResponse, ListNearbyDivisionsResponse__Output as _meridian_geo_v1_ListNearbyDivisionsResponse__Output } from './meridian/geo/v1/ListNearbyDivisionsResponse.js';
import type { ListNearbyPlacesRequest as _meridian_geo_v1_ListNearbyPlacesRequest, ListNearbyPlacesRequest__Output as _meridian_geo_v1_ListNearbyPlacesRequest__Output } from './meridian/geo/v1/ListNearbyPlacesRequest.js';
import type { ListNearbyPlacesResponse as _meridian_geo_v1_ListNearbyPlacesResponse, ListNearbyPlacesResponse__Output as _meridian_geo_v1_ListNearbyPlacesResponse__Output } from './meridian/geo/v1/ListNearbyPlacesResponse.js';
import type { ListPlacesNearLocationRequest as _meridian_geo_v1_ListPlacesNearLocationRequest, ListPlacesNearLocationRequest__Output as _meridian_geo_v1_ListPlacesNearLocationRequest__Output } from './meridian/geo/v1/ListPlacesNearLocationRequest.js';
import type { ListPlacesNearLocationResponse as _meridian_geo_v1_ListPlacesNearLocationResponse, ListPlacesNearLocationResponse__Output as _meridian_geo_v1_ListPlacesNearLocationResponse__Output } from './meridian/geo/v1/ListPlacesNearLocationResponse.js';
import type { ListPlacesRequest as _meridian_geo_v1_ListPlacesRequest, ListPlacesRequest__Output as _meridian_geo_v1_ListPlacesRequest__Output } from './meridian/geo/v1/ListPlacesRequest.js';
import type { ListPlacesResponse as _meridian_geo_v1_ListPlacesResponse, ListPlacesResponse__Output as _meridian_geo_v1_ListPlacesResponse__Output } from './meridian/geo/v1/ListPlacesResponse.js';
import type { ListRegionAdminDivisionsRequest as _meridian_geo_v1_ListRegionAdminDivisionsRequest, ListRegionAdminDivisionsRequest__Output as _meridian_geo_v1_ListRegionAdminDivisionsRequest__Output } from './meridian/geo/v1/ListRegionAdminDivisionsRequest.js';
import type { ListRegionAdminDivisionsResponse as _meridian_geo_v1_ListRegionAdminDivisionsResponse, ListRegionAdminDivisionsResponse__Output as _meridian_geo_v1_ListRegionAdminDivisionsResponse__Output } from './meridian/geo/v1/ListRegionAdminDivisionsResponse.js';
import type { ListRegionCitiesRequest as _meridian_geo_v1_ListRegionCitiesRequest, ListRegionCitiesRequest__Output as _meridian_geo_v1_ListRegionCitiesRequest__Output } from './meridian/geo/v1/ListRegionCitiesRequest.js';
import type { ListRegionCitiesResponse as _meridian_geo_v1_ListRegionCitiesResponse, ListRegionCitiesResponse__Output as _meridian_geo_v1_ListRegionCitiesResponse__Output } from './meridian/geo/v1/ListRegionCitiesResponse.js';
import type { ListRegionPlacesRequest as _meridian_geo_v1_ListRegionPlacesRequest, ListRegionPlacesRequest__Output as _meridian_geo_v1_ListRegionPlacesRequest__Output } from './meridian/geo/v1/ListRegionPlacesRequest.js';
import type { ListRegionPlacesResponse as _meridian_geo_v1_ListRegionPlacesResponse, ListRegionPlacesResponse__Output as _meridian_geo_v1_ListRegionPlacesResponse__Output } from './meridian/geo/v1/ListRegionPlacesResponse.js';
import type { ListRegionsRequest as _meridian_geo_v1_ListRegionsRequest, ListRegionsRequest__Output as _meridian_geo_v1_ListRegionsRequest__Output } from './meridian/geo/v1/ListRegionsRequest.js';
import type { ListRegionsResponse as _meridian_geo_v1_ListRegionsResponse, ListRegionsResponse__Output as _meridian_geo_v1_ListRegionsResponse__Output } from './meridian/geo/v1/ListRegionsResponse.js';
import type { RegionDetails as _meridian_geo_v1_RegionDetails, RegionDetails__Output as _meridian_geo_v1_RegionDetails__Output } from './meridian/geo/v1/RegionDetails.js';
import type { RegionSummary as _meridian_geo_v1_RegionSummary, RegionSummary__Output as _meridian_geo_v1_RegionSummary__Output } from './meridian/geo/v1/RegionSummary.js';

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
    geo: {
      v1: {
        BatchGetCitiesRequest: MessageTypeDefinition<_meridian_geo_v1_BatchGetCitiesRequest, _meridian_geo_v1_BatchGetCitiesRequest__Output>
        BatchGetCitiesResponse: MessageTypeDefinition<_meridian_geo_v1_BatchGetCitiesResponse, _meridian_geo_v1_BatchGetCitiesResponse__Output>
        BatchGetCountriesRequest: MessageTypeDefinition<_meridian_geo_v1_BatchGetCountriesRequest, _meridian_geo_v1_BatchGetCountriesRequest__Output>
        BatchGetCountriesResponse: MessageTypeDefinition<_meridian_geo_v1_BatchGetCountriesResponse, _meridian_geo_v1_BatchGetCountriesResponse__Output>
        CityDetails: MessageTypeDefinition<_meridian_geo_v1_CityDetails, _meridian_geo_v1_CityDetails__Output>
        CitySummary: MessageTypeDefinition<_meridian_geo_v1_CitySummary, _meridian_geo_v1_CitySummary__Output>
        CountryDetails: MessageTypeDefinition<_meridian_geo_v1_CountryDetails, _meridian_geo_v1_CountryDetails__Output>
        CountrySummary: MessageTypeDefinition<_meridian_geo_v1_CountrySummary, _meridian_geo_v1_CountrySummary__Output>
        DataSource: MessageTypeDefinition<_meridian_geo_v1_DataSource, _meridian_geo_v1_DataSource__Output>
        DistanceUnit: EnumTypeDefinition
        GeoLocation: MessageTypeDefinition<_meridian_geo_v1_GeoLocation, _meridian_geo_v1_GeoLocation__Output>
        GeoService: SubtypeConstructor<typeof grpc.Client, _meridian_geo_v1_GeoServiceClient> & { service: _meridian_geo_v1_GeoServiceDefinition }
        GetCityDateTimeRequest: MessageTypeDefinition<_meridian_geo_v1_GetCityDateTimeRequest, _meridian_geo_v1_GetCityDateTimeRequest__Output>
        GetCityDateTimeResponse: MessageTypeDefinition<_meridian_geo_v1_GetCityDateTimeResponse, _meridian_geo_v1_GetCityDateTimeResponse__Output>
        GetCityDistanceRequest: MessageTypeDefinition<_meridian_geo_v1_GetCityDistanceRequest, _meridian_geo_v1_GetCityDistanceRequest__Output>
        GetCityDistanceResponse: MessageTypeDefinition<_meridian_geo_v1_GetCityDistanceResponse, _meridian_geo_v1_GetCityDistanceResponse__Output>
        GetCityLocatedInRequest: MessageTypeDefinition<_meridian_geo_v1_GetCityLocatedInRequest, _meridian_geo_v1_GetCityLocatedInRequest__Output>
        GetCityLocatedInResponse: MessageTypeDefinition<_meridian_geo_v1_GetCityLocatedInResponse, _meridian_geo_v1_GetCityLocatedInResponse__Output>
        GetCityRequest: MessageTypeDefinition<_meridian_geo_v1_GetCityRequest, _meridian_geo_v1_GetCityRequest__Output>
        GetCityResponse: MessageTypeDefinition<_meridian_geo_v1_GetCityResponse, _meridian_geo_v1_GetCityResponse__Output>
        GetCityTimeRequest: MessageTypeDefinition<_meridian_geo_v1_GetCityTimeRequest, _meridian_geo_v1_GetCityTimeRequest__Output>
        GetCityTimeResponse: MessageTypeDefinition<_meridian_geo_v1_GetCityTimeResponse, _meridian_geo_v1_GetCityTimeResponse__Output>
        GetCountryRequest: MessageTypeDefinition<_meridian_geo_v1_GetCountryRequest, _meridian_geo_v1_GetCountryRequest__Output>
        GetCountryResponse: MessageTypeDefinition<_meridian_geo_v1_GetCountryResponse, _meridian_geo_v1_GetCountryResponse__Output>
        GetDataInfoRequest: MessageTypeDefinition<_meridian_geo_v1_GetDataInfoRequest, _meridian_geo_v1_GetDataInfoRequest__Output>
        GetDataInfoResponse: MessageTypeDefinition<_meridian_geo_v1_GetDataInfoResponse, _meridian_geo_v1_GetDataInfoResponse__Output>
        GetRegionRequest: MessageTypeDefinition<_meridian_geo_v1_GetRegionRequest, _meridian_geo_v1_GetRegionRequest__Output>
        GetRegionResponse: MessageTypeDefinition<_meridian_geo_v1_GetRegionResponse, _meridian_geo_v1_GetRegionResponse__Output>
        IncludeDeleted: EnumTypeDefinition
        ListAdminDivisionsRequest: MessageTypeDefinition<_meridian_geo_v1_ListAdminDivisionsRequest, _meridian_geo_v1_ListAdminDivisionsRequest__Output>
        ListAdminDivisionsResponse: MessageTypeDefinition<_meridian_geo_v1_ListAdminDivisionsResponse, _meridian_geo_v1_ListAdminDivisionsResponse__Output>
        ListCitiesNearLocationRequest: MessageTypeDefinition<_meridian_geo_v1_ListCitiesNearLocationRequest, _meridian_geo_v1_ListCitiesNearLocationRequest__Output>
        ListCitiesNearLocationResponse: MessageTypeDefinition<_meridian_geo_v1_ListCitiesNearLocationResponse, _meridian_geo_v1_ListCitiesNearLocationResponse__Output>
        ListCitiesRequest: MessageTypeDefinition<_meridian_geo_v1_ListCitiesRequest, _meridian_geo_v1_ListCitiesRequest__Output>
        ListCitiesResponse: MessageTypeDefinition<_meridian_geo_v1_ListCitiesResponse, _meridian_geo_v1_ListCitiesResponse__Output>
        ListCountriesRequest: MessageTypeDefinition<_meridian_geo_v1_ListCountriesRequest, _meridian_geo_v1_ListCountriesRequest__Output>
        ListCountriesResponse: MessageTypeDefinition<_meridian_geo_v1_ListCountriesResponse, _meridian_geo_v1_ListCountriesResponse__Output>
        ListCountryPlacesRequest: MessageTypeDefinition<_meridian_geo_v1_ListCountryPlacesRequest, _meridian_geo_v1_ListCountryPlacesRequest__Output>
        ListCountryPlacesResponse: MessageTypeDefinition<_meridian_geo_v1_ListCountryPlacesResponse, _meridian_geo_v1_ListCountryPlacesResponse__Output>
        ListDivisionsNearLocationRequest: MessageTypeDefinition<_meridian_geo_v1_ListDivisionsNearLocationRequest, _meridian_geo_v1_ListDivisionsNearLocationRequest__Output>
        ListDivisionsNearLocationResponse: MessageTypeDefinition<_meridian_geo_v1_ListDivisionsNearLocationResponse, _meridian_geo_v1_ListDivisionsNearLocationResponse__Output>
        ListNearbyCitiesRequest: MessageTypeDefinition<_meridian_geo_v1_ListNearbyCitiesRequest, _meridian_geo_v1_ListNearbyCitiesRequest__Output>
        ListNearbyCitiesResponse: MessageTypeDefinition<_meridian_geo_v1_ListNearbyCitiesResponse, _meridian_geo_v1_ListNearbyCitiesResponse__Output>
        ListNearbyDivisionsRequest: MessageTypeDefinition<_meridian_geo_v1_ListNearbyDivisionsRequest, _meridian_geo_v1_ListNearbyDivisionsRequest__Output>
        ListNearbyDivisionsResponse: MessageTypeDefinition<_meridian_geo_v1_ListNearbyDivisionsResponse, _meridian_geo_v1_ListNearbyDivisionsResponse__Output>
        ListNearbyPlacesRequest: MessageTypeDefinition<_meridian_geo_v1_ListNearbyPlacesRequest, _meridian_geo_v1_ListNearbyPlacesRequest__Output>
        ListNearbyPlacesResponse: MessageTypeDefinition<_meridian_geo_v1_ListNearbyPlacesResponse, _meridian_geo_v1_ListNearbyPlacesResponse__Output>
        ListPlacesNearLocationRequest: MessageTypeDefinition<_meridian_geo_v1_ListPlacesNearLocationRequest, _meridian_geo_v1_ListPlacesNearLocationRequest__Output>
        ListPlacesNearLocationResponse: MessageTypeDefinition<_meridian_geo_v1_ListPlacesNearLocationResponse, _meridian_geo_v1_ListPlacesNearLocationResponse__Output>
        ListPlacesRequest: MessageTypeDefinition<_meridian_geo_v1_ListPlacesRequest, _meridian_geo_v1_ListPlacesRequest__Output>
        ListPlacesResponse: MessageTypeDefinition<_meridian_geo_v1_ListPlacesResponse, _meridian_geo_v1_ListPlacesResponse__Output>
        ListRegionAdminDivisionsRequest: MessageTypeDefinition<_meridian_geo_v1_ListRegionAdminDivisionsRequest, _meridian_geo_v1_ListRegionAdminDivisionsRequest__Output>
        ListRegionAdminDivisionsResponse: MessageTypeDefinition<_meridian_geo_v1_ListRegionAdminDivisionsResponse, _meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>
        ListRegionCitiesRequest: MessageTypeDefinition<_meridian_geo_v1_ListRegionCitiesRequest, _meridian_geo_v1_ListRegionCitiesRequest__Output>
        ListRegionCitiesResponse: MessageTypeDefinition<_meridian_geo_v1_ListRegionCitiesResponse, _meridian_geo_v1_ListRegionCitiesResponse__Output>
        ListRegionPlacesRequest: MessageTypeDefinition<_meridian_geo_v1_ListRegionPlacesRequest, _meridian_geo_v1_ListRegionPlacesRequest__Output>
        ListRegionPlacesResponse: MessageTypeDefinition<_meridian_geo_v1_ListRegionPlacesResponse, _meridian_geo_v1_ListRegionPlacesResponse__Output>
        ListRegionsRequest: MessageTypeDefinition<_meridian_geo_v1_ListRegionsRequest, _meridian_geo_v1_ListRegionsRequest__Output>
        ListRegionsResponse: MessageTypeDefinition<_meridian_geo_v1_ListRegionsResponse, _meridian_geo_v1_ListRegionsResponse__Output>
        RegionDetails: MessageTypeDefinition<_meridian_geo_v1_RegionDetails, _meridian_geo_v1_RegionDetails__Output>
        RegionSummary: MessageTypeDefinition<_meridian_geo_v1_RegionSummary, _meridian_geo_v1_RegionSummary__Output>
      }
    }
  }
}

