// Original file: meridian/locale/v1/locale.proto


export interface GetTimeZoneDateTimeRequest {
  'zoneId'?: (string);
}

export interface GetTimeZoneDateTimeRequest__Output {
  'zoneId': (string);
}
