// Original file: meridian/geo/v1/geo.proto


export interface GetRegionRequest {
  'countryCode'?: (string);
  'regionCode'?: (string);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface GetRegionRequest__Output {
  'countryCode': (string);
  'regionCode': (string);
  'languageCode': (string);
  'asciiMode': (boolean);
}
