// Original file: meridian/geo/v1/geo.proto


export interface GetCityRequest {
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
  'cityId'?: (string);
}

export interface GetCityRequest__Output {
  'languageCode': (string);
  'asciiMode': (boolean);
  'cityId': (string);
}
