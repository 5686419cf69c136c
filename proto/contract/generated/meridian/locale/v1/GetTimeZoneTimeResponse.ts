// Original file: meridian/locale/v1/locale.proto


export interface GetTimeZoneTimeResponse {
  'data'?: (string);
}

export interface GetTimeZoneTimeResponse__Output {
  'data': (string);
}
