// Original file: meridian/geo/v1/geo.proto


export interface GetCountryRequest {
  'countryCode'?: (string);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface GetCountryRequest__Output {
  'countryCode': (string);
  'languageCode': (string);
  'asciiMode': (boolean);
}
