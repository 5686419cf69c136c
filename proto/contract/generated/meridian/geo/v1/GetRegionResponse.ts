// Original file: meridian/geo/v1/geo.proto

import type { RegionDetails as _meridian_geo_v1_RegionDetails, RegionDetails__Output as _meridian_geo_v1_RegionDetails__Output } from '../../../meridian/geo/v1/RegionDetails.js';

export interface GetRegionResponse {
  'data'?: (_meridian_geo_v1_RegionDetails | null);
}

export interface GetRegionResponse__Output {
  'data': (_meridian_geo_v1_RegionDetails__Output | null);
}
