// Original file: meridian/locale/v1/locale.proto


export interface GetTimeZoneTimeRequest {
  'zoneId'?: (string);
}

export interface GetTimeZoneTimeRequest__Output {
  'zoneId': (string);
}
