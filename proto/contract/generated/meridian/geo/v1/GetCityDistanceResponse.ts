// Original file: meridian/geo/v1/geo.proto


export interface GetCityDistanceResponse {
  'data'?: (number | string);
}

export interface GetCityDistanceResponse__Output {
  'data': (number);
}
