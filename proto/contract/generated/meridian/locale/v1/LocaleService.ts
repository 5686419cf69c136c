// Original file: meridian/locale/v1/locale.proto

import type * as grpc from '@grpc/grpc-js';
import type { MethodDefinition } from '@grpc/proto-loader';
import type { GetTimeZoneDateTimeRequest as _meridian_locale_v1_GetTimeZoneDateTimeRequest, GetTimeZoneDateTimeRequest__Output as _meridian_locale_v1_GetTimeZoneDateTimeRequest__Output } from '../../../meridian/locale/v1/GetTimeZoneDateTimeRequest.js';
import type { GetTimeZoneDateTimeResponse as _meridian_locale_v1_GetTimeZoneDateTimeResponse, GetTimeZoneDateTimeResponse__Output as _meridian_locale_v1_GetTimeZoneDateTimeResponse__Output } from '../../../meridian/locale/v1/GetTimeZoneDateTimeResponse.js';
import type { GetTimeZoneRequest as _meridian_locale_v1_GetTimeZoneRequest, GetTimeZoneRequest__Output as _meridian_locale_v1_GetTimeZoneRequest__Output } from '../../../meridian/locale/v1/GetTimeZoneRequest.js';
import type { GetTimeZoneResponse as _meridian_locale_v1_GetTimeZoneResponse, GetTimeZoneResponse__Output as _meridian_locale_v1_GetTimeZoneResponse__Output } from '../../../meridian/locale/v1/GetTimeZoneResponse.js';
import type { GetTimeZoneTimeRequest as _meridian_locale_v1_GetTimeZoneTimeRequest, GetTimeZoneTimeRequest__Output as _meridian_locale_v1_GetTimeZoneTimeRequest__Output } from '../../../meridian/locale/v1/GetTimeZoneTimeRequest.js';
import type { GetTimeZoneTimeResponse as _meridian_locale_v1_GetTimeZoneTimeResponse, GetTimeZoneTimeResponse__Output as _meridian_locale_v1_GetTimeZoneTimeResponse__Output } from '../../../meridian/locale/v1/GetTimeZoneTimeResponse.js';
import type { ListCurrenciesRequest as _meridian_locale_v1_ListCurrenciesRequest, ListCurrenciesRequest__Output as _meridian_locale_v1_ListCurrenciesRequest__Output } from '../../../meridian/locale/v1/ListCurrenciesRequest.js';
import type { ListCurrenciesResponse as _meridian_locale_v1_ListCurrenciesResponse, ListCurrenciesResponse__Output as _meridian_locale_v1_ListCurrenciesResponse__Output } from '../../../meridian/locale/v1/ListCurrenciesResponse.js';
import type { ListLanguagesRequest as _meridian_locale_v1_ListLanguagesRequest, ListLanguagesRequest__Output as _meridian_locale_v1_ListLanguagesRequest__Output } from '../../../meridian/locale/v1/ListLanguagesRequest.js';
import type { ListLanguagesResponse as _meridian_locale_v1_ListLanguagesResponse, ListLanguagesResponse__Output as _meridian_locale_v1_ListLanguagesResponse__Output } from '../../../meridian/locale/v1/ListLanguagesResponse.js';
import type { ListLocalesRequest as _meridian_locale_v1_ListLocalesRequest, ListLocalesRequest__Output as _meridian_locale_v1_ListLocalesRequest__Output } from '../../../meridian/locale/v1/ListLocalesRequest.js';
import type { ListLocalesResponse as _meridian_locale_v1_ListLocalesResponse, ListLocalesResponse__Output as _meridian_locale_v1_ListLocalesResponse__Output } from '../../../meridian/locale/v1/ListLocalesResponse.js';
import type { ListTimeZonesRequest as _meridian_locale_v1_ListTimeZonesRequest, ListTimeZonesRequest__Output as _meridian_locale_v1_ListTimeZonesRequest__Output } from '../../../meridian/locale/v1/ListTimeZonesRequest.js';
import type { ListTimeZonesResponse as _meridian_locale_v1_ListTimeZonesResponse, ListTimeZonesResponse__Output as _meridian_locale_v1_ListTimeZonesResponse__Output } from '../../../meridian/locale/v1/ListTimeZonesResponse.js';

export interface LocaleServiceClient extends grpc.Client {
  GetTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  getTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  getTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  getTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  getTimeZone(argument: _meridian_locale_v1_GetTimeZoneRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneResponse__Output>): grpc.ClientUnaryCall;
  
  GetTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneDateTime(argument: _meridian_locale_v1_GetTimeZoneDateTimeRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>): grpc.ClientUnaryCall;
  
  GetTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  GetTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  getTimeZoneTime(argument: _meridian_locale_v1_GetTimeZoneTimeRequest, callback: grpc.requestCallback<_meridian_locale_v1_GetTimeZoneTimeResponse__Output>): grpc.ClientUnaryCall;
  
  ListCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  ListCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  ListCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  ListCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  listCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  listCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  listCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  listCurrencies(argument: _meridian_locale_v1_ListCurrenciesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListCurrenciesResponse__Output>): grpc.ClientUnaryCall;
  
  ListLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  ListLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  ListLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  ListLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  listLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  listLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  listLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  listLanguages(argument: _meridian_locale_v1_ListLanguagesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListLanguagesResponse__Output>): grpc.ClientUnaryCall;
  
  ListLocales(argument: _meridian_locale_v1_ListLocalesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  ListLocales(argument: _meridian_locale_v1_ListLocalesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  ListLocales(argument: _meridian_locale_v1_ListLocalesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  ListLocales(argument: _meridian_locale_v1_ListLocalesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  listLocales(argument: _meridian_locale_v1_ListLocalesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  listLocales(argument: _meridian_locale_v1_ListLocalesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  listLocales(argument: _meridian_locale_v1_ListLocalesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  listLocales(argument: _meridian_locale_v1_ListLocalesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListLocalesResponse__Output>): grpc.ClientUnaryCall;
  
  ListTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  ListTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  ListTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  ListTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  listTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  listTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  listTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  listTimeZones(argument: _meridian_locale_v1_ListTimeZonesRequest, callback: grpc.requestCallback<_meridian_locale_v1_ListTimeZonesResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface LocaleServiceHandlers extends grpc.UntypedServiceImplementation {
  GetTimeZone: grpc.handleUnaryCall<_meridian_locale_v1_GetTimeZoneRequest__Output, _meridian_locale_v1_GetTimeZoneResponse>;
  
  GetTimeZoneDateTime: grpc.handleUnaryCall<_meridian_locale_v1_GetTimeZoneDateTimeRequest__Output, _meridian_locale_v1_GetTimeZoneDateTimeResponse>;
  
  GetTimeZoneTime: grpc.handleUnaryCall<_meridian_locale_v1_GetTimeZoneTimeRequest__Output, _meridian_locale_v1_GetTimeZoneTimeResponse>;
  
  ListCurrencies: grpc.handleUnaryCall<_meridian_locale_v1_ListCurrenciesRequest__Output, _meridian_locale_v1_ListCurrenciesResponse>;
  
  ListLanguages: grpc.handleUnaryCall<_meridian_locale_v1_ListLanguagesRequest__Output, _meridian_locale_v1_ListLanguagesResponse>;
  
  ListLocales: grpc.handleUnaryCall<_meridian_locale_v1_ListLocalesRequest__Output, _meridian_locale_v1_ListLocalesResponse>;
  
  ListTimeZones: grpc.handleUnaryCall<_meridian_locale_v1_ListTimeZonesRequest__Output, _meridian_locale_v1_ListTimeZonesResponse>;
  
}

export interface LocaleServiceDefinition extends grpc.ServiceDefinition {
  GetTimeZone: MethodDefinition<_meridian_locale_v1_GetTimeZoneRequest, _meridian_locale_v1_GetTimeZoneResponse, _meridian_locale_v1_GetTimeZoneRequest__Output, _meridian_locale_v1_GetTimeZoneResponse__Output>
  GetTimeZoneDateTime: MethodDefinition<_meridian_locale_v1_GetTimeZoneDateTimeRequest, _meridian_locale_v1_GetTimeZoneDateTimeResponse, _meridian_locale_v1_GetTimeZoneDateTimeRequest__Output, _meridian_locale_v1_GetTimeZoneDateTimeResponse__Output>
  GetTimeZoneTime: MethodDefinition<_meridian_locale_v1_GetTimeZoneTimeRequest, _meridian_locale_v1_GetTimeZoneTimeResponse, _meridian_locale_v1_GetTimeZoneTimeRequest__Output, _meridian_locale_v1_GetTimeZoneTimeResponse__Output>
  ListCurrencies: MethodDefinition<_meridian_locale_v1_ListCurrenciesRequest, _meridian_locale_v1_ListCurrenciesResponse, _meridian_locale_v1_ListCurrenciesRequest__Output, _meridian_locale_v1_ListCurrenciesResponse__Output>
  ListLanguages: MethodDefinition<_meridian_locale_v1_ListLanguagesRequest, _meridian_locale_v1_ListLanguagesResponse, _meridian_locale_v1_ListLanguagesRequest__Output, _meridian_locale_v1_ListLanguagesResponse__Output>
  ListLocales: MethodDefinition<_meridian_locale_v1_ListLocalesRequest, _meridian_locale_v1_ListLocalesResponse, _meridian_locale_v1_ListLocalesRequest__Output, _meridian_locale_v1_ListLocalesResponse__Output>
  ListTimeZones: MethodDefinition<_meridian_locale_v1_ListTimeZonesRequest, _meridian_locale_v1_ListTimeZonesResponse, _meridian_locale_v1_ListTimeZonesRequest__Output, _meridian_locale_v1_ListTimeZonesResponse__Output>
}
