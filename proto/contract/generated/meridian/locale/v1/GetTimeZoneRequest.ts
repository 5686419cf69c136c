// Original file: meridian/locale/v1/locale.proto


export interface GetTimeZoneRequest {
  'zoneId'?: (string);
}

export interface GetTimeZoneRequest__Output {
  'zoneId': (string);
}
