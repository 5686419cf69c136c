// Original file: meridian/geo/v1/geo.proto


export interface GetCityDateTimeRequest {
  'cityId'?: (number);
}

export interface GetCityDateTimeRequest__Output {
  'cityId': (number);
}
