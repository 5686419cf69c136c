// Original file: meridian/geo/v1/geo.proto

import type { DistanceUnit as _meridian_geo_v1_DistanceUnit, DistanceUnit__Output as _meridian_geo_v1_DistanceUnit__Output } from '../../../meridian/geo/v1/DistanceUnit.js';

export interface GetCityDistanceRequest {
  'distanceUnit'?: (_meridian_geo_v1_DistanceUnit);
  'cityId'?: (string);
  'fromCityId'?: (string);
  'toCityId'?: (string);
  'toPlaceId'?: (string);
}

export interface GetCityDistanceRequest__Output {
  'distanceUnit': (_meridian_geo_v1_DistanceUnit__Output);
  'cityId': (string);
  'fromCityId': (string);
  'toCityId': (string);
  'toPlaceId': (string);
}
