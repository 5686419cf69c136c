// Original file: meridian/locale/v1/locale.proto


export interface ListLanguagesRequest {
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
}

export interface ListLanguagesRequest__Output {
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
}
