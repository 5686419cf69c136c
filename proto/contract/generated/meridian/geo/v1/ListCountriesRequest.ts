// Original file: meridian/geo/v1/geo.proto


export interface ListCountriesRequest {
  'currencyCode'?: (string);
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

export interface ListCountriesRequest__Output {
  'currencyCode': (string);
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
