// Original file: meridian/locale/v1/locale.proto


export interface ListLocalesRequest {
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
}

export interface ListLocalesRequest__Output {
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
}
