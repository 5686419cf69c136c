// Original file: meridian/geo/v1/geo.proto

import type { DistanceUnit as _meridian_geo_v1_DistanceUnit, DistanceUnit__Output as _meridian_geo_v1_DistanceUnit__Output } from '../../../meridian/geo/v1/DistanceUnit.js';
import type { IncludeDeleted as _meridian_geo_v1_IncludeDeleted, IncludeDeleted__Output as _meridian_geo_v1_IncludeDeleted__Output } from '../../../meridian/geo/v1/IncludeDeleted.js';
import type { Long } from '@grpc/proto-loader';

export interface ListDivisionsNearLocationRequest {
  'location'?: (string);
  'minPopulation'?: (number | string | Long);
  'maxPopulation'?: (number | string | Long);
  'radius'?: (number | string);
  'distanceUnit'?: (_meridian_geo_v1_DistanceUnit);
  'namePrefix'?: (string);
  'types'?: (string)[];
  'includeDeleted'?: (_meridian_geo_v1_IncludeDeleted);
  'sort'?: (string);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
  'countryIds'?: (string)[];
  'excludedCountryIds'?: (string)[];
  'timeZoneIds'?: (string)[];
  'namePrefixDefaultLangResults'?: (boolean);
  '_minPopulation'?: "minPopulation";
  '_maxPopulation'?: "maxPopulation";
  '_radius'?: "radius";
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}

export interface ListDivisionsNearLocationRequest__Output {
  'location': (string);
  'minPopulation'?: (number);
  'maxPopulation'?: (number);
  'radius'?: (number);
  'distanceUnit': (_meridian_geo_v1_DistanceUnit__Output);
  'namePrefix': (string);
  'types': (string)[];
  'includeDeleted': (_meridian_geo_v1_IncludeDeleted__Output);
  'sort': (string);
  'languageCode': (string);
  'asciiMode': (boolean);
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
  'countryIds': (string)[];
  'excludedCountryIds': (string)[];
  'timeZoneIds': (string)[];
  'namePrefixDefaultLangResults'?: (boolean);
  '_minPopulation'?: "minPopulation";
  '_maxPopulation'?: "maxPopulation";
  '_radius'?: "radius";
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}
