// Original file: meridian/geo/v1/geo.proto


export interface GetCityDateTimeResponse {
  'data'?: (string);
}

export interface GetCityDateTimeResponse__Output {
  'data': (string);
}
