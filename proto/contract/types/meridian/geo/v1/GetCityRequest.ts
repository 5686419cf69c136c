// Original file: meridian/geo/v1/geo.proto


export interface GetCityRequest {
  'cityId'?: (number);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface GetCityRequest__Output {
  'cityId': (number);
  'languageCode': (string);
  'asciiMode': (boolean);
}
