// Original file: meridian/geo/v1/geo.proto

import type { GeoLocation as _meridian_geo_v1_GeoLocation, GeoLocation__Output as _meridian_geo_v1_GeoLocation__Output } from '../../../meridian/geo/v1/GeoLocation.js';
import type { Long } from '@grpc/proto-loader';

export interface CityDetails {
  'id'?: (number);
  'city'?: (string);
  'name'?: (string);
  'country'?: (string);
  'countryCode'?: (string);
  'region'?: (string);
  'regionCode'?: (string);
  'location'?: (_meridian_geo_v1_GeoLocation | null);
  'population'?: (number | string | Long);
  'elevationMeters'?: (number);
  'timezone'?: (string);
  'deleted'?: (boolean);
  'type'?: (string);
  'featureCode'?: (string);
  'deletedAt'?: (string);
  'latitude'?: (number | string);
  'longitude'?: (number | string);
  'wikiDataId'?: (string);
  'regionWdId'?: (string);
  '_region'?: "region";
  '_regionCode'?: "regionCode";
  '_elevationMeters'?: "elevationMeters";
  '_deletedAt'?: "deletedAt";
  '_wikiDataId'?: "wikiDataId";
  '_regionWdId'?: "regionWdId";
}

export interface CityDetails__Output {
  'id': (number);
  'city': (string);
  'name': (string);
  'country': (string);
  'countryCode': (string);
  'region'?: (string);
  'regionCode'?: (string);
  'location': (_meridian_geo_v1_GeoLocation__Output | null);
  'population': (number);
  'elevationMeters'?: (number);
  'timezone': (string);
  'deleted': (boolean);
  'type': (string);
  'featureCode': (string);
  'deletedAt'?: (string);
  'latitude': (number);
  'longitude': (number);
  'wikiDataId'?: (string);
  'regionWdId'?: (string);
  '_region'?: "region";
  '_regionCode'?: "regionCode";
  '_elevationMeters'?: "elevationMeters";
  '_deletedAt'?: "deletedAt";
  '_wikiDataId'?: "wikiDataId";
  '_regionWdId'?: "regionWdId";
}
