// Original file: meridian/geo/v1/geo.proto

import type { RegionDetails as _meridian_geo_v1_RegionDetails, RegionDetails__Output as _meridian_geo_v1_RegionDetails__Output } from '../../../meridian/geo/v1/RegionDetails.js';

export interface GetCityLocatedInResponse {
  'data'?: (_meridian_geo_v1_RegionDetails | null);
}

export interface GetCityLocatedInResponse__Output {
  'data': (_meridian_geo_v1_RegionDetails__Output | null);
}
