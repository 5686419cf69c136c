// Original file: meridian/geo/v1/geo.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { BatchGetCitiesRequest as _meridian_geo_v1_BatchGetCitiesRequest, BatchGetCitiesRequest__Output as _meridian_geo_v1_BatchGetCitiesRequest__Output } from '../../../meridian/geo/v1/BatchGetCitiesRequest.js';
import type { BatchGetCitiesResponse as _meridian_geo_v1_BatchGetCitiesResponse, BatchGetCitiesResponse__Output as _meridian_geo_v1_BatchGetCitiesResponse__Output } from '../../../meridian/geo/v1/BatchGetCitiesResponse.js';
import type { BatchGetCountriesRequest as _meridian_geo_v1_BatchGetCountriesRequest, BatchGetCountriesRequest__Output as _meridian_geo_v1_BatchGetCountriesRequest__Output } from '../../../meridian/geo/v1/BatchGetCountriesRequest.js';
import type { BatchGetCountriesResponse as _meridian_geo_v1_BatchGetCountriesResponse, BatchGetCountriesResponse__Output as _meridian_geo_v1_BatchGetCountriesResponse__Output } from '../../../meridian/geo/v1/BatchGetCountriesResponse.js';
import type { GetCityDateTimeRequest as _meridian_geo_v1_GetCityDateTimeRequest, GetCityDateTimeRequest__Output as _meridian_geo_v1_GetCityDateTimeRequest__Output } from '../../../meridian/geo/v1/GetCityDateTimeRequest.js';
import type { GetCityDateTimeResponse as _meridian_geo_v1_GetCityDateTimeResponse, GetCityDateTimeResponse__Output as _meridian_geo_v1_GetCityDateTimeResponse__Output } from '../../../meridian/geo/v1/GetCityDateTimeResponse.js';
import type { GetCityDistanceRequest as _meridian_geo_v1_GetCityDistanceRequest, GetCityDistanceRequest__Output as _meridian_geo_v1_GetCityDistanceRequest__Output } from '../../../meridian/geo/v1/GetCityDistanceRequest.js';
import type { GetCityDistanceResponse as _meridian_geo_v1_GetCityDistanceResponse, GetCityDistanceResponse__Output as _meridian_geo_v1_GetCityDistanceResponse__Output } from '../../../meridian/geo/v1/GetCityDistanceResponse.js';
import type { GetCityLocatedInRequest as _meridian_geo_v1_GetCityLocatedInRequest, GetCityLocatedInRequest__Output as _meridian_geo_v1_GetCityLocatedInRequest__Output } from '../../../meridian/geo/v1/GetCityLocatedInRequest.js';
import type { GetCityLocatedInResponse as _meridian_geo_v1_GetCityLocatedInResponse, GetCityLocatedInResponse__Output as _meridian_geo_v1_GetCityLocatedInResponse__Output } from '../../../meridian/geo/v1/GetCityLocatedInResponse.js';
import type { GetCityRequest as _meridian_geo_v1_GetCityRequest, GetCityRequest__Output as _meridian_geo_v1_GetCityRequest__Output } from '../../../meridian/geo/v1/GetCityRequest.js';
import type { GetCityResponse as _meridian_geo_v1_GetCityResponse, GetCityResponse__Output as _meridian_geo_v1_GetCityResponse__Output } from '../../../meridian/geo/v1/GetCityResponse.js';
import type { GetCityTimeRequest as _meridian_geo_v1_GetCityTimeRequest, GetCityTimeRequest__Output as _meridian_geo_v1_GetCityTimeRequest__Output } from '../../../meridian/geo/v1/GetCityTimeRequest.js';
import type { GetCityTimeResponse as _meridian_geo_v1_GetCityTimeResponse, GetCityTimeResponse__Output as _meridian_geo_v1_GetCityTimeResponse__Output } from '../../../meridian/geo/v1/GetCityTimeResponse.js';
import type { GetCountryRequest as _meridian_geo_v1_GetCountryRequest, GetCountryRequest__Output as _meridian_geo_v1_GetCountryRequest__Output } from '../../../meridian/geo/v1/GetCountryRequest.js';
import type { GetCountryResponse as _meridian_geo_v1_GetCountryResponse, GetCountryResponse__Output as _meridian_geo_v1_GetCountryResponse__Output } from '../../../meridian/geo/v1/GetCountryResponse.js';
import type { GetDataInfoRequest as _meridian_geo_v1_GetDataInfoRequest, GetDataInfoRequest__Output as _meridian_geo_v1_GetDataInfoRequest__Output } from '../../../meridian/geo/v1/GetDataInfoRequest.js';
import type { GetDataInfoResponse as _meridian_geo_v1_GetDataInfoResponse, GetDataInfoResponse__Output as _meridian_geo_v1_GetDataInfoResponse__Output } from '../../../meridian/geo/v1/GetDataInfoResponse.js';
import type { GetRegionRequest as _meridian_geo_v1_GetRegionRequest, GetRegionRequest__Output as _meridian_geo_v1_GetRegionRequest__Output } from '../../../meridian/geo/v1/GetRegionRequest.js';
import type { GetRegionResponse as _meridian_geo_v1_GetRegionResponse, GetRegionResponse__Output as _meridian_geo_v1_GetRegionResponse__Output } from '../../../meridian/geo/v1/GetRegionResponse.js';
import type { ListAdminDivisionsRequest as _meridian_geo_v1_ListAdminDivisionsRequest, ListAdminDivisionsRequest__Output as _meridian_geo_v1_ListAdminDivisionsRequest__Output } from '../../../meridian/geo/v1/ListAdminDivisionsRequest.js';
import type { ListAdminDivisionsResponse as _meridian_geo_v1_ListAdminDivisionsResponse, ListAdminDivisionsResponse__Output as _meridian_geo_v1_ListAdminDivisionsResponse__Output } from '../../../meridian/geo/v1/ListAdminDivisionsResponse.js';
import type { ListCitiesNearLocationRequest as _meridian_geo_v1_ListCitiesNearLocationRequest, ListCitiesNearLocationRequest__Output as _meridian_geo_v1_ListCitiesNearLocationRequest__Output } from '../../../meridian/geo/v1/ListCitiesNearLocationRequest.js';
import type { ListCitiesNearLocationResponse as _meridian_geo_v1_ListCitiesNearLocationResponse, ListCitiesNearLocationResponse__Output as _meridian_geo_v1_ListCitiesNearLocationResponse__Output } from '../../../meridian/geo/v1/ListCitiesNearLocationResponse.js';
import type { ListCitiesRequest as _meridian_geo_v1_ListCitiesRequest, ListCitiesRequest__Output as _meridian_geo_v1_ListCitiesRequest__Output } from '../../../meridian/geo/v1/ListCitiesRequest.js';
import type { ListCitiesResponse as _meridian_geo_v1_ListCitiesResponse, ListCitiesResponse__Output as _meridian_geo_v1_ListCitiesResponse__Output } from '../../../meridian/geo/v1/ListCitiesResponse.js';
import type { ListCountriesRequest as _meridian_geo_v1_ListCountriesRequest, ListCountriesRequest__Output as _meridian_geo_v1_ListCountriesRequest__Output } from '../../../meridian/geo/v1/ListCountriesRequest.js';
import type { ListCountriesResponse as _meridian_geo_v1_ListCountriesResponse, ListCountriesResponse__Output as _meridian_geo_v1_ListCountriesResponse__Output } from '../../../meridian/geo/v1/ListCountriesResponse.js';
import type { ListCountryPlacesRequest as _meridian_geo_v1_ListCountryPlacesRequest, ListCountryPlacesRequest__Output as _meridian_geo_v1_ListCountryPlacesRequest__Output } from '../../../meridian/geo/v1/ListCountryPlacesRequest.js';
import type { ListCountryPlacesResponse as _meridian_geo_v1_ListCountryPlacesResponse, ListCountryPlacesResponse__Output as _meridian_geo_v1_ListCountryPlacesResponse__Output } from '../../../meridian/geo/v1/ListCountryPlacesResponse.js';
import type { ListDivisionsNearLocationRequest as _meridian_geo_v1_ListDivisionsNearLocationRequest, ListDivisionsNearLocationRequest__Output as _meridian_geo_v1_ListDivisionsNearLocationRequest__Output } from '../../../meridian/geo/v1/ListDivisionsNearLocationRequest.js';
import type { ListDivisionsNearLocationResponse as _meridian_geo_v1_ListDivisionsNearLocationResponse, ListDivisionsNearLocationResponse__Output as _meridian_geo_v1_ListDivisionsNearLocationResponse__Output } from '../../../meridian/geo/v1/ListDivisionsNearLocationResponse.js';
import type { ListNearbyCitiesRequest as _meridian_geo_v1_ListNearbyCitiesRequest, ListNearbyCitiesRequest__Output as _meridian_geo_v1_ListNearbyCitiesRequest__Output } from '../../../meridian/geo/v1/ListNearbyCitiesRequest.js';
import type { ListNearbyCitiesResponse as _meridian_geo_v1_ListNearbyCitiesResponse, ListNearbyCitiesResponse__Output as _meridian_geo_v1_ListNearbyCitiesResponse__Output } from '../../../meridian/geo/v1/ListNearbyCitiesResponse.js';
import type { ListNearbyDivisionsRequest as _meridian_geo_v1_ListNearbyDivisionsRequest, ListNearbyDivisionsRequest__Output as _meridian_geo_v1_ListNearbyDivisionsRequest__Output } from '../../../meridian/geo/v1/ListNearbyDivisionsRequest.js';
import type { ListNearbyDivisionsResponse as _meridian_geo_v1_ListNearbyDivisionsResponse, ListNearbyDivisionsResponse__Output as _meridian_geo_v1_ListNearbyDivisionsResponse__Output } from '../../../meridian/geo/v1/ListNearbyDivisionsResponse.js';
import type { ListNearbyPlacesRequest as _meridian_geo_v1_ListNearbyPlacesRequest, ListNearbyPlacesRequest__Output as _meridian_geo_v1_ListNearbyPlacesRequest__Output } from '../../../meridian/geo/v1/ListNearbyPlacesRequest.js';
import type { ListNearbyPlacesResponse as _meridian_geo_v1_ListNearbyPlacesResponse, ListNearbyPlacesResponse__Output as _meridian_geo_v1_ListNearbyPlacesResponse__Output } from '../../../meridian/geo/v1/ListNearbyPlacesResponse.js';
import type { ListPlacesNearLocationRequest as _meridian_geo_v1_ListPlacesNearLocationRequest, ListPlacesNearLocationRequest__Output as _meridian_geo_v1_ListPlacesNearLocationRequest__Output } from '../../../meridian/geo/v1/ListPlacesNearLocationRequest.js';
import type { ListPlacesNearLocationResponse as _meridian_geo_v1_ListPlacesNearLocationResponse, ListPlacesNearLocationResponse__Output as _meridian_geo_v1_ListPlacesNearLocationResponse__Output } from '../../../meridian/geo/v1/ListPlacesNearLocationResponse.js';
import type { ListPlacesRequest as _meridian_geo_v1_ListPlacesRequest, ListPlacesRequest__Output as _meridian_geo_v1_ListPlacesRequest__Output } from '../../../meridian/geo/v1/ListPlacesRequest.js';
import type { ListPlacesResponse as _meridian_geo_v1_ListPlacesResponse, ListPlacesResponse__Output as _meridian_geo_v1_ListPlacesResponse__Output } from '../../../meridian/geo/v1/ListPlacesResponse.js';
import type { ListRegionAdminDivisionsRequest as _meridian_geo_v1_ListRegionAdminDivisionsRequest, ListRegionAdminDivisionsRequest__Output as _meridian_geo_v1_ListRegionAdminDivisionsRequest__Output } from '../../../meridian/geo/v1/ListRegionAdminDivisionsRequest.js';
import type { ListRegionAdminDivisionsResponse as _meridian_geo_v1_ListRegionAdminDivisionsResponse, ListRegionAdminDivisionsResponse__Output as _meridian_geo_v1_ListRegionAdminDivisionsResponse__Output } from '../../../meridian/geo/v1/ListRegionAdminDivisionsResponse.js';
import type { ListRegionCitiesRequest as _meridian_geo_v1_ListRegionCitiesRequest, ListRegionCitiesRequest__Output as _meridian_geo_v1_ListRegionCitiesRequest__Output } from '../../../meridian/geo/v1/ListRegionCitiesRequest.js';
import type { ListRegionCitiesResponse as _meridian_geo_v1_ListRegionCitiesResponse, ListRegionCitiesResponse__Output as _meridian_geo_v1_ListRegionCitiesResponse__Output } from '../../../meridian/geo/v1/ListRegionCitiesResponse.js';
import type { ListRegionPlacesRequest as _meridian_geo_v1_ListRegionPlacesRequest, ListRegionPlacesRequest__Output as _meridian_geo_v1_ListRegionPlacesRequest__Output } from '../../../meridian/geo/v1/ListRegionPlacesRequest.js';
import type { ListRegionPlacesResponse as _meridian_geo_v1_ListRegionPlacesResponse, ListRegionPlacesResponse__Output as _meridian_geo_v1_ListRegionPlacesResponse__Output } from '../../../meridian/geo/v1/ListRegionPlacesResponse.js';
import type { ListRegionsRequest as _meridian_geo_v1_ListRegionsRequest, ListRegionsRequest__Output as _meridian_geo_v1_ListRegionsRequest__Output } from '../../../meridian/geo/v1/ListRegionsRequest.js';
import type { ListRegionsResponse as _meridian_geo_v1_ListRegionsResponse, ListRegionsResponse__Output as _meridian_geo_v1_ListRegionsResponse__Output } from '../../../meridian/geo/v1/ListRegionsResponse.js';

export interface GeoServiceClient extends grpc.Client {
  BatchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCities(argument: _meridian_geo_v1_BatchGetCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCitiesResponse__Output>): grpc.ClientUnaryCall;
  
  BatchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  BatchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  batchGetCountries(argument: _meridian_geo_v1_BatchGetCountriesRequest, callback: grpc.requestCallback<_meridian_geo_v1_BatchGetCountriesResponse__Output>): grpc.ClientUnaryCall;
  
  GetCity(argument: _meridian_geo_v1_GetCityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  GetCity(argument: _meridian_geo_v1_GetCityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  GetCity(argument: _meridian_geo_v1_GetCityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  GetCity(argument: _meridian_geo_v1_GetCityRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  getCity(argument: _meridian_geo_v1_GetCityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  getCity(argument: _meridian_geo_v1_GetCityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  getCity(argument: _meridian_geo_v1_GetCityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  getCity(argument: _meridian_geo_v1_GetCityRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityResponse__Output>): grpc.ClientUnaryCall;
  
  GetCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityDateTime(argument: _meridian_geo_v1_GetCityDateTimeRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDateTimeResponse__Output>): grpc.ClientUnaryCall;
  
  GetCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  GetCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  GetCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  GetCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  getCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  getCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  getCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  getCityDistance(argument: _meridian_geo_v1_GetCityDistanceRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityDistanceResponse__Output>): grpc.ClientUnaryCall;
  
  GetCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  GetCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  GetCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  GetCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  getCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  getCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  getCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  getCityLocatedIn(argument: _meridian_geo_v1_GetCityLocatedInRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityLocatedInResponse__Output>): grpc.ClientUnaryCall;
  
  GetCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  GetCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  getCityTime(argument: _meridian_geo_v1_GetCityTimeRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCityTimeResponse__Output>): grpc.ClientUnaryCall;
  
  GetCountry(argument: _meridian_geo_v1_GetCountryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  GetCountry(argument: _meridian_geo_v1_GetCountryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  GetCountry(argument: _meridian_geo_v1_GetCountryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  GetCountry(argument: _meridian_geo_v1_GetCountryRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  getCountry(argument: _meridian_geo_v1_GetCountryRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  getCountry(argument: _meridian_geo_v1_GetCountryRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  getCountry(argument: _meridian_geo_v1_GetCountryRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  getCountry(argument: _meridian_geo_v1_GetCountryRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetCountryResponse__Output>): grpc.ClientUnaryCall;
  
  GetDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  GetDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  GetDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  GetDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  getDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  getDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  getDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  getDataInfo(argument: _meridian_geo_v1_GetDataInfoRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetDataInfoResponse__Output>): grpc.ClientUnaryCall;
  
  GetRegion(argument: _meridian_geo_v1_GetRegionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  GetRegion(argument: _meridian_geo_v1_GetRegionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  GetRegion(argument: _meridian_geo_v1_GetRegionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  GetRegion(argument: _meridian_geo_v1_GetRegionRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  getRegion(argument: _meridian_geo_v1_GetRegionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  getRegion(argument: _meridian_geo_v1_GetRegionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  getRegion(argument: _meridian_geo_v1_GetRegionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  getRegion(argument: _meridian_geo_v1_GetRegionRequest, callback: grpc.requestCallback<_meridian_geo_v1_GetRegionResponse__Output>): grpc.ClientUnaryCall;
  
  ListAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listAdminDivisions(argument: _meridian_geo_v1_ListAdminDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListCities(argument: _meridian_geo_v1_ListCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListCities(argument: _meridian_geo_v1_ListCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListCities(argument: _meridian_geo_v1_ListCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListCities(argument: _meridian_geo_v1_ListCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  listCities(argument: _meridian_geo_v1_ListCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  listCities(argument: _meridian_geo_v1_ListCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  listCities(argument: _meridian_geo_v1_ListCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  listCities(argument: _meridian_geo_v1_ListCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesResponse__Output>): grpc.ClientUnaryCall;
  
  ListCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listCitiesNearLocation(argument: _meridian_geo_v1_ListCitiesNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCitiesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  
  ListCountries(argument: _meridian_geo_v1_ListCountriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  ListCountries(argument: _meridian_geo_v1_ListCountriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  ListCountries(argument: _meridian_geo_v1_ListCountriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  ListCountries(argument: _meridian_geo_v1_ListCountriesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  listCountries(argument: _meridian_geo_v1_ListCountriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  listCountries(argument: _meridian_geo_v1_ListCountriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  listCountries(argument: _meridian_geo_v1_ListCountriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  listCountries(argument: _meridian_geo_v1_ListCountriesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCountriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  listCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  listCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  listCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  listCountryPlaces(argument: _meridian_geo_v1_ListCountryPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListCountryPlacesResponse__Output>): grpc.ClientUnaryCall;
  
  ListDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listDivisionsNearLocation(argument: _meridian_geo_v1_ListDivisionsNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListDivisionsNearLocationResponse__Output>): grpc.ClientUnaryCall;
  
  ListNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyCities(argument: _meridian_geo_v1_ListNearbyCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyCitiesResponse__Output>): grpc.ClientUnaryCall;
  
  ListNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listNearbyDivisions(argument: _meridian_geo_v1_ListNearbyDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyDivisionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  listNearbyPlaces(argument: _meridian_geo_v1_ListNearbyPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListNearbyPlacesResponse__Output>): grpc.ClientUnaryCall;
  
  ListPlaces(argument: _meridian_geo_v1_ListPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListPlaces(argument: _meridian_geo_v1_ListPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListPlaces(argument: _meridian_geo_v1_ListPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListPlaces(argument: _meridian_geo_v1_ListPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  listPlaces(argument: _meridian_geo_v1_ListPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  listPlaces(argument: _meridian_geo_v1_ListPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  listPlaces(argument: _meridian_geo_v1_ListPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  listPlaces(argument: _meridian_geo_v1_ListPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesResponse__Output>): grpc.ClientUnaryCall;
  
  ListPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  ListPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  listPlacesNearLocation(argument: _meridian_geo_v1_ListPlacesNearLocationRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListPlacesNearLocationResponse__Output>): grpc.ClientUnaryCall;
  
  ListRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  listRegionAdminDivisions(argument: _meridian_geo_v1_ListRegionAdminDivisionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>): grpc.ClientUnaryCall;
  
  ListRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  listRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  listRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  listRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  listRegionCities(argument: _meridian_geo_v1_ListRegionCitiesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionCitiesResponse__Output>): grpc.ClientUnaryCall;
  
  ListRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  ListRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  listRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  listRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  listRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  listRegionPlaces(argument: _meridian_geo_v1_ListRegionPlacesRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionPlacesResponse__Output>): grpc.ClientUnaryCall;
  
  ListRegions(argument: _meridian_geo_v1_ListRegionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegions(argument: _meridian_geo_v1_ListRegionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegions(argument: _meridian_geo_v1_ListRegionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  ListRegions(argument: _meridian_geo_v1_ListRegionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  listRegions(argument: _meridian_geo_v1_ListRegionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  listRegions(argument: _meridian_geo_v1_ListRegionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  listRegions(argument: _meridian_geo_v1_ListRegionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  listRegions(argument: _meridian_geo_v1_ListRegionsRequest, callback: grpc.requestCallback<_meridian_geo_v1_ListRegionsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface GeoServiceHandlers extends grpc.UntypedServiceImplementation {
  BatchGetCities: grpc.handleUnaryCall<_meridian_geo_v1_BatchGetCitiesRequest__Output, _meridian_geo_v1_BatchGetCitiesResponse>;
  
  BatchGetCountries: grpc.handleUnaryCall<_meridian_geo_v1_BatchGetCountriesRequest__Output, _meridian_geo_v1_BatchGetCountriesResponse>;
  
  GetCity: grpc.handleUnaryCall<_meridian_geo_v1_GetCityRequest__Output, _meridian_geo_v1_GetCityResponse>;
  
  GetCityDateTime: grpc.handleUnaryCall<_meridian_geo_v1_GetCityDateTimeRequest__Output, _meridian_geo_v1_GetCityDateTimeResponse>;
  
  GetCityDistance: grpc.handleUnaryCall<_meridian_geo_v1_GetCityDistanceRequest__Output, _meridian_geo_v1_GetCityDistanceResponse>;
  
  GetCityLocatedIn: grpc.handleUnaryCall<_meridian_geo_v1_GetCityLocatedInRequest__Output, _meridian_geo_v1_GetCityLocatedInResponse>;
  
  GetCityTime: grpc.handleUnaryCall<_meridian_geo_v1_GetCityTimeRequest__Output, _meridian_geo_v1_GetCityTimeResponse>;
  
  GetCountry: grpc.handleUnaryCall<_meridian_geo_v1_GetCountryRequest__Output, _meridian_geo_v1_GetCountryResponse>;
  
  GetDataInfo: grpc.handleUnaryCall<_meridian_geo_v1_GetDataInfoRequest__Output, _meridian_geo_v1_GetDataInfoResponse>;
  
  GetRegion: grpc.handleUnaryCall<_meridian_geo_v1_GetRegionRequest__Output, _meridian_geo_v1_GetRegionResponse>;
  
  ListAdminDivisions: grpc.handleUnaryCall<_meridian_geo_v1_ListAdminDivisionsRequest__Output, _meridian_geo_v1_ListAdminDivisionsResponse>;
  
  ListCities: grpc.handleUnaryCall<_meridian_geo_v1_ListCitiesRequest__Output, _meridian_geo_v1_ListCitiesResponse>;
  
  ListCitiesNearLocation: grpc.handleUnaryCall<_meridian_geo_v1_ListCitiesNearLocationRequest__Output, _meridian_geo_v1_ListCitiesNearLocationResponse>;
  
  ListCountries: grpc.handleUnaryCall<_meridian_geo_v1_ListCountriesRequest__Output, _meridian_geo_v1_ListCountriesResponse>;
  
  ListCountryPlaces: grpc.handleUnaryCall<_meridian_geo_v1_ListCountryPlacesRequest__Output, _meridian_geo_v1_ListCountryPlacesResponse>;
  
  ListDivisionsNearLocation: grpc.handleUnaryCall<_meridian_geo_v1_ListDivisionsNearLocationRequest__Output, _meridian_geo_v1_ListDivisionsNearLocationResponse>;
  
  ListNearbyCities: grpc.handleUnaryCall<_meridian_geo_v1_ListNearbyCitiesRequest__Output, _meridian_geo_v1_ListNearbyCitiesResponse>;
  
  ListNearbyDivisions: grpc.handleUnaryCall<_meridian_geo_v1_ListNearbyDivisionsRequest__Output, _meridian_geo_v1_ListNearbyDivisionsResponse>;
  
  ListNearbyPlaces: grpc.handleUnaryCall<_meridian_geo_v1_ListNearbyPlacesRequest__Output, _meridian_geo_v1_ListNearbyPlacesResponse>;
  
  ListPlaces: grpc.handleUnaryCall<_meridian_geo_v1_ListPlacesRequest__Output, _meridian_geo_v1_ListPlacesResponse>;
  
  ListPlacesNearLocation: grpc.handleUnaryCall<_meridian_geo_v1_ListPlacesNearLocationRequest__Output, _meridian_geo_v1_ListPlacesNearLocationResponse>;
  
  ListRegionAdminDivisions: grpc.handleUnaryCall<_meridian_geo_v1_ListRegionAdminDivisionsRequest__Output, _meridian_geo_v1_ListRegionAdminDivisionsResponse>;
  
  ListRegionCities: grpc.handleUnaryCall<_meridian_geo_v1_ListRegionCitiesRequest__Output, _meridian_geo_v1_ListRegionCitiesResponse>;
  
  ListRegionPlaces: grpc.handleUnaryCall<_meridian_geo_v1_ListRegionPlacesRequest__Output, _meridian_geo_v1_ListRegionPlacesResponse>;
  
  ListRegions: grpc.handleUnaryCall<_meridian_geo_v1_ListRegionsRequest__Output, _meridian_geo_v1_ListRegionsResponse>;
  
}

export interface GeoServiceDefinition extends grpc.ServiceDefinition {
  BatchGetCities: MethodDefinition<_meridian_geo_v1_BatchGetCitiesRequest, _meridian_geo_v1_BatchGetCitiesResponse, _meridian_geo_v1_BatchGetCitiesRequest__Output, _meridian_geo_v1_BatchGetCitiesResponse__Output>
  BatchGetCountries: MethodDefinition<_meridian_geo_v1_BatchGetCountriesRequest, _meridian_geo_v1_BatchGetCountriesResponse, _meridian_geo_v1_BatchGetCountriesRequest__Output, _meridian_geo_v1_BatchGetCountriesResponse__Output>
  GetCity: MethodDefinition<_meridian_geo_v1_GetCityRequest, _meridian_geo_v1_GetCityResponse, _meridian_geo_v1_GetCityRequest__Output, _meridian_geo_v1_GetCityResponse__Output>
  GetCityDateTime: MethodDefinition<_meridian_geo_v1_GetCityDateTimeRequest, _meridian_geo_v1_GetCityDateTimeResponse, _meridian_geo_v1_GetCityDateTimeRequest__Output, _meridian_geo_v1_GetCityDateTimeResponse__Output>
  GetCityDistance: MethodDefinition<_meridian_geo_v1_GetCityDistanceRequest, _meridian_geo_v1_GetCityDistanceResponse, _meridian_geo_v1_GetCityDistanceRequest__Output, _meridian_geo_v1_GetCityDistanceResponse__Output>
  GetCityLocatedIn: MethodDefinition<_meridian_geo_v1_GetCityLocatedInRequest, _meridian_geo_v1_GetCityLocatedInResponse, _meridian_geo_v1_GetCityLocatedInRequest__Output, _meridian_geo_v1_GetCityLocatedInResponse__Output>
  GetCityTime: MethodDefinition<_meridian_geo_v1_GetCityTimeRequest, _meridian_geo_v1_GetCityTimeResponse, _meridian_geo_v1_GetCityTimeRequest__Output, _meridian_geo_v1_GetCityTimeResponse__Output>
  GetCountry: MethodDefinition<_meridian_geo_v1_GetCountryRequest, _meridian_geo_v1_GetCountryResponse, _meridian_geo_v1_GetCountryRequest__Output, _meridian_geo_v1_GetCountryResponse__Output>
  GetDataInfo: MethodDefinition<_meridian_geo_v1_GetDataInfoRequest, _meridian_geo_v1_GetDataInfoResponse, _meridian_geo_v1_GetDataInfoRequest__Output, _meridian_geo_v1_GetDataInfoResponse__Output>
  GetRegion: MethodDefinition<_meridian_geo_v1_GetRegionRequest, _meridian_geo_v1_GetRegionResponse, _meridian_geo_v1_GetRegionRequest__Output, _meridian_geo_v1_GetRegionResponse__Output>
  ListAdminDivisions: MethodDefinition<_meridian_geo_v1_ListAdminDivisionsRequest, _meridian_geo_v1_ListAdminDivisionsResponse, _meridian_geo_v1_ListAdminDivisionsRequest__Output, _meridian_geo_v1_ListAdminDivisionsResponse__Output>
  ListCities: MethodDefinition<_meridian_geo_v1_ListCitiesRequest, _meridian_geo_v1_ListCitiesResponse, _meridian_geo_v1_ListCitiesRequest__Output, _meridian_geo_v1_ListCitiesResponse__Output>
  ListCitiesNearLocation: MethodDefinition<_meridian_geo_v1_ListCitiesNearLocationRequest, _meridian_geo_v1_ListCitiesNearLocationResponse, _meridian_geo_v1_ListCitiesNearLocationRequest__Output, _meridian_geo_v1_ListCitiesNearLocationResponse__Output>
  ListCountries: MethodDefinition<_meridian_geo_v1_ListCountriesRequest, _meridian_geo_v1_ListCountriesResponse, _meridian_geo_v1_ListCountriesRequest__Output, _meridian_geo_v1_ListCountriesResponse__Output>
  ListCountryPlaces: MethodDefinition<_meridian_geo_v1_ListCountryPlacesRequest, _meridian_geo_v1_ListCountryPlacesResponse, _meridian_geo_v1_ListCountryPlacesRequest__Output, _meridian_geo_v1_ListCountryPlacesResponse__Output>
  ListDivisionsNearLocation: MethodDefinition<_meridian_geo_v1_ListDivisionsNearLocationRequest, _meridian_geo_v1_ListDivisionsNearLocationResponse, _meridian_geo_v1_ListDivisionsNearLocationRequest__Output, _meridian_geo_v1_ListDivisionsNearLocationResponse__Output>
  ListNearbyCities: MethodDefinition<_meridian_geo_v1_ListNearbyCitiesRequest, _meridian_geo_v1_ListNearbyCitiesResponse, _meridian_geo_v1_ListNearbyCitiesRequest__Output, _meridian_geo_v1_ListNearbyCitiesResponse__Output>
  ListNearbyDivisions: MethodDefinition<_meridian_geo_v1_ListNearbyDivisionsRequest, _meridian_geo_v1_ListNearbyDivisionsResponse, _meridian_geo_v1_ListNearbyDivisionsRequest__Output, _meridian_geo_v1_ListNearbyDivisionsResponse__Output>
  ListNearbyPlaces: MethodDefinition<_meridian_geo_v1_ListNearbyPlacesRequest, _meridian_geo_v1_ListNearbyPlacesResponse, _meridian_geo_v1_ListNearbyPlacesRequest__Output, _meridian_geo_v1_ListNearbyPlacesResponse__Output>
  ListPlaces: MethodDefinition<_meridian_geo_v1_ListPlacesRequest, _meridian_geo_v1_ListPlacesResponse, _meridian_geo_v1_ListPlacesRequest__Output, _meridian_geo_v1_ListPlacesResponse__Output>
  ListPlacesNearLocation: MethodDefinition<_meridian_geo_v1_ListPlacesNearLocationRequest, _meridian_geo_v1_ListPlacesNearLocationResponse, _meridian_geo_v1_ListPlacesNearLocationRequest__Output, _meridian_geo_v1_ListPlacesNearLocationResponse__Output>
  ListRegionAdminDivisions: MethodDefinition<_meridian_geo_v1_ListRegionAdminDivisionsRequest, _meridian_geo_v1_ListRegionAdminDivisionsResponse, _meridian_geo_v1_ListRegionAdminDivisionsRequest__Output, _meridian_geo_v1_ListRegionAdminDivisionsResponse__Output>
  ListRegionCities: MethodDefinition<_meridian_geo_v1_ListRegionCitiesRequest, _meridian_geo_v1_ListRegionCitiesResponse, _meridian_geo_v1_ListRegionCitiesRequest__Output, _meridian_geo_v1_ListRegionCitiesResponse__Output>
  ListRegionPlaces: MethodDefinition<_meridian_geo_v1_ListRegionPlacesRequest, _meridian_geo_v1_ListRegionPlacesResponse, _meridian_geo_v1_ListRegionPlacesRequest__Output, _meridian_geo_v1_ListRegionPlacesResponse__Output>
  ListRegions: MethodDefinition<_meridian_geo_v1_ListRegionsRequest, _meridian_geo_v1_ListRegionsResponse, _meridian_geo_v1_ListRegionsRequest__Output, _meridian_geo_v1_ListRegionsResponse__Output>
}
