// Original file: meridian/locale/v1/locale.proto


export interface ListTimeZonesRequest {
  'namePrefix'?: (string);
  'countryCode'?: (string);
  'limit'?: (number);
  'offset'?: (number);
  'pageToken'?: (string);
}

export interface ListTimeZonesRequest__Output {
  'namePrefix': (string);
  'countryCode': (string);
  'limit': (number);
  'offset': (number);
  'pageToken': (string);
}
