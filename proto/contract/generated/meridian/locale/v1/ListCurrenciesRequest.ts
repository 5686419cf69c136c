// Original file: meridian/locale/v1/locale.proto


export interface ListCurrenciesRequest {
  'countryCode'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
  'countryId'?: (string);
}

export interface ListCurrenciesRequest__Output {
  'countryCode': (string);
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
  'countryId': (string);
}
