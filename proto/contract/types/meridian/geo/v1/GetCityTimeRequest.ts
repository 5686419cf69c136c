// Original file: meridian/geo/v1/geo.proto


export interface GetCityTimeRequest {
  'cityId'?: (number);
}

export interface GetCityTimeRequest__Output {
  'cityId': (number);
}
