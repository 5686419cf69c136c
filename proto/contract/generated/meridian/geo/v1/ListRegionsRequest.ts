// Original file: meridian/geo/v1/geo.proto


export interface ListRegionsRequest {
  'countryCode'?: (string);
  'namePrefix'?: (string);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
  'sort'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
  'namePrefixDefaultLangResults'?: (boolean);
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}

export interface ListRegionsRequest__Output {
  'countryCode': (string);
  'namePrefix': (string);
  'languageCode': (string);
  'asciiMode': (boolean);
  'sort': (string);
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
  'namePrefixDefaultLangResults'?: (boolean);
  '_namePrefixDefaultLangResults'?: "namePrefixDefaultLangResults";
}
