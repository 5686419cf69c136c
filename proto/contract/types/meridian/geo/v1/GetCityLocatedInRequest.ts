// Original file: meridian/geo/v1/geo.proto


export interface GetCityLocatedInRequest {
  'cityId'?: (number);
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
}

export interface GetCityLocatedInRequest__Output {
  'cityId': (number);
  'languageCode': (string);
  'asciiMode': (boolean);
}
