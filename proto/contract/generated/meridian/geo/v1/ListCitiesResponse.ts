// Original file: meridian/geo/v1/geo.proto

import type { CitySummary as _meridian_geo_v1_CitySummary, CitySummary__Output as _meridian_geo_v1_CitySummary__Output } from '../../../meridian/geo/v1/CitySummary.js';
import type { Long } from '@grpc/proto-loader';

export interface ListCitiesResponse {
  'data'?: (_meridian_geo_v1_CitySummary)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListCitiesResponse__Output {
  'data': (_meridian_geo_v1_CitySummary__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
