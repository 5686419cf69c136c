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
}
