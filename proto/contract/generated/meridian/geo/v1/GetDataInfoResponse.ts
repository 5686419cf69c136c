// Original file: meridian/geo/v1/geo.proto

import type { DataSource as _meridian_geo_v1_DataSource, DataSource__Output as _meridian_geo_v1_DataSource__Output } from '../../../meridian/geo/v1/DataSource.js';
import type { Long } from '@grpc/proto-loader';

export interface _meridian_geo_v1_GetDataInfoResponse_Info {
  'sources'?: (_meridian_geo_v1_DataSource)[];
  'builtAt'?: (string);
  'lastRefreshAt'?: (string);
  'numPlaces'?: (number | string | Long);
  'numCities'?: (number | string | Long);
  'numDeleted'?: (number | string | Long);
  'earthModel'?: (string);
  'timeZoneRules'?: (string);
}

export interface _meridian_geo_v1_GetDataInfoResponse_Info__Output {
  'sources': (_meridian_geo_v1_DataSource__Output)[];
  'builtAt': (string);
  'lastRefreshAt': (string);
  'numPlaces': (number);
  'numCities': (number);
  'numDeleted': (number);
  'earthModel': (string);
  'timeZoneRules': (string);
}

export interface GetDataInfoResponse {
  'data'?: (_meridian_geo_v1_GetDataInfoResponse_Info | null);
}

export interface GetDataInfoResponse__Output {
  'data': (_meridian_geo_v1_GetDataInfoResponse_Info__Output | null);
}
