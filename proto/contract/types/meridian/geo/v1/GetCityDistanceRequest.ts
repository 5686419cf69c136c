// Original file: meridian/geo/v1/geo.proto

import type { DistanceUnit as _meridian_geo_v1_DistanceUnit, DistanceUnit__Output as _meridian_geo_v1_DistanceUnit__Output } from '../../../meridian/geo/v1/DistanceUnit.js';

export interface GetCityDistanceRequest {
  'cityId'?: (number);
  'fromCityId'?: (number);
  'toCityId'?: (number);
  'distanceUnit'?: (_meridian_geo_v1_DistanceUnit);
}

export interface GetCityDistanceRequest__Output {
  'cityId': (number);
  'fromCityId': (number);
  'toCityId': (number);
  'distanceUnit': (_meridian_geo_v1_DistanceUnit__Output);
}
