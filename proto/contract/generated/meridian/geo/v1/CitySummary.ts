// Original file: meridian/geo/v1/geo.proto

import type { Long } from '@grpc/proto-loader';

export interface CitySummary {
  'id'?: (number);
  'city'?: (string);
  'name'?: (string);
  'country'?: (string);
  'countryCode'?: (string);
  'region'?: (string);
  'regionCode'?: (string);
  'latitude'?: (number | string);
  'longitude'?: (number | string);
  'population'?: (number | string | Long);
  'distance'?: (number | string);
  'type'?: (string);
  'timezone'?: (string);
  'wikiDataId'?: (string);
  'regionWdId'?: (string);
  '_region'?: "region";
  '_regionCode'?: "regionCode";
  '_distance'?: "distance";
  '_wikiDataId'?: "wikiDataId";
  '_regionWdId'?: "regionWdId";
}

export interface CitySummary__Output {
  'id': (number);
  'city': (string);
  'name': (string);
  'country': (string);
  'countryCode': (string);
  'region'?: (string);
  'regionCode'?: (string);
  'latitude': (number);
  'longitude': (number);
  'population': (number);
  'distance'?: (number);
  'type': (string);
  'timezone': (string);
  'wikiDataId'?: (string);
  'regionWdId'?: (string);
  '_region'?: "region";
  '_regionCode'?: "regionCode";
  '_distance'?: "distance";
  '_wikiDataId'?: "wikiDataId";
  '_regionWdId'?: "regionWdId";
}
