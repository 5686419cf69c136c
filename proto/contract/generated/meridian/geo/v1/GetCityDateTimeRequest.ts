// Original file: meridian/geo/v1/geo.proto


export interface GetCityDateTimeRequest {
  'cityId'?: (string);
}

export interface GetCityDateTimeRequest__Output {
  'cityId': (string);
}
