// Original file: meridian/geo/v1/geo.proto

import type { CityDetails as _meridian_geo_v1_CityDetails, CityDetails__Output as _meridian_geo_v1_CityDetails__Output } from '../../../meridian/geo/v1/CityDetails.js';

export interface GetCityLocatedInResponse {
  'data'?: (_meridian_geo_v1_CityDetails | null);
}

export interface GetCityLocatedInResponse__Output {
  'data': (_meridian_geo_v1_CityDetails__Output | null);
}
