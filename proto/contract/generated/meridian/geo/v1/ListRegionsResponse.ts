// Original file: meridian/geo/v1/geo.proto

import type { RegionSummary as _meridian_geo_v1_RegionSummary, RegionSummary__Output as _meridian_geo_v1_RegionSummary__Output } from '../../../meridian/geo/v1/RegionSummary.js';
import type { Long } from '@grpc/proto-loader';

export interface ListRegionsResponse {
  'data'?: (_meridian_geo_v1_RegionSummary)[];
  'totalCount'?: (number | string | Long);
  'currentOffset'?: (number | string | Long);
  'nextPageToken'?: (string);
}

export interface ListRegionsResponse__Output {
  'data': (_meridian_geo_v1_RegionSummary__Output)[];
  'totalCount': (number);
  'currentOffset': (number);
  'nextPageToken': (string);
}
