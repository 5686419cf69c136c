// Original file: meridian/geo/v1/geo.proto

import type { IncludeDeleted as _meridian_geo_v1_IncludeDeleted, IncludeDeleted__Output as _meridian_geo_v1_IncludeDeleted__Output } from '../../../meridian/geo/v1/IncludeDeleted.js';
import type { Long } from '@grpc/proto-loader';

export interface ListRegionPlacesRequest {
  'countryCode'?: (string);
  'regionCode'?: (string);
  'minPopulation'?: (number | string | Long);
  'maxPopulation'?: (number | string | Long);
  'namePrefix'?: (string);
  'namePrefixDefaultLangResults'?: (boolean);
  'timeZoneIds'?: (string)[];
  'types'?: (string)[];
  'includeDeleted'?: (_meridian_geo_v1_IncludeDeleted);
  'sort'?: (string);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
  '_minPopulation'?: "minPopulation";
  '_maxPopulation'?: "maxPopulation";
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}

export interface ListRegionPlacesRequest__Output {
  'countryCode': (string);
  'regionCode': (string);
  'minPopulation'?: (number);
  'maxPopulation'?: (number);
  'namePrefix': (string);
  'namePrefixDefaultLangResults'?: (boolean);
  'timeZoneIds': (string)[];
  'types': (string)[];
  'includeDeleted': (_meridian_geo_v1_IncludeDeleted__Output);
  'sort': (string);
  'languageCode': (string);
  'asciiMode': (boolean);
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
  '_minPopulation'?: "minPopulation";
  '_maxPopulation'?: "maxPopulation";
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}
