// Original file: meridian/geo/v1/geo.proto


export interface GetCityTimeResponse {
  'data'?: (string);
}

export interface GetCityTimeResponse__Output {
  'data': (string);
}
