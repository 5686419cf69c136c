// Original file: meridian/geo/v1/geo.proto

import type { CountrySummary as _meridian_geo_v1_CountrySummary, CountrySummary__Output as _meridian_geo_v1_CountrySummary__Output } from '../../../meridian/geo/v1/CountrySummary.js';
import type { Long } from '@grpc/proto-loader';

export interface ListCountriesResponse {
  'data'?: (_meridian_geo_v1_CountrySummary)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListCountriesResponse__Output {
  'data': (_meridian_geo_v1_CountrySummary__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
