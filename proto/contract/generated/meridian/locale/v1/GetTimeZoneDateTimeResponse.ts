// Original file: meridian/locale/v1/locale.proto


export interface GetTimeZoneDateTimeResponse {
  'data'?: (string);
}

export interface GetTimeZoneDateTimeResponse__Output {
  'data': (string);
}
