// Original file: meridian/geo/v1/geo.proto


export interface GetCityLocatedInRequest {
  'languageCode'?: (string);
  'asciiMode'?: (boolean);
  'cityId'?: (string);
}

export interface GetCityLocatedInRequest__Output {
  'languageCode': (string);
  'asciiMode': (boolean);
  'cityId': (string);
}
