// Original file: meridian/geo/v1/geo.proto


export interface GetCityTimeRequest {
  'cityId'?: (string);
}

export interface GetCityTimeRequest__Output {
  'cityId': (string);
}
