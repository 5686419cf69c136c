// Original file: meridian/geo/v1/geo.proto

import type { CountryDetails as _meridian_geo_v1_CountryDetails, CountryDetails__Output as _meridian_geo_v1_CountryDetails__Output } from '../../../meridian/geo/v1/CountryDetails.js';

export interface GetCountryResponse {
  'data'?: (_meridian_geo_v1_CountryDetails | null);
}

export interface GetCountryResponse__Output {
  'data': (_meridian_geo_v1_CountryDetails__Output | null);
}
